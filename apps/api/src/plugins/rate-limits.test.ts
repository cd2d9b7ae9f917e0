import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { createServer, Socket, type Server } from 'node:net';
import Fastify, { type LightMyRequestResponse, type RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/helper';
import { createUser, FACTORY_PASSWORD } from '../../test/factories';
import { bearerFor } from '../../test/factories-commerce';
import { redisAnswers } from '../../test/redis';
import { users } from '../modules/users/users.schema';
import { declaredRoutes } from '../../test/route-declarations';
import { isUnlimited, type RouteRateLimit } from '../security/rate-limits';
import errorHandler from './error-handler';
import rateLimits from './rate-limits';

// Per-client request limits (plugins/rate-limits.ts, security/rate-limits.ts, docs/product/limits-abuse.md).
// Most tests run with the production limits (RATE_LIMIT_SCALE=1; the test default is a hundred times higher).
// The limits each route declares are read from the routes the production-limits app registers (buildTestApp's `onRoute`).

const registered: RouteOptions[] = [];
const onRoute = (route: RouteOptions) => {
  registered.push(route);
};

const PRODUCTION = { RATE_LIMIT_SCALE: '1' } as const;

/**
 * A refusal as every limit answers it: 429 `{ error, code: "rate_limited", retryAfterSeconds }` and Retry-After
 * (the phone upload's answers add their own `success` and `message`).
 */
function expectRateLimited(response: LightMyRequestResponse, windowSeconds: number) {
  expect(response.statusCode, response.body).toBe(429);
  const body = response.json() as { error: string; code: string; retryAfterSeconds: number };
  expect(body).toMatchObject({
    error: expect.stringMatching(/^Too many requests\. Try again in \d+ (second|minute)s?\.$/),
    code: 'rate_limited',
    retryAfterSeconds: expect.any(Number),
  });
  expect(body.retryAfterSeconds).toBeGreaterThan(0);
  expect(body.retryAfterSeconds).toBeLessThanOrEqual(windowSeconds);
  expect(response.headers['retry-after']).toBe(String(body.retryAfterSeconds));
}

const fillParams = (url: string) => url.replace(/:\w+/g, () => randomUUID()).replace('*', 'x.png');
let addressCounter = 0;
/** A client address no other test uses. */
const newAddress = () => `198.51.100.${(addressCounter += 1)}`;

// Built before the tests are collected, so its routes' limits name the tests below.
const productionApp: TestApp = await buildTestApp({ environment: { ...PRODUCTION }, onRoute });
const productionRoutes = declaredRoutes(registered);

describe('the production limits, route by route', () => {
  const testApp = productionApp;
  afterAll(async () => {
    await testApp.close();
  });

  // Every route with a limit of its own (HEAD aside; the files' and Stripe's generous ones apart: thousands of requests).
  const limited = productionRoutes
    .filter((route) => route.method !== 'HEAD')
    .flatMap(
      (route): Array<[string, RouteRateLimit]> =>
        route.requestLimit && !isUnlimited(route.requestLimit) && route.requestLimit.max <= 300 ? [[route.key, route.requestLimit]] : [],
    );

  it.each(limited)('%s: the limit’s requests go through, the next one is refused, another client is not', async (key, limit) => {
    const [method, url] = key.split(' ') as ['GET' | 'POST' | 'PUT', string];
    const address = newAddress();
    // Anonymous, with no valid body: the limit counts every request before it is read or checked.
    const send = (remoteAddress: string) => testApp.app.inject({ method, url: fillParams(url), remoteAddress });
    for (let index = 0; index < limit.max; index += 1) {
      // A limit with a share per second is met a second at a time.
      if (limit.perSecond && index > 0 && index % limit.perSecond === 0) testApp.clock.advance(1000);
      const answer = await send(address);
      expect(answer.statusCode, `request ${index + 1}: ${answer.body}`).not.toBe(429);
    }
    expectRateLimited(await send(address), limit.windowSeconds);
    expect((await send(newAddress())).statusCode).not.toBe(429);
  });

  const perSecond = limited.filter(([, limit]) => limit.perSecond !== undefined);
  it('gives the probes, the scrape and the pages a share per second', () => {
    expect(perSecond.map(([key]) => key).sort()).toEqual(['GET /api/health', 'GET /api/health/live', 'GET /api/health/ready', 'GET /metrics']);
  });

  it.each(perSecond)('%s: a second’s share goes through, the next one in that second is refused for a second', async (key, limit) => {
    const url = key.split(' ')[1]!;
    const address = newAddress();
    const send = (remoteAddress: string, method: 'GET' | 'HEAD' = 'GET') => testApp.app.inject({ method, url, remoteAddress });
    testApp.clock.advance(1000);
    for (let index = 0; index < limit.perSecond!; index += 1) expect((await send(address, index % 2 ? 'HEAD' : 'GET')).statusCode).not.toBe(429);
    const refused = await send(address);
    expectRateLimited(refused, 1);
    expect(refused.json().error).toBe('Too many requests. Try again in 1 second.');
    expect((await send(newAddress())).statusCode).not.toBe(429);
    testApp.clock.advance(1000);
    expect((await send(address)).statusCode).not.toBe(429);
  });

  it('answers 30 sign-ups from one address within the hour with ten accounts, not thirty', async () => {
    const address = newAddress();
    const answers: number[] = [];
    for (let index = 0; index < 30; index += 1) {
      const response = await testApp.app.inject({
        method: 'POST',
        url: '/api/auth/signup',
        remoteAddress: address,
        payload: { email: `flood-${randomUUID()}@example.com`, password: 'a sturdy passphrase for tests 42', firstName: 'Flo', lastName: 'Od', role: 'buyer' },
      });
      answers.push(response.statusCode);
    }
    expect(answers.filter((status) => status === 429)).toHaveLength(20);
    expect(answers.slice(10).every((status) => status === 429)).toBe(true);
  });
});

describe('the global budget', () => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await buildTestApp({
      environment: { ...PRODUCTION, RATE_LIMIT_GLOBAL_PER_MINUTE: '6' },
      // A route that calls the API in-process, as the server render does (plugins/server-rendering.ts).
      beforeReady: (app) => {
        app.get('/test/render', async () => ({ inner: (await app.inject({ method: 'GET', url: '/api/categories' })).statusCode }));
      },
    });
  });
  afterAll(async () => {
    await testApp.close();
  });
  const categories = (remoteAddress: string, headers: Record<string, string> = {}) =>
    testApp.app.inject({ method: 'GET', url: '/api/categories', remoteAddress, headers });

  it('counts every route without a limit of its own together, per client, and health and readiness apart', async () => {
    const address = newAddress();
    for (let index = 0; index < 3; index += 1) expect((await categories(address)).statusCode).toBe(200);
    for (let index = 0; index < 3; index += 1)
      expect((await testApp.app.inject({ method: 'GET', url: '/api/settings/public', remoteAddress: address })).statusCode).toBe(200);
    const refused = await categories(address, { origin: 'http://localhost:3000' });
    expectRateLimited(refused, 60);
    // The page that asked can read the refusal (CORS), and its id is named like any answer's.
    expect(refused.headers['access-control-allow-origin']).toBe('http://localhost:3000');
    expect(refused.headers['x-request-id']).toEqual(expect.any(String));
    expectRateLimited(await testApp.app.inject({ method: 'GET', url: '/api/settings/public', remoteAddress: address }), 60);
    // Health, liveness and readiness have budgets of their own, far above any load balancer's probing.
    for (let index = 0; index < 20; index += 1) {
      testApp.clock.advance(1000); // a probe a second
      for (const url of ['/api/health', '/api/health/live', '/api/health/ready'])
        expect((await testApp.app.inject({ method: 'GET', url, remoteAddress: address })).statusCode).toBe(200);
    }
    expect((await categories(newAddress())).statusCode).toBe(200);
  });

  it('counts what no route answers (the web pages, unknown paths) per address, 600 a minute, apart from the routes', async () => {
    const address = newAddress();
    const unrouted = (url: string, remoteAddress: string, headers: Record<string, string> = {}) =>
      testApp.app.inject({ method: 'GET', url, remoteAddress, headers });
    // Pages (answered by the built web app, or "not built" without one) and unknown API paths share the count.
    for (let index = 0; index < 600; index += 1) {
      if (index > 0 && index % 20 === 0) testApp.clock.advance(1000); // 20 a second, 30 seconds
      const answer = await unrouted(index % 3 === 0 ? '/api/no-such-route' : `/products/${index}`, address);
      expect(answer.statusCode, answer.body).not.toBe(429);
    }
    expectRateLimited(await unrouted('/', address), 60);
    expectRateLimited(await unrouted('/api/no-such-route', address), 60);
    // A signed-in visitor's pages count for their address too (the page is the same for everyone).
    const user = await createUser(testApp.database.db);
    expectRateLimited(await unrouted('/products', address, { authorization: await bearerFor(testApp, user) }), 60);
    // The routes' budgets are counted apart, and another address has its own count.
    expect((await categories(address)).statusCode).toBe(200);
    expect((await unrouted('/', newAddress())).statusCode).not.toBe(429);
  });

  it('lets one address have at most 20 of those in a second, so a flood cannot spend its minute at once', async () => {
    const address = newAddress();
    const page = (remoteAddress: string) => testApp.app.inject({ method: 'GET', url: '/products', remoteAddress });
    testApp.clock.advance(1000);
    for (let index = 0; index < 20; index += 1) expect((await page(address)).statusCode).not.toBe(429);
    const refused = await page(address);
    expectRateLimited(refused, 1);
    expect((await page(newAddress())).statusCode).not.toBe(429);
    testApp.clock.advance(1000);
    expect((await page(address)).statusCode).not.toBe(429);
  });

  it('counts a signed-in user by their account: two users behind one address have a budget each, one user on two addresses one', async () => {
    const address = newAddress();
    const [first, second] = [await createUser(testApp.database.db), await createUser(testApp.database.db)];
    const firstToken = await bearerFor(testApp, first);
    for (let index = 0; index < 6; index += 1)
      expect((await categories(index % 2 === 0 ? address : newAddress(), { authorization: firstToken })).statusCode).toBe(200);
    expectRateLimited(await categories(newAddress(), { authorization: firstToken }), 60);
    expect((await categories(address, { authorization: await bearerFor(testApp, second) })).statusCode).toBe(200);
    // A forged token names nobody: its sender is counted by address.
    const forged = `Bearer ${firstToken.slice(7, -4)}AAAA`;
    const forgedAddress = newAddress();
    for (let index = 0; index < 6; index += 1) expect((await categories(forgedAddress, { authorization: forged })).statusCode).toBe(200);
    expectRateLimited(await categories(forgedAddress), 60);
  });

  it('counts a token that was logged out, or of a suspended account, against its sender’s address, never its owner’s budget', async () => {
    const owner = await createUser(testApp.database.db);
    const oldToken = await bearerFor(testApp, owner);
    const logout = await testApp.app.inject({ method: 'POST', url: '/api/auth/logout', headers: { authorization: oldToken }, remoteAddress: newAddress() });
    expect(logout.statusCode, logout.body).toBeLessThan(300);
    const [{ sessionVersion } = { sessionVersion: 0 }] = await testApp.database.db
      .select({ sessionVersion: users.sessionVersion })
      .from(users)
      .where(eq(users.id, owner.id));
    const newToken = await bearerFor(testApp, { ...owner, sessionVersion });

    // Someone replays the old token: it spends their address's budget…
    const replayer = newAddress();
    for (let index = 0; index < 6; index += 1) expect((await categories(replayer, { authorization: oldToken })).statusCode).toBe(200);
    expectRateLimited(await categories(replayer, { authorization: oldToken }), 60);
    // …and the owner's new session keeps its own.
    for (let index = 0; index < 4; index += 1) expect((await categories(newAddress(), { authorization: newToken })).statusCode).toBe(200);

    // A suspended account's still-unexpired token names nobody either.
    const suspended = await createUser(testApp.database.db);
    const suspendedToken = await bearerFor(testApp, suspended);
    await testApp.database.db.update(users).set({ status: 'suspended' }).where(eq(users.id, suspended.id));
    const suspendedSender = newAddress();
    for (let index = 0; index < 6; index += 1) expect((await categories(suspendedSender, { authorization: suspendedToken })).statusCode).toBe(200);
    expectRateLimited(await categories(suspendedSender), 60);
  });

  it('ignores X-Forwarded-For unless TRUST_PROXY says so: a client cannot pick a fresh address per request', async () => {
    const address = newAddress();
    for (let index = 0; index < 6; index += 1) expect((await categories(address, { 'x-forwarded-for': newAddress() })).statusCode).toBe(200);
    expectRateLimited(await categories(address, { 'x-forwarded-for': newAddress() }), 60);
  });

  it('counts the server render’s own calls to the API against the visitor, not against the server', async () => {
    const visitor = newAddress();
    // Each render is two requests of the visitor's: the page and its call.
    for (let index = 0; index < 3; index += 1)
      expect((await testApp.app.inject({ method: 'GET', url: '/test/render', remoteAddress: visitor })).json()).toEqual({ inner: 200 });
    expectRateLimited(await categories(visitor), 60);
    // The in-process calls did not spend the loopback address's budget.
    expect((await categories('127.0.0.1')).statusCode).toBe(200);
    // …and another visitor's render is not refused.
    expect((await testApp.app.inject({ method: 'GET', url: '/test/render', remoteAddress: newAddress() })).json()).toEqual({ inner: 200 });
  });
});

