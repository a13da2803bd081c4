import { FILES_NOT_STORED } from "@app/shared/messages";
import { RECEIPT_MESSAGES } from "@app/shared/schemas/receipts";
import { Notifications } from "@mantine/notifications";
import { QueryClient } from "@tanstack/react-query";
import { act, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { ApiError } from "../../../lib/api-error";
import type { Prepared } from "../../../lib/prepare-document";
import { renderAt } from "../../../test/render";
import type { OwnEnrollment } from "../../enrollments/api/enrollments";
import { ownReceiptsQuery } from "../api/own-receipts";
import { RECEIPT_SEND_ERROR, ReceiptForm } from "./receipt-form";

const submitOwnReceipt = vi.fn();
afterEach(() => submitOwnReceipt.mockReset());

const enrollment: OwnEnrollment = {
  id: "00000000-0000-4000-8000-000000000001",
  status: "approved",
  courseName: "Marketing Digital",
  coursePrice: 150000,
  amountPaid: 0,
  balance: 150000,
  payments: [],
  paymentReferenceCode: "K7M3QX9A",
  codeSent: false,
  applicationDate: "2026-11-20T10:00:00.000Z",
  rejectionReason: null,
  documentRequests: [],
  bankDetails: null,
};

/** A preparation the test finishes when it wants (a big photo takes seconds to compress on a phone). */
function slowPreparation() {
  const jobs: { file: File; finish: (result: Prepared) => void }[] = [];
  const prepare = (file: File) => new Promise<Prepared>((finish) => jobs.push({ file, finish }));
  return { prepare, jobs };
}

const photo = () => new File([new Uint8Array(2_000_000)], "talao.jpg", { type: "image/jpeg" });

function show(prepare: (file: File) => Promise<Prepared>) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
  client.setQueryData(ownReceiptsQuery.queryKey, []);
  renderAt(
    <>
      <Notifications />
      <ReceiptForm eligible={[enrollment]} prepare={prepare} send={submitOwnReceipt} />
    </>,
    "/aluno/pagamento",
    "*",
    client,
  );
  return client;
}

