import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cartItems, orderItems, orders, payments, products } from '../../db/schema';
import { buildTestApp, type TestApp } from '../../../test/helper';
import { createUser } from '../../../test/factories';
import { bearerFor, createCommerceCategory, createListing } from '../../../test/factories-commerce';
import { timeLimit } from '../../../test/time-limit';

// Runs on PGlite by default and on PostgreSQL when TEST_DATABASE_URL is set; the concurrency tests
// below then race real connections against each other.

let testApp: TestApp;
let seller: Awaited<ReturnType<typeof createUser>>;
let categoryId: string;
beforeAll(async () => {
  testApp = await buildTestApp();
  seller = await createUser(testApp.database.db, { role: 'seller' });
  categoryId = (await createCommerceCategory(testApp.database.db)).id;
});
afterAll(async () => {
  await testApp?.close();
});

const db = () => testApp.database.db;
const address = { name: 'Ada Buyer', line1: '1 Main St', line2: 'Apt 2', city: 'Portland', state: 'Oregon', postal_code: '97201', country: 'US' };
const card = (number = '4242 4242 4242 4242') => ({ card: { number, expMonth: 12, expYear: 2035, cvc: '123' } });
const body = (payment: object = card()) => ({ shippingAddress: address, payment });
let keySequence = 0;
const newKey = () => `test-key-${Date.now()}-${++keySequence}`;

async function newBuyer() {
  const buyer = await createUser(db());
  return { buyer, authorization: await bearerFor(testApp, buyer) };
}
const listing = (values: Partial<Parameters<typeof createListing>[1]> = {}) => createListing(db(), { sellerId: seller.id, categoryId, ...values });
const call = (authorization: string, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object, headers: Record<string, string> = {}) =>
  testApp.app.inject({ method, url, headers: { authorization, ...headers }, ...(payload ? { payload } : {}) });
const addToCart = (authorization: string, productId: string, quantity = 1) =>
  call(authorization, 'POST', '/api/cart/items', { product_id: productId, quantity });
const checkout = (authorization: string, key: string | null, payload: object = body()) =>
  call(authorization, 'POST', '/api/orders/checkout', payload, key === null ? {} : { 'idempotency-key': key });
const stockOf = async (productId: string) => (await db().select({ quantity: products.quantity }).from(products).where(eq(products.id, productId)))[0]?.quantity;
const ordersOf = (buyerId: string) => db().select().from(orders).where(eq(orders.buyerId, buyerId));

describe('GET /api/checkout/config', () => {
  it('names the sandbox with no publishable key when Stripe is not configured', async () => {
    const { authorization } = await newBuyer();
    const response = await call(authorization, 'GET', '/api/checkout/config');
    expect(response.json()).toEqual({ provider: 'sandbox', publishableKey: null });
    expect((await testApp.app.inject({ method: 'GET', url: '/api/checkout/config' })).statusCode).toBe(401);
  });
});

describe('GET /api/checkout/summary', () => {
  it('totals items, shipping ($5.99 under $50) and add-ons', async () => {
    const { authorization } = await newBuyer();
    const mug = await listing({ priceCents: 1250, retipPriceCents: 300, retipLabel: 'Gift wrap' });
    const [line] = (await addToCart(authorization, mug.id, 2)).json().items;
    await call(authorization, 'PUT', `/api/cart/items/${line.id}/retip`, { retip_added: true });
    const summary = (await call(authorization, 'GET', '/api/checkout/summary')).json();
    expect(summary).toMatchObject({ itemsTotal: 25, shipping: 5.99, retipTotal: 3, orderTotal: 33.99, problems: [] });
    expect(summary.items).toHaveLength(1);
  });

  it('ships free from $50.00 of items', async () => {
    const { authorization } = await newBuyer();
    await addToCart(authorization, (await listing({ priceCents: 5000 })).id);
    expect((await call(authorization, 'GET', '/api/checkout/summary')).json()).toMatchObject({ itemsTotal: 50, shipping: 0, orderTotal: 50 });
  });

  it('shows price changes and stock problems since the lines were added', async () => {
    const { authorization } = await newBuyer();
    const [repriced, scarce, soldOut, hidden] = [
      await listing({ title: 'Repriced', priceCents: 1000 }),
      await listing({ title: 'Scarce', quantity: 5 }),
      await listing({ title: 'Sold out' }),
      await listing({ title: 'Hidden' }),
    ];
    await addToCart(authorization, repriced.id);
    await addToCart(authorization, scarce.id, 4);
    await addToCart(authorization, soldOut.id);
    await addToCart(authorization, hidden.id);
    await db().update(products).set({ priceCents: 1500 }).where(eq(products.id, repriced.id));
    await db().update(products).set({ quantity: 2 }).where(eq(products.id, scarce.id));
    await db().update(products).set({ quantity: 0 }).where(eq(products.id, soldOut.id));
    await db().update(products).set({ status: 'hidden' }).where(eq(products.id, hidden.id));

    const summary = (await call(authorization, 'GET', '/api/checkout/summary')).json();
    const kinds = summary.problems.map((problem: { kind: string }) => problem.kind).sort();
    expect(kinds).toEqual(['insufficient_stock', 'out_of_stock', 'price_changed', 'unavailable']);
    expect(summary.problems).toContainEqual({
      cartItemId: expect.any(String),
      kind: 'price_changed',
      message: 'The price of "Repriced" changed from $10.00 to $15.00',
    });
    expect(summary.items.find((item: { product_id: string }) => item.product_id === repriced.id)).toMatchObject({
      price: 15,
      price_changed: true,
      previous_price: 10,
    });
  });
});

