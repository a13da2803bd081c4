import dayjs from "dayjs";
import timezone from "dayjs/plugin/timezone.js";
import utc from "dayjs/plugin/utc.js";
import "dayjs/locale/pt.js";

dayjs.extend(utc);
dayjs.extend(timezone);
dayjs.locale("pt");

export const TIME_ZONE = "Africa/Luanda";

type DateInput = string | number | Date;

/** `DD/MM/YYYY` in Luanda time. */
export function formatDate(value: DateInput | null | undefined): string {
  if (value === null || value === undefined || value === "") return "—";
  // A bare calendar date (YYYY-MM-DD) has no time zone: show it as written.
  if (typeof value === "string" && /^\d{4}-\d{2}-\d{2}$/.test(value)) return dayjs(value).format("DD/MM/YYYY");
  return dayjs(value).tz(TIME_ZONE).format("DD/MM/YYYY");
}

/** `DD/MM/YYYY às HH:mm` in Luanda time. */
export function formatDateTime(value: DateInput | null | undefined): string {
  if (value === null || value === undefined || value === "") return "—";
  return dayjs(value).tz(TIME_ZONE).format("DD/MM/YYYY [às] HH:mm");
}

/** Today's calendar date in Luanda as `YYYY-MM-DD`. */
export function todayInLuanda(now: Date = new Date()): string {
  return dayjs(now).tz(TIME_ZONE).format("YYYY-MM-DD");
}

export { dayjs };
