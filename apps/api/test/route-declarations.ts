import type { RouteOptions } from 'fastify';
import { declarationOf, requestLimitOf, routeKey, type RouteAccess } from '../src/plugins/route-access';
import { isUnlimited, perMinute, type RateLimitRule } from '../src/security/rate-limits';

/**
 * The app's routes as they declare themselves (`config.access`, `config.requestLimit`, plugins/route-access.ts),
 * collected from the route options an onRoute hook saw (buildTestApp's `onRoute`), and the house rules the security
 * tests hold them to. The authorization matrix, the request-limit house test and the schema fuzzing read
 * the routes from here.
 */
export interface DeclaredRoute {
  method: string;
  /** As registered, without a trailing slash. */
  url: string;
  /** `METHOD /path`, HEAD as its GET (plugins/route-access.ts). */
  key: string;
  /** Who may call it; null when the route declares nothing (a failure of its own). */
  access: RouteAccess | null;
  /** Its own request limit; null when it shares the global budget. */
  requestLimit: RateLimitRule | null;
  /** What the request limits put on the route for @fastify/rate-limit (`config.rateLimit`). */
  applied: unknown;
  hidden: boolean;
  body: unknown;
  querystring: unknown;
  headers: unknown;
  multipart: boolean;
}

/** One entry per method and path (the `/prefix` and `/prefix/` twins are one), sorted by path. */
export function declaredRoutes(registered: readonly RouteOptions[]): DeclaredRoute[] {
  const seen = new Map<string, DeclaredRoute>();
  for (const route of registered) {
    const schema = (route.schema ?? {}) as { hide?: boolean; body?: unknown; querystring?: unknown; headers?: unknown; consumes?: string[] };
    for (const method of [route.method].flat()) {
      const url = route.url.length > 1 && route.url.endsWith('/') ? route.url.slice(0, -1) : route.url;
      const id = `${method} ${url}`;
      if (seen.has(id)) continue;
      const options = { method, url: route.url, config: route.config };
      seen.set(id, {
        method,
        url,
        key: routeKey(method, url),
        access: declarationOf(options)?.access ?? null,
        requestLimit: requestLimitOf(options),
        applied: (route.config as { rateLimit?: unknown } | undefined)?.rateLimit,
        hidden: Boolean(schema.hide),
        body: schema.body,
        querystring: schema.querystring,
        headers: schema.headers,
        multipart: Boolean(schema.consumes?.includes('multipart/form-data')),
      });
    }
  }
  return [...seen.values()].sort((a, b) => a.url.localeCompare(b.url) || a.method.localeCompare(b.method));
}

/** Every route that declares no access, one message each. */
export function routesWithoutAccess(routes: readonly DeclaredRoute[]): string[] {
  return routes.filter((route) => !route.access).map((route) => `new route without an authorization rule: ${route.method} ${route.url}`);
}

/** The routes the house rule holds to a limit tighter than the global one by name; besides them, every multipart route and every search route. */
export const MUST_BE_TIGHTER = [
  'POST /api/auth/login',
  'POST /api/auth/signup',
  'PUT /api/users/me/password',
  'POST /api/auth/forgot-password',
  'POST /api/auth/reset-password',
  'POST /api/products/mobile-upload',
  'POST /api/support/requests',
  'GET /api/products',
] as const;

/** Whether the house rule holds the route to a tighter limit: named above, or found by what it is (an upload, a search). */
export function mustBeTighter(route: DeclaredRoute): boolean {
  return (MUST_BE_TIGHTER as readonly string[]).includes(route.key) || route.multipart || /^\/api\/search(\/|$)/.test(route.url);
}

/** The house rule's routes (HEAD aside) without a limit of their own tighter than `globalPerMinute`, one message each. */
export function limitsLooserThanTheHouseRule(routes: readonly DeclaredRoute[], globalPerMinute: number): string[] {
  return routes
    .filter((route) => route.method !== 'HEAD' && mustBeTighter(route))
    .flatMap((route) => {
      if (!route.requestLimit) return [`${route.key}: no requestLimit in its config (it would only have the global budget)`];
      if (isUnlimited(route.requestLimit)) return [`${route.key}: unlimited`];
      if (perMinute(route.requestLimit) >= globalPerMinute)
        return [`${route.key}: ${perMinute(route.requestLimit)} a minute is not tighter than the global ${globalPerMinute}`];
      return [];
    });
}
