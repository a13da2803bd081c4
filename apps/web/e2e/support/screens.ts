import path from "node:path";
import type { Page } from "@playwright/test";
import { VIEWPORTS } from "./axe";

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
