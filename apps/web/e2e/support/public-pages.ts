import { expect, type Page } from "@playwright/test";

/**
 * Opens the home page and waits until the app runs it. The server sends / prerendered:
 * its text is there before the app's script has run, and until then a link is a plain link (a click
 * loads the next page from the server) and a button does nothing. The featured courses are drawn by the
 * app alone (the prerender has their place-holders), so once they show, the app has taken over the page.
 */
export async function openHomePage(page: Page) {
  await page.goto("/");
  await expect(page.getByRole("region", { name: "Cursos em destaque" }).getByRole("article").first()).toBeVisible();
}
