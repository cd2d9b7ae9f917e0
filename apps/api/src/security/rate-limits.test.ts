import type * as FastifyModule from 'fastify';
import type { RouteOptions } from 'fastify';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { buildTestApp } from '../../test/helper';
import { isUnlimited, MUST_BE_TIGHTER, perMinute, RATE_LIMIT_TABLE, rateLimitKey, rateLimitRuleFor, type RateLimitRule } from './rate-limits';

// House rule: every route has a request limit — its line in RATE_LIMIT_TABLE or the global budget — and the
// routes abuse goes for first (sign-in, sign-up, password change and reset, every upload, support requests,
// search) have one tighter than the global. Routes are collected as authorization-matrix.test.ts does.

const registered = vi.hoisted(() => [] as RouteOptions[]);

vi.mock('fastify', async (importOriginal) => (await import('../../test/route-log')).fastifyWithRouteLog(await importOriginal<typeof FastifyModule>(), registered));

/** The production global budget; the test configuration multiplies every limit alike, so the comparison holds there too. */
const GLOBAL_PER_MINUTE = 600;
/** The only routes that may go unlimited: probes, the metrics scrape, CORS preflights. */
const MAY_BE_UNLIMITED = new Set(['GET /api/health', 'GET /api/health/live', 'GET /api/health/ready', 'GET /metrics', 'OPTIONS *']);

const testApp = await buildTestApp({ environment: { RATE_LIMIT_SCALE: '1' } });
afterAll(async () => {
  await testApp.close();
});

interface Route {
  key: string;
  method: string;
  url: string;
  multipart: boolean;
  rule: RateLimitRule | null;
  applied: unknown;
}

const routes: Route[] = registered.flatMap((route) =>
  [route.method].flat().map((method) => ({
    key: rateLimitKey(method, route.url),
    method,
    url: route.url,
    multipart: Boolean((route.schema as { consumes?: string[] } | undefined)?.consumes?.includes('multipart/form-data')),
    rule: rateLimitRuleFor({ method, url: route.url, config: route.config }),
    applied: (route.config as { rateLimit?: unknown } | undefined)?.rateLimit,
  })),
);

/** The routes the house rule holds to a tighter limit, found by what they are rather than listed by hand. */
function mustBeTighter(route: Route): boolean {
  return (MUST_BE_TIGHTER as readonly string[]).includes(route.key) || route.multipart || /^\/api\/search(\/|$)/.test(route.url);
}

describe('request limits on every route', () => {
  it('finds the app’s routes', () => {
    expect(routes.length).toBeGreaterThan(100);
  });

  it('has a line for every route named by the house rule, tighter than the global budget', () => {
    const sensitive = routes.filter((route) => route.method !== 'HEAD' && mustBeTighter(route));
    // The ones named outright, and at least the seven upload routes and the AI search, are found.
    expect(sensitive.filter((route) => route.multipart).length).toBeGreaterThanOrEqual(7);
    expect(sensitive.some((route) => route.url.startsWith('/api/search'))).toBe(true);
    for (const key of MUST_BE_TIGHTER) expect(routes.some((route) => route.key === key), `${key} is no route`).toBe(true);
    const problems = sensitive.flatMap((route) => {
      if (!route.rule) return [`${route.key}: no line in RATE_LIMIT_TABLE (it would only have the global budget)`];
      if (isUnlimited(route.rule)) return [`${route.key}: unlimited`];
      if (perMinute(route.rule) >= GLOBAL_PER_MINUTE) return [`${route.key}: ${perMinute(route.rule)} a minute is not tighter than the global ${GLOBAL_PER_MINUTE}`];
      return [];
    });
    expect(problems).toEqual([]);
  });

  it('puts each line’s limit on its route as it is registered, and the global budget on the rest', () => {
    const problems = routes.flatMap((route) => {
      const { rule, applied } = route;
      if (rule === null) return applied === undefined ? [] : [`${route.key}: a limit of its own without a line in the table`];
      if (isUnlimited(rule)) return applied === false ? [] : [`${route.key}: should go unlimited (${rule.why})`];
      const limit = applied as { max?: number; timeWindow?: number } | undefined;
      return limit?.max === rule.max && limit.timeWindow === rule.windowSeconds * 1000 ? [] : [`${route.key}: the table's ${rule.max} per ${rule.windowSeconds} s was not applied`];
    });
    expect(problems).toEqual([]);
  });

  it('leaves only probes, metrics and preflights unlimited', () => {
    const unlimited = Object.entries(RATE_LIMIT_TABLE).filter(([, rule]) => isUnlimited(rule)).map(([key]) => key);
    expect(unlimited.filter((key) => !MAY_BE_UNLIMITED.has(key))).toEqual([]);
  });

  it('has no line for a route that does not exist', () => {
    const keys = new Set(routes.map((route) => route.key));
    expect(Object.keys(RATE_LIMIT_TABLE).filter((key) => !keys.has(key)).map((key) => `line for a route that does not exist: ${key}`)).toEqual([]);
  });

  it('counts the web app’s built files as unlimited, and nothing else outside /api by that rule', () => {
    expect(rateLimitRuleFor({ method: 'GET', url: '/assets/index-abc123.js', config: { file: 'assets/index-abc123.js', rootPath: '/srv/web/dist' } })).toMatchObject({ unlimited: true });
    expect(rateLimitRuleFor({ method: 'GET', url: '/api/docs/static/logo.svg', config: { rootPath: '/srv/swagger' } })).toBeNull();
    expect(rateLimitRuleFor({ method: 'GET', url: '/robots.txt', config: {} })).toBeNull();
    expect(rateLimitRuleFor({ method: 'HEAD', url: '/api/products/', config: {} })).toBe(RATE_LIMIT_TABLE['GET /api/products']);
  });
});