describe('RATE_LIMITS=off (load benches)', () => {
  it('counts nothing: not the global budget, not a route’s', async () => {
    const testApp = await buildTestApp({ environment: { ...PRODUCTION, RATE_LIMITS: 'off', RATE_LIMIT_GLOBAL_PER_MINUTE: '1' } });
    try {
      for (let index = 0; index < 15; index += 1) {
        expect((await testApp.app.inject({ method: 'GET', url: '/api/categories' })).statusCode).toBe(200);
        expect((await testApp.app.inject({ method: 'POST', url: '/api/auth/signup', payload: {} })).statusCode).toBe(400);
      }
    } finally {
      await testApp.close();
    }
  });
});

describe('behind a trusted proxy (TRUST_PROXY=1)', () => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await buildTestApp({ environment: { ...PRODUCTION, RATE_LIMIT_GLOBAL_PER_MINUTE: '3', TRUST_PROXY: '1' } });
  });
  afterAll(async () => {
    await testApp.close();
  });

  it('counts the address the proxy forwarded, whichever proxy sent it', async () => {
    const client = newAddress();
    const viaProxy = (proxy: string, forwardedFor: string) =>
      testApp.app.inject({ method: 'GET', url: '/api/categories', remoteAddress: proxy, headers: { 'x-forwarded-for': forwardedFor } });
    for (const proxy of ['10.0.0.1', '10.0.0.2', '10.0.0.1']) expect((await viaProxy(proxy, client)).statusCode).toBe(200);
    expectRateLimited(await viaProxy('10.0.0.2', client), 60);
    // Another client behind the same proxy has its own count.
    expect((await viaProxy('10.0.0.1', newAddress())).statusCode).toBe(200);
    // Only the nearest hop is trusted: an address the client wrote before the proxy's is not the one counted.
    expectRateLimited(await viaProxy('10.0.0.1', `${newAddress()}, ${client}`), 60);
  });
});

