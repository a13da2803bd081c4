import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { jsonRequest, staffActor, studentActor } from "../test/actors";
import { body, createTestContext, type TestContext } from "../test/context";
import { insertClass } from "../test/fixtures";
import { courses, storedFiles, studentAccounts, teachers } from "./db/schema";
import { type Simulator, startSimulator } from "./modules/payment-references/provider/simulator";
import { newStorageKey } from "./storage/file-check";

/**
 * Every /api route (from the OpenAPI document) × every kind of caller → the status it must get.
 * A route added without a row here fails this test: add it with its expected statuses.
 */
const ACTORS = [
  "anonymous",
  "studentA",
  "studentB",
  /** A student still on the generated password: only their account and its password change (decision 028). */
  "studentTemp",
  "noRole",
  "admin",
  "secretaria",
  "professor",
  "financeiro",
  "super_admin",
] as const;
type Actor = (typeof ACTORS)[number];
type Expectation = Record<Actor, number>;

const all = (status: number): Expectation => Object.fromEntries(ACTORS.map((a) => [a, status])) as Expectation;
/** Staff with any role; students and role-less staff refused. */
const anyStaffRole = (ok: number): Expectation => ({
  anonymous: 401,
  studentA: 403,
  studentB: 403,
  studentTemp: 403,
  noRole: 403,
  admin: ok,
  secretaria: ok,
  professor: ok,
  financeiro: ok,
  super_admin: ok,
});
/** Catalogue changes (decision 014): super_admin, admin and secretaria; financeiro and professor only read. */
const catalogManagers = (ok: number): Expectation => ({ ...anyStaffRole(ok), professor: 403, financeiro: 403 });
/** 'Inscrições' (decision 018): professor sees no enrolment; financeiro sees and confirms payments, reviewers do the rest. */
const enrollmentViewers = (ok: number): Expectation => ({ ...anyStaffRole(ok), professor: 403 });
const enrollmentReviewers = (ok: number): Expectation => ({ ...anyStaffRole(ok), professor: 403, financeiro: 403 });
/** Changing student credentials on 'Contas de Alunos' (decision 020): the same roles as the catalogue's managers. */
const studentAccountManagers = catalogManagers;
const onlyRole = (role: "super_admin" | "financeiro", ok: number): Expectation => ({
  ...anyStaffRole(403),
  super_admin: ok,
  ...(role === "financeiro" ? { financeiro: ok } : {}),
});
/** 'Importar dados' (decision 097): admin and super_admin. */
const importers = (ok: number): Expectation => ({ ...anyStaffRole(403), admin: ok, super_admin: ok });
/** The teaching screen (decision 042): professor (own classes), admin, secretaria; not financeiro. */
const teachingRoles = (ok: number): Expectation => ({ ...anyStaffRole(ok), financeiro: 403 });
/** Students who chose their own password; one still on a temporary password is refused (403). */
const onlyStudents = (ok: number): Expectation => ({
  ...all(403),
  anonymous: 401,
  studentA: ok,
  studentB: ok,
});

interface Row {
  expect: Expectation;
  /** Body to send (authorisation is checked before validation, so most rows send an empty one). */
  body?: () => unknown;
  path?: () => string;
}

let target = { userId: "", fileId: "", classId: "" };
const MISSING_ID = "00000000-0000-4000-8000-000000000000";

