import { expect, test } from "@playwright/test";
import { VIEWPORTS, violations } from "./support/axe";
import { holdRequests } from "./support/network";
import { openHomePage } from "./support/public-pages";

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

test("a page whose code cannot be downloaded says so in Portuguese, and opens after 'Tentar novamente'", async ({
  page,
}) => {
  // Until the app has taken over the prerendered page, 'Inscrição' is a plain link: a click would load
  // /inscricao from the server (whose scripts the cut connection then stops) instead of the app's chunk.
  await openHomePage(page);
  // The phone loses its connection: the next page's code (a lazy chunk) cannot be fetched.
  await page.route("**/assets/*.js", (route) => route.abort("internetdisconnected"));
  const nav = page.getByRole("navigation", { name: "Navegação principal" });
  await nav.getByRole("link", { name: "Inscrição" }).click();
  const alert = page.getByRole("alert");
  await expect(alert.getByRole("heading", { name: "Não foi possível abrir esta página" })).toBeVisible();
  await expect(alert).toContainText("Sem conexão com o servidor. Verifique a sua internet e tente novamente.");
  await expect(nav).toBeVisible(); // the header stays, so the visitor can go elsewhere
  for (const size of VIEWPORTS) {
    await page.setViewportSize(size);
    await page.screenshot({ path: `/tmp/shots-022/page-error-${size.width}.png`, fullPage: true });
    const found = await violations(page);
    expect.soft(found, `the error screen at ${size.width}px:\n${found.join("\n")}`).toEqual([]);
  }
  await page.unroute("**/assets/*.js");
  await alert.getByRole("button", { name: "Tentar novamente" }).click();
  await expect(page).toHaveURL(/\/inscricao$/);
  await expect(page.getByRole("heading", { name: "Inscrição", level: 1 })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Não foi possível abrir esta página" })).toHaveCount(0);
});

test("each public page's HTML names every script the page runs, so a phone fetches them in one go", async ({
  browser,
  request,
}) => {
  for (const path of ["/", "/cursos", "/inscricao", "/verificar/ABCD-EFGH-JKMN"]) {
    const html = await (await request.get(path)).text();
    // In a src/href, or in the list the pages rendered on the server start after their paint (decision 096).
    const named = new Set([...html.matchAll(/"(\/assets\/[^"]+\.js)"/g)].map((m) => m[1]));
    const page = await browser.newPage();
    const ran: string[] = [];
    page.on("request", (r) => {
      const { pathname } = new URL(r.url());
      if (pathname.startsWith("/assets/") && pathname.endsWith(".js")) ran.push(pathname);
    });
    await page.goto(path, { waitUntil: "networkidle" });
    expect(ran.length, path).toBeGreaterThan(1);
    expect(
      ran.filter((file) => !named.has(file)),
      `${path} fetched these only after its script ran`,
    ).toEqual([]);
    await page.close();
  }
});

test("unknown API paths answer 404 JSON, not the web app", async ({ request }) => {
  const res = await request.get("/api/nao-existe");
  expect(res.status()).toBe(404);
  expect(await res.json()).toEqual({ error: { code: "not_found", message: "Recurso não encontrado" } });
});

test("a guarded page shows 'Carregando...' and then sends a visitor to sign in", async ({ page }) => {
  // The guard waits for the session (index.html preloads it): held until the loading screen has been seen.
  const session = await holdRequests(page, "**/api/session");
  await page.goto("/admin", { waitUntil: "commit" });
  await expect(page.getByText("Carregando...")).toBeVisible();
  session.release();
  await expect(page).toHaveURL(/\/auth$/);
  await expect(page.getByText("Carregando...")).toHaveCount(0);
});
