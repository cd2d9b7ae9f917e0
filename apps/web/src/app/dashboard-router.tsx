import { Navigate, type RouteObject } from 'react-router';
import { DASHBOARD_ROUTES } from './dashboard-routes';
import { LoginGuard } from './guards';
import { routeObjectsFrom } from './route-objects';
import type { DashboardArea } from './routes';

/**
 * The dashboards' route tables, downloaded on the first navigation into /seller or /admin (router.tsx),
 * so the shop's first load carries neither their routes nor the imports of their pages. The page
 * modules they can name, each a lazy import: every page (a dashboard may share one with the shop).
 */
const MODULES = import.meta.glob<Record<string, unknown>>(
  ['./features/*/pages/*-page.tsx', './app/pages/*-page.tsx', './app/layouts/{seller,admin}-layout.tsx', '!**/*.test.tsx', '!./app/pages/root-error-page.tsx'],
  { base: '../' },
);

const { pagesOf, withLayout } = routeObjectsFrom(MODULES, DASHBOARD_ROUTES);

/** One dashboard under its path segment, with the guards of docs/product/roles.md. */
export function dashboardRoute(area: DashboardArea): RouteObject {
  return {
    id: area,
    path: area,
    children: [
      // The area's index sends to /login (the guest guard then sends a signed-in person home).
      { index: true, element: <Navigate to="/login" replace /> },
      { Component: LoginGuard, children: [withLayout(area, pagesOf(area, `/${area}/`))] },
    ],
  };
}
