import { afterEach, describe, expect, it, vi } from 'vitest';
import { createRenderTurns } from './render-turns';

// The turns on their own (the app's use of them: server-rendering.test.ts, "a flood of page views").

/** Takes a turn and records, in `order`, when it was given. */
function ask(turns: ReturnType<typeof createRenderTurns>, client: string, order: string[], label = client) {
  return turns.take(client).then((given) => {
    if (given) order.push(label);
    return given;
  });
}

/** Lets the given turns' callbacks run. */
const flush = () => new Promise((resolve) => setImmediate(resolve));

describe('render turns', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('serve the waiting addresses in rotation, each its oldest request first, however many one of them asked', async () => {
    const turns = createRenderTurns({ max: 1, perClient: 1, waitMs: 10_000 });
    const order: string[] = [];
    await ask(turns, 'flooder', order, 'flooder-0');
    // The flooder asks five more times before two others ask once each.
    const waiting = [1, 2, 3, 4, 5].map((index) => ask(turns, 'flooder', order, `flooder-${index}`));
    waiting.push(ask(turns, 'guest-a', order), ask(turns, 'guest-b', order));
    expect(turns.stats()).toEqual({ running: 1, waiting: 7 });
    for (let ended = 0; ended < 7; ended += 1) {
      const client = order.at(-1)!.startsWith('flooder') ? 'flooder' : order.at(-1)!;
      turns.end(client);
      await flush();
    }
    await Promise.all(waiting);
    expect(order).toEqual(['flooder-0', 'flooder-1', 'guest-a', 'guest-b', 'flooder-2', 'flooder-3', 'flooder-4', 'flooder-5']);
  });

  it('give one address at most its share of places, and the free places to others at once', async () => {
    const turns = createRenderTurns({ max: 4, perClient: 2, waitMs: 10_000 });
    const order: string[] = [];
    const flood = [0, 1, 2, 3].map((index) => ask(turns, 'flooder', order, `flooder-${index}`));
    await flush();
    expect(order).toEqual(['flooder-0', 'flooder-1']);
    expect(await ask(turns, 'guest', order)).toBe(true);
    expect(turns.stats()).toEqual({ running: 3, waiting: 2 });
    turns.end('flooder');
    await flush();
    expect(order).toEqual(['flooder-0', 'flooder-1', 'guest', 'flooder-2']);
    turns.end('flooder');
    await Promise.all(flood);
    expect(turns.stats()).toEqual({ running: 3, waiting: 0 });
  });

  it('refuse a turn not given within the wait, and forget it', async () => {
    vi.useFakeTimers();
    const turns = createRenderTurns({ max: 1, perClient: 1, waitMs: 10_000 });
    const order: string[] = [];
    await ask(turns, 'a', order);
    const late = ask(turns, 'b', order);
    vi.advanceTimersByTime(9_999);
    expect(turns.stats().waiting).toBe(1);
    vi.advanceTimersByTime(1);
    expect(await late).toBe(false);
    expect(turns.stats()).toEqual({ running: 1, waiting: 0 });
    // The refused one is not given the place when it frees.
    turns.end('a');
    expect(turns.stats().running).toBe(0);
    expect(order).toEqual(['a']);
  });
});
