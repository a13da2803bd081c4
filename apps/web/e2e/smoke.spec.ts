import { expect, test } from "@playwright/test";

test("the home page shows the open enrolments badge and three featured courses", async ({ page }) => {
  await page.goto("/");
  await expect(page.getByText("Inscrições Abertas 2025")).toBeVisible();
  const nav = page.getByRole("navigation", { name: "Navegação principal" });
  for (const link of ["Início", "Cursos", "Inscrição", "Sobre", "Contacto"]) {
    await expect(nav.getByRole("link", { name: link })).toBeVisible();
  }
  await expect(page.getByRole("link", { name: "Área do Aluno" }).first()).toBeVisible();
  await expect(page.getByRole("link", { name: "Área Admin" }).first()).toBeVisible();
  const featured = page.getByRole("region", { name: "Cursos em destaque" }).getByRole("article");
  await expect(featured).toHaveCount(3);
  await expect(page.getByText("Luanda, Angola")).toBeVisible();
});

test("the catalogue lists the demo courses with prices in kz", async ({ page }) => {
  await page.goto("/cursos");
  await expect(page.getByRole("heading", { name: "Desenvolvimento Web Full Stack" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Marketing Digital" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Inglês para Negócios" })).toBeVisible();
  await expect(page.getByText(/^150\s000,00\sKz$/)).toBeVisible();
  await expect(page.getByText(/^100\s000,00\sKz$/)).toBeVisible();
  await expect(page.getByText(/^80\s000,00\sKz$/)).toBeVisible();
  await expect(page.getByText("Duração: 4 meses")).toBeVisible();
});

test("an unknown route shows the 404 page with a link home", async ({ page }) => {
  await page.goto("/uma/pagina/que/nao/existe");
  await expect(page.getByRole("heading", { name: "Oops! Page not found" })).toBeVisible();
  await page.getByRole("link", { name: "Voltar ao início" }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByText("Inscrições Abertas 2025")).toBeVisible();
});

test("unknown API paths answer 404 JSON, not the web app", async ({ request }) => {
  const res = await request.get("/api/nao-existe");
  expect(res.status()).toBe(404);
  expect(await res.json()).toEqual({ error: { code: "not_found", message: "Recurso não encontrado" } });
});

test("a guarded page shows 'Carregando...' and then sends a visitor to sign in", async ({ page }) => {
  await page.route("**/api/session", async (route) => {
    await new Promise((r) => setTimeout(r, 800));
    await route.continue();
  });
  await page.goto("/admin");
  await expect(page.getByText("Carregando...")).toBeVisible();
  await expect(page).toHaveURL(/\/auth$/);
});
