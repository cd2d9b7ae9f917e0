import { randomUUID } from 'node:crypto';
import { createClient } from 'redis';
import { closeRedis, connectRedis } from './redis-connection';

/**
 * What an instance's in-process caches (lib/micro-cache.ts) hold that another instance's write can
 * change: the public catalogue's pages, signed-in users' rows, the admin's payout stats.
 */
export type CacheTopic = 'catalog' | 'users' | 'payout-stats';

const TOPICS: ReadonlySet<string> = new Set<CacheTopic>(['catalog', 'users', 'payout-stats']);
/** The channel a deployment's instances share: `<REDIS_KEY_PREFIX>:cache-changes`. */
export const cacheChannel = (prefix: string) => `${prefix}:cache-changes`;

/**
 * Tells the other API instances to drop what they cached of a topic after this one changed it
 * (decision 0007): with REDIS_URL, through a Redis channel; alone, there is nobody to tell. The
 * modules announce from their domain-event handlers (lib/domain-events.ts, decision 0011; each module
 * subscribes them as it registers): the events are how the modules of one instance hear of a change,
 * this bus is how the other instances do. The
 * announcing instance has already dropped its own entries, so it ignores its own messages. Delivery is
 * at most once and takes milliseconds; a message lost while Redis is away leaves the caches' lifetimes
 * (5–10 s) as the bound, as without the bus.
 */
export interface CacheBus {
  announce(topic: CacheTopic): void;
  /** `drop` runs when another instance announces `topic`. */
  onChange(topic: CacheTopic, drop: () => void): void;
  /** Whether Redis answers (the readiness check); absent without REDIS_URL. */
  ping?(): Promise<void>;
  close(): Promise<void>;
}

export async function createCacheBus(options: { redisUrl?: string | undefined; prefix: string; onError: (error: unknown) => void }): Promise<CacheBus> {
  const handlers = new Map<CacheTopic, Array<() => void>>();
  const onChange = (topic: CacheTopic, drop: () => void) => handlers.set(topic, [...(handlers.get(topic) ?? []), drop]);
  const { redisUrl } = options;
  if (!redisUrl) return { announce: () => undefined, onChange, close: async () => undefined };

  const instance = randomUUID();
  const channel = cacheChannel(options.prefix);
  const publisher = createClient({ url: redisUrl, RESP: 2 });
  const subscriber = publisher.duplicate();
  for (const client of [publisher, subscriber]) client.on('error', options.onError);
  await Promise.all([publisher, subscriber].map((client) => connectRedis(client, { url: redisUrl, purpose: 'cache bus' })));
  await subscriber.subscribe(channel, (message) => {
    let parsed: { topic?: unknown; from?: unknown };
    try {
      parsed = JSON.parse(message) as typeof parsed;
    } catch {
      return;
    }
    if (parsed.from === instance || typeof parsed.topic !== 'string' || !TOPICS.has(parsed.topic)) return;
    for (const drop of handlers.get(parsed.topic as CacheTopic) ?? []) drop();
  });
  return {
    announce(topic) {
      publisher.publish(channel, JSON.stringify({ topic, from: instance })).catch(options.onError);
    },
    onChange,
    async ping() {
      await publisher.ping();
    },
    async close() {
      await Promise.all([subscriber, publisher].map((client) => closeRedis(client)));
    },
  };
}
