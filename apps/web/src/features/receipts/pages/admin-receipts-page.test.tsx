import { QueryClient } from "@tanstack/react-query";
import { fireEvent, screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { renderAt } from "../../../test/render";
import { type AdminReceiptParams, type AdminReceiptRow, adminReceiptsQuery } from "../api/admin-receipts";
import { Component as AdminReceiptsPage } from "./admin-receipts-page";

const receipt: AdminReceiptRow = {
  id: "00000000-0000-4000-8000-0000000000a1",
  enrollmentId: "00000000-0000-4000-8000-000000000001",
  enrollmentStatus: "payment_pending",
  studentName: "Marta Pagadora",
  studentPhone: "923000000",
  studentEmail: null,
  courseName: "Marketing Digital",
  paymentReferenceCode: "K7M3QX9A",
  paidAmount: 150000,
  coursePrice: 150000,
  divergence: 0,
  divergenceCorrect: true,
  paymentDate: "2026-11-22",
  status: "pending",
  submittedAt: "2026-11-23T18:53:00.000Z",
  reviewedAt: null,
  reviewedByName: null,
  notes: null,
  fileId: "00000000-0000-4000-8000-0000000000f1",
  fileType: "image",
  fileContentType: "image/png",
  duplicates: [],
  statement: null,
  statementLine: null,
};

const counts = { total: 41, pending: 1, approved: 40, rejected: 0, approvedAmount: 6000000, pendingAmount: 150000 };

/** 'Comprovantes' with the server's answers for each page and search already in the cache (no server). */
function show(pages: { query?: Partial<AdminReceiptParams>; rows: AdminReceiptRow[] }[]) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
  for (const { query, rows } of pages) {
    const params = { page: 1, pageSize: 20, ...query };
    client.setQueryData(adminReceiptsQuery(params).queryKey, { rows, total: 41, ...params, counts });
  }
  renderAt(<AdminReceiptsPage />, "/admin/payment-receipts", "*", client);
}

/** Receipt n of a page, another student's. */
const other = (n: number, overrides: Partial<AdminReceiptRow> = {}): AdminReceiptRow => ({
  ...receipt,
  id: `00000000-0000-4000-8000-${String(n).padStart(12, "0")}`,
  studentName: `Aluno ${n}`,
  status: "approved",
  ...overrides,
});

describe("'Comprovantes'", () => {
  it("writes every date with a four-digit year (dd/MM/yyyy), the sending moment in Luanda time", () => {
    show([{ rows: [receipt] }]);
    expect(screen.getByText("22/11/2026")).toBeTruthy();
    expect(screen.getByText("enviado 23/11/2026 às 19:53")).toBeTruthy();
    expect(screen.queryByText(/\b\d{2}\/\d{2}\/\d{2}\b(?!\d)/)).toBeNull();
  });

  it("shows the server's cards and pages: 41 receipts are three pages, the second read from the server", async () => {
    show([
      { rows: [receipt, ...Array.from({ length: 19 }, (_, i) => other(i + 1))] },
      { query: { page: 2 }, rows: [other(21, { studentName: "Zulmira da Página Dois" })] },
    ]);
    expect(within(screen.getByRole("region", { name: "Total" })).getByText("41")).toBeTruthy();
    expect(within(screen.getByRole("region", { name: "Aprovados" })).getByText("40")).toBeTruthy();
    expect(screen.getByText("41 registros")).toBeTruthy();
    expect(screen.getByRole("button", { name: "Página 3" })).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Página 2" }));
    expect(await screen.findByText("Zulmira da Página Dois")).toBeTruthy();
    expect(screen.queryByText("Marta Pagadora")).toBeNull();
  });

  it("asks the server for what is typed and opens a found row's receipt", async () => {
    show([
      { rows: [receipt, other(1)] },
      { query: { q: "zulmira" }, rows: [other(21, { studentName: "Zulmira Encontrada", status: "pending" })] },
    ]);
    fireEvent.change(screen.getByLabelText("Pesquisar"), { target: { value: "zulmira" } });
    expect(await screen.findByText("Zulmira Encontrada")).toBeTruthy();
    expect(screen.queryByText("Marta Pagadora")).toBeNull();
    fireEvent.click(screen.getByRole("button", { name: "Ver Zulmira Encontrada" }));
    const dialog = await screen.findByRole("dialog", { name: "Detalhes do comprovante" });
    expect(within(dialog).getAllByText("Zulmira Encontrada").length).toBeGreaterThan(0);
  });

  it("shows what the bank statements say and filters on it through the server (decision 074)", async () => {
    show([
      {
        rows: [
          other(1, { studentName: "Lina Ligada", statement: "linked" }),
          other(2, { studentName: "Fausto Sinalizado", status: "pending", statement: "missing" }),
          receipt,
        ],
      },
      { query: { statement: "missing" }, rows: [other(3, { studentName: "Só Sinalizado", statement: "missing" })] },
    ]);
    const row = (name: string) => screen.getByText(name).closest("tr, [data-card]") as HTMLElement;
    expect(within(row("Lina Ligada")).getByText("Confirmado pelo extrato")).toBeTruthy();
    expect(within(row("Fausto Sinalizado")).getByText("Sem linha no extrato")).toBeTruthy();
    expect(within(row("Marta Pagadora")).queryByText(/extrato/)).toBeNull();
    fireEvent.click(screen.getByRole("combobox", { name: "Extrato bancário" }));
    fireEvent.click(await screen.findByRole("option", { name: "Sem linha no extrato" }));
    expect(await screen.findByText("Só Sinalizado")).toBeTruthy();
    expect(screen.queryByText("Lina Ligada")).toBeNull();
  });

  it("sorts on the server: a column's header asks for its order", async () => {
    show([
      { rows: [receipt, other(1)] },
      { query: { sort: "student", dir: "asc" }, rows: [other(2, { studentName: "Abel Primeiro" }), receipt] },
    ]);
    fireEvent.click(screen.getByRole("button", { name: "Aluno" }));
    expect(await screen.findByText("Abel Primeiro")).toBeTruthy();
    expect(screen.queryByText("Aluno 1")).toBeNull();
  });
});
