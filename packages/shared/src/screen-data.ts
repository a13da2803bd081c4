/**
 * The id of the <script type="application/json"> with the data a signed-in screen was drawn with on the
 * server (decision 102): the session and the page's first queries, as `[queryKey, data]` pairs. The app
 * starts its query cache from it, so its first render is the screen already on screen.
 */
export const SCREEN_DATA_ID = "screen-data";
