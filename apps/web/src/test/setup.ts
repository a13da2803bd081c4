import { notifications } from "@mantine/notifications";
import { cleanup } from "@testing-library/react";
import { afterEach, vi } from "vitest";
import { forgetCatalog } from "../features/courses/api/catalog";

// What Mantine needs under jsdom (ARCHITECTURE.md). The tests' "device" asks for reduced motion: a
// modal closing at the end of a file would otherwise unlock the page scroll from a 200 ms timer that
// fires after jsdom is gone ('window is not defined', an unhandled error that fails the run).
Object.defineProperty(window, "matchMedia", {
  writable: true,
  value: (query: string) => ({
    matches: query.trim() === "" || query.includes("prefers-reduced-motion: reduce"),
    media: query,
    onchange: null,
    addListener: () => {},
    removeListener: () => {},
    addEventListener: () => {},
    removeEventListener: () => {},
    dispatchEvent: () => false,
  }),
});
class ResizeObserverStub {
  observe() {}
  unobserve() {}
  disconnect() {}
}
window.ResizeObserver = ResizeObserverStub as unknown as typeof ResizeObserver;
window.HTMLElement.prototype.scrollIntoView = () => {};
// jsdom has no FontFaceSet; Mantine's autosize Textarea listens on it.
if (!document.fonts) {
  Object.defineProperty(document, "fonts", { value: new EventTarget() });
}

afterEach(() => {
  cleanup();
  // Mantine keeps notifications in a module-level store: without this a toast shown by one test
  // would still be there for the next one's <Notifications />.
  notifications.clean();
  // The test files share one jsdom per worker (vitest.config.ts: isolate false): what one file leaves
  // in the page's storage, cookies or the catalogue's in-memory copy must not reach the next.
  forgetCatalog();
  vi.useRealTimers();
  localStorage.clear();
  sessionStorage.clear();
  for (const cookie of document.cookie.split(";")) {
    const name = cookie.split("=")[0]!.trim();
    // biome-ignore lint/suspicious/noDocumentCookie: jsdom has no Cookie Store API
    if (name) document.cookie = `${name}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`;
  }
});
