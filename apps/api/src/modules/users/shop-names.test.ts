import { readFileSync } from 'node:fs';
import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nameComparisonKey } from '@marketplace/domain/visible-names';
import { createUser } from '../../../test/factories';
import { buildTestApp, type TestApp } from '../../../test/helper';
import { users } from './users.schema';

// The shop names that were there before names were unique (docs/product/shops.md, "The shop's name"): the
// migration computes each seller's key in SQL, as @marketplace/domain/visible-names does, and where shops
// already read alike only the oldest gets it, so the unique index can be built and nobody is renamed.

let testApp: TestApp;
beforeAll(async () => {
  testApp = await buildTestApp();
});
afterAll(async () => {
  await testApp?.close();
});

/** The backfill as the migration file has it (the column and its index exist already: the database is migrated). */
const backfill = readFileSync(new URL('../../db/migrations/0029_shop-name-key.sql', import.meta.url), 'utf8')
  .split('--> statement-breakpoint')
  .map((statement) => statement.replace(/^\s*--.*$/gm, '').trim())
  .find((statement) => statement.startsWith('UPDATE'));

/** Sellers as an older database holds them: these company names, in this order of age, and no key. */
async function sellersFromBefore(companyNames: readonly string[]): Promise<string[]> {
  const ids: string[] = [];
  for (const [index, companyName] of companyNames.entries()) {
    const seller = await createUser(testApp.database.db, { role: 'seller' });
    await testApp.database.db
      .update(users)
      .set({ companyName, shopNameKey: null, createdAt: new Date(Date.UTC(2024, 0, 1, 0, index)) })
      .where(eq(users.id, seller.id));
    ids.push(seller.id);
  }
  return ids;
}

/** Runs the backfill and answers each seller's key, then rolls it all back (it touches every seller of this database). */
async function keysAfterBackfill(ids: readonly string[]): Promise<Array<string | null>> {
  expect(backfill).toBeDefined();
  const rolledBack = new Error('roll back');
  let keys: Array<string | null> = [];
  await expect(
    testApp.database.db.transaction(async (transaction) => {
      await transaction.execute(sql.raw(backfill!));
      const rows = await transaction
        .select({ id: users.id, key: users.shopNameKey })
        .from(users)
        .where(inArray(users.id, [...ids]));
      keys = ids.map((id) => rows.find((row) => row.id === id)?.key ?? null);
      throw rolledBack;
    }),
  ).rejects.toBe(rolledBack);
  return keys;
}

describe('the migration that made shop names unique', () => {
  it('keys each seller’s company name as the domain rule does', async () => {
    const names = [
      'Lantern Row',
      'Crème\u2009&\u3000Co',
      'ǄEMAL Goods',
      'Straße Shop',
      'ÉLAN Studio',
      'Ｆｕｌｌ Ｗｉｄｔｈ Works',
      '  Spaced \u00a0  Out  ',
      'North\u200bwind\u2060 Supply',
      'Tag\u{e0041}ged Things',
      'Tab\tSeparated',
      'Line\u2028Break',
      '\u202eDesrever\u202c',
    ];
    const ids = await sellersFromBefore(names);
    expect(await keysAfterBackfill(ids)).toEqual(names.map((name) => nameComparisonKey(name)));
  });

  it('gives a name that shows nothing no key', async () => {
    const ids = await sellersFromBefore(['\u200b\u2060\ufeff', '   ']);
    expect(await keysAfterBackfill(ids)).toEqual([null, null]);
  });

  it('keys only the oldest of shops that read alike, so the unique index holds', async () => {
    const ids = await sellersFromBefore(['Copper Kettle', 'COPPER  kettle', 'Copper\u00a0Kettle', 'Ｃｏｐｐｅｒ Kettle']);
    expect(await keysAfterBackfill(ids)).toEqual(['copper kettle', null, null, null]);
  });

  it('keys no one but sellers', async () => {
    const buyer = await createUser(testApp.database.db, { role: 'buyer' });
    await testApp.database.db.update(users).set({ companyName: 'Buyer Co', shopNameKey: null }).where(eq(users.id, buyer.id));
    expect(await keysAfterBackfill([buyer.id])).toEqual([null]);
  });
});

describe('what the users repository keeps', () => {
  it('writes a seller’s key with the name, at sign-up and at each change, and none for a buyer', async () => {
    const keyOf = async (id: string) => (await testApp.database.db.select({ key: users.shopNameKey }).from(users).where(eq(users.id, id)))[0]?.key;
    const seller = await createUser(testApp.database.db, { role: 'seller', companyName: 'Brass  & Glass' });
    expect(await keyOf(seller.id)).toBe('brass & glass');
    const buyer = await createUser(testApp.database.db, { role: 'buyer', companyName: 'Brass & Glass Two' });
    expect(await keyOf(buyer.id)).toBeNull();
  });
});
