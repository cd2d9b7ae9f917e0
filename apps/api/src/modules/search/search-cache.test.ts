import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderItems, products } from '../../db/schema';
import { createUser } from '../../../test/factories';
import { addListingImage, bearerFor, createCommerceCategory, createListing } from '../../../test/factories-commerce';
import { buildTestApp, type TestApp } from '../../../test/helper';

// The public search answer is kept in memory for SEARCH_CACHE_SECONDS (here 5 s on the test's manual
// clock). A row changed behind the app's back shows only when the entry expires; every change made
// through the app (seller edits, stock, photos, orders, admin hiding) shows at once.

let testApp: TestApp;
let seller: Awaited<ReturnType<typeof createUser>>;
let sellerAuth: string;
let adminAuth: string;
let categorySlug: string;
let categoryId: string;

beforeAll(async () => {
  testApp = await buildTestApp({ environment: { SEARCH_CACHE_SECONDS: '5' } });
  const db = testApp.database.db;
  seller = await createUser(db, { role: 'seller' });
  sellerAuth = await bearerFor(testApp, seller);
  adminAuth = await bearerFor(testApp, await createUser(db, { role: 'admin' }));
  const category = await createCommerceCategory(db);
  categorySlug = category.slug;
  categoryId = category.id;
});
afterAll(async () => {
  await testApp?.close();
});

const db = () => testApp.database.db;
const call = (authorization: string, method: 'GET' | 'POST' | 'PUT' | 'PATCH', url: string, payload?: object, headers: Record<string, string> = {}) =>
  testApp.app.inject({ method, url, headers: { authorization, ...headers }, ...(payload ? { payload } : {}) });

interface Summary {
  id: string;
  title: string;
  quantity: number;
  price: number;
  image: { url: string } | null;
}
/** The public search for a word only this test's listings carry. */
async function search(word: string): Promise<{ items: Summary[]; total: number }> {
  const response = await testApp.app.inject({ method: 'GET', url: `/api/products?q=${word}&category=${categorySlug}` });
  expect(response.statusCode).toBe(200);
  return response.json();
}
const find = async (word: string, id: string) => (await search(word)).items.find((item) => item.id === id);

// Words far apart from each other, so the typo-forgiving match never finds one listing by another's.
const WORDS = ['zebrawood', 'quokka', 'marimba', 'fjord', 'pangolin', 'tuxedo', 'glockenspiel', 'yurt'];
let sequence = 0;
/** A listing with a word of its own, already searched for once so its page is cached. */
async function cachedListing(values: { quantity?: number } = {}) {
  const word = WORDS[sequence++]!;
  const listing = await createListing(db(), { sellerId: seller.id, categoryId, title: `${word} cutting board`, quantity: values.quantity ?? 10 });
  expect((await search(word)).total).toBe(1);
  return { listing, word };
}

