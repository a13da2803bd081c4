import { expect, test } from "@playwright/test";
import { lookAt } from "./support/screens";
import { signedInStaff } from "./support/sign-in";

/**
 * Issue 40 (decision 098): 'Estado do sistema', the super_admin's view of what /metrics gives Prometheus:
 * requests, queues, ProxyPay's poll, the last backup (a warning: this server never took one), PostgreSQL
 * and the files' disk. Checked with axe and looked at on a phone and a laptop.
 */
test.describe.configure({ timeout: 180_000 });

test("the super_admin reads 'Estado do sistema'; an admin has no such item", async ({ browser, baseURL }) => {
  const boss = await signedInStaff(browser, baseURL!, {
    email: "system.status.boss@instituto.ao",
    password: "senha123",
    name: "Técnica do Sistema",
    role: "super_admin",
  });
  const menu = boss.getByRole("navigation", { name: "Menu de administração" });
  await menu.getByRole("button", { name: "Configurações" }).click();
  await menu.getByRole("link", { name: "Estado do sistema" }).click();
  await expect(boss).toHaveURL(/\/admin\/system-status$/);
  await expect(boss.getByRole("heading", { level: 1, name: "Estado do sistema" })).toBeVisible();
  const requests = boss.getByRole("region", { name: "Requisições (última hora)" });
  await expect(requests).toContainText(
    // Counts past a thousand are written the Angolan way ('4.491').
    /[\d.]+ requisiç(ão|ões); no último minuto, [\d.]+\. 95% das respostas em até [\d.,]+ m?s\./,
  );
  await expect(requests.getByRole("img", { name: /^Requisições por minuto na última hora/ })).toBeVisible();
  const queues = boss.getByRole("region", { name: "Filas" });
  await expect(queues.getByRole("row", { name: /^E-mails/ })).toBeVisible();
  await expect(boss.getByRole("alert").filter({ hasText: "Cópia de segurança atrasada" })).toContainText(
    "Nenhuma cópia de segurança registrada",
  );
  await expect(boss.getByRole("region", { name: "Banco de dados (PostgreSQL)" })).toContainText(/Tamanho: [\d,]+ MB\./);
  await expect(boss.getByRole("region", { name: "Disco dos arquivos" })).toContainText(/livres de/);
  await lookAt(boss, "system-status", () =>
    expect(boss.getByRole("region", { name: "Disco dos arquivos" })).toBeVisible(),
  );

  const admin = await signedInStaff(browser, baseURL!, {
    email: "system.status.admin@instituto.ao",
    password: "senha123",
    name: "Administrador do Estado",
    role: "admin",
  });
  await expect(admin.getByRole("heading", { level: 1, name: "Painel" })).toBeVisible();
  await expect(admin.getByRole("link", { name: "Estado do sistema" })).toHaveCount(0);
  const refused = await admin.request.get("/api/admin/system-status");
  expect(refused.status()).toBe(403);
});
