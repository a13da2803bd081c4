import { mkdirSync, renameSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { addYears } from "@app/shared/calendar-date";
import { formatDate, todayInLuanda } from "@app/shared/dates";
import { FILE_NOT_READABLE, FILES_NOT_STORED } from "@app/shared/messages";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { staffActor, studentActor } from "../../../../test/actors";
import { body, createTestContext, TEST_BASE_URL, type TestContext } from "../../../../test/context";
import {
  ENROLLMENT_DOCUMENT_FILES,
  enrollmentForm,
  enrollmentFormFields,
  type FormFile,
  filesUnder,
  HTML,
  insertCourse,
  PDF,
  PNG,
} from "../../../../test/fixtures";
import { createApp } from "../../../app";
import { enrollmentEvents, enrollments, storedFiles, studentAccounts } from "../../../db/schema";
import { createDiskStorage } from "../../../storage/disk";

const hundredYearsAgo = () => formatDate(addYears(todayInLuanda(), -100));

describe("student enrolment submission", () => {
  let ctx: TestContext;
  let courseId: string;
  const filesOnDisk = () => filesUnder(path.join(ctx.dataDir, "files"));

  const fields = () => enrollmentFormFields(courseId);

  const form = (overrides: Record<string, string> = {}, files: Partial<Record<string, FormFile>> = {}) =>
    enrollmentForm({ ...fields(), ...overrides }, { ...ENROLLMENT_DOCUMENT_FILES, ...files });

  const submit = (cookie: string, fd: FormData, app = ctx.app) =>
    app.request("/api/me/enrollments", { method: "POST", body: fd, headers: { cookie, origin: TEST_BASE_URL } });

  beforeAll(async () => {
    ctx = await createTestContext();
    courseId = await insertCourse(ctx.db, { name: "Marketing Digital" });
  });
  afterAll(() => ctx.close());

  it("creates a pre_inscrito enrolment with its documents and history, and completes the account, at once", async () => {
    const s = await studentActor(ctx, "Joana Lunda");
    const res = await submit(s.cookie, form());
    expect(res.status).toBe(201);
    const created = await body(res);
    expect(created.status).toBe("pre_inscrito");

    const [row] = await ctx.db.select().from(enrollments).where(eq(enrollments.id, created.id));
    expect(row).toMatchObject({
      status: "pre_inscrito",
      studentName: "Joana Lunda",
      motherName: "Ana Maria Lunda",
      fatherName: null,
      courseId,
    });
    const events = await ctx.db.select().from(enrollmentEvents).where(eq(enrollmentEvents.enrollmentId, created.id));
    expect(events).toEqual([expect.objectContaining({ fromStatus: null, toStatus: "pre_inscrito" })]);
    const docs = await ctx.db.select().from(storedFiles);
    expect(docs.map((d) => d.contentType).sort()).toEqual(["application/pdf", "image/png", "image/png"]);
    expect(docs.every((d) => !d.storageKey.includes("bi-") && !d.storageKey.includes("certificado"))).toBe(true);
    expect(filesOnDisk()).toHaveLength(3);

    const session = await body(await ctx.app.request("/api/session", { headers: { cookie: s.cookie } }));
    expect(session.student.enrollmentCompleted).toBe(true);
    const mine = await body(await ctx.app.request("/api/me/enrollments", { headers: { cookie: s.cookie } }));
    expect(mine).toEqual([
      expect.objectContaining({ courseName: "Marketing Digital", status: "pre_inscrito", paymentReferenceCode: null }),
    ]);

    // A second submission (double click) is refused and leaves no file behind.
    const again = await submit(s.cookie, form());
    expect(again.status).toBe(409);
    expect(filesOnDisk()).toHaveLength(3);
  });

  it("refuses each invalid field with the SPEC's message and creates nothing", async () => {
    const s = await studentActor(ctx);
    const cases: [Record<string, string>, string, string][] = [
      [{ birthDate: "" }, "birthDate", "Data de nascimento é obrigatória"],
      [{ birthDate: "2000-02-31" }, "birthDate", "Data inválida"],
      [{ birthDate: "2000-13-45" }, "birthDate", "Data inválida"],
      [{ birthDate: "0001-01-01" }, "birthDate", `A data de nascimento não pode ser anterior a ${hundredYearsAgo()}`],
      [{ birthDate: "2999-01-01" }, "birthDate", "A data de nascimento não pode ser no futuro"],
      [{ motherName: "Ana" }, "motherName", "Nome da mãe deve ter no mínimo 2 nomes"],
      [{ nationality: " " }, "nationality", "Nacionalidade é obrigatória"],
      [{ province: "Lisboa" }, "province", "Selecione a província"],
      [{ schedulePreference: "sabado" }, "schedulePreference", "Selecione o horário"],
      [{ courseId: "nao-e-uuid" }, "courseId", "Selecione o curso"],
    ];
    for (const [override, field, message] of cases) {
      const res = await submit(s.cookie, form(override));
      expect(res.status, field).toBe(400);
      const err = (await body(res)).error;
      expect(err.message).toBe("Por favor, preencha todos os campos obrigatórios");
      expect(err.issues).toContainEqual({ path: field, message });
    }
    const missing = await submit(s.cookie, form({}, { certificate: undefined }));
    expect((await body(missing)).error.issues).toEqual([
      { path: "certificate", message: "Anexe todos os documentos obrigatórios" },
    ]);
    expect(await ctx.db.select().from(enrollments).where(eq(enrollments.studentName, "Aluno Teste"))).toEqual([]);
    expect(filesOnDisk()).toHaveLength(3);
  });

  it("checks documents by content: HTML named .jpg is refused (415), a PDF named .png is stored as a PDF", async () => {
    const s = await studentActor(ctx);
    const html = await submit(s.cookie, form({}, { idCardFront: [HTML, "foto.jpg", "image/jpeg"] }));
    expect(html.status).toBe(415);
    expect((await body(html)).error.message).toBe(
      "Bilhete de Identidade (frente): Formato inválido. Use JPEG, PNG, WEBP ou PDF",
    );
    expect(filesOnDisk()).toHaveLength(3);

    const renamed = await submit(s.cookie, form({}, { idCardBack: [PDF, "verso.png", "image/png"] }));
    expect(renamed.status).toBe(201);
    const [row] = await ctx.db
      .select()
      .from(enrollments)
      .where(eq(enrollments.id, (await body(renamed)).id));
    const [back] = await ctx.db.select().from(storedFiles).where(eq(storedFiles.id, row!.idCardBackFileId!));
    expect(back).toMatchObject({ contentType: "application/pdf" });
    expect(back!.storageKey.endsWith(".pdf")).toBe(true);
  });

  it("names the refused document, on its field, and stores nothing: wrong type (415), empty (400), too large (413)", async () => {
    const s = await studentActor(ctx, "Documento Recusado");
    const before = filesOnDisk().length;
    const big = Buffer.concat([PDF, Buffer.alloc(5 * 1024 * 1024 + 1 - PDF.length)]);
    const cases: [Record<string, [Buffer, string, string]>, number, string, string][] = [
      [
        { idCardBack: [HTML, "verso.jpg", "image/jpeg"] },
        415,
        "idCardBack",
        "Bilhete de Identidade (verso): Formato inválido. Use JPEG, PNG, WEBP ou PDF",
      ],
      [
        { certificate: [Buffer.alloc(0), "certificado.pdf", "application/pdf"] },
        400,
        "certificate",
        "Certificado de habilitações: O arquivo está vazio",
      ],
      [
        { certificate: [big, "grande.pdf", "application/pdf"] },
        413,
        "certificate",
        "Certificado de habilitações: Arquivo muito grande. Tamanho máximo: 5MB",
      ],
    ];
    for (const [files, status, field, message] of cases) {
      const res = await submit(s.cookie, form({}, files));
      expect(res.status, field).toBe(status);
      expect((await body(res)).error).toMatchObject({ message, issues: [{ path: field, message }] });
    }
    expect(filesOnDisk()).toHaveLength(before);
    expect(await ctx.db.select().from(enrollments).where(eq(enrollments.studentName, "Documento Recusado"))).toEqual(
      [],
    );
  });

  it("answers 503 in Portuguese and leaves nothing behind when storage fails in the middle, then succeeds once it is back", async () => {
    const s = await studentActor(ctx, "Falha Armazenamento");
    // A real disk failure on the third document only: a file stands where its folder should be.
    const root = path.join(ctx.dataDir, "files-failing");
    const blocked = path.join(root, "certificate");
    mkdirSync(root, { recursive: true });
    writeFileSync(blocked, "not a folder");
    const app = createApp({ ...ctx.deps, storage: createDiskStorage(root) });
    const res = await submit(s.cookie, form(), app);
    expect(res.status).toBe(503);
    expect(res.headers.get("retry-after")).toBe("5");
    expect((await body(res)).error).toEqual({ ...FILES_NOT_STORED, requestId: expect.any(String) });
    expect(filesUnder(root)).toEqual([blocked]); // the two documents stored first were removed
    expect(await ctx.db.select().from(enrollments).where(eq(enrollments.studentName, "Falha Armazenamento"))).toEqual(
      [],
    );
    const [account] = await ctx.db
      .select()
      .from(studentAccounts)
      .where(eq(studentAccounts.studentName, "Falha Armazenamento"));
    expect(account!.enrollmentCompleted).toBe(false);

    // The storage is repaired: the same form goes through.
    rmSync(blocked);
    const again = await submit(s.cookie, form(), app);
    expect(again.status).toBe(201);
    expect(filesUnder(root)).toHaveLength(3);

    // A download while the storage cannot be read: 503 with its own message, not 500; then 200 again.
    const [row] = await ctx.db
      .select()
      .from(enrollments)
      .where(eq(enrollments.id, (await body(again)).id));
    const url = `/api/files/${row!.idCardFrontFileId}`;
    const folder = path.join(root, "id-card-front");
    renameSync(folder, `${folder}.away`);
    writeFileSync(folder, "not a folder");
    const unreadable = await app.request(url, { headers: { cookie: s.cookie } });
    expect(unreadable.status).toBe(503);
    expect((await body(unreadable)).error).toEqual({ ...FILE_NOT_READABLE, requestId: expect.any(String) });
    rmSync(folder);
    renameSync(`${folder}.away`, folder);
    const read = await app.request(url, { headers: { cookie: s.cookie } });
    expect(read.status).toBe(200);
    expect(Buffer.from(await read.arrayBuffer()).equals(PNG)).toBe(true);
  });

  describe("document access", () => {
    it("lets the owner and staff with a role open a document; nobody else", async () => {
      const owner = await studentActor(ctx, "Dona Documento");
      const created = await body(await submit(owner.cookie, form()));
      const [row] = await ctx.db.select().from(enrollments).where(eq(enrollments.id, created.id));
      const url = `/api/files/${row!.idCardFrontFileId}`;
      const other = await studentActor(ctx, "Outra Aluna");
      const staff = await staffActor(ctx, "secretaria");
      const noRole = await staffActor(ctx, null);
      const professor = await staffActor(ctx, "professor");

      const mine = await ctx.app.request(url, { headers: { cookie: owner.cookie } });
      expect(mine.status).toBe(200);
      expect(mine.headers.get("content-type")).toBe("image/png");
      expect(mine.headers.get("x-content-type-options")).toBe("nosniff");
      expect(mine.headers.get("content-disposition")).toMatch(/^inline; filename="documento\.png"$/);
      expect(Buffer.from(await mine.arrayBuffer()).equals(PNG)).toBe(true);

      expect((await ctx.app.request(url, { headers: { cookie: staff.cookie } })).status).toBe(200);
      expect((await ctx.app.request(url, { headers: { cookie: other.cookie } })).status).toBe(404);
      // A teacher does not see applicants' identity documents (decision 018): answered like a missing file.
      expect((await ctx.app.request(url, { headers: { cookie: professor.cookie } })).status).toBe(404);
      expect((await ctx.app.request(url, { headers: { cookie: noRole.cookie } })).status).toBe(403);
      expect((await ctx.app.request(url)).status).toBe(401);
    });
  });
});
