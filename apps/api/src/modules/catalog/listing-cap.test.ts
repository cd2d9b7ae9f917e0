import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_LISTINGS_PER_SELLER } from '@marketplace/domain/user-content-limits';
import { products } from '../../db/schema';
import { createUser } from '../../../test/factories';
import { bearerFor, createCommerceCategory } from '../../../test/factories-commerce';
import { buildTestApp, type TestApp } from '../../../test/helper';
import { timeLimit } from '../../../test/time-limit';

// A seller has at most MAX_LISTINGS_PER_SELLER listings (docs/product/limits.md), however many creates arrive at once.

let testApp: TestApp;
let category: { id: string; slug: string };
beforeAll(async () => {
  testApp = await buildTestApp();
  category = await createCommerceCategory(testApp.database.db);
});
afterAll(async () => {
  await testApp?.close();
});

const listing = { title: 'Vintage Film Camera', description: 'Fully working,\nwith a new light seal.', price: 25, quantity: 1, condition: 'good' };
const create = (authorization: string) =>
  testApp.app.inject({ method: 'POST', url: '/api/products', headers: { authorization }, payload: { ...listing, category: category.slug } });
const countOf = async (sellerId: string) =>
  (
    await testApp.database.db
      .select({ total: sql<number>`count(*)`.mapWith(Number) })
      .from(products)
      .where(eq(products.sellerId, sellerId))
  )[0]!.total;

describe('listings per seller', () => {
  it('is capped at 10,000, even for creates sent in parallel: the rest answer 409 listing_limit', { timeout: timeLimit(120_000) }, async () => {
    expect(MAX_LISTINGS_PER_SELLER).toBe(10_000);
    const db = testApp.database.db;
    const seller = await createUser(db, { role: 'seller' });
    const authorization = await bearerFor(testApp, seller);
    // Two places left (hidden listings and drafts count too).
    const kept = MAX_LISTINGS_PER_SELLER - 2;
    for (let start = 0; start < kept; start += 1000) {
      const size = Math.min(1000, kept - start);
      await db.insert(products).values(
        Array.from({ length: size }, (_, index) => ({
          sellerId: seller.id,
          categoryId: category.id,
          title: `Bulk ${start + index}`,
          description: 'A test listing',
          priceCents: 100,
          quantity: 1,
          status: (index % 2 === 0 ? 'active' : 'hidden') as 'active' | 'hidden',
        })),
      );
    }

    const answers = await Promise.all(Array.from({ length: 6 }, () => create(authorization)));
    expect(answers.filter((answer) => answer.statusCode === 201)).toHaveLength(2);
    for (const answer of answers.filter((each) => each.statusCode !== 201)) {
      expect(answer.statusCode, answer.body).toBe(409);
      expect(answer.json()).toEqual({ error: 'A seller can have at most 10,000 listings; contact support to list more', code: 'listing_limit', limit: 10_000 });
    }
    expect(await countOf(seller.id)).toBe(MAX_LISTINGS_PER_SELLER);
    expect((await create(authorization)).statusCode).toBe(409);

    // Another seller is not held back.
    const other = await createUser(db, { role: 'seller' });
    expect((await create(await bearerFor(testApp, other))).statusCode).toBe(201);

    // A listing removed (sellers cannot delete theirs; the marketplace can) frees a place.
    const [oldest] = await db.select({ id: products.id }).from(products).where(eq(products.sellerId, seller.id)).limit(1);
    await db.delete(products).where(eq(products.id, oldest!.id));
    expect((await create(authorization)).statusCode).toBe(201);
    expect((await create(authorization)).statusCode).toBe(409);
  });
});
