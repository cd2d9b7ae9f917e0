/**
 * How many requests one client may make on a route (docs/product/limits-abuse.md): the words a route
 * declares its limit with, `config: { access, requestLimit: perAddress(30, 15 * MINUTE) }`
 * (plugins/route-access.ts). The plugin (plugins/rate-limits.ts) puts each route's limit on it as the
 * route is registered; rate-limits.test.ts enumerates every route the app registers and fails when a
 * route the house rules name (sign-in, sign-up, passwords, uploads, support, search) lacks a limit
 * tighter than the global one.
 *
 * A route without a `requestLimit` shares the global budget (RATE_LIMIT_GLOBAL_PER_MINUTE per client);
 * one with it gets a budget of its own, counted apart from the global one (HEAD shares its GET's count).
 * Every number is multiplied by RATE_LIMIT_SCALE (100 under NODE_ENV=test), and RATE_LIMITS=off turns
 * them all off.
 */

/** Who a count belongs to. */
export type RateLimitSubject =
  /** The signed-in user when the request carries a valid bearer token, else the client's address. */
  | 'client'
  /** Always the client's address: routes used signed out (a token sent along would only buy a fresh count). */
  | 'address';

export interface RouteRateLimit {
  /** Requests allowed in the window (before RATE_LIMIT_SCALE). */
  max: number;
  windowSeconds: number;
  per: RateLimitSubject;
  /**
   * Besides, at most this many in any one second (before RATE_LIMIT_SCALE): the window's budget spread out, so
   * a flood cannot spend it all in its first second, when what it asks for lands on everyone else at once.
   */
  perSecond?: number;
}

/** Not counted at all, with the reason. */
export interface Unlimited {
  unlimited: true;
  why: string;
}

export type RateLimitRule = RouteRateLimit | Unlimited;

export const MINUTE = 60;
export const HOUR = 60 * MINUTE;

/** `max` requests per `windowSeconds` from one address, signed in or not (and at most `perSecond` in a second). */
export const perAddress = (max: number, windowSeconds: number, perSecond?: number): RouteRateLimit => ({
  max,
  windowSeconds,
  per: 'address',
  ...(perSecond === undefined ? {} : { perSecond }),
});
/** `max` requests per `windowSeconds` from one user (with a valid token), else from one address. */
export const perClient = (max: number, windowSeconds: number): RouteRateLimit => ({ max, windowSeconds, per: 'client' });
/** Not counted: only CORS preflights and the web app's files (rate-limits.test.ts). */
export const unlimited = (why: string): Unlimited => ({ unlimited: true, why });

// Each limit leaves a busy person room (docs/product/limits-abuse.md, "What a busy person does"): thirty
// reloads a minute in each of two tabs, and what they do on the page besides, never meet one.

/**
 * Every upload (multipart photos): each one is decoded and resized, the costliest work the API does for a
 * request. A photo every ten seconds for ten minutes (a seller adding them one at a time).
 */
export const UPLOAD = perClient(60, 10 * MINUTE);
/**
 * The listings' CSV import (multipart, up to 5,000 rows each checked, then written together): a seller checks a
 * file, fixes it, checks it again and imports it, a few times in a sitting. Thirty in ten minutes is room for that
 * and keeps a flood of large imports from holding the database.
 */
export const LISTINGS_IMPORT = perClient(30, 10 * MINUTE);
/**
 * Catalogue searches: each one scores listings in the database. The home page asks twice at each load (60
 * loads a minute: 120), and a search, a filter or a page a second besides: 180, with room.
 */
export const SEARCH = perClient(240, MINUTE);
/**
 * A product page's delivery promise (docs/product/shipping.md): each one may ask the carrier for a rate. A
 * page load asks once and each ZIP code typed once more: 120 a minute is two tabs reloading every second, and
 * keeps one client from spending the marketplace's carrier quota.
 */
export const DELIVERY_QUOTE = perClient(120, MINUTE);
/**
 * The health checks and readiness probe, per address: a load balancer or monitor probing every second from
 * one address asks 60 times a minute (and a few of them behind one address a few times a second); a flood from
 * one address stops here, and probes that arrive together share one round of checks (health.routes.ts).
 */
export const PROBE = perAddress(300, MINUTE, 10);
/**
 * The Prometheus scrape, per address: scrapes come every 10–60 s (two servers scraping together: two in a
 * second); scrapes that arrive together share one rendering (plugins/metrics.ts).
 */
export const METRICS_SCRAPE = perAddress(60, MINUTE, 2);
/**
 * What no route answers, per address: the web pages (rendered or not; a person loads at most a page a second
 * in each of two tabs), unknown paths, missing files. A page kept by the server is cheap, but 6,000 of them a
 * second from one address tripled everyone else's waits (bench/README.md, "HTTP flood"): a flood stops here,
 * and ten busy people behind one office address (20 pages in a second), or a polite crawler, never meet it.
 */
export const UNROUTED = perAddress(600, MINUTE, 20);

/** Requests per minute a limit allows, to compare limits of different windows. */
export function perMinute(limit: RouteRateLimit): number {
  return (limit.max * MINUTE) / limit.windowSeconds;
}

export function isUnlimited(rule: RateLimitRule): rule is Unlimited {
  return 'unlimited' in rule;
}
