import type { ColumnMapping } from "@app/shared/contract/bank-statements.schemas";

/** What the preview gives the mapping step (the contract's answer, only the parts read here). */
export interface PreviewTable {
  header: string[] | null;
  rows: string[][];
  mapping: ColumnMapping | null;
}

/** The two ways a bank writes amounts: one signed column, or separate credit and debit columns. */
export type AmountLayout = "amount" | "creditDebit";

/** The mapping form: each role's column index as the select's value ('' = none chosen). */
export interface MappingValues {
  layout: AmountLayout;
  date: string;
  amount: string;
  credit: string;
  debit: string;
  reference: string;
  payer: string;
}
export type MappingRole = Exclude<keyof MappingValues, "layout">;

export const ROLE_LABELS: Record<MappingRole, string> = {
  date: "Data",
  amount: "Valor",
  credit: "Crédito",
  debit: "Débito",
  reference: "Descritivo / Referência",
  payer: "Ordenante",
};

export const MAPPING_MESSAGES = {
  date: "Escolha a coluna da data",
  amount: "Escolha a coluna do valor",
  credit: "Escolha a coluna do crédito (ou a do débito)",
  reference: "Escolha a coluna do descritivo",
  twice: "Esta coluna já tem outro papel",
} as const;

/** How many columns the table has (the header's, or the first row's when there is no header). */
export const tableWidth = (preview: PreviewTable) => preview.header?.length ?? preview.rows[0]?.length ?? 0;

/** One option per column: its header name (or 'Coluna N' when the file has none), value = its index. */
export function columnOptions(preview: PreviewTable) {
  return Array.from({ length: tableWidth(preview) }, (_, i) => {
    const name = preview.header?.[i]?.trim();
    return { value: String(i), label: name ? `${name} (coluna ${i + 1})` : `Coluna ${i + 1}` };
  });
}

/** A sample value longer than this is cut (a bank's descritivo can run to a paragraph). */
const SAMPLE_CHARS = 28;

/** The first non-empty values of a column, to show what it holds under its select. */
export function sampleOf(preview: PreviewTable, column: string, count = 2): string {
  if (column === "") return "";
  const i = Number(column);
  return preview.rows
    .map((r) => r[i]?.trim() ?? "")
    .filter((v) => v !== "")
    .slice(0, count)
    .map((v) => (v.length > SAMPLE_CHARS ? `${v.slice(0, SAMPLE_CHARS).trimEnd()}…` : v))
    .join(" · ");
}

export const EMPTY_MAPPING: MappingValues = {
  layout: "amount",
  date: "",
  amount: "",
  credit: "",
  debit: "",
  reference: "",
  payer: "",
};
const asValue = (column: number | null) => (column === null ? "" : String(column));

/**
 * The form's first values: the bank's remembered mapping when the preview brings one that fits this
 * file's columns (then one click imports), else nothing chosen.
 */
export function initialMapping(preview: PreviewTable): MappingValues {
  const m = preview.mapping;
  if (!m) return EMPTY_MAPPING;
  const width = tableWidth(preview);
  const used = [m.dateColumn, m.amountColumn, m.creditColumn, m.debitColumn, m.referenceColumn, m.payerColumn];
  if (used.some((c) => c !== null && c >= width)) return EMPTY_MAPPING;
  return {
    layout: m.amountColumn === null ? "creditDebit" : "amount",
    date: asValue(m.dateColumn),
    amount: asValue(m.amountColumn),
    credit: asValue(m.creditColumn),
    debit: asValue(m.debitColumn),
    reference: asValue(m.referenceColumn),
    payer: asValue(m.payerColumn),
  };
}

/** The roles the layout uses, in the form's order. */
export const rolesOf = (layout: AmountLayout): MappingRole[] =>
  layout === "amount" ? ["date", "amount", "reference", "payer"] : ["date", "credit", "debit", "reference", "payer"];

/**
 * `column` given to `role`. A column has one role: the layout's other role that had it is left empty,
 * and named (`moved`) so the form can say so beside it rather than empty it silently.
 */
export function assignColumn(
  values: MappingValues,
  role: MappingRole,
  column: string,
): { values: MappingValues; moved: MappingRole | null } {
  const moved = rolesOf(values.layout).find((r) => r !== role && column !== "" && values[r] === column) ?? null;
  return { values: { ...values, [role]: column, ...(moved ? { [moved]: "" } : {}) }, moved };
}

/** The text beside a role whose column was given to `to`. */
export const movedMessage = (columnLabel: string, to: MappingRole) =>
  `A coluna «${columnLabel}» passou para «${ROLE_LABELS[to]}»: escolha outra`;

/** The same columns in each role. */
export const sameMapping = (a: ColumnMapping, b: ColumnMapping) =>
  a.dateColumn === b.dateColumn &&
  a.amountColumn === b.amountColumn &&
  a.creditColumn === b.creditColumn &&
  a.debitColumn === b.debitColumn &&
  a.referenceColumn === b.referenceColumn &&
  a.payerColumn === b.payerColumn;

/**
 * The mapping the import sends, or the message of each role that is missing or shares a column with
 * another (every message in Portuguese; nothing is sent until none is left).
 */
export function toColumnMapping(
  values: MappingValues,
): { mapping: ColumnMapping } | { errors: Partial<Record<MappingRole, string>> } {
  const errors: Partial<Record<MappingRole, string>> = {};
  const roles = rolesOf(values.layout);
  if (values.date === "") errors.date = MAPPING_MESSAGES.date;
  if (values.layout === "amount" && values.amount === "") errors.amount = MAPPING_MESSAGES.amount;
  if (values.layout === "creditDebit" && values.credit === "" && values.debit === "") {
    errors.credit = MAPPING_MESSAGES.credit;
  }
  if (values.reference === "") errors.reference = MAPPING_MESSAGES.reference;
  const seen = new Set<string>();
  for (const role of roles) {
    const column = values[role];
    if (column === "") continue;
    if (seen.has(column)) errors[role] ??= MAPPING_MESSAGES.twice;
    seen.add(column);
  }
  if (Object.keys(errors).length > 0) return { errors };
  const col = (role: MappingRole) => (roles.includes(role) && values[role] !== "" ? Number(values[role]) : null);
  return {
    mapping: {
      dateColumn: Number(values.date),
      amountColumn: col("amount"),
      creditColumn: col("credit"),
      debitColumn: col("debit"),
      referenceColumn: Number(values.reference),
      payerColumn: col("payer"),
    },
  };
}
