/**
 * Where keyboard focus goes when a dialog closes (WCAG 2.4.3, decision 087): back to the control that
 * opened it, or — when that control is gone (its row left the list, its action changed after the change
 * the dialog made) — to the nearest equivalent, found again through the data attributes the shared
 * table puts on its rows and actions:
 *
 * 1. the opener itself, while it is on the page and usable;
 * 2. the same row's same action (`data-row-action`, else the button's text), else that row's first action;
 * 3. when the row left the list: the row now in its place (the next one; the last when it was the last),
 *    its same action, else its first action;
 * 4. when the opener sat in a dialog still open: that dialog; in a dialog now closed: where that one returns;
 * 5. the page's heading (its `h1`).
 *
 * The list may change after the dialog closed (a mutation's refetch lands later): until the user moves
 * focus, clicks, opens another dialog or leaves the page, focus that is lost because its element left the
 * page is returned by the same rule.
 */

/** Attributes the shared table and row actions put on the page (data-table.tsx, row-actions.tsx). */
export const ROW_LIST = "data-row-list";
export const ROW_KEY = "data-row-key";
export const ROW_ACTION = "data-row-action";
/** On each open dialog's root (modal.tsx): which dialog an opener sat in. */
export const DIALOG_ID = "data-focus-dialog";

const CONTROLS = 'button, a[href], input, select, textarea, [tabindex]:not([tabindex="-1"])';

interface FocusOrigin {
  element: HTMLElement;
  /** What the opener does, to find the same action in a re-rendered or neighbouring row. */
  action: string;
  /** The row it sat in: its list (the table's caption), its key and its place then. */
  row: { list: string; key: string; index: number } | null;
  /** The dialog it sat in (its `DIALOG_ID`), and where that dialog returns focus. */
  dialog: string | null;
  parent: FocusOrigin | null;
  path: string;
}

/** The dialogs open now, by id, with where each returns focus. */
const openDialogs = new Map<string, FocusOrigin | null>();

/** Called when a dialog opens: remembers what had focus (the control that opened it). */
export function dialogOpened(id: string): void {
  stopKeeping();
  openDialogs.set(id, originOf(document.activeElement));
}

/** Called when a dialog closes or unmounts open: returns focus by the rule above, and keeps it there. */
export function dialogClosed(id: string): void {
  const origin = openDialogs.get(id);
  if (!openDialogs.delete(id) || !origin) return;
  const target = returnTarget(origin);
  if (!target) return;
  target.focus();
  keep(origin, target);
}

function originOf(active: Element | null): FocusOrigin | null {
  if (!(active instanceof HTMLElement) || active === document.body) return null;
  const rowElement = active.closest(`[${ROW_KEY}]`);
  const list = rowElement?.closest(`[${ROW_LIST}]`);
  const dialog = active.closest(`[${DIALOG_ID}]`)?.getAttribute(DIALOG_ID) ?? null;
  return {
    element: active,
    action: actionOf(active),
    row:
      rowElement && list
        ? {
            list: list.getAttribute(ROW_LIST)!,
            key: rowElement.getAttribute(ROW_KEY)!,
            index: rowsOf(list).indexOf(rowElement),
          }
        : null,
    dialog,
    parent: dialog ? (openDialogs.get(dialog) ?? null) : null,
    path: location.pathname,
  };
}

/** Where focus goes for `origin` now (see the rule at the top), or null when nowhere fits. */
function returnTarget(origin: FocusOrigin): HTMLElement | null {
  if (usable(origin.element)) return origin.element;
  const inRow = origin.row && rowTarget(origin, origin.row);
  if (inRow) return inRow;
  if (origin.dialog && openDialogs.has(origin.dialog)) {
    const dialog = document.querySelector(`[${DIALOG_ID}="${CSS.escape(origin.dialog)}"] [role="dialog"]`);
    if (dialog instanceof HTMLElement) return dialog;
  }
  if (origin.parent) return returnTarget(origin.parent);
  return heading();
}

function rowTarget(origin: FocusOrigin, { list, key, index }: NonNullable<FocusOrigin["row"]>): HTMLElement | null {
  const listElement = document.querySelector(`[${ROW_LIST}="${CSS.escape(list)}"]`);
  if (!listElement) return null;
  const rows = rowsOf(listElement);
  const row = rows.find((r) => r.getAttribute(ROW_KEY) === key) ?? rows[Math.min(index, rows.length - 1)];
  if (!row) return null;
  const controls = Array.from(row.querySelectorAll<HTMLElement>(CONTROLS)).filter(usable);
  return (
    controls.find((c) => actionOf(c) === origin.action) ??
    controls.find((c) => c.hasAttribute(ROW_ACTION)) ??
    controls[0] ??
    null
  );
}

function rowsOf(list: Element): Element[] {
  return Array.from(list.querySelectorAll(`[${ROW_KEY}]`));
}

function actionOf(element: Element): string {
  return element.getAttribute(ROW_ACTION) ?? (element.textContent?.trim() || element.getAttribute("aria-label") || "");
}

/** On the page, enabled, not hidden, and not inside a dialog that has closed (one fading out). */
function usable(element: HTMLElement): boolean {
  if (!element.isConnected || element.matches(":disabled") || element.closest('[inert], [aria-hidden="true"]')) {
    return false;
  }
  const dialog = element.closest(`[${DIALOG_ID}]`)?.getAttribute(DIALOG_ID);
  if (dialog && !openDialogs.has(dialog)) return false;
  return typeof element.checkVisibility !== "function" || element.checkVisibility();
}

/** The page's heading, made focusable from script only (it is no stop for the Tab key). */
function heading(): HTMLElement | null {
  const h1 = document.querySelector<HTMLElement>("main h1") ?? document.querySelector<HTMLElement>("h1");
  if (h1 && !h1.hasAttribute("tabindex")) h1.setAttribute("tabindex", "-1");
  return h1;
}

let stopKeeping = () => {};

/**
 * After focus returned to `target`: when the page changes under it (a refetch removes its row) and focus
 * is left nowhere, return it again. Stops once the user moves focus or clicks, another dialog opens, or
 * the page changes route.
 */
function keep(origin: FocusOrigin, first: HTMLElement) {
  stopKeeping();
  let target = first;
  const stop = () => {
    observer.disconnect();
    document.removeEventListener("focusin", onFocus, true);
    document.removeEventListener("pointerdown", stop, true);
    stopKeeping = () => {};
  };
  const onFocus = (event: FocusEvent) => {
    if (event.target !== target) stop();
  };
  const observer = new MutationObserver(() => {
    const active = document.activeElement;
    if (active === target) return;
    if ((active && active !== document.body) || location.pathname !== origin.path) return stop();
    const next = usable(target) ? target : returnTarget(origin);
    if (!next) return stop();
    target = next;
    next.focus();
  });
  observer.observe(document.body, { childList: true, subtree: true });
  document.addEventListener("focusin", onFocus, true);
  document.addEventListener("pointerdown", stop, true);
  stopKeeping = stop;
}
