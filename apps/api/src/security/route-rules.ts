import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { z } from 'zod';
import type { Role } from '@marketplace/contracts/auth';

/**
 * Who may call which route ("Reliability and security"). The authorization matrix
 * (authorization-matrix.test.ts) enumerates every route Fastify registered and checks each one
 * against this table for an anonymous caller, a buyer, a seller, another seller and an admin, so a
 * new route without a line here fails the suite until someone decides who may call it.
 *
 * Keys are `METHOD /path` as Fastify registers them (params as `:name`), without a trailing slash.
 * HEAD routes follow their GET route.
 */

/** The callers of the matrix. `otherSeller` is a second seller acting on the first seller's ids. */
export type Persona = 'anonymous' | 'buyer' | 'seller' | 'otherSeller' | 'admin';

export const PERSONAS: readonly Persona[] = ['anonymous', 'buyer', 'seller', 'otherSeller', 'admin'];

export const ROLE_OF: Readonly<Record<Exclude<Persona, 'anonymous'>, Role>> = {
  buyer: 'buyer',
  seller: 'seller',
  otherSeller: 'seller',
  admin: 'admin',
};

export type RouteRule =
  /** Anyone, no token needed. `status` pins the exact answer when a placeholder call cannot succeed. */
  | { access: 'public'; status?: number; why?: string }
  /** Any signed-in user. */
  | { access: 'signed-in'; selfParams?: readonly string[] }
  /** Signed-in users with one of the roles; others get 403. */
  | { access: 'roles'; roles: readonly Role[]; selfParams?: readonly string[] };
// `selfParams`: path params that must be the caller's own user id (e.g. /api/chat/:userId). The
// matrix fills them with the caller's id, except for `otherSeller`, who sends the first seller's id
// and must be refused (403 or 404).

/** What a caller must get back. `allowed` = past authentication and authorization (not 401/403). */
export type Expectation = { kind: 'allowed' } | { kind: 'status'; status: number } | { kind: 'not-yours' };

const PUBLIC: RouteRule = { access: 'public' };
const SIGNED_IN: RouteRule = { access: 'signed-in' };
const only = (...roles: Role[]): RouteRule => ({ access: 'roles', roles });
const own = (rule: RouteRule & { access: 'signed-in' | 'roles' }, ...selfParams: string[]): RouteRule => ({ ...rule, selfParams });

const ADMIN = only('admin');
const SELLER = only('seller');
const BUYER = only('buyer');
const SELLER_OR_ADMIN = only('seller', 'admin');
/** docs/product/roles.md: the buyer pages are for every role but seller. */
const BUYER_AREA = only('buyer', 'admin');

