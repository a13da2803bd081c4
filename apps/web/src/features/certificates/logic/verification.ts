/** 'YYYY-MM-DD' as 'DD/MM/YYYY' (a calendar date has no time zone); without a date-library on a public page. */
export function calendarDateLabel(date: string | null | undefined): string {
  const m = date ? /^(\d{4})-(\d{2})-(\d{2})/.exec(date) : null;
  return m ? `${m[3]}/${m[2]}/${m[1]}` : "—";
}

const luandaDate = new Intl.DateTimeFormat("pt-PT", {
  timeZone: "Africa/Luanda",
  day: "2-digit",
  month: "2-digit",
  year: "numeric",
});

/** A moment (ISO timestamp) as its 'DD/MM/YYYY' in Luanda. */
export function dateLabel(at: string): string {
  const d = new Date(at);
  return Number.isNaN(d.getTime()) ? "—" : luandaDate.format(d);
}
