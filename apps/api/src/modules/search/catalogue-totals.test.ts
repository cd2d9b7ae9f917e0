import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CATALOG_COUNT_CAP } from '@marketplace/contracts/catalog';
import type { Database } from '../../db/client';
import { products, users } from '../../db/schema';
import { createUser } from '../../../test/factories';
import { createCategory } from '../../../test/factories-catalog';
import { buildTestApp, type TestApp } from '../../../test/helper';
import { findProducts, type ProductFilters } from './catalogue-search.repository';
import { timeLimit } from '../../../test/time-limit';

// The totals a catalogue page shows (docs/product/catalogue-speed.md, "The totals a page shows"): exact
// from the kept counts for the whole catalogue and a category, capped for a price range; and a page's
// statement, kept for its shape, answers what one built for the request alone answers.

let testApp: TestApp;
let db: Database;
beforeAll(async () => {
  testApp = await buildTestApp();
  db = testApp.database.db;
});
afterAll(async () => {
  await testApp?.close();
});

const rowsOf = <T>(result: unknown): T[] => (Array.isArray(result) ? (result as T[]) : (result as { rows: T[] }).rows);

/** Live listings recounted from the listings themselves (active, and their seller not suspended). */
async function countLiveListings(): Promise<number> {
  const [row] = rowsOf<{ n: number }>(
    await db.execute(sql`select count(*)::int as n from products p join users u on u.id = p.seller_id
                         where p.status = 'active' and u.status <> 'suspended'`),
  );
  return Number(row?.n ?? 0);
}

