import { type ComponentType, type LazyExoticComponent, lazy } from "react";
import { matchRoutes, type RouteObject } from "react-router";

/** A screen in a chunk of its own: rendered through React.lazy, fetched ahead of rendering by `preload`. */
export type LazyPage = LazyExoticComponent<ComponentType> & { preload: () => Promise<unknown> };

/** `load` imports a module whose `Component` export is the screen (every page and layout module has one). */
export function lazyPage(load: () => Promise<{ Component: ComponentType }>): LazyPage {
  let loading: Promise<{ default: ComponentType }> | undefined;
  const preload = () => {
    loading ??= load().then((m) => ({ default: m.Component }));
    return loading;
  };
  return Object.assign(lazy(preload), { preload });
}

/**
 * Starts fetching every lazy screen that `pathname` shows (layouts, guards and page) at once. Without it,
 * React.lazy would fetch a nested layout, render it, and only then find its page: one 3G round trip per level.
 * `basename`: where a descendant route table is mounted (the staff area's, at /admin).
 */
export function preloadMatches(routes: RouteObject[], pathname: string, basename?: string): void {
  for (const { route } of matchRoutes(routes, pathname, basename) ?? []) {
    const screen = route.Component as Partial<LazyPage> | null | undefined;
    // A failed download is shown by the error boundary when React.lazy meets the same promise.
    screen?.preload?.().catch(() => {});
  }
}
