import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { products } from '../../db/schema';
import { createUser } from '../../../test/factories';
import { addListingImage, bearerFor, createCommerceCategory, createListing } from '../../../test/factories-commerce';
import { buildTestApp, type TestApp } from '../../../test/helper';
import type { UserRecord } from '../users';

// A suspended seller's listings leave the catalogue at once and come back when the seller is reinstated
// (docs/product/listings.md "A suspended seller's listings"); nothing stored on the listings changes.

let testApp: TestApp;
let admin: UserRecord;
let seller: UserRecord;
let otherSeller: UserRecord;
let listingId: string;
let otherListingId: string;
const TITLE = 'Zanzibar Teak Stool';

beforeAll(async () => {
  // The catalogue's in-memory pages on, as in production: the suspension must drop them.
  testApp = await buildTestApp({ environment: { SEARCH_CACHE_SECONDS: '30', PUBLIC_URL: 'https://shop.example.test' } });
  const db = testApp.database.db;
  const categoryId = (await createCommerceCategory(db)).id;
  admin = await createUser(db, { role: 'admin' });
  seller = await createUser(db, { role: 'seller', companyName: 'Zanzibar Woodworks' });
  otherSeller = await createUser(db, { role: 'seller', companyName: 'Other Goods' });
  listingId = (await createListing(db, { sellerId: seller.id, categoryId, title: TITLE, quantity: 5 })).id;
  otherListingId = (await createListing(db, { sellerId: otherSeller.id, categoryId, title: 'Zanzibar Rope Basket', quantity: 5 })).id;
  for (const id of [listingId, otherListingId]) await addListingImage(db, id);
});
afterAll(async () => {
  await testApp?.close();
});

const get = (url: string, authorization?: string) => testApp.app.inject({ method: 'GET', url, headers: authorization ? { authorization } : {} });
const setStatus = async (status: 'active' | 'suspended') => {
  const response = await testApp.app.inject({
    method: 'PATCH',
    url: `/api/admin/users/${seller.id}`,
    headers: { authorization: await bearerFor(testApp, admin) },
    payload: { status },
  });
  expect(response.statusCode).toBe(200);
};
const idsOf = (response: { json(): unknown }) => (response.json() as { items: { id: string }[] }).items.map((item) => item.id);
const newBuyer = async () => bearerFor(testApp, await createUser(testApp.database.db));
const addToCart = (authorization: string, productId: string) =>
  testApp.app.inject({ method: 'POST', url: '/api/cart/items', headers: { authorization }, payload: { product_id: productId, quantity: 1 } });

describe("a suspended seller's listings", () => {
  it('leave the list, the search, the AI search, the product page, the shop page and the sitemap, and come back on reinstatement', async () => {
    const rowBefore = (await testApp.database.db.select().from(products).where(eq(products.id, listingId)))[0];
    // Read once before, so the cached pages hold the listing.
    expect(idsOf(await get('/api/products?limit=100'))).toContain(listingId);
    expect(idsOf(await get('/api/products?q=zanzibar'))).toContain(listingId);
    expect((await get(`/api/products/${listingId}`)).statusCode).toBe(200);
    expect((await get(`/api/shops/${seller.id}`)).statusCode).toBe(200);

    await setStatus('suspended');

    const buyerAuth = await newBuyer();
    const list = await get('/api/products?limit=100');
    expect(idsOf(list)).not.toContain(listingId);
    expect(idsOf(list)).toContain(otherListingId);
    expect(idsOf(await get(`/api/products?sellerId=${seller.id}`))).toEqual([]);
    expect((await get(`/api/products?sellerId=${seller.id}`)).json().total).toBe(0);
    const search = await get('/api/products?q=zanzibar');
    expect(idsOf(search)).toEqual([otherListingId]);
    const aiSearch = await get('/api/search/ai?q=zanzibar');
    expect(aiSearch.statusCode).toBe(200);
    expect(JSON.stringify(aiSearch.json())).not.toContain(listingId);
    for (const authorization of [undefined, buyerAuth, await bearerFor(testApp, otherSeller)]) {
      const detail = await get(`/api/products/${listingId}`, authorization);
      expect(detail.statusCode).toBe(404);
      expect(detail.json()).toEqual({ error: 'Product not found', code: 'not_found' });
    }
    // Admins still see it (to look into the case).
    expect((await get(`/api/products/${listingId}`, await bearerFor(testApp, admin))).statusCode).toBe(200);
    expect((await get(`/api/shops/${seller.id}`)).statusCode).toBe(404);
    const sitemap = (await get('/sitemap.xml')).body;
    expect(sitemap).not.toContain(listingId);
    expect(sitemap).toContain(otherListingId);

    await setStatus('active');

    expect(idsOf(await get('/api/products?limit=100'))).toContain(listingId);
    expect(idsOf(await get('/api/products?q=zanzibar')).sort()).toEqual([listingId, otherListingId].sort());
    expect((await get(`/api/products/${listingId}`, buyerAuth)).statusCode).toBe(200);
    expect((await get(`/api/shops/${seller.id}`)).statusCode).toBe(200);
    expect((await get('/sitemap.xml')).body).toContain(listingId);
    // Nothing stored on the listing changed.
    expect((await testApp.database.db.select().from(products).where(eq(products.id, listingId)))[0]).toEqual(rowBefore);
  });

  it('cannot be put in a cart nor bought from one that already holds it (409, as for any listing no longer for sale)', async () => {
    const buyerAuth = await newBuyer();
    expect((await addToCart(buyerAuth, listingId)).statusCode).toBeLessThan(300);

    await setStatus('suspended');
    try {
      const refused = await addToCart(await newBuyer(), listingId);
      expect(refused.statusCode).toBe(404);
      expect(refused.json()).toMatchObject({ error: 'Product not found', code: 'not_found' });

      const summary = await get('/api/checkout/summary', buyerAuth);
      expect(summary.json().problems).toEqual([expect.objectContaining({ kind: 'unavailable', message: `"${TITLE}" is no longer available` })]);

      const checkout = await testApp.app.inject({
        method: 'POST',
        url: '/api/orders/checkout',
        headers: { authorization: buyerAuth, 'idempotency-key': `suspended-${Date.now()}` },
        payload: {
          shippingAddress: { name: 'Ada Buyer', line1: '1 Main St', city: 'Portland', state: 'OR', postal_code: '97201', country: 'US' },
          payment: { card: { number: '4242 4242 4242 4242', expMonth: 12, expYear: 2035, cvc: '123' } },
        },
      });
      expect(checkout.statusCode).toBe(409);
      expect(checkout.json().error).toContain(TITLE);
      expect((await testApp.database.db.select({ quantity: products.quantity }).from(products).where(eq(products.id, listingId)))[0]?.quantity).toBe(5);
    } finally {
      await setStatus('active');
    }
    expect((await addToCart(await newBuyer(), listingId)).statusCode).toBeLessThan(300);
  });
});
