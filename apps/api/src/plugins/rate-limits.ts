import { AsyncLocalStorage } from 'node:async_hooks';
import { createHash } from 'node:crypto';
import rateLimit, { normalizeIP, type FastifyRateLimitStore, type RateLimitOptions } from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest, RouteOptions } from 'fastify';
import fp from 'fastify-plugin';
import { createClient } from 'redis';
import { errorResponseSchema } from '@marketplace/contracts/common';
import { API_ERROR_CODES } from '@marketplace/contracts/error-codes';
import { HttpError } from '../lib/http-errors';
import { closeRedis, connectRedis } from '../lib/redis-connection';
import { isUnlimited, UNROUTED, type RateLimitSubject } from '../security/rate-limits';
import { requestLimitOf, routeKey } from './route-access';

/**
 * Per-client request limits (docs/product/limits-abuse.md): @fastify/rate-limit, registered once, with
 * the limit each route declares (`config.requestLimit`, made with security/rate-limits.ts; the
 * framework's routes have theirs in ./route-access.ts) put on it as it is registered (an onRoute hook).
 * Routes without one share the global budget. Counts are fixed windows, kept
 * in Redis with REDIS_URL (every instance shares them) and in this process's memory otherwise; if Redis
 * fails, this instance counts in memory until it answers again, and the API keeps answering.
 *
 * Who is counted: the signed-in user when the request carries a live session's bearer token, else the client's
 * address (`request.ip`: the socket's, or the one TRUST_PROXY's proxies forwarded). The server render's
 * own calls to the API (plugins/server-rendering.ts, through `inject`) count against the visitor whose
 * page they render, not against the server's loopback address.
 */
export interface RateLimitsOptions {
  enabled: boolean;
  /** Requests per minute per client on routes without a limit of their own (before `scale`). */
  globalPerMinute: number;
  /** Multiplies every limit (RATE_LIMIT_SCALE). */
  scale: number;
  redisUrl: string | undefined;
  redisKeyPrefix: string;
  /**
   * The user a bearer token names when it is a live session (signature, expiry, the account active and the
   * session not ended: the auth service's check, with its short user cache), else null.
   */
  userIdOf: (token: string) => Promise<string | null>;
  onError: (error: unknown) => void;
  /** The time, in milliseconds, the windows counted in memory run by (the app's clock, which tests move); Date.now by default. */
  now?: () => number;
}

const SECOND_MS = 1000;
/** How long one Redis call may take before this instance counts the request in memory instead. */
export const REDIS_CALL_TIMEOUT_MS = 500;
/** Counts kept in memory at most (one per client and route in the window); the oldest go first. */
const MEMORY_ENTRIES = 100_000;
/** A Redis failure is logged at most this often (every request would otherwise log it). */
const ERROR_LOG_INTERVAL_MS = 10_000;

interface Count {
  current: number;
  /** Milliseconds until the window ends. */
  ttl: number;
}

interface Counter {
  incr(key: string, windowMs: number): Promise<Count>;
  close(): Promise<void>;
}

/** Fixed windows in this process's memory. */
function createMemoryCounter(clock: () => number): Counter {
  const windows = new Map<string, { current: number; endsAt: number }>();
  return {
    async incr(key, windowMs) {
      const now = clock();
      let window = windows.get(key);
      if (!window || window.endsAt <= now) window = { current: 0, endsAt: now + windowMs };
      window.current += 1;
      // Re-inserted, so the map's order is least recently counted first.
      windows.delete(key);
      windows.set(key, window);
      if (windows.size > MEMORY_ENTRIES) {
        const oldest = windows.keys().next().value;
        if (oldest !== undefined) windows.delete(oldest);
      }
      return { current: window.current, ttl: window.endsAt - now };
    },
    close: async () => undefined,
  };
}

/** Counts the request and starts the window on the first one; answers the count and the window's time left. */
const INCREMENT_SCRIPT = `
local current = redis.call('INCR', KEYS[1])
local ttl = redis.call('PTTL', KEYS[1])
if current == 1 or ttl < 0 then
  redis.call('PEXPIRE', KEYS[1], ARGV[1])
  ttl = tonumber(ARGV[1])
end
return {current, ttl}`;

/**
 * Fixed windows in Redis, shared by every instance: one counter per (limit, client), the client hashed (no
 * address or user id is stored), `<prefix>:rate-limit:<limit>:<sha-256>`, expiring with its window. A call
 * that fails or takes longer than REDIS_CALL_TIMEOUT_MS is counted in memory instead (the offline queue is
 * off, so a lost connection fails at once rather than holding requests).
 */