export const ROUTE_RULES: Readonly<Record<string, RouteRule>> = {
  // ── framework: CORS preflight, API docs, uploaded files ──
  'OPTIONS *': PUBLIC,
  'GET /api/docs': PUBLIC,
  'GET /api/docs/static/index.html': PUBLIC,
  'GET /api/docs/static/swagger-initializer.js': PUBLIC,
  'GET /api/docs/static/*': PUBLIC,
  'GET /api/docs/json': PUBLIC,
  'GET /api/docs/yaml': PUBLIC,
  'GET /uploads/*': PUBLIC,
  // Private files (chat, dispute, return photos): the signed link is the credential, handed only to who may see the file.
  'GET /api/files/*': { access: 'public', status: 403, why: 'no valid signed link' },

  // ── health and auth ──
  'GET /api/health': PUBLIC,
  'GET /api/health/live': PUBLIC,
  'GET /api/health/ready': PUBLIC,
  // Open in tests; with METRICS_TOKEN set it asks for that bearer token (plugins/metrics.test.ts).
  'GET /metrics': PUBLIC,
  'POST /api/auth/signup': PUBLIC,
  'POST /api/auth/login': { access: 'public', status: 401, why: 'the placeholder credentials are unknown' },
  'GET /api/auth/me': SIGNED_IN,
  // The account lifecycle (docs/product/accounts.md): the link token is the credential of reset and verify.
  'POST /api/auth/logout': SIGNED_IN,
  'POST /api/auth/forgot-password': PUBLIC,
  'POST /api/auth/reset-password': { access: 'public', status: 400, why: 'the placeholder link token is unknown' },
  'POST /api/auth/verify-email': { access: 'public', status: 400, why: 'the placeholder link token is unknown' },
  'POST /api/auth/resend-verification': SIGNED_IN,
  'POST /api/auth/change-email': SIGNED_IN,

  // ── catalog ──
  'GET /api/categories': PUBLIC,
  'GET /api/products': PUBLIC,
  'GET /api/products/:id': PUBLIC,
  // A seller's shop page (docs/product/shops.md); the placeholder id is no seller's.
  'GET /api/shops/:sellerId': { access: 'public', status: 404, why: 'the placeholder id is no seller' },
  // What search engines read (docs/product/seo.md); the matrix's sitemap is one file, so a placeholder file name is none of it.
  'GET /robots.txt': PUBLIC,
  'GET /sitemap.xml': PUBLIC,
  'GET /sitemaps/:file': { access: 'public', status: 404, why: 'the placeholder is no file of the sitemap' },
  'POST /api/products': SELLER,
  'PUT /api/products/:id': SELLER,
  'GET /api/seller/products': SELLER,
  'PATCH /api/seller/products/:id/inventory': SELLER,
  'GET /api/admin/products': ADMIN,
  'PATCH /api/admin/products/:id': ADMIN,
  'GET /api/admin/commission': ADMIN,
  'PUT /api/admin/commission/:categorySlug': ADMIN,

  // ── listing photos and phone uploads (the upload token is the credential) ──
  'GET /api/products/:id/images': SELLER,
  'POST /api/products/:id/images': SELLER,
  'PUT /api/products/:id/images/order': SELLER,
  'DELETE /api/products/:id/images/:imageId': SELLER,
  'POST /api/products/:id/upload-link': SELLER,
  'GET /api/products/validate-upload-token/:token': PUBLIC,
  'POST /api/products/mobile-upload': PUBLIC,

  // ── cart, wishlist, checkout, buyer orders ──
  'GET /api/cart': SIGNED_IN,
  'DELETE /api/cart': SIGNED_IN,
  'POST /api/cart/items': SIGNED_IN,
  'DELETE /api/cart/items/:id': SIGNED_IN,
  'PUT /api/cart/items/:id/retip': SIGNED_IN,
  'GET /api/wishlist': SIGNED_IN,
  'POST /api/wishlist/items': SIGNED_IN,
  'DELETE /api/wishlist/items/:id': SIGNED_IN,
  'GET /api/checkout/config': SIGNED_IN,
  'GET /api/checkout/summary': SIGNED_IN,
  'POST /api/orders/checkout': SIGNED_IN,
  // The sandbox's 3-D Secure dialog; the payment's client secret is the credential (404 with Stripe).
  'POST /api/checkout/sandbox-authentication': SIGNED_IN,
  'GET /api/orders': BUYER_AREA,
  'GET /api/orders/:id': BUYER_AREA,
  'POST /api/orders/:id/cancel': BUYER_AREA,

  // ── seller orders ──
  'GET /api/seller/orders': SELLER,
  'GET /api/seller/orders/:orderId': SELLER,
  'GET /api/seller/order-items/:orderItemId': SELLER,
  'PATCH /api/seller/order-items/:orderItemId': SELLER,
  'GET /api/seller/dashboard': SELLER,
  'GET /api/seller/earnings': SELLER,
  'GET /api/seller/earnings.csv': SELLER,

  // ── shipping (docs/product/api.md, all bearer, seller's own user id) ──
  'GET /api/shipments/simulation-statuses': SELLER,
  'GET /api/shipments/seller/:userId': own({ access: 'roles', roles: ['seller'] }, 'userId'),
  'GET /api/shipments/label/:shipmentId': SELLER,
  'GET /api/shipments/rate-quote/:orderId': SELLER,
  'GET /api/shipments/pickup-quote/:shipmentId': SELLER,
  'GET /api/shipments/consolidated-pickup-quote/:userId/:orderId': own({ access: 'roles', roles: ['seller'] }, 'userId'),
  'POST /api/shipments/create/:orderId': SELLER,
  'POST /api/shipments/process-ups/:shipmentId': SELLER,
  'POST /api/shipments/schedule-pickup/:shipmentId': SELLER,
  'DELETE /api/shipments/cancel-pickup/:id': SELLER,
  'GET /api/shipments/consolidated-pickup-status/:userId/:orderId': own({ access: 'roles', roles: ['seller'] }, 'userId'),
  'POST /api/shipments/schedule-consolidated-pickup/:userId/:orderId': own({ access: 'roles', roles: ['seller'] }, 'userId'),
  'DELETE /api/shipments/void/:shipmentId': SELLER,
  'PUT /api/shipments/track/:shipmentId': SELLER,

  // ── payment accounts and payouts (docs/product/api.md; the webhook is checked by its signature) ──
  'GET /api/stripe-connect/check-account': SELLER,
  'POST /api/stripe-connect/create-express-account': SELLER,
  'POST /api/stripe-connect/create-onboarding-link': SELLER,
  'GET /api/stripe-connect/account-status/:accountId': SELLER,
  'GET /api/stripe-connect/create-stripe-dashboard-link': SELLER,
  'GET /api/stripe-connect/admin/payouts': ADMIN,
  'GET /api/stripe-connect/pickup-charges/:orderItemId': ADMIN,
  'POST /api/stripe-connect/payout': ADMIN,
  'POST /api/stripe-connect/webhook': { access: 'public', status: 400, why: 'no valid signature' },
  'GET /api/user/sellers': ADMIN,
  'GET /api/admin/payoutStats/stats': ADMIN,
  'GET /api/admin/payoutStats/quick-stats': ADMIN,
  // The spec's client sends no token here; the API deliberately asks for an admin one.
  'GET /api/orders/get-all-shipped-orders': ADMIN,
  // The sandbox provider's own onboarding pages: the link token is the credential.
  'GET /api/sandbox/connect/links/:token': PUBLIC,
  'POST /api/sandbox/connect/links/:token/complete': PUBLIC,

  // ── chat (docs/product/api.md) ──
  'GET /api/chat/:userId': own({ access: 'signed-in' }, 'userId'),
  // Only buyers start conversations (the service answers 403 to other roles).
  'POST /api/chat': BUYER,
  'GET /api/chat/:chatId/messages': SIGNED_IN,
  'POST /api/chat/:chatId/attachments': SIGNED_IN,

  // ── workspace: settings, notification preferences, support ──
  'GET /api/settings/public': PUBLIC,
  'GET /api/admin/settings': ADMIN,
  'PUT /api/admin/settings': ADMIN,
  // ── e-mail: the admins' outbox; the unsubscribe link's signature is its credential (decision 0021) ──
  'GET /api/admin/outbox': ADMIN,
  'GET /api/admin/outbox/:id': ADMIN,
  'GET /api/mail/unsubscribe': { access: 'public', status: 403, why: 'the placeholder link is not signed' },
  'POST /api/mail/unsubscribe': { access: 'public', status: 403, why: 'the placeholder link is not signed' },
  // ── in-app notifications: everyone has a bell, and reads and marks only their own ──
  'GET /api/notifications': SIGNED_IN,
  'POST /api/notifications/read': SIGNED_IN,
  'GET /api/users/me/notification-preferences': SELLER,
  'PUT /api/users/me/notification-preferences': SELLER,
  'POST /api/support/requests': SELLER,
  'GET /api/support/requests': SELLER_OR_ADMIN,
  'GET /api/support/requests/:id': SELLER_OR_ADMIN,
  'PATCH /api/admin/support/requests/:id': ADMIN,

  // ── analytics and search ──
  'GET /api/analytics/sales-over-time': SELLER_OR_ADMIN,
  'GET /api/analytics/top-products': SELLER_OR_ADMIN,
  'GET /api/analytics/orders-by-status': SELLER_OR_ADMIN,
  'GET /api/analytics/summary': SELLER_OR_ADMIN,
  'GET /api/search/ai': PUBLIC,

  // ── disputes ──
  'POST /api/disputes': BUYER,
  'GET /api/disputes': SIGNED_IN,
  'GET /api/disputes/:id': SIGNED_IN,
  'POST /api/disputes/:id/respond': SELLER,
  'POST /api/disputes/:id/escalate': BUYER,
  'POST /api/disputes/:id/accept-offer': BUYER,
  'POST /api/disputes/:id/decline-offer': BUYER,
  'POST /api/disputes/:id/review': ADMIN,
  'POST /api/disputes/:id/resolve': ADMIN,

  // ── reviews: public per listing; the buyer writes and changes their own, the item's seller replies, anyone signed in votes, admins hide ──
  'GET /api/products/:id/reviews': PUBLIC,
  'POST /api/reviews': BUYER,
  'GET /api/reviews/mine': BUYER,
  'PATCH /api/reviews/:id': BUYER,
  'DELETE /api/reviews/:id': BUYER,
  'POST /api/reviews/:id/photos': BUYER,
  'DELETE /api/reviews/:id/photos/:photoId': BUYER,
  'POST /api/reviews/:id/reply': SELLER,
  'GET /api/seller/reviews': SELLER,
  'POST /api/reviews/:id/helpful': SIGNED_IN,
  'DELETE /api/reviews/:id/helpful': SIGNED_IN,
  'GET /api/admin/reviews': ADMIN,
  'POST /api/admin/reviews/:id/hide': ADMIN,
  'POST /api/admin/reviews/:id/unhide': ADMIN,

  // ── returns: the buyer asks, the item's seller answers; anyone else's return is a 404 ──
  'GET /api/returns/policy': SELLER,
  'PUT /api/returns/policy': SELLER,
  'GET /api/returns/eligibility/:orderItemId': BUYER,
  'POST /api/returns': BUYER,
  'GET /api/returns': SIGNED_IN,
  'GET /api/returns/:id': SIGNED_IN,
  'POST /api/returns/:id/accept': SELLER,
  'POST /api/returns/:id/refuse': SELLER,
  'POST /api/returns/:id/cancel': BUYER,
  // The return's buyer and seller only (others 404, also admins: the label is the parties' document).
  'GET /api/returns/:id/label': SIGNED_IN,
  'PUT /api/returns/:id/track': SIGNED_IN,

  // ── profile, addresses, admin users and orders ──
  'GET /api/users/me': SIGNED_IN,
  'PUT /api/users/me': SIGNED_IN,
  'PUT /api/users/me/password': SIGNED_IN,
  'GET /api/users/me/addresses': SIGNED_IN,
  'POST /api/users/me/addresses': SIGNED_IN,
  'PUT /api/users/me/addresses/:id': SIGNED_IN,
  'DELETE /api/users/me/addresses/:id': SIGNED_IN,
  'GET /api/admin/users': ADMIN,
  'PATCH /api/admin/users/:id': ADMIN,
  'GET /api/admin/users/:id/insights': ADMIN,
  'GET /api/admin/orders': ADMIN,
  'GET /api/admin/orders/:orderId': ADMIN,
  'GET /api/admin/order-items': ADMIN,
};

