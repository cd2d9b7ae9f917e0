/**
 * How many requests one client may make, per route (docs/product/limits-abuse.md). The plugin
 * (plugins/rate-limits.ts) reads this table as each route is registered, so module route files
 * declare nothing; rate-limits.test.ts enumerates every route the app registers and fails when a
 * route the house rules name (sign-in, sign-up, passwords, uploads, support, search) lacks a limit
 * tighter than the global one, or when a line names a route that is gone.
 *
 * Keys are `METHOD /path` as Fastify registers them (params as `:name`), like route-rules.ts; HEAD
 * follows GET. A route without a line shares the global budget (RATE_LIMIT_GLOBAL_PER_MINUTE per
 * client); a line gives the route a budget of its own, counted apart from the global one. Every
 * number is multiplied by RATE_LIMIT_SCALE (100 under NODE_ENV=test), and RATE_LIMITS=off turns
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
}

/** Not counted at all, with the reason. */
export interface Unlimited {
  unlimited: true;
  why: string;
}

export type RateLimitRule = RouteRateLimit | Unlimited;

const MINUTE = 60;
const HOUR = 60 * MINUTE;

const perAddress = (max: number, windowSeconds: number): RouteRateLimit => ({ max, windowSeconds, per: 'address' });
const perClient = (max: number, windowSeconds: number): RouteRateLimit => ({ max, windowSeconds, per: 'client' });
const unlimited = (why: string): Unlimited => ({ unlimited: true, why });

/** Every upload (multipart photos): each one is decoded and resized, the costliest work the API does for a request. */
const UPLOAD = perClient(30, 10 * MINUTE);
/** Catalogue searches: each one scores listings in the database. */
const SEARCH = perClient(120, MINUTE);

export const RATE_LIMIT_TABLE: Readonly<Record<string, RateLimitRule>> = {
  // ── never limited: the load balancer and the monitoring must always get an answer ──
  'GET /api/health': unlimited('health checks'),
  'GET /api/health/live': unlimited('liveness probe'),
  'GET /api/health/ready': unlimited('readiness probe'),
  'GET /metrics': unlimited('the Prometheus scrape (METRICS_TOKEN guards it)'),
  'OPTIONS *': unlimited('CORS preflights come with a request that is itself counted'),

  // ── signing in, signing up, passwords (each checks or hashes a password) ──
  'POST /api/auth/login': perAddress(30, 15 * MINUTE),
  'POST /api/auth/signup': perAddress(10, HOUR),
  'POST /api/auth/forgot-password': perAddress(20, HOUR),
  'POST /api/auth/reset-password': perAddress(10, 15 * MINUTE),
  'POST /api/auth/verify-email': perAddress(20, 15 * MINUTE),
  'POST /api/auth/resend-verification': perClient(10, HOUR),
  'POST /api/auth/change-email': perClient(10, 15 * MINUTE),
  'PUT /api/users/me/password': perClient(10, 15 * MINUTE),

  // ── uploads: every multipart route, and the phone upload's link check ──
  'POST /api/products/:id/images': UPLOAD,
  'POST /api/products/mobile-upload': perAddress(30, 10 * MINUTE),
  'GET /api/products/validate-upload-token/:token': perAddress(60, 10 * MINUTE),
  'POST /api/chat/:chatId/attachments': UPLOAD,
  'POST /api/reviews': UPLOAD,
  'POST /api/reviews/:id/photos': UPLOAD,
  'POST /api/disputes': UPLOAD,
  'POST /api/returns': UPLOAD,

  // ── support requests, search ──
  'POST /api/support/requests': perClient(5, HOUR),
  'GET /api/products': SEARCH,
  'GET /api/shops/:sellerId': SEARCH,
  'GET /api/search/ai': perClient(60, MINUTE),

  // ── paying: card testing tries many cards in a row ──
  'POST /api/orders/checkout': perClient(20, 10 * MINUTE),

  // ── files: a page of listings loads dozens of photos; they get a budget of their own, not the API's ──
  'GET /uploads/*': perClient(3000, MINUTE),
  'GET /api/files/*': perClient(3000, MINUTE),
  // Stripe's deliveries come from a few addresses and must not be refused in a burst; each is signature-checked.
  'POST /api/stripe-connect/webhook': perAddress(6000, MINUTE),
};

/** The routes the house rule holds to a limit tighter than the global one (besides every multipart route and every search route). */
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

/** The table's key of a route: HEAD follows GET; a trailing slash does not count. */
export function rateLimitKey(method: string, url: string): string {
  const path = url.length > 1 && url.endsWith('/') ? url.slice(0, -1) : url;
  return `${method === 'HEAD' ? 'GET' : method} ${path}`;
}

/** Whether a route is one of the built web app's files (@fastify/static marks each with the folder it serves). */
function isWebAppFile(url: string, config: unknown): boolean {
  return !url.startsWith('/api/') && typeof (config as { rootPath?: unknown } | undefined)?.rootPath === 'string';
}

/**
 * The rule for a route: its line in the table; `unlimited` for the built web app's files (scripts, styles,
 * fonts: cached by browsers, cheap to send, and a page loads many); otherwise null, the global budget.
 */
export function rateLimitRuleFor(route: { method: string; url: string; config?: unknown }): RateLimitRule | null {
  const rule = RATE_LIMIT_TABLE[rateLimitKey(route.method, route.url)];
  if (rule) return rule;
  if (isWebAppFile(route.url, route.config)) return unlimited('a file of the built web app');
  return null;
}

/** Requests per minute a limit allows, to compare limits of different windows. */
export function perMinute(limit: RouteRateLimit): number {
  return (limit.max * MINUTE) / limit.windowSeconds;
}

export function isUnlimited(rule: RateLimitRule): rule is Unlimited {
  return 'unlimited' in rule;
}
