import { QueryClient } from "@tanstack/react-query";
import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { renderAt } from "../../../test/render";
import { proposedReferenceCodeQuery } from "../api/admin-enrollments";
import { RenewReferenceButton } from "./renew-reference-button";

const ID = "5b0e7a36-6a55-4a55-9a55-0a5b0e7a3601";

function show(multicaixa: boolean) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
  client.setQueryData(proposedReferenceCodeQuery.queryKey, { referenceCode: "KX7MPQ2R", multicaixa });
  renderAt(<RenewReferenceButton enrollmentId={ID} />, "/admin/enrollments", "*", client);
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
});
