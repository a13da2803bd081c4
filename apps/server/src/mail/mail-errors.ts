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

  if (/shut down/i.test(text) || code === "EABORT") {
    return "O envio foi interrompido porque o servidor do portal parou; será tentado de novo.";
  }
  if (code === "EAUTH") return "O servidor de e-mail recusou o utilizador ou a senha configurados (SMTP_URL).";
  if (code === "EENVELOPE") return "O servidor de e-mail recusou o endereço do destinatário ou do remetente.";
  if (code === "ETLS" || /certificate|TLS/i.test(text)) {
    return "Não foi possível estabelecer uma ligação segura (TLS) com o servidor de e-mail.";
  }
  if (/timeout|timed out|greeting never received/i.test(`${code} ${text}`)) {
    return "O servidor de e-mail aceitou a ligação mas não respondeu a tempo.";
  }
  if (["ECONNECTION", "ESOCKET", "EDNS", "ECONNREFUSED", "ENOTFOUND"].includes(code) || /ECONNREFUSED/.test(text)) {
    return "Não foi possível ligar ao servidor de e-mail (endereço ou porta de SMTP_URL, ou servidor desligado).";
  }
  if (status !== undefined) return `O servidor de e-mail recusou a mensagem (código ${status}).`;
  return "Erro inesperado ao enviar o e-mail.";
}