const MATRIX: Record<string, Row> = {
  "GET /api/health": { expect: all(200) },
  "GET /api/session": { expect: all(200) },
  "GET /api/courses/catalog": { expect: all(200) },
  // A course's public page (decision 093): anyone; an unknown slug is 404 for everyone.
  "GET /api/courses/page/{slug}": { expect: all(404), path: () => "/api/courses/page/curso-que-nao-existe" },
  // Public forms: an empty body is invalid for everyone (400), never 401/403.
  "POST /api/auth/sign-in": { expect: all(400), body: () => ({}) },
  "POST /api/auth/sign-up": { expect: all(400), body: () => ({}) },
  "POST /api/auth/password/forgot": { expect: all(400), body: () => ({}) },
  "GET /api/auth/password/reset": { expect: all(400) },
  "POST /api/auth/password/reset": { expect: all(400), body: () => ({}) },
  "POST /api/auth/student/sign-in": { expect: all(400), body: () => ({}) },
  "POST /api/student-accounts": { expect: all(400), body: () => ({}) },
  "GET /api/me/account": { expect: { ...onlyStudents(200), studentTemp: 200 } },
  "PUT /api/me/account/password": { expect: { ...onlyStudents(400), studentTemp: 400 }, body: () => ({}) },
  "PUT /api/me/account/sms": { expect: { ...onlyStudents(400), studentTemp: 400 }, body: () => ({}) },
  // Personal data (decision 099): the notice is public; each student their own; super_admin the audit and erasures.
  "GET /api/privacy-notice": { expect: all(200) },
  "GET /api/me/privacy": { expect: { ...onlyStudents(200), studentTemp: 200 } },
  "POST /api/me/privacy/accept": { expect: { ...onlyStudents(400), studentTemp: 400 }, body: () => ({}) },
  "POST /api/me/privacy/erasure-request": { expect: { ...onlyStudents(200), studentTemp: 200 } },
  "GET /api/me/privacy/data": { expect: { ...onlyStudents(200), studentTemp: 200 } },
  "GET /api/admin/settings/privacy": { expect: onlyRole("super_admin", 200) },
  "PUT /api/admin/settings/privacy": { expect: onlyRole("super_admin", 400), body: () => ({}) },
  "GET /api/admin/enrollments/{id}/file-accesses": {
    expect: onlyRole("super_admin", 404),
    path: () => `/api/admin/enrollments/${MISSING_ID}/file-accesses`,
  },
  "GET /api/admin/erasure-requests": { expect: onlyRole("super_admin", 200) },
  "POST /api/admin/student-accounts/{id}/erasure-request": {
    expect: studentAccountManagers(404),
    path: () => `/api/admin/student-accounts/${MISSING_ID}/erasure-request`,
  },
  "POST /api/admin/erasure-requests/{id}/carry-out": {
    expect: onlyRole("super_admin", 404),
    path: () => `/api/admin/erasure-requests/${MISSING_ID}/carry-out`,
  },
  "POST /api/admin/erasure-requests/{id}/refuse": {
    expect: onlyRole("super_admin", 404),
    path: () => `/api/admin/erasure-requests/${MISSING_ID}/refuse`,
    body: () => ({ reason: "Pedido sem fundamento" }),
  },
  // 'Contas de Alunos' (issue 14): every staff role sees it; super_admin, admin and secretaria change credentials.
  "GET /api/admin/student-accounts": { expect: anyStaffRole(200) },
  "PUT /api/admin/student-accounts/{id}/credentials": {
    expect: studentAccountManagers(404),
    path: () => `/api/admin/student-accounts/${MISSING_ID}/credentials`,
    body: () => ({ studentCode: "MATRIX1" }),
  },
  "POST /api/admin/student-accounts/{id}/reset-password": {
    expect: studentAccountManagers(404),
    path: () => `/api/admin/student-accounts/${MISSING_ID}/reset-password`,
  },
  // 'Enviar por SMS' (decision 094): those who may reset; an unknown account is 404.
  "POST /api/admin/student-accounts/{id}/password-sms": {
    expect: studentAccountManagers(404),
    path: () => `/api/admin/student-accounts/${MISSING_ID}/password-sms`,
  },
  // The returning student's 'Nova inscrição' (multipart expected: 415 once the caller is allowed in).
  "GET /api/me/enrollments/new-application": { expect: onlyStudents(200) },
  "POST /api/me/enrollments/new-application": { expect: onlyStudents(415), body: () => ({}) },
  "GET /api/admin/users": { expect: onlyRole("super_admin", 200) },
  // Two-factor sign-in (issue 27, decision 076): the code step is public (no pending sign-in: 401 for
  // all); any staff role starts its own set-up (a wrong password: 400); the super_admin keeps the rest.
  "POST /api/auth/sign-in/code": { expect: all(401), body: () => ({ code: "123456" }) },
  "POST /api/admin/account/two-factor": { expect: anyStaffRole(400), body: () => ({ password: "errada" }) },
  "POST /api/admin/account/two-factor/confirm": { expect: anyStaffRole(400), body: () => ({ code: "123456" }) },
  "DELETE /api/admin/users/{id}/two-factor": {
    expect: onlyRole("super_admin", 409),
    path: () => `/api/admin/users/${target.userId}/two-factor`,
  },
  "GET /api/admin/roles/two-factor": { expect: onlyRole("super_admin", 200) },
  "PUT /api/admin/roles/{role}/two-factor": {
    expect: onlyRole("super_admin", 200),
    path: () => "/api/admin/roles/professor/two-factor",
    body: () => ({ required: false }),
  },
  "PUT /api/admin/users/{id}/role": {
    expect: onlyRole("super_admin", 200),
    path: () => `/api/admin/users/${target.userId}/role`,
    body: () => ({ role: "secretaria" }),
  },
  // JSON where multipart is expected: 415 once the caller is allowed in.
  "POST /api/me/enrollments": { expect: onlyStudents(415), body: () => ({}) },
  "GET /api/me/enrollments": { expect: onlyStudents(200) },
  "POST /api/me/receipts": { expect: onlyStudents(415), body: () => ({}) },
  "GET /api/me/receipts": { expect: onlyStudents(200) },
  // 'Comprovantes' and 'Financeiro' (issue 13): financeiro and super_admin only.
  "GET /api/admin/receipts": { expect: onlyRole("financeiro", 200) },
  "POST /api/admin/receipts/{id}/approve": {
    expect: onlyRole("financeiro", 404),
    path: () => `/api/admin/receipts/${MISSING_ID}/approve`,
    body: () => ({}),
  },
  "POST /api/admin/receipts/{id}/reject": {
    expect: onlyRole("financeiro", 404),
    path: () => `/api/admin/receipts/${MISSING_ID}/reject`,
    body: () => ({ reason: "Ilegível" }),
  },
  "GET /api/admin/payments": { expect: onlyRole("financeiro", 200) },
  // Multicaixa references (issue 26), on against the simulator: the provider's webhook is public and
  // answers by its signature alone (none here: 401 for everyone, session or not).
  "POST /api/payment-references/webhook": { expect: all(401), body: () => ({}) },
  // SMS (issue 36): the provider's status callback is public and answers by its signature alone.
  "POST /api/sms/status": { expect: all(401), body: () => ({}) },
  "GET /api/me/payment-references": { expect: onlyStudents(200) },
  "POST /api/me/payment-references/{enrollmentId}/renew": {
    expect: onlyStudents(404),
    path: () => `/api/me/payment-references/${MISSING_ID}/renew`,
  },
  "POST /api/admin/payment-references/{enrollmentId}/renew": {
    expect: enrollmentViewers(404),
    path: () => `/api/admin/payment-references/${MISSING_ID}/renew`,
    body: () => ({}),
  },
  "GET /api/admin/payment-references/{enrollmentId}": {
    expect: enrollmentReviewers(404),
    path: () => `/api/admin/payment-references/${MISSING_ID}`,
  },
  "POST /api/admin/payment-references/unmatched/{id}/apply": {
    expect: onlyRole("financeiro", 404),
    path: () => `/api/admin/payment-references/unmatched/${MISSING_ID}/apply`,
    body: () => ({ enrollmentId: MISSING_ID }),
  },
  "POST /api/admin/payment-references/unmatched/{id}/archive": {
    expect: onlyRole("financeiro", 404),
    path: () => `/api/admin/payment-references/unmatched/${MISSING_ID}/archive`,
    body: () => ({ reason: "Devolvido ao pagador" }),
  },
  "GET /api/admin/payment-references/unmatched": { expect: onlyRole("financeiro", 200) },
  "GET /api/admin/payment-references/summary": { expect: onlyRole("financeiro", 200) },
  "GET /api/admin/payments/export": { expect: onlyRole("financeiro", 200) },
  // Balances awaited (decision 083): Financeiro's, financeiro and super_admin only; one enrolment's balance
  // also for those who confirm payments at the desk (decision 088).
  "GET /api/admin/payments/balances": { expect: onlyRole("financeiro", 200) },
  "GET /api/admin/payments/balances/{enrollmentId}": {
    expect: enrollmentViewers(404),
    path: () => `/api/admin/payments/balances/${MISSING_ID}`,
  },
  "POST /api/admin/payments/balances/{enrollmentId}/accept": {
    expect: onlyRole("financeiro", 404),
    path: () => `/api/admin/payments/balances/${MISSING_ID}/accept`,
    body: () => ({ reason: "Desconto combinado com a direção" }),
  },
  // 'Extratos bancários' (issue 25, decision 070): in Financeiro, financeiro and super_admin only.
  "POST /api/admin/bank-statements/preview": { expect: onlyRole("financeiro", 415), body: () => ({}) },
  "POST /api/admin/bank-statements": { expect: onlyRole("financeiro", 415), body: () => ({}) },
  "GET /api/admin/bank-statements": { expect: onlyRole("financeiro", 200) },
  "GET /api/admin/bank-statements/{id}": {
    expect: onlyRole("financeiro", 404),
    path: () => `/api/admin/bank-statements/${MISSING_ID}`,
  },
  "POST /api/admin/bank-statements/{id}/lines/{lineId}/assign": {
    expect: onlyRole("financeiro", 404),
    path: () => `/api/admin/bank-statements/${MISSING_ID}/lines/${MISSING_ID}/assign`,
    body: () => ({ enrollmentId: MISSING_ID }),
  },
  "POST /api/admin/bank-statements/{id}/lines/{lineId}/ignore": {
    expect: onlyRole("financeiro", 404),
    path: () => `/api/admin/bank-statements/${MISSING_ID}/lines/${MISSING_ID}/ignore`,
    body: () => ({ reason: "Outro serviço" }),
  },
  "DELETE /api/admin/bank-statements/{id}": {
    expect: onlyRole("financeiro", 404),
    path: () => `/api/admin/bank-statements/${MISSING_ID}`,
  },
  "DELETE /api/admin/bank-statements/mappings/{mappingId}": {
    expect: onlyRole("financeiro", 404),
    path: () => `/api/admin/bank-statements/mappings/${MISSING_ID}`,
  },
  "POST /api/admin/bank-statements/{id}/confirm": {
    expect: onlyRole("financeiro", 404),
    path: () => `/api/admin/bank-statements/${MISSING_ID}/confirm`,
    body: () => ({ lineIds: [MISSING_ID] }),
  },
  // Student A's own document: B, and a professor (no applicants' documents), get the answer of a missing file.
  "GET /api/files/{id}": {
    expect: { ...enrollmentViewers(200), professor: 404, studentA: 200, studentB: 404, studentTemp: 404 },
    path: () => `/api/files/${target.fileId}`,
  },
  "GET /api/admin/courses": { expect: anyStaffRole(200) },
  "POST /api/admin/courses": { expect: catalogManagers(400), body: () => ({}) },
  "PUT /api/admin/courses/{id}": {
    expect: catalogManagers(400),
    path: () => `/api/admin/courses/${MISSING_ID}`,
    body: () => ({}),
  },
  "DELETE /api/admin/courses/{id}": { expect: catalogManagers(404), path: () => `/api/admin/courses/${MISSING_ID}` },
  "GET /api/admin/teachers": { expect: anyStaffRole(200) },
  "POST /api/admin/teachers": { expect: catalogManagers(400), body: () => ({}) },
  "PUT /api/admin/teachers/{id}": {
    expect: catalogManagers(400),
    path: () => `/api/admin/teachers/${MISSING_ID}`,
    body: () => ({}),
  },
  "DELETE /api/admin/teachers/{id}": { expect: catalogManagers(404), path: () => `/api/admin/teachers/${MISSING_ID}` },
  "GET /api/admin/classes": { expect: anyStaffRole(200) },
  "POST /api/admin/classes": { expect: catalogManagers(400), body: () => ({}) },
  "PUT /api/admin/classes/{id}": {
    expect: catalogManagers(400),
    path: () => `/api/admin/classes/${MISSING_ID}`,
    body: () => ({}),
  },
  "DELETE /api/admin/classes/{id}": { expect: catalogManagers(404), path: () => `/api/admin/classes/${MISSING_ID}` },
  "PUT /api/admin/classes/{id}/curriculum": {
    expect: catalogManagers(415),
    path: () => `/api/admin/classes/${MISSING_ID}/curriculum`,
    body: () => ({}),
  },
  "DELETE /api/admin/classes/{id}/curriculum": {
    expect: catalogManagers(404),
    path: () => `/api/admin/classes/${MISSING_ID}/curriculum`,
  },
  "GET /api/admin/dashboard": { expect: anyStaffRole(200) },
  "GET /api/admin/settings/institute": { expect: anyStaffRole(200) },
  "GET /api/admin/data-import/templates/{kind}": {
    expect: importers(200),
    path: () => "/api/admin/data-import/templates/cursos",
  },
  "POST /api/admin/data-import/preview": { expect: importers(415), body: () => ({}) },
  "POST /api/admin/data-import": { expect: importers(415), body: () => ({}) },
  /** 'Exportar todos os dados' (decision 101): the super_admin only. */
  "GET /api/admin/data-export": { expect: onlyRole("super_admin", 200) },
  "PUT /api/admin/settings/institute": { expect: onlyRole("super_admin", 400), body: () => ({}) },
  // The pass mark (decision 049): read by any staff role, changed by super_admin.
  "GET /api/admin/settings/pass-mark": { expect: anyStaffRole(200) },
  "PUT /api/admin/settings/pass-mark": { expect: onlyRole("super_admin", 400), body: () => ({}) },
  "GET /api/admin/enrollments": { expect: enrollmentViewers(200) },
  "GET /api/admin/enrollments/reference-code": { expect: enrollmentReviewers(200) },
  "GET /api/admin/enrollments/phone-accounts": {
    expect: enrollmentReviewers(200),
    path: () => "/api/admin/enrollments/phone-accounts?phone=931222333",
  },
  "GET /api/admin/enrollments/{id}": {
    expect: enrollmentViewers(404),
    path: () => `/api/admin/enrollments/${MISSING_ID}`,
  },
  "GET /api/admin/enrollments/{id}/classes": {
    expect: enrollmentViewers(404),
    path: () => `/api/admin/enrollments/${MISSING_ID}/classes`,
  },
  "POST /api/admin/enrollments/{id}/approve": {
    expect: enrollmentReviewers(400),
    path: () => `/api/admin/enrollments/${MISSING_ID}/approve`,
    body: () => ({}),
  },
  "POST /api/admin/enrollments/{id}/whatsapp-sent": {
    expect: enrollmentReviewers(404),
    path: () => `/api/admin/enrollments/${MISSING_ID}/whatsapp-sent`,
  },
  "POST /api/admin/enrollments/{id}/reject": {
    expect: enrollmentReviewers(400),
    path: () => `/api/admin/enrollments/${MISSING_ID}/reject`,
    body: () => ({}),
  },
  "POST /api/admin/enrollments/{id}/request-correction": {
    expect: enrollmentReviewers(400),
    path: () => `/api/admin/enrollments/${MISSING_ID}/request-correction`,
    body: () => ({}),
  },
  "POST /api/admin/enrollments/{id}/confirm-payment": {
    expect: enrollmentViewers(400),
    path: () => `/api/admin/enrollments/${MISSING_ID}/confirm-payment`,
    body: () => ({}),
  },
  // 'Atribuir turma' (decision 045): those who review enrolments.
  "POST /api/admin/enrollments/{id}/assign-class": {
    expect: enrollmentReviewers(400),
    path: () => `/api/admin/enrollments/${MISSING_ID}/assign-class`,
    body: () => ({}),
  },
  "DELETE /api/admin/enrollments/{id}": {
    expect: enrollmentReviewers(404),
    path: () => `/api/admin/enrollments/${MISSING_ID}`,
  },
  // Staff record and correct enrolments: those who approve them (JSON where multipart is expected: 415).
  "POST /api/admin/enrollments": { expect: enrollmentReviewers(415), body: () => ({}) },
  "PATCH /api/admin/enrollments/{id}": {
    expect: enrollmentReviewers(400),
    path: () => `/api/admin/enrollments/${MISSING_ID}`,
    body: () => ({}),
  },
  // Multipart expected; a missing enrolment of the caller answers 404 only after the file checks.
  "PUT /api/me/enrollments/{id}/documents/{document}": {
    expect: onlyStudents(415),
    path: () => `/api/me/enrollments/${MISSING_ID}/documents/certificate`,
    body: () => ({}),
  },
  // Results and certificates (issue 15, decision 021).
  "GET /api/admin/teachers/user-options": { expect: catalogManagers(200) },
  "GET /api/admin/teaching/classes": { expect: teachingRoles(200) },
  // A class of another teacher: the professor is refused (403); the others see it.
  "GET /api/admin/teaching/classes/{classId}/students": {
    expect: { ...teachingRoles(200), professor: 403 },
    path: () => `/api/admin/teaching/classes/${target.classId}/students`,
  },
  // A student who is not in the class: 409 for those allowed to grade it, nothing changed.
  "POST /api/admin/teaching/classes/{classId}/results": {
    expect: { ...teachingRoles(409), professor: 403 },
    path: () => `/api/admin/teaching/classes/${target.classId}/results`,
    body: () => ({ results: [{ enrollmentId: MISSING_ID, outcome: "completed" }] }),
  },
  "GET /api/me/certificates": { expect: onlyStudents(200) },
  "GET /api/certificates/{id}/pdf": {
    expect: { ...anyStaffRole(404), studentA: 404, studentB: 404, studentTemp: 404 },
    path: () => `/api/certificates/${MISSING_ID}/pdf`,
  },
  "GET /api/certificates/{id}/credential": {
    expect: { ...anyStaffRole(404), studentA: 404, studentB: 404, studentTemp: 404 },
    path: () => `/api/certificates/${MISSING_ID}/credential`,
  },
  "POST /api/admin/certificates/{id}/revoke": {
    expect: catalogManagers(404),
    path: () => `/api/admin/certificates/${MISSING_ID}/revoke`,
    body: () => ({ reason: "Erro no nome" }),
  },
  "POST /api/admin/certificates/{id}/reissue": {
    expect: catalogManagers(404),
    path: () => `/api/admin/certificates/${MISSING_ID}/reissue`,
  },
  // Correcting a recorded result (decision 027): the roles that revoke; a missing enrolment is 404.
  "POST /api/admin/teaching/enrollments/{enrollmentId}/result-correction": {
    expect: catalogManagers(404),
    path: () => `/api/admin/teaching/enrollments/${MISSING_ID}/result-correction`,
    body: () => ({ outcome: "completed", finalGrade: "12", reason: "Nota errada" }),
  },
  // BASE_URL and whether it is loopback (decision 049): the super_admin's dashboard only.
  "GET /api/admin/base-url": { expect: onlyRole("super_admin", 200) },
  // E-mails that keep failing (decision 056): the super_admin's dashboard only; an unknown one is 404.
  "GET /api/admin/mail/failures": { expect: onlyRole("super_admin", 200) },
  "GET /api/admin/system-status": { expect: onlyRole("super_admin", 200) },
  "POST /api/admin/mail/failures/{id}/requeue": {
    expect: onlyRole("super_admin", 404),
    path: () => `/api/admin/mail/failures/${MISSING_ID}/requeue`,
  },
  // Configurações → SMS and the Painel's SMS notices (decision 094): the super_admin only; an unknown SMS is 404.
  "GET /api/admin/sms": { expect: onlyRole("super_admin", 200) },
  "POST /api/admin/sms/test": { expect: onlyRole("super_admin", 400), body: () => ({}) },
  "PUT /api/admin/sms/caps": { expect: onlyRole("super_admin", 400), body: () => ({}) },
  "GET /api/admin/sms/failures": { expect: onlyRole("super_admin", 200) },
  "POST /api/admin/sms/failures/{id}/requeue": {
    expect: onlyRole("super_admin", 404),
    path: () => `/api/admin/sms/failures/${MISSING_ID}/requeue`,
  },
  // Public verification: no login.
  "GET /api/verify/issuer": { expect: all(200) },
  "GET /api/verify/{number}": { expect: all(200), path: () => "/api/verify/ABCD-EFGH-JKMN" },
  "POST /api/verify/credential": { expect: all(400), body: () => ({}) },
  // Last: it ends the caller's session.
  "POST /api/auth/sign-out": { expect: all(200) },
};

