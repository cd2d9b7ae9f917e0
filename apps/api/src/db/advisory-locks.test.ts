import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { lockFor } from './advisory-locks';
import { openDatabase, type DatabaseHandle } from './client';

// PostgreSQL only (PGlite is one session, so nothing ever waits there); runs in `npm test`'s PostgreSQL stage.
const serverUrl = process.env.TEST_DATABASE_URL;

describe.skipIf(!serverUrl)('lockFor (PostgreSQL only: skipped without TEST_DATABASE_URL)', () => {
  let handle: DatabaseHandle;

  beforeAll(async () => {
    handle = await openDatabase({ kind: 'postgres', url: serverUrl!, poolSize: 3 });
  });

  afterAll(async () => {
    await handle?.close();
  });

  it('makes a second lock of the same scope and id wait for the first transaction, and leaves other scopes free', async () => {
    const userId = randomUUID();
    let releaseFirst!: () => void;
    const firstMayEnd = new Promise<void>((resolve) => (releaseFirst = resolve));
    let firstLocked!: () => void;
    const firstHoldsLock = new Promise<void>((resolve) => (firstLocked = resolve));
    const events: string[] = [];

    const first = handle.db.transaction(async (transaction) => {
      await lockFor(transaction, 'cart', userId);
      firstLocked();
      await firstMayEnd;
      events.push('first ends');
    });
    await firstHoldsLock;

    const sameScope = handle.db.transaction(async (transaction) => {
      await lockFor(transaction, 'cart', userId);
      events.push('same scope locked');
    });
    // Another cap of the same user does not wait for the cart's lock.
    await handle.db.transaction(async (transaction) => {
      await lockFor(transaction, 'wishlist', userId);
      events.push('other scope locked');
    });
    // The second cart lock is asked for and waiting: PostgreSQL lists it, not granted, under the same key.
    await vi.waitFor(
      async () => {
        const { rows } = await handle.executeSql(
          `select count(*)::int as waiting from pg_locks
            where locktype = 'advisory' and not granted and objsubid = 1
              and database = (select oid from pg_database where datname = current_database())
              and ((classid::bigint << 32) | objid::bigint) = hashtext($1)::bigint`,
          [`cart:${userId}`],
        );
        expect(rows).toEqual([{ waiting: 1 }]);
      },
      { timeout: 5_000 },
    );
    expect(events).toEqual(['other scope locked']);

    releaseFirst();
    await Promise.all([first, sameScope]);
    expect(events).toEqual(['other scope locked', 'first ends', 'same scope locked']);
  });
});
