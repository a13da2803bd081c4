import { createHmac, timingSafeEqual } from "node:crypto";
import type { SmsConfig } from "../../../config";
import { type SmsDeliveryState, type SmsProvider, SmsProviderError } from "./sms-provider";

/**
 * Twilio's request signature, in ONE place (https://www.twilio.com/docs/usage/security#validating-requests):
 * the full URL Twilio posted to, followed by each POST field's name and value sorted by name, with no
 * separators; HMAC-SHA1 keyed with the account's Auth Token; base64.
 */
export function twilioSignature(url: string, fields: URLSearchParams, authToken: string): string {
  const sorted = [...fields.entries()].sort(([a, va], [b, vb]) => (a < b ? -1 : a > b ? 1 : va < vb ? -1 : 1));
  const data = url + sorted.map(([k, v]) => k + v).join("");
  return createHmac("sha1", authToken).update(data, "utf8").digest("base64");
}

/** 20 bytes in base64: 27 characters and one '='. Anything else is refused before the body is read. */
export const twilioSignatureWellFormed = (header: string | undefined) =>
  /^[A-Za-z0-9+/]{27}=$/.test(header?.trim() ?? "");

export function twilioSignatureMatches(
  url: string,
  fields: URLSearchParams,
  header: string | undefined,
  authToken: string,
): boolean {
  if (!header || !twilioSignatureWellFormed(header)) return false;
  const expected = Buffer.from(twilioSignature(url, fields, authToken), "base64");
  const given = Buffer.from(header.trim(), "base64");
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** Twilio's message statuses that end a message's life, as ours. The others (queued, sending…) change nothing. */
const STATES: Record<string, SmsDeliveryState> = {
  sent: "sent",
  delivered: "delivered",
  read: "delivered",
  undelivered: "failed",
  failed: "failed",
};

/** Twilio's error codes staff meet most (https://www.twilio.com/docs/api/errors), in their words. */
const ERRORS: Record<string, string> = {
  "21211": "número de telefone inválido",
  "21408": "a conta Twilio não tem autorização para enviar a Angola",
  "21610": "o número pediu para não receber mensagens (STOP)",
  "21612": "a Twilio não consegue enviar para este número",
  "21614": "o número não é um celular",
  "30003": "celular desligado ou fora de área",
  "30004": "mensagem bloqueada pelo destinatário",
  "30005": "número desconhecido ou inexistente",
  "30006": "número fixo ou operadora que não recebe SMS",
  "30007": "mensagem filtrada pela operadora",
  "30008": "erro desconhecido da operadora",
};

export function describeTwilioError(code: string | null): string {
  if (!code) return "a operadora não informou o motivo";
  return ERRORS[code] ? `${ERRORS[code]} (erro ${code})` : `erro ${code} da Twilio`;
}

/** A thin client of Twilio's Messages API over fetch (form-encoded POST, Basic auth with the SID and token). */
export function createTwilioProvider(
  config: Pick<SmsConfig, "accountSid" | "authToken" | "from" | "baseUrl">,
  options: { timeoutMs?: number } = {},
): SmsProvider {
  const url = `${config.baseUrl}/2010-04-01/Accounts/${config.accountSid}/Messages.json`;
  const auth = `Basic ${Buffer.from(`${config.accountSid}:${config.authToken}`).toString("base64")}`;
  const timeoutMs = options.timeoutMs ?? 10_000;
  // A Messaging Service SID is sent as such; a sender ID or number as From.
  const sender = /^MG[0-9a-fA-F]{32}$/.test(config.from) ? "MessagingServiceSid" : "From";

  return {
    name: "twilio",
    from: config.from,
    async send(message) {
      const form = new URLSearchParams({
        To: message.to,
        [sender]: config.from,
        Body: message.body,
        StatusCallback: message.statusCallback,
      });
      let res: Response;
      try {
        res = await fetch(url, {
          method: "POST",
          headers: {
            Authorization: auth,
            "Content-Type": "application/x-www-form-urlencoded",
            Accept: "application/json",
          },
          body: form,
          signal: AbortSignal.timeout(timeoutMs),
        });
      } catch (err) {
        throw new SmsProviderError(`Twilio POST Messages: ${(err as Error).message}`, false);
      }
      const answer = (await res.json().catch(() => ({}))) as { sid?: unknown; code?: unknown; message?: unknown };
      if (res.status === 200 || res.status === 201) {
        if (typeof answer.sid === "string" && /^[A-Za-z0-9]{2,64}$/.test(answer.sid)) return { providerId: answer.sid };
        throw new SmsProviderError("Twilio POST Messages: answer without a message SID", false);
      }
      const code = typeof answer.code === "number" || typeof answer.code === "string" ? String(answer.code) : undefined;
      const text = typeof answer.message === "string" ? answer.message.slice(0, 200) : "";
      // 400: Twilio refused this message (an invalid or unreachable number…): sending it again changes nothing.
      // 401/403/404, 429 and 5xx are the account's or Twilio's state: tried again later.
      throw new SmsProviderError(
        `Twilio POST Messages: HTTP ${res.status} ${code ?? ""} ${text}`.trim(),
        res.status === 400,
        code,
      );
    },
    signatureWellFormed: twilioSignatureWellFormed,
    verifyCallback(callbackUrl, fields, header) {
      return twilioSignatureMatches(callbackUrl, fields, header, config.authToken);
    },
    readStatus(fields) {
      const providerId = fields.get("MessageSid") ?? fields.get("SmsSid");
      const status = fields.get("MessageStatus") ?? fields.get("SmsStatus");
      if (!providerId || !status || providerId.length > 64) return null;
      const errorCode = fields.get("ErrorCode");
      return {
        providerId,
        state: STATES[status] ?? null,
        errorCode: errorCode && /^\d{1,10}$/.test(errorCode) ? errorCode : null,
      };
    },
    describeError: describeTwilioError,
  };
}
