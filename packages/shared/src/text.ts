/**
 * Portuguese wording helpers shared by the server and the web app: plurals and file sizes
 * written the pt-AO way (decimal comma), so no screen says '1 anos' or '5.0 MB'.
 */

/** `1 ano`, `0 anos`, `2 anos`: the count followed by the singular only when it is exactly 1. */
export function pluralize(count: number, singular: string, plural: string): string {
  return `${count.toLocaleString("pt-AO")} ${Math.abs(count) === 1 ? singular : plural}`;
}

const KB = 1024;
const MB = 1024 * 1024;
const oneDecimal = new Intl.NumberFormat("pt-AO", { minimumFractionDigits: 1, maximumFractionDigits: 1 });

/**
 * A file size for people: `850 KB`, `1,2 MB`. Below 1 MB it is shown in whole KB (at least 1 KB),
 * so a compressed photo never reads '0.0 MB'.
 */
export function formatFileSize(bytes: number): string {
  if (bytes < MB) return `${Math.max(1, Math.ceil(bytes / KB)).toLocaleString("pt-AO")} KB`;
  return `${oneDecimal.format(Math.floor((bytes / MB) * 10) / 10)} MB`;
}
