import path from "node:path";
import { expect, test } from "@playwright/test";
import { checkAtBothWidths } from "./support/axe";
import { createAdmin } from "./support/server";
import { signInStaff, signInStudent } from "./support/sign-in";
import { chooseOwnPassword, userContext } from "./support/students";

/**
 * Issue 39 (decision 099): a new version of the privacy notice is asked once of a signed-in student. The
 * notice is installation-wide: once published, every student of the shared server would get the dialog,
 * so this spec runs in the 'installation-wide' project, after every other spec (playwright.config.ts).
 */
const SHOTS = path.join(import.meta.dirname, ".artifacts/privacy-new-notice");
const ADMIN = { email: "aviso.novo@instituto.ao", password: "aviso-e2e-123", name: "Aurora Aviso" };

test("a student is asked once to accept the notice the super_admin has just published", async ({
  browser,
  baseURL,
}) => {
  createAdmin(ADMIN.email, ADMIN.password, ADMIN.name, "super_admin");
  const student = await (await userContext(browser, baseURL!)).newPage();
  // An account made as an older client makes it: no notice accepted.
  const created = await student.request.post("/api/student-accounts", {
    headers: { origin: baseURL! },
    data: { studentName: "Noémia Aviso", studentPhone: "923100477", hasEmail: false },
  });
  expect(created.status()).toBe(201);
  const { studentCode, studentPassword } = await created.json();
  await signInStudent(student, studentCode, studentPassword);
  await chooseOwnPassword(student);
  // No enrolment yet: the student lands on the enrolment form; the institute has published no notice.
  const form = student.getByRole("heading", { name: "Completar Inscrição", level: 1 });
  await expect(form).toBeVisible();
  await expect(student.getByRole("dialog")).toHaveCount(0);

  const staff = await (await userContext(browser, baseURL!)).newPage();
  await signInStaff(staff, ADMIN.email, ADMIN.password);
  await expect(staff.getByTestId("role-label")).toBeVisible();
  // Configurações → 'Privacidade', an entry of its own in the menu.
  const menu = staff.getByRole("navigation", { name: "Menu de administração" });
  await menu.getByRole("button", { name: "Configurações" }).click();
  await menu.getByRole("link", { name: "Privacidade" }).click();
  await expect(staff).toHaveURL(/\/admin\/settings\/privacy$/);
  await expect(staff.getByRole("heading", { level: 1, name: "Privacidade" })).toBeVisible();
  // The menu marks 'Privacidade' only, not also 'Dados do instituto' (/admin/settings) above it.
  await expect(menu.getByRole("link", { name: "Privacidade" })).toHaveAttribute("aria-current", "page");
  await expect(menu.getByRole("link", { name: "Dados do instituto" })).not.toHaveAttribute("aria-current", "page");
  await expect(menu.getByRole("link", { name: "Dados do instituto" })).not.toHaveAttribute("data-active");
  const privacy = staff.getByRole("region", { name: "Aviso e prazo de conservação" });
  await privacy
    .getByLabel(/^Aviso de privacidade/)
    .fill(
      "O Instituto guarda os seus dados de inscrição durante o curso e 12 meses depois. Pode pedir a cópia ou a exclusão em Dados de Acesso.",
    );
  await privacy.getByRole("button", { name: "Salvar privacidade" }).click();
  await expect(staff.getByText("Privacidade salva")).toBeVisible();

  await student.reload();
  const dialog = student.getByRole("dialog", { name: /aviso de privacidade/i });
  await expect(dialog.getByText(/Pode pedir a cópia ou a exclusão/)).toBeVisible();
  await checkAtBothWidths(student, SHOTS, "new-notice-dialog");
  await dialog.getByRole("button", { name: "Li e aceito" }).click();
  await expect(student.getByRole("dialog")).toHaveCount(0);
  await student.reload();
  await expect(form).toBeVisible();
  await expect(student.getByRole("dialog")).toHaveCount(0);
});
