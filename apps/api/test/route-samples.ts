import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { z } from 'zod';
import type { Role } from '@marketplace/contracts/auth';
import type { RouteAccess } from '../src/plugins/route-access';

/**
 * What the security tests send the app's routes (security/authorization-matrix.test.ts,
 * security/schema-fuzz.test.ts): the callers, what each must get back from a route given its declared
 * access (plugins/route-access.ts), placeholder requests that pass validation, and the text no answer
 * may show. Keys are `METHOD /path` as Fastify registers the route (params as `:name`), HEAD as GET.
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

/** What a caller must get back. `allowed` = past authentication and authorization (not 401/403). */
export type Expectation = { kind: 'allowed' } | { kind: 'status'; status: number } | { kind: 'not-yours' };

/**
 * Request inputs that pass validation, for routes whose schema a generated sample cannot satisfy.
 * Auth runs before validation (preValidation hooks), so these only matter for the callers who may
 * use the route: with a valid body they reach the handler and show its real answer, not a 400.
 */
export const SAMPLE_BODIES: Readonly<Record<string, (persona: Persona) => unknown>> = {
  'POST /api/auth/signup': (persona) => ({
    email: `matrix-${persona}-${Date.now()}@test.example`,
    password: 'matrix-password',
    firstName: 'Matrix',
    lastName: 'Caller',
    role: 'buyer',
  }),
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
  'POST /api/users/me/addresses': () => ({
    name: 'Matrix Home',
    line1: '1 Market St',
    city: 'San Francisco',
    state: 'CA',
    postal_code: '94105',
    country: 'US',
  }),
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

export function expectationFor(rule: RouteAccess, persona: Persona): Expectation {
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
export function fillPath(url: string, rule: RouteAccess | null | undefined, selfId: string): string {
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