/**
 * Request inputs that pass validation, for routes whose schema a generated sample cannot satisfy.
 * Auth runs before validation (preValidation hooks), so these only matter for the callers who may
 * use the route: with a valid body they reach the handler and show its real answer, not a 400.
 */
export const SAMPLE_BODIES: Readonly<Record<string, (persona: Persona) => unknown>> = {
  'POST /api/auth/signup': (persona) => ({ email: `matrix-${persona}-${Date.now()}@test.example`, password: 'matrix-password', firstName: 'Matrix', lastName: 'Caller', role: 'buyer' }),
  'POST /api/auth/login': () => ({ email: 'nobody@test.example', password: 'not-the-password' }),
  'PUT /api/users/me/password': () => ({ currentPassword: 'not-the-current-password', newPassword: 'another-password' }),
  'POST /api/auth/forgot-password': () => ({ email: 'nobody@test.example' }),
  'POST /api/auth/reset-password': () => ({ token: 'not-a-real-link-token', password: 'another-password' }),
  'POST /api/auth/verify-email': () => ({ token: 'not-a-real-link-token' }),
  'POST /api/auth/change-email': (persona) => ({ email: `matrix-new-${persona}@test.example`, currentPassword: 'not-the-current-password' }),
  'PUT /api/admin/settings': () => ({ marketplaceName: 'Matrix Market', supportEmail: 'support@test.example', supportPhone: '+1 555 010 0100' }),
  'POST /api/orders/checkout': () => ({
    shippingAddress: { name: 'Matrix Buyer', line1: '1 Market St', city: 'San Francisco', state: 'CA', postal_code: '94105', country: 'US' },
    payment: { paymentMethodId: 'pm_card_visa' },
  }),
  'POST /api/shipments/schedule-pickup/:shipmentId': () => ({ pickupDate: '2030-01-15', readyTime: '0900', closeTime: '1700' }),
  'POST /api/shipments/schedule-consolidated-pickup/:userId/:orderId': () => ({ pickupDate: '2030-01-15', readyTime: '0900', closeTime: '1700' }),
  'POST /api/support/requests': () => ({ topic: 'other', subject: 'Matrix check', message: 'A request sent by the authorization matrix.' }),
  'POST /api/notifications/read': () => ({ all: true }),
  'POST /api/disputes/:id/respond': () => ({ action: 'contest', statement: 'The parcel left in perfect condition.' }),
  'POST /api/disputes/:id/resolve': () => ({ outcome: 'reject', note: 'No evidence of damage.' }),
  'PUT /api/returns/policy': () => ({ windowDays: 30, restockingFeePercent: 0 }),
  'POST /api/returns/:id/refuse': () => ({ reason: 'The item shows clear signs of use.' }),
  'PATCH /api/seller/products/:id/inventory': () => ({ quantity: 3 }),
  'POST /api/reviews': () => ({ orderItemId: randomUUID(), rating: 4, title: 'Matrix review', body: 'A review sent by the authorization matrix.' }),
  'PATCH /api/reviews/:id': () => ({ rating: 3 }),
  'POST /api/reviews/:id/reply': () => ({ body: 'Thank you for the review.' }),
  'POST /api/admin/reviews/:id/hide': () => ({ reason: 'Matrix check' }),
  'POST /api/users/me/addresses': () => ({ name: 'Matrix Home', line1: '1 Market St', city: 'San Francisco', state: 'CA', postal_code: '94105', country: 'US' }),
  'PUT /api/users/me/addresses/:id': () => ({ city: 'Oakland', state: 'CA' }),
};

