import path from "node:path";
import { eq } from "drizzle-orm";
import { strFromU8, unzipSync } from "fflate";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { applicantActor, CHOSEN_STUDENT_PASSWORD, cookieOf, jsonRequest, staffActor } from "../../../test/actors";
import { body, createTestContext, type TestContext } from "../../../test/context";
import { filesUnder, insertCourse } from "../../../test/fixtures";
import { certificates, enrollments, payments, privacySettings, storedFiles, studentAccounts } from "../../db/schema";
import { generateCertificateNumber } from "../certificates/certificates.service";
import { applyRetention } from "./retention";

const DAY = 24 * 60 * 60 * 1000;

/** Personal data under Lei n.º 22/11 (issue 39, decision 099). */
describe("privacy", () => {
  let ctx: TestContext;
  let courseId: string;
  beforeAll(async () => {
    ctx = await createTestContext();
    courseId = await insertCourse(ctx.db, { name: "Curso de Privacidade" });
  });
  afterAll(() => ctx.close());

  const get = (url: string, cookie: string) => ctx.app.request(url, jsonRequest("GET", undefined, cookie));
  const post = (url: string, cookie: string, payload?: unknown) =>
    ctx.app.request(url, jsonRequest("POST", payload ?? {}, cookie));
  const filesOnDisk = () => filesUnder(path.join(ctx.dataDir, "files"));

  async function documentsOf(enrollmentId: string, cookie: string) {
    const detail = await body(await get(`/api/admin/enrollments/${enrollmentId}`, cookie));
    return detail.documents as { document: string; fileId: string }[];
  }

  describe("who opened what", () => {
    it("records each staff opening of an applicant's document: super_admin sees who, the student only when", async () => {
      const applicant = await applicantActor(ctx, courseId, "Aluna Observada");
      const boss = await staffActor(ctx, "super_admin", "Chefe Auditora");
      const desk = await staffActor(ctx, "secretaria", "Secretária Curiosa");
      const [front] = await documentsOf(applicant.enrollmentId, desk.cookie);

      const opened = await get(`/api/files/${front!.fileId}?tela=inscricoes`, desk.cookie);
      expect(opened.status).toBe(200);
      await opened.arrayBuffer();
      // A screen the server does not know is recorded as 'Outra tela', never as given.
      await (await get(`/api/files/${front!.fileId}?tela=<script>`, desk.cookie)).arrayBuffer();

      const history = async () =>
        (await body(await get(`/api/admin/enrollments/${applicant.enrollmentId}/file-accesses`, boss.cookie))).items;
      // The insert is not awaited by the download (decision 099): wait for it to land.
      await expect.poll(async () => (await history()).length).toBe(2);
      expect(await history()).toMatchObject([
        { actorName: "Secretária Curiosa", document: "BI (frente)", screen: "Inscrições" },
        { actorName: "Secretária Curiosa", document: "BI (frente)", screen: "Outra tela" },
      ]);

      const own = await body(await get("/api/me/privacy", applicant.cookie));
      expect(own.documentViews).toHaveLength(2);
      expect(own.documentViews[0]).toEqual({ at: expect.any(String), document: "BI (frente)" });
      expect(JSON.stringify(own)).not.toContain("Secretária");
    });

    it("shows the openings to super_admin only, and a student's own opening is not recorded", async () => {
      const applicant = await applicantActor(ctx, courseId, "Aluna Própria");
      const admin = await staffActor(ctx, "admin");
      const res = await get(`/api/admin/enrollments/${applicant.enrollmentId}/file-accesses`, admin.cookie);
      expect(res.status).toBe(403);
      expect((await body(res)).error.message).toBe(
        "Só o Super Administrador vê quem abriu documentos e trata os pedidos de exclusão de dados",
      );
      const [front] = await documentsOf(applicant.enrollmentId, admin.cookie);
      await (await get(`/api/files/${front!.fileId}`, applicant.cookie)).arrayBuffer();
      expect((await body(await get("/api/me/privacy", applicant.cookie))).documentViews).toEqual([]);
    });
  });

  describe("consent and notice", () => {
    it("starts with a default notice with the institute's e-mail; account creation records the version accepted", async () => {
      const notice = await body(await ctx.app.request("/api/privacy-notice"));
      expect(notice).toMatchObject({ version: 1, contactEmail: expect.stringContaining("@") });
      expect(notice.text).toContain("Lei n.º 22/11");
      const created = await ctx.app.request(
        "/api/student-accounts",
        jsonRequest("POST", {
          studentName: "Aluno Consentido",
          studentPhone: "923000111",
          hasEmail: false,
          privacyNoticeVersion: 1,
        }),
      );
      expect(created.status).toBe(201);
      const { studentCode, studentPassword } = await body(created);
      const signIn = await ctx.app.request(
        "/api/auth/student/sign-in",
        jsonRequest("POST", { code: studentCode, password: studentPassword }),
      );
      const own = await body(await get("/api/me/privacy", cookieOf(signIn)));
      expect(own).toMatchObject({ currentVersion: 1, acceptedVersion: 1, acceptedAt: expect.any(String) });
    });

    it("an account that never accepted a notice accepts the one in force from 'Dados de Acesso'", async () => {
      // As an older client (or the desk) makes it: no version sent, none recorded.
      const created = await ctx.app.request(
        "/api/student-accounts",
        jsonRequest("POST", { studentName: "Aluno Antigo", studentPhone: "923000112", hasEmail: false }),
      );
      const { studentCode, studentPassword } = await body(created);
      const signIn = await ctx.app.request(
        "/api/auth/student/sign-in",
        jsonRequest("POST", { code: studentCode, password: studentPassword }),
      );
      const cookie = cookieOf(signIn);
      expect(await body(await get("/api/me/privacy", cookie))).toMatchObject({
        currentVersion: 1,
        acceptedVersion: null,
        acceptedAt: null,
      });
      const bad = await post("/api/me/privacy/accept", cookie, {});
      expect(bad.status).toBe(400);
      expect(JSON.stringify(await body(bad))).toContain("Informe a versão do aviso");
      const accepted = await body(await post("/api/me/privacy/accept", cookie, { version: 1 }));
      expect(accepted).toMatchObject({ currentVersion: 1, acceptedVersion: 1, acceptedAt: expect.any(String) });
      expect(await body(await get("/api/me/privacy", cookie))).toMatchObject({ acceptedVersion: 1 });
    });

    it("a new text is a new version, asked once of signed-in students; an old version is refused", async () => {
      const applicant = await applicantActor(ctx, courseId, "Aluna Versionada");
      await post("/api/me/privacy/accept", applicant.cookie, { version: 1 });
      const boss = await staffActor(ctx, "super_admin");
      const put = (payload: unknown, cookie = boss.cookie) =>
        ctx.app.request("/api/admin/settings/privacy", jsonRequest("PUT", payload, cookie));
      const saved = await body(
        await put({ noticeText: "Novo aviso de privacidade do instituto, versão revista.", retentionMonths: 12 }),
      );
      expect(saved.notice.version).toBe(2);
      // Saving the same text again keeps the version.
      expect((await body(await put({ noticeText: saved.notice.text, retentionMonths: null }))).notice.version).toBe(2);
      expect((await body(await put({ noticeText: "curto", retentionMonths: 12 }))).error.message).toBe(
        "O aviso deve ter pelo menos 40 caracteres",
      );
      // The months as typed: '12,5' is refused, never read as 125; '24' is taken.
      const typed = await body(await put({ noticeText: saved.notice.text, retentionMonths: "12,5" }));
      expect(JSON.stringify(typed)).toContain("Use um número inteiro, sem casas decimais");
      expect((await body(await put({ noticeText: saved.notice.text, retentionMonths: "24" }))).retentionMonths).toBe(
        24,
      );
      const secretaria = await staffActor(ctx, "secretaria");
      expect((await put({ noticeText: saved.notice.text, retentionMonths: 12 }, secretaria.cookie)).status).toBe(403);

      const own = await body(await get("/api/me/privacy", applicant.cookie));
      expect(own).toMatchObject({ currentVersion: 2, acceptedVersion: 1 });
      const stale = await post("/api/me/privacy/accept", applicant.cookie, { version: 1 });
      expect(stale.status).toBe(409);
      expect((await body(stale)).error.message).toBe("O aviso de privacidade mudou: leia a nova versão e aceite-a");
      const accepted = await body(await post("/api/me/privacy/accept", applicant.cookie, { version: 2 }));
      expect(accepted).toMatchObject({ currentVersion: 2, acceptedVersion: 2 });
    });
  });

  describe("the student's own data", () => {
    it("gives a ZIP with a readable summary, the data as JSON and their files, a few a day", async () => {
      const applicant = await applicantActor(ctx, courseId, "Aluna Curiosa");
      const res = await get("/api/me/privacy/data", applicant.cookie);
      expect(res.status).toBe(200);
      expect(res.headers.get("content-type")).toBe("application/zip");
      const entries = unzipSync(new Uint8Array(await res.arrayBuffer()));
      const names = Object.keys(entries);
      expect(names).toEqual(expect.arrayContaining(["resumo.html", "dados.json"]));
      expect(names.filter((n) => n.startsWith("arquivos/"))).toHaveLength(3);
      const data = JSON.parse(strFromU8(entries["dados.json"]!));
      expect(data.inscricoes).toMatchObject([{ motherName: "Ana Maria Lunda", courseName: "Curso de Privacidade" }]);
      expect(JSON.stringify(data)).not.toContain("storageKey");
      expect(strFromU8(entries["resumo.html"]!)).toContain("Ana Maria Lunda");

      await (await get("/api/me/privacy/data", applicant.cookie)).arrayBuffer();
      await (await get("/api/me/privacy/data", applicant.cookie)).arrayBuffer();
      const fourth = await get("/api/me/privacy/data", applicant.cookie);
      expect(fourth.status).toBe(429);
    });
  });

  describe("erasure on request", () => {
    async function finishedApplicant(name: string) {
      const applicant = await applicantActor(ctx, courseId, name);
      const [account] = await ctx.db.select().from(studentAccounts).where(eq(studentAccounts.studentName, name));
      await ctx.db.update(enrollments).set({ status: "completed" }).where(eq(enrollments.id, applicant.enrollmentId));
      await ctx.db.insert(payments).values({
        enrollmentId: applicant.enrollmentId,
        amount: 100000,
        paymentDate: "2026-01-10",
        paymentMethod: "transferencia",
        status: "confirmed",
      });
      const number = generateCertificateNumber();
      await ctx.db.insert(certificates).values({
        studentAccountId: account!.id,
        enrollmentId: applicant.enrollmentId,
        certificateNumber: number,
        completionDate: "2026-03-01",
        issueDate: "2026-03-02",
        studentName: name,
        courseName: "Curso de Privacidade",
        durationMonths: 3,
      });
      return { ...applicant, account: account!, certificateNumber: number };
    }

    it("carries out a student's request once, even by two super_admins at once, keeping payments and certificates", async () => {
      const student = await finishedApplicant("Aluna Esquecida");
      const keys = (
        await ctx.db.select().from(storedFiles).where(eq(storedFiles.ownerUserId, student.account.userId))
      ).map((f) => f.storageKey);
      expect(keys).toHaveLength(3);
      expect(filesOnDisk().filter((f) => keys.some((k) => f.endsWith(k)))).toHaveLength(3);

      const asked = await body(await post("/api/me/privacy/erasure-request", student.cookie));
      expect(asked.erasureRequest).toMatchObject({ status: "pending" });
      // Asking twice gives one request.
      await post("/api/me/privacy/erasure-request", student.cookie);
      const boss = await staffActor(ctx, "super_admin", "Chefe Um");
      const other = await staffActor(ctx, "super_admin", "Chefe Dois");
      const pending = (await body(await get("/api/admin/erasure-requests", boss.cookie))).items.filter(
        (r: { studentAccountId: string }) => r.studentAccountId === student.account.id,
      );
      expect(pending).toHaveLength(1);
      const requestId = pending[0].id;

      const [a, b] = await Promise.all([
        post(`/api/admin/erasure-requests/${requestId}/carry-out`, boss.cookie),
        post(`/api/admin/erasure-requests/${requestId}/carry-out`, other.cookie),
      ]);
      expect([a.status, b.status]).toEqual([200, 200]);
      const [first, second] = [await body(a), await body(b)];
      expect(first).toEqual(second);
      expect(first).toMatchObject({ status: "done", studentName: `Aluno removido #${first.number}` });
      expect(["Chefe Um", "Chefe Dois"]).toContain(first.carriedOutByName);
      // And once more later: the same answer, nothing done again.
      expect(await body(await post(`/api/admin/erasure-requests/${requestId}/carry-out`, boss.cookie))).toEqual(first);

      // The documents are gone from the disk; their rows say when.
      expect(filesOnDisk().filter((f) => keys.some((k) => f.endsWith(k)))).toEqual([]);
      const rows = await ctx.db.select().from(storedFiles).where(eq(storedFiles.ownerUserId, student.account.userId));
      expect(rows.every((r) => r.deletedAt !== null)).toBe(true);
      expect((await get(`/api/files/${rows[0]!.id}`, boss.cookie)).status).toBe(410);

      // No sign-in: the session ended and the password is gone.
      expect((await get("/api/me/privacy", student.cookie)).status).toBe(401);
      const signIn = await ctx.app.request(
        "/api/auth/student/sign-in",
        jsonRequest("POST", { code: student.studentCode, password: CHOSEN_STUDENT_PASSWORD }),
      );
      expect(signIn.status).toBe(401);

      // Personal fields erased; payments kept under the anonymised name; the certificate verifies as issued.
      const [enrollment] = await ctx.db.select().from(enrollments).where(eq(enrollments.id, student.enrollmentId));
      expect(enrollment).toMatchObject({
        studentName: first.studentName,
        studentPhone: "",
        motherName: "",
        neighborhood: "",
      });
      const paymentsPage = await body(
        await get(`/api/admin/payments?search=${encodeURIComponent(first.studentName)}`, boss.cookie),
      );
      expect(paymentsPage.rows).toMatchObject([{ studentName: first.studentName, amount: 100000 }]);
      const verified = await body(await ctx.app.request(`/api/verify/${student.certificateNumber}`));
      expect(verified).toMatchObject({ result: "valid", studentName: "Aluna Esquecida" });
    });

    it("a super_admin refuses a request with a reason, once even if clicked twice; the student reads it and may ask again", async () => {
      const student = await finishedApplicant("Aluno Recusado");
      const first = await body(await post("/api/me/privacy/erasure-request", student.cookie));
      expect(first.erasureRequest).toMatchObject({ status: "pending", refusedAt: null, refusalReason: null });
      const boss = await staffActor(ctx, "super_admin", "Chefe Recusa");
      const other = await staffActor(ctx, "super_admin", "Chefe Outra");
      const requestOf = async () =>
        (await body(await get("/api/admin/erasure-requests", boss.cookie))).items.filter(
          (r: { studentAccountId: string }) => r.studentAccountId === student.account.id,
        );
      const [pending] = await requestOf();
      const refuse = (cookie: string, payload: unknown) =>
        post(`/api/admin/erasure-requests/${pending.id}/refuse`, cookie, payload);

      // No reason: refused with a message, nothing changes.
      for (const payload of [{}, { reason: "   " }]) {
        const bad = await refuse(boss.cookie, payload);
        expect(bad.status).toBe(400);
        expect(JSON.stringify(await body(bad))).toContain("Informe o motivo da recusa");
      }
      expect((await body(await refuse(boss.cookie, { reason: "x".repeat(501) }))).error.message).toBe(
        "O motivo deve ter no máximo 500 caracteres",
      );
      const desk = await staffActor(ctx, "secretaria");
      expect((await refuse(desk.cookie, { reason: "Não" })).status).toBe(403);
      expect(await requestOf()).toMatchObject([{ status: "pending", refusedAt: null }]);

      // Two super_admins (or two clicks) at once: one refusal, the same answer to both.
      const reason = "Há uma dívida em aberto com o instituto: os dados ficam até ela ser resolvida.";
      const [a, b] = await Promise.all([refuse(boss.cookie, { reason }), refuse(other.cookie, { reason: "Outro" })]);
      expect([a.status, b.status]).toEqual([200, 200]);
      const [ra, rb] = [await body(a), await body(b)];
      expect(ra).toEqual(rb);
      expect(ra).toMatchObject({ status: "refused", refusedAt: expect.any(String), carriedOutAt: null });
      expect(["Chefe Recusa", "Chefe Outra"]).toContain(ra.refusedByName);
      expect([reason, "Outro"]).toContain(ra.refusalReason);

      // A refused request is not carried out; the student still signs in and reads when and why.
      const carry = await post(`/api/admin/erasure-requests/${pending.id}/carry-out`, boss.cookie);
      expect(carry.status).toBe(409);
      expect((await body(carry)).error.message).toBe(
        "Este pedido de exclusão foi recusado: o aluno pode fazer um novo pedido",
      );
      const own = await body(await get("/api/me/privacy", student.cookie));
      expect(own.erasureRequest).toEqual({
        requestedAt: first.erasureRequest.requestedAt,
        status: "refused",
        refusedAt: ra.refusedAt,
        refusalReason: ra.refusalReason,
      });

      // Asking again is a new request; once carried out it can no longer be refused.
      const again = await body(await post("/api/me/privacy/erasure-request", student.cookie));
      expect(again.erasureRequest).toMatchObject({ status: "pending", refusalReason: null });
      const requests = await requestOf();
      expect(requests.map((r: { status: string }) => r.status)).toEqual(["pending", "refused"]);
      const done = await post(`/api/admin/erasure-requests/${requests[0].id}/carry-out`, boss.cookie);
      expect(done.status).toBe(200);
      const late = await post(`/api/admin/erasure-requests/${requests[0].id}/refuse`, boss.cookie, { reason });
      expect(late.status).toBe(409);
      expect((await body(late)).error.message).toBe("Este pedido de exclusão já foi executado e não pode ser recusado");
    });

    it("refuses while an enrolment is in progress, changing nothing; staff record a request made in person", async () => {
      const applicant = await applicantActor(ctx, courseId, "Aluno Em Curso");
      const [account] = await ctx.db
        .select()
        .from(studentAccounts)
        .where(eq(studentAccounts.studentName, "Aluno Em Curso"));
      const desk = await staffActor(ctx, "secretaria", "Balcão");
      const recorded = await post(`/api/admin/student-accounts/${account!.id}/erasure-request`, desk.cookie);
      expect(recorded.status).toBe(200);
      const request = await body(recorded);
      expect(request).toMatchObject({ channel: "presencial", requestedByName: "Balcão", status: "pending" });

      const boss = await staffActor(ctx, "super_admin");
      const refused = await post(`/api/admin/erasure-requests/${request.id}/carry-out`, boss.cookie);
      expect(refused.status).toBe(409);
      expect((await body(refused)).error.message).toBe(
        "Este aluno tem uma inscrição em andamento: conclua-a ou cancele-a (rejeite-a) antes de excluir os dados",
      );
      expect((await get("/api/me/privacy", applicant.cookie)).status).toBe(200);
      const [still] = await ctx.db.select().from(studentAccounts).where(eq(studentAccounts.id, account!.id));
      expect(still!.studentName).toBe("Aluno Em Curso");
      expect((await post(`/api/admin/erasure-requests/${request.id}/carry-out`, desk.cookie)).status).toBe(403);
    });
  });
});

