import { CAMT_MESSAGES } from "@app/shared/bank-statements/camt053";
import { MT940_MESSAGES } from "@app/shared/bank-statements/mt940";
import { FIXED_HEADER, FIXED_MAPPING, FORMATS_HINT } from "@app/shared/bank-statements/table";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { staffActor } from "../../../test/actors";
import { body, createTestContext, TEST_BASE_URL, type TestContext } from "../../../test/context";
import { insertCourse } from "../../../test/fixtures";
import { studentWithEnrollment } from "../../../test/receipts";
import { xlsxFile } from "../../../test/xlsx-writer.mjs";
import { bankColumnMappings, bankStatementLines, bankStatements } from "../../db/schema";

/**
 * One statement as CSV, XLSX, MT940 and CAMT.053 (issue 25, decision 073): read by content, the same lines
 * and outcomes whatever the format, and the same checksums (a line imported in one format is not imported
 * again in another).
 */
describe("bank statements in CSV, XLSX, MT940 and CAMT.053", () => {
  let ctx: TestContext;
  let cookie: string;

  beforeAll(async () => {
    ctx = await createTestContext();
    const courseId = await insertCourse(ctx.db, { name: "Contabilidade", price: 150000 });
    cookie = (await staffActor(ctx, "financeiro", "Filipa Finanças")).cookie;
    await studentWithEnrollment(ctx, courseId, "Ana Pagadora", { paymentReferenceCode: "KP5Q7RTX" });
    await studentWithEnrollment(ctx, courseId, "Bento Divergente", { paymentReferenceCode: "HJKM9W3Y" });
  });
  afterAll(() => ctx.close());

  const BANK = "Banco Formatos";
  /** The bank's CSV layout (and the XLSX one): date, description, debit, credit, payer. */
  const CSV_MAPPING = { dateColumn: 0, referenceColumn: 1, debitColumn: 2, creditColumn: 3, payerColumn: 4 };

  const CSV = [
    "Banco Formatos Angola",
    "Conta: 0040 0000 1234 5678",
    "",
    "Data;Descritivo;Débito;Crédito;Ordenante",
    "25/11/2026;TRF PROPINA KPSQ 7RTX;;150.000,00;Ana Pagadora",
    "25/11/2026;TRF REF HJKM9W3Y;;140 000,00;Bento Divergente",
    "26/11/2026;Pagamento curso;;150.000,00;Carla Sem Codigo",
    "26/11/2026;Comissão bancária;1.500,00;;",
    "27/11/2026;Devolução caução;;2.500,50;Dário Lopes",
  ].join("\r\n");

  const XLSX = xlsxFile([
    ["Banco Formatos Angola"],
    ["Conta: 0040 0000 1234 5678"],
    [],
    ["Data", "Descritivo", "Débito", "Crédito", "Ordenante"],
    [{ date: "2026-11-25" }, "TRF PROPINA KPSQ 7RTX", null, 150000, "Ana Pagadora"],
    [{ date: "2026-11-25" }, "TRF REF HJKM9W3Y", null, 140000, "Bento Divergente"],
    [{ date: "2026-11-26" }, "Pagamento curso", null, 150000, "Carla Sem Codigo"],
    [{ date: "2026-11-26" }, "Comissão bancária", 1500],
    [{ date: "2026-11-27" }, "Devolução caução", null, 2500.5, "Dário Lopes"],
  ]);

  const MT940 = [
    ":20:EXT2611",
    ":25:BFAOAOLU/0040000012345678",
    ":28C:00011/001",
    ":60F:C261101AOA1000000,00",
    ":61:2611251125C150000,00NTRFNONREF",
    ":86:/REMI/TRF PROPINA KPSQ 7RTX/ORDP/Ana Pagadora",
    ":61:2611251125C140000,00NTRFNONREF",
    ":86:/REMI/TRF REF HJKM9W3Y/ORDP/Bento Divergente",
    ":61:2611261126C150000,NTRFNONREF",
    ":86:/REMI/Pagamento curso/ORDP/Carla Sem Codigo",
    ":61:2611261126D1500,00NCHGNONREF",
    ":86:Comissão bancária",
    ":61:2611271127C2500,5NTRFNONREF",
    ":86:/REMI/Devolução caução/ORDP/Dário Lopes",
    ":62F:C261127AOA1441000,50",
    "-",
  ].join("\r\n");

  const ntry = (amount: string, indicator: string, date: string, text: string, payer?: string) => `
      <Ntry><Amt Ccy="AOA">${amount}</Amt><CdtDbtInd>${indicator}</CdtDbtInd><Sts><Cd>BOOK</Cd></Sts>
        <BookgDt><Dt>${date}</Dt></BookgDt><ValDt><Dt>${date}</Dt></ValDt>
        <NtryDtls><TxDtls>${payer ? `<RltdPties><Dbtr><Nm>${payer}</Nm></Dbtr></RltdPties>` : ""}
          <RmtInf><Ustrd>${text}</Ustrd></RmtInf></TxDtls></NtryDtls></Ntry>`;
  const CAMT = `<?xml version="1.0" encoding="UTF-8"?>
<Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.053.001.02">
  <BkToCstmrStmt>
    <GrpHdr><MsgId>EXT2611</MsgId><CreDtTm>2026-11-27T18:00:00</CreDtTm></GrpHdr>
    <Stmt><Id>EXT2611</Id><Acct><Id><Othr><Id>0040000012345678</Id></Othr></Id></Acct>
      ${ntry("150000.00", "CRDT", "2026-11-25", "TRF PROPINA KPSQ 7RTX", "Ana Pagadora")}
      ${ntry("140000", "CRDT", "2026-11-25", "TRF REF HJKM9W3Y", "Bento Divergente")}
      ${ntry("150000.00", "CRDT", "2026-11-26", "Pagamento curso", "Carla Sem Codigo")}
      ${ntry("1500.00", "DBIT", "2026-11-26", "Comissão bancária")}
      ${ntry("2500.5", "CRDT", "2026-11-27", "Devolução caução", "Dário Lopes")}
    </Stmt>
  </BkToCstmrStmt>
</Document>`;

  /** Files named against their content: the reader goes by the bytes, not the name. */
  const FILES = [
    ["CSV", CSV, "extrato.txt", CSV_MAPPING],
    ["XLSX", XLSX, "extrato.bin", CSV_MAPPING],
    ["MT940", MT940, "extrato.sta", FIXED_MAPPING],
    ["CAMT.053", CAMT, "extrato.xml", FIXED_MAPPING],
  ] as const;

  const form = (file: string | Uint8Array, name: string, mapping?: unknown) => {
    const fd = new FormData();
    fd.append("bankName", BANK);
    fd.append("file", new File([file], name));
    if (mapping !== undefined) fd.append("mapping", JSON.stringify(mapping));
    return fd;
  };
  const post = (path: string, fd: FormData) =>
    ctx.app.request(`/api/admin/bank-statements${path}`, {
      method: "POST",
      body: fd,
      headers: { cookie, origin: TEST_BASE_URL },
    });
  const importFile = async (file: string | Uint8Array, name: string, mapping: unknown) => {
    const res = await post("", form(file, name, mapping));
    expect(res.status).toBe(201);
    return body(res);
  };
  const storedLines = async (statementId: string) =>
    (await ctx.db.select().from(bankStatementLines).where(eq(bankStatementLines.statementId, statementId)))
      .sort((a, b) => a.lineNumber - b.lineNumber)
      .map((l) => [l.date, l.amount, l.reference, l.payer, l.outcome, l.proposed, l.checksum]);
  const forget = async () => {
    await ctx.db.delete(bankStatementLines);
    await ctx.db.delete(bankStatements);
  };

  it("reads the same statement from each format into the same lines, outcomes and checksums", async () => {
    const results: unknown[] = [];
    for (const [format, file, name, mapping] of FILES) {
      const imported = await importFile(file, name, mapping);
      expect(imported.counts, format).toEqual({
        matched: 1,
        divergent: 1,
        alreadyPaid: 0,
        unmatched: 2,
        alreadyImported: 0,
        debits: 1,
      });
      expect(imported.unreadable, format).toEqual([]);
      results.push(await storedLines(imported.statementId));
      await forget();
    }
    expect(results[0]).toEqual([
      ["2026-11-25", 150000, "TRF PROPINA KPSQ 7RTX", "Ana Pagadora", "matched", true, expect.any(String)],
      ["2026-11-25", 140000, "TRF REF HJKM9W3Y", "Bento Divergente", "divergent", false, expect.any(String)],
      ["2026-11-26", 150000, "Pagamento curso", "Carla Sem Codigo", "unmatched", false, expect.any(String)],
      ["2026-11-27", 2500.5, "Devolução caução", "Dário Lopes", "unmatched", false, expect.any(String)],
    ]);
    for (const [i, [format]] of FILES.entries()) expect(results[i], format).toEqual(results[0]);
  });

  it("adds nothing when the statement comes again in another format", async () => {
    const first = await importFile(CSV, "extrato.csv", CSV_MAPPING);
    expect(first.counts.alreadyImported).toBe(0);
    for (const [format, file, name, mapping] of FILES) {
      const again = await importFile(file, name, mapping);
      expect(again.counts, format).toMatchObject({ matched: 0, divergent: 0, unmatched: 0, alreadyImported: 4 });
    }
    expect(await ctx.db.select().from(bankStatementLines)).toHaveLength(4);
    await forget();
  });

  it("proposes the fixed columns of MT940 and CAMT.053, keeping the bank's own layout for its CSV", async () => {
    await importFile(CSV, "extrato.csv", CSV_MAPPING);
    await forget();
    for (const [, file, name] of FILES.slice(2)) {
      const preview = await body(await post("/preview", form(file, name)));
      expect(preview).toMatchObject({ delimiter: "", header: FIXED_HEADER, mapping: FIXED_MAPPING });
      expect(preview.rows[0]).toEqual(["25/11/2026", "150000,00", "", "TRF PROPINA KPSQ 7RTX", "Ana Pagadora"]);
      await importFile(file, name, FIXED_MAPPING);
      await forget();
    }
    const xlsxPreview = await body(await post("/preview", form(XLSX, "extrato.xlsx")));
    expect(xlsxPreview).toMatchObject({
      delimiter: "",
      header: ["Data", "Descritivo", "Débito", "Crédito", "Ordenante"],
      preamble: ["Banco Formatos Angola", "Conta: 0040 0000 1234 5678"],
      mapping: { ...CSV_MAPPING, amountColumn: null },
    });
    expect(xlsxPreview.rows.slice(3)).toEqual([
      ["26/11/2026", "Comissão bancária", "1500", "", ""],
      ["27/11/2026", "Devolução caução", "", "2500,50", "Dário Lopes"],
    ]);
    const [remembered] = await ctx.db.select().from(bankColumnMappings).where(eq(bankColumnMappings.bankName, BANK));
    expect(remembered).toMatchObject(CSV_MAPPING);
  });

  it("refuses a file in no format it reads, or a malformed MT940 / CAMT.053, naming why; nothing is imported", async () => {
    const statementsBefore = (await ctx.db.select().from(bankStatements)).length;
    const cases: [string | Uint8Array, string, string][] = [
      [new Uint8Array([0x25, 0x50, 0x44, 0x46, 0x2d, 0x31, 0x00, 0x01, 0x02]), "extrato.pdf", FORMATS_HINT],
      [new Uint8Array([0x50, 0x4b, 0x03, 0x04, 0x00, 0x00]), "extrato.xlsx", "O arquivo XLSX está danificado"],
      [MT940.replace(/:25:.*\r\n/, ""), "extrato.sta", MT940_MESSAGES.missing("25", "conta")],
      [MT940.replace("C261101AOA", "C261101EUR"), "extrato.sta", MT940_MESSAGES.currency("EUR")],
      [CAMT.replace("</Stmt>", ""), "extrato.xml", "O arquivo XML está mal formado"],
      ["<html><body>Extrato</body></html>", "extrato.xml", CAMT_MESSAGES.notCamt],
    ];
    for (const [file, name, message] of cases) {
      for (const path of ["/preview", ""]) {
        const res = await post(path, form(file, name, FIXED_MAPPING));
        expect(res.status, name).toBe(400);
        const [issue] = (await body(res)).error.issues;
        expect(issue, name).toMatchObject({ path: "file", message: expect.stringContaining(message) });
      }
    }
    expect(await ctx.db.select().from(bankStatements)).toHaveLength(statementsBefore);
    expect(await ctx.db.select().from(bankStatementLines)).toHaveLength(0);
  });

  it("reads a CSV whose amount columns are wholly dot-decimal, and refuses the dots of one that mixes", async () => {
    const dotCsv = CSV.replace("150.000,00;Ana", "150000.00;Ana")
      .replace("140 000,00", "140000.00")
      .replace("150.000,00;Carla", "150000.00;Carla")
      .replace("1.500,00", "1500.00")
      .replace("2.500,50", "2500.50");
    const dot = await importFile(dotCsv, "extrato-ponto.csv", CSV_MAPPING);
    expect(dot.counts).toMatchObject({ matched: 1, divergent: 1, unmatched: 2, debits: 1 });
    expect(dot.unreadable).toEqual([]);
    await forget();
    const mixed = await importFile(dotCsv.replace("150000.00;Carla", "150.000;Carla"), "extrato.csv", CSV_MAPPING);
    expect(mixed.counts).toMatchObject({ matched: 0, divergent: 0, unmatched: 0, debits: 0 });
    expect(mixed.unreadable.map((u: { line: number; reason: string }) => u.reason)).toEqual([
      "Valor ilegível: «150000.00» (ambíguo (use 150.000,00 ou 150 000,00))",
      "Valor ilegível: «140000.00» (ambíguo (use 150.000,00 ou 150 000,00))",
      "Valor ilegível: «150.000» (ambíguo: o arquivo escreve outros valores com ponto decimal)",
      "Valor ilegível: «1500.00» (ambíguo (use 150.000,00 ou 150 000,00))",
      "Valor ilegível: «2500.50» (ambíguo (use 150.000,00 ou 150 000,00))",
    ]);
    await forget();
  });
});
