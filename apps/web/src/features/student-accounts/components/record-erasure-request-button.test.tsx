import { Notifications } from "@mantine/notifications";
import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { renderAt } from "../../../test/render";
import { staffClient } from "../../../test/staff-client";
import { RecordErasureRequestButton } from "./record-erasure-request-button";

const ACCOUNT = "6f1c2a9e-1b1d-4c55-9a55-0a5b0e7a3611";
const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });

function show(role: "secretaria" | "financeiro") {
  renderAt(
    <>
      <Notifications />
      <RecordErasureRequestButton accountId={ACCOUNT} studentName="Ana Lunda" />
    </>,
    "/admin/student-accounts",
    "*",
    staffClient(role),
  );
}

afterEach(() => vi.restoreAllMocks());

describe("'Registrar pedido de exclusão' (a request made in person)", () => {
  it("asks first, then records the request once and says who carries it out", async () => {
    const asked: string[] = [];
    vi.spyOn(globalThis, "fetch").mockImplementation(async (input, init) => {
      if (init?.method === "POST") asked.push(String(input));
      return json({});
    });
    show("secretaria");
    const user = userEvent.setup({ delay: null });
    await user.click(screen.getByRole("button", { name: "Registrar pedido de exclusão" }));
    expect(screen.getByText(/Ana Lunda pediu pessoalmente que seus dados pessoais sejam excluídos/)).toBeTruthy();
    expect(asked).toEqual([]);
    await user.click(screen.getByRole("button", { name: "Registrar pedido" }));
    expect(await screen.findByText("Pedido de exclusão registrado")).toBeTruthy();
    expect(asked).toEqual([expect.stringMatching(`/api/admin/student-accounts/${ACCOUNT}/erasure-request$`)]);
  });

  it("is not offered to a role that cannot record it", () => {
    show("financeiro");
    expect(screen.queryByRole("button", { name: "Registrar pedido de exclusão" })).toBeNull();
  });
});
