import { describe, expect, it } from "vitest";
import { MAX_FILE_BYTES, STATEMENT_MAX_ROWS } from "../limits";
import { looksLikeMt940, MT940_MESSAGES, readMt940 } from "./mt940";
import { FIXED_HEADER, TABLE_LIMIT_MESSAGES } from "./table";

/** A small MT940 as a bank exports it, inside the SWIFT envelope (issue 25, decision 073). */
const MT940 = [
  "{1:F01BFAOAOLUAXXX0000000000}{2:I940BFAOAOLUXXXXN}{4:",
  ":20:EXT2611",
  ":25:BFAOAOLU/0040000012345678",
  ":28C:00011/001",
  ":60F:C261101AOA1000000,00",
  ":61:2611251125C150000,00NTRFNONREF//B261125001",
  ":86:/REMI/TRF PROPINA KPSQ 7RTX/ORDP//NAME/Ana Pagadora",
  ":61:261125C140000,5NTRFNONREF",
  ":86:/REMI/TRF REF HJKM9W3Y/ORDP/Bento Divergente",
  ":61:261126D1500,NCHGNONREF",
  ":86:Comissão bancária",
  ":61:261126C150000,NTRFPAG CURSO",
  ":61:261127RD99,99NTRFDEVOLUCAO",
  // A :86: of two lines cut at 65 characters inside a word, then a shorter line.
  ":61:261127C1000,00NMSCNONREF",
  `:86:${"A".repeat(61)}`,
  "BCDE",
  "FIM",
  ":62F:C261130AOA1439599,49",
  "-}",
].join("\r\n");

describe("readMt940", () => {
  it("reads each :61: into the fixed columns, amounts by their digits, the :86: text and payer", () => {
    expect(looksLikeMt940(MT940)).toBe(true);
    expect(readMt940(MT940)).toEqual({
      format: "mt940",
      delimiter: "",
      header: FIXED_HEADER,
      preamble: [
        "Conta: BFAOAOLU/0040000012345678",
        "Extrato n.º 00011/001",
        "Saldo inicial: 01/11/2026 1000000,00 AOA",
        "Saldo final: 30/11/2026 1439599,49 AOA",
      ],
      rows: [
        { line: 6, cells: ["25/11/2026", "150000,00", "", "TRF PROPINA KPSQ 7RTX", "Ana Pagadora"] },
        { line: 8, cells: ["25/11/2026", "140000,50", "", "TRF REF HJKM9W3Y", "Bento Divergente"] },
        { line: 10, cells: ["26/11/2026", "", "1500", "Comissão bancária", ""] },
        { line: 12, cells: ["26/11/2026", "150000", "", "PAG CURSO", ""] },
        { line: 13, cells: ["27/11/2026", "99,99", "", "DEVOLUCAO", ""] },
        { line: 14, cells: ["27/11/2026", "1000,00", "", `${"A".repeat(61)}BCDE FIM`, ""] },
      ],
      irregular: [],
    });
  });

  it("lists a malformed :61: with its reason and reads the others", () => {
    const text = MT940.replace(":61:261125C140000,5NTRFNONREF", ":61:26112XC140000,5NTRFNONREF").replace(
      ":61:261126C150000,",
      ":61:261131C150000,",
    );
    const read = readMt940(text);
    if ("error" in read) throw new Error(read.error);
    expect(read.irregular).toEqual([
      { line: 8, reason: MT940_MESSAGES.entry },
      { line: 12, reason: MT940_MESSAGES.date },
    ]);
    expect(read.rows.map((r) => r.line)).toEqual([6, 10, 13, 14]);
  });

  it("refuses a file without its account, balances, or in another currency", () => {
    expect(readMt940(MT940.replace(/:25:.*\r\n/, ""))).toEqual({ error: MT940_MESSAGES.missing("25", "conta") });
    expect(readMt940(MT940.replace(/:62F:.*\r\n/, ""))).toEqual({
      error: MT940_MESSAGES.missing("62F", "saldo final"),
    });
    expect(readMt940(MT940.replace("C261101AOA", "C261101USD"))).toEqual({ error: MT940_MESSAGES.currency("USD") });
    expect(readMt940(MT940.replace("C261101AOA1000000,00", "C261101AOA1.000.000,00"))).toEqual({
      error: MT940_MESSAGES.balance("60F"),
    });
    expect(looksLikeMt940("Data;Valor\r\n25/11/2026;:20:")).toBe(false);
  });

  it("reads 5 MB of empty lines as nothing, and refuses more movements than the row limit (issue 33)", () => {
    expect(readMt940("\n".repeat(MAX_FILE_BYTES))).toEqual({ error: MT940_MESSAGES.missing("20", "referência") });
    const entries = ":61:2611251125C1,00NTRFNONREF\n".repeat(STATEMENT_MAX_ROWS + 1);
    const many = `:20:X\n:25:Y\n:60F:C261101AOA0,00\n${entries}:62F:C261130AOA0,00\n`;
    expect(readMt940(many)).toEqual({ error: TABLE_LIMIT_MESSAGES.rows });
  });
});
