import { Notifications } from "@mantine/notifications";
import { QueryClient } from "@tanstack/react-query";
import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { renderAt } from "../../../test/render";
import { proposedReferenceCodeQuery } from "../api/admin-enrollments";
import { RenewReferenceButton } from "./renew-reference-button";

const ID = "5b0e7a36-6a55-4a55-9a55-0a5b0e7a3601";

function show(multicaixa: boolean, studentEmail: string | null = "joana@exemplo.ao") {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
  client.setQueryData(proposedReferenceCodeQuery.queryKey, { referenceCode: "KX7MPQ2R", multicaixa });
  renderAt(
    <>
      <RenewReferenceButton enrollmentId={ID} studentEmail={studentEmail} />
      <Notifications />
    </>,
    "/admin/enrollments",
    "*",
    client,
  );
}

/** The server's answer to a renewal: the new reference, still being created. */
function answerRenewal(sent: unknown[] = []) {
  vi.stubGlobal(
    "fetch",
    vi.fn(async (url: string, init: RequestInit) => {
      sent.push({ url, body: JSON.parse(String(init.body)) });
      const reference = {
        enrollmentId: ID,
        courseName: "Marketing Digital",
        entity: null,
        reference: null,
        amount: 150000,
        endsAt: "2026-12-10T10:00:00.000Z",
        status: "creating",
        expired: false,
      };
      return new Response(JSON.stringify({ reference }), { headers: { "content-type": "application/json" } });
    }),
  );
}

afterEach(() => vi.unstubAllGlobals());

describe("'Renovar referência Multicaixa' (issue 26)", () => {
  it("is offered when Multicaixa references are on", () => {
    show(true);
    expect(screen.getByRole("button", { name: "Renovar referência Multicaixa" })).toBeTruthy();
  });

  it("is not there while they are off", () => {
    show(false);
    expect(screen.queryByRole("button", { name: "Renovar referência Multicaixa" })).toBeNull();
  });

  it("asks the validity in a confirmation (default 7, 1–60) and sends the one chosen (decision 077)", async () => {
    const sent: unknown[] = [];
    answerRenewal(sent);
    show(true);
    await userEvent.click(screen.getByRole("button", { name: "Renovar referência Multicaixa" }));
    const dialog = await screen.findByRole("dialog", { name: "Renovar referência Multicaixa" });
    const days = within(dialog).getByRole("textbox", { name: "Validade da nova referência (dias)" });
    expect(days).toHaveProperty("value", "7");

    await userEvent.clear(days);
    await userEvent.click(within(dialog).getByRole("button", { name: "Renovar" }));
    expect(await within(dialog).findByText(/validade da referência Multicaixa em dias \(1 a 60\)/)).toBeTruthy();
    expect(sent).toEqual([]);

    await userEvent.clear(days);
    await userEvent.type(days, "14");
    await userEvent.click(within(dialog).getByRole("button", { name: "Renovar" }));
    await vi.waitFor(() =>
      expect(sent).toEqual([{ url: `/api/admin/payment-references/${ID}/renew`, body: { validDays: 14 } }]),
    );
  });

  it("says what a student with an e-mail gets: the Área do Aluno, and the e-mail queued once the reference is made", async () => {
    answerRenewal();
    show(true, "joana@exemplo.ao");
    await userEvent.click(screen.getByRole("button", { name: "Renovar referência Multicaixa" }));
    const dialog = await screen.findByRole("dialog", { name: "Renovar referência Multicaixa" });
    expect(
      within(dialog).getByText(
        "A referência atual deixa de valer. A nova aparece na Área do Aluno assim que for criada (normalmente em instantes) e vai também por e-mail para joana@exemplo.ao: o e-mail entra na fila de envio logo depois.",
      ),
    ).toBeTruthy();
    await userEvent.click(within(dialog).getByRole("button", { name: "Renovar" }));
    expect(
      await screen.findByText(
        "Válida até 10/12/2026 às 11:00; aparece na Área do Aluno e vai por e-mail para joana@exemplo.ao.",
      ),
    ).toBeTruthy();
  });

  it("promises no e-mail to a student without one, and says to send the reference by WhatsApp (decision 088)", async () => {
    answerRenewal();
    show(true, null);
    await userEvent.click(screen.getByRole("button", { name: "Renovar referência Multicaixa" }));
    const dialog = await screen.findByRole("dialog", { name: "Renovar referência Multicaixa" });
    expect(
      within(dialog).getByText(
        "A referência atual deixa de valer. A nova aparece na Área do Aluno assim que for criada (normalmente em instantes). O aluno não indicou e-mail: não recebe nenhum e-mail. Envie a nova referência por WhatsApp.",
      ),
    ).toBeTruthy();
    expect(within(dialog).queryByText(/recebe uma nova por e-mail|vai também por e-mail/)).toBeNull();
    await userEvent.click(within(dialog).getByRole("button", { name: "Renovar" }));
    expect(
      await screen.findByText(
        "Válida até 10/12/2026 às 11:00; aparece na Área do Aluno. O aluno não tem e-mail: envie-a por WhatsApp.",
      ),
    ).toBeTruthy();
  });
});
