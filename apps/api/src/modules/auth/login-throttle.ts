import { createHash, randomUUID } from 'node:crypto';
import { createClient } from 'redis';
import type { Clock } from '../../lib/clock';
import { closeRedis, connectRedis } from '../../lib/redis-connection';

/**
 * Bounds password guessing per (client address, email): at most `maxFailures` attempts that were not
 * followed by a correct password within a sliding window of `windowSeconds`; beyond that, a wait.
 *
 * An attempt is counted *before* its password is checked (`beginAttempt`) and forgotten with the whole
 * count when the password proves right (`succeeded`), so guesses sent all at once are held to the limit
 * like guesses sent one after another. In memory for one instance; with REDIS_URL the count is shared
 * by every instance (`createRedisLoginThrottle`), so N instances do not give a guesser N times the tries.
 */
export interface LoginThrottle {
  /** Counts an attempt and answers 0 when it may go ahead; otherwise the seconds to wait (not counted). */
  beginAttempt(key: string): Promise<number>;
  /** The password was right: the key's count starts again. */
  succeeded(key: string): Promise<void>;
  close(): Promise<void>;
}

interface ThrottleOptions {
  maxFailures: number;
  windowSeconds: number;
  clock: Clock;
}

/**
 * The answer for an attempt given the times of the attempts in the window, this one included (last):
 * 0 while they are within the limit, else the seconds until the oldest counted one leaves the window.
 */
function waitFor(attemptTimes: readonly number[], { maxFailures, windowSeconds, clock }: ThrottleOptions): number {
  if (attemptTimes.length <= maxFailures) return 0;
  const counted = attemptTimes.slice(0, -1);
  const oldest = counted[counted.length - maxFailures] ?? 0;
  return Math.max(1, Math.ceil((oldest + windowSeconds * 1000 - clock.now().getTime()) / 1000));
}

export function createLoginThrottle(options: ThrottleOptions): LoginThrottle {
  const attempts = new Map<string, number[]>();
  const windowMs = options.windowSeconds * 1000;

  return {
    async beginAttempt(key) {
      const now = options.clock.now().getTime();
      const times = (attempts.get(key) ?? []).filter((time) => time > now - windowMs);
      times.push(now);
      const wait = waitFor(times, options);
      // A refused attempt is not counted: it never reached the password.
      if (wait > 0) times.pop();
      attempts.delete(key);
      if (times.length > 0) attempts.set(key, times);
      // Bound memory under a flood of distinct keys: forget the oldest entries.
      if (attempts.size > 100_000) {
        const oldestKey = attempts.keys().next().value;
        if (oldestKey !== undefined) attempts.delete(oldestKey);
      }
      return wait;
    },
    async succeeded(key) {
      attempts.delete(key);
    },
    close: async () => undefined,
  };
}

/**
 * The same throttle with its counts in Redis, shared by every instance: one sorted set of attempt
 * times per key (the key hashed: no address or email is stored), trimmed to the window and expiring
 * with it. The attempt is added and the window read in one MULTI, so concurrent attempts on any
 * instance each see the ones before them. If Redis fails, the call is logged and answered by this
 * instance's in-memory throttle, so logins keep working and guessing stays bounded.
 */
export async function createRedisLoginThrottle(
  options: ThrottleOptions & {
    redisUrl: string;
    prefix: string;
    onError: (error: unknown) => void;
    /** What is counted, in the key (`<prefix>:<name>:<sha-256>`): `login-attempts` unless another limit reuses this throttle. */
    name?: string;
  },
): Promise<LoginThrottle> {
  const name = options.name ?? 'login-attempts';
  const client = createClient({ url: options.redisUrl, RESP: 2 });
  client.on('error', options.onError);
  await connectRedis(client, { url: options.redisUrl, purpose: name === 'login-attempts' ? 'login throttle' : `${name} throttle` });
  const local = createLoginThrottle(options);
  const windowMs = options.windowSeconds * 1000;
  const redisKey = (key: string) => `${options.prefix}:${name}:${createHash('sha256').update(key).digest('hex')}`;
  async function orLocal<T>(remote: () => Promise<T>, fallback: () => Promise<T>): Promise<T> {
    try {
      return await remote();
    } catch (error) {
      options.onError(error);
      return fallback();
    }
  }
  return {
    beginAttempt: (key) =>
      orLocal(
        async () => {
          const now = options.clock.now().getTime();
          const stored = redisKey(key);
          const attempt = `${now}:${randomUUID()}`;
          const [, , window] = await client
            .multi()
            .zRemRangeByScore(stored, '-inf', now - windowMs)
            .zAdd(stored, { score: now, value: attempt })
            .zRangeWithScores(stored, 0, -1)
            .pExpire(stored, windowMs)
            .exec();
          // The window as Redis holds it, this attempt placed last (others at the same millisecond sort by name).
          const entries = window as unknown as Array<{ value: string; score: number }>;
          const times = [...entries.filter((entry) => entry.value !== attempt).map((entry) => entry.score), now];
          const wait = waitFor(times, options);
          if (wait > 0) await client.zRem(stored, attempt);
          return wait;
        },
        () => local.beginAttempt(key),
      ),
    succeeded: (key) =>
      orLocal(
        async () => {
          await client.del(redisKey(key));
          await local.succeeded(key);
        },
        () => local.succeeded(key),
      ),
    async close() {
      await closeRedis(client);
    },
  };
}
