import { z } from "zod";
import { birthDateError, classDateError, INVALID_DATE, isCalendarDate } from "./calendar-date";
import { todayInLuanda } from "./dates";

/** What is wrong with a date given its allowed range (computed from today in Luanda), if anything. */
type RangeCheck = (date: string, today: string) => string | undefined;

function calendarDate(required: string, checkRange: RangeCheck) {
  return z.string({ message: required }).superRefine((value, ctx) => {
    const problem = !value ? required : !isCalendarDate(value) ? INVALID_DATE : checkRange(value, todayInLuanda());
    if (problem) ctx.addIssue({ code: "custom", message: problem });
  });
}

/** A birth date: at most 100 years ago, not in the future. */
export const birthDate = (required: string) => calendarDate(required, birthDateError);

/** A class date (enrolment window, course start and end): within 5 years of today. */
export const classDate = (required: string) => calendarDate(required, classDateError);
