import type { AddressInfo } from "node:net";
import { todayInLuanda } from "@app/shared/dates";
import { SMTPServer } from "smtp-server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { jsonRequest, staffActor } from "../../../test/actors";
import { body, createTestContext, TEST_BASE_URL, type TestContext } from "../../../test/context";
import { insertCourse } from "../../../test/fixtures";
import { receiptForm, studentWithEnrollment, submitReceipt } from "../../../test/receipts";
import { instituteSettings } from "../../db/schema";

/** Quoted-printable and RFC 2047 words as nodemailer writes them, decoded to read the text a student reads. */
function decode(raw: string): string {
  const bytes = (s: string) => Buffer.from(s.replace(/=([0-9A-F]{2})/g, "%$1").replace(/%(?![0-9A-F]{2})/g, "%25"));
  const qp = (s: string) => decodeURIComponent(bytes(s).toString("latin1"));
  return raw
    .replace(/\r\n/g, "\n")
    .replace(/\?=\s+=\?/g, "?==?") // the space between two encoded words of a folded header is not text
    .replace(/=\?UTF-8\?Q\?([^?]*)\?=/gi, (_, word: string) => qp(word.replace(/_/g, " ")))
    .replace(/=\n/g, "")
    .replace(/(?:=[0-9A-F]{2})+/g, (run) => qp(run));
}

/** The e-mails of a receipt review reach a real SMTP server (decision 044): greeting, course, reason, where to look. */
describe("receipt review e-mails through SMTP", () => {
  const received: { to: string[]; text: string }[] = [];
  let sink: SMTPServer;
  let ctx: TestContext;
  let courseId: string;
  let financeiro: { userId: string; cookie: string };

  beforeAll(async () => {
    sink = new SMTPServer({
      authOptional: true,
      disabledCommands: ["STARTTLS"],
      onData(stream, session, callback) {
        let raw = "";
        stream.on("data", (c: Buffer) => {
          raw += c.toString();
        });
        stream.on("end", () => {
          received.push({ to: session.envelope.rcptTo.map((r) => r.address), text: decode(raw) });
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => sink.listen(0, "127.0.0.1", resolve));
    ctx = await createTestContext({ SMTP_URL: `smtp://127.0.0.1:${(sink.server.address() as AddressInfo).port}` });
    await ctx.db.update(instituteSettings).set({ name: "Instituto Politécnico do Kilamba" });
    courseId = await insertCourse(ctx.db, { name: "Gestão de Recursos Humanos", price: 90000 });
    financeiro = await staffActor(ctx, "financeiro", "Filipa Finanças");
  });
  afterAll(async () => {
    await ctx.close();
    await new Promise<void>((resolve) => sink.close(() => resolve()));
  });

  /** A student with an approved enrolment and an e-mail, who sends a receipt of `paidAmount`; its id. */
  async function sentReceipt(name: string, email: string, code: string, paidAmount: string): Promise<string> {
    const s = await studentWithEnrollment(ctx, courseId, name, { studentEmail: email, paymentReferenceCode: code });
    const res = await submitReceipt(ctx, s.cookie, receiptForm(s.enrollment.id, { paidAmount }));
    expect(res.status).toBe(201);
    return (await body(res)).id;
  }
  const review = (id: string, action: "approve" | "reject", payload?: unknown) =>
    ctx.app.request(`/api/admin/receipts/${id}/${action}`, jsonRequest("POST", payload, financeiro.cookie));
  const today = todayInLuanda().split("-").reverse().join("/");

  it("approved: the student is greeted, told they are enrolled in the course, what comes next and where to look", async () => {
    const id = await sentReceipt("Beatriz Aprovada Sousa", "beatriz@exemplo.ao", "RH-APROV", "90000");
    const res = await review(id, "approve");
    expect(res.status).toBe(200);
    expect((await body(res)).studentEmail).toBe("sent");
    const mail = received.find((m) => m.to.includes("beatriz@exemplo.ao"));
    expect(mail).toBeDefined();
    const text = mail!.text;
    expect(text).toContain("Subject: Pagamento confirmado: está matriculado em «Gestão de Recursos Humanos»");
    expect(text).toContain("Olá Beatriz,");
    expect(text).toContain(
      "A equipa financeira do Instituto Politécnico do Kilamba validou o comprovante de pagamento que enviou para o curso «Gestão de Recursos Humanos».",
    );
    expect(text).toMatch(
      new RegExp(`Valor confirmado: 90\\s000,00\\sKz \\(transferência de ${today}, referência RH-APROV\\)\\.`),
    );
    expect(text).toContain("A sua matrícula está concluída: já está matriculado neste curso.");
    expect(text).toContain("A secretaria vai indicar-lhe a turma, o horário e a data de início das aulas.");
    expect(text).toContain(`${TEST_BASE_URL}/aluno/pagamento`);
    expect(text).toContain("Com os melhores cumprimentos,\nInstituto Politécnico do Kilamba");
    expect(text).not.toMatch(/<html/i); // plain text only
  });

  it("rejected: the student reads the reason, that the enrolment stands, and how to send a new receipt", async () => {
    const id = await sentReceipt("Carlos Rejeitado Neto", "carlos@exemplo.ao", "RH-REJ", "85000");
    const res = await review(id, "reject", { reason: "O talão está cortado: não se vê o valor" });
    expect(res.status).toBe(200);
    expect((await body(res)).studentEmail).toBe("sent");
    const text = received.find((m) => m.to.includes("carlos@exemplo.ao"))!.text;
    expect(text).toContain("Subject: Comprovante de pagamento não aceite: «Gestão de Recursos Humanos»");
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
