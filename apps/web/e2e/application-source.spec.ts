import { writeFileSync } from "node:fs";
import path from "node:path";
import { expect, type Page, test } from "@playwright/test";
import { PDF, PNG } from "./support/fixtures";
import { lookAt } from "./support/screens";
import { dataDir } from "./support/server";
import { signedInStaff } from "./support/sign-in";
import { chooseOwnPassword, userContext } from "./support/students";
import { rowOf } from "./support/table";

// A demo course (seed-demo.ts); this spec only reads it. No other spec arrives with ?origem=whatsapp.
const COURSE = "Desenvolvimento Web Full Stack";
const SLUG = "desenvolvimento-web-full-stack";
const APPLICANT = "Zacarias Origem Zap";

/** The WhatsApp line of the Painel's 'Inscrições por origem'. */
async function whatsappCount(staff: Page): Promise<number> {
  const table = staff.getByRole("region", { name: "Inscrições por origem" });
  const cell = table.getByRole("row", { name: /^WhatsApp/ }).getByRole("cell");
  return Number(((await cell.textContent()) ?? "").replace(/\D/g, ""));
}

async function attach(page: Page, label: RegExp, file: string) {
  const chooser = page.waitForEvent("filechooser");
  await page.getByLabel(label).click();
  await (await chooser).setFiles(file);
}

test("an applicant arriving by a course page's ?origem=whatsapp is counted under WhatsApp and found by the list's filter", async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(240_000);
  const staff = await signedInStaff(browser, baseURL!, {
    email: "origem@instituto.ao",
    password: "origem123",
    name: "Gestora da Origem",
    role: "admin",
  });
  await expect(staff.getByRole("region", { name: "Inscrições por origem" })).toContainText("Últimos 30 dias");
  const before = await whatsappCount(staff);

  const context = await userContext(browser, baseURL!);
  const page = await context.newPage();
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`/cursos/${SLUG}?origem=whatsapp`);
  await expect(page.getByRole("heading", { name: COURSE, level: 1 })).toBeVisible();
  // Kept on the device as soon as the app runs (the link below is a plain one).
  await page.waitForFunction(() => localStorage.getItem("origem-da-visita") !== null);
  await page.getByRole("link", { name: "Inscrever-se Agora" }).click();
  await expect(page.getByText("Curso escolhido")).toBeVisible();
  await page.getByRole("link", { name: "Criar conta de aluno" }).click();
  await page.getByLabel(/^Nome completo/).fill(APPLICANT);
  await page.getByLabel(/^Telefone/).fill("+244 931 370 401");
  await page.getByRole("button", { name: "Criar conta" }).click();
  const dialog = page.getByRole("dialog", { name: "Conta criada com sucesso!" });
  const password = (await dialog.getByTestId("Senha").textContent())!.trim();
  await dialog.getByRole("button", { name: "Já anotei — ir para o login" }).click();
  await expect(page).toHaveURL(/\/login-aluno/);
  await page.getByLabel(/^Senha/).fill(password);
  await page.getByRole("button", { name: "Entrar" }).click();
  await chooseOwnPassword(page);
  await expect(page).toHaveURL(/\/completar-inscricao/);

  const source = page.getByRole("combobox", { name: /^Como soube deste curso\?/ });
  await expect(source).toHaveValue("WhatsApp");
  await expect(page.getByRole("combobox", { name: /^Curso/ })).toHaveValue(COURSE);
  await page.getByLabel(/^Data de nascimento/).fill("2001-07-21");
  await page.getByLabel(/^Nome da mãe/).fill("Teresa Origem");
  await page.getByLabel(/^Naturalidade/).fill("Benguela");
  await page.getByRole("combobox", { name: /^Província/ }).fill("Bengu");
  await page.getByRole("option", { name: "Benguela" }).click();
  await page.getByLabel(/^Município/).fill("Lobito");
  await page.getByLabel(/^Bairro/).fill("Compão");
  await page.getByRole("combobox", { name: /^Nível de escolaridade/ }).click();
  await page.getByRole("option", { name: "Ensino Médio" }).click();
  await page.getByLabel(/^Área de formação/).fill("Informática");
  await page.getByRole("combobox", { name: /^Horário preferido/ }).click();
  await page.getByRole("option", { name: /^Noite/ }).click();
  await lookAt(page, "origin-enrolment-form", () => expect(source).toBeVisible());
  await page.setViewportSize({ width: 390, height: 844 });
  const png = path.join(dataDir, "origem-bi.png");
  const pdf = path.join(dataDir, "origem-certificado.pdf");
  writeFileSync(png, PNG);
  writeFileSync(pdf, PDF);
  await attach(page, /^Bilhete de Identidade \(frente\)/, png);
  await attach(page, /^Bilhete de Identidade \(verso\)/, png);
  await attach(page, /^Certificado de habilitações/, pdf);
  await page.getByRole("button", { name: "Enviar inscrição" }).click();
  await expect(page.getByRole("dialog", { name: "Inscrição enviada com sucesso!" })).toBeVisible();
  // Used once: the device forgets it, so a later application does not claim the same link.
  expect(await page.evaluate(() => localStorage.getItem("origem-da-visita"))).toBeNull();
  await context.close();

  await staff.reload();
  await expect.poll(() => whatsappCount(staff)).toBe(before + 1);
  await lookAt(staff, "origin-dashboard", () =>
    expect(staff.getByRole("region", { name: "Inscrições por origem" })).toBeVisible(),
  );

  await staff.goto("/admin/enrollments");
  await staff.getByRole("combobox", { name: "Origem" }).click();
  await staff.getByRole("option", { name: "WhatsApp" }).click();
  const row = await rowOf(staff, APPLICANT, COURSE);
  // On a phone the table is a list of cards: the applicant is found by name there.
  await lookAt(staff, "origin-enrollments-filter", () => expect(staff.getByText(APPLICANT).first()).toBeVisible());
  await row.getByRole("button", { name: /^Ver/ }).click();
  const view = staff.getByRole("dialog");
  await view.getByRole("tab", { name: "Formação" }).click();
  await expect(view.getByText("Como soube do curso")).toBeVisible();
  await expect(view.getByText("WhatsApp", { exact: true })).toBeVisible();
  await staff.keyboard.press("Escape");
  await staff.getByRole("combobox", { name: "Origem" }).click();
  await staff.getByRole("option", { name: "Rádio" }).click();
  await expect(staff.getByRole("row", { name: new RegExp(APPLICANT) })).toHaveCount(0);
  await staff.context().close();
});
