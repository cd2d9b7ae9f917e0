import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONTROL_CHARACTERS_MESSAGE } from '@marketplace/contracts/common';
import { calendarDateIn } from '@marketplace/domain/pickup-schedule';
import { orders, products, users } from '../../db/schema';
import { defineJobs, JOB_NAMES } from '../../jobs';
import { buildTestApp, type TestApp } from '../../../test/helper';
import { createUser } from '../../../test/factories';
import { bearerFor, createCommerceCategory, createListing } from '../../../test/factories-commerce';

// A shop's vacation (docs/product/shops.md): PUT/DELETE /api/seller/vacation; while it lasts the listings show
// but cannot be put in a cart or bought (409 shop_on_vacation); it ends by itself on its day.

let testApp: TestApp;
let categoryId: string;
beforeAll(async () => {
  testApp = await buildTestApp();
  categoryId = (await createCommerceCategory(testApp.database.db)).id;
});
afterAll(async () => {
  await testApp?.close();
});

const db = () => testApp.database.db;
const DAY_MS = 24 * 60 * 60 * 1000;
/** The marketplace's calendar day `days` from the test clock's (US Eastern). */
const dayFromNow = (days: number) => calendarDateIn(new Date(testApp.clock.now().getTime() + days * DAY_MS));
const call = (authorization: string | null, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object, headers: Record<string, string> = {}) =>
  testApp.app.inject({ method, url, headers: { ...(authorization ? { authorization } : {}), ...headers }, ...(payload ? { payload } : {}) });

async function shopWithListing() {
  const seller = await createUser(db(), { role: 'seller' });
  const listing = await createListing(db(), { sellerId: seller.id, categoryId, quantity: 5 });
  return { seller, listing, authorization: await bearerFor(testApp, seller) };
}
async function newBuyer() {
  const buyer = await createUser(db());
  return { buyer, authorization: await bearerFor(testApp, buyer) };
}
const addToCart = (authorization: string, productId: string) => call(authorization, 'POST', '/api/cart/items', { product_id: productId, quantity: 1 });
const address = { name: 'Ada Buyer', line1: '1 Main St', city: 'Portland', state: 'Oregon', postal_code: '97201', country: 'US' };
const card = { card: { number: '4242 4242 4242 4242', expMonth: 12, expYear: 2035, cvc: '123' } };

