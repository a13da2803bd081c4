import AxeBuilder from "@axe-core/playwright";
import { expect, type Page } from "@playwright/test";
import { settled } from "./table";

/** A phone (the SPEC's users are mostly on one) and a laptop. */
export const VIEWPORTS = [
  { width: 390, height: 844 },
  { width: 1280, height: 800 },
];
const WCAG_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"];

/** Runs axe on the page and returns its WCAG A/AA violations, one readable line per element. */
export async function violations(page: Page): Promise<string[]> {
  // Dialogs and drawers fade in: axe would measure contrast against a half-transparent layer.
  await settled(page);
  return violationsNow(page);
}

/** The same at once, on a page that keeps animating (a button's loader while a request waits). */
export async function violationsNow(page: Page): Promise<string[]> {
  const { violations } = await new AxeBuilder({ page }).withTags(WCAG_TAGS).analyze();
  return violations.flatMap((v) =>
    v.nodes.map((n) => `${v.id} (${v.impact}) ${n.target.join(" ")}: ${v.help}\n    ${n.failureSummary}`),
  );
}

/**
 * At a phone's and then a laptop's width: a full-page screenshot `{dir}/{name}-{width}.png` to look at, axe's
 * WCAG A/AA checks (soft, so one run lists every problem), then `atWidth`'s own checks. Ends at 1280 px.
 */
export async function checkAtBothWidths(
  page: Page,
  dir: string,
  name: string,
  atWidth: (width: number) => Promise<void> = async () => {},
) {
  for (const viewport of VIEWPORTS) {
    await page.setViewportSize(viewport);
    await settled(page);
    await page.screenshot({ path: `${dir}/${name}-${viewport.width}.png`, fullPage: true });
    const found = await violations(page);
    expect.soft(found, `${name} at ${viewport.width}px:\n${found.join("\n")}`).toEqual([]);
    await atWidth(viewport.width);
  }
}
