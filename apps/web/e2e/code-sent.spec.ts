import { expect, type Locator, type Page, test } from "@playwright/test";
import { violations } from "./support/axe";
import { COURSE } from "./support/fixtures";
import { screenshotsAtBothWidths } from "./support/screens";
import { lastMailTo } from "./support/server";
import { signedInStaff } from "./support/sign-in";
import { applicant } from "./support/students";
import { rowOf } from "./support/table";

/**
 * Issue 34 (decision 084): approving says what happens to the code, as it is — an e-mail queued for a
 * student with one (sent moments later, or retried), none for a student without — and the status reads
 * 'Aprovado (Código Enviado)' only once the code reached the student: the e-mail delivered, or the
 * WhatsApp message opened by staff. Until then, for staff and student, 'Aprovado (Código por Enviar)'.
 */

const SENT = "Aprovado (Código Enviado)";
const UNSENT = "Aprovado (Código por Enviar)";
const STATUS_NOTE = `O estado fica «${UNSENT}» até o e-mail sair ou até abrir o WhatsApp com o código.`;

/** Approves `name` through 'Aprovar inscrição' with the proposed code; returns the dialog showing the outcome. */
async function approve(page: Page, name: string): Promise<Locator> {
  await (await rowOf(page, name, COURSE)).getByRole("button", { name: `Aprovar ${name}` }).click();
  const dialog = page.getByRole("dialog", { name: "Aprovar inscrição" });
  await dialog.getByLabel("Documentação completa e válida").check();
  await dialog.getByLabel("Dados pessoais conferidos").check();
  await dialog.getByRole("button", { name: "Aprovar inscrição" }).click();
  await expect(dialog.getByText("Código de referência de")).toBeVisible();
  return dialog;
}

/** The row's status once the list is read again (the e-mail is sent after the approval's answer). */
async function expectRowStatus(page: Page, name: string, status: string) {
  await expect(async () => {
    await page.reload();
    await expect((await rowOf(page, name, COURSE)).getByText(status, { exact: true })).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 20_000 });
}

test("a student with e-mail: the e-mail is said to be queued, and 'Código Enviado' shows once it was sent", async ({
  browser,
  baseURL,
}) => {
  const email = "celia.codigo@exemplo.ao";
  const celia = await applicant(browser, baseURL!, "Célia Código Email", "923340101", { email });
  const staff = await signedInStaff(browser, baseURL!, {
    email: "codigo.enviado.1@instituto.ao",
    password: "senha123",
    name: "Sónia Secretaria",
    role: "secretaria",
  });
  await staff.setViewportSize({ width: 1280, height: 800 });
  await staff.goto("/admin/enrollments");
  const dialog = await approve(staff, celia.name);
  const code = (await dialog.getByText("Código de referência de").locator("b").textContent())!;
  await expect(dialog).toContainText(
    `O e-mail com o código e os dados bancários para ${email} está na fila de envio: normalmente sai em instantes; se o servidor de e-mail falhar, o portal tenta de novo durante algumas horas.`,
  );
  await expect(dialog).toContainText(STATUS_NOTE);
  expect(await violations(staff)).toEqual([]);
  await screenshotsAtBothWidths(staff, "approved-with-email");
  await dialog.getByRole("button", { name: "Concluir" }).click();

  // The worker sends it moments later; from then on the code counts as sent, for staff and student.
  expect(await lastMailTo(email)).toContain(code);
  await expectRowStatus(staff, celia.name, SENT);
  await celia.page.goto("/aluno/pagamento");
  await expect(celia.page.getByRole("article", { name: `Inscrição: ${COURSE}` }).getByText(SENT)).toBeVisible();
});

test("a student without e-mail: no e-mail is promised, and the code counts as sent once WhatsApp was opened", async ({
  browser,
  baseURL,
}) => {
  const dario = await applicant(browser, baseURL!, "Dário Código Sem Email", "923340102");
  const staff = await signedInStaff(browser, baseURL!, {
    email: "codigo.enviado.2@instituto.ao",
    password: "senha123",
    name: "Sílvio Secretaria",
    role: "secretaria",
  });
  await staff.setViewportSize({ width: 1280, height: 800 });
  await staff.goto("/admin/enrollments");
  const dialog = await approve(staff, dario.name);
  await expect(dialog).toContainText(
    "O aluno não indicou e-mail: não recebe nenhum e-mail. Envie o código por WhatsApp.",
  );
  await expect(dialog).not.toContainText("fila de envio");
  await expect(dialog).toContainText(STATUS_NOTE);
  expect(await violations(staff)).toEqual([]);
  await screenshotsAtBothWidths(staff, "approved-without-email");
  await dialog.getByRole("button", { name: "Concluir" }).click();

  // Nothing sent: staff and student read 'Código por Enviar'.
  await expectRowStatus(staff, dario.name, UNSENT);
  await dario.page.goto("/aluno/pagamento");
  const card = dario.page.getByRole("article", { name: `Inscrição: ${COURSE}` });
  await expect(card.getByText(UNSENT)).toBeVisible();
  expect(await violations(dario.page)).toEqual([]);
  await screenshotsAtBothWidths(dario.page, "student-code-unsent");

  // The secretariat opens WhatsApp with the code: from then on it counts as sent.
  await (await rowOf(staff, dario.name, COURSE)).getByRole("button", { name: `Ver ${dario.name}` }).click();
  const view = staff.getByRole("dialog", { name: "Detalhes da inscrição" });
  await expect(view.getByText(UNSENT).first()).toBeVisible();
  await expect(view.getByText("Ainda não", { exact: true })).toBeVisible();
  await staff.context().route("https://wa.me/**", (r) => r.fulfill({ body: "WhatsApp" }));
  const popup = staff.waitForEvent("popup");
  await view.getByRole("link", { name: "Enviar por WhatsApp" }).click();
  await (await popup).close();
  await expect(view.getByText(SENT).first()).toBeVisible();
  await staff.keyboard.press("Escape");
  await expect((await rowOf(staff, dario.name, COURSE)).getByText(SENT, { exact: true })).toBeVisible();
  await dario.page.reload();
  await expect(card.getByText(SENT)).toBeVisible();
});
