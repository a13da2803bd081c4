import { expect, type Page } from "@playwright/test";

/**
 * Opens the home page and waits until the app runs it. The server renders / with its courses (decision
 * 096): the whole page is there before the app's script has run, and until then a link is a plain link
 * (a click loads the next page from the server) and a button does nothing. Once React has adopted the
 * header (its props are on its first link), the app has taken over the page.
 */
export async function openHomePage(page: Page) {
  await page.goto("/");
  // The header's first link ('Instituto'): there at every width (the menu's links are not, on a phone).
  const link = page.getByRole("banner").getByRole("link").first();
  await expect
    .poll(() => link.evaluate((el) => Object.keys(el).some((k) => k.startsWith("__reactProps"))), { timeout: 20_000 })
    .toBe(true);
}
