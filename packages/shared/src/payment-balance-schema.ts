import {
  DIFFERENCE_CHOICES,
  DIFFERENCE_REASON_MAX,
  type DifferenceChoice,
  PAYMENT_DIFFERENCE_MESSAGES,
} from "./payment-balance";
import { z } from "./zod";

/**
 * The requests' rules for a payment's difference (decision 083), apart from payment-balance.ts so a screen
 * that only shows a balance does not load the validation library (decision 100).
 */

const reasonSchema = z
  .string({ message: PAYMENT_DIFFERENCE_MESSAGES.reason })
  .trim()
  .min(1, PAYMENT_DIFFERENCE_MESSAGES.reason)
  .max(DIFFERENCE_REASON_MAX, PAYMENT_DIFFERENCE_MESSAGES.reasonTooLong);

/** The choice as a request carries it: waiting needs nothing more, accepting needs a reason. */
export const differenceChoiceSchema = z
  .object({
    choice: z.enum(DIFFERENCE_CHOICES, { message: PAYMENT_DIFFERENCE_MESSAGES.choice }),
    reason: z.string().optional(),
  })
  .transform((v, ctx): DifferenceChoice => {
    if (v.choice === "await_balance") return { choice: "await_balance" };
    const reason = reasonSchema.safeParse(v.reason ?? "");
    if (reason.success) return { choice: "accept", reason: reason.data };
    for (const issue of reason.error.issues) ctx.addIssue({ code: "custom", path: ["reason"], message: issue.message });
    return z.NEVER;
  });
export type DifferenceChoiceInput = z.input<typeof differenceChoiceSchema>;

/** 'Aceitar a diferença' later (an automatic short payment, or a wait chosen before): the reason alone. */
export const acceptDifferenceSchema = z.object({ reason: reasonSchema });
