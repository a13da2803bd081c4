import { createContext, useContext, useLayoutEffect } from "react";

/**
 * A signed-in screen's HTML comes with its frame drawn at build time (prerender.mjs, decision 095): the
 * area's layout and the page as they look before their data, in an inert element beside #root. The phone
 * paints the screen's heading and text from HTML and CSS alone (its largest paint), instead of after
 * ~250 KB of JavaScript have run. React renders into #root meanwhile; the frame stays on screen while
 * React has only "Carregando..." to show, and goes in the same commit as that placeholder: nothing blinks.
 */
export const SCREEN_FRAME_ID = "screen-frame";

/** True while rendering the frame at build time: the layouts draw the page without a session. */
export const ScreenFrameRender = createContext(false);
export const useRenderingScreenFrame = () => useContext(ScreenFrameRender);

const frame = () => (typeof document === "undefined" ? null : document.getElementById(SCREEN_FRAME_ID));

/** Placeholders ("Carregando...") on screen now: the frame goes once none is left. */
let placeholders = 0;

/** Whether a placeholder should draw nothing, the frame standing in for it. */
export function frameStandsIn(): boolean {
  return frame() !== null;
}

/**
 * Called by the placeholder: while it is mounted the frame stays. When it goes, the frame goes too,
 * unless another placeholder came in the same commit (checked once React has run every layout effect of
 * the commit, before the browser paints).
 */
export function useHoldScreenFrame(): void {
  useLayoutEffect(() => {
    placeholders++;
    return () => {
      placeholders--;
      queueMicrotask(() => {
        if (placeholders === 0) frame()?.remove();
      });
    };
  }, []);
}

/** What a signed-in screen shows while its code is still coming: nothing, holding the frame. */
export function ScreenFrameHold(): null {
  useHoldScreenFrame();
  return null;
}

/**
 * The frame goes after the first commit that holds it by no placeholder: a screen drawn with its data
 * (decision 102) comes with its session and its first queries, so its first render may need none.
 */
export function useReleaseUnheldScreenFrame(): void {
  useLayoutEffect(() => {
    queueMicrotask(() => {
      if (placeholders === 0) frame()?.remove();
    });
  }, []);
}
