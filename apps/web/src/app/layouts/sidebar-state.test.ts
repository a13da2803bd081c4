import { afterEach, describe, expect, it } from "vitest";
import { readSidebarCollapsed, SIDEBAR_COOKIE, writeSidebarCollapsed } from "./sidebar-state";

describe("sidebar state cookie", () => {
  afterEach(() => {
    // biome-ignore lint/suspicious/noDocumentCookie: test cleanup
    document.cookie = `${SIDEBAR_COOKIE}=; max-age=0; path=/`;
  });
  it("starts expanded and remembers a collapse", () => {
    expect(readSidebarCollapsed()).toBe(false);
    writeSidebarCollapsed(true);
    expect(readSidebarCollapsed()).toBe(true);
    writeSidebarCollapsed(false);
    expect(readSidebarCollapsed()).toBe(false);
  });
  it("reads the cookie among others", () => {
    expect(readSidebarCollapsed("a=1; sidebar_state=collapsed; b=2")).toBe(true);
  });
});
