import { eq, inArray, sql, type SQL } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client';
import { liveListingCounts, products, sellerReviewTotals, users } from '../../db/schema';
import { createUser } from '../../../test/factories';
import { createCategory } from '../../../test/factories-catalog';
import { buildTestApp, type TestApp } from '../../../test/helper';
import { timeLimit } from '../../../test/time-limit';

// The figures PostgreSQL keeps for the catalogue (migration 0026, docs/product/catalogue-speed.md) always
// equal a recount: live listings per category (active, seller not suspended) and each seller's review
// totals, whatever is inserted, changed, deleted, suspended or reinstated, alone or side by side.

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

/** The kept figures and a recount from the listings themselves, with zero rows left out of both. */
async function keptAndCounted() {
  const kept = {
    live: Object.fromEntries((await db.select().from(liveListingCounts)).filter((row) => row.liveCount !== 0).map((row) => [row.categoryId, row.liveCount])),
    reviews: Object.fromEntries(
      (await db.select().from(sellerReviewTotals))
        .filter((row) => row.reviewCount !== 0 || row.ratingSum !== 0)
        .map((row) => [row.sellerId, [row.reviewCount, row.ratingSum]]),
    ),
  };
  const live = rowsOf<{ category_id: string; n: number }>(
    await db.execute(sql`select p.category_id, count(*)::int as n from products p join users u on u.id = p.seller_id
                         where p.status = 'active' and u.status <> 'suspended' group by p.category_id`),
  );
  const reviews = rowsOf<{ seller_id: string; c: number; s: number }>(
    await db.execute(sql`select seller_id, sum(review_count)::int as c, sum(rating_sum)::int as s from products group by seller_id
                         having sum(review_count) <> 0 or sum(rating_sum) <> 0`),
  );
  const counted = {
    live: Object.fromEntries(live.map((row) => [row.category_id, Number(row.n)])),
    reviews: Object.fromEntries(reviews.map((row) => [row.seller_id, [Number(row.c), Number(row.s)]])),
  };
  // The words (migration 0028): one row per lexeme of each active listing with its rank and page columns,
  // and each lexeme's count of active listings.
  const termsOf = async (query: SQL) => rowsOf<{ term: string }>(await db.execute(query)).map((row) => row.term);
  const keptTerms = await termsOf(
    sql`select concat_ws(' ', product_id, lexeme, rank_key, created_at, seller_id, category_id, price_cents) as term from listing_terms order by 1`,
  );
  const countedTerms =
    await termsOf(sql`select concat_ws(' ', p.id, t.lexeme, listing_rank_key(ts_rank(p.search_vector, quote_literal(t.lexeme)::tsquery)), p.created_at, p.seller_id, p.category_id, p.price_cents) as term
                                          from products p cross join lateral unnest(p.search_vector) t where p.status = 'active' order by 1`);
  const keptLexemes = await termsOf(sql`select concat_ws(' ', lexeme, listing_count) as term from catalogue_lexemes where listing_count <> 0 order by 1`);
  const countedLexemes = await termsOf(
    sql`select concat_ws(' ', t.lexeme, count(*)) as term from products p cross join lateral unnest(p.search_vector) t where p.status = 'active' group by t.lexeme order by 1`,
  );
  return { kept: { ...kept, terms: keptTerms, lexemes: keptLexemes }, counted: { ...counted, terms: countedTerms, lexemes: countedLexemes } };
}

async function expectFiguresToMatch(step: string) {
  const { kept, counted } = await keptAndCounted();
  expect(kept, step).toEqual(counted);
}

/** A small deterministic random source (the steps are the same on every run). */
function random(seed: number) {
  let state = seed;
  return () => {
    state = (state * 1103515245 + 12345) % 2147483648;
    return state / 2147483648;
  };
}

