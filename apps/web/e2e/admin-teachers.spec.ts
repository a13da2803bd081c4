import { expect, test } from "@playwright/test";
import { createAdmin } from "./support/server";
import { signInStaff } from "./support/sign-in";
import { cardNumber } from "./support/table";

test("a staff user edits a teacher (the 0–50 years rule shows its message) and deletes one", async ({ page }) => {
  createAdmin("professores@instituto.ao", "prof12345", "Gestor de Professores", "admin");
  await signInStaff(page, "professores@instituto.ao", "prof12345");
  await page
    .getByRole("navigation", { name: "Menu de administração" })
    .getByRole("link", { name: "Professores" })
    .click();
  await expect(page.getByRole("heading", { name: "Professores" })).toBeVisible();
  await expect(page.getByRole("row", { name: /Carlos Mendes Neto/ })).toBeVisible();
  const teachersBefore = await cardNumber(page, "Total de professores");

  await page.getByRole("button", { name: "Editar Helena Baptista" }).click();
  const dialog = page.getByRole("dialog", { name: "Editar professor" });
  await dialog.getByLabel(/^Anos de experiência/).fill("51");
  await dialog.getByRole("button", { name: "Salvar alterações" }).click();
  await expect(dialog.getByText("Os anos de experiência vão de 0 a 50")).toBeVisible();
  await dialog.getByLabel(/^Anos de experiência/).fill("13");
  await dialog.getByRole("button", { name: "Salvar alterações" }).click();
  await expect(page.getByText("Professor atualizado com sucesso!")).toBeVisible();
  await expect(page.getByRole("row", { name: /Helena Baptista/ })).toContainText("13 anos");

  await page.getByRole("button", { name: "Excluir Carlos Mendes Neto" }).click();
  const confirm = page.getByRole("dialog", { name: "Excluir professor" });
  await expect(confirm.getByText("Esta ação não pode ser desfeita.")).toBeVisible();
  await confirm.getByRole("button", { name: "Excluir" }).click();
  await expect(page.getByText("Professor excluído com sucesso!")).toBeVisible();
  await expect(page.getByRole("cell", { name: "Carlos Mendes Neto", exact: true })).toHaveCount(0);
  await expect(page.getByRole("region", { name: "Total de professores" })).toContainText(String(teachersBefore - 1));
});
