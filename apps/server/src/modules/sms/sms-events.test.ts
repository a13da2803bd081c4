import { formatReference } from "@app/shared/money";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { jsonRequest, staffActor } from "../../../test/actors";
import { body, TEST_BASE_URL } from "../../../test/context";
import { insertClass, insertCourse } from "../../../test/fixtures";
import { receiptForm, studentWithEnrollment, submitReceipt } from "../../../test/receipts";
import { approvedWithReference, TEST_PROXYPAY_ENTITY, TEST_PROXYPAY_KEY } from "../../../test/references";
import { smsOf, smsStatusIs, startSmsContext } from "../../../test/sms";
import { enrolledStudent, postResults, teachingSetup } from "../../../test/teaching";
import { certificates, enrollments } from "../../db/schema";
import { verifyPageUrl } from "../certificates/credential";
import { type Simulator, startSimulator } from "../payment-references/provider/simulator";

/** Each step that needs the student tells them by SMS too (issue 36), queued beside its e-mail. */
describe("the SMS of each step", () => {
  let s: Awaited<ReturnType<typeof startSmsContext>>;
  let courseId: string;
  let financeiro: { cookie: string };
  let secretaria: { cookie: string };
  // Never ending in 0003 or 0005, which the simulator fails.
  let phone = 923_610_000;

  beforeAll(async () => {
    s = await startSmsContext();
    courseId = await insertCourse(s.ctx.db, { name: "Gestão de Projetos", price: 90000 });
    financeiro = await staffActor(s.ctx, "financeiro");
    secretaria = await staffActor(s.ctx, "secretaria");
  });
  afterAll(() => s.close());

  /** A student with an enrolment (approved unless told) and a phone of their own. */
  async function student(name: string, overrides: Record<string, unknown> = {}) {
    phone += 11;
    const studentPhone = String(phone);
    const st = await studentWithEnrollment(s.ctx, courseId, name, { studentPhone, ...overrides });
    return { ...st, to: `+244${studentPhone}` };
  }
  const received = (to: string) => s.sim.messages.filter((m) => m.to === to).map((m) => m.body);

  it("a document to correct", async () => {
    const st = await student("Ana Correção", { status: "pre_inscrito", paymentReferenceCode: null });
    const res = await s.ctx.app.request(
      `/api/admin/enrollments/${st.enrollment.id}/request-correction`,
      jsonRequest("POST", { documents: [{ document: "certificate", reason: "ilegivel" }] }, secretaria.cookie),
    );
    expect(res.status).toBe(200);
    await smsStatusIs(s.ctx, st.enrollment.id, "delivered");
    expect(received(st.to)).toEqual([
      "Inscricao em Gestao de Projetos: envie de novo o documento Certificado de habilitacoes na sua area do portal.",
    ]);
  });

  it("a receipt rejected, with the start of the reason", async () => {
    const st = await student("Bruno Rejeitado");
    const sent = await submitReceipt(s.ctx, st.cookie, receiptForm(st.enrollment.id, { paidAmount: "85000" }));
    expect(sent.status).toBe(201);
    const res = await s.ctx.app.request(
      `/api/admin/receipts/${(await body(sent)).id}/reject`,
      jsonRequest("POST", { reason: "O talão está cortado: não se vê o valor" }, financeiro.cookie),
    );
    expect(res.status).toBe(200);
    await smsStatusIs(s.ctx, st.enrollment.id, "delivered");
    expect(received(st.to)).toEqual([
      "Comprovante de Gestao de Projetos rejeitado: O talao esta cortado: nao se ve o valor. Envie outro no portal.",
    ]);
  });

  it("payment confirmed and enrolled, with the class and its start", async () => {
    const classId = await insertClass(s.ctx.db, courseId, {
      name: "Turma Manhã A",
      startDate: "2027-02-01",
      endDate: "2027-06-01",
    });
    const st = await student("Carla Matriculada", { classId });
    const sent = await submitReceipt(s.ctx, st.cookie, receiptForm(st.enrollment.id, { paidAmount: "90000" }));
    const res = await s.ctx.app.request(
      `/api/admin/receipts/${(await body(sent)).id}/approve`,
      jsonRequest("POST", {}, financeiro.cookie),
    );
    expect(res.status).toBe(200);
    await smsStatusIs(s.ctx, st.enrollment.id, "delivered");
    expect(received(st.to)).toEqual([
      "Pagamento confirmado. Matricula em Gestao de Projetos, turma Turma Manha A, inicio 01/02/2027. Bem-vindo(a)!",
    ]);
  });
});

