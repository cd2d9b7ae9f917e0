import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cartItems, checkoutReservations, orders, payments, products } from '../../db/schema';
import type { ChargeRequest, PaymentProvider } from '../../providers/payment/port';
import { buildTestApp, type TestApp } from '../../../test/helper';
import { createUser } from '../../../test/factories';
import { bearerFor, createCommerceCategory, createListing } from '../../../test/factories-commerce';
import { RESERVATION_ABANDONED_AFTER_MS } from './checkout.service';

// No provider is asked inside a transaction (docs/product/checkout.md "Placing the order"): the units are taken
// and committed as a reservation, the card is charged with nothing locked, then the order is written. Runs on
// PGlite, and on PostgreSQL with TEST_DATABASE_URL, where the requests below run side by side for real.

/** Buyers whose charge waits until the test opens the gate. */
const held = new Map<string, { reached: () => void; open: Promise<void> }>();
/** Buyers whose charge is made, but whose answer is lost on the way back (a timeout after the provider charged). */
const answerLost = new Set<string>();
const charges: ChargeRequest[] = [];

function wrapPayments(provider: PaymentProvider): PaymentProvider {
  return Object.assign(Object.create(provider) as PaymentProvider, {
    async charge(request: ChargeRequest) {
      charges.push(request);
      const buyerId = request.checkout?.buyerId ?? '';
      const gate = held.get(buyerId);
      if (gate) {
        gate.reached();
        await gate.open;
      }
      const outcome = await provider.charge(request);
      if (answerLost.delete(buyerId)) throw new Error('socket hang up');
      return outcome;
    },
  });
}

let testApp: TestApp;
let sellerId: string;
let categoryId: string;
beforeAll(async () => {
  testApp = await buildTestApp({ wrapPayments });
  sellerId = (await createUser(testApp.database.db, { role: 'seller' })).id;
  categoryId = (await createCommerceCategory(testApp.database.db)).id;
});
afterAll(async () => {
  await testApp?.close();
});

const db = () => testApp.database.db;
const body = {
  shippingAddress: { name: 'Ada Buyer', line1: '1 Main St', city: 'Portland', state: 'OR', postal_code: '97201', country: 'US' },
  payment: { card: { number: '4242424242424242', expMonth: 12, expYear: 2035, cvc: '123' } },
};
let keys = 0;
const newKey = () => `reservation-key-${Date.now()}-${++keys}`;

async function buyerWithCart(productId: string, quantity = 1) {
  const buyer = await createUser(db());
  const authorization = await bearerFor(testApp, buyer);
  const added = await testApp.app.inject({ method: 'POST', url: '/api/cart/items', headers: { authorization }, payload: { product_id: productId, quantity } });
  expect(added.statusCode).toBe(200);
  return { buyer, authorization };
}
const checkout = (authorization: string, key: string) =>
  testApp.app.inject({ method: 'POST', url: '/api/orders/checkout', headers: { authorization, 'idempotency-key': key }, payload: body });
const stockOf = async (productId: string) => (await db().select({ quantity: products.quantity }).from(products).where(eq(products.id, productId)))[0]?.quantity;
const ordersOf = (buyerId: string) => db().select().from(orders).where(eq(orders.buyerId, buyerId));
const paymentsOf = (buyerId: string) => db().select().from(payments).where(eq(payments.buyerId, buyerId));
const reservationsOf = (buyerId: string) => db().select().from(checkoutReservations).where(eq(checkoutReservations.buyerId, buyerId));
const cartOf = (buyerId: string) => db().select().from(cartItems).where(eq(cartItems.userId, buyerId));

/** Holds `buyerId`'s charge at the provider: resolves once it is waiting there, with the function that lets it go on. */
function holdCharge(buyerId: string): { waiting: Promise<void>; release: () => void } {
  let reached!: () => void;
  let release!: () => void;
  const waiting = new Promise<void>((resolve) => (reached = resolve));
  held.set(buyerId, { reached, open: new Promise<void>((resolve) => (release = resolve)) });
  return { waiting, release };
}

