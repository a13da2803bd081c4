import { authEndpoints } from "@app/shared/contract/auth";
import { useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { api } from "../../lib/api";
import { ENDED_SESSION, sessionQuery } from "../../lib/session";

/** At most this often, activity on the page tells the server the session is still in use. */
export const KEEP_ALIVE_EVERY_MS = 5 * 60_000;
const ACTIVITY_EVENTS = ["pointerdown", "keydown", "input", "change"] as const;
/** Shared by nested guards (a role route inside the admin layout), so one ping goes out, not one per guard. */
let lastPing = Date.now();

/**
 * The server ends a session after a time without requests (decision 013: 60 min for students). Someone
 * typing a long form makes no requests, so while the user is active we say so now and then; if the
 * session has ended meanwhile, the guards send them to the login with the reason.
 */
export function useKeepSessionAlive(signedIn: boolean) {
  const client = useQueryClient();
  useEffect(() => {
    if (!signedIn) return;
    lastPing = Date.now(); // the page just loaded its data
    const onActivity = () => {
      if (Date.now() - lastPing < KEEP_ALIVE_EVERY_MS) return;
      lastPing = Date.now();
      api(authEndpoints.session).then(
        (session) => client.setQueryData(sessionQuery.queryKey, session.user ? session : ENDED_SESSION),
        () => undefined, // offline for a moment: the next activity tries again
      );
    };
    for (const type of ACTIVITY_EVENTS) document.addEventListener(type, onActivity, { capture: true, passive: true });
    return () => {
      for (const type of ACTIVITY_EVENTS) document.removeEventListener(type, onActivity, { capture: true });
    };
  }, [client, signedIn]);
}
