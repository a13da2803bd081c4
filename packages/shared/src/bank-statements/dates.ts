import { isCalendarDate } from "../calendar-date";
import { quoted } from "./table";

/**
 * Dates as bank statements print them (issue 25, decision 069): `25/11/2026`, `25-11-2026`,
 * `25.11.2026` (always day first, as in Angola) or `2026-11-25`, optionally followed by a time of day,
 * which is dropped. A date that does not exist (31/02) or a two-digit year is refused with a reason.
 */

export type DateRead = { ok: true; date: string } | { ok: false; reason: string };

const DAY_FIRST = /^(\d{1,2})([/.-])(\d{1,2})\2(\d{4})$/;
const YEAR_FIRST = /^(\d{4})-(\d{1,2})-(\d{1,2})$/;
const TIME = /(?:[ T]\d{1,2}:\d{2}(?::\d{2}(?:\.\d+)?)?)?$/;

const pad = (n: string) => n.padStart(2, "0");

/** `25/11/2026` → `2026-11-25`, or why it cannot be read. */
export function readDate(text: string): DateRead {
  const s = text.trim().replace(TIME, "");
  const refuse = (why: string): DateRead => ({ ok: false, reason: `Data ilegível: ${quoted(text)} (${why})` });
  let iso: string | undefined;
  const dayFirst = DAY_FIRST.exec(s);
  if (dayFirst) iso = `${dayFirst[4]}-${pad(dayFirst[3]!)}-${pad(dayFirst[1]!)}`;
  const yearFirst = YEAR_FIRST.exec(s);
  if (yearFirst) iso = `${yearFirst[1]}-${pad(yearFirst[2]!)}-${pad(yearFirst[3]!)}`;
  if (!iso) {
    if (s === "") return refuse("sem data");
    if (/^\d{1,2}[/.-]\d{1,2}[/.-]\d{2}$/.test(s)) return refuse("ano com 2 algarismos");
    return refuse("use dia/mês/ano, ex.: 25/11/2026");
  }
  return isCalendarDate(iso) ? { ok: true, date: iso } : refuse("este dia não existe");
}