describe('login: rotating X-Forwarded-For', () => {
  const guess = (testApp: TestApp, email: string, password: string, forwardedFor: string) =>
    testApp.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      remoteAddress: '10.0.0.1',
      headers: { 'x-forwarded-for': forwardedFor },
      payload: { email, password },
    });

  it('does not change the address counted when no proxy is trusted: five failures, then a wait', async () => {
    const testApp = await buildTestApp({ environment: { ...PRODUCTION } });
    try {
      const user = await createUser(testApp.database.db);
      const answers = [];
      for (let index = 0; index < 8; index += 1) answers.push((await guess(testApp, user.email, 'wrong-password', newAddress())).statusCode);
      expect(answers).toEqual([401, 401, 401, 401, 401, 429, 429, 429]);
      expect((await guess(testApp, user.email, FACTORY_PASSWORD, newAddress())).statusCode).toBe(429);
    } finally {
      await testApp.close();
    }
  });

  it('still runs out per account when the proxy is trusted and every guess comes from a new address', async () => {
    const testApp = await buildTestApp({ environment: { ...PRODUCTION, TRUST_PROXY: 'true' } });
    try {
      const user = await createUser(testApp.database.db);
      const answers = [];
      for (let index = 0; index < 25; index += 1) answers.push((await guess(testApp, user.email, 'wrong-password', newAddress())).statusCode);
      expect(answers).toEqual([...Array<number>(20).fill(401), ...Array<number>(5).fill(429)]);
      // The right password waits too, from any address, until the window has passed.
      const refused = await guess(testApp, user.email, FACTORY_PASSWORD, newAddress());
      expect(refused.statusCode).toBe(429);
      expect(refused.json()).toMatchObject({ code: 'rate_limited', retryAfterSeconds: expect.any(Number) });
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
      // Another account is not touched.
      const other = await createUser(testApp.database.db);
      expect((await guess(testApp, other.email, FACTORY_PASSWORD, newAddress())).statusCode).toBe(200);
      testApp.clock.advance(15 * 60 * 1000 + 1000);
      expect((await guess(testApp, user.email, FACTORY_PASSWORD, newAddress())).statusCode).toBe(200);
    } finally {
      await testApp.close();
    }
  });
});

