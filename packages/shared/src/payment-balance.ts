import { formatKz } from "./money";

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
export type DifferenceChoice = { choice: "await_balance" } | { choice: "accept"; reason: string };

export const DIFFERENCE_REASON_MAX = 500;
export const PAYMENT_DIFFERENCE_MESSAGES = {
  choice: "Escolha se a inscrição aguarda o saldo ou se aceita a diferença",
  reason: "Indique o motivo para aceitar a diferença",
  reasonTooLong: `O motivo pode ter no máximo ${DIFFERENCE_REASON_MAX} caracteres`,
} as const;

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
