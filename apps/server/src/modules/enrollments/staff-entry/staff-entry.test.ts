import path from "node:path";
import { formatDate } from "@app/shared/dates";
import { STAFF_ENROLLMENT_STEP_MESSAGES } from "@app/shared/schemas/enrollment-staff";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { cookieOf, jsonRequest, staffActor, studentActor } from "../../../../test/actors";
import { body, createTestContext, TEST_BASE_URL, type TestContext } from "../../../../test/context";
import {
  ENROLLMENT_DOCUMENT_FILES,
  enrollmentForm,
  enrollmentRow,
  filesUnder,
  insertCourse,
  PDF,
} from "../../../../test/fixtures";
import { authAccount, enrollmentEvents, enrollments, storedFiles, studentAccounts } from "../../../db/schema";

/** Staff record and correct enrolments (SPEC §5 'Staff new enrolment'; decision 047) against a real PostgreSQL. */
describe("staff new enrolment and edit", () => {
  let ctx: TestContext;
  let courseId: string;
  let otherCourseId: string;
  let secretaria: { userId: string; cookie: string };
  let phones = 0;
  const freshPhone = () => `93${String(1_000_000 + ++phones).slice(-7)}`;

  const fields = (overrides: Record<string, string> = {}) => ({
    studentName: "Pedro Manuel",
    birthDate: "1999-05-12",
    fatherName: "Manuel Pedro",
    motherName: "Rosa Manuel",
    nationality: "Angolana",
    birthPlace: "Huambo",
    province: "Huambo",
    municipality: "Huambo",
    neighborhood: "Cidade Alta",
    studentPhone: freshPhone(),
    studentEmail: "pedro@exemplo.ao",
    qualification: "tecnico",
    trainingArea: "Contabilidade",
    schedulePreference: "sabado",
    courseId,
    ...overrides,
  });

  const form = (values: Record<string, string>, withFiles = true) =>
    enrollmentForm(values, withFiles ? ENROLLMENT_DOCUMENT_FILES : {});

  const create = (fd: FormData, cookie = secretaria.cookie) =>
    ctx.app.request("/api/admin/enrollments", {
      method: "POST",
      body: fd,
      headers: { cookie, origin: TEST_BASE_URL },
    });
  const accountsOf = (phone: string, cookie = secretaria.cookie) =>
    ctx.app.request(`/api/admin/enrollments/phone-accounts?phone=${encodeURIComponent(phone)}`, {
      headers: { cookie },
    });
  const patch = (id: string, payload: unknown, cookie = secretaria.cookie) =>
    ctx.app.request(`/api/admin/enrollments/${id}`, jsonRequest("PATCH", payload, cookie));

  beforeAll(async () => {
    ctx = await createTestContext();
    courseId = await insertCourse(ctx.db, { name: "Contabilidade Prática", price: 120000 });
    otherCourseId = await insertCourse(ctx.db, { name: "Excel Avançado", durationMonths: 2, price: 80000 });
    secretaria = await staffActor(ctx, "secretaria", "Sara Secretaria");
  });
  afterAll(() => ctx.close());

  it("creates an account for a new phone and answers its code and password once; the student signs in with them", async () => {
    const values = fields({ studentPhone: "+244 931 222 333" });
    const res = await create(form(values));
    expect(res.status).toBe(201);
    const created = await body(res);
    expect(created.account).toMatchObject({ created: true, studentName: "Pedro Manuel" });
    expect(created.account.studentPassword).toMatch(/^[A-Z0-9]{6}$/);
    expect(created.enrollment).toMatchObject({
      status: "pre_inscrito",
      studentName: "Pedro Manuel",
      studentPhone: "931222333",
      studentEmail: "pedro@exemplo.ao",
      fatherName: "Manuel Pedro",
      qualification: "tecnico",
      schedulePreference: "sabado",
      courseName: "Contabilidade Prática",
    });
    expect(created.enrollment.events).toHaveLength(1);
    expect(created.enrollment.events[0]).toMatchObject({ fromStatus: null, toStatus: "pre_inscrito" });
    expect(created.enrollment.documents.every((d: { fileId: string | null }) => d.fileId)).toBe(true);

    // Stored hashed: the plain password appears nowhere in the database.
    const [account] = await ctx.db.select().from(studentAccounts).where(eq(studentAccounts.studentPhone, "931222333"));
    expect(account).toMatchObject({
      studentCode: created.account.studentCode,
      mustChangePassword: true,
      enrollmentCompleted: true,
    });
    const [credential] = await ctx.db.select().from(authAccount).where(eq(authAccount.userId, account!.userId));
    expect(credential!.password).not.toContain(created.account.studentPassword);

    // The documents belong to the student's user, so the student may read them.
    const [file] = await ctx.db
      .select()
      .from(storedFiles)
      .where(eq(storedFiles.id, created.enrollment.documents[0].fileId));
    expect(file!.ownerUserId).toBe(account!.userId);

    const signIn = await ctx.app.request(
      "/api/auth/student/sign-in",
      jsonRequest("POST", { code: created.account.studentCode, password: created.account.studentPassword }),
    );
    expect(signIn.status).toBe(200);
    const cookie = signIn.headers
      .getSetCookie()
      .map((c) => c.split(";")[0])
      .join("; ");
    // The password staff saw is temporary: the student chooses one first (decision 028).
    const chosen = await ctx.app.request(
      "/api/me/account/password",
      jsonRequest(
        "PUT",
        { currentPassword: created.account.studentPassword, newPassword: "MINHA1", confirmPassword: "MINHA1" },
        cookie,
      ),
    );
    expect(chosen.status).toBe(200);
    const mine = await body(await ctx.app.request("/api/me/enrollments", { headers: { cookie } }));
    expect(mine).toHaveLength(1);
    expect(mine[0]).toMatchObject({ id: created.enrollment.id, status: "pre_inscrito" });
    const document = await ctx.app.request(`/api/files/${created.enrollment.documents[2].fileId}`, {
      headers: { cookie },
    });
    expect(document.status).toBe(200);
  });

  it("links to the existing account staff chose among those with the phone: no password, its enrolment completed, History names it", async () => {
    const student = await studentActor(ctx, "Joana Lunda");
    const [before] = await ctx.db
      .select()
      .from(studentAccounts)
      .where(eq(studentAccounts.studentCode, student.studentCode));
    expect(before!.enrollmentCompleted).toBe(false);

    // Written as people write it: the same number.
    const typed = `+244 ${student.phone.slice(0, 3)} ${student.phone.slice(3, 6)} ${student.phone.slice(6)}`;
    const [listed] = await body(await accountsOf(typed));
    expect(listed).toEqual({
      id: before!.id,
      studentCode: student.studentCode,
      studentName: "Joana Lunda",
      createdAt: before!.createdAt.toISOString(),
    });
    const res = await create(
      form(fields({ studentName: "Joana Lunda", studentPhone: typed, studentAccount: listed.id })),
    );
    expect(res.status).toBe(201);
    const created = await body(res);
    expect(created.account).toEqual({
      studentCode: student.studentCode,
      studentName: "Joana Lunda",
      created: false,
      studentPassword: null,
    });
    const [after] = await ctx.db.select().from(studentAccounts).where(eq(studentAccounts.studentPhone, student.phone));
    expect(after!.enrollmentCompleted).toBe(true);
    const accounts = await ctx.db.select().from(studentAccounts).where(eq(studentAccounts.studentPhone, student.phone));
    expect(accounts).toHaveLength(1);
    expect(created.enrollment.events).toEqual([
      expect.objectContaining({
        fromStatus: null,
        toStatus: "pre_inscrito",
        actorName: "Sara Secretaria",
        note: `Inscrição registrada pela equipe e vinculada à conta de aluno existente ${student.studentCode} (Joana Lunda), escolhida pela equipe`,
      }),
    ]);

    const mine = await body(await ctx.app.request("/api/me/enrollments", { headers: { cookie: student.cookie } }));
    expect(mine.map((e: { id: string }) => e.id)).toEqual([created.enrollment.id]);
  });

  it("refuses an account that does not have the enrolment's phone (409), writing nothing", async () => {
    const other = await studentActor(ctx, "Conta Alheia");
    const [account] = await ctx.db
      .select()
      .from(studentAccounts)
      .where(eq(studentAccounts.studentCode, other.studentCode));
    const phone = freshPhone();
    const filesBefore = (await ctx.db.select().from(storedFiles)).length;
    const res = await create(form(fields({ studentPhone: phone, studentAccount: account!.id })));
    expect(res.status).toBe(409);
    expect((await body(res)).error).toEqual({
      code: "student_account_phone_mismatch",
      message:
        "A conta escolhida não tem este telefone. Escolha uma das contas com este telefone ou crie uma conta nova.",
    });
    expect(await ctx.db.select().from(enrollments).where(eq(enrollments.studentAccountId, account!.id))).toEqual([]);
    expect(await ctx.db.select().from(studentAccounts).where(eq(studentAccounts.studentPhone, phone))).toEqual([]);
    expect(await ctx.db.select().from(storedFiles)).toHaveLength(filesBefore);
  });

  it("refuses a second open application of the same account for the same course (409), but not another course", async () => {
    const phone = freshPhone();
    expect((await create(form(fields({ studentPhone: phone })))).status).toBe(201);
    const [{ id: accountId }] = await body(await accountsOf(phone));
    const same = (overrides: Record<string, string> = {}) =>
      form(fields({ studentPhone: phone, studentAccount: accountId, ...overrides }));
    const again = await create(same());
    expect(again.status).toBe(409);
    expect((await body(again)).error).toMatchObject({
      code: "duplicate_enrollment",
      message: "Este aluno já tem uma inscrição em aberto neste curso",
    });
    expect((await create(same({ courseId: otherCourseId }))).status).toBe(201);

    // A rejected application does not count as open.
    await ctx.db
      .update(enrollments)
      .set({ status: "rejected" })
      .where(and(eq(enrollments.studentPhone, phone), eq(enrollments.courseId, courseId)));
    expect((await create(same())).status).toBe(201);
  });

  it("gives one account when two staff record the same new phone at once: the second must choose (409)", async () => {
    const phone = freshPhone();
    const results = await Promise.all([
      create(form(fields({ studentPhone: phone }))),
      create(form(fields({ studentPhone: phone, courseId: otherCourseId }))),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual([201, 409]);
    const refused = await body(results.find((r) => r.status === 409)!);
    expect(refused.error.code).toBe("student_phone_has_accounts");
    expect(await ctx.db.select().from(studentAccounts).where(eq(studentAccounts.studentPhone, phone))).toHaveLength(1);
    expect(await ctx.db.select().from(enrollments).where(eq(enrollments.studentPhone, phone))).toHaveLength(1);
  });

  it("refuses incomplete steps with the fields' messages, and missing documents with the SPEC's text", async () => {
    const missingFather = await create(form(fields({ fatherName: "" })));
    expect(missingFather.status).toBe(400);
    expect((await body(missingFather)).error.issues).toContainEqual({
      path: "fatherName",
      message: "Nome do pai é obrigatório",
    });

    const wrongLists = await create(form(fields({ qualification: "medio", schedulePreference: "domingo" })));
    const issues = (await body(wrongLists)).error.issues.map((i: { path: string }) => i.path);
    expect(issues).toEqual(expect.arrayContaining(["qualification", "schedulePreference"]));

    const badContact = await create(form(fields({ studentPhone: "12345", studentEmail: "" })));
    expect((await body(badContact)).error.issues).toEqual(
      expect.arrayContaining([
        { path: "studentPhone", message: "Telefone deve ter 9 dígitos" },
        { path: "studentEmail", message: "Email é obrigatório" },
      ]),
    );

    const noFiles = await create(form(fields(), false));
    expect(noFiles.status).toBe(400);
    expect((await body(noFiles)).error.message).toBe(STAFF_ENROLLMENT_STEP_MESSAGES.documents);
  });

  it("writes nothing when a document is refused by its content", async () => {
    const phone = freshPhone();
    const fd = enrollmentForm(fields({ studentPhone: phone }), {
      ...ENROLLMENT_DOCUMENT_FILES,
      idCardBack: [Buffer.from("<html></html>"), "bi.png", "image/png"],
    });
    const res = await create(fd);
    expect(res.status).toBe(415);
    expect(await ctx.db.select().from(studentAccounts).where(eq(studentAccounts.studentPhone, phone))).toHaveLength(0);
  });

  it("lets only those who approve enrolments create and edit them", async () => {
    for (const role of ["financeiro", "professor"] as const) {
      const who = await staffActor(ctx, role);
      const res = await create(form(fields()), who.cookie);
      expect(res.status).toBe(403);
      expect((await body(res)).error.message).toBe(
        "Só Super Administrador, Administrador e Secretaria podem criar ou editar inscrições",
      );
    }
    const admin = await staffActor(ctx, "admin");
    expect((await create(form(fields()), admin.cookie)).status).toBe(201);
  });

  describe("a phone someone else registered (issue 21)", () => {
    /** Signs in with a student code and the password shown once, and chooses a new one as a student does; the cookie. */
    const signIn = async (code: string, password: string) => {
      const res = await ctx.app.request("/api/auth/student/sign-in", jsonRequest("POST", { code, password }));
      expect(res.status).toBe(200);
      const cookie = cookieOf(res);
      const chosen = await ctx.app.request(
        "/api/me/account/password",
        jsonRequest("PUT", { currentPassword: password, newPassword: "MINHA1", confirmPassword: "MINHA1" }, cookie),
      );
      expect(chosen.status).toBe(200);
      return cookie;
    };
    const get = (url: string, cookie: string) => ctx.app.request(url, { headers: { cookie } });

    it("refuses to link silently; staff choose a new account, which alone owns the enrolment, its documents and code", async () => {
      const victimPhone = freshPhone();
      // The attacker creates a student account with the victim's phone: the public sign-up never checks it.
      const signUp = await ctx.app.request(
        "/api/student-accounts",
        jsonRequest("POST", { studentName: "Atacante Oportunista", studentPhone: victimPhone, hasEmail: false }),
      );
      expect(signUp.status).toBe(201);
      const attacker = await body(signUp);
      const attackerCookie = await signIn(attacker.studentCode, attacker.studentPassword);

      // The secretariat records the victim's walk-in enrolment without choosing an account: refused, nothing written.
      const victim = fields({ studentName: "Vitória Sebastião", studentPhone: victimPhone });
      const filesBefore = filesUnder(path.join(ctx.dataDir, "files")).length;
      const rowsBefore = (await ctx.db.select().from(storedFiles)).length;
      const refused = await create(form(victim));
      expect(refused.status).toBe(409);
      const [attackerAccount] = await ctx.db
        .select()
        .from(studentAccounts)
        .where(eq(studentAccounts.studentCode, attacker.studentCode));
      expect((await body(refused)).error).toEqual({
        code: "student_phone_has_accounts",
        message:
          "Já existem contas de aluno com este telefone. Escolha a conta do aluno ou crie uma conta nova. " +
          `Conta com este telefone: ${attacker.studentCode} — Atacante Oportunista, criada em ${formatDate(attackerAccount!.createdAt)}.`,
      });
      expect(await ctx.db.select().from(enrollments).where(eq(enrollments.studentPhone, victimPhone))).toEqual([]);
      expect(
        await ctx.db.select().from(studentAccounts).where(eq(studentAccounts.studentPhone, victimPhone)),
      ).toHaveLength(1);
      expect(await ctx.db.select().from(storedFiles)).toHaveLength(rowsBefore);
      expect(filesUnder(path.join(ctx.dataDir, "files"))).toHaveLength(filesBefore);

      // Staff see the account (name, code, created date and nothing else) and create a new one.
      const listed = await body(await accountsOf(victimPhone));
      expect(listed).toEqual([
        {
          id: attackerAccount!.id,
          studentCode: attacker.studentCode,
          studentName: "Atacante Oportunista",
          createdAt: attackerAccount!.createdAt.toISOString(),
        },
      ]);
      const res = await create(form({ ...victim, studentAccount: "new" }));
      expect(res.status).toBe(201);
      const created = await body(res);
      expect(created.account).toMatchObject({ created: true, studentName: "Vitória Sebastião" });
      expect(created.account.studentCode).not.toBe(attacker.studentCode);
      const [victimAccount] = await ctx.db
        .select()
        .from(studentAccounts)
        .where(eq(studentAccounts.studentCode, created.account.studentCode));
      expect(created.enrollment.studentAccountId).toBe(victimAccount!.id);
      expect(created.enrollment.events[0].note).toBe(
        `Inscrição registrada pela equipe, com uma nova conta de aluno (${created.account.studentCode}); o telefone já tinha a conta ${attacker.studentCode}, não usada`,
      );
      const approved = await ctx.app.request(
        `/api/admin/enrollments/${created.enrollment.id}/approve`,
        jsonRequest(
          "POST",
          { referenceCode: "VITORIA-01", documentsChecked: true, personalDataChecked: true },
          secretaria.cookie,
        ),
      );
      expect(approved.status).toBe(200);

      // The attacker reads nothing of it: not the enrolment, not its reference code, not its documents.
      expect(await body(await get("/api/me/enrollments", attackerCookie))).toEqual([]);
      const start = await body(await get("/api/me/enrollments/new-application", attackerCookie));
      expect(JSON.stringify(start)).not.toContain("VITORIA-01");
      expect(start.personal).toBeNull();
      for (const document of created.enrollment.documents) {
        expect((await get(`/api/files/${document.fileId}`, attackerCookie)).status).toBe(404);
      }
      const receipt = new FormData();
      receipt.append("enrollmentId", created.enrollment.id);
      receipt.append("paidAmount", "120000");
      receipt.append("paymentDate", "2026-01-10");
      receipt.append("file", new File([PDF], "talao.pdf", { type: "application/pdf" }));
      const paying = await ctx.app.request("/api/me/receipts", {
        method: "POST",
        body: receipt,
        headers: { cookie: attackerCookie, origin: TEST_BASE_URL },
      });
      expect(paying.status).toBe(409);

      // The victim, with the credentials shown once, owns it.
      const victimCookie = await signIn(created.account.studentCode, created.account.studentPassword);
      const [mine] = await body(await get("/api/me/enrollments", victimCookie));
      expect(mine).toMatchObject({ id: created.enrollment.id, paymentReferenceCode: "VITORIA-01" });
      expect((await get(`/api/files/${created.enrollment.documents[0].fileId}`, victimCookie)).status).toBe(200);
    });

    it("lists a phone's accounts only to those who record enrolments, and refuses a phone that is not one", async () => {
      for (const role of ["financeiro", "professor"] as const) {
        const who = await staffActor(ctx, role);
        expect((await accountsOf("931222333", who.cookie)).status).toBe(403);
      }
      const student = await studentActor(ctx, "Aluno Curioso");
      expect((await accountsOf(student.phone, student.cookie)).status).toBe(403);
      const bad = await accountsOf("12345");
      expect(bad.status).toBe(400);
      expect((await body(bad)).error.message).toBe("Telefone deve ter 9 dígitos");
      expect(await body(await accountsOf(freshPhone()))).toEqual([]);
    });
  });

  describe("edit", () => {
    const editValues = (overrides: Record<string, unknown> = {}) => ({
      studentName: "Ana Silva",
      birthDate: "2000-01-01",
      fatherName: "",
      motherName: "Maria Silva",
      nationality: "Angolana",
      birthPlace: "Luanda",
      province: "Luanda",
      municipality: "Belas",
      neighborhood: "Talatona",
      studentPhone: "923000000",
      studentEmail: "",
      qualification: "ensino_medio",
      trainingArea: "Gestão",
      schedulePreference: "manha",
      ...overrides,
    });

    it("saves the personal and education fields with one 'Dados editados' event naming them", async () => {
      const [row] = await ctx.db.insert(enrollments).values(enrollmentRow(courseId)).returning();
      const res = await patch(
        row!.id,
        editValues({ studentName: "Ana Maria Silva", studentPhone: "+244 923 111 222" }),
      );
      expect(res.status).toBe(200);
      const edited = await body(res);
      expect(edited).toMatchObject({
        studentName: "Ana Maria Silva",
        studentPhone: "923111222",
        qualification: "ensino_medio",
        fatherName: null,
        studentEmail: null,
        status: "pre_inscrito",
      });
      const events = await ctx.db.select().from(enrollmentEvents).where(eq(enrollmentEvents.enrollmentId, row!.id));
      expect(events).toHaveLength(1);
      expect(events[0]).toMatchObject({
        kind: "data_edited",
        fromStatus: "pre_inscrito",
        toStatus: "pre_inscrito",
        note: "Dados editados: Nome completo, Telefone, Qualificação",
      });

      // Saving the same values again changes nothing and records nothing.
      expect(
        (await patch(row!.id, editValues({ studentName: "Ana Maria Silva", studentPhone: "923111222" }))).status,
      ).toBe(200);
      expect(
        await ctx.db.select().from(enrollmentEvents).where(eq(enrollmentEvents.enrollmentId, row!.id)),
      ).toHaveLength(1);
    });

    it("uses the edit form's lists: no sabado, no create-form qualification", async () => {
      const [row] = await ctx.db.insert(enrollments).values(enrollmentRow(courseId)).returning();
      const res = await patch(row!.id, editValues({ schedulePreference: "sabado", qualification: "tecnico" }));
      expect(res.status).toBe(400);
      const paths = (await body(res)).error.issues.map((i: { path: string }) => i.path);
      expect(paths).toEqual(expect.arrayContaining(["schedulePreference", "qualification"]));
    });

    it("answers 404 for a missing enrolment and 403 to financeiro", async () => {
      expect((await patch("00000000-0000-4000-8000-000000000000", editValues())).status).toBe(404);
      const financeiro = await staffActor(ctx, "financeiro");
      const [row] = await ctx.db.insert(enrollments).values(enrollmentRow(courseId)).returning();
      expect((await patch(row!.id, editValues(), financeiro.cookie)).status).toBe(403);
    });
  });
});
