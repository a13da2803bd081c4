/** The admin sidebar's collapsed state, kept in a cookie for 7 days (SPEC §9). */
export const SIDEBAR_COOKIE = "sidebar_state";
const SEVEN_DAYS = 60 * 60 * 24 * 7;

export function readSidebarCollapsed(cookie: string = document.cookie): boolean {
  return cookie.split(/;\s*/).some((c) => c === `${SIDEBAR_COOKIE}=collapsed`);
}

export function writeSidebarCollapsed(collapsed: boolean): void {
  // biome-ignore lint/suspicious/noDocumentCookie: a plain preference cookie; no Cookie Store API on older phones
  document.cookie = `${SIDEBAR_COOKIE}=${collapsed ? "collapsed" : "expanded"}; max-age=${SEVEN_DAYS}; path=/; samesite=lax`;
}
