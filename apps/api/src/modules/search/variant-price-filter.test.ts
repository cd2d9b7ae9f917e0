import { readFileSync } from 'node:fs';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listingTerms, products } from '../../db/schema';
import { buildTestApp, type TestApp } from '../../../test/helper';
import { createUser } from '../../../test/factories';
import { bearerFor, createCommerceCategory } from '../../../test/factories-commerce';
import type { UserRecord } from '../users';

// A price filter finds a listing with variants by its variants' prices (docs/product/listings.md, "Variations"):
// a T-shirt "From $20" whose L costs $30 is found between $25 and $35 and not between $21 and $29. Every way the
// catalogue applies a price filter is asked: the plain list (kept statements), the word search off the kept words
// (one word and several), a search in another order, a shop, and the AI search. A listing without variants is
// filtered by its one price, as before.

let testApp: TestApp;
let seller: UserRecord;
let sellerAuthorization: string;
let categorySlug: string;
beforeAll(async () => {
  testApp = await buildTestApp();
  categorySlug = (await createCommerceCategory(testApp.database.db)).slug;
  seller = await createUser(testApp.database.db, { role: 'seller' });
  sellerAuthorization = await bearerFor(testApp, seller);
});
afterAll(async () => {
  await testApp?.close();
});

const db = () => testApp.database.db;
const call = (authorization: string | null, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object, headers: Record<string, string> = {}) =>
  testApp.app.inject({ method, url, headers: { ...(authorization ? { authorization } : {}), ...headers }, ...(payload ? { payload } : {}) });

const sizes = [{ name: 'Size', options: ['S', 'L', 'XL'] }];

/** A live listing of the seller's, listed through the API (made active as its first photo would). */
async function listLive(title: string, listing: object): Promise<{ id: string; variants: { id: string; label: string }[] }> {
  const created = await call(sellerAuthorization, 'POST', '/api/products', {
    title,
    description: 'Soft and heavy.',
    condition: 'new',
    category: categorySlug,
    ...listing,
  });
  expect(created.statusCode, created.body).toBe(201);
  const { id, variants } = created.json();
  await db().update(products).set({ status: 'active', isDraft: false }).where(eq(products.id, id));
  return { id, variants };
}

/** S $20 and L $30 on sale, XL $40 switched off: "From $20". */
const tShirtVariants = [
  { options: { Size: 'S' }, price: 20, quantity: 5 },
  { options: { Size: 'L' }, price: 30, quantity: 1 },
  { options: { Size: 'XL' }, price: 40, quantity: 5, available: false },
];

/** The ids a public list answers (up to 100 of them). */
async function idsOf(query: Record<string, string | number>): Promise<string[]> {
  const parameters = Object.entries({ limit: 100, ...query }).map(([key, value]): [string, string] => [key, String(value)]);
  const answer = await call(null, 'GET', `/api/products?${new URLSearchParams(parameters)}`);
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json().items.map((item: { id: string }) => item.id);
}

const prices = async (id: string) =>
  (await db().select({ priceCents: products.priceCents, maxPriceCents: products.maxPriceCents }).from(products).where(eq(products.id, id)))[0];
const keptWordPrices = async (id: string) =>
  db()
    .selectDistinct({ priceCents: listingTerms.priceCents, maxPriceCents: listingTerms.maxPriceCents })
    .from(listingTerms)
    .where(eq(listingTerms.productId, id));

/** The ways the public catalogue filters by price, each with `words` (all of them name the listings asked about). */
const paths = (words: string): Record<string, Record<string, string>> => ({
  'the plain list': {},
  'the plain list, cheapest first': { sort: 'price_asc' },
  'the word search (one word)': { q: words.split(' ')[0]! },
  'the word search (several words)': { q: words },
  'a search cheapest first': { q: words, sort: 'price_asc' },
  // Named before the tests start (the seller is made then): asked for its query only inside a test.
  'a shop': { sellerId: seller?.id ?? '' },
});

