import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { RouteOptions } from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../test/helper';
import { declaredRoutes, limitsLooserThanTheHouseRule, MUST_BE_TIGHTER, mustBeTighter } from '../../test/route-declarations';
import { requestLimitOf } from '../plugins/route-access';
import { HOUR, isUnlimited, METRICS_SCRAPE, MINUTE, perMinute, PROBE, SEARCH, UNROUTED, type RouteRateLimit } from './rate-limits';

// House rule: every route has a request limit — the one it declares (`config.requestLimit`) or the global
// budget — and the routes abuse goes for first (sign-in, sign-up, password change and reset, every upload,
// support requests, search) have one tighter than the global. Routes are collected as
// authorization-matrix.test.ts does.

const registered: RouteOptions[] = [];
const onRoute = (route: RouteOptions) => {
  registered.push(route);
};

/** The production global budget; the test configuration multiplies every limit alike, so the comparison holds there too. */
const GLOBAL_PER_MINUTE = 600;
/** The only routes that may go unlimited: probes, the metrics scrape, CORS preflights (and the built web app's files, none here). */
const MAY_BE_UNLIMITED = new Set(['GET /api/health', 'GET /api/health/live', 'GET /api/health/ready', 'GET /metrics', 'OPTIONS *']);

const testApp = await buildTestApp({ environment: { RATE_LIMIT_SCALE: '1' }, onRoute });
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

// Limits a person never meets (docs/product/limits-abuse.md, "What a busy person does"): the requests of one
// busy minute, counted route by route in a browser, must fit in every limit, so only floods are refused.
describe('what a busy person does', () => {
  /** Thirty reloads a minute in each of two tabs. */
  const PAGE_LOADS = 2 * 30;
  /** Besides the reloads, one search, filter, page or question a second. */
  const ACTIONS = 60;
  /** A seller adding photos one at a time, from the computer or the phone's camera: one every ten seconds. */
  const PHOTOS = 6;
  const BUSY_MINUTE: Record<string, number> = {
    // The home page asks for two rows of listings at each load (the server's render, then the signed-in browser's own).
    'GET /api/products': 2 * PAGE_LOADS + ACTIONS,
    'GET /api/shops/:sellerId': PAGE_LOADS + ACTIONS,
    'GET /api/search/ai': PAGE_LOADS + ACTIONS,
    // The phone's upload page checks its link at each load; the verification page sends its link at each load.
    'GET /api/products/validate-upload-token/:token': PAGE_LOADS,
    'POST /api/auth/verify-email': PAGE_LOADS,
    'POST /api/products/:id/images': PHOTOS,
    'POST /api/products/mobile-upload': PHOTOS,
    'POST /api/chat/:chatId/attachments': PHOTOS,
    // The seller's inventory shows 20 photos; a browser asks again for each at every load (at worst).
    'GET /uploads/*': 20 * PAGE_LOADS,
  };
  /** The busiest page (the seller's dashboard) makes 8 calls on the shared budget at each load, and each tab re-reads its counts once a minute. */
  const BUSY_MINUTE_ON_THE_SHARED_BUDGET = 8 * PAGE_LOADS + 2 * 2;

  it.each(Object.entries(BUSY_MINUTE))('%s takes a busy minute’s %i requests', (key, requests) => {
    const route = routes.find((candidate) => candidate.key === key && candidate.method !== 'HEAD');
    expect(route, `${key} is no route`).toBeDefined();
    const limit = route?.requestLimit;
    expect(limit && !isUnlimited(limit) ? perMinute(limit) : GLOBAL_PER_MINUTE).toBeGreaterThanOrEqual(requests);
  });

  it('the shared budget takes a busy minute on the busiest page', () => {
    expect(GLOBAL_PER_MINUTE).toBeGreaterThanOrEqual(BUSY_MINUTE_ON_THE_SHARED_BUDGET);
  });

  it('a share per second takes a busy second, and leaves the whole budget within reach', () => {
    // Ten busy people behind one office address, a page a second in each of two tabs; three balancers probing
    // every second from one address; two Prometheus servers scraping in the same second.
    const busySecond: Array<[RouteRateLimit, number]> = [
      [UNROUTED, 10 * 2],
      [PROBE, 3],
      [METRICS_SCRAPE, 2],
    ];
    for (const [limit, requests] of busySecond) {
      expect(limit.perSecond).toBeGreaterThanOrEqual(requests);
      expect(limit.perSecond! * limit.windowSeconds).toBeGreaterThanOrEqual(limit.max);
    }
  });
});

describe('docs/product/limits-abuse.md', () => {
  const document = readFileSync(fileURLToPath(new URL('../../../../docs/product/limits-abuse.md', import.meta.url)), 'utf8');
  const WINDOWS: Record<string, number> = { minute: MINUTE, hour: HOUR };
  /** "30 per 15 minutes", "3,000 per minute", "10 per hour", "300 per minute, 10 a second". */
  const limitOf = (text: string): Omit<RouteRateLimit, 'per'> => {
    const match = /^([\d,]+) per (?:(\d+) )?(minute|hour)s?(?:, (\d+) a second)?$/.exec(text.trim());
    if (!match) throw new Error(`unreadable limit: ${text}`);
    return {
      max: Number(match[1]!.replace(/,/g, '')),
      windowSeconds: Number(match[2] ?? 1) * WINDOWS[match[3]!]!,
      ...(match[4] ? { perSecond: Number(match[4]) } : {}),
    };
  };
  // The table's rows: | what | `METHOD /path`, … | limit | counted by |
  const rows = document
    .split('\n')
    .filter((line) => /^\| [^|]+ \| `(GET|POST|PUT|PATCH|DELETE) /.test(line))
    .flatMap((line) => {
      const [, , routeCell = '', limitCell = '', counted = ''] = line.split('|').map((cell) => cell.trim());
      return [...routeCell.matchAll(/`([A-Z]+ [^`]+)`/g)].map((found) => ({
        key: found[1]!,
        limit: { ...limitOf(limitCell), per: counted === 'address' ? 'address' : 'client' },
      }));
    });

  it('says each limit as the routes declare it, and leaves none out', () => {
    const declared = routes
      .filter((route) => route.method !== 'HEAD' && route.requestLimit && !isUnlimited(route.requestLimit))
      .map((route) => ({ key: route.key, limit: route.requestLimit }));
    const byKey = (a: { key: string }, b: { key: string }) => a.key.localeCompare(b.key);
    expect(rows.length).toBeGreaterThan(20);
    expect([...rows].sort(byKey)).toEqual([...declared].sort(byKey));
  });
});
