import type { SmsOverview } from "@app/shared/schemas/sms";
import { Notifications } from "@mantine/notifications";
import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { renderAt } from "../../../test/render";
import { staffClient } from "../../../test/staff-client";
import { smsOverviewQuery } from "../api/sms";
import { SmsSection } from "./sms-section";

const configured: SmsOverview = {
  configured: true,
  provider: "twilio",
  sender: "INSTITUTO",
  sentToday: 37,
  dailyCap: 500,
  perStudentDailyCap: 5,
  held: 0,
};
const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });

function show(overview: SmsOverview) {
  const client = staffClient("super_admin");
  client.setQueryData(smsOverviewQuery.queryKey, overview);
  renderAt(
    <>
      <Notifications />
      <SmsSection />
    </>,
    "/admin/settings",
    "*",
    client,
  );
  return within(screen.getByRole("region", { name: "SMS" }));
}

afterEach(() => vi.restoreAllMocks());

describe("Configurações → SMS", () => {
  it("says the provider is configured, the sender, and today's count against the cap", () => {
    const section = show(configured);
    expect(section.getByText("Configurado (Twilio)")).toBeTruthy();
    expect(section.getByText("INSTITUTO")).toBeTruthy();
    expect(section.getByText("37 de 500")).toBeTruthy();
    expect(section.getByText("Limite diário de 500; no máximo 5 por número por dia.")).toBeTruthy();
  });

  it("says when today's cap is reached and how many wait for tomorrow", () => {
    const section = show({ ...configured, sentToday: 500, held: 12 });
    expect(section.getByText("Limite diário atingido: 12 SMS aguardam o dia seguinte.")).toBeTruthy();
  });

  it("without a provider: 'Não configurado' and no test button", () => {
    const section = show({ ...configured, configured: false, provider: null, sender: null, sentToday: 0 });
    expect(section.getByText("Não configurado")).toBeTruthy();
    expect(section.queryByRole("button", { name: "Enviar SMS de teste" })).toBeNull();
  });

  it("'Enviar SMS de teste' refuses a foreign number on the spot, and sends an Angolan one as typed (the server normalises it)", async () => {
    const asked: { url: string; body: string }[] = [];
    vi.spyOn(globalThis, "fetch").mockImplementation(async (input, init) => {
      const url = String(input);
      if (init?.method === "POST") {
        asked.push({ url, body: String(init.body) });
        return json({ to: "+244 923 456 789" });
      }
      return json(configured);
    });
    const section = show(configured);
    const user = userEvent.setup({ delay: null });
    const phone = section.getByRole("textbox", { name: /Número para o teste/ });
    await user.type(phone, "+351 912 345 678");
    await user.click(section.getByRole("button", { name: "Enviar SMS de teste" }));
    expect(await section.findByText(/use apenas algarismos/)).toBeTruthy();
    expect(asked).toEqual([]);

    await user.clear(phone);
    await user.type(phone, "+244 923 456 789");
    await user.click(section.getByRole("button", { name: "Enviar SMS de teste" }));
    expect(await screen.findByText("Deve chegar a +244 923 456 789 em instantes.")).toBeTruthy();
    expect(asked).toEqual([
      { url: expect.stringMatching(/\/api\/admin\/sms\/test$/), body: '{"phone":"+244 923 456 789"}' },
    ]);
  });

  it("'Salvar limites' refuses '1.000' on the spot and sends the caps as typed once they are whole numbers", async () => {
    const asked: { method: string; body: string }[] = [];
    vi.spyOn(globalThis, "fetch").mockImplementation(async (_input, init) => {
      if (init?.method === "PUT") {
        asked.push({ method: "PUT", body: String(init.body) });
        return json({ ...configured, dailyCap: 1000, perStudentDailyCap: 3 });
      }
      return json(configured);
    });
    const section = show(configured);
    const user = userEvent.setup({ delay: null });
    const daily = section.getByRole("textbox", { name: /Limite diário/ });
    expect(daily).toHaveProperty("value", "500");
    await user.clear(daily);
    await user.type(daily, "1.000");
    await user.click(section.getByRole("button", { name: "Salvar limites" }));
    expect(await section.findByText("Use um número inteiro, sem casas decimais")).toBeTruthy();
    expect(asked).toEqual([]);

    await user.clear(daily);
    await user.type(daily, "1000");
    const perNumber = section.getByRole("textbox", { name: /Limite por número/ });
    await user.clear(perNumber);
    await user.type(perNumber, "3");
    await user.click(section.getByRole("button", { name: "Salvar limites" }));
    expect(await screen.findByText("Limites de SMS salvos")).toBeTruthy();
    expect(asked).toEqual([{ method: "PUT", body: JSON.stringify({ dailyCap: "1000", perStudentDailyCap: "3" }) }]);
    expect(await section.findByText("37 de 1000")).toBeTruthy();
  });
});
