/**
 * A signed-in screen's frame (decisions 095, 102): the element beside #root holding the screen drawn before
 * the app runs. The web build writes it (apps/web/prerender.mjs), the server draws into it
 * (apps/server/src/http/screen-pages.ts) and the app takes it away (apps/web/src/lib/screen-frame.ts).
 */
export const SCREEN_FRAME_ID = "screen-frame";

/** Its opening tag, as the build writes it and the server finds it: inert, hidden from screen readers. */
export const SCREEN_FRAME_OPENING = `<div id="${SCREEN_FRAME_ID}" inert aria-hidden="true">`;
