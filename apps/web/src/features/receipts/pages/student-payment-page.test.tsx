import { QueryClient } from "@tanstack/react-query";
import { screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { renderAt } from "../../../test/render";
import { type OwnEnrollment, ownEnrollmentsQuery } from "../../enrollments/api/enrollments";
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
  paymentReferenceCode: null,
  applicationDate: "2026-11-20T10:00:00.000Z",
  rejectionReason: null,
  documentRequests: [],
  bankDetails: null,
};

function show(enrollments: OwnEnrollment[]) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
  client.setQueryData(ownEnrollmentsQuery.queryKey, enrollments);
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
    show([{ ...base, status: "approved", paymentReferenceCode: "K7M3QX9A", bankDetails }]);
    expect(screen.queryByText("Aguarde Aprovação")).toBeNull();
    const box = screen.getByRole("region", { name: "Dados para pagamento" });
    expect(within(box).getByTestId("Código de referência").textContent).toBe("K7M3QX9A");
    expect(within(box).getByRole("button", { name: "Copiar código" })).toBeTruthy();
    expect(within(box).getByText(/150\s000,00\s*Kz/)).toBeTruthy();
    expect(within(box).getByText("Banco BAI")).toBeTruthy();
    expect(within(box).getByTestId("IBAN").textContent).toBe("AO06 0040 0000 1234 5678 9012 3");
    expect(within(box).getByText("Instituto Superior de Formação, Lda")).toBeTruthy();
    expect(screen.getByTestId("receipt-upload-placeholder")).toBeTruthy();
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
    expect(within(request).getByLabelText(/Novo ficheiro: Bilhete de Identidade \(verso\)/)).toBeTruthy();
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
