import { TWO_FACTOR_SETUP_REQUIRED } from "@app/shared/messages";
import { SESSION_EXPIRED } from "@app/shared/request-messages";
import { SCREEN_DATA_ID } from "@app/shared/screen-data";
import { MutationCache, QueryCache, QueryClient } from "@tanstack/react-query";
import { ApiError } from "./api";
import { ENDED_SESSION, sessionQuery } from "./session";

/**
 * A guarded call answered 'not signed in' mid-screen (the session sat idle too long, or was ended
 * elsewhere): the cached session becomes 'ended', so the guards send the user to the login, which says why.
 */
function onSessionEnded(error: unknown) {
  if (error instanceof ApiError && error.status === 401 && error.code === SESSION_EXPIRED.code) {
    queryClient.setQueryData(sessionQuery.queryKey, ENDED_SESSION);
  }
  // The user's role came to require two-factor sign-in meanwhile (decision 076): the session read again
  // carries it, and the admin layout takes them to the set-up.
  if (error instanceof ApiError && error.status === 403 && error.code === TWO_FACTOR_SETUP_REQUIRED.code) {
    void queryClient.invalidateQueries({ queryKey: sessionQuery.queryKey });
  }
}

export const queryClient = new QueryClient({
  queryCache: new QueryCache({ onError: onSessionEnded }),
  mutationCache: new MutationCache({ onError: onSessionEnded }),
  defaultOptions: {
    queries: {
      staleTime: 30_000,
      refetchOnWindowFocus: false,
      // 4xx answers will not change by retrying; network hiccups on 3G may.
      retry: (count, error) => !(error instanceof ApiError && error.status < 500) && count < 2,
    },
  },
});

/**
 * A screen drawn on the server with its data (decision 102) carries that data: the session and the page's
 * first queries start from it, so the first render is the screen already painted, without waiting for
 * them. Read once, then taken out of the page.
 */
function startFromScreenData() {
  const element = typeof document === "undefined" ? null : document.getElementById(SCREEN_DATA_ID);
  if (!element) return;
  element.remove();
  try {
    for (const [key, data] of JSON.parse(element.textContent ?? "[]") as [unknown[], unknown][])
      queryClient.setQueryData(key, data);
  } catch {
    // Unreadable: the screen asks the server, as without it.
  }
}
startFromScreenData();
