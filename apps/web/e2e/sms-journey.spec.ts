import { expect, type Page, test } from "@playwright/test";
import { COURSE } from "./support/fixtures";
import { lookAt } from "./support/screens";
import { signInStaff } from "./support/sign-in";
import { type SmsServer, startSmsServer } from "./support/sms-server";
import { applicant, approveThroughApi, userContext } from "./support/students";
import { rowOf } from "./support/table";

/**
 * Issue 36, 'Done when' (decisions 092 and 094): SMS to students through the Twilio simulator. This spec
 * runs its own server (the production build) with SMS_PROVIDER=twilio pointed at the simulator, so the
 * shared e2e server keeps SMS off. A student applies and is approved → the simulator received exactly one
 * SMS with the code and the amount → it reports it delivered → the History says 'SMS entregue'; a number
 * the simulator fails → 'SMS não entregue' in the History and the badge in Inscrições; 'Receber SMS' off →
 * the approval sends none. Configurações → SMS is checked with axe and photographed at 390 and 1280 px.
 */

const ADMIN = { email: "sms@instituto.ao", password: "sms-e2e-123", name: "Sara Secretaria" };
let server: SmsServer;
let staff: Page;

test.describe.configure({ mode: "serial" });

test.beforeAll(async ({ browser }) => {
  test.setTimeout(180_000);
  server = await startSmsServer("sms", ADMIN);
  staff = await (await userContext(browser, server.base)).newPage();
  await signInStaff(staff, ADMIN.email, ADMIN.password);
  await expect(staff.getByTestId("role-label")).toBeVisible();
});

test.afterAll(() => server.close());

/** The enrolment's 'Histórico' tab in Inscrições. */
async function history(name: string) {
  await staff.goto("/admin/enrollments");
  await (await rowOf(staff, name, COURSE)).getByRole("button", { name: `Ver ${name}` }).click();
  const view = staff.getByRole("dialog", { name: "Detalhes da inscrição" });
  await view.getByRole("tab", { name: "Histórico" }).click();
  return view;
}

/** Waits until the simulator has posted its last status callback for `to` and the server answered it. */
async function finalStatus(to: string) {
  await expect
    .poll(async () => (await server.received(to)).flatMap((m) => m.callbacks.filter((c) => c.answer !== null)).length, {
      timeout: 20_000,
    })
    .toBe(3);
  return server.received(to);
}

test("approved → the simulator received one SMS with the code and amount → delivered → History 'SMS entregue'", async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const name = "Helena Sms Teixeira";
  const student = await applicant(browser, server.base, name, "923610601");
  await approveThroughApi(staff.request, server.base, student.enrollmentId, "SMS0601");
  const [sms, ...more] = await finalStatus("+244923610601");
  expect(more).toEqual([]);
  expect(sms!.from).toBe("INSTITUTO");
  expect(sms!.body).toContain("Codigo SMS0601");
  expect(sms!.body).toContain("100 000,00 Kz");
  expect(sms!.callbacks.map((c) => [c.status, c.answer])).toEqual([
    ["queued", 204],
    ["sent", 204],
    ["delivered", 204],
  ]);
  const view = await history(name);
  await expect(view.getByText("SMS enviado")).toBeVisible();
  await expect(view.getByText("SMS entregue")).toBeVisible();
  await staff.keyboard.press("Escape");
  await expect((await rowOf(staff, name, COURSE)).getByRole("note", { name: "SMS não entregue" })).toHaveCount(0);
  await student.context.close();
});

test("a number the simulator fails → 'SMS não entregue' in the History and the badge in Inscrições", async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const name = "Dário Sms Fora de Área";
  const student = await applicant(browser, server.base, name, "923610003");
  await approveThroughApi(staff.request, server.base, student.enrollmentId, "SMS0003");
  const [sms] = await finalStatus("+244923610003");
  expect(sms!.callbacks.at(-1)!.status).toBe("undelivered");
  const view = await history(name);
  await expect(view.getByText("SMS não entregue")).toBeVisible();
  await expect(view.getByText("Motivo: celular desligado ou fora de área (erro 30003)")).toBeVisible();
  await staff.keyboard.press("Escape");
  await staff.getByLabel("Pesquisar", { exact: true }).fill("Sms Fora");
  await lookAt(staff, "sms-undelivered-badge", async () => {
    await expect(staff.getByRole("note", { name: "SMS não entregue" }).first()).toBeVisible();
  });
  await student.context.close();
});

