import type { ComponentType } from 'react';
import type { RouteObject } from 'react-router';
import { LAZY_LAYOUTS, type ModuleExport, type PageRoute, type RouteArea } from './routes';

/** Lazy imports of page and layout modules (`import.meta.glob` with `base: '../'`), keyed `./<module>.tsx` under src/. */
export type PageModules = Record<string, () => Promise<Record<string, unknown>>>;

/**
 * Turns the manifest's pages into react-router route objects, each page and layout a lazy import
 * from `modules` (its errors are terse: they are a developer's, and every byte here is in the first load). Shared by the shop's route table (`router.tsx`) and the dashboards' (`dashboard-router.tsx`).
 */
export function routeObjectsFrom(modules: PageModules, pages: readonly PageRoute[]) {
  /** A route's `lazy`: the module downloads the first time the route is visited. */
  function lazyComponent({ module, component }: ModuleExport): RouteObject['lazy'] {
    const load = modules[`./${module}.tsx`];
    if (!load) throw new Error(`routes.ts: no module ${module}`);
    return async () => {
      const Component = (await load())[component];
      if (typeof Component !== 'function') throw new Error(`${module}: no ${component}`);
      return { Component: Component as ComponentType };
    };
  }

  /** The pages of one area, their paths relative to `prefix` (`/*` stays the catch-all `*`, `/` the index). */
  function pagesOf(area: RouteArea, prefix = '/'): RouteObject[] {
    return pages
      .filter((page) => page.area === area)
      .map((page) => {
        if (!page.path.startsWith(prefix)) throw new Error(`routes.ts: ${page.path} not under ${prefix}`);
        const path = page.path.slice(prefix.length);
        return path === '' ? { index: true, lazy: lazyComponent(page) } : { path, lazy: lazyComponent(page) };
      });
  }

  /** The area's lazy layout (routes.ts LAZY_LAYOUTS) around its pages, downloaded in parallel with the first of them. */
  function withLayout(area: RouteArea, children: RouteObject[]): RouteObject {
    const layout = LAZY_LAYOUTS[area];
    if (!layout) throw new Error(`routes.ts: no layout for ${area}`);
    return { lazy: lazyComponent(layout), children };
  }

  return { pagesOf, withLayout };
}
