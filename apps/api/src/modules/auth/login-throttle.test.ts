import { randomUUID } from 'node:crypto';
import { createClient } from 'redis';
import { afterAll, describe, expect, it } from 'vitest';
import { createManualClock } from '../../lib/clock';
import { redisAnswers } from '../../../test/redis';
import { createLoginThrottle, createRedisLoginThrottle, type LoginThrottle } from './login-throttle';

const redisUrl = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const hasRedis = await redisAnswers(redisUrl);
const options = { maxFailures: 3, windowSeconds: 60 };
// Each run has its own prefix, as a deployment sharing the Redis would.
const prefix = `test-${randomUUID()}`;
const newKey = () => `203.0.113.9|${randomUUID()}@example.com`;

/** The behaviour every store must have: 3 attempts in 60 s, then a wait until the oldest leaves the window. */
async function expectThrottling(throttles: LoginThrottle[], clock: ReturnType<typeof createManualClock>) {
  const key = newKey();
  const at = (index: number) => throttles[index % throttles.length]!;
  expect(await at(0).beginAttempt(key)).toBe(0);
  clock.advance(10_000);
  expect(await at(1).beginAttempt(key)).toBe(0);
  expect(await at(2).beginAttempt(key)).toBe(0);
  // The fourth, on any instance, waits until the first attempt is 60 s old: 50 s from now; refused ones are not counted.
  for (let index = 0; index < throttles.length + 1; index += 1) expect(await at(index).beginAttempt(key)).toBe(50);
  clock.advance(50_000);
  expect(await at(1).beginAttempt(key)).toBe(0);
  expect(await at(2).beginAttempt(key)).toBe(10);
  // Another key is untouched, and a correct password clears the count for every instance.
  expect(await at(0).beginAttempt(`${key}x`)).toBe(0);
  await at(1).succeeded(key);
  expect(await at(0).beginAttempt(key)).toBe(0);
}

/** Attempts sent all at once are held to the limit: exactly 3 of 12 may check a password. */
async function expectConcurrentAttemptsHeld(throttles: LoginThrottle[]) {
  const key = newKey();
  const waits = await Promise.all(Array.from({ length: 12 }, (_, index) => throttles[index % throttles.length]!.beginAttempt(key)));
  expect(waits.filter((wait) => wait === 0)).toHaveLength(3);
  expect(waits.filter((wait) => wait > 0)).toHaveLength(9);
}

describe('the login throttle in memory', () => {
  it('lets 3 attempts through in the window and the next one when the oldest expires', async () => {
    const clock = createManualClock();
    await expectThrottling([createLoginThrottle({ ...options, clock })], clock);
  });

  it('holds attempts sent at once to the limit', async () => {
    await expectConcurrentAttemptsHeld([createLoginThrottle({ ...options, clock: createManualClock() })]);
  });
});

describe.skipIf(!hasRedis)('the login throttle in Redis (several instances)', () => {
  const throttles: LoginThrottle[] = [];
  const errors: unknown[] = [];
  afterAll(async () => {
    for (const throttle of throttles) await throttle.close();
  });

  it('counts the attempts made through any instance together', async () => {
    const clock = createManualClock(new Date());
    for (let index = 0; index < 3; index += 1)
      throttles.push(await createRedisLoginThrottle({ ...options, clock, redisUrl, prefix, onError: (error) => errors.push(error) }));
    await expectThrottling(throttles, clock);
    expect(errors).toEqual([]);
  });

  it('holds attempts sent at once to several instances to the limit', async () => {
    await expectConcurrentAttemptsHeld(throttles);
    expect(errors).toEqual([]);
  });

  it('keeps its counts under the deployment’s prefix, with neither address nor email in the key', async () => {
    const key = newKey();
    expect(await throttles[0]!.beginAttempt(key)).toBe(0);
    const raw = createClient({ url: redisUrl, RESP: 2 });
    await raw.connect();
    try {
      const stored = await raw.keys(`${prefix}:login-attempts:*`);
      expect(stored.length).toBeGreaterThan(0);
      for (const name of stored) expect(name).toMatch(new RegExp(`^${prefix}:login-attempts:[0-9a-f]{64}$`));
      expect(await raw.keys(`*${key.split('|')[1]!}*`)).toEqual([]);
      expect(await raw.pTTL(stored[0]!)).toBeGreaterThan(0);
    } finally {
      await raw.quit();
    }
  });

  it('falls back to counting in memory when Redis stops answering', async () => {
    const clock = createManualClock(new Date());
    const failures: unknown[] = [];
    const throttle = await createRedisLoginThrottle({ ...options, clock, redisUrl, prefix, onError: (error) => failures.push(error) });
    await throttle.close();
    const key = newKey();
    for (let attempt = 0; attempt < 3; attempt += 1) expect(await throttle.beginAttempt(key)).toBe(0);
    expect(await throttle.beginAttempt(key)).toBe(60);
    expect(failures.length).toBeGreaterThan(0);
  });
});
