import type { Clock } from '../../lib/clock';

/**
 * Counts failed logins per (client address, email) in a sliding window and refuses further attempts
 * once the limit is reached, so a password cannot be guessed by brute force. Successful logins reset
 * the count. Kept in memory: with several API instances each throttles on its own, which still
 * bounds guessing; a shared Redis store is the scale-out step (docs/operations).
 */
export interface LoginThrottle {
  /** Seconds to wait before another attempt is allowed, or 0 when attempts are allowed. */
  retryAfterSeconds(key: string): number;
  recordFailure(key: string): void;
  reset(key: string): void;
}

export function createLoginThrottle(options: { maxFailures: number; windowSeconds: number; clock: Clock }): LoginThrottle {
  const failures = new Map<string, number[]>();
  const windowMs = options.windowSeconds * 1000;

  const recent = (key: string): number[] => {
    const since = options.clock.now().getTime() - windowMs;
    const kept = (failures.get(key) ?? []).filter((time) => time > since);
    if (kept.length === 0) failures.delete(key);
    else failures.set(key, kept);
    return kept;
  };

  return {
    retryAfterSeconds(key) {
      const attempts = recent(key);
      if (attempts.length < options.maxFailures) return 0;
      const oldest = attempts[attempts.length - options.maxFailures] ?? 0;
      return Math.max(1, Math.ceil((oldest + windowMs - options.clock.now().getTime()) / 1000));
    },
    recordFailure(key) {
      const attempts = recent(key);
      attempts.push(options.clock.now().getTime());
      failures.set(key, attempts);
      // Bound memory under a flood of distinct keys: forget the oldest entries.
      if (failures.size > 100_000) {
        const oldestKey = failures.keys().next().value;
        if (oldestKey !== undefined) failures.delete(oldestKey);
      }
    },
    reset(key) {
      failures.delete(key);
    },
  };
}