describe('public search cache', () => {
  it('answers a repeated search from memory until the entry is 5 s old, then refreshes it', async () => {
    const { listing, word } = await cachedListing();
    await db().update(products).set({ priceCents: 7777 }).where(eq(products.id, listing.id));
    expect((await find(word, listing.id))?.price).toBe(20);
    testApp.clock.advance(4_900);
    expect((await find(word, listing.id))?.price).toBe(20);
    testApp.clock.advance(200);
    // The first search after expiry is answered at once from the old page while it is read afresh.
    expect((await find(word, listing.id))?.price).toBe(20);
    await expect.poll(async () => (await find(word, listing.id))?.price).toBe(77.77);
  });

  it("keeps other filters' pages apart", async () => {
    const { listing, word } = await cachedListing();
    const cheap = await testApp.app.inject({ method: 'GET', url: `/api/products?q=${word}&category=${categorySlug}&maxPrice=5` });
    expect(cheap.json().total).toBe(0);
    expect((await find(word, listing.id))?.id).toBe(listing.id);
  });

  it("shows a seller's edit and restock at once", async () => {
    const { listing, word } = await cachedListing();
    expect((await call(sellerAuth, 'PUT', `/api/products/${listing.id}`, { price: 12.5 })).statusCode).toBe(200);
    expect((await find(word, listing.id))?.price).toBe(12.5);
    expect((await call(sellerAuth, 'PATCH', `/api/seller/products/${listing.id}/inventory`, { restock: 5 })).statusCode).toBe(200);
    expect((await find(word, listing.id))?.quantity).toBe(15);
  });

  it('drops a listing the admin hides at once', async () => {
    const { listing, word } = await cachedListing();
    expect((await call(adminAuth, 'PATCH', `/api/admin/products/${listing.id}`, { status: 'hidden' })).statusCode).toBe(200);
    expect((await search(word)).total).toBe(0);
  });

  it('shows a new cover photo once the seller reorders the photos', async () => {
    const { listing, word } = await cachedListing();
    await addListingImage(db(), listing.id, 0);
    const second = await addListingImage(db(), listing.id, 1);
    // Rows written behind the app's back: still the cached page without a photo.
    expect((await find(word, listing.id))?.image).toBeNull();
    const images = (await call(sellerAuth, 'GET', `/api/products/${listing.id}/images`)).json().images as { id: string }[];
    const reordered = await call(sellerAuth, 'PUT', `/api/products/${listing.id}/images/order`, { imageIds: images.map((image) => image.id).reverse() });
    expect(reordered.statusCode).toBe(200);
    expect((await find(word, listing.id))?.image?.url).toBe(second.url);
  });

  it('shows the stock a checkout took, and the stock a rejected item gave back, at once', async () => {
    const { listing, word } = await cachedListing({ quantity: 3 });
    const buyer = await createUser(db());
    const buyerAuth = await bearerFor(testApp, buyer);
    expect((await call(buyerAuth, 'POST', '/api/cart/items', { product_id: listing.id, quantity: 2 })).statusCode).toBeLessThan(300);
    const checkout = await call(
      buyerAuth,
      'POST',
      '/api/orders/checkout',
      {
        shippingAddress: { name: 'Ada Buyer', line1: '1 Main St', city: 'Portland', state: 'Oregon', postal_code: '97201', country: 'US' },
        payment: { card: { number: '4242 4242 4242 4242', expMonth: 12, expYear: 2035, cvc: '123' } },
      },
      { 'idempotency-key': `cache-test-${sequence}` },
    );
    expect(checkout.statusCode).toBeLessThan(300);
    expect((await find(word, listing.id))?.quantity).toBe(1);

    const [item] = await db().select({ id: orderItems.id }).from(orderItems).where(eq(orderItems.productId, listing.id));
    const rejected = await call(sellerAuth, 'PATCH', `/api/seller/order-items/${item!.id}`, { status: 'rejected', reason: 'Damaged in storage' });
    expect(rejected.statusCode).toBe(200);
    expect((await find(word, listing.id))?.quantity).toBe(3);
  });

  it('keeps a product page in memory too, and still decides per viewer who sees a hidden one', async () => {
    const { listing } = await cachedListing();
    const page = (authorization = '') => call(authorization, 'GET', `/api/products/${listing.id}`);
    expect((await page()).json().price).toBe(20);
    await db().update(products).set({ priceCents: 3100 }).where(eq(products.id, listing.id));
    expect((await page()).json().price).toBe(20);
    expect((await call(sellerAuth, 'PUT', `/api/products/${listing.id}`, { title: 'Renamed board' })).statusCode).toBe(200);
    expect((await page()).json()).toMatchObject({ title: 'Renamed board', price: 31 });

    expect((await call(adminAuth, 'PATCH', `/api/admin/products/${listing.id}`, { status: 'hidden' })).statusCode).toBe(200);
    expect((await page(sellerAuth)).statusCode).toBe(200);
    expect((await page()).statusCode).toBe(404);
    const otherSeller = await bearerFor(testApp, await createUser(db(), { role: 'seller' }));
    expect((await page(otherSeller)).statusCode).toBe(404);
    expect((await page(adminAuth)).statusCode).toBe(200);
  });

  it("shows a seller's new company name on their listings at once", async () => {
    const { listing, word } = await cachedListing();
    const renamed = await call(sellerAuth, 'PUT', '/api/users/me', { companyName: 'Renamed Woodworks' });
    expect(renamed.statusCode).toBe(200);
    const found = (await search(word)).items.find((item) => item.id === listing.id) as unknown as { seller: { companyName: string } };
    expect(found.seller.companyName).toBe('Renamed Woodworks');
  });
});
