import { useState } from "react";

/**
 * Which row a view or edit dialog shows (`id`, null for a new one) and whether it is open. The page
 * renders the dialog with `key`, which changes at every opening, so each opening mounts a fresh form
 * whose initial values come from the row: no effect resets the form. The dialog reads the row itself
 * from the current query data by `id`, so a refetch never leaves it showing old values. The id is kept
 * while the dialog closes, so its content does not change as it fades out.
 */
export function useRowDialog() {
  const [state, setState] = useState({ id: null as string | null, opened: false, openings: 0 });
  return {
    id: state.id,
    opened: state.opened,
    key: `${state.id ?? "new"}-${state.openings}`,
    open: (id: string | null) => setState((s) => ({ id, opened: true, openings: s.openings + 1 })),
    close: () => setState((s) => ({ ...s, opened: false })),
  };
}