describe("retention", () => {
  let ctx: TestContext;
  let courseId: string;
  beforeAll(async () => {
    ctx = await createTestContext();
    courseId = await insertCourse(ctx.db, { name: "Curso de Retenção" });
  });
  afterAll(() => ctx.close());

  const deps = () => ({ db: ctx.db, storage: ctx.deps.storage, log: ctx.deps.log });
  const filesOf = (userId: string) => ctx.db.select().from(storedFiles).where(eq(storedFiles.ownerUserId, userId));
  const userOf = async (name: string) =>
    (await ctx.db.select().from(studentAccounts).where(eq(studentAccounts.studentName, name)))[0]!.userId;

  it("deletes the files of ended enrolments once the period passed, erases rejected applications, and spares the rest", async () => {
    const rejected = await applicantActor(ctx, courseId, "Candidata Rejeitada");
    await applicantActor(ctx, courseId, "Candidato Em Curso");
    await ctx.db
      .update(enrollments)
      .set({ status: "rejected", notes: "Documentos ilegíveis" })
      .where(eq(enrollments.id, rejected.enrollmentId));
    const rejectedUser = await userOf("Candidata Rejeitada");
    const ongoingUser = await userOf("Candidato Em Curso");
    const keys = (await filesOf(rejectedUser)).map((f) => f.storageKey);
    const onDisk = () => filesUnder(path.join(ctx.dataDir, "files")).filter((f) => keys.some((k) => f.endsWith(k)));
    expect(onDisk()).toHaveLength(3);

    // Within the period (12 months by default): nothing happens.
    expect(await applyRetention(deps(), new Date(Date.now() + 300 * DAY))).toEqual({ files: 0, applications: 0 });
    expect(onDisk()).toHaveLength(3);

    // The clock moved past it: the rejected application's files and personal fields go; the ongoing one stays.
    const later = new Date(Date.now() + 400 * DAY);
    expect(await applyRetention(deps(), later)).toEqual({ files: 3, applications: 1 });
    expect(onDisk()).toEqual([]);
    expect((await filesOf(rejectedUser)).every((f) => f.deletedAt?.getTime() === later.getTime())).toBe(true);
    expect((await filesOf(ongoingUser)).every((f) => f.deletedAt === null)).toBe(true);
    const [row] = await ctx.db.select().from(enrollments).where(eq(enrollments.id, rejected.enrollmentId));
    expect(row).toMatchObject({ motherName: "", neighborhood: "", personalDataErasedAt: later });
    // The enrolment keeps that it had its documents, and when they went.
    expect(row!.idCardFrontFileId).not.toBeNull();
    // Run again: nothing more to do.
    expect(await applyRetention(deps(), later)).toEqual({ files: 0, applications: 0 });
  });

  it("deletes nothing when super_admin chose 'nunca'", async () => {
    const applicant = await applicantActor(ctx, courseId, "Aluna Para Sempre");
    await ctx.db.update(enrollments).set({ status: "completed" }).where(eq(enrollments.id, applicant.enrollmentId));
    await ctx.db.update(privacySettings).set({ retentionMonths: null });
    expect(await applyRetention(deps(), new Date(Date.now() + 4000 * DAY))).toEqual({ files: 0, applications: 0 });
    expect((await filesOf(await userOf("Aluna Para Sempre"))).every((f) => f.deletedAt === null)).toBe(true);
    await ctx.db.update(privacySettings).set({ retentionMonths: 12 });
  });
});
