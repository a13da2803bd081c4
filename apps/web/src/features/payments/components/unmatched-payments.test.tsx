import { QueryClient } from "@tanstack/react-query";
import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { enrollmentCounts, listPage } from "../../../test/fixtures/list-page";
import { renderAt } from "../../../test/render";
import { enrollmentSearchQuery } from "../../bank-statements/api/bank-statements";
import type { AdminEnrollmentRow } from "../../enrollments/api/admin-enrollments";
import {
  type UnmatchedPayment,
  type UnmatchedState,
  unmatchedPaymentsQuery,
} from "../../payment-references/api/payment-references";
import { UnmatchedPayments } from "./unmatched-payments";

const base = {
  entity: "12345",
  paidAt: "2026-11-26T10:00:00.000Z",
  receivedAt: "2026-11-26T10:00:01.000Z",
  invalidReason: null,
  resolution: null,
  resolvedAt: null,
  resolvedByName: null,
  resolutionNote: null,
  appliedEnrollmentId: null,
  appliedStudentName: null,
};
const wrongAmount: UnmatchedPayment = {
  ...base,
  id: "00000000-0000-4000-8000-0000000000c1",
  providerPaymentId: "80000001",
  reference: "123456789",
  amount: 100000,
  outcome: "wrong_amount",
  enrollmentId: "00000000-0000-4000-8000-000000000001",
  studentName: "Gil Diferente",
  expectedAmount: 150000,
};
const unknown: UnmatchedPayment = {
  ...base,
  id: "00000000-0000-4000-8000-0000000000c2",
  providerPaymentId: "80000002",
  reference: "987654321",
  amount: 5000,
  outcome: "unknown_reference",
  enrollmentId: null,
  studentName: null,
  expectedAmount: null,
};
const archived: UnmatchedPayment = {
  ...unknown,
  id: "00000000-0000-4000-8000-0000000000c3",
  reference: "955555555",
  resolution: "archived",
  resolvedAt: "2026-11-26T11:00:00.000Z",
  resolvedByName: "Rosa Financeira",
  resolutionNote: "Devolvido ao pagador",
};
/** Data ProxyPay sent that does not fit (decision 079): kept, its amount unreadable. */
const invalid: UnmatchedPayment = {
  ...unknown,
  id: "00000000-0000-4000-8000-0000000000c4",
  providerPaymentId: "81000003",
  reference: "911000111",
  amount: null,
  outcome: "invalid",
  invalidReason: "Valor: ilegível ou acima de 999 999 999 999,99 Kz",
};
const counts = { open: 2, archived: 1, applied: 0 };

/** The section with each state's first page already answered (no server). */
function show(pages: Partial<Record<UnmatchedState, UnmatchedPayment[]>>, c = counts) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
  const enrollment = (id: string, name: string, status: "approved" | "enrolled"): AdminEnrollmentRow => ({
    id,
    studentName: name,
    studentPhone: "923456789",
    studentEmail: null,
    courseId: "5b0e7a36-6a55-4a55-9a55-0a5b0e7a3602",
    courseName: "Marketing Digital",
    coursePrice: 150_000,
    classId: null,
    className: null,
    schedulePreference: "noite",
    status,
    applicationDate: "2026-02-01T09:00:00.000Z",
    approvalDate: null,
    paymentReferenceCode: "K7PQ2MXA",
    codeSent: false,
    source: null,
    smsUndelivered: false,
  });
  client.setQueryData(
    enrollmentSearchQuery("Gil Diferente").queryKey,
    listPage(
      [
        enrollment("5b0e7a36-6a55-4a55-9a55-0a5b0e7a3611", "Gil Diferente", "approved"),
        enrollment("5b0e7a36-6a55-4a55-9a55-0a5b0e7a3612", "Gil Diferente Pago", "enrolled"),
      ],
      { counts: enrollmentCounts({}) },
    ),
  );
  for (const [state, rows] of Object.entries(pages)) {
    const params = { page: 1, pageSize: 20, state: state as UnmatchedState };
    client.setQueryData(unmatchedPaymentsQuery(params).queryKey, { rows, total: rows.length, ...params, counts: c });
  }
  renderAt(<UnmatchedPayments />, "/admin/financial", "*", client);
}

