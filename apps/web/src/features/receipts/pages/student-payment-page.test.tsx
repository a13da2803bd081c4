import { QueryClient } from "@tanstack/react-query";
import { cleanup, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { renderAt } from "../../../test/render";
import { type OwnEnrollment, ownEnrollmentsQuery } from "../../enrollments/api/enrollments";
import { type OwnReference, ownReferencesQuery } from "../../payment-references/api/payment-references";
import { type OwnReceipt, ownReceiptsQuery } from "../api/own-receipts";
import { Component as StudentPaymentPage } from "./student-payment-page";

const bankDetails = {
  name: "Instituto Superior de Formação",
  bankName: "Banco BAI",
  iban: "AO06004000001234567890123",
  beneficiary: "Instituto Superior de Formação, Lda",
  whatsappNumber: "912345678",
  contactEmail: "inscricoes@instituto.example",
};

const base: OwnEnrollment = {
  id: "00000000-0000-4000-8000-000000000001",
  status: "pre_inscrito",
  courseName: "Marketing Digital",
  coursePrice: 150000,
  amountPaid: 0,
  balance: 150000,
  payments: [],
  paymentReferenceCode: null,
  codeSent: false,
  applicationDate: "2026-11-20T10:00:00.000Z",
  rejectionReason: null,
  documentRequests: [],
  bankDetails: null,
};

const approved: OwnEnrollment = { ...base, status: "approved", paymentReferenceCode: "K7M3QX9A", bankDetails };

const receipt: OwnReceipt = {
  id: "00000000-0000-4000-8000-0000000000a1",
  enrollmentId: base.id,
  courseName: "Marketing Digital",
  paidAmount: 140000,
  paymentDate: "2026-11-22",
  paymentReferenceCode: "K7M3QX9A",
  status: "pending",
  submittedAt: "2026-11-22T14:05:00.000Z",
  reviewedAt: null,
  notes: null,
  fileId: "00000000-0000-4000-8000-0000000000f1",
  fileType: "image",
};

function show(
  enrollments: OwnEnrollment[],
  receipts: OwnReceipt[] = [],
  references: OwnReference[] = [],
  multicaixa = true,
) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
  client.setQueryData(ownEnrollmentsQuery.queryKey, enrollments);
  client.setQueryData(ownReceiptsQuery.queryKey, receipts);
  client.setQueryData(ownReferencesQuery.queryKey, { references, multicaixa });
  renderAt(<StudentPaymentPage />, "/aluno/pagamento", "*", client);
}

