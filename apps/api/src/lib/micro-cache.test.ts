import { describe, expect, it } from 'vitest';
import { createManualClock } from './clock';
import { createMicroCache } from './micro-cache';

const deferred = <T>() => {
  let resolve!: (value: T) => void;
  let reject!: (error: Error) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
};

describe('createMicroCache', () => {
  it('shares one load between concurrent misses of a key, then answers from memory', async () => {
    const cache = createMicroCache<number>({ ttlMs: 1000, maxEntries: 10, clock: createManualClock() });
    const pending = deferred<number>();
    let loads = 0;
    const load = () => {
      loads += 1;
      return pending.promise;
    };
    const answers = Promise.all([cache.getOrLoad('a', load), cache.getOrLoad('a', load), cache.getOrLoad('a', load)]);
    pending.resolve(7);
    expect(await answers).toEqual([7, 7, 7]);
    expect(await cache.getOrLoad('a', load)).toBe(7);
    expect(loads).toBe(1);
    expect(cache.stats).toEqual({ hits: 3, misses: 1 });
  });

  it('answers an expired entry once more while it refreshes it, and waits for a load after twice the ttl', async () => {
    const clock = createManualClock();
    const cache = createMicroCache<number>({ ttlMs: 1000, maxEntries: 10, clock });
    let value = 1;
    let loads = 0;
    const load = async () => {
      loads += 1;
      return value;
    };
    expect(await cache.getOrLoad('a', load)).toBe(1);
    value = 2;
    clock.advance(999);
    expect(await cache.getOrLoad('a', load)).toBe(1);
    expect(loads).toBe(1);
    clock.advance(1);
    // Expired: the stale answer comes at once, one refresh starts; the callers after it get the new value.
    expect(await Promise.all([cache.getOrLoad('a', load), cache.getOrLoad('a', load)])).toEqual([1, 1]);
    expect(await cache.getOrLoad('a', load)).toBe(2);
    expect(loads).toBe(2);
    value = 3;
    clock.advance(2000);
    expect(await cache.getOrLoad('a', load)).toBe(3);
  });

  it('drops a stale entry whose refresh fails', async () => {
    const clock = createManualClock();
    const cache = createMicroCache<string>({ ttlMs: 1000, maxEntries: 10, clock });
    await cache.getOrLoad('a', async () => 'old');
    clock.advance(1500);
    expect(await cache.getOrLoad('a', async () => Promise.reject(new Error('database down')))).toBe('old');
    await new Promise((resolve) => setImmediate(resolve));
    expect(cache.size).toBe(0);
    expect(await cache.getOrLoad('a', async () => 'new')).toBe('new');
  });

  it('does not keep what a load read before an invalidation, and new callers do not join that load', async () => {
    const cache = createMicroCache<string>({ ttlMs: 1000, maxEntries: 10, clock: createManualClock() });
    const before = deferred<string>();
    const first = cache.getOrLoad('a', () => before.promise);
    cache.invalidate();
    const second = cache.getOrLoad('a', async () => 'after');
    before.resolve('before');
    expect(await first).toBe('before');
    expect(await second).toBe('after');
    expect(await cache.getOrLoad('a', async () => 'later')).toBe('after');
  });

  it('keeps no failure: the next call loads again', async () => {
    const cache = createMicroCache<string>({ ttlMs: 1000, maxEntries: 10, clock: createManualClock() });
    await expect(cache.getOrLoad('a', async () => Promise.reject(new Error('database down')))).rejects.toThrow('database down');
    expect(await cache.getOrLoad('a', async () => 'ok')).toBe('ok');
  });

  it('drops the oldest entries beyond maxEntries', async () => {
    const cache = createMicroCache<string>({ ttlMs: 1000, maxEntries: 2, clock: createManualClock() });
    for (const key of ['a', 'b', 'c']) await cache.getOrLoad(key, async () => key);
    expect(cache.size).toBe(2);
    expect(await cache.getOrLoad('a', async () => 'reloaded')).toBe('reloaded');
    expect(await cache.getOrLoad('c', async () => 'reloaded')).toBe('c');
  });

  it('with ttl 0 always loads', async () => {
    const cache = createMicroCache<number>({ ttlMs: 0, maxEntries: 10, clock: createManualClock() });
    let loads = 0;
    await cache.getOrLoad('a', async () => ++loads);
    await cache.getOrLoad('a', async () => ++loads);
    expect(loads).toBe(2);
    expect(cache.size).toBe(0);
  });

  it('keeps a value stored from elsewhere unless invalidated since, and answers it while fresh', async () => {
    const clock = createManualClock();
    const cache = createMicroCache<number>({ ttlMs: 1000, maxEntries: 10, clock });
    let loads = 0;
    const load = async () => {
      loads += 1;
      return 100 + loads;
    };
    const before = cache.generation;
    cache.store('total', 41, before);
    expect(await cache.getOrLoad('total', load)).toBe(41);
    cache.invalidate();
    // Computed before the invalidation: not kept.
    cache.store('total', 42, before);
    expect(await cache.getOrLoad('total', load)).toBe(101);
    cache.store('total', 43, cache.generation);
    expect(await cache.getOrLoad('total', load)).toBe(43);
    expect(loads).toBe(1);
  });
});