describe('POST /api/orders/checkout', () => {
  it('places the order with 4242: 201, stock taken, snapshots and totals kept, payment recorded, cart cleared', async () => {
    const { buyer, authorization } = await newBuyer();
    const lamp = await listing({ title: 'Desk lamp', priceCents: 2000, quantity: 5, retipPriceCents: 500, retipLabel: 'Assembly' });
    const book = await listing({ title: 'Novel', priceCents: 799, quantity: 3 });
    const [line] = (await addToCart(authorization, lamp.id, 2)).json().items;
    await call(authorization, 'PUT', `/api/cart/items/${line.id}/retip`, { retip_added: true });
    await addToCart(authorization, book.id, 1);

    const response = await checkout(authorization, newKey());
    expect(response.statusCode).toBe(201);
    const { success, orderId } = response.json();
    expect(success).toBe(true);

    expect(await stockOf(lamp.id)).toBe(3);
    expect(await stockOf(book.id)).toBe(2);
    const [order] = await ordersOf(buyer.id);
    expect(order).toMatchObject({
      id: orderId,
      status: 'pending',
      itemsTotalCents: 4799,
      shippingCents: 599,
      retipTotalCents: 500,
      totalCents: 5898,
      shippingName: 'Ada Buyer',
      shippingState: 'OR',
      shippingPostalCode: '97201',
      shippingCountry: 'US',
      shippingEmail: buyer.email,
    });
    const items = await db().select().from(orderItems).where(eq(orderItems.orderId, orderId));
    expect(
      items
        .map(({ title, priceCents, quantity, retipAdded, retipPriceCents, status, sellerId, categoryId: category }) => ({
          title,
          priceCents,
          quantity,
          retipAdded,
          retipPriceCents,
          status,
          sellerId,
          category,
        }))
        .sort((a, b) => a.title.localeCompare(b.title)),
    ).toEqual([
      {
        title: 'Desk lamp',
        priceCents: 2000,
        quantity: 2,
        retipAdded: true,
        retipPriceCents: 500,
        status: 'pending',
        sellerId: seller.id,
        category: categoryId,
      },
      { title: 'Novel', priceCents: 799, quantity: 1, retipAdded: false, retipPriceCents: 0, status: 'pending', sellerId: seller.id, category: categoryId },
    ]);
    const [payment] = await db().select().from(payments).where(eq(payments.orderId, orderId));
    expect(payment).toMatchObject({
      provider: 'sandbox',
      amountCents: 5898,
      refundedCents: 0,
      status: 'succeeded',
      cardBrand: 'visa',
      cardLast4: '4242',
      buyerId: buyer.id,
    });
    expect(await db().select().from(cartItems).where(eq(cartItems.userId, buyer.id))).toEqual([]);

    const mine = (await call(authorization, 'GET', '/api/orders')).json();
    expect(mine.orders.map((listed: { id: string }) => listed.id)).toEqual([orderId]);
  });

  it('answers the same order for the same key and never charges twice', async () => {
    const { buyer, authorization } = await newBuyer();
    const product = await listing({ quantity: 5 });
    await addToCart(authorization, product.id, 2);
    const key = newKey();
    const first = await checkout(authorization, key);
    expect(first.statusCode).toBe(201);
    // The cart is empty now, yet the retry still answers the order rather than "empty cart".
    const retry = await checkout(authorization, key);
    expect(retry.statusCode).toBe(200);
    expect(retry.json()).toEqual(first.json());
    expect(await ordersOf(buyer.id)).toHaveLength(1);
    expect(await db().select().from(payments).where(eq(payments.buyerId, buyer.id))).toHaveLength(1);
    expect(await stockOf(product.id)).toBe(3);
  });

  it('gives two identical requests racing the same order and one charge', async () => {
    const { buyer, authorization } = await newBuyer();
    const product = await listing({ quantity: 5 });
    await addToCart(authorization, product.id, 1);
    const key = newKey();
    const answers = await Promise.all([checkout(authorization, key), checkout(authorization, key), checkout(authorization, key)]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 200, 201]);
    expect(new Set(answers.map((answer) => answer.json().orderId)).size).toBe(1);
    expect(await ordersOf(buyer.id)).toHaveLength(1);
    expect(await db().select().from(payments).where(eq(payments.buyerId, buyer.id))).toHaveLength(1);
    expect(await stockOf(product.id)).toBe(4);
  });

  it('keeps keys per buyer: another buyer with the same key gets their own order', async () => {
    const key = newKey();
    const product = await listing({ quantity: 5 });
    const first = await newBuyer();
    const second = await newBuyer();
    await addToCart(first.authorization, product.id);
    await addToCart(second.authorization, product.id);
    const a = (await checkout(first.authorization, key)).json().orderId;
    const b = (await checkout(second.authorization, key)).json().orderId;
    expect(a).not.toBe(b);
  });

  it.each([
    ['4000 0000 0000 0002', 'Your card was declined.'],
    ['4000000000009995', 'Your card has insufficient funds.'],
  ])('answers 402 for %s with no order, stock unchanged and the cart kept', async (number, message) => {
    const { buyer, authorization } = await newBuyer();
    const product = await listing({ quantity: 4 });
    await addToCart(authorization, product.id, 2);
    const key = newKey();
    const response = await checkout(authorization, key, body(card(number)));
    expect(response.statusCode).toBe(402);
    expect(response.json()).toMatchObject({ error: message });
    expect(await ordersOf(buyer.id)).toEqual([]);
    expect(await db().select().from(payments).where(eq(payments.buyerId, buyer.id))).toEqual([]);
    expect(await stockOf(product.id)).toBe(4);
    expect(await db().select().from(cartItems).where(eq(cartItems.userId, buyer.id))).toHaveLength(1);

    // The same key may be sent again with a card that works.
    const retry = await checkout(authorization, key);
    expect(retry.statusCode).toBe(201);
    expect(await stockOf(product.id)).toBe(2);
  });

  it.each([
    ['a card number failing Luhn', card('4242 4242 4242 4241'), 'Your card number is incorrect.'],
    ['a past expiry', { card: { number: '4242424242424242', expMonth: 1, expYear: 2020, cvc: '123' } }, "Your card's expiration date is in the past."],
  ])('answers 400 for %s and keeps stock', async (_label, payment, message) => {
    const { buyer, authorization } = await newBuyer();
    const product = await listing({ quantity: 4 });
    await addToCart(authorization, product.id, 1);
    const response = await checkout(authorization, newKey(), body(payment));
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toBe(message);
    expect(await ordersOf(buyer.id)).toEqual([]);
    expect(await stockOf(product.id)).toBe(4);
  });

  it('answers 409 with the lines that are short, and reserves nothing', async () => {
    const { buyer, authorization } = await newBuyer();
    const plenty = await listing({ quantity: 10 });
    const scarce = await listing({ title: 'Last lamp', quantity: 3 });
    await addToCart(authorization, plenty.id, 2);
    await addToCart(authorization, scarce.id, 3);
    await db().update(products).set({ quantity: 1 }).where(eq(products.id, scarce.id));

    const response = await checkout(authorization, newKey());
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({
      error: 'Sorry, only 1 of "Last lamp" is left in stock',
      code: 'out_of_stock',
      items: [{ cartItemId: expect.any(String), productId: scarce.id, title: 'Last lamp', requested: 3, available: 1, live: true }],
    });
    expect(await stockOf(plenty.id)).toBe(10);
    expect(await stockOf(scarce.id)).toBe(1);
    expect(await ordersOf(buyer.id)).toEqual([]);
  });

  it('answers 409 for a hidden listing in the cart', async () => {
    const { authorization } = await newBuyer();
    const product = await listing({ title: 'Gone' });
    await addToCart(authorization, product.id);
    await db().update(products).set({ status: 'hidden' }).where(eq(products.id, product.id));
    const response = await checkout(authorization, newKey());
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({
      error: 'Sorry, "Gone" is no longer available',
      code: 'out_of_stock',
      items: [{ productId: product.id, title: 'Gone', available: 0, live: false }],
    });
  });

  it('charges nothing and answers the new summary when the total is not the one the buyer confirmed', async () => {
    const { buyer, authorization } = await newBuyer();
    const product = await listing({ title: 'Cheap mug', priceCents: 1000, quantity: 4 });
    await addToCart(authorization, product.id);
    const confirmed = (await call(authorization, 'GET', '/api/checkout/summary')).json();
    expect(confirmed.orderTotal).toBe(15.99);
    // The seller raises the price while the buyer reads the summary.
    await db().update(products).set({ priceCents: 99900 }).where(eq(products.id, product.id));

    const refused = await checkout(authorization, newKey(), { ...body(), expectedTotal: confirmed.orderTotal });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({
      code: 'total_changed',
      error: expect.stringContaining('from $15.99 to $999.00'),
      expectedTotal: 15.99,
      summary: { itemsTotal: 999, shipping: 0, orderTotal: 999 },
    });
    expect(await ordersOf(buyer.id)).toEqual([]);
    expect(await db().select().from(payments).where(eq(payments.buyerId, buyer.id))).toEqual([]);
    expect(await stockOf(product.id)).toBe(4);

    // Confirming the new total places the order at it.
    const placed = await checkout(authorization, newKey(), { ...body(), expectedTotal: refused.json().summary.orderTotal });
    expect(placed.statusCode).toBe(201);
    expect((await ordersOf(buyer.id))[0]).toMatchObject({ totalCents: 99900 });
    expect(await stockOf(product.id)).toBe(3);
  });

  it('takes the confirmed total in whole cents only', async () => {
    const { authorization } = await newBuyer();
    await addToCart(authorization, (await listing({ priceCents: 1000 })).id);
    for (const expectedTotal of [15.985, -1, 1e-9, '15.99']) {
      const answer = await checkout(authorization, newKey(), { ...body(), expectedTotal });
      expect(answer.statusCode, String(expectedTotal)).toBe(400);
      expect(answer.json().code, String(expectedTotal)).toBeTypeOf('string');
    }
  });

  it('charges the price at checkout, not the price when the line was added', async () => {
    const { buyer, authorization } = await newBuyer();
    const product = await listing({ priceCents: 6000 });
    await addToCart(authorization, product.id);
    await db().update(products).set({ priceCents: 4000 }).where(eq(products.id, product.id));
    expect((await checkout(authorization, newKey())).statusCode).toBe(201);
    expect((await ordersOf(buyer.id))[0]).toMatchObject({ itemsTotalCents: 4000, shippingCents: 599, totalCents: 4599 });
  });

  it('needs a session, an Idempotency-Key of 8–200 characters, a valid address and a non-empty cart', async () => {
    const { authorization } = await newBuyer();
    expect(
      (await testApp.app.inject({ method: 'POST', url: '/api/orders/checkout', headers: { 'idempotency-key': newKey() }, payload: body() })).statusCode,
    ).toBe(401);

    const missing = await checkout(authorization, null);
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error).toContain('Idempotency-Key');
    expect((await checkout(authorization, 'short')).statusCode).toBe(400);
    expect((await checkout(authorization, 'k'.repeat(201))).statusCode).toBe(400);

    const badAddresses = [
      { ...address, name: '' },
      { ...address, postal_code: '12' },
      { ...address, state: 'Atlantis' },
      { ...address, country: 'France' },
      { name: 'No street' },
    ];
    for (const shippingAddress of badAddresses) {
      const response = await checkout(authorization, newKey(), { shippingAddress, payment: card() });
      expect(response.statusCode, JSON.stringify(shippingAddress)).toBe(400);
      expect(response.json().issues.length).toBeGreaterThan(0);
    }
    for (const payment of [
      {},
      { card: { number: 'abc', expMonth: 1, expYear: 2035, cvc: '123' } },
      { card: { ...card().card, cvc: '1' } },
      { card: { ...card().card, expMonth: 13 } },
    ]) {
      expect((await checkout(authorization, newKey(), { shippingAddress: address, payment })).statusCode, JSON.stringify(payment)).toBe(400);
    }

    const empty = await checkout(authorization, newKey());
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error).toBe('Your cart is empty');
  });
});

