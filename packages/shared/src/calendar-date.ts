/** Calendar dates typed by people (`YYYY-MM-DD`): real dates within a sensible range (decision 011). */

export const INVALID_DATE = "Data inválida";
export const BIRTH_DATE_MAX_AGE_YEARS = 100;
/** How far before or after today a class date may be. */
export const CLASS_DATE_YEARS = 5;

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

const isLeapYear = (year: number) => (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;

function daysInMonth(year: number, month: number): number {
  if (month === 2) return isLeapYear(year) ? 29 : 28;
  return [4, 6, 9, 11].includes(month) ? 30 : 31;
}

/** True for `YYYY-MM-DD` naming a day that exists (no 2000-02-31, no month 13). */
export function isCalendarDate(value: string): boolean {
  const match = ISO_DATE.exec(value);
  if (!match) return false;
  const [year, month, day] = match.slice(1).map(Number) as [number, number, number];
  return month >= 1 && month <= 12 && day >= 1 && day <= daysInMonth(year, month);
}

/** The same day `years` later (or earlier); 29 February becomes 28 February in a common year. */
export function addYears(date: string, years: number): string {
  const [year, month, day] = date.split("-").map(Number) as [number, number, number];
  const target = year + years;
  const d = Math.min(day, daysInMonth(target, month));
  return `${String(target).padStart(4, "0")}-${String(month).padStart(2, "0")}-${String(d).padStart(2, "0")}`;
}

/** The calendar day `days` later (or earlier): `2028-02-28` + 1 → `2028-02-29`. */
export function addDays(date: string, days: number): string {
  const [year, month, day] = date.split("-").map(Number) as [number, number, number];
  // A calendar date has no time zone: UTC arithmetic moves it by whole days.
  return new Date(Date.UTC(year, month - 1, day + days)).toISOString().slice(0, 10);
}

/** `2027-02-28` → `28/02/2027`. */
const shown = (date: string) => date.split("-").reverse().join("/");

export function birthDateError(date: string, today: string): string | undefined {
  if (date > today) return "A data de nascimento não pode ser no futuro";
  const min = addYears(today, -BIRTH_DATE_MAX_AGE_YEARS);
  if (date < min) return `A data de nascimento não pode ser anterior a ${shown(min)}`;
}

export function classDateError(date: string, today: string): string | undefined {
  const min = addYears(today, -CLASS_DATE_YEARS);
  const max = addYears(today, CLASS_DATE_YEARS);
  if (date < min || date > max) return `A data deve estar entre ${shown(min)} e ${shown(max)}`;
}
