import { SCREEN_FRAME_ID } from "@app/shared/screen-frame";
import { createContext, useContext, useLayoutEffect } from "react";

/*
 * A signed-in screen's HTML comes with its frame (decisions 095, 102): the area's layout and the page, drawn
 * at build time before their data (or by the server with the user's data), in an inert element beside
 * #root. The phone paints the screen's heading and text from HTML and CSS alone (its largest paint),
 * instead of after ~200 KB of JavaScript have run. React renders into #root meanwhile; the frame stays on
 * screen while React has only placeholders to show, and goes in the same commit as the last of them:
 * nothing blinks.
 */

/** True while rendering the frame at build time: the layouts draw the page without a session. */
export const ScreenFrameRender = createContext(false);
export const useRenderingScreenFrame = () => useContext(ScreenFrameRender);

const frame = () => (typeof document === "undefined" ? null : document.getElementById(SCREEN_FRAME_ID));

/** Placeholders ("Carregando...", a screen whose code is coming) on screen now: the frame goes once none is left. */
let placeholders = 0;

/** Takes the frame away once React has run every layout effect of the commit, if no placeholder holds it. */
const releaseIfUnheld = () =>
  queueMicrotask(() => {
    if (placeholders === 0) frame()?.remove();
  });

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
      releaseIfUnheld();
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
  useLayoutEffect(releaseIfUnheld, []);
}
