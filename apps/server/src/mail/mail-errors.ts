import { mailRefused, MAIL_FAILURE_REASONS as REASON } from "@app/shared/messages";

/**
 * What went wrong with an e-mail's last try, in words a super_admin can act on (the dashboard's
 * notice, decision 056). `output` is what pg-boss stored for the failed try: the error nodemailer
 * threw (its `code`, `responseCode`, `message`), or pg-boss's own words when the server stopped mid-try.
 */
export function describeMailError(output: unknown): string {
  const o = (output ?? {}) as { code?: unknown; responseCode?: unknown; message?: unknown; value?: unknown };
  const code = typeof o.code === "string" ? o.code : "";
  const text = [o.message, o.value].filter((v) => typeof v === "string").join(" ");
  const status = typeof o.responseCode === "number" ? o.responseCode : undefined;

  if (/shut down/i.test(text) || code === "EABORT") return REASON.interrupted;
  if (code === "EAUTH") return REASON.auth;
  if (code === "EENVELOPE") return REASON.envelope;
  if (code === "ETLS" || /certificate|TLS/i.test(text)) return REASON.tls;
  if (/timeout|timed out|greeting never received/i.test(`${code} ${text}`)) return REASON.timeout;
  if (["ECONNECTION", "ESOCKET", "EDNS", "ECONNREFUSED", "ENOTFOUND"].includes(code) || /ECONNREFUSED/.test(text)) {
    return REASON.connection;
  }
  if (status !== undefined) return mailRefused(status);
  return REASON.unexpected;
}
