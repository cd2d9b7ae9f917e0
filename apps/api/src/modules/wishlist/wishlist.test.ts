import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { products } from '../../db/schema';
import { buildTestApp, type TestApp } from '../../../test/helper';
import { createUser } from '../../../test/factories';
import { bearerFor, createCommerceCategory, createListing } from '../../../test/factories-commerce';
import type { UserRecord } from '../users';

// A saved listing that is no longer live (docs/product/listings.md: hidden, a draft, or its seller suspended)
// stays in the wishlist but shows as unavailable (quantity 0), and the cart refuses it as it refuses any listing
// that is not live (docs/product/cart-and-wishlist.md).

let testApp: TestApp;
let admin: UserRecord;
let categoryId: string;
beforeAll(async () => {
  testApp = await buildTestApp();
  admin = await createUser(testApp.database.db, { role: 'admin' });
  categoryId = (await createCommerceCategory(testApp.database.db)).id;
});
afterAll(async () => {
  await testApp?.close();
});

const call = (authorization: string, method: 'GET' | 'POST' | 'PATCH', url: string, payload?: object) =>
  testApp.app.inject({ method, url, headers: { authorization }, ...(payload ? { payload } : {}) });
const setSellerStatus = async (sellerId: string, status: 'active' | 'suspended') => {
  const answer = await call(await bearerFor(testApp, admin), 'PATCH', `/api/admin/users/${sellerId}`, { status });
  expect(answer.statusCode, answer.body).toBe(200);
};
type Line = { product_id: string; quantity: number };
const quantities = async (authorization: string) => {
  const answer = await call(authorization, 'GET', '/api/wishlist');
  expect(answer.statusCode).toBe(200);
  return Object.fromEntries((answer.json() as { items: Line[] }).items.map((line) => [line.product_id, line.quantity]));
};
const addToCart = (authorization: string, productId: string) => call(authorization, 'POST', '/api/cart/items', { product_id: productId, quantity: 1 });

describe('a wishlist line whose listing is no longer live', () => {
  it('shows unavailable once its seller is suspended, cannot move to the cart, and comes back on reinstatement', async () => {
    const db = testApp.database.db;
    const seller = await createUser(db, { role: 'seller' });
    const otherSeller = await createUser(db, { role: 'seller' });
    const suspended = await createListing(db, { sellerId: seller.id, categoryId, quantity: 4 });
    const kept = await createListing(db, { sellerId: otherSeller.id, categoryId, quantity: 6 });
    const buyerAuth = await bearerFor(testApp, await createUser(db));
    for (const id of [suspended.id, kept.id]) expect((await call(buyerAuth, 'POST', '/api/wishlist/items', { product_id: id })).statusCode).toBe(201);
    expect(await quantities(buyerAuth)).toEqual({ [suspended.id]: 4, [kept.id]: 6 });

    await setSellerStatus(seller.id, 'suspended');

    // Still saved, but unavailable; the other seller's listing is untouched.
    expect(await quantities(buyerAuth)).toEqual({ [suspended.id]: 0, [kept.id]: 6 });
    const refused = await addToCart(buyerAuth, suspended.id);
    expect(refused.statusCode).toBe(404);
    expect(refused.json()).toEqual({ error: 'Product not found', code: 'not_found' });
    expect((await addToCart(buyerAuth, kept.id)).statusCode).toBe(200);
    // Nor can another buyer save it anew.
    const otherBuyer = await bearerFor(testApp, await createUser(db));
    expect((await call(otherBuyer, 'POST', '/api/wishlist/items', { product_id: suspended.id })).statusCode).toBe(404);

    await setSellerStatus(seller.id, 'active');
    expect(await quantities(buyerAuth)).toEqual({ [suspended.id]: 4, [kept.id]: 6 });
    expect((await addToCart(buyerAuth, suspended.id)).statusCode).toBe(200);
  });

  it('shows unavailable once the listing is hidden, and the cart refuses it', async () => {
    const db = testApp.database.db;
    const seller = await createUser(db, { role: 'seller' });
    const product = await createListing(db, { sellerId: seller.id, categoryId, quantity: 3 });
    const buyerAuth = await bearerFor(testApp, await createUser(db));
    expect((await call(buyerAuth, 'POST', '/api/wishlist/items', { product_id: product.id })).statusCode).toBe(201);

    await db.update(products).set({ status: 'hidden' }).where(eq(products.id, product.id));

    expect(await quantities(buyerAuth)).toEqual({ [product.id]: 0 });
    expect((await addToCart(buyerAuth, product.id)).statusCode).toBe(404);
  });

  it('leaves the wishlist when the listing is deleted', async () => {
    const db = testApp.database.db;
    const seller = await createUser(db, { role: 'seller' });
    const product = await createListing(db, { sellerId: seller.id, categoryId });
    const buyerAuth = await bearerFor(testApp, await createUser(db));
    expect((await call(buyerAuth, 'POST', '/api/wishlist/items', { product_id: product.id })).statusCode).toBe(201);
    await db.delete(products).where(eq(products.id, product.id));
    expect((await call(buyerAuth, 'GET', '/api/wishlist')).json()).toEqual({ items: [], items_count: 0, isNew: false });
  });
});