test("the student turns 'Receber SMS' off in 'Dados de Acesso' → the approval sends no SMS", async ({ browser }) => {
  test.setTimeout(120_000);
  const name = "Inês Sms Desligado";
  const student = await applicant(browser, server.base, name, "923610602");
  await student.page.goto("/aluno/acesso");
  const optIn = student.page.getByRole("switch", { name: "Receber SMS" });
  await expect(optIn).toBeEnabled();
  await expect(optIn).toBeChecked();
  await optIn.click();
  await expect(optIn).not.toBeChecked();
  await expect(student.page.getByText(/Alterado em/)).toBeVisible();
  await approveThroughApi(staff.request, server.base, student.enrollmentId, "SMS0602");
  // Nothing was queued in the approval's transaction: no SMS now, and none later.
  expect(await server.received("+244923610602")).toEqual([]);
  const view = await history(name);
  await expect(view.getByText(/^SMS /)).toHaveCount(0);
  await student.context.close();
});

test("Configurações → SMS: configured, the sender, today's count; 'Enviar SMS de teste' reaches the simulator", async () => {
  test.setTimeout(120_000);
  await staff.goto("/admin/settings");
  const section = staff.getByRole("region", { name: "SMS" });
  await expect(section.getByText("Configurado (Twilio)")).toBeVisible();
  await expect(section.getByText("INSTITUTO", { exact: true })).toBeVisible();
  await expect(section.getByText(/^\d+ de 500$/)).toBeVisible();
  await lookAt(staff, "settings-sms", async () => {
    await section.scrollIntoViewIfNeeded();
    await expect(section.getByRole("button", { name: "Enviar SMS de teste" })).toBeVisible();
  });
  await section.getByRole("textbox", { name: /Número para o teste/ }).fill("+351 912 345 678");
  await section.getByRole("button", { name: "Enviar SMS de teste" }).click();
  await expect(section.getByText(/use apenas algarismos/)).toBeVisible();
  await section.getByRole("textbox", { name: /Número para o teste/ }).fill("923 610 699");
  await section.getByRole("button", { name: "Enviar SMS de teste" }).click();
  await expect(staff.getByText("Deve chegar a +244 923 610 699 em instantes.")).toBeVisible();
  const [sms, ...more] = await finalStatus("+244923610699");
  expect(more).toEqual([]);
  expect(sms!.body).toContain("Teste do portal");

  // 'Limites de SMS': '1.000' is refused, never read as 1; a whole number is saved and counted against.
  const daily = section.getByRole("textbox", { name: /Limite diário/ });
  await daily.fill("1.000");
  await section.getByRole("button", { name: "Salvar limites" }).click();
  await expect(section.getByText("Use um número inteiro, sem casas decimais")).toBeVisible();
  await daily.fill("450");
  await section.getByRole("button", { name: "Salvar limites" }).click();
  await expect(staff.getByText("Limites de SMS salvos")).toBeVisible();
  await expect(section.getByText(/^\d+ de 450$/)).toBeVisible();
});

test("'Resetar senha' sends no SMS by itself; 'Enviar por SMS' sends the new password once", async ({ browser }) => {
  test.setTimeout(120_000);
  const name = "Rui Sms Senha Nova";
  const student = await applicant(browser, server.base, name, "923610604");
  await student.context.close();
  await staff.goto("/admin/student-accounts");
  await staff.getByLabel("Pesquisar", { exact: true }).fill(name);
  await staff
    .getByRole("button", { name: `Resetar senha de ${name}` })
    .first()
    .click();
  await staff.getByRole("dialog", { name: "Resetar senha" }).getByRole("button", { name: "Resetar senha" }).click();
  const shown = staff.getByRole("dialog", { name: "Senha resetada com sucesso!" });
  const password = (await shown.getByTestId("Nova senha").textContent())!.trim();
  expect(await server.received("+244923610604")).toEqual([]);
  await lookAt(staff, "reset-password-sms", () =>
    expect(shown.getByRole("button", { name: "Enviar por SMS" })).toBeVisible(),
  );
  await shown.getByRole("button", { name: "Enviar por SMS" }).dblclick();
  await expect(shown.getByText("SMS com a nova senha enviado para +244 923 610 604.")).toBeVisible();
  const [sms, ...more] = await finalStatus("+244923610604");
  expect(more).toEqual([]);
  expect(sms!.body).toContain(password);
});