describe("/aluno/pagamento for each own enrolment", () => {
  it("asks to wait while the pre-enrolment is reviewed", () => {
    show([base]);
    expect(screen.getByText("Aguarde Aprovação")).toBeTruthy();
    expect(screen.getByText(/A sua pré-inscrição está em análise/)).toBeTruthy();
    expect(screen.queryByText("Código de referência")).toBeNull();
  });

  it("shows the code with its copy button, the price in kz and the bank details once approved", () => {
    show([approved]);
    expect(screen.queryByText("Aguarde Aprovação")).toBeNull();
    const box = screen.getByRole("region", { name: "Dados para pagamento" });
    expect(within(box).getByTestId("Código de referência").textContent).toBe("K7M3QX9A");
    expect(within(box).getByRole("button", { name: "Copiar código" })).toBeTruthy();
    expect(within(box).getByText(/150\s000,00\s*Kz/)).toBeTruthy();
    expect(within(box).getByText("Banco BAI")).toBeTruthy();
    expect(within(box).getByTestId("IBAN").textContent).toBe("AO06 0040 0000 1234 5678 9012 3");
    expect(within(box).getByText("Instituto Superior de Formação, Lda")).toBeTruthy();
  });

  it("offers the receipt form for the one payable enrolment, without a course selector, and an empty history", () => {
    show([approved]);
    const form = screen.getByRole("region", { name: "Enviar comprovante" });
    expect(within(form).queryByRole("combobox", { name: /^Curso/ })).toBeNull();
    expect(within(form).getByText("Digite o valor exato que você pagou")).toBeTruthy();
    expect(within(form).getByLabelText(/Data do pagamento/)).toBeTruthy();
    expect(within(form).getByText("JPEG, PNG ou PDF, até 5MB")).toBeTruthy();
    expect(within(form).getByRole("button", { name: "Enviar Comprovante" })).toBeTruthy();
    const history = screen.getByRole("region", { name: "Histórico de comprovantes" });
    expect(within(history).getByText("Nenhum comprovante enviado ainda")).toBeTruthy();
  });

  it("warns, without blocking, when the amount differs from the course price", async () => {
    show([approved]);
    const amount = screen.getByRole("textbox", { name: /Valor pago/ });
    await userEvent.type(amount, "150.000");
    expect(screen.queryByText(/do valor do curso/)).toBeNull();
    await userEvent.clear(amount);
    await userEvent.type(amount, "140.000");
    expect(screen.getByText(/10\s000,00\s*Kz abaixo do valor do curso/)).toBeTruthy();
    expect(screen.getByRole("button", { name: "Enviar Comprovante" }).hasAttribute("disabled")).toBe(false);
  });

  it("asks which course when several enrolments can be paid, and shows what to pay for the one chosen", async () => {
    show([
      approved,
      { ...approved, id: "00000000-0000-4000-8000-000000000002", courseName: "Excel Avançado", coursePrice: 90000 },
    ]);
    const form = screen.getByRole("region", { name: "Enviar comprovante" });
    await userEvent.click(within(form).getByRole("combobox", { name: /^Curso/ }));
    await userEvent.click(screen.getByRole("option", { name: "Excel Avançado" }));
    const box = within(form).getByRole("region", { name: "Dados para pagamento" });
    expect(within(box).getByText(/90\s000,00\s*Kz/)).toBeTruthy();
  });

  it("says a pending receipt awaits validation instead of offering the form, and lists it", () => {
    show([{ ...approved, status: "payment_pending" }], [receipt]);
    expect(screen.getByText("Comprovante enviado")).toBeTruthy();
    expect(screen.queryByRole("region", { name: "Enviar comprovante" })).toBeNull();
    const item = screen.getByRole("listitem", { name: "Comprovante: Marketing Digital" });
    expect(within(item).getByText("Pendente")).toBeTruthy();
    expect(within(item).getByText(/22\/11\/2026 às 15:05/)).toBeTruthy(); // Luanda is UTC+1
    const file = within(item).getByRole("link", { name: /^Ver Arquivo/ });
    expect(file.getAttribute("href")).toBe(`/api/files/${receipt.fileId}`);
    expect(file.getAttribute("target")).toBe("_blank");
  });

  it("gives the rejection reason and the form again after a rejected receipt", () => {
    show([approved], [{ ...receipt, status: "rejected", notes: "Valor ilegível" }]);
    expect(screen.getByText("Comprovante rejeitado")).toBeTruthy();
    expect(screen.getAllByText("Valor ilegível")).toHaveLength(2); // the notice and the history
    expect(screen.getByRole("region", { name: "Enviar comprovante" })).toBeTruthy();
    expect(screen.getByText("Rejeitado")).toBeTruthy();
  });

  it("lists each refused document with its reason and note, and a file field for it only", () => {
    show([
      {
        ...base,
        status: "correction_requested",
        documentRequests: [
          {
            id: "00000000-0000-4000-8000-000000000009",
            document: "id_card_back",
            documentLabel: "Bilhete de Identidade (verso)",
            reason: "ilegivel",
            reasonLabel: "Ilegível",
            note: "A foto está desfocada",
            requestedAt: "2026-11-21T10:00:00.000Z",
          },
        ],
      },
    ]);
    expect(screen.getAllByText("Correção pedida")).toHaveLength(2); // the badge and the notice
    const request = screen.getByRole("region", { name: "Bilhete de Identidade (verso)" });
    expect(within(request).getByText("Ilegível")).toBeTruthy();
    expect(within(request).getByText("A foto está desfocada")).toBeTruthy();
    expect(within(request).getByLabelText(/Novo arquivo: Bilhete de Identidade \(verso\)/)).toBeTruthy();
    expect(screen.queryByLabelText(/Bilhete de Identidade \(frente\)/)).toBeNull();
    const send = within(request).getByRole("button", { name: "Enviar Bilhete de Identidade (verso)" });
    expect(send.hasAttribute("disabled") || send.getAttribute("data-disabled") === "true").toBe(true);
  });

  it("gives the rejection reason instead of waiting forever", () => {
    show([{ ...base, status: "rejected", rejectionReason: "O certificado não corresponde ao nome" }]);
    expect(screen.getByText("Inscrição rejeitada")).toBeTruthy();
    expect(screen.getByText("O certificado não corresponde ao nome")).toBeTruthy();
    expect(screen.queryByText("Aguarde Aprovação")).toBeNull();
  });

  it("shows a finished course as finished, with the way to its certificate, not as a confirmed enrolment", () => {
    show([{ ...approved, status: "completed" }]);
    const card = screen.getByRole("article", { name: "Inscrição: Marketing Digital" });
    expect(within(card).getByText("Curso concluído")).toBeTruthy();
    expect(within(card).getByText(/Concluiu este curso/)).toBeTruthy();
    expect(within(card).getByRole("link", { name: "Ver o certificado" }).getAttribute("href")).toBe(
      "/aluno/certificados",
    );
    expect(within(card).queryByText("Matrícula confirmada")).toBeNull();
    expect(within(card).queryByText(/está matriculado/)).toBeNull();
  });

  it("says a course ended 'Não concluído' without calling the student enrolled", () => {
    show([{ ...approved, status: "not_completed" }]);
    const card = screen.getByRole("article", { name: "Inscrição: Marketing Digital" });
    expect(within(card).getByText("Curso terminado sem conclusão")).toBeTruthy();
    expect(within(card).queryByText("Matrícula confirmada")).toBeNull();
    expect(within(card).queryByRole("link", { name: "Ver o certificado" })).toBeNull();
  });

  it("puts the enrolment that needs the student first when there are several", () => {
    show([
      { ...base, id: "00000000-0000-4000-8000-000000000002", courseName: "Excel Avançado" },
      { ...base, status: "approved", paymentReferenceCode: "ABCD2345", bankDetails },
    ]);
    const cards = screen.getAllByRole("article");
    expect(cards.map((c) => c.getAttribute("aria-label"))).toEqual([
      "Inscrição: Marketing Digital",
      "Inscrição: Excel Avançado",
    ]);
  });
});

