import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders, payments, products } from '../../db/schema';
import { buildTestApp, type TestApp } from '../../../test/helper';
import { createUser } from '../../../test/factories';
import { bearerFor, createCommerceCategory, createListing } from '../../../test/factories-commerce';
import { checkoutRequestHashOf } from './checkout.service';

// An Idempotency-Key is bound to the request that first used it (its address and payment method):
// the same request answers the first order, another one a 422 `idempotency_key_reused`. Runs on
// PGlite, and on PostgreSQL with TEST_DATABASE_URL (where the parallel requests race for real).

let testApp: TestApp;
let sellerId: string;
let categoryId: string;
beforeAll(async () => {
  testApp = await buildTestApp();
  sellerId = (await createUser(testApp.database.db, { role: 'seller' })).id;
  categoryId = (await createCommerceCategory(testApp.database.db)).id;
});
afterAll(async () => {
  await testApp?.close();
});

const db = () => testApp.database.db;
const address = { name: 'Ada Buyer', line1: '1 Main St', line2: null, city: 'Portland', state: 'OR', postal_code: '97201', country: 'US' };
const card = (number = '4242424242424242') => ({ card: { number, expMonth: 12, expYear: 2035, cvc: '123' } });
const body = (overrides: { shippingAddress?: object; payment?: object } = {}) => ({ shippingAddress: address, payment: card(), ...overrides });
let keys = 0;
const newKey = () => `reuse-key-${Date.now()}-${++keys}`;

async function buyerWithCart() {
  const buyer = await createUser(db());
  const authorization = await bearerFor(testApp, buyer);
  const product = await createListing(db(), { sellerId, categoryId, priceCents: 2000, quantity: 10 });
  await testApp.app.inject({ method: 'POST', url: '/api/cart/items', headers: { authorization }, payload: { product_id: product.id, quantity: 1 } });
  return { buyer, authorization, product };
}
const checkout = (authorization: string, key: string, payload: object) =>
  testApp.app.inject({ method: 'POST', url: '/api/orders/checkout', headers: { authorization, 'idempotency-key': key }, payload });
const ordersOf = (buyerId: string) => db().select().from(orders).where(eq(orders.buyerId, buyerId));
const paymentsOf = (buyerId: string) => db().select().from(payments).where(eq(payments.buyerId, buyerId));
const REUSED = {
  error: 'This Idempotency-Key was already used for a different checkout request (another address or card). Send a new key for a new checkout.',
  code: 'idempotency_key_reused',
};

describe('the request hash', () => {
  it('covers the normalised address and the payment method, never the card number, and not the authentication retry', () => {
    const base = checkoutRequestHashOf(body() as never);
    expect(base).toMatch(/^[0-9a-f]{64}$/);
    expect(checkoutRequestHashOf({ ...body(), authenticatedPaymentId: 'pi_1' } as never)).toBe(base);
    expect(checkoutRequestHashOf(body({ shippingAddress: { ...address, line1: '2 Main St' } }) as never)).not.toBe(base);
    expect(checkoutRequestHashOf(body({ payment: card('5555555555554444') }) as never)).not.toBe(base);
    expect(checkoutRequestHashOf(body({ payment: { paymentMethodId: 'pm_card_visa' } }) as never)).not.toBe(base);
  });
});

describe('an Idempotency-Key sent again', () => {
  it('with the same request answers the first order; with another address or card answers 422 and changes nothing', async () => {
    const { buyer, authorization, product } = await buyerWithCart();
    const key = newKey();
    const first = await checkout(authorization, key, body());
    expect(first.statusCode).toBe(201);
    const [order] = await ordersOf(buyer.id);
    expect(order?.idempotencyRequestHash).toBe(checkoutRequestHashOf(body() as never));

    // The same request, written differently (the state spelled out), is still the same request.
    const same = await checkout(authorization, key, body({ shippingAddress: { ...address, state: 'Oregon' } }));
    expect(same.statusCode).toBe(200);
    expect(same.json()).toEqual(first.json());

    for (const other of [body({ shippingAddress: { ...address, line1: '9 Elm St' } }), body({ payment: card('5555555555554444') })]) {
      const refused = await checkout(authorization, key, other);
      expect(refused.statusCode).toBe(422);
      expect(refused.json()).toEqual(REUSED);
    }
    expect(await ordersOf(buyer.id)).toHaveLength(1);
    expect(await paymentsOf(buyer.id)).toHaveLength(1);
    expect((await db().select({ quantity: products.quantity }).from(products).where(eq(products.id, product.id)))[0]?.quantity).toBe(9);
  });

  it('answers an order placed before the hash was kept to any request, as before', async () => {
    const { buyer, authorization } = await buyerWithCart();
    const key = newKey();
    const { orderId } = (await checkout(authorization, key, body())).json();
    await db().update(orders).set({ idempotencyRequestHash: null }).where(eq(orders.buyerId, buyer.id));
    const other = await checkout(authorization, key, body({ shippingAddress: { ...address, line1: '9 Elm St' } }));
    expect(other.statusCode).toBe(200);
    expect(other.json()).toEqual({ success: true, orderId });
  });

  it('racing with different requests: one order, one charge, the others 422', async () => {
    const { buyer, authorization } = await buyerWithCart();
    const key = newKey();
    const requests = ['1 Main St', '2 Main St', '3 Main St', '4 Main St'].map((line1) => body({ shippingAddress: { ...address, line1 } }));
    const answers = await Promise.all(requests.map((request) => checkout(authorization, key, request)));
    const codes = answers.map((answer) => answer.statusCode).sort();
    expect(codes).toEqual([201, 422, 422, 422]);
    for (const answer of answers.filter((candidate) => candidate.statusCode === 422)) expect(answer.json()).toEqual(REUSED);
    const placed = await ordersOf(buyer.id);
    expect(placed).toHaveLength(1);
    const winner = requests[answers.findIndex((answer) => answer.statusCode === 201)]!;
    expect(placed[0]?.shippingLine1).toBe((winner.shippingAddress as { line1: string }).line1);
    expect(await paymentsOf(buyer.id)).toHaveLength(1);
  });

  it('racing with the same request twice and another once: one order; the twin answers it, the other 422', async () => {
    const { buyer, authorization } = await buyerWithCart();
    const key = newKey();
    const other = body({ payment: card('5555555555554444') });
    const answers = await Promise.all([checkout(authorization, key, body()), checkout(authorization, key, body()), checkout(authorization, key, other)]);
    const placed = await ordersOf(buyer.id);
    expect(placed).toHaveLength(1);
    expect(await paymentsOf(buyer.id)).toHaveLength(1);
    const statuses = answers.map((answer) => answer.statusCode);
    // Whichever request won, every answer agrees with it.
    if (placed[0]?.idempotencyRequestHash === checkoutRequestHashOf(body() as never)) {
      expect(statuses.slice(0, 2).sort()).toEqual([200, 201]);
      expect(statuses[2]).toBe(422);
    } else {
      expect(statuses).toEqual([422, 422, 201]);
    }
  });
});