describe('the catalogue figures PostgreSQL keeps', () => {
  it('equal a recount after every kind of change to listings and sellers, one after another', { timeout: timeLimit(120_000) }, async () => {
    const [a, b] = [await createCategory(db), await createCategory(db)];
    const sellers = [await createUser(db, { role: 'seller' }), await createUser(db, { role: 'seller' }), await createUser(db, { role: 'seller' })];
    const next = random(21);
    const pick = <T>(list: readonly T[]) => list[Math.floor(next() * list.length)]!;
    await expectFiguresToMatch('at the start');

    // A bulk insert: one statement, many listings in both categories, some hidden, some with reviews.
    const inserted = await db
      .insert(products)
      .values(
        Array.from({ length: 40 }, (_, index) => ({
          sellerId: sellers[index % 3]!.id,
          categoryId: index % 2 === 0 ? a.id : b.id,
          title: `Figure listing ${index}`,
          priceCents: 1000 + index,
          status: index % 5 === 0 ? ('hidden' as const) : ('active' as const),
          reviewCount: index % 4,
          ratingSum: (index % 4) * 4,
        })),
      )
      .returning({ id: products.id });
    const ids = inserted.map((row) => row.id);
    await expectFiguresToMatch('after a bulk insert');

    const steps: Array<[string, () => Promise<unknown>]> = [
      [
        'hide one',
        () =>
          db
            .update(products)
            .set({ status: 'hidden' })
            .where(eq(products.id, pick(ids))),
      ],
      [
        'show one',
        () =>
          db
            .update(products)
            .set({ status: 'active' })
            .where(eq(products.id, pick(ids))),
      ],
      [
        'hide several at once',
        () =>
          db
            .update(products)
            .set({ status: 'hidden' })
            .where(inArray(products.id, [pick(ids), pick(ids), pick(ids)])),
      ],
      [
        'show a seller’s all at once',
        () =>
          db
            .update(products)
            .set({ status: 'active' })
            .where(eq(products.sellerId, pick(sellers).id)),
      ],
      [
        'move one to the other category',
        () =>
          db
            .update(products)
            .set({ categoryId: next() < 0.5 ? a.id : b.id })
            .where(eq(products.id, pick(ids))),
      ],
      [
        'a review counted',
        () =>
          db
            .update(products)
            .set({ reviewCount: sql`${products.reviewCount} + 1`, ratingSum: sql`${products.ratingSum} + 5` })
            .where(eq(products.id, pick(ids))),
      ],
      [
        'a review hidden',
        () =>
          db
            .update(products)
            .set({ reviewCount: sql`greatest(${products.reviewCount} - 1, 0)`, ratingSum: sql`greatest(${products.reviewCount} - 1, 0) * 3` })
            .where(eq(products.id, pick(ids))),
      ],
      [
        'one retitled',
        () =>
          db
            .update(products)
            .set({ title: `${pick(['Walnut', 'Copper', 'Linen'])} ${pick(['lamp', 'bowl', 'scarf'])} ${Math.floor(next() * 100)}` })
            .where(eq(products.id, pick(ids))),
      ],
      [
        'one described anew',
        () =>
          db
            .update(products)
            .set({ description: `${pick(['Handmade', 'Vintage', 'Lamp'])} and ${pick(['sturdy', 'soft', 'figure'])}.` })
            .where(eq(products.id, pick(ids))),
      ],
      [
        'one repriced',
        () =>
          db
            .update(products)
            .set({ priceCents: 100 + Math.floor(next() * 5000) })
            .where(eq(products.id, pick(ids))),
      ],
      [
        'stock taken (no figure changes)',
        () =>
          db
            .update(products)
            .set({ quantity: sql`${products.quantity} + 1` })
            .where(inArray(products.id, ids)),
      ],
      [
        'a seller suspended',
        () =>
          db
            .update(users)
            .set({ status: 'suspended' })
            .where(eq(users.id, pick(sellers).id)),
      ],
      [
        'a seller reinstated',
        () =>
          db
            .update(users)
            .set({ status: 'active' })
            .where(eq(users.id, pick(sellers).id)),
      ],
      ['a suspended seller suspended again', () => db.update(users).set({ status: 'suspended' }).where(eq(users.status, 'suspended'))],
      [
        'a new listing of a maybe suspended seller',
        async () => {
          const [row] = await db
            .insert(products)
            .values({ sellerId: pick(sellers).id, categoryId: pick([a, b]).id, title: 'Late listing', priceCents: 500 })
            .returning({ id: products.id });
          ids.push(row!.id);
        },
      ],
    ];
    for (let index = 0; index < 80; index += 1) {
      const [name, run] = pick(steps);
      await run();
      await expectFiguresToMatch(`step ${index}: ${name}`);
    }

    // Deleting listings (only tests do) and reinstating everyone.
    await db.delete(products).where(inArray(products.id, ids.slice(0, 10)));
    await expectFiguresToMatch('after a delete');
    await db
      .update(users)
      .set({ status: 'active' })
      .where(
        inArray(
          users.id,
          sellers.map((seller) => seller.id),
        ),
      );
    await expectFiguresToMatch('after reinstating everyone');
  });

  it('equal a recount when listing changes and suspensions of their sellers run side by side', { timeout: timeLimit(120_000) }, async () => {
    const category = await createCategory(db);
    const sellers = [await createUser(db, { role: 'seller' }), await createUser(db, { role: 'seller' })];
    const rows = await db
      .insert(products)
      .values(
        Array.from({ length: 30 }, (_, index) => ({
          sellerId: sellers[index % 2]!.id,
          categoryId: category.id,
          title: `Side by side ${index}`,
          priceCents: 700,
          reviewCount: 1,
          ratingSum: 4,
        })),
      )
      .returning({ id: products.id });
    const next = random(7);
    for (let round = 0; round < 5; round += 1) {
      await Promise.all(
        Array.from({ length: 12 }, (_, index) => {
          const seller = sellers[index % 2]!;
          if (index % 3 === 0)
            return db
              .update(users)
              .set({ status: next() < 0.5 ? 'suspended' : 'active' })
              .where(eq(users.id, seller.id));
          const id = rows[Math.floor(next() * rows.length)]!.id;
          return db
            .update(products)
            .set({ status: next() < 0.5 ? 'hidden' : 'active', reviewCount: sql`${products.reviewCount} + 1`, ratingSum: sql`${products.ratingSum} + 4` })
            .where(eq(products.id, id));
        }),
      );
      await expectFiguresToMatch(`round ${round}`);
    }
  });
});
