const kz = new Intl.NumberFormat("pt-AO", { style: "currency", currency: "AOA" });

/** Formats an AOA amount the pt-AO way: `150 000,00 Kz` (with the non-breaking spaces Intl gives). */
export function formatKz(amount: number | string | null | undefined): string {
  const value = typeof amount === "string" ? Number(amount) : (amount ?? 0);
  return kz.format(Number.isFinite(value) ? value : 0);
}

/** Rounds a money value to 2 decimals, the precision of `numeric(14,2)`. */
export function roundMoney(amount: number): number {
  return Math.round((amount + Number.EPSILON) * 100) / 100;
}

/** A Multicaixa reference as ATMs and bank apps show it: "123 456 789". */
export const formatReference = (reference: string) => reference.replace(/(\d{3})(?=\d)/g, "$1 ");
