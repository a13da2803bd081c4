import { expect, test } from "@playwright/test";
import { createAdmin } from "./support/server";
import { signInStaff } from "./support/sign-in";

test("a staff user signs in and lands on the 'Painel' with its figures, next steps and revenue chart", async ({
  page,
}) => {
  createAdmin("painel@instituto.ao", "painel123", "Gestora do Painel");
  await signInStaff(page, "painel@instituto.ao", "painel123");

  await expect(page).toHaveURL(/\/admin$/);
  await expect(page.getByRole("heading", { name: "Painel", level: 1 })).toBeVisible();
  for (const name of ["Total de alunos", "Cursos ativos", "Inscrições pendentes", "Receita do mês"]) {
    await expect(page.getByRole("region", { name })).toBeVisible();
  }
  await expect(page.getByRole("region", { name: "Inscrições pendentes" })).toContainText("aguardam análise");
  await expect(page.getByRole("region", { name: "Receita do mês" })).toContainText(/kz/i);

  const steps = page.getByRole("region", { name: "Próximos passos" });
  await expect(steps.getByRole("link", { name: "Configurar cursos" })).toHaveAttribute("href", "/admin/courses");
  await expect(steps.getByRole("link", { name: "Gerir utilizadores" })).toHaveAttribute("href", "/admin/users");
  await expect(steps.getByRole("link", { name: "Configurar pagamentos" })).toHaveAttribute("href", "/admin/financial");

  const chart = page.getByRole("region", { name: "Receita dos últimos 12 meses" });
  await expect(chart).toBeVisible();
  await expect(chart.locator("svg.recharts-surface").first()).toBeVisible();
  await expect(chart).toContainText(/(jan|fev|mar|abr|mai|jun|jul|ago|set|out|nov|dez) \d{4}/);

  await steps.getByRole("link", { name: "Configurar cursos" }).click();
  await expect(page.getByRole("heading", { name: "Cursos", level: 1 })).toBeVisible();
});
