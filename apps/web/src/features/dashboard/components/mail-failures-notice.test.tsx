import { MAIL_FAILURE_DETAILS, MAIL_FAILURE_REASONS } from "@app/shared/messages";
import { screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { renderAt } from "../../../test/render";
import { staffClient } from "../../../test/staff-client";
import { type MailFailure, mailFailuresQuery } from "../api/mail-failures";
import { MailFailuresNotice } from "./mail-failures-notice";

const failures: MailFailure[] = [
  {
    id: "0b5f0a36-6a55-4a55-9a55-0a5b0e7a3601",
    to: "joana@exemplo.ao",
    subject: "Inscrição aprovada: Marketing Digital (código KX7MPQ2R)",
    tries: 8,
    state: "failed",
    error: "O servidor de e-mail aceitou a conexão, mas não respondeu a tempo.",
    technicalDetail: null,
    lastTryAt: "2026-03-02T13:20:00.000Z",
    nextTryAt: null,
  },
  {
    id: "0b5f0a36-6a55-4a55-9a55-0a5b0e7a3602",
    to: "pedro@exemplo.ao",
    subject: "Certificado emitido",
    tries: 3,
    state: "retrying",
    error: MAIL_FAILURE_REASONS.connection,
    technicalDetail: MAIL_FAILURE_DETAILS.connection!,
    lastTryAt: "2026-03-02T13:20:00.000Z",
    nextTryAt: "2026-03-02T13:36:00.000Z",
  },
];

function show(role: "super_admin" | "admin") {
  const client = staffClient(role);
  client.setQueryData(mailFailuresQuery.queryKey, { failures });
  return renderAt(<MailFailuresNotice />, "/admin", "*", client);
}

describe("the super_admin's notice of e-mails that were not sent", () => {
  it("names each e-mail, its tries, what went wrong and when it is tried again, with 'Tentar de novo'", () => {
    show("super_admin");
    expect(screen.getByText("2 e-mails não foram enviados")).toBeTruthy();
    const items = screen.getAllByRole("listitem");
    expect(items).toHaveLength(2);
    const first = within(items[0]!);
    expect(first.getByText("joana@exemplo.ao — Inscrição aprovada: Marketing Digital (código KX7MPQ2R)")).toBeTruthy();
    expect(first.getByText("O servidor de e-mail aceitou a conexão, mas não respondeu a tempo.")).toBeTruthy();
    expect(first.getByText("8 tentativas, a última em 02/03/2026 às 14:20. Sem novas tentativas.")).toBeTruthy();
    expect(first.getByRole("button", { name: "Tentar de novo: e-mail para joana@exemplo.ao" })).toBeTruthy();
    expect(
      within(items[1]!).getByText(
        "3 tentativas, a última em 02/03/2026 às 14:20. Nova tentativa em 02/03/2026 às 14:36.",
      ),
    ).toBeTruthy();
  });

  it("says why in a director's words; SMTP_URL and the restart wait behind 'Detalhes para o técnico' (decision 088)", () => {
    show("super_admin");
    const [timedOut, unreachable] = screen.getAllByRole("listitem");
    expect(within(timedOut!).queryByText("Detalhes para o técnico")).toBeNull();
    const item = within(unreachable!);
    expect(
      item.getByText(
        "O portal não conseguiu contatar o servidor de e-mail: ele está desligado ou o endereço configurado está errado. Peça ao técnico que instalou o portal que verifique a configuração do e-mail.",
      ),
    ).toBeTruthy();
    const details = item.getByText("Detalhes para o técnico").closest("details")!;
    expect(details.open).toBe(false);
    expect(details.textContent).toContain("SMTP_URL");
    // Outside the closed details, nothing names the variable.
    const seen = unreachable!.cloneNode(true) as HTMLElement;
    seen.querySelector("details")!.remove();
    expect(seen.textContent).not.toMatch(/SMTP_URL|reinicie/);
  });

  it("is not shown to another role", () => {
    show("admin");
    expect(screen.queryByText(/não foram enviados/)).toBeNull();
  });
});
