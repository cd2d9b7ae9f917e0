import { randomUUID } from 'node:crypto';
import { createClient } from 'redis';
import { afterAll, describe, expect, it } from 'vitest';
import { redisAnswers } from '../../test/redis';
import { cacheChannel, createCacheBus, type CacheBus } from './cache-bus';

const redisUrl = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const hasRedis = await redisAnswers(redisUrl);
// Each run has its own prefix: other suites' instances may be announcing on the same Redis meanwhile.
const prefix = `test-${randomUUID()}`;

describe('the cache bus without Redis (one instance)', () => {
  it('announces to nobody and never calls a handler', async () => {
    const bus = await createCacheBus({ prefix, onError: () => undefined });
    let dropped = 0;
    bus.onChange('catalog', () => (dropped += 1));
    bus.announce('catalog');
    // Nothing to wait for: without Redis there is no connection for an announcement to come back on (and no
    // readiness check to make).
    expect(bus.ping).toBeUndefined();
    await bus.close();
    expect(dropped).toBe(0);
  });
});

describe.skipIf(!hasRedis)('the cache bus over Redis', () => {
  const buses: CacheBus[] = [];
  afterAll(async () => {
    for (const bus of buses) await bus.close();
  });

  it('tells the other instances of a change, not the one that made it, nor another deployment, and ignores anything else on the channel', async () => {
    const errors: unknown[] = [];
    const [first, second, elsewhere] = await Promise.all(
      [prefix, prefix, `${prefix}-other`].map((each) => createCacheBus({ redisUrl, prefix: each, onError: (error) => errors.push(error) })),
    );
    buses.push(first!, second!, elsewhere!);
    const heard = { first: [] as string[], second: [] as string[], elsewhere: [] as string[] };
    for (const topic of ['catalog', 'users', 'payout-stats'] as const) {
      first!.onChange(topic, () => heard.first.push(topic));
      second!.onChange(topic, () => heard.second.push(topic));
      elsewhere!.onChange(topic, () => heard.elsewhere.push(topic));
    }
    const raw = createClient({ url: redisUrl, RESP: 2 });
    await raw.connect();
    try {
      await raw.publish(cacheChannel(prefix), 'not json');
      await raw.publish(cacheChannel(prefix), JSON.stringify({ topic: 'everything', from: 'someone' }));
      first!.announce('catalog');
      second!.announce('users');
      first!.announce('payout-stats');
      const deadline = Date.now() + 3000;
      while (Date.now() < deadline && heard.first.length + heard.second.length < 3) await new Promise((resolve) => setTimeout(resolve, 20));
      // Nothing more can be heard: a ping answered on a bus's own connection means Redis has published its
      // announcements, and closing a bus waits for every message Redis had sent it before (one connection
      // keeps its order).
      await Promise.all([first!.ping!(), second!.ping!()]);
      await Promise.all([first!, second!, elsewhere!].map((bus) => bus.close()));
    } finally {
      await raw.quit();
    }
    expect(heard.second).toEqual(['catalog', 'payout-stats']);
    expect(heard.first).toEqual(['users']);
    expect(heard.elsewhere).toEqual([]);
    expect(errors).toEqual([]);
  });
});
