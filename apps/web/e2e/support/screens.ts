import path from "node:path";
import { expect, type Page } from "@playwright/test";
import { VIEWPORTS, violations } from "./axe";

/**
 * Full-page screenshots of the page at a phone's and a laptop's width, to look at: e2e/.artifacts/screens/
 * `{name}-{width}.png` (ignored by git), whichever folder the suite is started from. The page is left at 1280 px.
 */
export async function screenshotsAtBothWidths(page: Page, name: string) {
  for (const viewport of VIEWPORTS) {
    await page.setViewportSize(viewport);
    await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== "running"));
    const file = path.join(import.meta.dirname, "../.artifacts/screens", `${name}-${viewport.width}.png`);
    await page.screenshot({ path: file, fullPage: true });
  }
}

/**
 * A screen checked at both widths: `ready` waits for what the test looks at, axe finds no WCAG A/AA
 * violation (a soft failure naming the width), and a full-page screenshot `{name}-{width}.png` goes to
 * e2e/.artifacts/screens/. The page's own width is restored afterwards.
 */
export async function lookAt(page: Page, name: string, ready: () => Promise<void>) {
  const before = page.viewportSize();
  for (const viewport of VIEWPORTS) {
    await page.setViewportSize(viewport);
    await ready();
    const found = await violations(page);
    expect.soft(found, `${name} at ${viewport.width}px:\n${found.join("\n")}`).toEqual([]);
    const file = path.join(import.meta.dirname, "../.artifacts/screens", `${name}-${viewport.width}.png`);
    await page.screenshot({ path: file, fullPage: true });
  }
  if (before) await page.setViewportSize(before);
}