/**
 * Routes that end the caller's sessions when they succeed (sign out everywhere): the matrix signs its
 * callers in again after each, so the routes checked later see a valid token.
 */
export const SESSION_ENDING_ROUTES: ReadonlySet<string> = new Set(['POST /api/auth/logout']);

/** Query strings that pass validation where a generated sample would not. */
export const SAMPLE_QUERIES: Readonly<Record<string, Record<string, string>>> = {
  'GET /api/search/ai': { q: 'walnut cutting board' },
  'GET /api/admin/payoutStats/stats': { dateRange: '30' },
  'GET /api/mail/unsubscribe': { u: '00000000-0000-4000-8000-000000000000', p: 'newOrder', s: 'forged' },
  'POST /api/mail/unsubscribe': { u: '00000000-0000-4000-8000-000000000000', p: 'newOrder', s: 'forged' },
  'GET /api/shipments/pickup-quote/:shipmentId': { pickupDate: '20300115', readyTime: '090000', closeTime: '170000' },
  'GET /api/shipments/consolidated-pickup-quote/:userId/:orderId': { pickupDate: '20300115', readyTime: '090000', closeTime: '170000' },
};

/** The route's rule key: `METHOD /path`, HEAD mapped to GET, no trailing slash. */
export function ruleKey(method: string, url: string): string {
  const path = url.length > 1 && url.endsWith('/') ? url.slice(0, -1) : url;
  return `${method === 'HEAD' ? 'GET' : method} ${path}`;
}

