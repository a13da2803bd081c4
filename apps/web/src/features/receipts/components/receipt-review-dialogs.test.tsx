import { type AdminReceiptRow, RECEIPT_DUPLICATE_LABELS } from "@app/shared/schemas/receipts";
import { Notifications } from "@mantine/notifications";
import { QueryClient } from "@tanstack/react-query";
import { cleanup, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { ReactNode } from "react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { renderAt } from "../../../test/render";
import { ApproveReceiptDialog, RejectReceiptDialog } from "./receipt-review-dialogs";
import { ReceiptViewDialog } from "./receipt-view-dialog";

const receipt: AdminReceiptRow = {
  id: "5b0e7a36-6a55-4a55-9a55-0a5b0e7a3611",
  enrollmentId: "5b0e7a36-6a55-4a55-9a55-0a5b0e7a3612",
  enrollmentStatus: "payment_pending",
  studentName: "Esperança Kiala",
  studentPhone: "923456789",
  studentEmail: null,
  courseName: "Marketing Digital",
  paymentReferenceCode: "KX7MPQ2R",
  paidAmount: 105_000,
  coursePrice: 100_000,
  divergence: 5000,
  divergenceCorrect: false,
  paymentDate: "2026-11-20",
  status: "pending",
  submittedAt: "2026-11-20T10:00:00.000Z",
  reviewedAt: null,
  reviewedByName: null,
  notes: null,
  fileId: "5b0e7a36-6a55-4a55-9a55-0a5b0e7a3613",
  fileType: "image",
  fileContentType: "image/jpeg",
  duplicates: [],
  statement: null,
  statementLine: null,
};

function render(ui: ReactNode) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  renderAt(
    <>
      <Notifications />
      {ui}
    </>,
    "/admin/payment-receipts",
    "*",
    client,
  );
}

afterEach(() => vi.restoreAllMocks());

describe("the receipt details", () => {
  it("warns of the divergence and shows the image inline", () => {
    render(<ReceiptViewDialog opened receipt={receipt} onClose={() => {}} onApprove={() => {}} onReject={() => {}} />);
    const dialog = screen.getByRole("dialog", { name: "Detalhes do comprovante" });
    expect(within(dialog).getByText(/Verifique com o aluno antes de aprovar/)).toBeTruthy();
    expect(within(dialog).getByRole("img", { name: "Comprovante de Esperança Kiala" }).getAttribute("src")).toBe(
      `/api/files/${receipt.fileId}?tela=comprovantes`,
    );
    expect(within(dialog).queryByText("Possível comprovante duplicado")).toBeNull();
  });

  it("links a PDF, shows the rejection reason and a duplicate, and no divergence warning when correct", () => {
    render(
      <ReceiptViewDialog
        opened
        receipt={{
          ...receipt,
          fileType: "pdf",
          divergence: 0,
          divergenceCorrect: true,
          status: "rejected",
          notes: "Talão ilegível",
          duplicates: [
            {
              kind: "same_file",
              receiptId: "5b0e7a36-6a55-4a55-9a55-0a5b0e7a3614",
              enrollmentId: "5b0e7a36-6a55-4a55-9a55-0a5b0e7a3615",
              studentName: "Outro Aluno",
              status: "approved",
            },
          ],
        }}
        onClose={() => {}}
        onApprove={() => {}}
        onReject={() => {}}
      />,
    );
    const dialog = screen.getByRole("dialog", { name: "Detalhes do comprovante" });
    expect(within(dialog).getByRole("link", { name: "Abrir PDF" }).getAttribute("href")).toBe(
      `/api/files/${receipt.fileId}?tela=comprovantes`,
    );
    expect(within(dialog).getByText("Talão ilegível")).toBeTruthy();
    expect(within(dialog).getByText(`${RECEIPT_DUPLICATE_LABELS.same_file}: Outro Aluno (Aprovado)`)).toBeTruthy();
    expect(within(dialog).queryByText(/Verifique com o aluno/)).toBeNull();
    expect(within(dialog).queryByRole("button", { name: "Aprovar" })).toBeNull();
  });

  it("says which statement line confirmed the receipt, or flags it when its statement lacks the line", () => {
    const line = {
      statementId: "5b0e7a36-6a55-4a55-9a55-0a5b0e7a3616",
      lineNumber: 14,
      date: "2026-11-21",
      amount: 150000,
      bankName: "BFA",
      fileName: "extrato-nov.csv",
    };
    const view = (r: typeof receipt) =>
      render(<ReceiptViewDialog opened receipt={r} onClose={() => {}} onApprove={() => {}} onReject={() => {}} />);
    view({ ...receipt, statement: "linked", statementLine: line });
    let dialog = screen.getByRole("dialog", { name: "Detalhes do comprovante" });
    expect(within(dialog).getAllByText("Confirmado pelo extrato").length).toBe(2);
    expect(within(dialog).getByText(/Linha 14 do extrato extrato-nov\.csv \(BFA\).*21\/11\/2026/)).toBeTruthy();
    cleanup();
    view({ ...receipt, statement: "missing" });
    dialog = screen.getByRole("dialog", { name: "Detalhes do comprovante" });
    expect(within(dialog).getAllByText("Sem linha no extrato").length).toBe(2);
    expect(within(dialog).getByText(/não tem uma linha de/)).toBeTruthy();
    expect(within(dialog).queryByText("Confirmado pelo extrato")).toBeNull();
  });
});

