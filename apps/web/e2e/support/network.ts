import type { Page } from "@playwright/test";

/**
 * Holds every request of `page` matching `url` until `release()`: a screen's waiting state (a loading
 * screen, place-holders) then stays on screen until the test has seen it, however fast or slow the machine.
 */
export async function holdRequests(page: Page, url: string | RegExp): Promise<{ release: () => void }> {
  let release!: () => void;
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(url, async (route) => {
    await released;
    await route.continue();
  });
  return { release };
}
