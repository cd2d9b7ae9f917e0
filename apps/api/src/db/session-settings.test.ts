import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../test/helper';
import { SESSION_SETTINGS, type DatabaseHandle } from './client';

// Every connection starts with SESSION_SETTINGS (db/client.ts): the typo match's threshold and JIT off.
// On PostgreSQL the pool has several connections; each one is asked, from inside as many transactions
// held open at once, so no two answers come from the same connection.

let database: DatabaseHandle;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database?.close();
});

const rowsOf = <T>(result: unknown): T[] => (Array.isArray(result) ? (result as T[]) : (result as { rows: T[] }).rows);

describe('session settings', () => {
  it('are what every connection of the pool starts with', async () => {
    const connections = process.env.TEST_DATABASE_URL ? 3 : 1;
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const seen: Array<Record<string, string>> = [];
    const readers = Array.from({ length: connections }, () =>
      database.db.transaction(async (tx) => {
        const settings: Record<string, string> = {};
        for (const name of Object.keys(SESSION_SETTINGS)) {
          const [row] = rowsOf<{ value: string }>(await tx.execute(sql`select current_setting(${name}) as value`));
          settings[name] = row!.value;
        }
        const [pid] = rowsOf<{ pid: number }>(await tx.execute(sql`select pg_backend_pid() as pid`));
        seen.push({ ...settings, pid: String(pid!.pid) });
        if (seen.length === connections) release();
        await held;
      }),
    );
    await Promise.all(readers);
    expect(new Set(seen.map((entry) => entry.pid)).size).toBe(connections);
    for (const entry of seen) expect({ ...entry, pid: undefined }).toEqual({ ...SESSION_SETTINGS, pid: undefined });
    expect(SESSION_SETTINGS).toMatchObject({ jit: 'off', 'pg_trgm.word_similarity_threshold': '0.5' });
  });
});