describe('the catalogue’s totals', () => {
  const list = async (query: string) => {
    const answer = await testApp.app.inject({ method: 'GET', url: `/api/products?${query}` });
    expect(answer.statusCode, answer.body).toBe(200);
    return answer.json() as { total: number; isTotalExact: boolean; totalPages: number; items: Array<{ id: string }> };
  };

  it('are exact for the whole catalogue and a category, from the kept counts, and follow a suspension', async () => {
    const category = await createCategory(db);
    const seller = await createUser(db, { role: 'seller' });
    await db
      .insert(products)
      .values(Array.from({ length: 7 }, (_, index) => ({ sellerId: seller.id, categoryId: category.id, title: `Counted ${index}`, priceCents: 900 })));
    const all = await countLiveListings();

    expect(await list('limit=5')).toMatchObject({ total: all, isTotalExact: true, totalPages: Math.ceil(all / 5) });
    expect(await list(`category=${category.slug}&limit=5`)).toMatchObject({ total: 7, isTotalExact: true, totalPages: 2 });
    await db.update(users).set({ status: 'suspended' }).where(eq(users.id, seller.id));
    expect(await list(`category=${category.slug}&limit=5`)).toMatchObject({ total: 0, isTotalExact: true, items: [] });
    expect((await list('limit=5')).total).toBe(all - 7);
  });

  it(`count a price range up to ${CATALOG_COUNT_CAP.toLocaleString('en-US')} and then say it is at least that many, with pages that reach that far`, {
    timeout: timeLimit(60_000),
  }, async () => {
    const category = await createCategory(db);
    const seller = await createUser(db, { role: 'seller' });
    const priced = (count: number, priceCents: number) =>
      db
        .insert(products)
        .values(
          Array.from({ length: count }, (_, index) => ({ sellerId: seller.id, categoryId: category.id, title: `Priced ${priceCents} ${index}`, priceCents })),
        );
    await priced(CATALOG_COUNT_CAP, 777_701);
    const exact = await list(`category=${category.slug}&minPrice=7777&limit=20`);
    expect(exact).toMatchObject({ total: CATALOG_COUNT_CAP, isTotalExact: true, totalPages: CATALOG_COUNT_CAP / 20 });

    await priced(1, 777_702);
    const capped = await list(`category=${category.slug}&minPrice=7777&limit=20`);
    expect(capped).toMatchObject({ total: CATALOG_COUNT_CAP, isTotalExact: false, totalPages: CATALOG_COUNT_CAP / 20 });
    // The last page the numbers offer is full; the category alone is still counted exactly.
    expect((await list(`category=${category.slug}&minPrice=7777&limit=20&page=${CATALOG_COUNT_CAP / 20}`)).items).toHaveLength(20);
    expect(await list(`category=${category.slug}&limit=20`)).toMatchObject({ total: CATALOG_COUNT_CAP + 1, isTotalExact: true });
    // A narrower range is exact again.
    expect(await list(`category=${category.slug}&minPrice=7777.02&limit=20`)).toMatchObject({ total: 1, isTotalExact: true });
  });

  it('answer from a statement kept for its shape what a statement built for the request alone answers', { timeout: timeLimit(60_000) }, async () => {
    // The catalogue keeps each shape's statement and runs it with each request's values: a value written
    // into the kept statement would answer the next request with the first one's.
    const [one, two] = [await createCategory(db), await createCategory(db)];
    const [sellerOne, sellerTwo] = [await createUser(db, { role: 'seller' }), await createUser(db, { role: 'seller' })];
    await db.insert(products).values(
      Array.from({ length: 24 }, (_, index) => ({
        sellerId: index % 3 === 0 ? sellerTwo.id : sellerOne.id,
        categoryId: index % 2 === 0 ? one.id : two.id,
        title: `${index % 4 === 0 ? 'Quillon' : 'Tabard'} ${index % 5 === 0 ? 'gambeson' : 'surcoat'} ${index}`,
        priceCents: 1_000 + index * 250,
        quantity: index,
        status: index % 7 === 0 ? ('hidden' as const) : ('active' as const),
      })),
    );
    const live: ProductFilters = { isLive: true, sort: 'relevance', offset: 0, limit: 20 };
    const pairs: [Partial<ProductFilters>, Partial<ProductFilters>][] = [
      [{ categorySlug: one.slug }, { categorySlug: two.slug }],
      [
        { categorySlug: one.slug, minPriceCents: 2_000, sort: 'price_asc' },
        { categorySlug: two.slug, minPriceCents: 4_000, sort: 'price_asc' },
      ],
      [
        { maxPriceCents: 3_000, sort: 'price_desc' },
        { maxPriceCents: 5_000, sort: 'price_desc' },
      ],
      [
        { sellerId: sellerOne.id, sort: 'newest' },
        { sellerId: sellerTwo.id, sort: 'newest' },
      ],
      [
        { sellerId: sellerOne.id, offset: 2, limit: 3 },
        { sellerId: sellerTwo.id, offset: 4, limit: 5 },
      ],
      [
        { isLive: false, status: 'active', sellerId: sellerOne.id },
        { isLive: false, status: 'hidden', sellerId: sellerTwo.id },
      ],
      [
        { isLive: false, sellerId: sellerOne.id, lowStockThreshold: 5 },
        { isLive: false, sellerId: sellerTwo.id, lowStockThreshold: 15 },
      ],
      [{ q: 'quillon' }, { q: 'tabard' }],
      [
        { q: 'quillon', categorySlug: one.slug, maxPriceCents: 5_000 },
        { q: 'tabard', categorySlug: two.slug, maxPriceCents: 4_000 },
      ],
      [
        { q: 'quillon', offset: 1, limit: 2 },
        { q: 'tabard', offset: 3, limit: 4 },
      ],
      [{ q: 'quillon gambeson' }, { q: 'tabard surcoat' }],
      [
        { q: 'quillon gambeson', sellerId: sellerOne.id, offset: 1, limit: 20 },
        { q: 'tabard surcoat', sellerId: sellerTwo.id, offset: 2, limit: 20 },
      ],
      [{ q: 'quilon' }, { q: 'tabbard' }],
      [
        { q: 'quilon surcoat', minPriceCents: 1_500 },
        { q: 'tabbard gambeson', minPriceCents: 2_500 },
      ],
    ];
    const idsOf = (page: Awaited<ReturnType<typeof findProducts>>) => ({
      ids: page.rows.map((row) => row.id),
      total: page.total,
      isTotalExact: page.isTotalExact,
    });
    for (const [first, second] of pairs) {
      const [a, b] = [
        { ...live, ...first },
        { ...live, ...second },
      ];
      const firstPage = idsOf(await findProducts(db, a));
      const kept = idsOf(await findProducts(db, b));
      const alone = idsOf(await db.transaction((tx) => findProducts(tx, b)));
      expect(kept, JSON.stringify(second)).toEqual(alone);
      // The pair's values lead to other listings, so a kept value would show.
      expect(kept.ids, JSON.stringify(second)).not.toEqual(firstPage.ids);
      expect(alone.ids.length, JSON.stringify(second)).toBeGreaterThan(0);
    }
  });

  it('answer every shape of page twice with other values (one prepared statement per shape on PostgreSQL)', { timeout: timeLimit(60_000) }, async () => {
    const category = await createCategory(db);
    const seller = await createUser(db, { role: 'seller' });
    await db.insert(products).values(
      Array.from({ length: 6 }, (_, index) => ({
        sellerId: seller.id,
        categoryId: category.id,
        title: `Shaped lamp ${index}`,
        priceCents: 1000 + index * 100,
      })),
    );
    const sorts = ['relevance', 'newest', 'price_asc', 'price_desc', 'rating'];
    const filterSets = [
      [],
      [`category=${category.slug}`],
      ['minPrice=10'],
      ['maxPrice=900'],
      [`category=${category.slug}`, 'minPrice=10', 'maxPrice=900'],
      [`sellerId=${seller.id}`],
      ['q=lamp'],
      ['q=lampp'],
      ['q=shaped lamp'],
      ['q=shapd lampp'],
      ['q=lamp', `category=${category.slug}`, 'minPrice=10'],
      ['q=shaped lamp', 'maxPrice=900', `sellerId=${seller.id}`],
      ['q="shaped lamp"'],
    ];
    const otherWords: Record<string, string> = {
      'q=lamp': 'q=shaped',
      'q=lampp': 'q=shapd',
      'q=shaped lamp': 'q=lamp shaped',
      'q=shapd lampp': 'q=lampp shapd',
    };
    for (const sort of sorts) {
      for (const filters of filterSets) {
        // A size the shop uses (written in the statement) and one it does not (a parameter).
        for (const [page, shift, limit] of [
          [1, 0, 2],
          [2, 0, 2],
          [1, 1, 2],
          [3, 1, 2],
          [1, 0, 20],
          [2, 0, 20],
          [1, 1, 20],
          [3, 1, 20],
        ] as const) {
          const query = [
            ...filters.map((filter) => (shift && filter.startsWith('minPrice') ? 'minPrice=11' : shift ? (otherWords[filter] ?? filter) : filter)),
            `sort=${sort}`,
            `page=${page}`,
            `limit=${limit}`,
          ].join('&');
          const answer = await testApp.app.inject({ method: 'GET', url: `/api/products?${query}` });
          expect(answer.statusCode, `${query}: ${answer.body}`).toBe(200);
        }
      }
    }
  });
});
