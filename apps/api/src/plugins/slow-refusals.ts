import { Socket } from 'node:net';
import { normalizeIP } from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/**
 * An address that keeps asking after it was refused is answered slowly (docs/product/limits-abuse.md, "A
 * client that keeps asking"). A refusal is cheap, but not free: a flood of them from one address (thousands a
 * second, each answered at once, each answer bringing the next request) takes the server's thread from everyone
 * else. Past `afterRefusals` refusals (429) in a minute, each further one is held `delayMs` before it is sent:
 * a client that waits for its answers (every browser, every script on one connection at a time) then asks at
 * most once per `delayMs` per connection, and the connections per address are capped (connection-limits.ts).
 * A person who meets a limit is told at once; only the refusals past a minute's worth wait. The server
 * render's own calls (through `inject`, no socket) are never held.
 */
export interface SlowRefusalsOptions {
  /** Refusals one address is answered at once in a minute; 0 turns the slowing off. */
  afterRefusals: number;
  /** How long each further refusal is held before it is sent. */
  delayMs: number;
  /** Refusals held at once at most, over all addresses (MAX_HELD_REFUSALS unless a test says otherwise). */
  maxHeld?: number;
  /** The time, in milliseconds, the minutes are counted by (the app's clock); Date.now by default. */
  now?: () => number;
}

/** Refusals held at once at most, over all addresses: past it they are sent at once (a bound on what holding costs). */
export const MAX_HELD_REFUSALS = 2_000;
/** Addresses whose refusals are counted at most; the oldest count goes first. */
const MAX_COUNTED_ADDRESSES = 10_000;
const WINDOW_MS = 60_000;

async function slowRefusalsPlugin(app: FastifyInstance, options: SlowRefusalsOptions) {
  if (options.afterRefusals <= 0 || options.delayMs <= 0) return;
  const counts = new Map<string, { refusals: number; windowEnds: number }>();
  const held = new Set<() => void>();

  /** How many refusals `address` has had in its current minute, this one included. */
  const countRefusal = (address: string) => {
    const now = (options.now ?? Date.now)();
    let count = counts.get(address);
    if (!count || count.windowEnds <= now) {
      counts.delete(address);
      if (counts.size >= MAX_COUNTED_ADDRESSES) counts.delete(counts.keys().next().value as string);
      count = { refusals: 0, windowEnds: now + WINDOW_MS };
      counts.set(address, count);
    }
    count.refusals += 1;
    return count.refusals;
  };

  app.addHook('onSend', async (request, reply, payload) => {
    if (reply.statusCode !== 429 || !(request.raw.socket instanceof Socket)) return payload;
    if (countRefusal(normalizeIP(request.ip)) <= options.afterRefusals || held.size >= (options.maxHeld ?? MAX_HELD_REFUSALS)) return payload;
    await new Promise<void>((resolve) => {
      const release = () => {
        clearTimeout(timer);
        held.delete(release);
        resolve();
      };
      const timer = setTimeout(release, options.delayMs);
      held.add(release);
    });
    return payload;
  });
  // A server shutting down sends what it holds rather than wait for it.
  app.addHook('preClose', async () => {
    for (const release of [...held]) release();
  });
}

export default fp(slowRefusalsPlugin, { name: 'slow-refusals' });