describe("/aluno/pagamento with a Multicaixa reference (issue 26)", () => {
  const reference: OwnReference = {
    enrollmentId: approved.id,
    courseName: approved.courseName,
    entity: "12345",
    reference: "123456789",
    amount: 150000,
    endsAt: "2026-12-03T10:00:00.000Z",
    status: "active",
    expired: false,
  };

  it("shows entity, reference and amount to copy, the expiry, and keeps the receipt upload", () => {
    show([approved], [], [reference]);
    const box = screen.getByRole("region", { name: "Pagar por referência Multicaixa" });
    expect(within(box).getByTestId("Entidade").textContent).toBe("12345");
    expect(within(box).getByTestId("Referência Multicaixa").textContent).toBe("123 456 789");
    expect(within(box).getByTestId("Montante").textContent).toMatch(/150[\s\u00a0\u202f.]000,00/);
    expect(within(box).getByRole("button", { name: "Copiar referência multicaixa" })).toBeTruthy();
    expect(within(box).getByText(/03\/12\/2026 às 11:00/)).toBeTruthy();
    expect(screen.getByText(/Ou pague por transferência bancária/)).toBeTruthy();
  });

  it("an expired reference offers a new one instead of the numbers", () => {
    show([approved], [], [{ ...reference, expired: true }]);
    expect(screen.getByText("Referência expirada")).toBeTruthy();
    expect(screen.getByRole("button", { name: "Pedir nova referência" })).toBeTruthy();
    expect(screen.queryByTestId("Entidade")).toBeNull();
  });

  it("references switched off after one was issued: not to be paid, how to pay instead, what if already paid (decision 084)", () => {
    show([approved], [], [reference], false);
    expect(screen.queryByRole("region", { name: "Pagar por referência Multicaixa" })).toBeNull();
    expect(screen.queryByTestId("Entidade")).toBeNull();
    expect(screen.queryByText(/concluída sozinha/)).toBeNull();
    const notice = screen.getByRole("region", { name: "Pagamento por referência Multicaixa suspenso" });
    expect(within(notice).getByText(/Não pague a referência 123 456 789/)).toBeTruthy();
    expect(within(notice).getByText(/Pague por transferência bancária com o código de referência/)).toBeTruthy();
    expect(within(notice).getByText(/Se já pagou esta referência, envie o comprovante do Multicaixa/)).toBeTruthy();
    expect(screen.getByRole("region", { name: "Enviar comprovante" })).toBeTruthy();
  });

  it("references off and the issued one expired: only the transfer flow", () => {
    show([approved], [], [{ ...reference, expired: true }], false);
    expect(screen.queryByText("Referência expirada")).toBeNull();
    expect(screen.queryByRole("region", { name: "Pagamento por referência Multicaixa suspenso" })).toBeNull();
    expect(screen.getByText(/^Pague por transferência bancária/)).toBeTruthy();
  });

  it("no reference (references off): the transfer flow as before", () => {
    show([approved], [], [], false);
    expect(screen.queryByRole("region", { name: "Pagar por referência Multicaixa" })).toBeNull();
    expect(screen.getByText(/^Pague por transferência bancária/)).toBeTruthy();
  });
});