describe("the student's receipt form", () => {
  it("asks for the amount, the date and the file before sending anything", async () => {
    show(slowPreparation().prepare);
    await userEvent.click(screen.getByRole("button", { name: "Enviar Comprovante" }));
    expect(await screen.findByText("Indique o valor pago")).toBeTruthy();
    expect(screen.getByText("Data de pagamento é obrigatória")).toBeTruthy();
    expect(screen.getByText(RECEIPT_MESSAGES.file)).toBeTruthy();
    expect(submitOwnReceipt).not.toHaveBeenCalled();
  });

  it("says an ambiguous amount is ambiguous when the field is left, before sending", async () => {
    show(slowPreparation().prepare);
    await userEvent.type(screen.getByRole("textbox", { name: /Valor pago/ }), "150,000");
    await userEvent.tab();
    expect(
      screen.getByText(
        "Valor ambíguo: use 150.000 ou 150 000 para cento e cinquenta mil, e vírgula para os cêntimos (150.000,50)",
      ),
    ).toBeTruthy();
  });

  it("refuses a payment date after today", async () => {
    show(slowPreparation().prepare);
    await userEvent.type(screen.getByLabelText(/Data do pagamento/), "2999-01-01");
    await userEvent.click(screen.getByRole("button", { name: "Enviar Comprovante" }));
    expect(await screen.findByText("A data de pagamento não pode ser posterior a hoje")).toBeTruthy();
  });

  it("waits for the photo being prepared, then sends the prepared file with the fields", async () => {
    const { prepare, jobs } = slowPreparation();
    const client = show(prepare);
    const sent = { id: "r1", enrollmentId: enrollment.id, status: "pending" };
    submitOwnReceipt.mockResolvedValueOnce(sent);

    await userEvent.type(screen.getByRole("textbox", { name: /Valor pago/ }), "140.000");
    await userEvent.type(screen.getByLabelText(/Data do pagamento/), "2026-01-15");
    await userEvent.upload(document.querySelector<HTMLInputElement>('input[type="file"]')!, photo());
    const button = screen.getByRole("button", { name: "Preparando os arquivos…" });
    expect(button.hasAttribute("disabled")).toBe(true);
    expect(screen.getByText(/Kz abaixo do valor do curso/)).toBeTruthy(); // a warning only

    const compressed = new File([new Uint8Array(300_000)], "talao.jpg", { type: "image/jpeg" });
    await act(async () => jobs[0]!.finish({ file: compressed, compressed: true }));
    expect(screen.getByText(/Imagem comprimida/)).toBeTruthy();
    await userEvent.click(screen.getByRole("button", { name: "Enviar Comprovante" }));

    await waitFor(() => expect(submitOwnReceipt).toHaveBeenCalledTimes(1));
    const [fields, file] = submitOwnReceipt.mock.calls[0]!;
    expect(fields).toEqual({ enrollmentId: enrollment.id, paidAmount: "140.000", paymentDate: "2026-01-15" });
    expect(file).toBe(compressed);
    await waitFor(() => expect(client.getQueryData(ownReceiptsQuery.queryKey)).toEqual([sent]));
  });

  it("says 'Enviando...' while the upload runs, then puts the server's refusal of the file on the field", async () => {
    const { prepare, jobs } = slowPreparation();
    show(prepare);
    let refuse: (e: unknown) => void = () => {};
    submitOwnReceipt.mockImplementationOnce(() => new Promise((_, reject) => (refuse = reject)));

    await userEvent.type(screen.getByRole("textbox", { name: /Valor pago/ }), "150.000");
    await userEvent.type(screen.getByLabelText(/Data do pagamento/), "2026-01-15");
    await userEvent.upload(document.querySelector<HTMLInputElement>('input[type="file"]')!, photo());
    await act(async () => jobs[0]!.finish({ file: jobs[0]!.file, compressed: false }));
    await userEvent.click(screen.getByRole("button", { name: "Enviar Comprovante" }));
    const sending = await screen.findByRole("button", { name: "Enviando..." });
    expect(sending.hasAttribute("disabled")).toBe(true);

    await act(async () => refuse(new ApiError(415, "unsupported_file_type", "Formato inválido. Use JPEG, PNG ou PDF")));
    expect(await screen.findByText("Formato inválido. Use JPEG, PNG ou PDF")).toBeTruthy();
    expect(screen.getByRole("button", { name: "Enviar Comprovante" })).toBeTruthy();
  });

  it("says the file could not be stored when the server's storage fails (503), and the form can be sent again", async () => {
    const { prepare, jobs } = slowPreparation();
    show(prepare);
    submitOwnReceipt.mockRejectedValueOnce(new ApiError(503, FILES_NOT_STORED.code, FILES_NOT_STORED.message));

    await userEvent.type(screen.getByRole("textbox", { name: /Valor pago/ }), "150.000");
    await userEvent.type(screen.getByLabelText(/Data do pagamento/), "2026-01-15");
    await userEvent.upload(document.querySelector<HTMLInputElement>('input[type="file"]')!, photo());
    await act(async () => jobs[0]!.finish({ file: jobs[0]!.file, compressed: false }));
    await userEvent.click(screen.getByRole("button", { name: "Enviar Comprovante" }));

    expect(await screen.findByText(`${RECEIPT_SEND_ERROR}: ${FILES_NOT_STORED.message}`)).toBeTruthy();
    const again = screen.getByRole("button", { name: "Enviar Comprovante" });
    expect(again.hasAttribute("disabled")).toBe(false);
    expect(screen.getByRole("textbox", { name: /Valor pago/ })).toHaveProperty("value", "150.000");
  });
});
