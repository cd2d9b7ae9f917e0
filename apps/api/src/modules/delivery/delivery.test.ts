import { asc, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { orderItems, orders, orderShopShipping, payments, products } from '../../db/schema';
import { CarrierError } from '../../providers/carrier/port';
import { buildTestApp, type TestApp } from '../../../test/helper';
import { createUser } from '../../../test/factories';
import { bearerFor, createCommerceCategory } from '../../../test/factories-commerce';

// Shipping each shop sets and the delivery promise (docs/product/shipping.md): a cart from three shops — a flat
// rate, a calculated rate and a shop with no profile (the standard rate) — summed per shop in the summary, charged
// as summed, kept per shop with the order, and dated from the order's day by handling and the carrier's transit.

let testApp: TestApp;
let categorySlug: string;
// The carrier answers unless a test takes it down (its answers for other ZIP codes stay kept meanwhile).
let isCarrierDown = false;
beforeAll(async () => {
  testApp = await buildTestApp({
    wrapCarrier: (carrier) =>
      new Proxy(carrier, {
        get(target, key, receiver) {
          if (key !== 'rateShipment') return Reflect.get(target, key, receiver);
          return async (request: Parameters<typeof carrier.rateShipment>[0]) => {
            if (isCarrierDown) throw new CarrierError('UPS is not answering', 'unavailable', true);
            return target.rateShipment(request);
          };
        },
      }),
  });
  categorySlug = (await createCommerceCategory(testApp.database.db)).slug;
});
afterAll(async () => {
  await testApp?.close();
});
// Monday 7 December 2026, 10:00 in New York.
beforeEach(() => testApp.clock.set(new Date('2026-12-07T15:00:00Z')));

const db = () => testApp.database.db;
const call = (authorization: string | null, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object, headers: Record<string, string> = {}) =>
  testApp.app.inject({ method, url, headers: { ...(authorization ? { authorization } : {}), ...headers }, ...(payload ? { payload } : {}) });
const buyerAddress = { name: 'Ada Buyer', line1: '1 Market St', city: 'San Francisco', state: 'CA', postal_code: '94107', country: 'US' };
const card = { card: { number: '4242 4242 4242 4242', expMonth: 12, expYear: 2035, cvc: '123' } };

let shopCount = 0;
/** A seller whose parcels leave from `zip` (their default address), with one live listing at `price`, and a profile when given. */
async function shopWith(zip: string, price: number, profile: object | null) {
  const seller = await createUser(db(), { role: 'seller', companyName: `Delivery Shop ${(shopCount += 1)}` });
  const authorization = await bearerFor(testApp, seller);
  const address = await call(authorization, 'POST', '/api/users/me/addresses', {
    ...buyerAddress,
    name: 'Shop floor',
    postal_code: zip,
    state: zip === '10001' ? 'NY' : 'CA',
  });
  expect(address.statusCode, address.body).toBe(201);
  if (profile) expect((await call(authorization, 'POST', '/api/seller/shipping-profiles', profile)).statusCode).toBe(201);
  const created = await call(authorization, 'POST', '/api/products', {
    title: `Listing of shop ${shopCount}`,
    description: 'Made by hand.',
    condition: 'new',
    price,
    quantity: 10,
    category: categorySlug,
  });
  expect(created.statusCode, created.body).toBe(201);
  const listing = created.json() as { id: string };
  await db().update(products).set({ status: 'active', isDraft: false }).where(eq(products.id, listing.id));
  return { seller, listing };
}

/** A buyer with the three shops' listings in the cart: two of the flat shop's, one of each other's. */
async function threeShopCart() {
  const flat = await shopWith('10001', 10, { name: 'Flat', handlingDays: { min: 1, max: 3 }, rate: { type: 'flat', first: 4.5, additional: 1 } });
  const calculated = await shopWith('10001', 30, { name: 'By weight', handlingDays: { min: 2, max: 4 }, rate: { type: 'calculated', handlingFee: 1.5 } });
  const standard = await shopWith('94016', 20, null);
  const buyer = await bearerFor(testApp, await createUser(db()));
  for (const [listing, quantity] of [
    [flat.listing, 2],
    [calculated.listing, 1],
    [standard.listing, 1],
  ] as const) {
    expect((await call(buyer, 'POST', '/api/cart/items', { product_id: listing.id, quantity })).statusCode).toBe(200);
  }
  return { buyer, flat, calculated, standard };
}

describe('checkout per shop', () => {
  it('sums each shop’s shipping to the ZIP code, with the days each part arrives between', async () => {
    const { buyer, flat, calculated, standard } = await threeShopCart();
    const summary = await call(buyer, 'GET', '/api/checkout/summary?postal_code=94107');
    expect(summary.statusCode, summary.body).toBe(200);
    const body = summary.json();
    // The shops come in the cart's order (its newest line first); here they are read by their shipping.
    const byShipping = [...body.shops].sort((a: { shipping: number }, b: { shipping: number }) => a.shipping - b.shipping);
    expect(byShipping).toEqual([
      // 2 units flat: $4.50 + $1.00. New York to San Francisco is zone 8: 5 days; handling 1–3 from Monday the 7th.
      {
        sellerId: flat.seller.id,
        shopName: flat.seller.companyName,
        itemsTotal: 20,
        shipping: 5.5,
        arrivesBy: { earliest: '2026-12-15', latest: '2026-12-17' },
      },
      // No profile: the standard $5.99; from the next ZIP prefix, zone 2: 1 day.
      {
        sellerId: standard.seller.id,
        shopName: standard.seller.companyName,
        itemsTotal: 20,
        shipping: 5.99,
        arrivesBy: { earliest: '2026-12-09', latest: '2026-12-11' },
      },
      // 1 lb, zone 8: $13.50, and the $1.50 handling fee; handling 2–4.
      {
        sellerId: calculated.seller.id,
        shopName: calculated.seller.companyName,
        itemsTotal: 30,
        shipping: 15,
        arrivesBy: { earliest: '2026-12-16', latest: '2026-12-18' },
      },
    ]);
    expect(body).toMatchObject({
      itemsTotal: 70,
      shipping: 26.49,
      orderTotal: 96.49,
      destination: { postalCode: '94107' },
      shippingCalculated: true,
      shippingNote: null,
    });

    // A saved address of the buyer's is quoted by its ZIP code; another person's is none of theirs.
    const saved = (await call(buyer, 'POST', '/api/users/me/addresses', buyerAddress)).json();
    expect((await call(buyer, 'GET', `/api/checkout/summary?addressId=${saved.id}`)).json()).toMatchObject({
      shipping: 26.49,
      destination: { postalCode: '94107' },
    });
    const stranger = await bearerFor(testApp, await createUser(db()));
    expect((await call(stranger, 'GET', `/api/checkout/summary?addressId=${saved.id}`)).statusCode).toBe(404);
    const badZip = await call(buyer, 'GET', '/api/checkout/summary?postal_code=941');
    expect(badZip.statusCode).toBe(400);
    expect(badZip.json().code).toBe('validation_failed');
  });

  it('without a destination, leaves out what depends on one and says it is calculated at the address step', async () => {
    const cart = await threeShopCart();
    const body = (await call(cart.buyer, 'GET', '/api/checkout/summary')).json();
    const { flat, calculated, standard } = cart;
    const partOf = (sellerId: string) => body.shops.find((shop: { sellerId: string }) => shop.sellerId === sellerId);
    expect([flat, calculated, standard].map(({ seller }) => [partOf(seller.id).shipping, partOf(seller.id).arrivesBy])).toEqual([
      [5.5, null],
      [null, null],
      [5.99, null],
    ]);
    expect(body).toMatchObject({
      shipping: 11.49,
      orderTotal: 81.49,
      destination: null,
      shippingCalculated: false,
      shippingNote: 'Shipping is calculated at the address step',
    });
  });

  it('charges what the summary said and keeps each shop’s part with its promise; a total without a shop’s shipping is a 409', async () => {
    const { buyer, flat, calculated, standard } = await threeShopCart();
    const headers = (key: string) => ({ 'idempotency-key': `delivery-${key}-${Date.now()}` });
    const early = await call(buyer, 'POST', '/api/orders/checkout', { shippingAddress: buyerAddress, payment: card, expectedTotal: 81.49 }, headers('early'));
    expect(early.statusCode).toBe(409);
    expect(early.json()).toMatchObject({ code: 'total_changed', summary: { orderTotal: 96.49, shipping: 26.49, destination: { postalCode: '94107' } } });

    const placed = await call(buyer, 'POST', '/api/orders/checkout', { shippingAddress: buyerAddress, payment: card, expectedTotal: 96.49 }, headers('placed'));
    expect(placed.statusCode, placed.body).toBe(201);
    const { orderId } = placed.json();
    const [order] = await db().select().from(orders).where(eq(orders.id, orderId));
    expect(order).toMatchObject({ itemsTotalCents: 7000, shippingCents: 2649, totalCents: 9649 });
    const parts = await db()
      .select({
        sellerId: orderShopShipping.sellerId,
        shippingCents: orderShopShipping.shippingCents,
        rateDescription: orderShopShipping.rateDescription,
        transitDays: orderShopShipping.transitDays,
        shipBy: orderShopShipping.shipBy,
        arrivesEarliest: orderShopShipping.arrivesEarliest,
        arrivesLatest: orderShopShipping.arrivesLatest,
      })
      .from(orderShopShipping)
      .where(eq(orderShopShipping.orderId, orderId))
      .orderBy(asc(orderShopShipping.shippingCents));
    expect(parts).toEqual([
      {
        sellerId: flat.seller.id,
        shippingCents: 550,
        rateDescription: 'Flat rate',
        transitDays: 5,
        shipBy: '2026-12-10',
        arrivesEarliest: '2026-12-15',
        arrivesLatest: '2026-12-17',
      },
      {
        sellerId: standard.seller.id,
        shippingCents: 599,
        rateDescription: 'Standard shipping',
        transitDays: 1,
        shipBy: '2026-12-10',
        arrivesEarliest: '2026-12-09',
        arrivesLatest: '2026-12-11',
      },
      {
        sellerId: calculated.seller.id,
        shippingCents: 1500,
        rateDescription: 'UPS Ground',
        transitDays: 5,
        shipBy: '2026-12-11',
        arrivesEarliest: '2026-12-16',
        arrivesLatest: '2026-12-18',
      },
    ]);

    // The buyer's order shows each shop's part as promised, with its items; each line keeps its share of its shop's shipping.
    const detail = (await call(buyer, 'GET', `/api/orders/${orderId}`)).json();
    const lines = await db()
      .select({ id: orderItems.id, sellerId: orderItems.sellerId, shippingCents: orderItems.shippingCents })
      .from(orderItems)
      .where(eq(orderItems.orderId, orderId));
    const flatLine = lines.find((line) => line.sellerId === flat.seller.id)!;
    expect(lines.map((line) => line.shippingCents).sort((a, b) => a! - b!)).toEqual([550, 599, 1500]);
    expect(detail.shops).toHaveLength(3);
    expect(detail.shops.find((shop: { sellerId: string }) => shop.sellerId === flat.seller.id)).toEqual({
      sellerId: flat.seller.id,
      shopName: flat.seller.companyName,
      shipping: 5.5,
      rateDescription: 'Flat rate',
      shipBy: '2026-12-10',
      arrivesBy: { earliest: '2026-12-15', latest: '2026-12-17' },
      itemIds: [flatLine.id],
      // Nothing delivered yet: the promise is still to be kept.
      promise: { state: 'waiting', deliveredOn: null, lateRefund: null, parcels: [] },
    });
    // Its seller is told the day to ship by and what the buyer was told.
    const sellerView = (await call(await bearerFor(testApp, flat.seller), 'GET', `/api/seller/orders/${orderId}`)).json().data;
    expect(sellerView.promise).toEqual({
      shipBy: '2026-12-10',
      arrivesBy: { earliest: '2026-12-15', latest: '2026-12-17' },
      state: 'waiting',
      deliveredOn: null,
      lateRefund: null,
    });
    expect(sellerView.amounts.proportionalShipping).toBe(5.5);
  });
});

describe('when the carrier does not answer', () => {
  it('dates with Ground’s longest transit, says the calculated shop cannot be priced, and charges nothing', async () => {
    const { buyer, flat, calculated } = await threeShopCart();
    isCarrierDown = true;
    try {
      // A ZIP code no earlier test asked about, so no kept answer stands in for the carrier.
      const summary = (await call(buyer, 'GET', '/api/checkout/summary?postal_code=60614')).json();
      const partOf = (sellerId: string) => summary.shops.find((shop: { sellerId: string }) => shop.sellerId === sellerId);
      // The flat shop is priced without the carrier and promised with 5 days in transit: Dec 7 + 1–3 + 5.
      expect(partOf(flat.seller.id)).toMatchObject({ shipping: 5.5, arrivesBy: { earliest: '2026-12-15', latest: '2026-12-17' } });
      expect(partOf(calculated.seller.id).shipping).toBeNull();
      expect(summary).toMatchObject({
        shippingCalculated: false,
        shippingNote: 'We could not get a shipping rate for your address just now. Please try again in a minute.',
      });

      const [paymentsBefore] = await db().select({ total: count() }).from(payments);
      const refused = await call(
        buyer,
        'POST',
        '/api/orders/checkout',
        { shippingAddress: { ...buyerAddress, city: 'Chicago', state: 'IL', postal_code: '60614' }, payment: card },
        { 'idempotency-key': `delivery-down-${Date.now()}` },
      );
      expect(refused.statusCode).toBe(502);
      expect(refused.json().code).toBe('shipping_unavailable');
      const [paymentsAfter] = await db().select({ total: count() }).from(payments);
      expect(paymentsAfter?.total).toBe(paymentsBefore?.total);
      expect((await call(buyer, 'GET', '/api/cart')).json().items).toHaveLength(3);
    } finally {
      isCarrierDown = false;
    }
  });
});

describe('a product page’s delivery promise', () => {
  it('prices one unit to a ZIP code with its dates, or to the buyer’s default address; without one, what needs none', async () => {
    const { listing } = await shopWith('10001', 30, { name: 'By weight', handlingDays: { min: 2, max: 4 }, rate: { type: 'calculated', handlingFee: 1.5 } });
    const quoted = await call(null, 'GET', `/api/products/${listing.id}/delivery?postal_code=94107`);
    expect(quoted.statusCode, quoted.body).toBe(200);
    expect(quoted.json()).toEqual({
      postalCode: '94107',
      shipping: 15,
      freeFrom: null,
      arrivesBy: { earliest: '2026-12-16', latest: '2026-12-18' },
      handlingDays: { min: 2, max: 4 },
    });
    expect((await call(null, 'GET', `/api/products/${listing.id}/delivery`)).json()).toEqual({
      postalCode: null,
      shipping: null,
      freeFrom: null,
      arrivesBy: null,
      handlingDays: { min: 2, max: 4 },
    });
    // Next door, a day in transit.
    expect((await call(null, 'GET', `/api/products/${listing.id}/delivery?postal_code=10010`)).json().arrivesBy).toEqual({
      earliest: '2026-12-10',
      latest: '2026-12-14',
    });

    const buyer = await bearerFor(testApp, await createUser(db()));
    await call(buyer, 'POST', '/api/users/me/addresses', buyerAddress);
    expect((await call(buyer, 'GET', `/api/products/${listing.id}/delivery`)).json()).toMatchObject({ postalCode: '94107', shipping: 15 });
  });

  it('says from when a shop on the standard rate ships free, and answers 404 for a listing that is not live', async () => {
    const { listing } = await shopWith('94016', 20, null);
    expect((await call(null, 'GET', `/api/products/${listing.id}/delivery?postal_code=94107`)).json()).toMatchObject({ shipping: 5.99, freeFrom: 50 });
    await db().update(products).set({ status: 'hidden' }).where(eq(products.id, listing.id));
    expect((await call(null, 'GET', `/api/products/${listing.id}/delivery?postal_code=94107`)).statusCode).toBe(404);
  });
});