export function expectationFor(rule: RouteRule, persona: Persona): Expectation {
  if (rule.access === 'public') return rule.status === undefined ? { kind: 'allowed' } : { kind: 'status', status: rule.status };
  if (persona === 'anonymous') return { kind: 'status', status: 401 };
  if (rule.access === 'roles' && !rule.roles.includes(ROLE_OF[persona])) return { kind: 'status', status: 403 };
  if (persona === 'otherSeller' && rule.selfParams?.length) return { kind: 'not-yours' };
  return { kind: 'allowed' };
}

/** Whether a status meets the expectation (a 5xx never does). */
export function meets(expectation: Expectation, status: number): boolean {
  if (status >= 500) return false;
  switch (expectation.kind) {
    case 'status':
      return status === expectation.status;
    case 'not-yours':
      return status === 403 || status === 404;
    case 'allowed':
      return status !== 401 && status !== 403;
  }
}

export function describeExpectation(expectation: Expectation): string {
  switch (expectation.kind) {
    case 'status':
      return String(expectation.status);
    case 'not-yours':
      return '403 or 404 (not the caller’s own id)';
    case 'allowed':
      return 'neither 401 nor 403 (and no 5xx)';
  }
}

// ── placeholder requests: random ids, so handlers answer 404/400 instead of touching real rows ──

type JsonSchema = { [key: string]: unknown };

/** The request-side JSON schema of a route's zod schema (body or querystring). */
export function inputJsonSchema(schema: unknown): JsonSchema | null {
  if (!schema || typeof schema !== 'object') return null;
  if (schema instanceof z.ZodType) return z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as JsonSchema;
  return schema as JsonSchema;
}

const TEXT = 'Placeholder text from the authorization matrix. ';

