import path from "node:path";
import { expect, test } from "@playwright/test";
import { checkAtBothWidths } from "./support/axe";

// Demo courses (seed-demo.ts); this spec only reads them.
const SHOTS = path.join(import.meta.dirname, ".artifacts/public-pages-rendered");

test("/ and /cursos read with JavaScript off: the catalogue's cards are in the HTML, no placeholders", async ({
  browser,
}) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto("/cursos");
  await expect(page.getByRole("heading", { name: "Marketing Digital" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Desenvolvimento Web Full Stack" })).toHaveAttribute(
    "href",
    "/cursos/desenvolvimento-web-full-stack",
  );
  await expect(page.getByTestId("course-skeleton")).toHaveCount(0);
  // The area filters work without the app: each is a link the server renders filtered.
  await page.getByRole("group", { name: "Filtrar por área" }).getByRole("link", { name: "Tecnologia" }).click();
  await expect(page.getByRole("article", { name: "Desenvolvimento Web Full Stack" })).toBeVisible();
  await expect(page.getByRole("article", { name: "Marketing Digital" })).toHaveCount(0);
  await page.goto("/");
  const featured = page.getByRole("region", { name: "Cursos em destaque" });
  await expect(featured.getByRole("article").first()).toBeVisible();
  await expect(page.getByTestId("course-skeleton")).toHaveCount(0);
  await context.close();
});

test("the app starts after the page is painted, under the page policy: it keeps the HTML's cards and asks for no catalogue", async ({
  page,
}) => {
  const errors: string[] = [];
  page.on("console", (m) => m.type() === "error" && errors.push(m.text()));
  page.on("pageerror", (e) => errors.push(e.message));
  const catalogueRequests: string[] = [];
  page.on("request", (r) => r.url().includes("/api/courses/catalog") && catalogueRequests.push(r.url()));
  // The cards the parser adds (the HTML's, before any script runs) are marked; once the app runs the page,
  // the card on screen must still be one of them (adopted, not drawn again).
  await page.addInitScript(() => {
    const observer = new MutationObserver(() => {
      for (const card of document.querySelectorAll("article")) card.setAttribute("data-from-html", "");
    });
    observer.observe(document, { childList: true, subtree: true });
    document.addEventListener("DOMContentLoaded", () => observer.disconnect());
  });
  await page.goto("/cursos");
  await expect(page.getByRole("article").first()).toHaveAttribute("data-from-html", "");
  // The area filters are links: tapped at once, before or after the app runs, the area shows (decision 096).
  const marketing = page
    .getByRole("group", { name: "Filtrar por área" })
    .getByRole("link", { name: "Marketing", exact: true });
  await marketing.click();
  await expect(page).toHaveURL(/\/cursos\?area=Marketing$/);
  await expect(marketing).toHaveAttribute("aria-current", "true");
  const card = page.getByRole("article", { name: "Marketing Digital" });
  await expect(card).toBeVisible();
  await expect(card).toHaveAttribute("data-from-html", "");
  await expect(page.getByRole("article", { name: "Gestão de Projetos" })).toHaveCount(0);
  await page.getByRole("link", { name: "Todos", exact: true }).click();
  await expect(page).toHaveURL(/\/cursos$/);
  await checkAtBothWidths(page, SHOTS, "cursos");
  await page.goto("/");
  await expect(page.getByRole("region", { name: "Cursos em destaque" }).getByRole("article").first()).toBeVisible();
  await checkAtBothWidths(page, SHOTS, "home");
  expect(catalogueRequests).toEqual([]);
  expect(errors).toEqual([]);
});
