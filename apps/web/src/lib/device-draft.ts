import { useState } from "react";

/**
 * A long form's typed text kept on this device until it is sent (decision 028): a reload, a closed tab or
 * a session that ended while the student typed loses nothing. Only text fields (never files), under the
 * signed-in user's id, so two students on one shared phone never see each other's draft; 'Sair' drops the
 * user's drafts, a successful send drops that form's, and a draft older than a week is ignored and dropped.
 */
const PREFIX = "rascunho";
const MAX_AGE_MS = 7 * 24 * 60 * 60 * 1000;

const keyOf = (userId: string, form: string) => `${PREFIX}:${userId}:${form}`;

/** localStorage, or nothing where the browser refuses it (storage disabled, a private window that is full). */
function storage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

/** The saved text fields of `form` that `fields` names (strings only: nothing else can come back). */
function readDraft<T extends { [K in keyof T]: string }>(userId: string, form: string, fields: T): Partial<T> {
  const store = storage();
  const raw = store?.getItem(keyOf(userId, form));
  if (!raw) return {};
  try {
    const { savedAt, values } = JSON.parse(raw) as { savedAt?: unknown; values?: Record<string, unknown> };
    if (typeof savedAt !== "number" || Date.now() - savedAt > MAX_AGE_MS || !values) throw new Error("stale");
    return Object.fromEntries(
      Object.keys(fields)
        .filter((k) => typeof values[k] === "string")
        .map((k) => [k, values[k]]),
    ) as Partial<T>;
  } catch {
    store?.removeItem(keyOf(userId, form));
    return {};
  }
}

/** Drops every draft of the user on this device (on 'Sair'). */
export function clearDrafts(userId: string) {
  const store = storage();
  if (!store) return;
  const mine = `${PREFIX}:${userId}:`;
  for (const key of Object.keys(store)) if (key.startsWith(mine)) store.removeItem(key);
}

/**
 * The draft of `form` for `userId`: `saved` (read once, for the form's initial values), `save` on each
 * change, `clear` once the form was sent. Without a user nothing is read or kept.
 */
export function useDeviceDraft<T extends { [K in keyof T]: string }>(
  userId: string | undefined,
  form: string,
  fields: T,
) {
  const [saved] = useState<Partial<T>>(() => (userId ? readDraft(userId, form, fields) : {}));
  return {
    saved,
    save(values: T) {
      if (!userId) return;
      try {
        storage()?.setItem(keyOf(userId, form), JSON.stringify({ savedAt: Date.now(), values }));
      } catch {
        // Storage full or refused: the form still works, only the draft is not kept.
      }
    },
    clear() {
      if (userId) storage()?.removeItem(keyOf(userId, form));
    },
  };
}