describe('a checkout whose card is being charged', () => {
  it('holds no lock: another buyer checks out the same listing meanwhile, and each gets their units', async () => {
    const product = await createListing(db(), { sellerId, categoryId, priceCents: 2500, quantity: 5 });
    const slow = await buyerWithCart(product.id, 2);
    const other = await buyerWithCart(product.id, 1);
    const gate = holdCharge(slow.buyer.id);

    const slowAnswer = checkout(slow.authorization, newKey());
    await gate.waiting;
    // While the first card is at the provider, its units are held and nothing else waits on it.
    expect(await stockOf(product.id)).toBe(3);
    expect(await reservationsOf(slow.buyer.id)).toHaveLength(1);
    const otherAnswer = await checkout(other.authorization, newKey());
    expect(otherAnswer.statusCode).toBe(201);
    expect(await stockOf(product.id)).toBe(2);

    gate.release();
    expect((await slowAnswer).statusCode).toBe(201);
    expect(await stockOf(product.id)).toBe(2);
    expect(await reservationsOf(slow.buyer.id)).toHaveLength(0);
    expect(await ordersOf(slow.buyer.id)).toHaveLength(1);
    expect(await paymentsOf(slow.buyer.id)).toHaveLength(1);
    expect(await cartOf(slow.buyer.id)).toHaveLength(0);
  });

  it('keeps its units: the last one is not sold to a second buyer while the first card is charged', async () => {
    const product = await createListing(db(), { sellerId, categoryId, priceCents: 4000, quantity: 1 });
    const first = await buyerWithCart(product.id);
    const second = await buyerWithCart(product.id);
    const gate = holdCharge(first.buyer.id);

    const firstAnswer = checkout(first.authorization, newKey());
    await gate.waiting;
    const secondAnswer = await checkout(second.authorization, newKey());
    expect(secondAnswer.statusCode).toBe(409);
    expect(secondAnswer.json().code).toBe('out_of_stock');

    gate.release();
    expect((await firstAnswer).statusCode).toBe(201);
    expect(await stockOf(product.id)).toBe(0);
    expect(await ordersOf(second.buyer.id)).toHaveLength(0);
  });

  it('gives its units back when the card is declined, and keeps the cart', async () => {
    const product = await createListing(db(), { sellerId, categoryId, priceCents: 1500, quantity: 4 });
    const buyer = await buyerWithCart(product.id, 3);
    const declined = await testApp.app.inject({
      method: 'POST',
      url: '/api/orders/checkout',
      headers: { authorization: buyer.authorization, 'idempotency-key': newKey() },
      payload: { ...body, payment: { card: { ...body.payment.card, number: '4000000000000002' } } },
    });
    expect(declined.statusCode).toBe(402);
    expect(await stockOf(product.id)).toBe(4);
    expect(await reservationsOf(buyer.buyer.id)).toHaveLength(0);
    expect(await cartOf(buyer.buyer.id)).toHaveLength(1);
  });
});

describe('a charge whose answer was lost', () => {
  it('keeps the units for the same request, which sent again places the order with that one charge', async () => {
    const product = await createListing(db(), { sellerId, categoryId, priceCents: 3300, quantity: 3 });
    const buyer = await buyerWithCart(product.id, 2);
    const key = newKey();
    answerLost.add(buyer.buyer.id);
    const lost = await checkout(buyer.authorization, key);
    expect(lost.statusCode).toBe(502);
    expect(await stockOf(product.id)).toBe(1);
    expect(await ordersOf(buyer.buyer.id)).toHaveLength(0);
    expect(await reservationsOf(buyer.buyer.id)).toHaveLength(1);

    const before = charges.length;
    const again = await checkout(buyer.authorization, key);
    expect(again.statusCode).toBe(201);
    // The same provider key as the lost answer's: the provider answers the charge it made, and makes no other.
    expect(charges.slice(before).map((charge) => charge.idempotencyKey)).toEqual([charges[before - 1]!.idempotencyKey]);
    expect(await stockOf(product.id)).toBe(1);
    expect(await paymentsOf(buyer.buyer.id)).toHaveLength(1);
    expect(await reservationsOf(buyer.buyer.id)).toHaveLength(0);
  });

  it('puts the units back on the shelf once left 15 minutes, and not before', async () => {
    const product = await createListing(db(), { sellerId, categoryId, priceCents: 1200, quantity: 2 });
    const buyer = await buyerWithCart(product.id, 2);
    answerLost.add(buyer.buyer.id);
    expect((await checkout(buyer.authorization, newKey())).statusCode).toBe(502);
    expect(await stockOf(product.id)).toBe(0);

    testApp.clock.advance(RESERVATION_ABANDONED_AFTER_MS - 1000);
    await testApp.services.checkout.releaseAbandonedReservations();
    expect(await stockOf(product.id)).toBe(0);

    testApp.clock.advance(2000);
    await testApp.services.checkout.releaseAbandonedReservations();
    expect(await stockOf(product.id)).toBe(2);
    expect(await reservationsOf(buyer.buyer.id)).toHaveLength(0);
    expect(await cartOf(buyer.buyer.id)).toHaveLength(1);
  });
});
