import { QueryClient } from "@tanstack/react-query";
import { fireEvent, screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { renderAt } from "../../../test/render";
import { adminPaymentsQuery, type PaymentRow } from "../api/admin-payments";
import type { PaymentFilters } from "../logic/payment-stats";
import { Component as AdminFinancialPage } from "./admin-financial-page";

const payment: PaymentRow = {
  id: "00000000-0000-4000-8000-0000000000b1",
  enrollmentId: "00000000-0000-4000-8000-000000000001",
  studentName: "Marta Pagadora",
  studentPhone: "923000000",
  courseName: "Marketing Digital",
  amount: 150000,
  paymentDate: "2026-10-20",
  paymentMethod: "transferencia",
  paymentMethodLabel: "Transferência Bancária",
  status: "completed",
  notes: null,
  receiptId: null,
  paymentReferenceCode: "K7M3QX9A",
  createdAt: "2026-10-20T10:00:00.000Z",
};

const list = {
  payments: [payment],
  stats: { totalRevenue: 150000, confirmedCount: 1, pendingCount: 2, pendingValue: 300000 },
};

/** 'Financeiro' with the answers the server gave for each filter already in the cache (no server). */
function show(answers: PaymentFilters[]) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
  for (const filters of answers) client.setQueryData(adminPaymentsQuery(filters).queryKey, list);
  renderAt(<AdminFinancialPage />, "/admin/financial", "*", client);
}

const card = (name: string) => screen.getByRole("region", { name });
const dateField = (label: string) => screen.getByLabelText(label) as HTMLInputElement;

describe("'Financeiro': the cards and the table describe the same rows", () => {
  it("shows the list's totals beside its rows", () => {
    show([{ from: "", to: "", method: null }]);
    expect(screen.getAllByText("Marta Pagadora").length).toBeGreaterThan(0);
    expect(within(card("Receita total")).getByText(/150\s000,00\sKz/)).toBeTruthy();
    expect(within(card("Pagamentos confirmados")).getByText("1")).toBeTruthy();
  });

  it("empties the cards with the table when the period ends before it starts (no totals of an earlier list)", () => {
    show([
      { from: "", to: "", method: null },
      { from: "", to: "2026-11-01", method: null },
    ]);
    fireEvent.change(dateField("Até"), { target: { value: "2026-11-01" } });
    expect(within(card("Receita total")).getByText(/150\s000,00\sKz/)).toBeTruthy();
    fireEvent.change(dateField("De"), { target: { value: "2026-11-10" } });

    expect(screen.getByText("A data final é anterior à inicial")).toBeTruthy();
    expect(screen.queryByText("Marta Pagadora")).toBeNull();
    expect(screen.getByText("Nenhum registro encontrado")).toBeTruthy();
    for (const name of ["Receita total", "Pagamentos confirmados", "Comprovantes pendentes", "Valor pendente"]) {
      expect(within(card(name)).getByText("—"), name).toBeTruthy();
    }
  });

  it("says 'Data inválida' for a day the browser holds but cannot read, and shows no totals for it", () => {
    show([{ from: "", to: "", method: null }]);
    const from = dateField("De");
    // What Chromium reports for 30/02/2026 typed into the field: no value, and badInput.
    Object.defineProperty(from, "validity", { value: { badInput: true }, configurable: true });
    fireEvent.blur(from);

    expect(screen.getByText("Data inválida")).toBeTruthy();
    expect(screen.queryByText("Marta Pagadora")).toBeNull();
    expect(within(card("Receita total")).getByText("—")).toBeTruthy();
    expect(screen.getByText("Exportar CSV").closest("a")?.getAttribute("href")).toBeNull();
  });
});
