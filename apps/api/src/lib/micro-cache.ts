import type { Clock } from './clock';

/**
 * A small in-process cache for answers that many people ask for at once (the public catalogue's
 * search pages): an entry lives `ttlMs` at most, the oldest go first beyond `maxEntries`, and
 * concurrent misses of one key share one load (no stampede on the database when an entry expires).
 * An expired entry is still answered while one refresh of it runs (for at most another `ttlMs`), so
 * a busy key never makes its callers wait on the database at the moment it expires.
 *
 * `invalidate()` drops everything. A load that was already running when it was called still answers
 * its callers, but its result is not kept: it may have read the rows before the change.
 *
 * With several API instances, an instance hears of another's writes through lib/cache-bus.ts (Redis)
 * where its owner wires it; otherwise the change shows after at most `ttlMs`. `ttlMs` 0 turns the
 * cache off (every call loads).
 */
export interface MicroCache<T> {
  getOrLoad(key: string, load: () => Promise<T>): Promise<T>;
  /**
   * Keeps a value computed elsewhere, unless the cache was invalidated since `generation` was read
   * (read it before the computation, as `getOrLoad` does for its own loads).
   */
  store(key: string, value: T, generation: number): void;
  readonly generation: number;
  invalidate(): void;
  readonly size: number;
  readonly stats: { hits: number; misses: number };
}

export interface MicroCacheOptions {
  ttlMs: number;
  maxEntries: number;
  clock: Clock;
}

interface Entry<T> {
  value: T;
  /** Fresh until then; after it, answered only while a refresh runs, until twice the ttl. */
  expiresAt: number;
}

export function createMicroCache<T>({ ttlMs, maxEntries, clock }: MicroCacheOptions): MicroCache<T> {
  const entries = new Map<string, Entry<T>>();
  const inFlight = new Map<string, Promise<T>>();
  let generation = 0;
  const stats = { hits: 0, misses: 0 };

  const store = (key: string, value: T, startedIn: number) => {
    if (ttlMs <= 0 || startedIn !== generation) return;
    entries.delete(key);
    entries.set(key, { value, expiresAt: clock.now().getTime() + ttlMs });
    // Maps keep insertion order: the first keys are the oldest.
    while (entries.size > maxEntries) {
      const oldest = entries.keys().next().value as string;
      entries.delete(oldest);
    }
  };

  const start = (key: string, load: () => Promise<T>): Promise<T> => {
    const startedIn = generation;
    const loading = load()
      .then((value) => {
        store(key, value, startedIn);
        return value;
      })
      .finally(() => {
        if (inFlight.get(key) === loading) inFlight.delete(key);
      });
    inFlight.set(key, loading);
    return loading;
  };

  return {
    async getOrLoad(key, load) {
      if (ttlMs <= 0) return load();
      const now = clock.now().getTime();
      const entry = entries.get(key);
      const running = inFlight.get(key);
      if (entry && entry.expiresAt > now) {
        stats.hits += 1;
        return entry.value;
      }
      if (entry && entry.expiresAt + ttlMs > now) {
        // Stale: answer it, and refresh it once in the background.
        stats.hits += 1;
        if (!running) start(key, load).catch(() => entries.delete(key));
        return entry.value;
      }
      if (entry) entries.delete(key);
      if (running) {
        stats.hits += 1;
        return running;
      }
      stats.misses += 1;
      return start(key, load);
    },

    store,

    get generation() {
      return generation;
    },

    invalidate() {
      generation += 1;
      entries.clear();
      // Callers arriving from now on must not join a load that began before the change.
      inFlight.clear();
    },

    get size() {
      return entries.size;
    },

    stats,
  };
}
