import type { DrawerProps } from "@mantine/core";
import { lazy, Suspense, useState } from "react";

/**
 * Mantine's Drawer brings its ScrollArea (and with it Floating UI), the focus trap and the scroll lock:
 * ~25 KB gzip that a phone's menu needs only once it is opened. It is fetched at the first opening and
 * stays mounted afterwards, so it closes with its transition (decision 091).
 */
const Drawer = lazy(() => import("./drawer"));

export function LazyDrawer(props: DrawerProps) {
  const [wanted, setWanted] = useState(props.opened);
  if (props.opened && !wanted) setWanted(true);
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <Drawer {...props} />
    </Suspense>
  );
}
