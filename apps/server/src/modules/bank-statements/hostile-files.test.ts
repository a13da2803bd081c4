import { CSV_NO_TABLE } from "@app/shared/bank-statements/csv";
import {
  FIXED_MAPPING,
  FORMATS_HINT,
  STATEMENT_READ_FAILED,
  TABLE_LIMIT_MESSAGES,
} from "@app/shared/bank-statements/table";
import { XLSX_MESSAGES } from "@app/shared/bank-statements/xlsx";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { staffActor } from "../../../test/actors";
import { body, createTestContext, TEST_BASE_URL, type TestContext } from "../../../test/context";
import { csvAtTheLimit, hostileStatements as hostile } from "../../../test/hostile-statements";
import { createApp } from "../../app";
import { bankStatements } from "../../db/schema";
import { createStatementReader, STATEMENT_READER_LIMITS } from "./statement-reader";
import { ZIP_MESSAGES } from "./xlsx-zip";

/**
 * Issue 33's statement files, each of which took the whole server down, sent as finance would send them:
 * each is refused with its reason or read, by the worker with its production limits (decision 078), and
 * nothing is stored by a refusal. Then the backstop: a file that exhausts the reader costs that import only.
 */
describe("statement files a bank or an e-mail hands to finance (issue 33)", () => {
  let ctx: TestContext;
  let cookie: string;

  beforeAll(async () => {
    ctx = await createTestContext();
    cookie = (await staffActor(ctx, "financeiro", "Filipa Finanças")).cookie;
  });
  afterAll(() => ctx.close());

  const form = (file: Uint8Array, name: string, mapping?: unknown) => {
    const fd = new FormData();
    fd.append("bankName", "Banco Hostil");
    fd.append("file", new File([file as Uint8Array<ArrayBuffer>], name));
    if (mapping) fd.append("mapping", JSON.stringify(mapping));
    return fd;
  };
  const send = (path: "/preview" | "", file: Uint8Array, name: string, mapping?: unknown, app = ctx.app) =>
    app.request(`/api/admin/bank-statements${path}`, {
      method: "POST",
      body: form(file, name, mapping),
      headers: { cookie, origin: TEST_BASE_URL },
    });
  /** The preview of a file that must be refused: 400, the reason as the message and on the file field. */
  const refusal = async (file: Uint8Array, name: string) => {
    const res = await send("/preview", file, name);
    const answer = await body(res);
    expect(res.status, `${name}: ${JSON.stringify(answer).slice(0, 300)}`).toBe(400);
    expect(answer.error.code).toBe("statement_file_invalid");
    expect(answer.error.issues).toEqual([{ path: "file", message: answer.error.message }]);
    return answer.error.message as string;
  };
  const previewRows = async (file: Uint8Array, name: string) => {
    const res = await send("/preview", file, name);
    const answer = await body(res);
    expect(res.status, `${name}: ${JSON.stringify(answer).slice(0, 300)}`).toBe(200);
    return answer.rows as string[][];
  };

  it("refuses amounts of more than 20 digits or an exponent past 20 as 'Valor ilegível', never padding them", async () => {
    const res = await send("", hostile.camtHugeExponents(), "extrato.xml", FIXED_MAPPING);
    const answer = await body(res);
    expect(res.status, JSON.stringify(answer).slice(0, 300)).toBe(201);
    expect(answer.unreadable).toHaveLength(10);
    for (const { reason } of answer.unreadable) {
      expect(reason).toBe("Valor ilegível: «1E536870000» (mais de 20 algarismos ou um expoente acima de 20)");
    }
  });

  it("reads a 60 000-character attribute name at once and refuses a tag longer than 10 000 characters", async () => {
    expect(await refusal(hostile.camtLongAttributeName(), "extrato.xml")).toBe(
      "O arquivo XML está mal formado (etiqueta com mais de 10000 caracteres na linha 1)",
    );
  });

  it("refuses an XLSX cell past column XFD or row 1 048 576", async () => {
    expect(await refusal(hostile.xlsxFarColumn(), "extrato.xlsx")).toBe(
      XLSX_MESSAGES.broken("a célula ZZZZZZZZ1 fica fora da planilha, que vai de A1 a XFD1048576"),
    );
  });

  it("inflates only the parts the sheet needs, under one cap whatever the ZIP declares", async () => {
    // Twelve unused parts of 100 MB each, and one that is not DEFLATE: never inflated, the statement is read.
    expect(await previewRows(hostile.xlsxUnusedBombs(), "extrato.xlsx")).toEqual([
      ["25/11/2026", "TRF PROPINA", "150000"],
    ]);
    // A sheet that declares 2 KB and inflates to 100 MB: stopped at the cap while inflating.
    expect(await refusal(hostile.xlsxLyingSheet(), "extrato.xlsx")).toBe(XLSX_MESSAGES.broken(ZIP_MESSAGES.tooLarge));
    // A sheet that declares 100 MB: refused by its declared size before anything is inflated.
    expect(await refusal(hostile.xlsxDeclaredHugeSheet(), "extrato.xlsx")).toBe(
      XLSX_MESSAGES.broken(ZIP_MESSAGES.tooLarge),
    );
  });

  it("reads a statement at the 5 MB limit within the reader's memory and time, and refuses those past the row or column limits", async () => {
    expect(await previewRows(csvAtTheLimit(), "extrato.csv")).toHaveLength(10);
    expect(await refusal(hostile.csvCutAmounts(), "extrato.csv")).toBe(TABLE_LIMIT_MESSAGES.columns);
    expect(await refusal(hostile.csvShortLines(), "extrato.csv")).toBe(TABLE_LIMIT_MESSAGES.rows);
  });

  it("reads a shared string nested 20 000 deep, and refuses 130 000 rows with the row limit", async () => {
    expect(await previewRows(hostile.xlsxDeepSharedString(), "extrato.xlsx")).toEqual([["25/11/2026", "TRF FUNDO"]]);
    expect(await refusal(hostile.xlsxManyRows(), "extrato.xlsx")).toBe(TABLE_LIMIT_MESSAGES.rows);
  });

  it("tells finance why a file cannot be read: the reason is the answer's message", async () => {
    const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d, 0x49, 0x48, 0x44, 0x52]);
    expect(await refusal(png, "extrato.csv")).toBe(`O arquivo não é um extrato que se possa ler. ${FORMATS_HINT}`);
    const prose = new TextEncoder().encode("Caro cliente\nsegue o extrato pedido\nCumprimentos");
    expect(await refusal(prose, "extrato.csv")).toBe(`${CSV_NO_TABLE}. ${FORMATS_HINT}`);
    expect(await ctx.db.select().from(bankStatements)).toHaveLength(1); // the CAMT above, nothing since
  });

  it("fails the import of a file that exhausts the reader's memory while the catalogue answers, and reads the next file", async () => {
    // The production reader holds this file in ~40 MB; this one is given 20 (decision 078's backstop).
    const statements = createStatementReader({ ...STATEMENT_READER_LIMITS, memoryMb: 20 });
    const app = createApp({ ...ctx.deps, statements });
    try {
      let importSettled = false;
      const reading = send("/preview", csvAtTheLimit({ wide: true }), "extrato.csv", undefined, app);
      const importing = Promise.resolve(reading).finally(() => {
        importSettled = true;
      });
      const catalogue = await app.request("/api/courses/catalog");
      expect(catalogue.status).toBe(200);
      expect(importSettled, "the catalogue answered while the statement was being read").toBe(false);
      const res = await importing;
      expect(res.status).toBe(400);
      expect((await body(res)).error.message).toBe(STATEMENT_READ_FAILED);
      // The worker that ran out was replaced: the next file is read.
      const next = await send(
        "/preview",
        new TextEncoder().encode("Data;Valor\n25/11/2026;1,00"),
        "e.csv",
        undefined,
        app,
      );
      expect(next.status).toBe(200);
    } finally {
      await statements.close();
    }
  });

  it("fails a read that runs past the reader's time, the same way", async () => {
    const statements = createStatementReader({ ...STATEMENT_READER_LIMITS, timeoutMs: 1 });
    try {
      expect(await statements.read(csvAtTheLimit())).toEqual({ error: STATEMENT_READ_FAILED });
    } finally {
      await statements.close();
    }
  });
});
