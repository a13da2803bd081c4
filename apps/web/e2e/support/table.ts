import { expect, type Locator, type Page } from "@playwright/test";

/** The one row of an admin table that matches `text`, found with the table's search. */
export async function rowOf(page: Page, text: string): Promise<Locator> {
  await page.getByLabel("Pesquisar", { exact: true }).fill(text);
  const row = page.getByRole("row", { name: new RegExp(text) });
  await expect(row).toHaveCount(1);
  return row;
}

/** Waits for dialogs and drawers to finish fading in (before a screenshot or an axe check). */
export async function settled(page: Page) {
  await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== "running"));
}
