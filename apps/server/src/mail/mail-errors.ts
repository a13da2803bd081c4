import { MAIL_FAILURE_DETAILS, MAIL_FAILURE_REASONS, type MailFailureKind, mailRefused } from "@app/shared/messages";

/**
 * What went wrong with an e-mail's last try, in words a director can act on (the dashboard's notice,
 * decisions 056, 088), and the technician's details when there is a setting to change (shown behind
 * 'Detalhes para o técnico'). `output` is what pg-boss stored for the failed try: the error nodemailer
 * threw (its `code`, `responseCode`, `message`), or pg-boss's own words when the server stopped mid-try.
 */
export function describeMailError(output: unknown): { error: string; technicalDetail: string | null } {
  const o = (output ?? {}) as { code?: unknown; responseCode?: unknown; message?: unknown; value?: unknown };
  const code = typeof o.code === "string" ? o.code : "";
  const text = [o.message, o.value].filter((v) => typeof v === "string").join(" ");
  const status = typeof o.responseCode === "number" ? o.responseCode : undefined;
  const kind = failureKind(code, text, status);
  if (kind === undefined) return { error: mailRefused(status!), technicalDetail: null };
  return { error: MAIL_FAILURE_REASONS[kind], technicalDetail: MAIL_FAILURE_DETAILS[kind] ?? null };
}

/** The kind of failure; undefined for a refusal with an SMTP code (its own sentence names the code). */
function failureKind(code: string, text: string, status: number | undefined): MailFailureKind | undefined {
  if (/shut down/i.test(text) || code === "EABORT") return "interrupted";
  if (code === "EAUTH") return "auth";
  if (code === "EENVELOPE") return "envelope";
  if (code === "ETLS" || /certificate|TLS/i.test(text)) return "tls";
  if (/timeout|timed out|greeting never received/i.test(`${code} ${text}`)) return "timeout";
  if (["ECONNECTION", "ESOCKET", "EDNS", "ECONNREFUSED", "ENOTFOUND"].includes(code) || /ECONNREFUSED/.test(text)) {
    return "connection";
  }
  if (status !== undefined) return undefined;
  return "unexpected";
}