describe('a price filter on a listing with variants', () => {
  let tShirt: string;
  let mug: string;
  beforeAll(async () => {
    tShirt = (await listLive('Quokkaworth cotton tee', { variations: sizes, variants: tShirtVariants })).id;
    mug = (await listLive('Quokkaworth cotton mug', { price: 25, quantity: 3 })).id;
  });

  it('keeps the highest price on sale beside the lowest, on the listing and its kept words', async () => {
    expect(await prices(tShirt)).toEqual({ priceCents: 2000, maxPriceCents: 3000 });
    expect(await keptWordPrices(tShirt)).toEqual([{ priceCents: 2000, maxPriceCents: 3000 }]);
    // A listing without variants has one price: no highest of its own.
    expect(await prices(mug)).toEqual({ priceCents: 2500, maxPriceCents: null });
  });

  for (const path of Object.keys(paths('quokkaworth cotton'))) {
    it(`finds it by any price on sale, not between them, in ${path}`, async () => {
      const query = paths('quokkaworth cotton')[path]!;
      const found = async (range: Record<string, number>) => (await idsOf({ ...query, ...range })).includes(tShirt);
      expect(await found({ minPrice: 25, maxPrice: 35 })).toBe(true);
      expect(await found({ minPrice: 30, maxPrice: 40 })).toBe(true);
      expect(await found({ minPrice: 10, maxPrice: 20 })).toBe(true);
      expect(await found({ minPrice: 21, maxPrice: 29 })).toBe(false);
      // The XL is switched off: its $40 does not count.
      expect(await found({ minPrice: 35, maxPrice: 45 })).toBe(false);
      expect(await found({ minPrice: 30 })).toBe(true);
      expect(await found({ minPrice: 31 })).toBe(false);
      expect(await found({ maxPrice: 20 })).toBe(true);
      expect(await found({ maxPrice: 19 })).toBe(false);
      // A listing without variants, by its one price as before.
      const mugFound = async (range: Record<string, number>) => (await idsOf({ ...query, ...range })).includes(mug);
      expect(await mugFound({ minPrice: 21, maxPrice: 29 })).toBe(true);
      expect(await mugFound({ minPrice: 26, maxPrice: 35 })).toBe(false);
      expect(await mugFound({ minPrice: 10, maxPrice: 24 })).toBe(false);
      expect(await mugFound({ minPrice: 25 })).toBe(true);
      expect(await mugFound({ maxPrice: 24 })).toBe(false);
    });
  }

  it('sorts it by its lowest price ("From $20") and counts it once', async () => {
    const page = (await call(null, 'GET', `/api/products?q=quokkaworth&minPrice=25&maxPrice=35&sort=price_asc&limit=100`)).json();
    expect(page.items.map((item: { id: string; price: number }) => [item.id, item.price])).toEqual([
      [tShirt, 20],
      [mug, 25],
    ]);
    expect(page.total).toBe(2);
    const list = (await call(null, 'GET', `/api/products?sellerId=${seller.id}&minPrice=25&maxPrice=35&sort=price_asc&limit=100`)).json();
    expect(list.items.map((item: { id: string }) => item.id)).toEqual([tShirt, mug]);
    expect(list.total).toBe(2);
  });

  it('finds it in the AI search by its variants’ prices', async () => {
    const titles = async (q: string) =>
      (await call(null, 'GET', `/api/search/ai?q=${encodeURIComponent(q)}`)).json().items.map((item: { id: string }) => item.id) as string[];
    expect(await titles('quokkaworth tee between $25 and $35')).toContain(tShirt);
    expect(await titles('quokkaworth tee between $21 and $29')).not.toContain(tShirt);
  });
});

