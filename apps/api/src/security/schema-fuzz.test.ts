import type { FastifyInstance, RouteOptions } from 'fastify';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/helper';
import { bearerFor } from '../../test/factories-commerce';
import { createUser } from '../../test/factories';
import { declaredRoutes } from '../../test/route-declarations';
import { fillPath, INTERNAL_TEXT, inputJsonSchema, sampleFromJsonSchema, SAMPLE_BODIES, SAMPLE_QUERIES } from '../../test/route-samples';
import type { RouteAccess } from '../plugins/route-access';

// Every route with a body or querystring schema gets arbitrary JSON and query values from
// the right role (so the handler, not only the auth check, sees them: the caller follows the access the
// route declares). The API must answer < 500 and never leak a stack trace, a file path or SQL. Routes
// come from the onRoute hook buildApp adds when asked (buildTestApp's `onRoute`, as in authorization-matrix.test.ts).

const registered: RouteOptions[] = [];
const onRoute = (route: RouteOptions) => {
  registered.push(route);
};

// ~20 runs per route keeps the file near 10 s; FUZZ_RUNS=500 for a deeper local search.
const RUNS_PER_ROUTE = Number(process.env.FUZZ_RUNS ?? 20);

interface FuzzRoute {
  method: string;
  url: string;
  key: string;
  rule: RouteAccess | null;
  body: Record<string, unknown> | null;
  querystring: Record<string, unknown> | null;
  headers: Record<string, unknown> | null;
}

function fuzzRoutes(options: RouteOptions[]): FuzzRoute[] {
  const seen = new Map<string, FuzzRoute>();
  for (const route of declaredRoutes(options)) {
    if (!route.body && !route.querystring) continue;
    if (route.method === 'HEAD' || seen.has(route.key)) continue;
    seen.set(route.key, {
      method: route.method,
      url: route.url,
      key: route.key,
      rule: route.access,
      body: inputJsonSchema(route.body),
      querystring: inputJsonSchema(route.querystring),
      headers: inputJsonSchema(route.headers),
    });
  }
  return [...seen.values()].sort((a, b) => a.key.localeCompare(b.key));
}

const testApp: TestApp = await buildTestApp({ onRoute });
const app: FastifyInstance = testApp.app;
const routes = fuzzRoutes(registered);
const users = {} as Record<'buyer' | 'seller' | 'admin', { id: string; token: string }>;

beforeAll(async () => {
  for (const role of ['buyer', 'seller', 'admin'] as const) {
    const user = await createUser(testApp.database.db, { role });
    users[role] = { id: user.id, token: await bearerFor(testApp, user) };
  }
});

afterAll(async () => {
  await testApp.close();
});

/** Someone the route lets in: nobody for public routes, else a user of the first allowed role. */
function callerFor(rule: RouteAccess | null): 'anonymous' | 'buyer' | 'seller' | 'admin' {
  if (!rule || rule.access === 'public') return 'anonymous';
  if (rule.access === 'signed-in') return 'buyer';
  return rule.roles[0] === 'seller' ? 'seller' : rule.roles[0] === 'admin' ? 'admin' : 'buyer';
}

/** The caller's own id (for `:userId`), headers with a token and required headers, and a valid body. */
function contextFor(route: FuzzRoute) {
  const caller = callerFor(route.rule);
  const selfId = caller === 'anonymous' ? users.seller.id : users[caller].id;
  const headerSample = route.headers ? (sampleFromJsonSchema(route.headers) as Record<string, string>) : {};
  const headers: Record<string, string> = { ...headerSample, ...(caller === 'anonymous' ? {} : { authorization: users[caller].token }) };
  const bodySample = route.body ? (SAMPLE_BODIES[route.key]?.(caller) ?? sampleFromJsonSchema(route.body)) : undefined;
  return { selfId, headers, bodySample };
}

// ── values nobody should send ──
const DANGEROUS_STRINGS = [
  '',
  ' ',
  '\u0000',
  "' OR 1=1 --",
  '"; drop table users; --',
  '../../../../etc/passwd',
  '<script>alert(1)</script>',
  '%00%ff',
  '\ud800',
  '😀'.repeat(50),
  'NaN',
  'Infinity',
  '-1',
  '1e309',
  '99999999999999999999999999',
  '00000000-0000-0000-0000-000000000000',
  'ffffffff-ffff-ffff-ffff-ffffffffffff',
  '__proto__',
  'constructor',
  '2024-02-30',
  '0x1F',
  'true',
  'null',
] as const;

