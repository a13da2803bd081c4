import { createHash } from "node:crypto";
import { readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { addDays } from "@app/shared/calendar-date";
import { todayInLuanda } from "@app/shared/dates";
import { MAX_FILE_BYTES } from "@app/shared/limits";
import { FILES_NOT_STORED } from "@app/shared/messages";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { jsonRequest, staffActor } from "../../../test/actors";
import { body, createTestContext, type TestContext } from "../../../test/context";
import { filesUnder, HTML, insertCourse, PDF, PNG } from "../../../test/fixtures";
import { mailSent } from "../../../test/mail";
import { studentWithEnrollment as enrolledStudent, receiptForm, submitReceipt } from "../../../test/receipts";
import { createApp } from "../../app";
import { enrollmentEvents, enrollments, paymentReceipts, payments, storedFiles } from "../../db/schema";
import { createDiskStorage } from "../../storage/disk";

/** Receipts (SPEC §1 steps 4–5, §4 'Receipt status', §7 'Receipt submission'): the student's and finance's side. */
describe("payment receipts", () => {
  let ctx: TestContext;
  let courseId: string;
  let financeiro: { userId: string; cookie: string };
  let codes = 0;
  const filesOnDisk = () => filesUnder(path.join(ctx.dataDir, "files"));

  beforeAll(async () => {
    ctx = await createTestContext();
    courseId = await insertCourse(ctx.db, { name: "Contabilidade Prática", price: 150000 });
    financeiro = await staffActor(ctx, "financeiro", "Filipa Finanças");
  });
  afterAll(() => ctx.close());

  /** A signed-in student with an enrolment in `status` (approved by default, with a reference code). */
  const studentWithEnrollment = (name: string, overrides: Record<string, unknown> = {}) =>
    enrolledStudent(ctx, courseId, name, { paymentReferenceCode: `REF${++codes}X`, ...overrides });
  const form = receiptForm;
  const submit = (cookie: string, fd: FormData, app = ctx.app) => submitReceipt(ctx, cookie, fd, app);
  const review = (id: string, action: "approve" | "reject", payload: unknown = {}, cookie = financeiro.cookie) =>
    ctx.app.request(`/api/admin/receipts/${id}/${action}`, jsonRequest("POST", payload, cookie));
  const listReceipts = (query = "") =>
    ctx.app.request(`/api/admin/receipts?${query}`, jsonRequest("GET", undefined, financeiro.cookie));
  const receiptsOf = (enrollmentId: string) =>
    ctx.db.select().from(paymentReceipts).where(eq(paymentReceipts.enrollmentId, enrollmentId));
  const statusOf = async (enrollmentId: string) =>
    (await ctx.db.select().from(enrollments).where(eq(enrollments.id, enrollmentId)))[0]!.status;
  const outboxTo = (email: string) => {
    const outbox = path.join(ctx.dataDir, "outbox");
    return readdirSync(outbox)
      .map((f) => readFileSync(path.join(outbox, f), "utf8").replace(/=\r?\n/g, ""))
      .filter((m) => m.includes(`To: ${email}`));
  };

  it("records a pending receipt with the course price, the code and the file's SHA-256, and the enrolment waits for validation", async () => {
    const s = await studentWithEnrollment("Rosa Pagadora");
    const before = filesOnDisk().length;
    const res = await submit(
      s.cookie,
      form(s.enrollment.id, { paidAmount: "140 000,50" }, [PDF, "recibo.pdf", "application/pdf"]),
    );
    expect(res.status).toBe(201);
    const sent = await body(res);
    expect(sent).toMatchObject({
      enrollmentId: s.enrollment.id,
      courseName: "Contabilidade Prática",
      paidAmount: 140000.5,
      paymentDate: todayInLuanda(),
      paymentReferenceCode: s.enrollment.paymentReferenceCode,
      status: "pending",
      notes: null,
      fileType: "pdf",
    });
    const [row] = await receiptsOf(s.enrollment.id);
    expect(row).toMatchObject({
      studentAccountId: s.accountId,
      coursePrice: 150000,
      paymentReferenceCode: s.enrollment.paymentReferenceCode,
      fileSha256: createHash("sha256").update(PDF).digest("hex"),
    });
    expect(filesOnDisk()).toHaveLength(before + 1);
    expect(await statusOf(s.enrollment.id)).toBe("payment_pending");
    const events = await ctx.db
      .select()
      .from(enrollmentEvents)
      .where(eq(enrollmentEvents.enrollmentId, s.enrollment.id));
    expect(events).toEqual([
      expect.objectContaining({ fromStatus: "approved", toStatus: "payment_pending", kind: null }),
    ]);

    const mine = await body(await ctx.app.request("/api/me/receipts", jsonRequest("GET", undefined, s.cookie)));
    expect(mine).toEqual([sent]);
  });

  it("refuses an amount of 0, a date after today, a missing file, a type other than JPEG/PNG/PDF (415) and 5 MB + 1 (413)", async () => {
    const s = await studentWithEnrollment("Vera Validação");
    const before = filesOnDisk().length;
    const cases: [FormData, number, string][] = [
      [form(s.enrollment.id, { paidAmount: "0" }), 400, "O valor pago deve ser maior que zero"],
      [
        form(s.enrollment.id, { paymentDate: addDays(todayInLuanda(), 1) }),
        400,
        "A data de pagamento não pode ser posterior a hoje",
      ],
      [form(s.enrollment.id, {}, null), 400, "Anexe o comprovante"],
      [form(s.enrollment.id, {}, [HTML, "recibo.png", "image/png"]), 415, "Formato inválido. Use JPEG, PNG ou PDF"],
      [
        form(s.enrollment.id, {}, [
          Buffer.concat([PNG, Buffer.alloc(MAX_FILE_BYTES + 1 - PNG.length)]),
          "a.png",
          "image/png",
        ]),
        413,
        "Arquivo muito grande. Tamanho máximo: 5MB",
      ],
    ];
    for (const [fd, status, message] of cases) {
      const res = await submit(s.cookie, fd);
      expect(res.status, message).toBe(status);
      const error = (await body(res)).error;
      expect([error.message, ...(error.issues ?? []).map((i: { message: string }) => i.message)]).toContain(message);
    }
    expect(filesOnDisk()).toHaveLength(before);
    expect(await receiptsOf(s.enrollment.id)).toEqual([]);
    expect(await statusOf(s.enrollment.id)).toBe("approved");
  });

  it("refuses another student's enrolment and one not awaiting payment (409)", async () => {
    const a = await studentWithEnrollment("Aluna Dona");
    const b = await studentWithEnrollment("Aluno Intruso");
    const pre = await studentWithEnrollment("Aluno Pré", { status: "pre_inscrito", paymentReferenceCode: null });
    for (const [cookie, id] of [
      [b.cookie, a.enrollment.id],
      [pre.cookie, pre.enrollment.id],
    ] as const) {
      const res = await submit(cookie, form(id));
      expect(res.status).toBe(409);
      expect((await body(res)).error.message).toBe("Esta inscrição ainda não aguarda pagamento");
    }
    expect(await receiptsOf(a.enrollment.id)).toEqual([]);
  });

  it("answers 503 in Portuguese and leaves no receipt and no file when storage fails, then takes it once storage is back", async () => {
    const s = await studentWithEnrollment("Falha Disco");
    // A real disk failure: DATA_DIR's files folder is a file (a volume not mounted, a wrong path).
    const root = path.join(ctx.dataDir, "files-broken");
    writeFileSync(root, "not a folder");
    const app = createApp({ ...ctx.deps, storage: createDiskStorage(root) });
    const res = await submit(s.cookie, form(s.enrollment.id), app);
    expect(res.status).toBe(503);
    expect(res.headers.get("retry-after")).toBe("5");
    expect((await body(res)).error).toEqual({ ...FILES_NOT_STORED, requestId: expect.any(String) });
    expect(await receiptsOf(s.enrollment.id)).toEqual([]);
    expect(await statusOf(s.enrollment.id)).toBe("approved");
    expect(
      await ctx.db.select().from(enrollmentEvents).where(eq(enrollmentEvents.enrollmentId, s.enrollment.id)),
    ).toEqual([]);

    rmSync(root);
    const again = await submit(s.cookie, form(s.enrollment.id), app);
    expect(again.status).toBe(201);
    expect(await receiptsOf(s.enrollment.id)).toHaveLength(1);
    expect(filesUnder(root)).toHaveLength(1);
  });

  it("refuses a second receipt while one is pending (409), removing the file it had stored", async () => {
    const s = await studentWithEnrollment("Falha Base");
    const before = filesOnDisk().length;
    // The pending check runs in the transaction, after the file was stored: the refusal must remove it.
    const first = await submit(s.cookie, form(s.enrollment.id));
    expect(first.status).toBe(201);
    const second = await submit(s.cookie, form(s.enrollment.id));
    expect(second.status).toBe(409);
    expect((await body(second)).error.message).toBe(
      "Já enviou um comprovante para esta inscrição. Aguarde a validação da equipe financeira.",
    );
    expect(filesOnDisk()).toHaveLength(before + 1);
  });

  it("gives one receipt for a double submit at the same moment", async () => {
    const s = await studentWithEnrollment("Duplo Clique");
    const results = await Promise.all([
      submit(s.cookie, form(s.enrollment.id)),
      submit(s.cookie, form(s.enrollment.id)),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual([201, 409]);
    expect(await receiptsOf(s.enrollment.id)).toHaveLength(1);
  });

  it("approves in one transaction: payment 'Transferência Bancária' completed, enrolment enrolled, e-mail sent", async () => {
    const s = await studentWithEnrollment("Paula Aprovada", { studentEmail: "paula@exemplo.ao" });
    const sent = await body(await submit(s.cookie, form(s.enrollment.id, { paidAmount: "150000" })));
    const res = await review(sent.id, "approve");
    expect(res.status).toBe(200);
    const result = await body(res);
    expect(result.studentEmail).toBe("queued");
    expect(result.receipt).toMatchObject({
      id: sent.id,
      status: "approved",
      enrollmentStatus: "enrolled",
      reviewedByName: "Filipa Finanças",
      divergence: 0,
      divergenceCorrect: true,
    });
    expect(result.receipt.reviewedAt).toEqual(expect.any(String));
    expect(await ctx.db.select().from(payments).where(eq(payments.enrollmentId, s.enrollment.id))).toEqual([
      expect.objectContaining({
        amount: 150000,
        paymentDate: todayInLuanda(),
        paymentMethod: "transferencia",
        status: "completed",
        notes: `Pagamento validado. Ref: ${s.enrollment.paymentReferenceCode}`,
        receiptId: sent.id,
      }),
    ]);
    expect(await statusOf(s.enrollment.id)).toBe("enrolled");
    await mailSent(ctx);
    expect(outboxTo("paula@exemplo.ao").some((m) => m.includes("matriculado"))).toBe(true);

    const again = await review(sent.id, "approve");
    expect(again.status).toBe(409);
    expect((await body(again)).error.message).toBe("Este comprovante já foi analisado");

    // The dashboard's month revenue counts it.
    const dashboard = await body(
      await ctx.app.request("/api/admin/dashboard", jsonRequest("GET", undefined, financeiro.cookie)),
    );
    expect(dashboard.monthRevenue).toBeGreaterThanOrEqual(150000);
  });

  it("records one payment when two staff approve the same receipt at once", async () => {
    const s = await studentWithEnrollment("Corrida Aprovação");
    const sent = await body(await submit(s.cookie, form(s.enrollment.id)));
    const other = await staffActor(ctx, "super_admin");
    const results = await Promise.all([
      review(sent.id, "approve"),
      review(sent.id, "approve", undefined, other.cookie),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
    expect(await ctx.db.select().from(payments).where(eq(payments.receiptId, sent.id))).toHaveLength(1);
  });

  it("rejects with a required reason; the student sees it, is e-mailed, and may send a new receipt", async () => {
    const s = await studentWithEnrollment("Rui Rejeitado", { studentEmail: "rui@exemplo.ao" });
    const sent = await body(await submit(s.cookie, form(s.enrollment.id)));
    const blank = await review(sent.id, "reject", { reason: "   " });
    expect(blank.status).toBe(400);
    expect((await body(blank)).error.message).toBe("Indique o motivo da rejeição");

    const res = await review(sent.id, "reject", { reason: "Comprovante ilegível" });
    expect(res.status).toBe(200);
    expect((await body(res)).receipt).toMatchObject({ status: "rejected", notes: "Comprovante ilegível" });
    // The enrolment reads as awaiting a new receipt, no longer 'Pagamento Enviado' (decision 050).
    expect(await statusOf(s.enrollment.id)).toBe("receipt_rejected");
    await mailSent(ctx);
    expect(outboxTo("rui@exemplo.ao").some((m) => m.includes("Motivo: Comprovante ileg"))).toBe(true);
    const mine = await body(await ctx.app.request("/api/me/receipts", jsonRequest("GET", undefined, s.cookie)));
    expect(mine[0]).toMatchObject({ status: "rejected", notes: "Comprovante ilegível" });

    const again = await submit(s.cookie, form(s.enrollment.id));
    expect(again.status).toBe(201);
    expect(await statusOf(s.enrollment.id)).toBe("payment_pending");
    const events = await ctx.db
      .select()
      .from(enrollmentEvents)
      .where(eq(enrollmentEvents.enrollmentId, s.enrollment.id))
      .orderBy(enrollmentEvents.at);
    expect(events.map((e) => [e.fromStatus, e.toStatus, e.kind])).toEqual([
      ["approved", "payment_pending", null],
      ["payment_pending", "receipt_rejected", null],
      ["receipt_rejected", "payment_pending", null],
    ]);
    expect(await ctx.db.select().from(payments).where(eq(payments.enrollmentId, s.enrollment.id))).toEqual([]);
  });

  it("shows students only their own receipts and files", async () => {
    const a = await studentWithEnrollment("Aluna Privada");
    const b = await studentWithEnrollment("Aluno Curioso");
    const sent = await body(await submit(a.cookie, form(a.enrollment.id)));
    const mineB = await body(await ctx.app.request("/api/me/receipts", jsonRequest("GET", undefined, b.cookie)));
    expect(mineB.map((r: { id: string }) => r.id)).not.toContain(sent.id);
    const fileUrl = `/api/files/${sent.fileId}`;
    expect((await ctx.app.request(fileUrl, jsonRequest("GET", undefined, b.cookie))).status).toBe(404);
    expect((await ctx.app.request(fileUrl, jsonRequest("GET", undefined, a.cookie))).status).toBe(200);
    expect((await ctx.app.request(fileUrl, jsonRequest("GET", undefined, financeiro.cookie))).status).toBe(200);
  });

  it("warns finance about the same file, or the same amount, date and code, already sent for another enrolment", async () => {
    const a = await studentWithEnrollment("Original Silva");
    const b = await studentWithEnrollment("Copia Santos");
    const unique = Buffer.concat([PNG, Buffer.from("unico")]);
    const first = await body(await submit(a.cookie, form(a.enrollment.id, {}, [unique, "a.png", "image/png"])));
    const copy = await body(await submit(b.cookie, form(b.enrollment.id, {}, [unique, "b.png", "image/png"])));
    // The same payment (amount, date, code) claimed for another enrolment: a row written by hand, since codes are unique.
    const c = await studentWithEnrollment("Mesmo Pagamento");
    const [file] = await ctx.db
      .insert(storedFiles)
      .values({
        kind: "receipt",
        contentType: "application/pdf",
        size: PDF.length,
        storageKey: `receipt/x/${c.enrollment.id}.pdf`,
      })
      .returning();
    await ctx.db.insert(paymentReceipts).values({
      studentAccountId: c.accountId,
      enrollmentId: c.enrollment.id,
      fileId: file!.id,
      fileType: "pdf",
      paidAmount: 150000,
      paymentDate: todayInLuanda(),
      coursePrice: 150000,
      paymentReferenceCode: a.enrollment.paymentReferenceCode,
      fileSha256: "f".repeat(64),
    });

    // Each receipt read alone, on a page of one row: its warnings name receipts that are on other pages.
    const row = async (id: string) => {
      const all = await body(await listReceipts("pageSize=100"));
      const at = all.rows.findIndex((r: { id: string }) => r.id === id);
      const res = await listReceipts(`pageSize=1&page=${at + 1}`);
      expect(res.status).toBe(200);
      const page = await body(res);
      expect(page.rows).toHaveLength(1);
      expect(page.rows[0].id).toBe(id);
      return page.rows[0];
    };
    expect((await row(copy.id)).duplicates).toEqual([
      {
        kind: "same_file",
        receiptId: first.id,
        enrollmentId: a.enrollment.id,
        studentName: "Original Silva",
        status: "pending",
      },
    ]);
    expect(
      (await row(first.id)).duplicates.map((d: { kind: string; studentName: string }) => [d.kind, d.studentName]),
    ).toEqual(
      expect.arrayContaining([
        ["same_file", "Copia Santos"],
        ["same_payment", "Mesmo Pagamento"],
      ]),
    );
    // A receipt sharing nothing with another enrolment's has no warning.
    const lone = await studentWithEnrollment("Sem Duplicado");
    const alone = await body(
      await submit(
        lone.cookie,
        form(lone.enrollment.id, {}, [Buffer.concat([PNG, Buffer.from("só")]), "c.png", "image/png"]),
      ),
    );
    expect((await row(alone.id)).duplicates).toEqual([]);
  });
});

/** Comprovantes pages, searches and sorts on the server; the cards count every receipt (issue 23). */
describe("receipts list: pages, search, order, cards", () => {
  let ctx: TestContext;
  let get: (query: string) => Response | Promise<Response>;
  const names = (list: { rows: { studentName: string }[] }) => list.rows.map((r) => r.studentName);

  beforeAll(async () => {
    ctx = await createTestContext();
    const financeiro = await staffActor(ctx, "financeiro");
    get = (query) => ctx.app.request(`/api/admin/receipts?${query}`, jsonRequest("GET", undefined, financeiro.cookie));
    const excel = await insertCourse(ctx.db, { name: "Excel Avançado", price: 150000 });
    const ingles = await insertCourse(ctx.db, { name: "Inglês para Negócios", price: 60000 });
    const [file] = await ctx.db
      .insert(storedFiles)
      .values({ kind: "receipt", contentType: "application/pdf", size: PDF.length, storageKey: "receipt/x/lista.pdf" })
      .returning();
    // Sent on days 1..4 of March 2025, in this order.
    const people = [
      ["João Gonçalves", "923111222", excel, "pending", 150000],
      ["Márcia Lopes", "924333444", ingles, "approved", 60000],
      ["Bruno Bento", "925555666", excel, "rejected", 100],
      ["Ana Zacarias", "926777888", ingles, "pending", 90000],
    ] as const;
    let n = 0;
    for (const [name, phone, courseId, status, paidAmount] of people) {
      const s = await enrolledStudent(ctx, courseId, name, {
        studentPhone: phone,
        paymentReferenceCode: `LISTA${++n}`,
        status: "payment_pending",
      });
      await ctx.db.insert(paymentReceipts).values({
        studentAccountId: s.accountId,
        enrollmentId: s.enrollment.id,
        fileId: file!.id,
        fileType: "pdf",
        status,
        paidAmount,
        paymentDate: "2025-03-01",
        coursePrice: courseId === excel ? 150000 : 60000,
        paymentReferenceCode: `LISTA${n}`,
        submittedAt: new Date(`2025-03-0${n}T10:00:00Z`),
      });
    }
  });
  afterAll(() => ctx.close());

  it("gives the page asked for, newest sent first, the total, and the cards over every receipt", async () => {
    const first = await body(await get("pageSize=3"));
    expect(first).toMatchObject({ total: 4, page: 1, pageSize: 3 });
    expect(names(first)).toEqual(["Ana Zacarias", "Bruno Bento", "Márcia Lopes"]);
    expect(first.counts).toEqual({
      total: 4,
      pending: 2,
      approved: 1,
      rejected: 1,
      approvedAmount: 60000,
      pendingAmount: 240000,
    });
    const second = await body(await get("pageSize=3&page=2"));
    expect(names(second)).toEqual(["João Gonçalves"]);
    expect(second.rows[0]).toMatchObject({ divergence: 0, divergenceCorrect: true, courseName: "Excel Avançado" });
  });

  it("searches name, phone, course and reference code, ignoring case and accents; the cards stay whole", async () => {
    const search = async (q: string) => body(await get(`q=${encodeURIComponent(q)}`));
    expect(names(await search("JOAO gonçalves"))).toEqual(["João Gonçalves"]);
    expect(names(await search("marcia"))).toEqual(["Márcia Lopes"]);
    expect(names(await search("925 555"))).toEqual(["Bruno Bento"]);
    expect(names(await search("lista4"))).toEqual(["Ana Zacarias"]);
    const ingles = await search("ingles");
    expect(names(ingles)).toEqual(["Ana Zacarias", "Márcia Lopes"]);
    expect(ingles.total).toBe(2);
    expect(ingles.counts.total).toBe(4);
    expect(await body(await get("q=ingles&pageSize=1"))).toMatchObject({
      total: 2,
      rows: [{ studentName: "Ana Zacarias" }],
    });
    expect(await body(await get("q=ingles&pageSize=1&page=2"))).toMatchObject({
      total: 2,
      rows: [{ studentName: "Márcia Lopes" }],
    });
    expect(await search("ninguém")).toMatchObject({ rows: [], total: 0 });
  });

  it("sorts by student, course, amount, sending time and status, either way", async () => {
    const sorted = async (query: string) => names(await body(await get(query)));
    expect(await sorted("sort=student")).toEqual(["Ana Zacarias", "Bruno Bento", "João Gonçalves", "Márcia Lopes"]);
    expect(await sorted("sort=student&dir=desc")).toEqual([
      "Márcia Lopes",
      "João Gonçalves",
      "Bruno Bento",
      "Ana Zacarias",
    ]);
    expect(await sorted("sort=amounts&dir=desc")).toEqual([
      "João Gonçalves",
      "Ana Zacarias",
      "Márcia Lopes",
      "Bruno Bento",
    ]);
    expect(await sorted("sort=dates")).toEqual(["João Gonçalves", "Márcia Lopes", "Bruno Bento", "Ana Zacarias"]);
    expect((await sorted("sort=course")).slice(0, 2).sort()).toEqual(["Bruno Bento", "João Gonçalves"]);
    // The workflow's order: pending, approved, rejected.
    const byStatus = await sorted("sort=status");
    expect(byStatus.slice(0, 2).sort()).toEqual(["Ana Zacarias", "João Gonçalves"]);
    expect(byStatus.slice(2)).toEqual(["Márcia Lopes", "Bruno Bento"]);
  });

  it("answers 400 with a Portuguese message for a bad page, page size or sort", async () => {
    for (const [query, field, message] of [
      ["page=-1", "page", "Página inválida"],
      ["pageSize=0", "pageSize", "O tamanho da página deve ser um número entre 1 e 100"],
      ["sort=paidAmount", "sort", "Ordenação inválida"],
      ["sort=dates&dir=baixo", "dir", "Sentido da ordenação inválido (asc ou desc)"],
    ] as const) {
      const res = await get(query);
      expect(res.status, query).toBe(400);
      expect((await body(res)).error.issues).toEqual([{ path: field, message }]);
    }
  });
});