describe('a shop on vacation', () => {
  it('shows its listings and its notice, but sells nothing until its day', async () => {
    const { seller, listing, authorization } = await shopWithListing();
    const until = dayFromNow(10);
    const set = await call(authorization, 'PUT', '/api/seller/vacation', { until, message: '  Back after the craft fair!  ' });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json()).toEqual({ vacation: { until, message: 'Back after the craft fair!' } });
    expect((await call(authorization, 'GET', '/api/seller/vacation')).json()).toEqual({ vacation: { until, message: 'Back after the craft fair!' } });

    // The shop and the listing are still there for everyone; the shop says it is away.
    expect((await call(null, 'GET', `/api/shops/${seller.id}`)).json().seller.vacation).toEqual({ until, message: 'Back after the craft fair!' });
    const page = await call(null, 'GET', `/api/products/${listing.id}`);
    expect(page.statusCode).toBe(200);
    expect(page.json().seller.vacation).toEqual({ until, message: 'Back after the craft fair!' });

    const { authorization: buyer } = await newBuyer();
    const refused = await addToCart(buyer, listing.id);
    expect(refused.statusCode).toBe(409);
    const [year, month, day] = until.split('-').map(Number);
    const label = `${['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'][month! - 1]} ${day}, ${year}`;
    expect(refused.json()).toMatchObject({ code: 'shop_on_vacation', error: `This shop is away until ${label}`, until });
    expect((await call(buyer, 'GET', '/api/cart')).json().items).toEqual([]);

    // On its day (New York's), the shop sells again, before the job has even tidied the row.
    testApp.clock.advance(10 * DAY_MS);
    try {
      const [buyerLater, sellerLater] = [await bearerFor(testApp, (await newBuyer()).buyer), await bearerFor(testApp, seller)];
      const added = await addToCart(buyerLater, listing.id);
      expect(added.statusCode).toBe(200);
      // The row still holds the day (the job has not run): the line reads the shop as open all the same.
      expect(added.json().items[0].seller).toEqual({ id: seller.id, vacation: null, name: expect.any(String) });
      expect((await call(sellerLater, 'GET', '/api/seller/vacation')).json()).toEqual({ vacation: null });
    } finally {
      testApp.clock.advance(-10 * DAY_MS);
    }
  });

  it('refuses at checkout a line added before the shop went away, charging and taking nothing', async () => {
    const { seller, listing, authorization } = await shopWithListing();
    const { buyer, authorization: buyerAuthorization } = await newBuyer();
    const before = await addToCart(buyerAuthorization, listing.id);
    expect(before.statusCode).toBe(200);
    expect(before.json().items[0].seller).toEqual({ id: seller.id, vacation: null, name: expect.any(String) });
    const until = dayFromNow(3);
    expect((await call(authorization, 'PUT', '/api/seller/vacation', { until })).json().vacation).toMatchObject({ message: null });

    // The line stays in the cart and says the shop is away (as the product page's seller.vacation), in the cart and the summary.
    const cart = (await call(buyerAuthorization, 'GET', '/api/cart')).json();
    expect(cart.items).toEqual([
      expect.objectContaining({ product_id: listing.id, seller: { id: seller.id, vacation: { until, message: null }, name: expect.any(String) } }),
    ]);
    // …with the seller's message once they write one.
    expect((await call(authorization, 'PUT', '/api/seller/vacation', { until, message: 'Back soon!' })).statusCode).toBe(200);
    const withMessage = (await call(buyerAuthorization, 'GET', '/api/cart')).json();
    expect(withMessage.items[0].seller).toEqual({ id: seller.id, vacation: { until, message: 'Back soon!' }, name: expect.any(String) });

    const summary = (await call(buyerAuthorization, 'GET', '/api/checkout/summary')).json();
    expect(summary.problems).toEqual([expect.objectContaining({ kind: 'shop_on_vacation', message: expect.stringContaining('This shop is away until') })]);
    expect(summary.items[0].seller.vacation).toEqual({ until, message: 'Back soon!' });
    const checkout = await call(
      buyerAuthorization,
      'POST',
      '/api/orders/checkout',
      { shippingAddress: address, payment: card },
      { 'idempotency-key': `vacation-${Date.now()}` },
    );
    expect(checkout.statusCode).toBe(409);
    expect(checkout.json()).toMatchObject({ code: 'shop_on_vacation', items: [expect.objectContaining({ productId: listing.id })] });
    expect(await db().select().from(orders).where(eq(orders.buyerId, buyer.id))).toEqual([]);
    expect((await db().select({ quantity: products.quantity }).from(products).where(eq(products.id, listing.id)))[0]?.quantity).toBe(5);

    // Ended early, the shop sells at once.
    expect((await call(authorization, 'DELETE', '/api/seller/vacation')).json()).toEqual({ vacation: null });
    expect((await call(buyerAuthorization, 'GET', '/api/cart')).json().items[0].seller).toEqual({ id: seller.id, vacation: null, name: expect.any(String) });
    const placed = await call(
      buyerAuthorization,
      'POST',
      '/api/orders/checkout',
      { shippingAddress: address, payment: card },
      { 'idempotency-key': `vacation-after-${Date.now()}` },
    );
    expect(placed.statusCode, placed.body).toBe(201);
  });

  it('takes a day after today and within a year, and a message of at most 500 characters', async () => {
    const { authorization } = await shopWithListing();
    const refusal = async (payload: object) => {
      const answer = await call(authorization, 'PUT', '/api/seller/vacation', payload);
      expect(answer.statusCode, answer.body).toBe(400);
      return answer.json().error as string;
    };
    expect(await refusal({ until: dayFromNow(0) })).toBe('The date your shop opens again must be after today.');
    expect(await refusal({ until: dayFromNow(400) })).toBe('The date your shop opens again can be at most 365 days ahead.');
    expect(await refusal({ until: 'next week' })).toContain('Choose the date your shop opens again.');
    expect(await refusal({ until: dayFromNow(2), message: 'x'.repeat(501) })).toContain('at most 500 characters');
    // The rule of every text a person writes: no control characters (a line break is fine).
    expect(await refusal({ until: dayFromNow(2), message: 'Back soon\u0007' })).toContain(CONTROL_CHARACTERS_MESSAGE);
    expect((await call(authorization, 'PUT', '/api/seller/vacation', { until: dayFromNow(2), message: 'Back soon.\nThank you!' })).statusCode).toBe(200);
    expect((await call(authorization, 'PUT', '/api/seller/vacation', { until: dayFromNow(365), message: 'x'.repeat(500) })).statusCode).toBe(200);
  });

  it('is the seller’s own: a buyer, an admin or a guest cannot set one', async () => {
    const { authorization: buyer } = await newBuyer();
    const admin = await bearerFor(testApp, await createUser(db(), { role: 'admin' }));
    for (const authorization of [buyer, admin])
      expect((await call(authorization, 'PUT', '/api/seller/vacation', { until: dayFromNow(2) })).statusCode).toBe(403);
    expect((await call(null, 'PUT', '/api/seller/vacation', { until: dayFromNow(2) })).statusCode).toBe(401);
    expect((await call(null, 'DELETE', '/api/seller/vacation')).statusCode).toBe(401);
  });

  it('ends by itself: the job opens every shop whose day has come', async () => {
    const { seller, authorization } = await shopWithListing();
    const other = await shopWithListing();
    await call(authorization, 'PUT', '/api/seller/vacation', { until: dayFromNow(1), message: 'Closed for a day' });
    await call(other.authorization, 'PUT', '/api/seller/vacation', { until: dayFromNow(5) });
    const job = defineJobs(testApp.services, testApp.config).find((definition) => definition.name === JOB_NAMES.endVacations)!;
    expect(job.everySeconds).toBe(300);
    expect(await job.run({})).toEqual({ ended: 0 });
    const otherUntil = dayFromNow(5);
    testApp.clock.advance(2 * DAY_MS);
    try {
      expect(await job.run({})).toEqual({ ended: 1 });
      const [row] = await db().select({ until: users.vacationUntil, message: users.vacationMessage }).from(users).where(eq(users.id, seller.id));
      expect(row).toEqual({ until: null, message: null });
      const [otherRow] = await db().select({ until: users.vacationUntil }).from(users).where(eq(users.id, other.seller.id));
      expect(otherRow?.until).toBe(otherUntil);
    } finally {
      testApp.clock.advance(-2 * DAY_MS);
    }
  });
});