describe("'Pagamentos por referência' (issue 26, decision 077)", () => {
  it("is hidden while there has never been one", () => {
    show({ open: [] }, { open: 0, archived: 0, applied: 0 });
    expect(screen.queryByRole("heading", { name: "Pagamentos por referência" })).toBeNull();
  });

  it("shows a wrong amount beside the amount due, an unknown reference, and both actions on each", () => {
    show({ open: [wrongAmount, unknown] });
    const section = screen.getByRole("region", { name: "Pagamentos por referência" });
    expect(within(section).getAllByText("Valor diferente do devido").length).toBeGreaterThan(0);
    expect(within(section).getAllByText("Referência desconhecida").length).toBeGreaterThan(0);
    expect(within(section).getAllByText(/devido 150\s000,00\sKz/).length).toBeGreaterThan(0);
    expect(within(section).getAllByText("12345 · 123 456 789").length).toBeGreaterThan(0);
    expect(screen.getByRole("button", { name: "Aplicar à inscrição 123 456 789" })).toBeTruthy();
    expect(screen.getByRole("button", { name: "Arquivar 987 654 321" })).toBeTruthy();
    expect(screen.getByRole("combobox", { name: "Mostrar" })).toHaveProperty("value", "Por resolver (2)");
  });

  it("an invalid payment says so, with the reason; its unreadable amount can only be archived (decision 079)", async () => {
    show({ open: [invalid] }, { open: 1, archived: 0, applied: 0 });
    const section = screen.getByRole("region", { name: "Pagamentos por referência" });
    expect(within(section).getAllByText("Dados inválidos enviados pela ProxyPay").length).toBeGreaterThan(0);
    expect(within(section).getAllByText("Valor: ilegível ou acima de 999 999 999 999,99 Kz").length).toBeGreaterThan(0);
    expect(within(section).getAllByText("Valor ilegível").length).toBeGreaterThan(0);
    expect(screen.queryByRole("button", { name: "Aplicar à inscrição 911 000 111" })).toBeNull();
    await userEvent.click(screen.getByRole("button", { name: "Arquivar 911 000 111" }));
    const dialog = await screen.findByRole("dialog", { name: "Arquivar pagamento por referência" });
    expect(within(dialog).getByText("Valor ilegível")).toBeTruthy();
  });

  it("'Aplicar à inscrição' opens the search with the reference's student, and asks to choose one", async () => {
    show({ open: [wrongAmount, unknown] });
    await userEvent.click(screen.getByRole("button", { name: "Aplicar à inscrição 123 456 789" }));
    const dialog = await screen.findByRole("dialog", { name: "Aplicar à inscrição" });
    expect(within(dialog).getByLabelText(/Pesquisar inscrição/)).toHaveProperty("value", "Gil Diferente");
    await userEvent.click(within(dialog).getByRole("button", { name: "Aplicar" }));
    expect(await within(dialog).findByText("Escolha a inscrição")).toBeTruthy();
    // Only an enrolment awaiting payment can take it.
    expect(within(dialog).getByRole("radio", { name: "Gil Diferente — Marketing Digital" })).toHaveProperty(
      "disabled",
      false,
    );
    expect(within(dialog).getByRole("radio", { name: "Gil Diferente Pago — Marketing Digital" })).toHaveProperty(
      "disabled",
      true,
    );
  });

  it("'Arquivar' needs a reason", async () => {
    show({ open: [wrongAmount, unknown] });
    await userEvent.click(screen.getByRole("button", { name: "Arquivar 987 654 321" }));
    const dialog = await screen.findByRole("dialog", { name: "Arquivar pagamento por referência" });
    await userEvent.click(within(dialog).getByRole("button", { name: "Arquivar" }));
    expect(await within(dialog).findByText("Indique o motivo")).toBeTruthy();
  });

  it("the archived: who, when and why, and no actions", async () => {
    show({ open: [wrongAmount, unknown], archived: [archived] });
    await userEvent.click(screen.getByRole("combobox", { name: "Mostrar" }));
    await userEvent.click(await screen.findByRole("option", { name: "Arquivados (1)" }));
    expect((await screen.findAllByText("Arquivado: Devolvido ao pagador")).length).toBeGreaterThan(0);
    expect(screen.getAllByText(/Rosa Financeira/).length).toBeGreaterThan(0);
    expect(screen.queryByRole("button", { name: /Arquivar 955/ })).toBeNull();
  });
});
