/**
 * Which lines 'Confirmar N pagamentos' sends (decision 072): by default every line the server says may
 * be confirmed ('Corresponde', or assigned by hand), on every page, less those the user unticked.
 */
export function selectedForConfirm(confirmableIds: readonly string[], unticked: ReadonlySet<string>): string[] {
  return confirmableIds.filter((id) => !unticked.has(id));
}

/** The button's text: 'Confirmar 1 pagamento', 'Confirmar 3 pagamentos'. */
export const confirmLabel = (n: number) => `Confirmar ${n} ${n === 1 ? "pagamento" : "pagamentos"}`;

/** `items` cut in runs of at most `size`, in order. */
export function inChunks<T>(items: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  for (let at = 0; at < items.length; at += size) out.push(items.slice(at, at + size));
  return out;
}
