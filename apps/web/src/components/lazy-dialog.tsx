import { type ComponentType, lazy, type ReactNode, Suspense, useState } from "react";

/**
 * A dialog whose code a screen needs only once it is opened (its forms and their schemas, with the
 * validation library: decision 100). `load` gives the dialog component; render it inside `OpenedOnce`.
 */
export const lazyDialog = <P,>(load: () => Promise<ComponentType<P>>) =>
  lazy(() => load().then((Component) => ({ default: Component })));

/**
 * Renders `children` (a lazy dialog) from its first opening on, so its code is fetched then, and it stays
 * mounted afterwards to close with its transition, as LazyDrawer does (decision 091).
 */
export function OpenedOnce({ opened, children }: { opened: boolean; children: ReactNode }) {
  const [wanted, setWanted] = useState(opened);
  if (opened && !wanted) setWanted(true);
  return wanted ? <Suspense fallback={null}>{children}</Suspense> : null;
}
