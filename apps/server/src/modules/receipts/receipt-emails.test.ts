import { todayInLuanda } from "@app/shared/dates";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { jsonRequest, staffActor } from "../../../test/actors";
import { body, createTestContext, TEST_BASE_URL, type TestContext } from "../../../test/context";
import { insertCourse } from "../../../test/fixtures";
import { receiptForm, studentWithEnrollment, submitReceipt } from "../../../test/receipts";
import { type SmtpSink, startSmtpSink } from "../../../test/smtp-sink";
import { instituteSettings } from "../../db/schema";

/** The e-mails of a receipt review reach a real SMTP server (decision 044): greeting, course, reason, where to look. */
describe("receipt review e-mails through SMTP", () => {
  let sink: SmtpSink;
  let ctx: TestContext;
  let courseId: string;
  let financeiro: { userId: string; cookie: string };

  beforeAll(async () => {
    sink = await startSmtpSink();
    ctx = await createTestContext({ SMTP_URL: sink.url });
    await ctx.db.update(instituteSettings).set({ name: "Instituto Politécnico do Kilamba" });
    courseId = await insertCourse(ctx.db, { name: "Gestão de Recursos Humanos", price: 90000 });
    financeiro = await staffActor(ctx, "financeiro", "Filipa Finanças");
  });
  afterAll(async () => {
    await ctx.close();
    await sink.close();
  });

  /** A student with an approved enrolment and an e-mail, who sends a receipt of `paidAmount`; its id. */
  async function sentReceipt(name: string, email: string, code: string, paidAmount: string): Promise<string> {
    const s = await studentWithEnrollment(ctx, courseId, name, { studentEmail: email, paymentReferenceCode: code });
    const res = await submitReceipt(ctx, s.cookie, receiptForm(s.enrollment.id, { paidAmount }));
    expect(res.status).toBe(201);
    return (await body(res)).id;
  }
  const review = (id: string, action: "approve" | "reject", payload: unknown = {}) =>
    ctx.app.request(`/api/admin/receipts/${id}/${action}`, jsonRequest("POST", payload, financeiro.cookie));
  const today = todayInLuanda().split("-").reverse().join("/");

  it("approved: the student is greeted, told they are enrolled in the course, what comes next and where to look", async () => {
    const id = await sentReceipt("Beatriz Aprovada Sousa", "beatriz@exemplo.ao", "RH-APROV", "90000");
    const res = await review(id, "approve");
    expect(res.status).toBe(200);
    expect((await body(res)).studentEmail).toBe("queued");
    const { text } = await sink.waitForMailTo("beatriz@exemplo.ao");
    expect(text).toContain("Subject: Pagamento confirmado: está matriculado em «Gestão de Recursos Humanos»");
    expect(text).toContain("Olá Beatriz,");
    expect(text).toContain(
      "A equipe financeira do Instituto Politécnico do Kilamba validou o comprovante de pagamento que enviou para o curso «Gestão de Recursos Humanos».",
    );
    expect(text).toMatch(
      new RegExp(`Valor confirmado: 90\\s000,00\\sKz \\(transferência de ${today}, referência RH-APROV\\)\\.`),
    );
    expect(text).toContain("A sua matrícula está concluída: já está matriculado neste curso.");
    expect(text).toContain("A secretaria vai informar a turma, o horário e a data de início das aulas.");
    expect(text).toContain(`${TEST_BASE_URL}/aluno/pagamento`);
    expect(text).toContain("Atenciosamente,\nInstituto Politécnico do Kilamba");
    expect(text).not.toMatch(/<html/i); // plain text only
  });

  it("rejected: the student reads the reason, that the enrolment stands, and how to send a new receipt", async () => {
    const id = await sentReceipt("Carlos Rejeitado Neto", "carlos@exemplo.ao", "RH-REJ", "85000");
    const res = await review(id, "reject", { reason: "O talão está cortado: não se vê o valor" });
    expect(res.status).toBe(200);
    expect((await body(res)).studentEmail).toBe("queued");
    const { text } = await sink.waitForMailTo("carlos@exemplo.ao");
    expect(text).toContain("Subject: Comprovante de pagamento não aceito: «Gestão de Recursos Humanos»");
    expect(text).toContain("Olá Carlos,");
    expect(text).toMatch(
      new RegExp(
        `analisou o comprovante de pagamento que enviou para o curso «Gestão de Recursos Humanos» \\(85\\s000,00\\sKz, transferência de ${today}\\) e não o pôde aceitar\\.`,
      ),
    );
    expect(text).toContain("Motivo: O talão está cortado: não se vê o valor");
    expect(text).toContain("A sua inscrição continua válida.");
    expect(text).toContain(`${TEST_BASE_URL}/aluno/pagamento`);
    expect(text).toContain("código de referência RH-REJ");
    expect(text).toContain("Dúvidas: WhatsApp +244 912 345 678 ou inscricoes@instituto.example.");
  });
});