async function createRedisCounter(options: { redisUrl: string; prefix: string; onError: (error: unknown) => void; now: () => number }): Promise<Counter> {
  const client = createClient({ url: options.redisUrl, RESP: 2, disableOfflineQueue: true });
  let lastLogged = 0;
  const report = (error: unknown) => {
    const now = Date.now();
    if (now - lastLogged < ERROR_LOG_INTERVAL_MS) return;
    lastLogged = now;
    options.onError(error);
  };
  client.on('error', report);
  await connectRedis(client, { url: options.redisUrl, purpose: 'request limits' });
  const local = createMemoryCounter(options.now);
  return {
    async incr(key, windowMs) {
      let timer: NodeJS.Timeout | undefined;
      try {
        const stored = `${options.prefix}:rate-limit:${createHash('sha256').update(key).digest('hex')}`;
        const answer = client.eval(INCREMENT_SCRIPT, { keys: [stored], arguments: [String(windowMs)] });
        const timedOut = new Promise<never>((_, reject) => {
          timer = setTimeout(() => reject(new Error(`Redis did not answer within ${REDIS_CALL_TIMEOUT_MS} ms`)), REDIS_CALL_TIMEOUT_MS);
        });
        answer.catch(() => undefined);
        const [current, ttl] = (await Promise.race([answer, timedOut])) as [number, number];
        return { current: Number(current), ttl: Number(ttl) };
      } catch (error) {
        report(error);
        return local.incr(key, windowMs);
      } finally {
        clearTimeout(timer);
      }
    },
    async close() {
      await closeRedis(client);
    },
  };
}

/** The store @fastify/rate-limit asks: one per limit (the global one, each route's), all over one counter. */
function storeOver(counter: Counter) {
  return class RateLimitStore implements FastifyRateLimitStore {
    readonly name: string;
    constructor(options: unknown) {
      const route = (options as { routeInfo?: { method?: string | string[]; url?: string } }).routeInfo;
      this.name = route?.url ? routeKey([route.method ?? 'GET'].flat()[0] ?? 'GET', route.url) : 'global';
    }
    incr(key: string, callback: (error: Error | null, result?: Count) => void, timeWindow: number) {
      counter.incr(`${this.name}|${key}`, timeWindow).then(
        (count) => callback(null, count),
        (error: Error) => callback(error),
      );
    }
    child(options: unknown) {
      return new RateLimitStore(options);
    }
  };
}

const BEARER = /^Bearer\s+(\S+)$/i;

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * Counts a request no route answers (a web page, an unknown path) against its address's UNROUTED budget;
     * once it is spent, answers the refusal to send (null until then). Absent when the limits are off. Called
     * by the not-found handler (./web-app.ts): @fastify/rate-limit only counts routes. It answers rather than
     * throws: a flood is mostly refusals, and a refusal sent as it is costs a fraction of an error thrown
     * through the error handler (bench/README.md, "HTTP flood").
     */
    countUnrouted?: (request: FastifyRequest) => Promise<Refusal | null>;
  }
}

/** A 429's content: the sentence shown (`error`) and how long to wait. */
export interface Refusal {
  error: string;
  code: typeof API_ERROR_CODES.rateLimited;
  retryAfterSeconds: number;
}

function refusalOf(ttlMs: number): Refusal {
  const seconds = Math.max(1, Math.ceil(ttlMs / 1000));
  return { error: `Too many requests. Try again in ${waitPhrase(seconds)}.`, code: API_ERROR_CODES.rateLimited, retryAfterSeconds: seconds };
}

/** The 429 every limit answers: `{ error, code: "rate_limited", retryAfterSeconds }` and Retry-After. */
function tooManyRequests(ttlMs: number): HttpError {
  const { error, ...details } = refusalOf(ttlMs);
  return new HttpError(429, error, details, { 'retry-after': String(details.retryAfterSeconds) });
}

/** "40 seconds" / "12 minutes": how long a refusal says to wait ("Try again in …"). */
export function waitPhrase(seconds: number): string {
  if (seconds < 60) return `${seconds} second${seconds === 1 ? '' : 's'}`;
  const minutes = Math.ceil(seconds / 60);
  return `${minutes} minute${minutes === 1 ? '' : 's'}`;
}

