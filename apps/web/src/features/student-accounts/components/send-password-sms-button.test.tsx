import { SMS_OPTED_OUT } from "@app/shared/messages";
import { Notifications } from "@mantine/notifications";
import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { renderAt } from "../../../test/render";
import { NewCredentialsDialog, type ShownCredentials } from "./new-credentials-dialog";

const ACCOUNT = "0b5f0a36-6a55-4a55-9a55-0a5b0e7a3621";
const RESET_KEY = "0b5f0a36-6a55-4a55-9a55-0a5b0e7a3622";
const reset: ShownCredentials = {
  title: "Senha resetada com sucesso!",
  credentials: {
    studentName: "Ana Lunda",
    studentPhone: "923456789",
    studentCode: "ALU2026",
    studentPassword: "x7k9p2",
    instituteName: "Instituto",
  },
  sms: { accountId: ACCOUNT, resetKey: RESET_KEY },
};
const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });

function show(shown: ShownCredentials) {
  renderAt(
    <>
      <Notifications />
      <NewCredentialsDialog opened shown={shown} onClose={() => {}} />
    </>,
    "/admin/student-accounts",
  );
}

afterEach(() => vi.restoreAllMocks());

describe("'Enviar por SMS' beside a reset password", () => {
  it("sends nothing by itself; pressed twice fast, one request naming the reset, then says where it went", async () => {
    const asked: { url: string; key: string | null }[] = [];
    const fetch = vi.spyOn(globalThis, "fetch").mockImplementation(async (input, init) => {
      asked.push({ url: String(input), key: new Headers(init?.headers).get("idempotency-key") });
      await new Promise((r) => setTimeout(r, 50));
      return json({ to: "+244 923 456 789" });
    });
    show(reset);
    expect(fetch).not.toHaveBeenCalled();
    const user = userEvent.setup({ delay: null });
    await user.dblClick(await screen.findByRole("button", { name: "Enviar por SMS" }));
    expect(await screen.findByText("SMS com a nova senha enviado para +244 923 456 789.")).toBeTruthy();
    expect(asked).toEqual([
      { url: expect.stringMatching(`/api/admin/student-accounts/${ACCOUNT}/password-sms$`), key: RESET_KEY },
    ]);
  });

  it("shows the server's reason when it refuses (the student turned 'Receber SMS' off)", async () => {
    vi.spyOn(globalThis, "fetch").mockResolvedValue(json({ error: SMS_OPTED_OUT }, 409));
    show(reset);
    const user = userEvent.setup({ delay: null });
    await user.click(await screen.findByRole("button", { name: "Enviar por SMS" }));
    expect(await screen.findByText(SMS_OPTED_OUT.message)).toBeTruthy();
  });

  it("is not offered for credentials that are not a staff reset", async () => {
    show({ ...reset, sms: undefined });
    expect(await screen.findByRole("link", { name: "Enviar por WhatsApp" })).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Enviar por SMS" })).toBeNull();
  });
});
