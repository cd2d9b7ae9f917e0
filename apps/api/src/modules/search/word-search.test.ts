import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CATALOG_COUNT_CAP } from '@marketplace/contracts/catalog';
import type { Database } from '../../db/client';
import { products, users } from '../../db/schema';
import { createUser } from '../../../test/factories';
import { createCategory, type CategoryRow } from '../../../test/factories-catalog';
import { buildTestApp, type TestApp } from '../../../test/helper';
import { timeLimit } from '../../../test/time-limit';

// The live catalogue's word search reads the words PostgreSQL keeps (listing_terms, migration 0028;
// docs/product/catalogue-speed.md). Whatever it reads, a page must be the one a ranking of every match
// gives (ts_rank over the stored document, newest first on a tie), its total capped at "1,000+", and a
// misspelt word must find what the word spelt right finds.

let testApp: TestApp;
let db: Database;
let shop: CategoryRow;
let other: CategoryRow;
let sellerIds: string[];

const rowsOf = <T>(result: unknown): T[] => (Array.isArray(result) ? (result as T[]) : (result as { rows: T[] }).rows);

const ADJECTIVES = ['Walnut', 'Copper', 'Linen', 'Woollen', 'Ceramic'];
const THINGS = ['Lamp', 'Bowl', 'Scarf', 'Basket', 'Candle', 'Mirror', 'Clock'];

beforeAll(async () => {
  testApp = await buildTestApp();
  db = testApp.database.db;
  [shop, other] = [await createCategory(db), await createCategory(db)];
  const sellers = [await createUser(db, { role: 'seller' }), await createUser(db, { role: 'seller' }), await createUser(db, { role: 'seller' })];
  sellerIds = sellers.map((seller) => seller.id);
  // Enough lamps that "lamp" matches past the cap; words in titles and descriptions so ranks differ and tie.
  const rows = Array.from({ length: 1_400 }, (_, index) => {
    const thing = index < 1_150 ? 'Lamp' : THINGS[index % THINGS.length]!;
    const adjective = ADJECTIVES[index % ADJECTIVES.length]!;
    return {
      sellerId: sellerIds[index % 3]!,
      categoryId: index % 4 === 0 ? other.id : shop.id,
      title: index % 9 === 0 ? `${adjective} ${thing} ${thing}` : `${adjective} ${thing}`,
      description: index % 7 === 0 ? `A ${thing.toLowerCase()} for a ${ADJECTIVES[(index + 2) % ADJECTIVES.length]!.toLowerCase()} room.` : 'Made by hand.',
      priceCents: 500 + (index % 50) * 100,
      status: index % 13 === 0 ? ('hidden' as const) : ('active' as const),
      createdAt: new Date(Date.UTC(2026, 0, 1) + (index % 400) * 60_000),
    };
  });
  for (let start = 0; start < rows.length; start += 200) await db.insert(products).values(rows.slice(start, start + 200));
}, timeLimit(120_000));

afterAll(async () => {
  await testApp?.close();
});

interface Page {
  total: number;
  isTotalExact: boolean;
  items: Array<{ id: string; title: string }>;
}

async function search(query: string): Promise<Page> {
  const answer = await testApp.app.inject({ method: 'GET', url: `/api/products?${query}` });
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json() as Page;
}

/** Every live match ranked by the listings themselves: the order the kept words must give. */
async function reference(q: string, where = sql`true`): Promise<string[]> {
  const rows = rowsOf<{ id: string }>(
    await db.execute(sql`select p.id from products p join users u on u.id = p.seller_id
      where p.status = 'active' and u.status <> 'suspended' and p.search_vector @@ websearch_to_tsquery('english', ${q}) and ${where}
      order by ts_rank(p.search_vector, websearch_to_tsquery('english', ${q})) desc, p.created_at desc, p.id`),
  );
  return rows.map((row) => row.id);
}