const longString = fc.integer({ min: 300, max: 20_000 }).map((length) => 'x'.repeat(length));
const weirdString = fc.oneof(fc.constantFrom(...DANGEROUS_STRINGS), fc.string({ maxLength: 40 }), fc.string({ unit: 'grapheme', maxLength: 20 }), longString);
const weirdNumber = fc.oneof(
  fc.constantFrom(0, -0, -1, 1.5, 2 ** 31, 2 ** 53 + 1, Number.MAX_SAFE_INTEGER, -Number.MAX_SAFE_INTEGER, 1e308, -1e308, 5e-324),
  fc.integer(),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
);
const pollutingKey = fc.constantFrom('__proto__', 'constructor', 'prototype');
const anyKey = fc.oneof(fc.string({ maxLength: 12 }), pollutingKey);
const weirdValue: fc.Arbitrary<unknown> = fc.oneof(
  weirdString,
  weirdNumber,
  fc.constantFrom(null, true, false, [], {}),
  fc.anything({ maxDepth: 3, key: anyKey, withNullPrototype: true, withObjectString: true }),
  fc.array(weirdString, { maxLength: 5 }),
  fc.dictionary(anyKey, weirdString, { maxKeys: 4 }),
);

/** Raw JSON texts JSON.stringify cannot produce: prototype pollution, huge literals, deep nesting. */
function rawTexts(sample: unknown): string[] {
  const inner = JSON.stringify(sample ?? {}).slice(1, -1);
  const withSample = (extra: string) => (sample && typeof sample === 'object' && !Array.isArray(sample) && inner ? `{${inner},${extra}}` : `{${extra}}`);
  return [
    withSample('"__proto__":{"isAdmin":true,"role":"admin","polluted":"yes"}'),
    withSample('"constructor":{"prototype":{"polluted":"yes"}}'),
    '{"a":1e999999}',
    '123456789012345678901234567890123456789',
    `${'['.repeat(2000)}${']'.repeat(2000)}`,
    `${'{"a":'.repeat(500)}1${'}'.repeat(500)}`,
    '"just a string"',
    '[]',
    'null',
    '{"a":',
  ];
}

/** Arbitrary bodies, mostly near the route's own shape so the handler is reached. */
function bodyArbitrary(route: FuzzRoute, sample: unknown): fc.Arbitrary<string> {
  const keys = sample && typeof sample === 'object' && !Array.isArray(sample) ? Object.keys(sample) : [];
  const properties = route.body?.properties && typeof route.body.properties === 'object' ? Object.keys(route.body.properties) : [];
  const names = [...new Set([...keys, ...properties])];
  const nearShape =
    names.length > 0
      ? fc.tuple(fc.subarray(names, { minLength: 1 }), fc.array(weirdValue, { minLength: names.length, maxLength: names.length })).map(([mutated, values]) => {
          const body: Record<string, unknown> = { ...(sample as Record<string, unknown>) };
          mutated.forEach((name, index) => Object.defineProperty(body, name, { value: values[index], enumerable: true, configurable: true, writable: true }));
          return body;
        })
      : fc.constant({});
  return fc.oneof(
    { weight: 4, arbitrary: nearShape.map((body) => JSON.stringify(body) ?? 'null') },
    { weight: 2, arbitrary: weirdValue.map((value) => JSON.stringify(value) ?? 'null') },
    { weight: 1, arbitrary: fc.constantFrom(...rawTexts(sample)) },
  );
}

/** Arbitrary query strings: the schema's own names and random ones, odd values, repeated keys. */
function queryArbitrary(route: FuzzRoute): fc.Arbitrary<string> {
  const properties = route.querystring?.properties && typeof route.querystring.properties === 'object' ? Object.keys(route.querystring.properties) : [];
  const name = properties.length > 0 ? fc.oneof({ weight: 4, arbitrary: fc.constantFrom(...properties) }, { weight: 1, arbitrary: anyKey }) : anyKey;
  const value = fc.oneof(
    { weight: 3, arbitrary: weirdString.map(encode) },
    { weight: 1, arbitrary: weirdNumber.map((number) => encode(String(number))) },
    // Sent as they are: broken percent-encoding, bracket and dot notation.
    { weight: 1, arbitrary: fc.constantFrom('%', '%zz', '%E0%A4%A', '%ED%A0%80', '%00', 'a[b]=c', '[]', '..') },
  );
  return fc.array(fc.tuple(name, value), { maxLength: 6 }).map((pairs) => pairs.map(([key, text]) => `${encode(key)}=${text}`).join('&'));
}

/** encodeURIComponent, with a lone surrogate sent as the (invalid) UTF-8 bytes it would be. */
function encode(text: string): string {
  try {
    return encodeURIComponent(text);
  } catch {
    return '%ED%A0%80';
  }
}

