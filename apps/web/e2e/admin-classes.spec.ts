import { expect, type Locator, test } from "@playwright/test";
import { createAdmin } from "./support/server";
import { signInStaff } from "./support/sign-in";
import { cardNumber } from "./support/table";

const PDF = Buffer.from("%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n");

async function fillDates(dialog: Locator, dates: [string, string, string, string]) {
  const labels = [/^Início das inscrições/, /^Fim das inscrições/, /^Início do curso/, /^Término do curso/];
  for (const [i, label] of labels.entries()) await dialog.getByLabel(label).fill(dates[i]!);
}

test("a staff user creates a class: each date rule shows its message, then a valid class with its curriculum", async ({
  page,
}) => {
  createAdmin("turmas@instituto.ao", "turmas123", "Gestora de Turmas", "secretaria");
  await signInStaff(page, "turmas@instituto.ao", "turmas123");
  await page
    .getByRole("navigation", { name: "Menu de administração" })
    .getByRole("link", { name: "Turmas", exact: true })
    .click();
  await expect(page.getByRole("heading", { name: "Gestão de Turmas" })).toBeVisible();
  // The demo data's classes (three open or running, one ended: decision 042) and those other specs made.
  await expect(page.getByRole("row", { name: /Inglês para Negócios — Manhã/ })).toBeVisible();
  const classesBefore = await cardNumber(page, "Total de turmas");
  expect(classesBefore).toBeGreaterThanOrEqual(4);

  await page.getByRole("button", { name: "Nova turma" }).click();
  const dialog = page.getByRole("dialog", { name: "Nova turma" });
  await dialog.getByLabel(/^Nome da turma/).fill("Gestão de Projetos — Noite");
  await dialog.getByRole("combobox", { name: /^Curso/ }).click();
  await page.getByRole("option", { name: "Gestão de Projetos" }).click();
  await dialog.getByRole("combobox", { name: /^Professor/ }).click();
  await page.getByRole("option", { name: "Ana Paula Domingos" }).click();
  await dialog.getByRole("combobox", { name: /^Tipo/ }).click();
  await page.getByRole("option", { name: "Presencial" }).click();
  await dialog.getByLabel(/^Horário/).fill("Seg a Qua, 18h–21h");
  await expect(dialog.getByLabel(/^Máximo de alunos/)).toHaveValue("30");

  await fillDates(dialog, ["2026-12-10", "2026-12-01", "2027-01-10", "2027-01-05"]);
  await dialog.getByRole("button", { name: "Criar turma" }).click();
  await expect(page.getByText("Erro de validação")).toBeVisible();
  await expect(dialog.getByText("A data de fim das inscrições deve ser posterior à data de início")).toBeVisible();
  await expect(dialog.getByText("A data de término do curso deve ser posterior à data de início")).toBeVisible();

  await fillDates(dialog, ["2026-11-01", "2027-01-20", "2027-01-10", "2027-06-30"]);
  await dialog.getByRole("button", { name: "Criar turma" }).click();
  await expect(dialog.getByText("As inscrições devem encerrar antes do início do curso")).toBeVisible();

  await fillDates(dialog, ["2026-11-01", "2027-01-05", "2027-01-10", "2027-06-30"]);
  const chooser = page.waitForEvent("filechooser");
  await dialog.getByRole("button", { name: /^Currículo \(PDF\)/ }).click();
  await (await chooser).setFiles({ name: "curriculo.pdf", mimeType: "application/pdf", buffer: PDF });
  await dialog.getByRole("button", { name: "Criar turma" }).click();
  await expect(page.getByText("Turma criada com sucesso!")).toBeVisible();
  await expect(dialog).toBeHidden();

  const row = page.getByRole("row", { name: /Gestão de Projetos — Noite/ });
  await expect(row).toContainText("Ana Paula Domingos");
  await expect(row).toContainText("0/30");
  await expect(page.getByRole("region", { name: "Total de turmas" })).toContainText(String(classesBefore + 1));

  await row.getByRole("button", { name: "Ver Gestão de Projetos — Noite" }).click();
  const details = page.getByRole("dialog", { name: "Detalhes da turma" });
  const link = details.getByRole("link", { name: "Abrir currículo (PDF)" });
  const pdf = await page.request.get((await link.getAttribute("href"))!);
  expect(pdf.status()).toBe(200);
  expect(pdf.headers()["content-type"]).toBe("application/pdf");
  await details.getByRole("button", { name: "Fechar" }).click();

  await row.getByRole("button", { name: "Excluir Gestão de Projetos — Noite" }).click();
  const confirm = page.getByRole("dialog", { name: "Excluir turma" });
  await expect(confirm.getByText("Esta ação não pode ser desfeita.")).toBeVisible();
  await confirm.getByRole("button", { name: "Excluir" }).click();
  await expect(page.getByText("Turma eliminada com sucesso!")).toBeVisible();
  await expect(page.getByRole("row", { name: /Gestão de Projetos — Noite/ })).toHaveCount(0);
});

test("a class whose curriculum upload fails is kept, and the retry sends only the PDF (no second class)", async ({
  page,
}) => {
  createAdmin("turmas2@instituto.ao", "turmas123", "Gestor de Turmas", "admin");
  await signInStaff(page, "turmas2@instituto.ao", "turmas123");
  await page
    .getByRole("navigation", { name: "Menu de administração" })
    .getByRole("link", { name: "Turmas", exact: true })
    .click();

  await page.getByRole("button", { name: "Nova turma" }).click();
  const dialog = page.getByRole("dialog", { name: "Nova turma" });
  await dialog.getByLabel(/^Nome da turma/).fill("Marketing Digital — Sábado");
  await dialog.getByRole("combobox", { name: /^Curso/ }).click();
  await page.getByRole("option", { name: "Marketing Digital" }).click();
  await dialog.getByRole("combobox", { name: /^Tipo/ }).click();
  await page.getByRole("option", { name: "Online" }).click();
  await dialog.getByLabel(/^Horário/).fill("Sábado, 09h–13h");
  await fillDates(dialog, ["2026-11-01", "2027-01-05", "2027-01-10", "2027-06-30"]);
  const chooser = page.waitForEvent("filechooser");
  await dialog.getByRole("button", { name: /^Currículo \(PDF\)/ }).click();
  await (await chooser).setFiles({ name: "curriculo.pdf", mimeType: "application/pdf", buffer: PDF });

  // The connection drops while the PDF goes up (the class itself was already saved).
  await page.route("**/api/admin/classes/*/curriculum", (route) => route.abort("internetdisconnected"));
  await dialog.getByRole("button", { name: "Criar turma" }).click();
  await expect(page.getByText(/A turma foi salva, mas o currículo não foi enviado/)).toBeVisible();
  const editing = page.getByRole("dialog", { name: "Editar turma" });
  await expect(editing).toBeVisible();
  await expect(page.getByRole("row", { name: /Marketing Digital — Sábado/ })).toHaveCount(1);

  await page.unroute("**/api/admin/classes/*/curriculum");
  await editing.getByRole("button", { name: "Salvar alterações" }).click();
  await expect(page.getByText("Turma criada com sucesso!")).toBeVisible();
  await expect(editing).toBeHidden();
  await expect(page.getByRole("row", { name: /Marketing Digital — Sábado/ })).toHaveCount(1);
  await page.getByRole("button", { name: "Ver Marketing Digital — Sábado" }).click();
  await expect(
    page.getByRole("dialog", { name: "Detalhes da turma" }).getByRole("link", { name: "Abrir currículo (PDF)" }),
  ).toBeVisible();
});
