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
  // The area filter works only once the app runs: the page is the app's now.
  const marketing = page.getByRole("button", { name: "Marketing", exact: true });
  // A tap before the app has adopted the button does nothing (decision 096's "Left"): wait until React has
  // hydrated it (its props are on the element), as a user would see the tap work on their second try.
  await expect
    .poll(() => marketing.evaluate((el) => Object.keys(el).some((k) => k.startsWith("__reactProps"))), {
      timeout: 20_000,
    })
    .toBe(true);
  await marketing.click();
  await expect(marketing).toHaveAttribute("aria-pressed", "true");
  const card = page.getByRole("article", { name: "Marketing Digital" });
  await expect(card).toBeVisible();
  await expect(card).toHaveAttribute("data-from-html", "");
  await page.getByRole("button", { name: "Todos", exact: true }).click();
  await checkAtBothWidths(page, SHOTS, "cursos");
  await page.goto("/");
  await expect(page.getByRole("region", { name: "Cursos em destaque" }).getByRole("article").first()).toBeVisible();
  await checkAtBothWidths(page, SHOTS, "home");
  expect(catalogueRequests).toEqual([]);
  expect(errors).toEqual([]);
});
