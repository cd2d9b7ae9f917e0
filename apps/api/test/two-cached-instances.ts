import type { DatabaseHandle } from '../src/db/client';
import { buildTestApp, type TestApp } from './helper';

/**
 * Runs `work` with two instances over `database` that remember user rows for a minute and share the
 * Redis cache bus (keys under `keyPrefix`), then closes both. Skips, saying so, when they cannot start
 * (no Redis at REDIS_URL).
 */
export async function withTwoCachedInstances(
  database: DatabaseHandle,
  keyPrefix: string,
  work: (instanceA: TestApp, instanceB: TestApp) => Promise<void>,
): Promise<void> {
  const redisUrl = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
  const environment = { USER_CACHE_SECONDS: '60', REDIS_URL: redisUrl, REDIS_KEY_PREFIX: `${keyPrefix}-${process.pid}-${Date.now()}` };
  let instanceA: TestApp | undefined;
  let instanceB: TestApp | undefined;
  try {
    instanceA = await buildTestApp({ environment, sharedDatabase: database });
    instanceB = await buildTestApp({ environment, sharedDatabase: database });
  } catch (error) {
    await instanceA?.close();
    console.warn(`skipped: no Redis at ${redisUrl} (${String(error)})`);
    return;
  }
  try {
    await work(instanceA, instanceB);
  } finally {
    await instanceA.close();
    await instanceB.close();
  }
}
