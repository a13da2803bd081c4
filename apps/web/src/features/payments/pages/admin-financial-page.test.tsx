import { QueryClient } from "@tanstack/react-query";
import { fireEvent, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { renderAt } from "../../../test/render";
import { unmatchedPaymentsQuery } from "../../payment-references/api/payment-references";
import { adminPaymentsQuery, balancesQuery, type PaymentListParams, type PaymentRow } from "../api/admin-payments";
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
  balanceAfter: 0,
  differenceReason: null,
  differenceAcceptedAt: null,
  differenceAcceptedByName: null,
};

const counts = {
  totalRevenue: 150000,
  confirmedCount: 1,
  pendingCount: 2,
  pendingValue: 300000,
  balanceValue: 0,
  balanceCount: 0,
};
const NO_FILTERS: PaymentFilters = { from: "", to: "", method: null };

/**
 * 'Financeiro' with the answers the server gave for each filter (first page, no search unless `query`
 * says otherwise) already in the cache (no server).
 */
function show(answers: (PaymentFilters & { query?: Partial<PaymentListParams>; rows?: PaymentRow[] })[]) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
  const none = { page: 1, pageSize: 20, state: "open" as const };
  const counts0 = { open: 0, archived: 0, applied: 0 };
  client.setQueryData(unmatchedPaymentsQuery(none).queryKey, { rows: [], total: 0, ...none, counts: counts0 });
  const firstPage = { page: 1, pageSize: 20 };
  client.setQueryData(balancesQuery(firstPage).queryKey, { rows: [], total: 0, ...firstPage });
  for (const { query, rows = [payment], ...filters } of answers) {
    const params = { page: 1, pageSize: 20, ...filters, ...query };
    client.setQueryData(adminPaymentsQuery(params).queryKey, { rows, total: rows.length, ...params, counts });
  }
  renderAt(<AdminFinancialPage />, "/admin/financial", "*", client);
}

const card = (name: string) => screen.getByRole("region", { name });
const dateField = (label: string) => screen.getByLabelText(label) as HTMLInputElement;

describe("'Financeiro': the cards and the table describe the same rows", () => {
  it("shows the list's totals beside its rows", () => {
    show([NO_FILTERS]);
    expect(screen.getAllByText("Marta Pagadora").length).toBeGreaterThan(0);
    expect(within(card("Receita total")).getByText(/150\s000,00\sKz/)).toBeTruthy();
    expect(within(card("Pagamentos confirmados")).getByText("1")).toBeTruthy();
  });

  it("empties the cards with the table when the period ends before it starts (no totals of an earlier list)", () => {
    show([NO_FILTERS, { ...NO_FILTERS, to: "2026-11-01" }]);
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
    show([NO_FILTERS]);
    const from = dateField("De");
    // What Chromium reports for 30/02/2026 typed into the field: no value, and badInput.
    Object.defineProperty(from, "validity", { value: { badInput: true }, configurable: true });
    fireEvent.blur(from);

    expect(screen.getByText("Data inválida")).toBeTruthy();
    expect(screen.queryByText("Marta Pagadora")).toBeNull();
    expect(within(card("Receita total")).getByText("—")).toBeTruthy();
    expect(screen.getByText("Exportar CSV").closest("a")?.getAttribute("href")).toBeNull();
  });

  it("asks the server for the search within the filters, and exports what it found", async () => {
    show([
      NO_FILTERS,
      { ...NO_FILTERS, method: "tpa" },
      {
        ...NO_FILTERS,
        method: "tpa",
        query: { q: "bento" },
        rows: [{ ...payment, id: "00000000-0000-4000-8000-0000000000b2", studentName: "Bruno Bento" }],
      },
    ]);
    await userEvent.click(screen.getByRole("combobox", { name: "Método" }));
    await userEvent.click(await screen.findByRole("option", { name: "TPA" }));
    fireEvent.change(screen.getByLabelText("Pesquisar"), { target: { value: "bento" } });
    expect(await screen.findByText("Bruno Bento")).toBeTruthy();
    expect(screen.queryByText("Marta Pagadora")).toBeNull();
    expect(screen.getByText("Exportar CSV").closest("a")?.getAttribute("href")).toBe(
      "/api/admin/payments/export?method=tpa&q=bento&format=csv",
    );
    fireEvent.click(screen.getByRole("button", { name: "Ver Bruno Bento" }));
    expect(await screen.findByRole("dialog")).toBeTruthy();
  });
});

describe("'Pagamentos por referência' (issue 26)", () => {
  it("is hidden while there has never been one", () => {
    show([NO_FILTERS]);
    expect(screen.queryByRole("heading", { name: "Pagamentos por referência" })).toBeNull();
  });
});
