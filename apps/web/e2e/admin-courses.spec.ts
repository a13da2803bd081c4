import { expect, test } from "@playwright/test";
import { createAdmin } from "./support/server";
import { signInStaff } from "./support/sign-in";

test("a staff user creates a course, the public catalogue shows it, then edits and deletes it", async ({ page }) => {
  createAdmin("cursos@instituto.ao", "cursos123", "Gestora de Cursos", "secretaria");
  await signInStaff(page, "cursos@instituto.ao", "cursos123");
  await page.getByRole("navigation", { name: "Menu de administração" }).getByRole("link", { name: "Cursos" }).click();
  await expect(page.getByRole("heading", { name: "Cursos" })).toBeVisible();

  await page.getByRole("button", { name: "Novo curso" }).click();
  const dialog = page.getByRole("dialog", { name: "Novo curso" });
  await dialog.getByRole("button", { name: "Criar curso" }).click();
  await expect(dialog.getByText("Nome é obrigatório")).toBeVisible();
  await expect(dialog.getByText("Duração é obrigatória")).toBeVisible();
  await dialog.getByLabel(/^Nome/).fill("Fotografia Digital");
  await dialog.getByLabel(/^Descrição/).fill("Composição, luz e edição de imagem.");
  await dialog.getByRole("combobox", { name: "Área" }).click();
  await page.getByRole("option", { name: "Design" }).click();
  await dialog.getByLabel(/^Duração \(meses\)/).fill("2");
  await dialog.getByLabel(/^Preço \(Kz\)/).fill("65000,50");
  await dialog.getByRole("button", { name: "Criar curso" }).click();
  await expect(page.getByText("Curso criado com sucesso!")).toBeVisible();
  await expect(page.getByRole("cell", { name: "Fotografia Digital", exact: true })).toBeVisible();

  const publicPage = await page.context().newPage();
  await publicPage.goto("/cursos");
  await expect(publicPage.getByRole("heading", { name: "Fotografia Digital" })).toBeVisible();
  await expect(publicPage.getByText(/^65\s000,50\sKz$/)).toBeVisible();

  await page.getByRole("button", { name: "Editar Fotografia Digital" }).click();
  await page.getByRole("dialog", { name: "Editar curso" }).getByLabel(/^Nome/).fill("Fotografia Digital Avançada");
  await page.getByRole("button", { name: "Guardar alterações" }).click();
  await expect(page.getByText("Curso atualizado com sucesso!")).toBeVisible();

  await page.getByRole("button", { name: "Excluir Fotografia Digital Avançada" }).click();
  const confirm = page.getByRole("dialog", { name: "Excluir curso" });
  await expect(confirm.getByText("Esta ação não pode ser desfeita.")).toBeVisible();
  await confirm.getByRole("button", { name: "Excluir" }).click();
  await expect(page.getByText("Curso excluído com sucesso!")).toBeVisible();
  await expect(page.getByRole("cell", { name: "Fotografia Digital Avançada", exact: true })).toHaveCount(0);
});
