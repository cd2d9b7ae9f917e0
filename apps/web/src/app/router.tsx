import { createBrowserRouter, matchRoutes, type HydrationState, type PatchRoutesOnNavigationFunction, type RouteObject } from 'react-router';
import { FullScreenLoader } from '../components/spinner';
import { GuestGuard, LoginGuard, RoleGuard } from './guards';
import { BuyerLayout } from './layouts/buyer-layout';
import { RootErrorPage } from './pages/root-error-page';
import { RootLayout } from './root-layout';
import { routeObjectsFrom } from './route-objects';
import { DASHBOARD_AREAS, SHOP_ROUTES } from './routes';

/**
 * The page and layout modules the shop's routes (routes.ts) can name, each a lazy import (its own
 * chunk), keyed `./<module>.tsx` under src/. Left out: the two this file imports above, which load with
 * the app, and the dashboards' modules (dashboard-router.tsx), by their names (`seller-…`, `admin-…`)
 * and the features only the dashboards have. If this leaves out a page the shop names, the router
 * fails at start (route-objects.ts), so the patterns can only err towards a larger first load, which
 * the bundle budget catches.
 */
const MODULES = import.meta.glob<Record<string, unknown>>(
  [
    './features/*/pages/*-page.tsx',
    './app/pages/*-page.tsx',
    './app/layouts/*-layout.tsx',
    '!**/*.test.tsx',
    '!./app/pages/root-error-page.tsx',
    '!./app/layouts/{buyer,seller,admin}-layout.tsx',
    '!./**/{seller,admin}-*-page.tsx',
    '!./features/{admin,analytics,help,payments,seller,shipping}/**',
    // Dashboard pages outside those folders and names, and parts of other pages (not routes themselves).
    '!./features/catalog/pages/*listing-inventory-page.tsx',
    '!./features/orders/pages/{refunded,rejected}-orders-page.tsx',
    '!./features/sandbox-connect/pages/sandbox-{dashboard,onboarding}-page.tsx',
    '!./app/pages/forbidden-page.tsx',
  ],
  { base: '../' },
);

const { pagesOf, withLayout } = routeObjectsFrom(MODULES, SHOP_ROUTES);

/** The route the dashboards' tables are patched into. */
const ROOT_ROUTE_ID = 'root';

/**
 * The shop's route table of docs/product/routes.md, with the guards of docs/product/roles.md, built
 * from the pages of routes.ts. The seller and admin dashboards join it on the first navigation into
 * them (`discoverDashboardRoutes`). Exported for tests, which mount it in a memory router.
 */
export const routes: RouteObject[] = [
  {
    id: ROOT_ROUTE_ID,
    path: '/',
    Component: RootLayout,
    // Loaded with the app, not lazily: it is what shows when a page's chunk fails to download.
    ErrorBoundary: RootErrorPage,
    HydrateFallback: () => <FullScreenLoader />,
    children: [
      withLayout('public', [...pagesOf('public'), { Component: GuestGuard, children: pagesOf('guest') }]),
      // The shop's header around the public catalogue and, behind login, the buyer pages: one layout,
      // so moving between them keeps the header (and the cart it loaded).
      {
        Component: BuyerLayout,
        children: [
          { element: <LoginGuard allowsGuests />, children: pagesOf('catalogue') },
          { Component: LoginGuard, children: [{ element: <RoleGuard area="buyer" />, children: pagesOf('buyer') }] },
        ],
      },
      // The phone holds only an upload token, no login.
      withLayout('upload', pagesOf('upload')),
      ...pagesOf('bare'),
    ],
  },
];

/**
 * The router's `patchRoutesOnNavigation`: a navigation to /seller… or /admin… first downloads that
 * dashboard's routes (dashboard-router.tsx) and adds them under the root, then matches again; until
 * then such a path would meet the shop's catch-all. Paths match case-insensitively, like the routes.
 * A failed download shows the root error page, as a page's chunk does.
 */
export const discoverDashboardRoutes: PatchRoutesOnNavigationFunction = async ({ path, matches, patch }) => {
  const lowerCasePath = path.toLowerCase();
  const area = DASHBOARD_AREAS.find((candidate) => lowerCasePath === `/${candidate}` || lowerCasePath.startsWith(`/${candidate}/`));
  if (!area || matches.some((match) => match.route.id === area)) return;
  const { dashboardRoute } = await import('./dashboard-router');
  patch(ROOT_ROUTE_ID, [dashboardRoute(area)]);
};

/**
 * The browser's router. With `hydrationData` (a page the server rendered, main.tsx) the page's lazy modules are
 * loaded first, into its routes: the router then starts initialized, as the server's page is, and keeps the
 * visitor's scroll. (Started with lazy routes, its first step is a navigation that resets the scroll: a guest
 * who had scrolled before the app started was sent back to the top, and a click begun there landed elsewhere.)
 */
export async function createAppRouter(hydrationData?: HydrationState) {
  if (hydrationData) {
    const matches = matchRoutes(routes, window.location) ?? [];
    await Promise.all(
      matches.map(async ({ route }) => {
        if (typeof route.lazy !== 'function') return;
        Object.assign(route, await route.lazy(), { lazy: undefined });
      }),
    );
  }
  return createBrowserRouter(routes, { patchRoutesOnNavigation: discoverDashboardRoutes, hydrationData });
}