describe('the word search over the kept words', () => {
  it('gives a common word’s pages exactly as ranking every match would, and says "1,000+" past the cap', async () => {
    const expected = await reference('lamps');
    expect(expected.length).toBeGreaterThan(CATALOG_COUNT_CAP);
    for (const page of [1, 2, 7, 40]) {
      const answer = await search(`q=lamps&limit=24&page=${page}`);
      expect(
        answer.items.map((item) => item.id),
        `page ${page}`,
      ).toEqual(expected.slice((page - 1) * 24, page * 24));
      expect(answer).toMatchObject({ total: CATALOG_COUNT_CAP, isTotalExact: false });
    }
  });

  it('counts a rarer word exactly and pages it as the full ranking does', async () => {
    const expected = await reference('basket');
    expect(expected.length).toBeGreaterThan(10);
    expect(expected.length).toBeLessThan(CATALOG_COUNT_CAP);
    const first = await search('q=Basket&limit=10');
    expect(first).toMatchObject({ total: expected.length, isTotalExact: true });
    expect(first.items.map((item) => item.id)).toEqual(expected.slice(0, 10));
    expect((await search('q=basket&limit=10&page=2')).items.map((item) => item.id)).toEqual(expected.slice(10, 20));
    // Past the end: no rows, and the total is still told.
    expect(await search('q=basket&limit=10&page=50')).toMatchObject({ items: [], total: expected.length });
    // Far past any catalogue (the offset overflows a 32-bit integer): still an empty page, for one word and several.
    for (const q of ['basket', 'copper basket', 'lamps']) {
      expect((await search(`q=${q}&limit=100&page=${Number.MAX_SAFE_INTEGER}`)).items, q).toEqual([]);
    }
  });

  it('ranks every listing that has all the words when few do, as the full ranking does', async () => {
    const expected = await reference('copper basket');
    expect(expected.length).toBeGreaterThan(0);
    const answer = await search('q=copper basket&limit=50');
    expect(answer.items.map((item) => item.id)).toEqual(expected.slice(0, 50));
    expect(answer).toMatchObject({ total: expected.length, isTotalExact: true });
  });

  it('ranks every listing that has all the words when more than the cap but not thousands do, as the full ranking does, and says "1,000+"', async () => {
    const expected = await reference('made hand');
    expect(expected.length).toBeGreaterThan(CATALOG_COUNT_CAP);
    expect(expected.length).toBeLessThan(4 * CATALOG_COUNT_CAP);
    const answer = await search('q=made hand&limit=48');
    expect(answer).toMatchObject({ total: CATALOG_COUNT_CAP, isTotalExact: false });
    expect(answer.items.map((item) => item.id)).toEqual(expected.slice(0, 48));
    expect((await search('q=made hand&limit=48&page=20')).items.map((item) => item.id)).toEqual(expected.slice(19 * 48, 20 * 48));
  });

  it('applies the category, price and seller filters as the full ranking does', async () => {
    const where = sql`p.category_id = ${shop.id} and p.price_cents between 1000 and 2500 and p.seller_id = ${sellerIds[1]!}`;
    const expected = await reference('lamp', where);
    const answer = await search(`q=lamp&category=${shop.slug}&minPrice=10&maxPrice=25&sellerId=${sellerIds[1]}&limit=30`);
    expect(answer.items.map((item) => item.id)).toEqual(expected.slice(0, 30));
    expect(answer).toMatchObject({ total: expected.length, isTotalExact: true });
  });

  it('corrects a misspelt word to the catalogue’s closest, alone or beside a word spelt right', async () => {
    expect((await search('q=baskett&limit=20')).items).toEqual((await search('q=basket&limit=20')).items);
    expect((await search('q=coper basket&limit=20')).items).toEqual((await search('q=copper basket&limit=20')).items);
    expect((await search('q=lmaps&limit=5')).items.map((item) => item.title).every((title) => /lamp/i.test(title))).toBe(true);
    expect(await search('q=zqxvwk&limit=5')).toMatchObject({ items: [], total: 0, isTotalExact: true });
    expect(await search('q=the&limit=5')).toMatchObject({ items: [], total: 0 });
  });

  it('follows listings as they change: a new title is found by its new words, a hidden listing and a suspended seller’s are not', async () => {
    const [mirror] = rowsOf<{ id: string }>(
      await db.execute(sql`select id from products where title ilike '%mirror%' and status = 'active' order by id limit 1`),
    );
    await db.update(products).set({ title: 'Porcelain Teapot' }).where(eq(products.id, mirror!.id));
    expect((await search('q=teapot')).items.map((item) => item.id)).toEqual([mirror!.id]);
    expect((await search('q=porcelain teapot')).items.map((item) => item.id)).toEqual([mirror!.id]);
    expect((await search('q=mirror&limit=100')).items.map((item) => item.id)).not.toContain(mirror!.id);

    await db.update(products).set({ status: 'hidden' }).where(eq(products.id, mirror!.id));
    expect(await search('q=teapot')).toMatchObject({ items: [], total: 0 });
    await db.update(products).set({ status: 'active' }).where(eq(products.id, mirror!.id));

    const [{ seller_id: sellerId }] = rowsOf<{ seller_id: string }>(await db.execute(sql`select seller_id from products where id = ${mirror!.id}`)) as [
      { seller_id: string },
    ];
    await db.update(users).set({ status: 'suspended' }).where(eq(users.id, sellerId));
    expect(await search('q=teapot')).toMatchObject({ items: [], total: 0 });
    const clocks = await reference('clock');
    expect((await search('q=clock&limit=100')).items.map((item) => item.id)).toEqual(clocks.slice(0, 100));
    await db.update(users).set({ status: 'active' }).where(eq(users.id, sellerId));
    expect((await search('q=teapot')).items.map((item) => item.id)).toEqual([mirror!.id]);
  });

  it('counts a word exactly when more than the cap have it but a suspended seller’s listings take it below, and says "1,000+" again once the seller is back', {
    timeout: timeLimit(60_000),
  }, async () => {
    const owner = await createUser(db, { role: 'seller' });
    const rows = Array.from({ length: CATALOG_COUNT_CAP + 50 }, (_, index) => ({
      sellerId: index < 120 ? owner.id : sellerIds[index % 3]!,
      categoryId: other.id,
      title: `Rattan Stool ${index}`,
      priceCents: 2_000,
    }));
    for (let start = 0; start < rows.length; start += 250) await db.insert(products).values(rows.slice(start, start + 250));
    expect(await search('q=rattan&limit=20')).toMatchObject({ total: CATALOG_COUNT_CAP, isTotalExact: false });
    await db.update(users).set({ status: 'suspended' }).where(eq(users.id, owner.id));
    const visible = await reference('rattan');
    expect(visible).toHaveLength(CATALOG_COUNT_CAP + 50 - 120);
    const answer = await search('q=rattan&limit=20');
    expect(answer).toMatchObject({ total: CATALOG_COUNT_CAP + 50 - 120, isTotalExact: true });
    expect(answer.items.map((item) => item.id)).toEqual(visible.slice(0, 20));
    await db.update(users).set({ status: 'active' }).where(eq(users.id, owner.id));
    expect(await search('q=rattan&limit=20')).toMatchObject({ total: CATALOG_COUNT_CAP, isTotalExact: false });
  });

  it('finds the best listings for all the words even when the rarest word alone ranks them past its first thousand', {
    timeout: timeLimit(60_000),
  }, async () => {
    // "birch" is the rarer word. 1,100 listings name it twice in the title with "tray" only in the
    // description: they come first for "birch" alone. 50 name both in the title: they rank first for both.
    const rows = [
      ...Array.from({ length: 1_100 }, (_, index) => ({ title: `Birch Birch Stool ${index}`, description: 'Comes with a tray.' })),
      ...Array.from({ length: 50 }, (_, index) => ({ title: `Birch Tray ${index}`, description: 'Lacquered.' })),
      ...Array.from({ length: 200 }, (_, index) => ({ title: `Serving Tray ${index}`, description: 'Lacquered.' })),
    ].map((row, index) => ({
      ...row,
      sellerId: sellerIds[index % 3]!,
      categoryId: other.id,
      priceCents: 1_500,
      createdAt: new Date(Date.UTC(2026, 1, 1) + index * 60_000),
    }));
    for (let start = 0; start < rows.length; start += 200) await db.insert(products).values(rows.slice(start, start + 200));
    const expected = await reference('birch tray');
    const bothInTitle = new Set(rowsOf<{ id: string }>(await db.execute(sql`select id from products where title like 'Birch Tray %'`)).map((row) => row.id));
    expect(expected.slice(0, 50).every((id) => bothInTitle.has(id))).toBe(true);
    const answer = await search('q=birch tray&limit=48');
    expect(answer.items.map((item) => item.id)).toEqual(expected.slice(0, 48));
    expect(answer).toMatchObject({ total: CATALOG_COUNT_CAP, isTotalExact: false });
  });

  it('ranks the rarest word’s best when the words plainly share thousands of listings, without asking the full-text index', {
    timeout: timeLimit(60_000),
  }, async () => {
    // So many that the words' counts alone say every listing has both: the kept words are read in rank order.
    const rows = Array.from({ length: 6_000 }, (_, index) => ({
      sellerId: sellerIds[index % 3]!,
      categoryId: other.id,
      title: index % 3 === 0 ? 'Sturdy Crate Crate' : `Sturdy Crate ${index}`,
      description: 'Sturdy pine crate.',
      priceCents: 900,
    }));
    for (let start = 0; start < rows.length; start += 1_000) await db.insert(products).values(rows.slice(start, start + 1_000));
    const answer = await search('q=sturdy crate&limit=40');
    expect(answer).toMatchObject({ total: CATALOG_COUNT_CAP, isTotalExact: false });
    // Every listing has both words; the best rank for both is a title naming the crate twice, and those come first.
    expect(answer.items.map((item) => item.title)).toEqual(Array.from({ length: 40 }, () => 'Sturdy Crate Crate'));
    expect((await search('q=sturdy crate&limit=40&page=2')).items.every((item) => item.title === 'Sturdy Crate Crate')).toBe(true);
  });
});
