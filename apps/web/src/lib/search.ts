/** Case- and accent-insensitive form of a text, for substring search. */
export function normaliseForSearch(text: string): string {
  return text
    .normalize("NFD")
    .replace(/\p{Diacritic}/gu, "")
    .toLowerCase();
}
