import { describe, expect, it } from 'vitest';
import { mapWithConcurrency } from './concurrency';

const tick = () => new Promise((resolve) => setTimeout(resolve, 1));

describe('mapWithConcurrency', () => {
  it('never has more than the limit in flight, keeps every lane busy, and answers in order', async () => {
    let inFlight = 0;
    let most = 0;
    const results = await mapWithConcurrency(
      Array.from({ length: 23 }, (_, index) => index),
      5,
      async (value) => {
        inFlight += 1;
        most = Math.max(most, inFlight);
        await tick();
        await tick();
        inFlight -= 1;
        return value * 2;
      },
    );
    expect(most).toBe(5);
    expect(results).toEqual(Array.from({ length: 23 }, (_, index) => index * 2));
  });

  it('runs fewer lanes than the limit for a short list, and nothing for an empty one', async () => {
    let calls = 0;
    expect(await mapWithConcurrency([], 5, async () => (calls += 1))).toEqual([]);
    expect(calls).toBe(0);
    expect(await mapWithConcurrency(['a', 'b'], 5, async (value) => value.toUpperCase())).toEqual(['A', 'B']);
  });

  it('refuses a limit that is not a positive integer', async () => {
    await expect(mapWithConcurrency([1], 0, async (value) => value)).rejects.toThrow(RangeError);
  });
});
