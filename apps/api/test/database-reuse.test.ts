import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createTestDatabase } from './helper';

// A reused database (database-reuse.ts) is, to the next file, the same as a fresh copy of the template.
describe('reused test databases', () => {
  it('hand the next file an empty database with nothing the last one changed, and refuse the old handle', async () => {
    const first = await createTestDatabase();
    await first.executeSql(`insert into categories (name, slug) values ('Left behind', 'left-behind')`);
    // What the domain events do to the database they watch.
    Object.defineProperty(first.db, 'transaction', { value: () => 'patched', configurable: true, writable: true });
    expect((first.db.transaction as unknown as () => string)()).toBe('patched');
    await first.close();
    expect(() => first.db.select()).toThrow(/closed/);
    await expect(first.executeSql('select 1')).rejects.toThrow(/closed/);

    const second = await createTestDatabase();
    try {
      expect(
        await second.db.transaction(async (transaction) => ((await transaction.execute(sql`select 1 as one`)) as unknown as { rows: unknown[] }).rows.length),
      ).toBe(1);
      expect((await second.executeSql('select count(*)::int as count from categories')).rows).toEqual([{ count: 0 }]);
    } finally {
      await second.close();
    }
  });

  it('never hands on a database whose tables a test changed', async () => {
    const first = await createTestDatabase();
    await first.executeSql('create table left_behind (id integer)');
    await first.close();
    const second = await createTestDatabase();
    try {
      expect((await second.executeSql(`select count(*)::int as count from pg_tables where tablename = 'left_behind'`)).rows).toEqual([{ count: 0 }]);
    } finally {
      await second.close();
    }
  });
});
