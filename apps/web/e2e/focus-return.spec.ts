import { type Browser, expect, type Locator, type Page, test } from "@playwright/test";
import { COURSE } from "./support/fixtures";
import { createAdmin, withDatabase } from "./support/server";
import { signedInStaff } from "./support/sign-in";
import { type Applicant, applicant } from "./support/students";
import { rowOf } from "./support/table";

/**
 * Issue 34, decision 087 (WCAG 2.4.3): when a dialog closes, keyboard focus goes back to the control
 * that opened it, or — when that control is gone because the change made its row leave the list — to
 * the same action of the row now in its place, or the page's heading when the list is empty. Dialogs
 * are opened here from the keyboard (focus, then Enter), as a keyboard user opens them.
 */

test.describe.configure({ timeout: 180_000 });

/** This spec's own applicants (their surname finds them, and only them, in the lists). */
const SURNAME = "Regresso do Foco";

async function staff(browser: Browser, baseURL: string, name: string, email: string) {
  return signedInStaff(browser, baseURL, { email, password: "foco12345", name, role: "super_admin" });
}

/** Applicants named `{first name} Regresso do Foco`, one per phone number. */
async function applicants(browser: Browser, baseURL: string, firstNames: string[], phones: string[]) {
  const made: Applicant[] = [];
  for (const [i, phone] of phones.entries()) {
    made.push(await applicant(browser, baseURL, `${firstNames[i]} ${SURNAME}`, phone));
  }
  return made;
}

/** Opens the dialog as a keyboard user does: focus on the control, then Enter. */
async function openWithKeyboard(page: Page, opener: Locator, dialogName: string) {
  await opener.focus();
  await page.keyboard.press("Enter");
  const dialog = page.getByRole("dialog", { name: dialogName });
  await expect(dialog).toBeVisible();
  return dialog;
}

/** Approves `name`'s enrolment from its row's 'Aprovar', opened from the keyboard, and closes the dialog. */
async function approveWithKeyboard(page: Page, name: string) {
  const dialog = await openWithKeyboard(
    page,
    page.getByRole("button", { name: `Aprovar ${name}` }),
    "Aprovar inscrição",
  );
  await dialog.getByLabel("Documentação completa e válida").check();
  await dialog.getByLabel("Dados pessoais conferidos").check();
  await dialog.getByRole("button", { name: "Aprovar inscrição" }).click();
  await dialog.getByRole("button", { name: "Concluir" }).click();
  await expect(page.getByRole("dialog")).toHaveCount(0);
}

/** The enrolment rows' 'Aprovar' buttons, in the order shown. */
const approveButtons = (page: Page) => page.getByRole("button", { name: new RegExp(`^Aprovar .*${SURNAME}$`) });

test("approving and deleting from a row: focus goes back to the row, or to the row now in its place", async ({
  browser,
  baseURL,
}) => {
  const people = await applicants(
    browser,
    baseURL!,
    ["Amélia", "Bento", "Celso"],
    ["923870101", "923870102", "923870103"],
  );
  const page = await staff(browser, baseURL!, "Sílvia Foco", "foco.inscricoes@instituto.ao");
  await page.goto("/admin/enrollments");
  await page.getByRole("combobox", { name: "Estado" }).click();
  await page.getByRole("option", { name: "Pré-inscrito" }).click();
  await page.getByLabel("Pesquisar", { exact: true }).fill(SURNAME);
  await expect(approveButtons(page)).toHaveCount(3);
  const [first, second, third] = await approveButtons(page).evaluateAll((buttons) =>
    buttons.map((b) => b.getAttribute("aria-label")!.replace(/^Aprovar /, "")),
  );
  expect([first, second, third].sort()).toEqual(people.map((p) => p.name).sort());

  // Closed with Escape: back on the very button.
  await openWithKeyboard(page, page.getByRole("button", { name: `Ver ${second}` }), "Detalhes da inscrição");
  await page.keyboard.press("Escape");
  await expect(page.getByRole("dialog")).toHaveCount(0);
  await expect(page.getByRole("button", { name: `Ver ${second}` })).toBeFocused();

  // Cancelled: back on 'Aprovar'.
  let dialog = await openWithKeyboard(
    page,
    page.getByRole("button", { name: `Aprovar ${first}` }),
    "Aprovar inscrição",
  );
  await dialog.getByRole("button", { name: "Cancelar" }).click();
  await expect(page.getByRole("button", { name: `Aprovar ${first}` })).toBeFocused();

  // Approved: the row leaves the 'Pré-inscrito' list, and focus goes to the next row's 'Aprovar'.
  await approveWithKeyboard(page, first!);
  await expect(approveButtons(page)).toHaveCount(2);
  await expect(page.getByRole("button", { name: `Aprovar ${second}` })).toBeFocused();

  // A confirmation: cancelled, back on 'Excluir'; confirmed for the last row, on the one before it.
  dialog = await openWithKeyboard(page, page.getByRole("button", { name: `Excluir ${third}` }), "Excluir inscrição");
  await dialog.getByRole("button", { name: "Cancelar" }).click();
  await expect(page.getByRole("button", { name: `Excluir ${third}` })).toBeFocused();
  dialog = await openWithKeyboard(page, page.getByRole("button", { name: `Excluir ${third}` }), "Excluir inscrição");
  await dialog.getByRole("button", { name: "Excluir" }).click();
  await expect(page.getByText("Inscrição excluída com sucesso!")).toBeVisible();
  await expect(approveButtons(page)).toHaveCount(1);
  await expect(page.getByRole("button", { name: `Excluir ${second}` })).toBeFocused();

  // The last one approved: the list is empty, so focus goes to the page's heading.
  await approveWithKeyboard(page, second!);
  await expect(page.getByText("Nenhum registro encontrado")).toBeVisible();
  await expect(page.getByRole("heading", { name: "Inscrições", level: 1 })).toBeFocused();
  for (const p of people) await p.context.close();
});

