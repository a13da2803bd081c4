import { expect, test } from "@playwright/test";
import { chooseOwnPassword } from "./support/students";

test("a phone typed as +244 923 456 789 is kept while typing and stored as 923456789; an impossible birth date says 'Data inválida'", async ({
  page,
}) => {
  await page.goto("/criar-conta-aluno");
  const phone = page.getByLabel(/^Telefone/);
  await expect(page.getByText("Celular angolano: 9 dígitos, começando com 9 (pode incluir +244)")).toBeVisible();
  await page.getByLabel(/^Nome completo/).fill("Domingas Tchipa");

  // A letter is a typo to show, not to drop.
  await phone.fill("923-45a6 789");
  await page.getByRole("button", { name: "Criar conta" }).click();
  await expect(page.getByText("Telefone inválido: use apenas algarismos, com ou sem o indicativo +244")).toBeVisible();
  await expect(phone).toHaveValue("923-45a6 789");

  await phone.fill("+244 923 456 789");
  await expect(phone).toHaveValue("+244 923 456 789");
  await phone.blur();
  await expect(phone).toHaveValue("923 456 789");
  await page.getByRole("button", { name: "Criar conta" }).click();
  const dialog = page.getByRole("dialog", { name: "Conta criada com sucesso!" });
  const code = (await dialog.getByTestId("Código de estudante").textContent())!.trim();
  const password = (await dialog.getByTestId("Senha").textContent())!.trim();
  await dialog.getByRole("button", { name: "Já anotei — ir para o login" }).click();

  await expect(page.getByLabel(/^Código de estudante/)).toHaveValue(code);
  await page.getByLabel(/^Senha/).fill(password);
  await page.getByRole("button", { name: "Entrar" }).click();
  await chooseOwnPassword(page);
  await expect(page).toHaveURL(/\/completar-inscricao/);
  await expect(page.getByRole("textbox", { name: "Telefone", exact: true })).toHaveValue("923456789");

  // 31/02/2000 typed into the browser's own date field: the browser reports it as empty.
  const birth = page.getByLabel(/^Data de nascimento/);
  await birth.focus();
  await page.keyboard.type("31022000");
  await page.getByRole("button", { name: "Enviar inscrição" }).click();
  await expect(page.getByText("Data inválida")).toBeVisible();
  await expect(page.getByText("Data de nascimento é obrigatória")).toHaveCount(0);

  await birth.fill("2000-02-29");
  await page.getByRole("button", { name: "Enviar inscrição" }).click();
  await expect(page.getByText("Data inválida")).toHaveCount(0);
});