async function rateLimitsPlugin(app: FastifyInstance, options: RateLimitsOptions) {
  if (!options.enabled) {
    app.log.warn('request limits are off (RATE_LIMITS=off)');
    return;
  }
  const now = options.now ?? Date.now;
  const counter = options.redisUrl
    ? await createRedisCounter({ redisUrl: options.redisUrl, prefix: options.redisKeyPrefix, onError: options.onError, now })
    : createMemoryCounter(now);
  /** Counts in a window; null when the count cannot be made (as for the routes' limits, the request then goes through). */
  const countOrNull = (key: string, windowMs: number) => counter.incr(key, windowMs).catch(() => null);
  app.addHook('onClose', () => counter.close());

  // The request a client sent, seen from the requests it causes in this process (the server render's `inject` calls).
  const sentByClient = new AsyncLocalStorage<FastifyRequest>();
  app.addHook('onRequest', (request, _reply, done) => {
    if (sentByClient.getStore()) done();
    else sentByClient.run(request, done);
  });
  const clientRequest = (request: FastifyRequest) => sentByClient.getStore() ?? request;

  // An IPv6 client usually holds a whole /64: counted as one, as @fastify/rate-limit does by default.
  const addressOf = (request: FastifyRequest) => `address:${normalizeIP(clientRequest(request).ip)}`;
  const clientOf = async (request: FastifyRequest) => {
    const header = clientRequest(request).headers.authorization;
    const token = typeof header === 'string' ? BEARER.exec(header)?.[1] : undefined;
    const userId = token ? await options.userIdOf(token) : null;
    return userId ? `user:${userId}` : addressOf(request);
  };
  const subjects: Record<RateLimitSubject, (request: FastifyRequest) => string | Promise<string>> = { address: addressOf, client: clientOf };
  const scaled = (max: number) => Math.max(1, Math.round(max * options.scale));

  // Before @fastify/rate-limit's own onRoute hook (registered below), which reads `config.rateLimit`: the
  // route's `config.requestLimit` is written there in @fastify/rate-limit's terms.
  app.addHook('onRoute', (route: RouteOptions) => {
    const method = [route.method].flat()[0] ?? 'GET';
    const rule = requestLimitOf({ method, url: route.url, config: route.config });
    let limit: RateLimitOptions | false | undefined;
    if (rule === null) limit = undefined;
    else if (isUnlimited(rule)) limit = false;
    else limit = { max: scaled(rule.max), timeWindow: rule.windowSeconds * 1000, keyGenerator: subjects[rule.per] };
    if (limit !== undefined) route.config = { ...route.config, rateLimit: limit };
    // A limit with a share per second counts each second apart as well (GET and HEAD, with or without the final slash, together).
    if (rule && !isUnlimited(rule) && rule.perSecond !== undefined) {
      const perSecond = scaled(rule.perSecond);
      const subject = subjects[rule.per];
      const secondKey = routeKey(method, route.url);
      const checkSecond = async (request: FastifyRequest) => {
        const count = await countOrNull(`second|${secondKey}|${await subject(request)}`, SECOND_MS);
        if (count && count.current > perSecond) throw tooManyRequests(count.ttl);
      };
      route.onRequest = [...[route.onRequest ?? []].flat(), checkSecond] as RouteOptions['onRequest'];
    }
    // Every route but the unlimited ones can answer 429: the OpenAPI document says so where a route declares its answers.
    const response = route.schema?.response as Record<string, unknown> | undefined;
    if (limit !== false && response && !('429' in response) && !('4xx' in response)) {
      route.schema = {
        ...route.schema,
        response: { ...response, 429: errorResponseSchema.describe('Too many requests (`code: "rate_limited"`, `retryAfterSeconds`, a Retry-After header)') },
      };
    }
  });

  await app.register(rateLimit, {
    global: true,
    max: scaled(options.globalPerMinute),
    timeWindow: 60_000,
    hook: 'onRequest',
    keyGenerator: clientOf,
    store: storeOver(counter),
    // The counter already falls back to memory; should it still fail, the request goes through rather than fail.
    skipOnError: true,
    errorResponseBuilder: (_request, context) => tooManyRequests(context.ttl),
  });

  const unroutedMax = scaled(UNROUTED.max);
  const unroutedPerSecond = scaled(UNROUTED.perSecond ?? UNROUTED.max);
  app.decorate('countUnrouted', async (request: FastifyRequest): Promise<Refusal | null> => {
    const address = addressOf(request);
    // As for the routes (skipOnError): a count that cannot be made lets the request through.
    const minute = await countOrNull(`unrouted|${address}`, UNROUTED.windowSeconds * 1000);
    if (minute && minute.current > unroutedMax) return refusalOf(minute.ttl);
    const second = await countOrNull(`unrouted-second|${address}`, SECOND_MS);
    return second && second.current > unroutedPerSecond ? refusalOf(second.ttl) : null;
  });
}

export default fp(rateLimitsPlugin, { name: 'rate-limits' });
