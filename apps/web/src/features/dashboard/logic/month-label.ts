/** Portuguese month abbreviations (a fixed list: Intl's pt-AO output differs between browsers and Node). */
const MONTHS = ["jan", "fev", "mar", "abr", "mai", "jun", "jul", "ago", "set", "out", "nov", "dez"];

/** "2026-11" → "nov 2026"; anything that is not a "YYYY-MM" month comes back unchanged. */
export function monthLabel(month: string): string {
  const match = /^(\d{4})-(\d{2})$/.exec(month);
  const name = match ? MONTHS[Number(match[2]) - 1] : undefined;
  return match && name ? `${name} ${match[1]}` : month;
}

/**
 * The two lines under each bar: the month's name, and its year only under the first bar and under each
 * January, so twelve columns of ~20 px on a 390 px phone never hold a four-digit year each.
 */
export function axisLabels(months: string[]): { name: string; year: string | null }[] {
  return months.map((month, i) => {
    const [name = month, year = null] = monthLabel(month).split(" ");
    return { name, year: year && (i === 0 || month.endsWith("-01")) ? year : null };
  });
}