describe("/aluno/pagamento after a short payment (issue 34)", () => {
  const paid = {
    id: "00000000-0000-4000-8000-0000000000c1",
    amount: 145000,
    paymentDate: "2026-11-27",
    paymentMethodLabel: "Multicaixa",
  };
  const partial: OwnEnrollment = {
    ...approved,
    status: "partial_payment",
    amountPaid: 145000,
    balance: 5000,
    payments: [paid],
  };
  const forBalance: OwnReference = {
    enrollmentId: approved.id,
    courseName: approved.courseName,
    entity: "12345",
    reference: "987654321",
    amount: 5000,
    endsAt: "2026-12-04T10:00:00.000Z",
    status: "active",
    expired: false,
  };

  it("says what arrived, what is missing and how to pay it: the new reference, or the transfer with the code", () => {
    show([partial], [], [forBalance]);
    const card = screen.getByRole("article", { name: "Inscrição: Marketing Digital" });
    expect(within(card).getByText("Pagamento parcial")).toBeTruthy();
    const notice = within(card).getByRole("alert");
    expect(notice.textContent).toMatch(/Falta pagar 5\s000,00\s*Kz/);
    expect(notice.textContent).toMatch(/Recebemos 145\s000,00\s*Kz de 150\s000,00\s*Kz/);
    expect(notice.textContent).toMatch(/Recebido: 145\s000,00\s*Kz em 27\/11\/2026 \(Multicaixa\)/);
    expect(notice.textContent).toMatch(/Pague a nova referência Multicaixa abaixo, de 5\s000,00\s*Kz/);
    expect(notice.textContent).toContain("com o código de referência K7M3QX9A na descrição");
    const box = within(card).getByRole("region", { name: "Pagar por referência Multicaixa" });
    expect(within(box).getByTestId("Montante").textContent).toMatch(/5\s000,00/);
    // What is left to pay where the transfer's details are, and the warning against what is left.
    const details = screen.getByRole("region", { name: "Dados para pagamento" });
    expect(within(details).getByText("Falta pagar")).toBeTruthy();
    expect(within(details).getByText(/5\s000,00\s*Kz \(de 150\s000,00\s*Kz\)/)).toBeTruthy();
  });

  it("names the Multicaixa reference and the transfer's code apart", () => {
    show([partial], [], [forBalance]);
    expect(screen.getByText("Referência Multicaixa")).toBeTruthy();
    expect(screen.getByText("Código de referência")).toBeTruthy();
    expect(screen.queryByText("Referência", { exact: true })).toBeNull();
  });

  it("lists every payment received, whatever the way, with amount and date; none while there is none", () => {
    const desk = { ...paid, id: "00000000-0000-4000-8000-0000000000c2", paymentMethodLabel: "Dinheiro" };
    show([
      partial,
      {
        ...approved,
        id: "00000000-0000-4000-8000-000000000003",
        status: "enrolled",
        courseName: "Excel Avançado",
        amountPaid: 90000,
        balance: 0,
        payments: [{ ...desk, amount: 90000, paymentDate: "2026-11-28" }],
      },
    ]);
    const section = screen.getByRole("region", { name: "Pagamentos recebidos" });
    const items = within(section).getAllByRole("listitem");
    expect(items.map((i) => i.getAttribute("aria-label"))).toEqual([
      "Pagamento: Excel Avançado",
      "Pagamento: Marketing Digital",
    ]);
    expect(items[0]!.textContent).toMatch(/28\/11\/2026 · Dinheiro.*90\s000,00\s*Kz/);
    expect(items[1]!.textContent).toMatch(/27\/11\/2026 · Multicaixa.*145\s000,00\s*Kz/);
    cleanup();
    show([approved]);
    expect(screen.queryByRole("region", { name: "Pagamentos recebidos" })).toBeNull();
  });
});
