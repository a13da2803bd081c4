import { describe, expect, it } from "vitest";
import { MAX_FILE_BYTES } from "../limits";
import { CSV_NO_TABLE, splitCsv } from "./csv";
import { TABLE_LIMIT_MESSAGES } from "./table";

const table = (text: string) => {
  const read = splitCsv(text);
  if ("error" in read) throw new Error(read.error);
  return read;
};

describe("splitCsv", () => {
  it("skips the bank's lines above the table and finds ';' though amounts carry commas", () => {
    const read = table(
      [
        "\uFEFFBanco BAI",
        "Conta: 0040 0000 1234; Moeda: AOA",
        "Período: 01/11/2026 a 30/11/2026",
        "",
        "Data;Descrição;Valor;Ordenante",
        "25/11/2026;TRF REF AB5C D2EF;150.000,00;João Pedro",
        '26/11/2026;"Pagamento; propina";2.500,00 D;"Maria ""Nela"" Silva"',
      ].join("\r\n"),
    );
    expect(read.delimiter).toBe(";");
    expect(read.header).toEqual(["Data", "Descrição", "Valor", "Ordenante"]);
    expect(read.preamble).toEqual([
      "Banco BAI",
      "Conta: 0040 0000 1234; Moeda: AOA",
      "Período: 01/11/2026 a 30/11/2026",
    ]);
    expect(read.rows).toEqual([
      { line: 6, cells: ["25/11/2026", "TRF REF AB5C D2EF", "150.000,00", "João Pedro"] },
      { line: 7, cells: ["26/11/2026", "Pagamento; propina", "2.500,00 D", 'Maria "Nela" Silva'] },
    ]);
    expect(read.irregular).toEqual([]);
  });

  it("detects ',', tab and '|' from the rows", () => {
    const rows = (d: string) =>
      [`Data${d}Valor${d}Texto`, `25/11/2026${d}"1.000,00"${d}A`, `26/11/2026${d}5000${d}B`].join("\n");
    expect(table(rows(",")).delimiter).toBe(",");
    expect(table(rows(",")).rows[0]!.cells).toEqual(["25/11/2026", "1.000,00", "A"]);
    expect(table(rows("\t")).delimiter).toBe("\t");
    expect(table(rows("|")).delimiter).toBe("|");
  });

  it("keeps a line break inside quotes in its cell and numbers rows by the line they start on", () => {
    const read = table('Data;Texto;Valor\n25/11/2026;"linha um\nlinha dois";10,00\n26/11/2026;x;20,00\n');
    expect(read.rows).toEqual([
      { line: 2, cells: ["25/11/2026", "linha um\nlinha dois", "10,00"] },
      { line: 4, cells: ["26/11/2026", "x", "20,00"] },
    ]);
  });

  it("reads a table without a header row when its first row holds a date", () => {
    const read = table("Extrato\n25/11/2026;A;10,00\n26/11/2026;B;20,00\n");
    expect(read.header).toBeNull();
    expect(read.rows.map((r) => r.line)).toEqual([2, 3]);
  });

  it("lists the lines of the table with another number of cells, never fitting them", () => {
    const read = table(
      "Data;Texto;Valor\n25/11/2026;A;10,00\nSaldo final;30,00\n26/11/2026;B;20,00;extra\n27/11/2026;C;5,00\n",
    );
    expect(read.rows.map((r) => r.line)).toEqual([2, 5]);
    expect(read.irregular).toEqual([
      { line: 3, reason: "Linha com 2 colunas em vez de 3" },
      { line: 4, reason: "Linha com 4 colunas em vez de 3" },
    ]);
  });

  it("says when there is no table", () => {
    expect(splitCsv("só uma linha de texto\noutra")).toEqual({ error: CSV_NO_TABLE });
    expect(splitCsv("")).toEqual({ error: CSV_NO_TABLE });
  });

  it("joins amounts cut by an unquoted decimal comma in a ',' file, and refuses a line where the cut is unclear", () => {
    const all = table(
      "Banco X\nData,Descritivo,Valor,Ordenante\n25/11/2026,TRF AB5C,150.000,00,Ana\n26/11/2026,Comissão,-1 500,50,\n",
    );
    expect(all.header).toEqual(["Data", "Descritivo", "Valor", "Ordenante"]);
    expect(all.preamble).toEqual(["Banco X"]);
    expect(all.rows).toEqual([
      { line: 3, cells: ["25/11/2026", "TRF AB5C", "150.000,00", "Ana"] },
      { line: 4, cells: ["26/11/2026", "Comissão", "-1 500,50", ""] },
    ]);
    const some = table(
      'Data,Descritivo,Valor\n25/11/2026,A,"10,00"\n26/11/2026,B,20,00\n27/11/2026,12,50,00\n28/11/2026,C,"5,00"\n',
    );
    expect(some.rows.map((r) => r.cells[2])).toEqual(["10,00", "20,00", "5,00"]);
    expect(some.irregular).toEqual([
      {
        line: 4,
        reason:
          "Linha com 4 colunas em vez de 3: um valor com vírgula decimal sem aspas não se distingue do separador (guarde o arquivo com ; como separador ou os valores entre aspas)",
      },
    ]);
  });

  it("refuses 5 MB of `1,00,` (two million cells on one line) and of `a;b` lines (1.3 million rows) by the limits", () => {
    const fiveMb = (unit: string) => unit.repeat(Math.floor(MAX_FILE_BYTES / unit.length));
    expect(splitCsv(fiveMb("1,00,"))).toEqual({ error: TABLE_LIMIT_MESSAGES.columns });
    expect(splitCsv(fiveMb("a;b\n"))).toEqual({ error: TABLE_LIMIT_MESSAGES.rows });
    expect(splitCsv(fiveMb("1,00,".repeat(50).concat("\n")))).toEqual({ error: TABLE_LIMIT_MESSAGES.cells });
  }, 30_000);

  it("cuts a 5 MB cell once, however it is quoted", () => {
    const long = "x".repeat(MAX_FILE_BYTES - 100);
    const read = table(`Data;Texto\n25/11/2026;"${long}"\n26/11/2026;"a""b"\n`);
    expect(read.rows.map((r) => r.cells[1]!.length)).toEqual([long.length, 3]);
  }, 30_000);

  it("shows at most 20 lines above the table", () => {
    const bank = Array.from({ length: 30 }, (_, i) => `Linha do banco ${i}`);
    const read = table([...bank, "Data;Valor", "25/11/2026;1,00"].join("\n"));
    expect(read.preamble).toEqual(bank.slice(0, 20));
  });
});
