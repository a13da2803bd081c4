import { describe, expect, it } from "vitest";
import {
  assignColumn,
  columnOptions,
  EMPTY_MAPPING,
  initialMapping,
  MAPPING_MESSAGES,
  sampleOf,
  toColumnMapping,
} from "./mapping";

const header = ["Data", "Descritivo", "Débito", "Crédito", "Ordenante"];
const rows = [
  ["25/11/2026", "TRF KPSQ 7RTX", "", "150.000,00", "Ana"],
  ["26/11/2026", "Comissão", "1.500,00", "", ""],
];
const remembered = {
  dateColumn: 0,
  amountColumn: null,
  creditColumn: 3,
  debitColumn: 2,
  referenceColumn: 1,
  payerColumn: 4,
};

describe("the column mapping step", () => {
  it("prefills the bank's remembered mapping, which imports as it was remembered", () => {
    const values = initialMapping({ header, rows, mapping: remembered });
    expect(values).toEqual({
      layout: "creditDebit",
      date: "0",
      amount: "",
      credit: "3",
      debit: "2",
      reference: "1",
      payer: "4",
    });
    expect(toColumnMapping(values)).toEqual({ mapping: remembered });
  });

  it("chooses nothing for an unknown bank, or when the remembered columns do not fit the file", () => {
    const none = initialMapping({ header, rows, mapping: null });
    expect(none).toMatchObject({ layout: "amount", date: "", reference: "" });
    expect(initialMapping({ header: header.slice(0, 3), rows, mapping: remembered })).toEqual(none);
    expect(toColumnMapping(none)).toEqual({
      errors: { date: MAPPING_MESSAGES.date, amount: MAPPING_MESSAGES.amount, reference: MAPPING_MESSAGES.reference },
    });
  });

  it("refuses one column in two roles and leaves the other layout's columns out", () => {
    const values = {
      layout: "amount" as const,
      date: "0",
      amount: "3",
      credit: "2",
      debit: "",
      reference: "0",
      payer: "",
    };
    expect(toColumnMapping(values)).toEqual({ errors: { reference: MAPPING_MESSAGES.twice } });
    expect(toColumnMapping({ ...values, reference: "1" })).toEqual({
      mapping: {
        dateColumn: 0,
        amountColumn: 3,
        creditColumn: null,
        debitColumn: null,
        referenceColumn: 1,
        payerColumn: null,
      },
    });
  });

  it("names each column by its header and shows what it holds", () => {
    expect(columnOptions({ header, rows, mapping: null })[3]).toEqual({ value: "3", label: "Crédito (coluna 4)" });
    expect(columnOptions({ header: null, rows, mapping: null })[0]).toEqual({ value: "0", label: "Coluna 1" });
    expect(sampleOf({ header, rows, mapping: null }, "3")).toBe("150.000,00");
    expect(sampleOf({ header, rows, mapping: null }, "0")).toBe("25/11/2026 · 26/11/2026");
  });

  it("gives a column one role: the role that had it is emptied and named, to say so beside it", () => {
    const chosen = assignColumn({ ...EMPTY_MAPPING, date: "0", amount: "3" }, "date", "3");
    expect(chosen).toEqual({ values: { ...EMPTY_MAPPING, date: "3", amount: "" }, moved: "amount" });
    // A role of the other layout keeps its column (it is not sent).
    expect(assignColumn({ ...EMPTY_MAPPING, credit: "3" }, "amount", "3").moved).toBeNull();
    expect(assignColumn({ ...EMPTY_MAPPING, payer: "" }, "date", "").moved).toBeNull();
  });

  it("cuts a long sample", () => {
    const long = [["25/11/2026", "TRF PROPINA ABCD1234 MUITO LONGO TEXTO DO BANCO", "", "1,00", ""]];
    expect(sampleOf({ header, rows: long, mapping: null }, "1")).toBe("TRF PROPINA ABCD1234 MUITO L…");
  });
});