test("a dialog opened from the role selector's options; a confirmation inside the user details", async ({
  browser,
  baseURL,
}) => {
  createAdmin("foco.perfil@instituto.ao", "foco12345", "Pedro Perfil Foco", "secretaria");
  createAdmin("foco.dois.passos@instituto.ao", "foco12345", "Quim Dois Passos Foco", "secretaria");
  // Two-factor sign-in set up on a phone Quim has since lost (what matters here is that it is on).
  await withDatabase((db) =>
    db.query("update auth_user set two_factor_enabled = true where email = 'foco.dois.passos@instituto.ao'"),
  );
  const page = await staff(browser, baseURL!, "Sara Foco Utilizadores", "foco.utilizadores@instituto.ao");
  await page.goto("/admin/users");

  // The options list closes and the confirmation opens: focus comes back to the selector.
  let row = await rowOf(page, "foco.perfil@instituto.ao");
  const role = row.getByRole("combobox", { name: "Perfil de Pedro Perfil Foco" });
  await role.focus();
  await page.keyboard.press("ArrowDown");
  await expect(page.getByRole("listbox")).toBeVisible();
  await page.getByRole("option", { name: "Financeiro" }).click();
  const confirm = page.getByRole("dialog", { name: "Alterar perfil" });
  await confirm.getByRole("button", { name: "Confirmar" }).click();
  await expect(page.getByText("Perfil atualizado com sucesso!")).toBeVisible();
  await expect(confirm).toHaveCount(0);
  await expect(role).toHaveValue("Financeiro");
  await expect(role).toBeFocused();

  // Inside the details, the confirmed change removes its own button: focus goes to the details dialog,
  // and from there, closed with Escape, back to the row's 'Ver'.
  row = await rowOf(page, "foco.dois.passos@instituto.ao");
  const view = row.getByRole("button", { name: "Ver Quim Dois Passos Foco" });
  const details = await openWithKeyboard(page, view, "Detalhes do usuário");
  const turnOff = details.getByRole("button", { name: "Desativar verificação em dois passos" });
  const asked = await openWithKeyboard(page, turnOff, "Desativar verificação em dois passos");
  await asked.getByRole("button", { name: "Cancelar" }).click();
  await expect(turnOff).toBeFocused();
  await openWithKeyboard(page, turnOff, "Desativar verificação em dois passos");
  await asked.getByRole("button", { name: "Desativar", exact: true }).click();
  await expect(page.getByText("Verificação em dois passos desativada", { exact: true })).toBeVisible();
  await expect(turnOff).toHaveCount(0);
  await expect(details).toBeFocused();
  await page.keyboard.press("Escape");
  await expect(page.getByRole("dialog")).toHaveCount(0);
  await expect(view).toBeFocused();
});

test("on a 390 px phone, a dialog opened from a card returns focus to the card's button", async ({
  browser,
  baseURL,
}) => {
  const [dina] = await applicants(browser, baseURL!, ["Dina"], ["923870104"]);
  const page = await staff(browser, baseURL!, "Telma Foco Telefone", "foco.telefone@instituto.ao");
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto("/admin/enrollments");
  await page.getByLabel("Pesquisar", { exact: true }).fill(dina!.name);
  const card = page.getByTestId("table-card").filter({ hasText: COURSE });
  await expect(card).toHaveCount(1);

  // The details take the whole screen on a phone; closed with its 'Fechar' button.
  const view = card.getByRole("button", { name: `Ver ${dina!.name}` });
  const details = await openWithKeyboard(page, view, "Detalhes da inscrição");
  await details.getByRole("button", { name: "Fechar" }).click();
  await expect(page.getByRole("dialog")).toHaveCount(0);
  await expect(view).toBeFocused();

  const reject = card.getByRole("button", { name: `Rejeitar ${dina!.name}` });
  await openWithKeyboard(page, reject, "Rejeitar inscrição");
  await page.keyboard.press("Escape");
  await expect(page.getByRole("dialog")).toHaveCount(0);
  await expect(reject).toBeFocused();
  await dina!.context.close();
});