describe('racing for the last units', () => {
  it('gives 10 buyers racing for 3 units exactly 3 orders; the others get a clear 409 and stock never goes below 0', async () => {
    const product = await listing({ title: 'Limited print', quantity: 3, priceCents: 2500 });
    const buyers = await Promise.all(Array.from({ length: 10 }, () => newBuyer()));
    for (const { authorization } of buyers) expect((await addToCart(authorization, product.id, 1)).statusCode).toBe(200);

    const answers = await Promise.all(buyers.map(({ authorization }) => checkout(authorization, newKey())));
    const codes = answers.map((answer) => answer.statusCode);
    expect(codes.filter((code) => code === 201)).toHaveLength(3);
    expect(codes.filter((code) => code === 409)).toHaveLength(7);
    for (const answer of answers.filter((candidate) => candidate.statusCode === 409)) {
      expect(answer.json().error).toBe('Sorry, "Limited print" has just sold out');
    }
    expect(await stockOf(product.id)).toBe(0);
    const placed = await db().select().from(orderItems).where(eq(orderItems.productId, product.id));
    expect(placed).toHaveLength(3);
    const buyerIds = buyers.map(({ buyer }) => buyer.id);
    expect(await db().select().from(payments).where(inArray(payments.buyerId, buyerIds))).toHaveLength(3);
  });

  it('gives 200 buyers racing for 50 units exactly 50 orders and 50 charges; 150 clear refusals; stock 0', { timeout: timeLimit(120_000) }, async () => {
    const product = await listing({ title: 'Drop of fifty', quantity: 50, priceCents: 1900 });
    const buyers = await Promise.all(Array.from({ length: 200 }, () => newBuyer()));
    await Promise.all(buyers.map(async ({ authorization }) => expect((await addToCart(authorization, product.id, 1)).statusCode).toBe(200)));

    const answers = await Promise.all(buyers.map(({ authorization }) => checkout(authorization, newKey())));
    const codes = answers.map((answer) => answer.statusCode);
    expect(codes.filter((code) => code === 201)).toHaveLength(50);
    expect(codes.filter((code) => code === 409)).toHaveLength(150);
    for (const answer of answers.filter((candidate) => candidate.statusCode === 409))
      expect(answer.json().error).toBe('Sorry, "Drop of fifty" has just sold out');
    expect(await stockOf(product.id)).toBe(0);
    expect(await db().select().from(orderItems).where(eq(orderItems.productId, product.id))).toHaveLength(50);
    const charged = await db()
      .select()
      .from(payments)
      .where(
        inArray(
          payments.buyerId,
          buyers.map(({ buyer }) => buyer.id),
        ),
      );
    expect(charged).toHaveLength(50);
    expect(new Set(charged.map((payment) => payment.buyerId)).size).toBe(50);
  });

  it('gives two buyers racing for the last unit one order and one 409', async () => {
    const product = await listing({ quantity: 1 });
    const [first, second] = [await newBuyer(), await newBuyer()];
    await addToCart(first.authorization, product.id);
    await addToCart(second.authorization, product.id);
    const answers = await Promise.all([checkout(first.authorization, newKey()), checkout(second.authorization, newKey())]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([201, 409]);
    expect(await stockOf(product.id)).toBe(0);
    const kept = await db()
      .select()
      .from(cartItems)
      .where(and(eq(cartItems.productId, product.id)));
    expect(kept).toHaveLength(1);
  });
});