// Two instances over one Redis: only with REDIS_URL (CI's Redis stage; locally `REDIS_URL=redis://127.0.0.1:6379`).
const redisUrl = process.env.REDIS_URL;
const hasRedis = Boolean(redisUrl) && (await redisAnswers(redisUrl!));
describe.skipIf(!hasRedis)('with Redis (skipped unless REDIS_URL is set and answers)', () => {
  const prefix = `rate-limits-test-${process.pid}-${randomUUID().slice(0, 8)}`;

  it('shares the count between instances: the limit holds across both', async () => {
    const environment = { ...PRODUCTION, REDIS_URL: redisUrl!, REDIS_KEY_PREFIX: prefix, RATE_LIMIT_GLOBAL_PER_MINUTE: '4' };
    const first = await buildTestApp({ environment });
    const second = await buildTestApp({ environment, sharedDatabase: first.database });
    try {
      const address = newAddress();
      const at = (testApp: TestApp) => testApp.app.inject({ method: 'GET', url: '/api/categories', remoteAddress: address });
      for (const testApp of [first, second, first, second]) expect((await at(testApp)).statusCode).toBe(200);
      expectRateLimited(await at(first), 60);
      expectRateLimited(await at(second), 60);
      // A route's own limit too: sign-up's ten an hour, five through each instance.
      const signupAddress = newAddress();
      const signup = (testApp: TestApp) => testApp.app.inject({ method: 'POST', url: '/api/auth/signup', remoteAddress: signupAddress, payload: {} });
      for (let index = 0; index < 10; index += 1) expect((await signup(index % 2 === 0 ? first : second)).statusCode).toBe(400);
      expectRateLimited(await signup(second), 3600);
    } finally {
      await second.close();
      await first.close();
    }
  });

  it('counts an account’s failed logins over both instances together, whatever address each guess names', async () => {
    const environment = { ...PRODUCTION, REDIS_URL: redisUrl!, REDIS_KEY_PREFIX: `${prefix}-login`, TRUST_PROXY: 'true' };
    const first = await buildTestApp({ environment });
    const second = await buildTestApp({ environment, sharedDatabase: first.database });
    try {
      const user = await createUser(first.database.db);
      const guess = (testApp: TestApp, password: string) =>
        testApp.app.inject({
          method: 'POST',
          url: '/api/auth/login',
          remoteAddress: '10.0.0.1',
          headers: { 'x-forwarded-for': newAddress() },
          payload: { email: user.email, password },
        });
      const answers = [];
      for (let index = 0; index < 21; index += 1) answers.push((await guess(index % 2 === 0 ? first : second, 'wrong-password')).statusCode);
      expect(answers).toEqual([...Array<number>(20).fill(401), 429]);
      expect((await guess(second, FACTORY_PASSWORD)).statusCode).toBe(429);
    } finally {
      await second.close();
      await first.close();
    }
  });

  it('keeps answering when Redis goes away, counting in memory until it is back', async () => {
    // A Redis reached through a relay this test can cut and bring back on the same port.
    const target = new URL(redisUrl!);
    const relayed = new Set<Socket>();
    const startRelay = (port: number) =>
      new Promise<Server>((resolve) => {
        const server = createServer((inbound) => {
          const outbound = new Socket();
          outbound.connect(Number(target.port || 6379), target.hostname);
          inbound.pipe(outbound).pipe(inbound);
          for (const socket of [inbound, outbound]) {
            relayed.add(socket);
            socket.on('error', () => undefined);
            socket.on('close', () => relayed.delete(socket));
          }
        });
        server.listen(port, '127.0.0.1', () => resolve(server));
      });
    let relay: Server = await startRelay(0);
    const port = (relay.address() as { port: number }).port;
    const relayUrl = new URL(redisUrl!);
    relayUrl.hostname = '127.0.0.1';
    relayUrl.port = String(port);
    // The plugin alone on a bare app, so no other Redis client of the API is in the way.
    const logs: string[] = [];
    const app = Fastify();
    await app.register(errorHandler);
    await app.register(rateLimits, {
      enabled: true,
      globalPerMinute: 5,
      scale: 1,
      redisUrl: relayUrl.toString(),
      redisKeyPrefix: `${prefix}-relay`,
      userIdOf: async () => null,
      onError: (error) => logs.push(String(error)),
    });
    app.get('/thing', async () => ({ ok: true }));
    await app.ready();
    try {
      const address = newAddress();
      const thing = () => app.inject({ method: 'GET', url: '/thing', remoteAddress: address });
      expect((await thing()).statusCode).toBe(200);
      // Redis gone: no new connections, the open ones cut.
      await new Promise((resolve) => {
        relay.close(resolve);
        for (const socket of relayed) socket.destroy();
      });
      const started = Date.now();
      const answers = [];
      for (let index = 0; index < 6; index += 1) answers.push((await thing()).statusCode);
      // Answered at once (no request waits on the lost connection), and still limited: in memory, from zero.
      expect(Date.now() - started).toBeLessThan(3000);
      expect(answers).toEqual([200, 200, 200, 200, 200, 429]);
      expect(logs.length).toBeGreaterThan(0);
      // Redis back: counted there again (the count it held before the cut, plus these).
      relay = await startRelay(port);
      const deadline = Date.now() + 20_000;
      let answer = await thing();
      while (answer.statusCode === 429 && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 200));
        answer = await thing();
      }
      expect(answer.statusCode).toBe(200);
    } finally {
      await app.close();
      relay.close();
      for (const socket of relayed) socket.destroy();
    }
  });
});

if (!hasRedis) {
  describe('with Redis', () => {
    it.skip('is skipped: set REDIS_URL (e.g. redis://127.0.0.1:6379) to run the tests of two instances sharing their counts', () => undefined);
  });
}
