import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
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
  const { violations } = await new AxeBuilder({ page }).withTags(WCAG_TAGS).analyze();
  return violations.flatMap((v) =>
    v.nodes.map((n) => `${v.id} (${v.impact}) ${n.target.join(" ")}: ${v.help}\n    ${n.failureSummary}`),
  );
}
