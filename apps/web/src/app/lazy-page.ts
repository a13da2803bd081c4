import { type ComponentType, createElement, type LazyExoticComponent, lazy } from "react";
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
 * A lazy page that renders at once, without React.lazy's suspension, when its chunk is already loaded:
 * the server bundle awaits `preload` before rendering it (renderToString cannot wait for a chunk), so its
 * HTML holds the page, not a fallback. In the browser it behaves as `lazyPage`; while the chunk is still
 * downloading, React keeps the server's HTML of it on screen (hydration waits at the Suspense boundary).
 */
export function renderablePage(load: () => Promise<{ Component: ComponentType }>) {
  let loaded: ComponentType | undefined;
  const page = lazyPage(() =>
    load().then((m) => {
      loaded = m.Component;
      return m;
    }),
  );
  // The type changes once, from React.lazy to the module's page, when the chunk arrives: the lazy one had
  // drawn nothing yet, so no state is lost.
  const renderable = () => createElement(loaded ?? page);
  return Object.assign(renderable, { preload: page.preload });
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
