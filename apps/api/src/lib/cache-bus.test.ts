import { createClient } from 'redis';
import { afterAll, describe, expect, it } from 'vitest';
import { redisAnswers } from '../../test/redis';
import { CACHE_CHANNEL, createCacheBus, type CacheBus } from './cache-bus';

const redisUrl = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const hasRedis = await redisAnswers(redisUrl);

describe('the cache bus without Redis (one instance)', () => {
  it('announces to nobody and never calls a handler', async () => {
    const bus = await createCacheBus({ onError: () => undefined });
    let dropped = 0;
    bus.onChange('catalog', () => (dropped += 1));
    bus.announce('catalog');
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(dropped).toBe(0);
    await bus.close();
  });
});

describe.skipIf(!hasRedis)('the cache bus over Redis', () => {
  const buses: CacheBus[] = [];
  afterAll(async () => {
    for (const bus of buses) await bus.close();
  });

  it('tells the other instances of a change, not the one that made it, and ignores anything else on the channel', async () => {
    const errors: unknown[] = [];
    const [first, second] = await Promise.all([0, 1].map(() => createCacheBus({ redisUrl, onError: (error) => errors.push(error) })));
    buses.push(first!, second!);
    const heard = { first: [] as string[], second: [] as string[] };
    for (const topic of ['catalog', 'users', 'payout-stats'] as const) {
      first!.onChange(topic, () => heard.first.push(topic));
      second!.onChange(topic, () => heard.second.push(topic));
    }
    const raw = createClient({ url: redisUrl, RESP: 2 });
    await raw.connect();
    try {
      await raw.publish(CACHE_CHANNEL, 'not json');
      await raw.publish(CACHE_CHANNEL, JSON.stringify({ topic: 'everything', from: 'someone' }));
      first!.announce('catalog');
      second!.announce('users');
      first!.announce('payout-stats');
      const deadline = Date.now() + 3000;
      while (Date.now() < deadline && heard.first.length + heard.second.length < 3) await new Promise((resolve) => setTimeout(resolve, 20));
      await new Promise((resolve) => setTimeout(resolve, 100));
    } finally {
      await raw.quit();
    }
    expect(heard.second).toEqual(['catalog', 'payout-stats']);
    expect(heard.first).toEqual(['users']);
    expect(errors).toEqual([]);
  });
});
