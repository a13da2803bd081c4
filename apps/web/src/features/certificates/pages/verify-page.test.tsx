import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { renderAt } from "../../../test/render";
import type { Verification } from "../api/verify";
import { Component as VerifyPage } from "./verify-page";

afterEach(() => vi.restoreAllMocks());

const valid: Verification = {
  result: "valid",
  number: "ABCD-EFGH-JKMN",
  studentName: "Ana Lúcia Gonçalves",
  courseName: "Marketing Digital",
  workloadHours: 40,
  durationMonths: 3,
  completionDate: "2026-11-20",
  issueDate: "2026-11-21",
  revokedAt: null,
};

const answer = (body: unknown, status = 200) =>
  vi.spyOn(globalThis, "fetch").mockResolvedValue(new Response(JSON.stringify(body), { status }));

describe("/verificar", () => {
  it("looks the number up as typed and shows what was issued", async () => {
    const fetch = answer(valid);
    renderAt(<VerifyPage />, "/verificar", "/verificar/:numero?");
    const user = userEvent.setup({ delay: null });
    await user.type(screen.getByLabelText("Número do certificado"), "abcd efgh jkmn");
    await user.click(screen.getByRole("button", { name: "Verificar" }));
    const card = await screen.findByRole("region", { name: "Resultado da verificação" });
    expect(String(fetch.mock.calls[0]![0])).toBe("/api/verify/ABCD-EFGH-JKMN");
    expect(within(card).getByText("Válido")).toBeTruthy();
    expect(within(card).getByText("Ana Lúcia Gonçalves")).toBeTruthy();
    expect(within(card).getByText("Marketing Digital")).toBeTruthy();
    expect(within(card).getByText("Carga horária")).toBeTruthy();
    expect(within(card).getByText("40 horas")).toBeTruthy();
    expect(within(card).queryByText("Duração")).toBeNull();
    expect(within(card).getByText("20/11/2026")).toBeTruthy();
    expect(within(card).getByText("21/11/2026")).toBeTruthy();
  });

  it("says Revogado with the date, and Não encontrado", async () => {
    answer({ ...valid, result: "revoked", revokedAt: "2026-11-22T09:00:00.000Z", workloadHours: null });
    const { unmount } = renderAt(<VerifyPage />, "/verificar/ABCD-EFGH-JKMN", "/verificar/:numero?");
    const card = await screen.findByRole("region", { name: "Resultado da verificação" });
    expect(within(card).getByText("Revogado")).toBeTruthy();
    expect(within(card).getByText(/Revogado em 22\/11\/2026/)).toBeTruthy();
    // Without hours the certificate states months: a 'Duração', not a 'Carga horária'.
    expect(within(card).getByText("Duração")).toBeTruthy();
    expect(within(card).getByText("3 meses")).toBeTruthy();
    expect(within(card).queryByText("Carga horária")).toBeNull();
    unmount();
    vi.restoreAllMocks();
    answer({ ...valid, result: "not_found", studentName: null, courseName: null, number: "ZZZZ-ZZZZ-ZZZZ" });
    renderAt(<VerifyPage />, "/verificar/zzzzzzzzzzzz", "/verificar/:numero?");
    const missing = await screen.findByRole("region", { name: "Resultado da verificação" });
    expect(within(missing).getByText("Não encontrado")).toBeTruthy();
    expect(within(missing).queryByText("Aluno")).toBeNull();
  });

  it("refuses a file that is not JSON without a request, and posts a credential file", async () => {
    const fetch = answer({ ...valid, signatureValid: true, matchesRecord: true });
    renderAt(<VerifyPage />, "/verificar", "/verificar/:numero?");
    const user = userEvent.setup({ delay: null, applyAccept: false });
    const input = screen.getByLabelText("Arquivo de credencial (.json)");
    await user.upload(input, new File(["%PDF-1.7"], "certificado.pdf", { type: "application/pdf" }));
    expect(await screen.findByText(/não é uma credencial digital do instituto/)).toBeTruthy();
    expect(fetch).not.toHaveBeenCalled();
    const credential = { credential: { type: ["VerifiableCredential"] }, jws: "a.b.c" };
    await user.upload(input, new File([JSON.stringify(credential)], "certificado.json", { type: "application/json" }));
    const card = await screen.findByRole("region", { name: "Resultado da verificação do arquivo" });
    expect(within(card).getByText(/assinatura digital do arquivo é válida/)).toBeTruthy();
    await waitFor(() => expect(fetch).toHaveBeenCalledTimes(1));
    expect(String(fetch.mock.calls[0]![0])).toBe("/api/verify/credential");
    expect(JSON.parse(String(fetch.mock.calls[0]![1]!.body))).toEqual(credential);
  });

  it("shows the server's refusal of a tampered credential", async () => {
    answer(
      {
        error: {
          code: "credential_tampered",
          message: "Credencial inválida: a assinatura não corresponde ao conteúdo.",
        },
      },
      422,
    );
    renderAt(<VerifyPage />, "/verificar", "/verificar/:numero?");
    const user = userEvent.setup({ delay: null });
    await user.upload(
      screen.getByLabelText("Arquivo de credencial (.json)"),
      new File(["{}"], "certificado.json", { type: "application/json" }),
    );
    expect((await screen.findByRole("alert")).textContent).toContain("Credencial inválida");
  });
});