describe("approve and reject", () => {
  it("asks for a reason before any request", async () => {
    const fetch = vi.spyOn(globalThis, "fetch");
    render(<RejectReceiptDialog opened receipt={receipt} onClose={() => {}} />);
    const dialog = screen.getByRole("dialog", { name: "Rejeitar comprovante" });
    expect((within(dialog).getByLabelText(/^Motivo da rejeição/) as HTMLTextAreaElement).rows).toBe(4);
    await userEvent.click(within(dialog).getByRole("button", { name: "Rejeitar comprovante" }));
    expect(await within(dialog).findByText("Indique o motivo da rejeição")).toBeTruthy();
    expect(fetch).not.toHaveBeenCalled();
  });

  /** The server: what the enrolment owes (150 000, nothing paid yet), and the approval's answer, a little later. */
  const server = (status = "enrolled") =>
    vi.spyOn(globalThis, "fetch").mockImplementation((url) => {
      const answer = String(url).includes("/admin/payments/balances/")
        ? { due: 150_000, paid: 0, balance: 150_000, payments: [] }
        : { receipt: { ...receipt, enrollmentStatus: status }, studentEmail: "no_email" };
      return new Promise((resolve) => setTimeout(() => resolve(new Response(JSON.stringify(answer))), 20));
    });
  const approvals = (fetch: ReturnType<typeof server>) =>
    fetch.mock.calls.filter(([url]) => String(url).endsWith(`/admin/receipts/${receipt.id}/approve`));

  it("sends one approval for a double click and says the student is enrolled", async () => {
    const fetch = server();
    const onClose = vi.fn();
    render(<ApproveReceiptDialog opened receipt={{ ...receipt, paidAmount: 150_000 }} onClose={onClose} />);
    const dialog = screen.getByRole("dialog", { name: "Aprovar comprovante" });
    expect(within(dialog).getByText(/o aluno é matriculado automaticamente/)).toBeTruthy();
    expect(await within(dialog).findByText("Valor exato: o aluno fica matriculado.")).toBeTruthy();
    await userEvent.dblClick(within(dialog).getByRole("button", { name: "Aprovar e matricular" }));
    expect(await screen.findByText("Pagamento aprovado, registro criado e aluno matriculado!")).toBeTruthy();
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(approvals(fetch)).toHaveLength(1);
    expect(JSON.parse(String(approvals(fetch)[0]![1]!.body))).toEqual({});
  });

  it("a short amount shows the difference and asks finance to choose before anything is sent (issue 34)", async () => {
    const fetch = server("partial_payment");
    const onClose = vi.fn();
    render(<ApproveReceiptDialog opened receipt={{ ...receipt, paidAmount: 145_000 }} onClose={onClose} />);
    const dialog = screen.getByRole("dialog", { name: "Aprovar comprovante" });
    const owed = await within(dialog).findByRole("region", { name: "Valor em dívida" });
    expect(owed.textContent).toMatch(/Pagamento inferior ao valor em dívida: faltam 5\s000,00\s*Kz/);
    expect(owed.textContent).toMatch(/Este pagamento145\s000,00\s*Kz/);
    await userEvent.click(within(dialog).getByRole("button", { name: "Aprovar e matricular" }));
    expect(
      await within(dialog).findByText("Escolha se a inscrição aguarda o saldo ou se aceita a diferença"),
    ).toBeTruthy();
    // Accepting needs a reason.
    await userEvent.click(within(dialog).getByRole("radio", { name: "Aceitar como pago na totalidade" }));
    await userEvent.click(within(dialog).getByRole("button", { name: "Aprovar e matricular" }));
    expect(await within(dialog).findByText("Indique o motivo para aceitar a diferença")).toBeTruthy();
    expect(approvals(fetch)).toHaveLength(0);

    await userEvent.click(within(dialog).getByRole("radio", { name: "Manter a inscrição à espera do saldo" }));
    expect(within(dialog).getByText(/a inscrição aguarda o saldo\./)).toBeTruthy();
    await userEvent.click(within(dialog).getByRole("button", { name: "Aprovar e aguardar o saldo" }));
    expect(await screen.findByText(/a inscrição aguarda o saldo de 5\s000,00\s*Kz/)).toBeTruthy();
    expect(approvals(fetch)).toHaveLength(1);
    expect(JSON.parse(String(approvals(fetch)[0]![1]!.body))).toEqual({ difference: { choice: "await_balance" } });
  });
});
