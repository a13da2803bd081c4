import { expect, type Page } from "@playwright/test";

/**
 * Waits until the app runs the public page open in `page`. The server renders / and /cursos with their
 * courses (decision 096): the whole page is there before the app's script has run. Until then a button
 * does nothing, and a tap that landed while React was adopting the page was seen lost in CI runs (a link
 * too; why is not settled, decision 096 "Left"). Once React has adopted the header (its props are on its
 * first link, there at every width), the app has taken over the page.
 */
export async function appRuns(page: Page) {
  const link = page.getByRole("banner").getByRole("link").first();
  await expect
    .poll(() => link.evaluate((el) => Object.keys(el).some((k) => k.startsWith("__reactProps"))), { timeout: 20_000 })
    .toBe(true);
}

/** Opens the home page and waits until the app runs it. */
export async function openHomePage(page: Page) {
  await page.goto("/");
  await appRuns(page);
}
