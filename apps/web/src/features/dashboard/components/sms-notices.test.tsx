import type { SmsNotices as Notices } from "@app/shared/schemas/sms";
import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { renderAt } from "../../../test/render";
import { staffClient } from "../../../test/staff-client";
import { smsNoticesQuery } from "../api/sms-notices";
import { SmsNotices } from "./sms-notices";

const failure = {
  id: "0b5f0a36-6a55-4a55-9a55-0a5b0e7a3611",
  to: "+244 923 000 221",
  studentName: "Joana Lunda",
  what: "Aprovação e código",
  error: "o provedor de SMS não o aceitou após 8 tentativas",
  tries: 8,
  failedAt: "2026-03-02T13:20:00.000Z",
};
const none: Notices = { failures: [], capReached: false, held: 0, dailyCap: 500 };
const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });

function show(role: "super_admin" | "admin", notices: Notices) {
  const client = staffClient(role);
  client.setQueryData(smsNoticesQuery.queryKey, notices);
  return renderAt(<SmsNotices />, "/admin", "*", client);
}

afterEach(() => vi.restoreAllMocks());

describe("the super_admin's SMS notices on the Painel", () => {
  it("lists an SMS that failed after every try, with 'Tentar de novo' sent once on a double click", async () => {
    const asked: string[] = [];
    vi.spyOn(globalThis, "fetch").mockImplementation(async (input, init) => {
      if (init?.method === "POST") {
        asked.push(String(input));
        await new Promise((r) => setTimeout(r, 50));
      }
      return json(none);
    });
    show("super_admin", { ...none, failures: [failure] });
    expect(screen.getByText("1 SMS não foi enviado")).toBeTruthy();
    const item = within(screen.getByRole("listitem"));
    expect(item.getByText("Joana Lunda (+244 923 000 221) — Aprovação e código")).toBeTruthy();
    expect(item.getByText("8 tentativas, a última em 02/03/2026 às 14:20. Sem novas tentativas.")).toBeTruthy();
    const retry = item.getByRole("button", { name: "Tentar de novo: SMS para +244 923 000 221" });
    const user = userEvent.setup({ delay: null });
    await user.dblClick(retry);
    await vi.waitFor(() => expect(screen.queryByText("1 SMS não foi enviado")).toBeNull());
    expect(asked).toEqual([expect.stringMatching(`/api/admin/sms/failures/${failure.id}/requeue$`)]);
  });

  it("says when today's daily cap was reached and how many wait for tomorrow", () => {
    show("super_admin", { ...none, capReached: true, held: 3 });
    expect(screen.getByText("Limite diário de SMS atingido")).toBeTruthy();
    expect(screen.getByText(/Hoje já foram enviados 500 SMS, o limite diário\. 3 SMS aguardam/)).toBeTruthy();
  });

  it("shows nothing when all is well, and nothing to another role", () => {
    const { unmount } = show("super_admin", none);
    expect(screen.queryByText(/SMS/)).toBeNull();
    unmount();
    show("admin", { ...none, capReached: true, failures: [failure] });
    expect(screen.queryByText(/SMS/)).toBeNull();
  });
});
