import { expect, type Locator, type Page } from "@playwright/test";

/**
 * The one row of an admin table that matches `text` (and `also`, further along the row: an enrolment
 * is named by its student and its course), found with the table's search — on a server-paged list
 * (decision 057) the search is what brings the row onto the page shown.
 */
export async function rowOf(page: Page, text: string, also?: string): Promise<Locator> {
  await page.getByLabel("Pesquisar", { exact: true }).fill(text);
  const row = page.getByRole("row", { name: new RegExp(also ? `${text}.*${also}` : text) });
  await expect(row).toHaveCount(1);
  return row;
}

/** The number a stat card shows (read once its list has loaded: a loading card shows none). */
export async function cardNumber(page: Page, name: string): Promise<number> {
  const value = page.getByRole("region", { name, exact: true }).getByText(/^\d+$/);
  return Number(await value.textContent());
}

/** Waits for dialogs and drawers to finish fading in (before a screenshot or an axe check). */
export async function settled(page: Page) {
  await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== "running"));
}

/** Elements in the page that scroll sideways (the page itself included; not a 1-pixel visually hidden caption). */
export function sidewaysScrollers(page: Page) {
  return page.evaluate(() =>
    [document.documentElement, ...document.querySelectorAll("main *")]
      .filter((e) => e.clientWidth > 1 && e.scrollWidth > e.clientWidth + 1)
      // The page scrolls sideways whatever its overflow style; an element only when it clips or scrolls.
      .filter((e) => e === document.documentElement || getComputedStyle(e).overflowX !== "visible")
      .map((e) => e.className || e.tagName),
  );
}
