import type * as FastifyModule from 'fastify';
import type { RouteOptions } from 'fastify';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { buildTestApp } from '../../test/helper';
import { declaredRoutes, limitsLooserThanTheHouseRule, MUST_BE_TIGHTER, mustBeTighter } from '../../test/route-declarations';
import { requestLimitOf } from '../plugins/route-access';
import { isUnlimited, SEARCH } from './rate-limits';

// House rule: every route has a request limit — the one it declares (`config.requestLimit`) or the global
// budget — and the routes abuse goes for first (sign-in, sign-up, password change and reset, every upload,
// support requests, search) have one tighter than the global. Routes are collected as
// authorization-matrix.test.ts does.

const registered = vi.hoisted(() => [] as RouteOptions[]);

vi.mock('fastify', async (importOriginal) =>
  (await import('../../test/route-log')).fastifyWithRouteLog(await importOriginal<typeof FastifyModule>(), registered),
);

/** The production global budget; the test configuration multiplies every limit alike, so the comparison holds there too. */
const GLOBAL_PER_MINUTE = 600;
/** The only routes that may go unlimited: probes, the metrics scrape, CORS preflights (and the built web app's files, none here). */
const MAY_BE_UNLIMITED = new Set(['GET /api/health', 'GET /api/health/live', 'GET /api/health/ready', 'GET /metrics', 'OPTIONS *']);

const testApp = await buildTestApp({ environment: { RATE_LIMIT_SCALE: '1' } });
afterAll(async () => {
  await testApp.close();
});

// Every registration (HEAD routes and the `/prefix` and `/prefix/` twins each on their own), as the plugin saw it.
const routes = registered.flatMap((route) => declaredRoutes([route]));

describe('request limits on every route', () => {
  it('finds the app’s routes', () => {
    expect(routes.length).toBeGreaterThan(100);
  });

  it('has a limit on every route named by the house rule, tighter than the global budget', () => {
    const sensitive = routes.filter((route) => route.method !== 'HEAD' && mustBeTighter(route));
    // The ones named outright, and at least the seven upload routes and the AI search, are found.
    expect(sensitive.filter((route) => route.multipart).length).toBeGreaterThanOrEqual(7);
    expect(sensitive.some((route) => route.url.startsWith('/api/search'))).toBe(true);
    for (const key of MUST_BE_TIGHTER)
      expect(
        routes.some((route) => route.key === key),
        `${key} is no route`,
      ).toBe(true);
    expect(limitsLooserThanTheHouseRule(routes, GLOBAL_PER_MINUTE)).toEqual([]);
  });

  it('puts each route’s declared limit on it as it is registered, and the global budget on the rest', () => {
    const problems = routes.flatMap((route) => {
      const { requestLimit: rule, applied } = route;
      if (rule === null) return applied === undefined ? [] : [`${route.key}: a limit of its own without declaring one`];
      if (isUnlimited(rule)) return applied === false ? [] : [`${route.key}: should go unlimited (${rule.why})`];
      const limit = applied as { max?: number; timeWindow?: number } | undefined;
      return limit?.max === rule.max && limit.timeWindow === rule.windowSeconds * 1000
        ? []
        : [`${route.key}: the declared ${rule.max} per ${rule.windowSeconds} s was not applied`];
    });
    expect(problems).toEqual([]);
  });

  it('leaves only probes, metrics and preflights unlimited', () => {
    const unlimited = routes.filter((route) => route.requestLimit && isUnlimited(route.requestLimit)).map((route) => route.key);
    expect(unlimited.filter((key) => !MAY_BE_UNLIMITED.has(key))).toEqual([]);
  });

  it('gives a HEAD route its GET route’s limit', () => {
    const head = routes.find((route) => route.method === 'HEAD' && route.key === 'GET /api/products');
    expect(head?.requestLimit).toEqual(SEARCH);
  });

  it('counts the web app’s built files as unlimited, and nothing else outside /api by that rule', () => {
    expect(
      requestLimitOf({ method: 'GET', url: '/assets/index-abc123.js', config: { file: 'assets/index-abc123.js', rootPath: '/srv/web/dist' } }),
    ).toMatchObject({ unlimited: true });
    expect(requestLimitOf({ method: 'GET', url: '/api/docs/static/logo.svg', config: { rootPath: '/srv/swagger' } })).toBeNull();
    expect(requestLimitOf({ method: 'GET', url: '/robots.txt', config: {} })).toBeNull();
  });
});