describe("the SMS of a Multicaixa reference and of a certificate", () => {
  let s: Awaited<ReturnType<typeof startSmsContext>>;
  let proxyPay: Simulator;
  beforeAll(async () => {
    proxyPay = await startSimulator({ apiKey: TEST_PROXYPAY_KEY, entity: TEST_PROXYPAY_ENTITY });
    s = await startSmsContext(
      {},
      { PROXYPAY_API_KEY: TEST_PROXYPAY_KEY, PROXYPAY_ENTITY: TEST_PROXYPAY_ENTITY, PROXYPAY_BASE_URL: proxyPay.url },
    );
  });
  afterAll(async () => {
    await s.close();
    await proxyPay.close();
  });

  it("approved with references on: one SMS, once the reference exists, with entity, reference and amount", async () => {
    const courseId = await insertCourse(s.ctx.db, { name: "Excel Avançado", price: 45000 });
    const secretaria = await staffActor(s.ctx, "secretaria");
    const st = await approvedWithReference(s.ctx, secretaria.cookie, courseId, "Eva Multicaixa", {}, "923620011");
    await smsStatusIs(s.ctx, st.enrollment.id, "delivered");
    const bodies = s.sim.messages.filter((m) => m.to === "+244923620011").map((m) => m.body);
    expect(bodies).toHaveLength(1);
    expect(bodies[0]).toContain(`Entidade ${TEST_PROXYPAY_ENTITY}, Referencia ${formatReference(st.ref.reference!)}`);
    expect(bodies[0]).toContain("Pague 45 000,00 Kz no Multicaixa");
    expect(bodies[0]).toContain(`Codigo MC-${st.studentCode}`);
  });

  it("a certificate issued: the verification link", async () => {
    const { cls, professor } = await teachingSetup(s.ctx, { courseName: "Fotografia Digital" });
    const st = await enrolledStudent(s.ctx, cls, "Filipe Certificado");
    await s.ctx.db.update(enrollments).set({ studentPhone: "923620022" }).where(eq(enrollments.id, st.enrollment.id));
    const res = await postResults(s.ctx, professor.cookie, cls.id, [
      { enrollmentId: st.enrollment.id, outcome: "completed", finalGrade: 15 },
    ]);
    expect(res.status).toBe(200);
    await smsStatusIs(s.ctx, st.enrollment.id, "delivered");
    const [certificate] = await s.ctx.db
      .select()
      .from(certificates)
      .where(eq(certificates.enrollmentId, st.enrollment.id));
    expect(s.sim.messages.filter((m) => m.to === "+244923620022").map((m) => m.body)).toEqual([
      `Certificado de Fotografia Digital emitido. Verificar: ${verifyPageUrl(TEST_BASE_URL, certificate!.certificateNumber)}`,
    ]);
  });
});

describe("'Receber SMS' in 'Dados de Acesso'", () => {
  let s: Awaited<ReturnType<typeof startSmsContext>>;
  beforeAll(async () => {
    s = await startSmsContext();
  });
  afterAll(() => s.close());

  it("is on by default; the student turns it off (the date kept) and the next step sends none", async () => {
    const courseId = await insertCourse(s.ctx.db, { name: "Canto Coral", price: 20000 });
    const financeiro = await staffActor(s.ctx, "financeiro");
    const st = await studentWithEnrollment(s.ctx, courseId, "Gabriela Opção", { studentPhone: "923630011" });
    const own = async () => body(await s.ctx.app.request("/api/me/account", { headers: { cookie: st.cookie } }));
    expect(await own()).toMatchObject({ smsOptIn: true, smsOptInChangedAt: null });
    const off = await s.ctx.app.request("/api/me/account/sms", jsonRequest("PUT", { smsOptIn: false }, st.cookie));
    expect(off.status).toBe(200);
    const answer = await body(off);
    expect(answer.smsOptIn).toBe(false);
    expect(await own()).toMatchObject({ smsOptIn: false, smsOptInChangedAt: answer.smsOptInChangedAt });
    // Staff see it in 'Contas de Alunos'.
    const secretaria = await staffActor(s.ctx, "secretaria");
    const list = await s.ctx.app.request(`/api/admin/student-accounts?q=${encodeURIComponent("Gabriela Opção")}`, {
      headers: { cookie: secretaria.cookie },
    });
    expect((await body(list)).rows).toMatchObject([{ smsOptIn: false, smsOptInChangedAt: answer.smsOptInChangedAt }]);
    const bad = await s.ctx.app.request("/api/me/account/sms", jsonRequest("PUT", { smsOptIn: "sim" }, st.cookie));
    expect(bad.status).toBe(400);
    const sent = await submitReceipt(s.ctx, st.cookie, receiptForm(st.enrollment.id, { paidAmount: "20000" }));
    const res = await s.ctx.app.request(
      `/api/admin/receipts/${(await body(sent)).id}/approve`,
      jsonRequest("POST", {}, financeiro.cookie),
    );
    expect(res.status).toBe(200);
    expect(await smsOf(s.ctx, st.enrollment.id)).toEqual([]);
    expect(s.sim.attempts.get("+244923630011")).toBeUndefined();
  });
});