describe('the highest price, kept as the variants change', () => {
  it('follows an edit of the variants, and goes when they are taken away', async () => {
    const { id } = await listLive('Wallabyfern linen shirt', { variations: sizes, variants: tShirtVariants });
    const found = async (range: Record<string, number>) => (await idsOf({ q: 'wallabyfern', ...range })).includes(id);
    const edit = async (payload: object) => {
      const answer = await call(sellerAuthorization, 'PUT', `/api/products/${id}`, payload);
      expect(answer.statusCode, answer.body).toBe(200);
    };

    // The L dearer: the old price is no longer found, the new one is.
    await edit({ variations: sizes, variants: tShirtVariants.map((variant) => (variant.options.Size === 'L' ? { ...variant, price: 50 } : variant)) });
    expect(await prices(id)).toEqual({ priceCents: 2000, maxPriceCents: 5000 });
    expect(await keptWordPrices(id)).toEqual([{ priceCents: 2000, maxPriceCents: 5000 }]);
    expect(await found({ minPrice: 25, maxPrice: 35 })).toBe(false);
    expect(await found({ minPrice: 45, maxPrice: 55 })).toBe(true);
    expect((await idsOf({ minPrice: 45, maxPrice: 55 })).includes(id)).toBe(true);

    // The XL switched on: its $40 counts now.
    await edit({
      variations: sizes,
      variants: tShirtVariants.map((variant) => ({ ...variant, available: true, price: variant.options.Size === 'L' ? 50 : variant.price })),
    });
    expect(await prices(id)).toEqual({ priceCents: 2000, maxPriceCents: 5000 });
    expect(await found({ minPrice: 35, maxPrice: 45 })).toBe(true);

    // Every combination switched off: the listing still shows a price, and is found by all of them (as its "From").
    await edit({ variations: sizes, variants: tShirtVariants.map((variant) => ({ ...variant, available: false })) });
    expect(await prices(id)).toEqual({ priceCents: 2000, maxPriceCents: 4000 });
    expect(await found({ minPrice: 25, maxPrice: 35 })).toBe(true);
    expect(await found({ minPrice: 31, maxPrice: 39 })).toBe(false);

    // Taken away: one price again, filtered by it alone.
    await edit({ variations: [], variants: [] });
    expect(await prices(id)).toEqual({ priceCents: 2000, maxPriceCents: null });
    expect(await keptWordPrices(id)).toEqual([{ priceCents: 2000, maxPriceCents: null }]);
    expect(await found({ minPrice: 25, maxPrice: 35 })).toBe(false);
    expect(await found({ minPrice: 15, maxPrice: 25 })).toBe(true);
  });

  it('stays right when a size sells out at checkout: a sold-out size is still on sale, as in its "From" price', async () => {
    const { id, variants } = await listLive('Bilbyhollow wool socks', { variations: sizes, variants: tShirtVariants });
    const large = variants.find((variant) => variant.label === 'Size: L')!;
    const buyer = await bearerFor(testApp, await createUser(db()));
    expect((await call(buyer, 'POST', '/api/cart/items', { product_id: id, variant_id: large.id, quantity: 1 })).statusCode).toBe(200);
    const address = { name: 'Ada Buyer', line1: '1 Main St', city: 'Portland', state: 'Oregon', postal_code: '97201', country: 'US' };
    const card = { card: { number: '4242 4242 4242 4242', expMonth: 12, expYear: 2035, cvc: '123' } };
    const placed = await call(buyer, 'POST', '/api/orders/checkout', { shippingAddress: address, payment: card }, { 'idempotency-key': `variant-price-${id}` });
    expect(placed.statusCode, placed.body).toBe(201);
    // The L is sold out, still on sale: the listing's prices are what they were, and so is what a filter finds.
    expect((await db().select({ quantity: products.quantity }).from(products).where(eq(products.id, id)))[0]?.quantity).toBe(5);
    expect(await prices(id)).toEqual({ priceCents: 2000, maxPriceCents: 3000 });
    expect(await keptWordPrices(id)).toEqual([{ priceCents: 2000, maxPriceCents: 3000 }]);
    expect((await idsOf({ q: 'bilbyhollow', minPrice: 25, maxPrice: 35 })).includes(id)).toBe(true);
  });
});

describe('migration 0033', () => {
  it('fills the highest price of the listings with variants already there, and their kept words follow', async () => {
    const { id } = await listLive('Numbatridge canvas tote', { variations: sizes, variants: tShirtVariants });
    const plain = (await listLive('Numbatridge canvas bag', { price: 12, quantity: 1 })).id;
    // The backfill as the migration file has it (the column exists already: the database is migrated).
    const backfill = readFileSync(new URL('../../db/migrations/0033_variant-price-span.sql', import.meta.url), 'utf8')
      .split('--> statement-breakpoint')
      .map((statement) => statement.replace(/^\s*--.*$/gm, '').trim())
      .find((statement) => statement.startsWith('UPDATE'));
    expect(backfill).toBeDefined();
    // As a database from before holds them: no highest price, on the listing or its words.
    await db().update(products).set({ maxPriceCents: null }).where(eq(products.id, id));
    await db().update(listingTerms).set({ maxPriceCents: null }).where(eq(listingTerms.productId, id));
    await db().execute(sql.raw(backfill!));
    expect(await prices(id)).toEqual({ priceCents: 2000, maxPriceCents: 3000 });
    expect(await keptWordPrices(id)).toEqual([{ priceCents: 2000, maxPriceCents: 3000 }]);
    expect(await prices(plain)).toEqual({ priceCents: 1200, maxPriceCents: null });
  });
});
