import { describe, expect, it } from "vitest";
import { type ColumnMapping, mappingConvention, readRow } from "./lines";
import { mappingWarnings } from "./mapping-warnings";

/** A table as the readers give it (the first row on line 2), read with `mapping`, and its warnings' codes. */
function warningsOf(header: string[] | null, cells: string[][], mapping: Partial<ColumnMapping>) {
  const m: ColumnMapping = {
    dateColumn: 0,
    amountColumn: null,
    creditColumn: null,
    debitColumn: null,
    referenceColumn: 1,
    payerColumn: null,
    ...mapping,
  };
  const rows = cells.map((c, i) => ({ line: i + 2, cells: c }));
  const convention = mappingConvention(rows, m);
  const lines = rows.map((r) => readRow(r.cells, r.line, m, convention));
  return mappingWarnings({ header, rows }, m, lines, convention);
}
const codes = (...args: Parameters<typeof warningsOf>) => warningsOf(...args).map((w) => w.code);

describe("mappingWarnings", () => {
  const TRANSFERS = [
    ["01/12/2026", "TRF AB12CD34", "150.000,00", "1.150.000,00"],
    ["02/12/2026", "TRF EF56GH78", "150.000,00", "1.300.000,00"],
    ["03/12/2026", "TRF JK23LM45", "75.000,00", "1.375.000,00"],
    ["04/12/2026", "TRF NP67QR89", "150.000,00", "1.525.000,00"],
  ];

  it("says nothing of a statement read by the right columns", () => {
    expect(codes(["Data", "Descritivo", "Valor", "Saldo"], TRANSFERS, { amountColumn: 2 })).toEqual([]);
  });

  it("finds the balance by its steps, by its name, or by values all different that keep one direction", () => {
    expect(codes(["Data", "Descritivo", "Valor", "Saldo"], TRANSFERS, { amountColumn: 3 })).toEqual(["balance"]);
    // Without a header: the steps alone.
    expect(warningsOf(null, TRANSFERS, { amountColumn: 3 })[0]!.message).toMatch(
      /^A coluna «Coluna 4» parece ser o saldo/,
    );
    // Named 'Saldo disponível', with too few rows to see its steps.
    expect(
      codes(["Data", "Descritivo", "Valor", "Saldo disponível"], TRANSFERS.slice(0, 2), { amountColumn: 3 }),
    ).toEqual(["balance"]);
    // No other amount column to step by: five different values that only grow.
    const growing = ["1.000,00", "2.500,00", "2.600,00", "4.100,00", "9.000,00"].map((v, i) => [
      `0${i + 1}/12/2026`,
      `TRF ${i}`,
      v,
    ]);
    expect(codes(["Data", "Descritivo", "Montante"], growing, { amountColumn: 2 })).toEqual(["balance"]);
    // The same amounts in another order, or one repeated: a column of payments.
    const shuffled = [growing[2], growing[0], growing[4], growing[1], growing[3]].map((r, i) => [
      `0${i + 1}/12/2026`,
      r![1]!,
      r![2]!,
    ]);
    expect(codes(["Data", "Descritivo", "Montante"], shuffled, { amountColumn: 2 })).toEqual([]);
  });

  it("warns when no debit is read although a debit column has amounts, and when a bank fee reads as a credit", () => {
    const rows = [
      ["01/12/2026", "TRF AB12CD34", "", "150.000,00"],
      ["02/12/2026", "COMISSÃO DE MANUTENÇÃO", "1.500,00", ""],
      ["03/12/2026", "TRF EF56GH78", "", "150.000,00"],
    ];
    const header = ["Data", "Descritivo", "Débito", "Crédito"];
    // The debit column chosen as the only amount column: every movement a credit.
    expect(codes(header, rows, { amountColumn: 2 })).toEqual(["noDebits", "fee", "unreadable"]);
    expect(codes(header, rows, { creditColumn: 3, debitColumn: 2 })).toEqual([]);
  });

  it("warns when most lines cannot be read, and when the descritivo holds only numbers or dates", () => {
    const rows = TRANSFERS.map(([date, text, amount]) => [date!, text!, amount!, date!]);
    expect(codes(["Data", "Descritivo", "Valor", "Data valor"], rows, { amountColumn: 1, referenceColumn: 2 })).toEqual(
      ["unreadable", "referenceNumbers"],
    );
    expect(
      warningsOf(["Data", "Descritivo", "Valor", "Data valor"], rows, { amountColumn: 2, referenceColumn: 3 }).map(
        (w) => w.message,
      ),
    ).toEqual([
      "A coluna «Data valor», escolhida para o descritivo, só tem números ou datas: os códigos de referência costumam estar no descritivo.",
    ]);
  });
});
