/** The words of 'Estado do sistema' for its figures (decision 098). */

const QUEUE_NAMES: Record<string, string> = {
  mail: "E-mails",
  "payment-reference": "Referências Multicaixa",
  sms: "SMS",
};

export const queueName = (queue: string) => QUEUE_NAMES[queue] ?? queue;

/** 1 536 000 → '1,5 MB'; decimal units, as disks are sold. */
export function formatBytes(bytes: number): string {
  const units = ["bytes", "kB", "MB", "GB", "TB"];
  let value = bytes;
  let unit = 0;
  while (value >= 1000 && unit < units.length - 1) {
    value /= 1000;
    unit++;
  }
  const digits = unit === 0 || value >= 100 ? 0 : 1;
  return `${value.toLocaleString("pt-BR", { maximumFractionDigits: digits })} ${units[unit]}`;
}

/** How long ago `iso` was, in the largest whole unit: 'há 3 minutos', 'há 2 dias'. */
export function ago(iso: string, now = Date.now()): string {
  const minutes = Math.max(0, Math.floor((now - Date.parse(iso)) / 60_000));
  if (minutes < 1) return "há menos de um minuto";
  if (minutes < 60) return `há ${minutes} ${minutes === 1 ? "minuto" : "minutos"}`;
  const hours = Math.floor(minutes / 60);
  if (hours < 48) return `há ${hours} ${hours === 1 ? "hora" : "horas"}`;
  const days = Math.floor(hours / 24);
  return `há ${days} dias`;
}

/** The p95 in words: '95% das respostas em até 120 ms'. */
export function p95Text(seconds: number | null): string {
  if (seconds === null) return "Nenhuma requisição na última hora.";
  const time =
    seconds < 1
      ? `${Math.round(seconds * 1000)} ms`
      : `${seconds.toLocaleString("pt-BR", { maximumFractionDigits: 1 })} s`;
  return `95% das respostas em até ${time}.`;
}