function leaks(text: string): RegExp | undefined {
  return INTERNAL_TEXT.find((pattern) => pattern.test(text));
}

describe('schema fuzzing', () => {
  it('finds the routes with request schemas', () => {
    expect(routes.length).toBeGreaterThan(40);
    expect(routes.filter((route) => !route.rule).map((route) => `new route without an authorization rule: ${route.key}`)).toEqual([]);
  });

  it.each(routes.map((route) => [route.key, route] as const))('%s answers arbitrary input without a 5xx or internals', async (_name, route) => {
    const { selfId, headers, bodySample } = contextFor(route);
    const validQuery = SAMPLE_QUERIES[route.key];

    const input = fc.record({
      body: route.body ? bodyArbitrary(route, bodySample) : fc.constant(undefined),
      query: route.querystring ? queryArbitrary(route) : fc.constant(validQuery ? new URLSearchParams(validQuery).toString() : ''),
    });

    await fc.assert(
      fc.asyncProperty(input, async ({ body, query }) => {
        const url = `${fillPath(route.url, route.rule, selfId)}${query ? `?${query}` : ''}`;
        const response = await app.inject({
          method: route.method as 'POST',
          url,
          headers: body === undefined ? headers : { ...headers, 'content-type': 'application/json' },
          ...(body === undefined ? {} : { payload: body }),
        });
        const leaked = leaks(response.body);
        if (response.statusCode >= 500 || leaked) {
          throw new Error(
            `${route.method} ${url} answered ${response.statusCode}${leaked ? ` with internal text (${leaked})` : ''}: ${response.body.slice(0, 300)}\nbody sent: ${(body ?? '').slice(0, 300)}`,
          );
        }
      }),
      { numRuns: RUNS_PER_ROUTE },
    );
  });

  // The same fields, deterministically, with the values that most often reach the database badly: a NUL
  // byte (PostgreSQL text cannot hold one), numbers past int4 / 2^53 / double range, a very long text.
  const POISON: readonly unknown[] = ['\u0000', `a\u0000b`, 2 ** 31, 21_474_837, Number.MAX_SAFE_INTEGER, 1e308, -1e308, 'x'.repeat(20_000)];

  it.each(routes.map((route) => [route.key, route] as const))(
    '%s survives NUL bytes, out-of-range numbers and long texts in every field',
    async (_name, route) => {
      const { selfId, headers, bodySample } = contextFor(route);
      const validQuery = SAMPLE_QUERIES[route.key] ?? {};
      const bodyFields = route.body?.properties && typeof route.body.properties === 'object' ? Object.keys(route.body.properties) : [];
      const queryFields = route.querystring?.properties && typeof route.querystring.properties === 'object' ? Object.keys(route.querystring.properties) : [];

      const cases: Array<{ body?: unknown; query: Record<string, string> }> = [];
      for (const field of bodyFields) for (const value of POISON) cases.push({ body: { ...(bodySample as object), [field]: value }, query: validQuery });
      for (const field of queryFields) for (const value of POISON) cases.push({ query: { ...validQuery, [field]: String(value) } });

      const failures: string[] = [];
      for (const { body, query } of cases) {
        const search = new URLSearchParams(query).toString();
        const url = `${fillPath(route.url, route.rule, selfId)}${search ? `?${search}` : ''}`;
        const payload = body === undefined ? (bodySample === undefined ? undefined : JSON.stringify(bodySample)) : JSON.stringify(body);
        const response = await app.inject({
          method: route.method as 'POST',
          url,
          headers: payload === undefined ? headers : { ...headers, 'content-type': 'application/json' },
          ...(payload === undefined ? {} : { payload }),
        });
        const leaked = leaks(response.body);
        if (response.statusCode >= 500 || leaked) failures.push(`${response.statusCode} ${url.slice(0, 160)} ${payload ? payload.slice(0, 160) : ''}`);
      }
      expect(failures).toEqual([]);
    },
  );

  it('left Object.prototype alone', () => {
    const probe = {} as Record<string, unknown>;
    expect(probe.polluted).toBeUndefined();
    expect(probe.isAdmin).toBeUndefined();
    expect(probe.role).toBeUndefined();
  });

  it('still treats every fuzzing user as who they are', async () => {
    for (const role of ['buyer', 'seller', 'admin'] as const) {
      const me = await app.inject({ method: 'GET', url: '/api/auth/me', headers: { authorization: users[role].token } });
      expect(me.statusCode).toBe(200);
      expect(me.json()).toMatchObject({ user: { role } });
    }
  });
});