describe("authorisation matrix", () => {
  let ctx: TestContext;
  const cookies: Partial<Record<Actor, string>> = {};
  let routes: string[];
  let sim: Simulator;

  beforeAll(async () => {
    sim = await startSimulator({ apiKey: "chave-da-matriz-0123456789", entity: "54321" });
    ctx = await createTestContext({
      PROXYPAY_API_KEY: "chave-da-matriz-0123456789",
      PROXYPAY_ENTITY: "54321",
      PROXYPAY_BASE_URL: sim.url,
      // SMS on (decision 092); no provider listens there: what the matrix queues is never sent.
      SMS_PROVIDER: "twilio",
      TWILIO_ACCOUNT_SID: `AC${"4d".repeat(16)}`,
      TWILIO_AUTH_TOKEN: "token-da-matriz-0123456789",
      TWILIO_FROM: "INSTITUTO",
      TWILIO_BASE_URL: "http://127.0.0.1:9",
    });
    const doc = await body(await ctx.app.request("/api/openapi.json"));
    routes = Object.entries(doc.paths as Record<string, Record<string, unknown>>).flatMap(([path, ops]) =>
      Object.keys(ops).map((method) => `${method.toUpperCase()} ${path}`),
    );
    const studentA = await studentActor(ctx, "Aluno A");
    cookies.studentA = studentA.cookie;
    cookies.studentB = (await studentActor(ctx, "Aluno B")).cookie;
    cookies.studentTemp = (await studentActor(ctx, "Aluno Novo", { temporaryPassword: true })).cookie;
    cookies.noRole = (await staffActor(ctx, null)).cookie;
    for (const role of ["admin", "secretaria", "professor", "financeiro", "super_admin"] as const) {
      cookies[role] = (await staffActor(ctx, role)).cookie;
    }
    const [owner] = await ctx.db
      .select()
      .from(studentAccounts)
      .where(eq(studentAccounts.studentCode, studentA.studentCode));
    const key = newStorageKey("id_card_front", "pdf");
    await ctx.deps.storage.put(key, Buffer.from("%PDF-1.4\n%%EOF\n"), "application/pdf");
    const [file] = await ctx.db
      .insert(storedFiles)
      .values({
        ownerUserId: owner!.userId,
        kind: "id_card_front",
        contentType: "application/pdf",
        size: 15,
        storageKey: key,
      })
      .returning();
    const [course] = await ctx.db
      .insert(courses)
      .values({ name: "Curso da matriz", durationMonths: 2, price: 1000 })
      .returning();
    const [teacher] = await ctx.db
      .insert(teachers)
      .values({ teacherName: "Outro Professor", specialization: "X", qualification: "Y", yearsOfExperience: 3 })
      .returning();
    const classId = await insertClass(ctx.db, course!.id, {
      name: "Turma de outro professor",
      teacherId: teacher!.id,
      enrollmentStartDate: "2020-01-01",
      enrollmentEndDate: "2020-01-31",
      startDate: "2020-02-01",
      endDate: "2020-06-30",
      schedule: "Seg 18h",
    });
    target = { userId: (await staffActor(ctx, "professor")).userId, fileId: file!.id, classId };
  }, 120_000);
  afterAll(async () => {
    await ctx.close();
    await sim.close();
  });

  it("has a row for every route of the OpenAPI document, and no row for a route that does not exist", () => {
    expect(
      routes.filter((r) => !(r in MATRIX)),
      "routes missing from the matrix",
    ).toEqual([]);
    expect(
      Object.keys(MATRIX).filter((r) => !routes.includes(r)),
      "rows for unknown routes",
    ).toEqual([]);
  });

  for (const [route, row] of Object.entries(MATRIX)) {
    it(`${route}`, async () => {
      const [method, templatePath] = route.split(" ") as [string, string];
      for (const actor of ACTORS) {
        const path = row.path?.() ?? templatePath;
        const init = jsonRequest(method, row.body?.(), cookies[actor]);
        if (method === "GET") init.body = undefined;
        // Staff confirmations carry an Idempotency-Key (decision 026); other routes ignore it.
        init.headers = { ...(init.headers as Record<string, string>), "idempotency-key": randomUUID() };
        const res = await ctx.app.request(path, init);
        expect(res.status, `${actor} → ${route}`).toBe(row.expect[actor]);
      }
    });
  }

  it("student A only ever sees student A's account, and B only B's", async () => {
    const a = await studentActor(ctx, "Aluna Ana");
    const b = await studentActor(ctx, "Aluno Bento");
    for (const [who, name] of [
      [a, "Aluna Ana"],
      [b, "Aluno Bento"],
    ] as const) {
      const me = await body(await ctx.app.request("/api/me/account", { headers: { cookie: who.cookie } }));
      expect(me).toMatchObject({ studentName: name, studentCode: who.studentCode });
    }
  });
});
