import { formatKz } from "./money";
import { z } from "./zod";

/**
 * What an enrolment still owes and what a payment that differs from it does (issue 34, decision 083).
 * Due is the course's price; the balance is what is due minus the sum of the payments recorded. A payment
 * short of the balance asks finance to choose (keep waiting for the rest, or accept it as paid with a
 * reason); a payment above it enrols, the excess kept for finance to refund or credit.
 */

/** Amounts are compared in whole cents: numeric(14,2) is exact, a float sum is not. */
export const toCents = (kz: number) => Math.round(kz * 100);
export const fromCents = (cents: number) => cents / 100;

export interface Balance {
  /** The course's price. */
  due: number;
  /** The sum of the payments recorded for the enrolment. */
  paid: number;
  /** due − paid: what is still owed (negative: paid above the price). */
  balance: number;
}

/** `paid` may be a sum of floats: it is rounded to cents, as the database would have added it. */
export function balanceOf(due: number, paid: number): Balance {
  return { due, paid: fromCents(toCents(paid)), balance: fromCents(toCents(due) - toCents(paid)) };
}

/** What a payment of `amount` does to a balance: `remaining` is owed after it (negative: the excess). */
export type PaymentFit = { kind: "exact" | "short" | "over"; remaining: number };

export function paymentFit(balance: number, amount: number): PaymentFit {
  const remaining = toCents(balance) - toCents(amount);
  return { kind: remaining === 0 ? "exact" : remaining > 0 ? "short" : "over", remaining: fromCents(remaining) };
}

/** Finance's choice for a payment short of the balance. */
export const DIFFERENCE_CHOICES = ["await_balance", "accept"] as const;
export type DifferenceChoiceKind = (typeof DIFFERENCE_CHOICES)[number];

export const DIFFERENCE_REASON_MAX = 500;
export const PAYMENT_DIFFERENCE_MESSAGES = {
  choice: "Escolha se a inscrição aguarda o saldo ou se aceita a diferença",
  reason: "Indique o motivo para aceitar a diferença",
  reasonTooLong: `O motivo pode ter no máximo ${DIFFERENCE_REASON_MAX} caracteres`,
} as const;

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
export type DifferenceChoice = { choice: "await_balance" } | { choice: "accept"; reason: string };
export type DifferenceChoiceInput = z.input<typeof differenceChoiceSchema>;

/** 'Aceitar a diferença' later (an automatic short payment, or a wait chosen before): the reason alone. */
export const acceptDifferenceSchema = z.object({ reason: reasonSchema });

export const DIFFERENCE_CHOICE_LABELS: Record<DifferenceChoiceKind, string> = {
  await_balance: "Manter a inscrição à espera do saldo",
  accept: "Aceitar como pago na totalidade",
};

/** 'Faltam 5 000,00 Kz' / 'Excedente de 5 000,00 Kz' / 'Valor exato' for what a payment leaves. */
export function fitLabel(fit: PaymentFit): string {
  if (fit.kind === "short") return `Faltam ${formatKz(fit.remaining)}`;
  if (fit.kind === "over") return `Excedente de ${formatKz(-fit.remaining)}`;
  return "Valor exato";
}

/**
 * What 'Financeiro' and its exports say of a payment's difference (decision 083): the shortfall finance
 * accepted as paid, what was still owed after it, or the excess to refund or credit; '' when it paid what
 * was owed (or was recorded before balances were kept).
 */
export function paymentDifferenceLabel(p: { balanceAfter: number | null; differenceAccepted: boolean }): string {
  if (p.balanceAfter === null || toCents(p.balanceAfter) === 0) return "";
  if (p.balanceAfter > 0) {
    return p.differenceAccepted
      ? `Diferença aceita: ${formatKz(p.balanceAfter)}`
      : `Faltavam ${formatKz(p.balanceAfter)}`;
  }
  return `Excedente: ${formatKz(-p.balanceAfter)} a devolver ou creditar`;
}
