import { z } from "zod";
import { PHONE_MESSAGES, parseAngolanMobile } from "./phone-format";

export * from "./phone-format";

/** A student phone field: accepts what people type, stores the 9 digits. Use it for every student phone. */
export const studentPhoneSchema = z.string({ message: PHONE_MESSAGES.digits }).transform((value, ctx) => {
  const parsed = parseAngolanMobile(value);
  if ("phone" in parsed) return parsed.phone;
  ctx.addIssue({ code: "custom", message: parsed.error });
  return z.NEVER;
});