function sampleString(schema: JsonSchema): string {
  if (schema.format === 'uuid' || schema.format === 'guid') return randomUUID();
  if (schema.format === 'email') return 'matrix@test.example';
  if (schema.format === 'date-time') return new Date().toISOString();
  if (schema.format === 'date') return '2030-01-15';
  if (typeof schema.pattern === 'string') return fc.sample(fc.stringMatching(new RegExp(schema.pattern)), { numRuns: 1, seed: 42 })[0] ?? '';
  const min = typeof schema.minLength === 'number' ? schema.minLength : 1;
  const max = typeof schema.maxLength === 'number' ? schema.maxLength : 40;
  const length = Math.max(min, Math.min(max, 20));
  return TEXT.repeat(Math.ceil(length / TEXT.length) + 1).slice(0, length);
}

function sampleNumber(schema: JsonSchema, integer: boolean): number {
  const min = typeof schema.minimum === 'number' ? schema.minimum : typeof schema.exclusiveMinimum === 'number' ? schema.exclusiveMinimum + 1 : 1;
  const max = typeof schema.maximum === 'number' ? schema.maximum : Number.MAX_SAFE_INTEGER;
  const value = Math.min(Math.max(min, 1), max);
  return integer ? Math.ceil(value) : value;
}

/** A small value that satisfies a JSON schema as far as the schema says (required properties only). */
export function sampleFromJsonSchema(schema: JsonSchema): unknown {
  if ('const' in schema) return schema.const;
  if (Array.isArray(schema.enum)) return schema.enum[0];
  if ('default' in schema) return schema.default;
  const variants = (schema.anyOf ?? schema.oneOf ?? schema.allOf) as JsonSchema[] | undefined;
  if (Array.isArray(variants) && variants.length > 0) return sampleFromJsonSchema(variants.find((variant) => variant.type !== 'null') ?? variants[0]!);
  const type = Array.isArray(schema.type) ? (schema.type as string[]).find((candidate) => candidate !== 'null') : (schema.type as string | undefined);
  switch (type) {
    case 'object': {
      const properties = (schema.properties ?? {}) as Record<string, JsonSchema>;
      const required = (schema.required ?? []) as string[];
      return Object.fromEntries(required.filter((name) => properties[name]).map((name) => [name, sampleFromJsonSchema(properties[name]!)]));
    }
    case 'array': {
      const count = typeof schema.minItems === 'number' ? schema.minItems : 0;
      return Array.from({ length: count }, () => sampleFromJsonSchema((schema.items ?? {}) as JsonSchema));
    }
    case 'string':
      return sampleString(schema);
    case 'integer':
      return sampleNumber(schema, true);
    case 'number':
      return sampleNumber(schema, false);
    case 'boolean':
      return false;
    case 'null':
      return null;
    default:
      return {};
  }
}

/** A query string from a flat object (arrays repeat the key). */
export function queryString(values: Record<string, unknown>): string {
  const parts: string[] = [];
  for (const [name, value] of Object.entries(values)) {
    for (const item of Array.isArray(value) ? value : [value]) {
      if (item === undefined) continue;
      parts.push(`${encodeURIComponent(name)}=${encodeURIComponent(typeof item === 'string' ? item : JSON.stringify(item))}`);
    }
  }
  return parts.length ? `?${parts.join('&')}` : '';
}

/** The route's path with every `:param` and `*` filled: own ids for `selfParams`, random ids otherwise. */
export function fillPath(url: string, rule: RouteRule | undefined, selfId: string): string {
  if (url === '*') return '/api/matrix-preflight';
  const selfParams = rule && rule.access !== 'public' ? (rule.selfParams ?? []) : [];
  return url
    .replace(/:(\w+)/g, (_match, name: string) => {
      if (selfParams.includes(name)) return selfId;
      if (name === 'token') return `matrix${randomUUID().replaceAll('-', '')}`;
      if (name === 'categorySlug') return 'no-such-category';
      if (name === 'accountId') return 'acct_matrix_placeholder';
      return randomUUID();
    })
    .replace(/\*$/, 'matrix-missing-file.txt');
}

/** Text that must never reach a client: stack frames, file paths, SQL and driver errors. */
export const INTERNAL_TEXT: readonly RegExp[] = [
  /\bat (?:async |new )?[\w$.<>]+ \(/,
  /\bat Object\./,
  /node_modules/,
  /\.[cm]?[jt]s:\d+:\d+/,
  /"stack"\s*:/,
  /Failed query:/i,
  /syntax error at or near/i,
  /relation "[^"]+" does not exist/i,
  /violates (?:foreign key|unique|not-null|check) constraint/i,
  /duplicate key value/i,
  /invalid input syntax for type/i,
  /\bPGlite\b|\bdrizzle\b/i,
];
