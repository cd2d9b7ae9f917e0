import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cartItems, orders, payments, products } from '../../db/schema';
import type { PaymentProvider, RefundRequest } from '../../providers/payment/port';
import { signStripeWebhookPayload } from '../../providers/payment/stripe-connect';
import { buildTestApp, type TestApp } from '../../../test/helper';
import { checkoutRequestHashOf } from './checkout.service';
import { createUser } from '../../../test/factories';
import { bearerFor, createCommerceCategory, createListing } from '../../../test/factories-commerce';

// 3-D Secure on the sandbox: 4000 0025 0000 3155 asks the buyer to authenticate. The checkout answers
// 202 with the step, keeps nothing (no order, no stock taken), and the same request sent again after
// the step answers the order or a decline. Runs on PGlite, and on PostgreSQL with TEST_DATABASE_URL.

const WEBHOOK_SECRET = 'whsec_test_checkout_webhook';
const refunds: RefundRequest[] = [];
function wrapPayments(provider: PaymentProvider): PaymentProvider {
  return Object.assign(Object.create(provider) as PaymentProvider, {
    async refund(request: RefundRequest) {
      refunds.push(request);
      return provider.refund(request);
    },
  });
}

let testApp: TestApp;
let sellerId: string;
let categoryId: string;
beforeAll(async () => {
  testApp = await buildTestApp({ wrapPayments, environment: { STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET } });
  sellerId = (await createUser(testApp.database.db, { role: 'seller' })).id;
  categoryId = (await createCommerceCategory(testApp.database.db)).id;
});
afterAll(async () => {
  await testApp?.close();
});

const db = () => testApp.database.db;
const address = { name: 'Ada Buyer', line1: '1 Main St', city: 'Portland', state: 'OR', postal_code: '97201', country: 'US' };
const card = (number: string) => ({ card: { number, expMonth: 12, expYear: 2035, cvc: '123' } });
const AUTHENTICATION_CARD = '4000 0025 0000 3155';
let keys = 0;
const newKey = () => `3ds-key-${Date.now()}-${++keys}`;

async function buyerWithCart(quantity = 2, stock = 5) {
  const buyer = await createUser(db());
  const authorization = await bearerFor(testApp, buyer);
  const product = await createListing(db(), { sellerId, categoryId, priceCents: 3000, quantity: stock });
  await testApp.app.inject({ method: 'POST', url: '/api/cart/items', headers: { authorization }, payload: { product_id: product.id, quantity } });
  return { buyer, authorization, product };
}
const checkout = (authorization: string, key: string, payload: object) =>
  testApp.app.inject({ method: 'POST', url: '/api/orders/checkout', headers: { authorization, 'idempotency-key': key }, payload });
const authenticate = (authorization: string, clientSecret: string, outcome: 'complete' | 'fail') =>
  testApp.app.inject({ method: 'POST', url: '/api/checkout/sandbox-authentication', headers: { authorization }, payload: { clientSecret, outcome } });
const stockOf = async (productId: string) => (await db().select({ quantity: products.quantity }).from(products).where(eq(products.id, productId)))[0]?.quantity;
const ordersOf = (buyerId: string) => db().select().from(orders).where(eq(orders.buyerId, buyerId));
const cartOf = (buyerId: string) => db().select().from(cartItems).where(eq(cartItems.userId, buyerId));

/** A checkout with the card that asks for authentication, and the buyer's `outcome` of the step: the key and body to send again, and the step's payment. */
async function authenticatedCheckout(authorization: string, outcome: 'complete' | 'fail' = 'complete') {
  const key = newKey();
  const body = { shippingAddress: address, payment: card(AUTHENTICATION_CARD) };
  const { paymentId, clientSecret } = (await checkout(authorization, key, body)).json();
  await authenticate(authorization, clientSecret, outcome);
  return { key, body, paymentId: paymentId as string };
}

describe('a card that asks for authentication (3-D Secure)', () => {
  it('answers 202 with the step and keeps nothing; once authenticated, the same request places the order', async () => {
    const { buyer, authorization, product } = await buyerWithCart();
    const key = newKey();
    const body = { shippingAddress: address, payment: card(AUTHENTICATION_CARD) };

    const step = await checkout(authorization, key, body);
    expect(step.statusCode).toBe(202);
    const { paymentId, clientSecret } = step.json();
    expect(step.json()).toEqual({
      success: false,
      requiresAction: true,
      paymentId: expect.stringMatching(/^pi_sandbox_/),
      clientSecret: expect.stringMatching(/_secret_/),
      message: 'Your bank asks you to confirm this payment.',
    });
    expect(await ordersOf(buyer.id)).toEqual([]);
    expect(await stockOf(product.id)).toBe(5);
    expect(await cartOf(buyer.id)).toHaveLength(1);

    // Sent again before the buyer finished: the same step, still nothing kept.
    const again = await checkout(authorization, key, { ...body, authenticatedPaymentId: paymentId });
    expect(again.statusCode).toBe(202);
    expect(again.json()).toMatchObject({ paymentId, clientSecret });
    expect(await stockOf(product.id)).toBe(5);

    expect((await authenticate(authorization, clientSecret, 'complete')).json()).toEqual({ success: true });
    const placed = await checkout(authorization, key, { ...body, authenticatedPaymentId: paymentId });
    expect(placed.statusCode).toBe(201);
    const { orderId } = placed.json();
    expect(await stockOf(product.id)).toBe(3);
    expect(await cartOf(buyer.id)).toEqual([]);
    const [payment] = await db().select().from(payments).where(eq(payments.orderId, orderId));
    expect(payment).toMatchObject({ providerPaymentId: paymentId, amountCents: 6000, status: 'succeeded', cardLast4: '3155' });

    // A retry of either request answers the same order.
    expect((await checkout(authorization, key, body)).json()).toEqual({ success: true, orderId });
    expect((await checkout(authorization, key, { ...body, authenticatedPaymentId: paymentId })).json()).toEqual({ success: true, orderId });
    expect(await ordersOf(buyer.id)).toHaveLength(1);
  });

  it('declines with a clear message when the buyer fails the step, keeps the stock and the cart, and takes another card', async () => {
    const { buyer, authorization, product } = await buyerWithCart();
    const { key, body, paymentId } = await authenticatedCheckout(authorization, 'fail');

    const declined = await checkout(authorization, key, { ...body, authenticatedPaymentId: paymentId });
    expect(declined.statusCode).toBe(402);
    expect(declined.json()).toEqual({
      error: 'We are unable to authenticate your payment method. Please choose a different payment method and try again.',
      code: 'payment_intent_authentication_failure',
    });
    expect(await ordersOf(buyer.id)).toEqual([]);
    expect(await stockOf(product.id)).toBe(5);
    expect(await cartOf(buyer.id)).toHaveLength(1);

    const other = await checkout(authorization, key, { shippingAddress: address, payment: card('4242 4242 4242 4242') });
    expect(other.statusCode).toBe(201);
    expect(await stockOf(product.id)).toBe(3);
  });

  it('also places the order when the request comes back without naming the payment', async () => {
    const { buyer, authorization } = await buyerWithCart(1);
    const { key, body } = await authenticatedCheckout(authorization);
    expect((await checkout(authorization, key, body)).statusCode).toBe(201);
    expect(await ordersOf(buyer.id)).toHaveLength(1);
  });

  it('refunds an authenticated payment when the items sold out meanwhile, and says so', async () => {
    const { buyer, authorization, product } = await buyerWithCart(2, 2);
    const { key, body, paymentId } = await authenticatedCheckout(authorization);
    await db().update(products).set({ quantity: 1 }).where(eq(products.id, product.id));

    const refused = await checkout(authorization, key, { ...body, authenticatedPaymentId: paymentId });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: 'out_of_stock' });
    expect(refunds.at(-1)).toEqual({ paymentId, amountCents: 6000, idempotencyKey: `checkout-reversal-${paymentId}` });
    expect(await ordersOf(buyer.id)).toEqual([]);
    expect(await stockOf(product.id)).toBe(1);
  });

  it('refunds an authenticated payment when a price changed meanwhile and the buyer confirmed the old total', async () => {
    const { buyer, authorization, product } = await buyerWithCart(2, 5);
    const key = newKey();
    const body = { shippingAddress: address, payment: card(AUTHENTICATION_CARD), expectedTotal: 60 };
    const { paymentId, clientSecret } = (await checkout(authorization, key, body)).json();
    await authenticate(authorization, clientSecret, 'complete');
    await db().update(products).set({ priceCents: 3500 }).where(eq(products.id, product.id));

    const refused = await checkout(authorization, key, { ...body, authenticatedPaymentId: paymentId });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: 'total_changed', expectedTotal: 60, summary: { orderTotal: 70 } });
    expect(refunds.at(-1)).toMatchObject({ idempotencyKey: expect.stringMatching(/^checkout-reversal-/) });
    expect(await ordersOf(buyer.id)).toEqual([]);
    expect(await stockOf(product.id)).toBe(5);
  });

  it('refuses an authentication with a client secret that waits for none', async () => {
    const { authorization } = await buyerWithCart();
    const answer = await authenticate(authorization, 'pi_sandbox_nothing_secret_nothing', 'complete');
    expect(answer.statusCode).toBe(400);
    expect(answer.json()).toEqual({ error: 'This payment is not waiting for authentication.', code: 'bad_request' });
  });
});

describe('the payment webhook for a buyer who never came back from authentication', () => {
  /** payment_intent.succeeded as Stripe sends it for a checkout's PaymentIntent (metadata and shipping from stripe.ts). */
  function succeeded(values: {
    paymentId: string;
    amount: number;
    buyerId: string;
    key: string;
    body: { shippingAddress: typeof address; payment: object };
    eventId: string;
  }) {
    const { shippingAddress } = values.body;
    const payload = JSON.stringify({
      id: values.eventId,
      object: 'event',
      livemode: false,
      type: 'payment_intent.succeeded',
      data: {
        object: {
          id: values.paymentId,
          object: 'payment_intent',
          amount: values.amount,
          amount_received: values.amount,
          status: 'succeeded',
          payment_method: 'pm_card_authenticationRequired',
          latest_charge: null,
          metadata: {
            checkout_buyer_id: values.buyerId,
            checkout_idempotency_key: values.key,
            checkout_request_hash: checkoutRequestHashOf(values.body as never),
          },
          shipping: {
            name: shippingAddress.name,
            address: {
              line1: shippingAddress.line1,
              line2: null,
              city: shippingAddress.city,
              state: shippingAddress.state,
              postal_code: shippingAddress.postal_code,
              country: shippingAddress.country,
            },
          },
        },
      },
    });
    return testApp.app.inject({
      method: 'POST',
      url: '/api/stripe-connect/webhook',
      headers: { 'content-type': 'application/json', 'stripe-signature': signStripeWebhookPayload(payload, WEBHOOK_SECRET) },
      payload,
    });
  }

  it('places the order from the event; the browser coming back later gets the same order', async () => {
    const { buyer, authorization, product } = await buyerWithCart();
    const { key, body, paymentId } = await authenticatedCheckout(authorization);

    const delivered = await succeeded({ paymentId, amount: 6000, buyerId: buyer.id, key, body, eventId: `evt_3ds_${paymentId}` });
    expect(delivered.json()).toEqual({ received: true, duplicate: false });
    const [order] = await ordersOf(buyer.id);
    expect(order).toMatchObject({ totalCents: 6000, shippingLine1: '1 Main St', idempotencyKey: key });
    const [payment] = await db().select().from(payments).where(eq(payments.orderId, order!.id));
    expect(payment).toMatchObject({ providerPaymentId: paymentId, amountCents: 6000, status: 'succeeded' });
    expect(await stockOf(product.id)).toBe(3);
    expect(await cartOf(buyer.id)).toEqual([]);

    const back = await checkout(authorization, key, { ...body, authenticatedPaymentId: paymentId });
    expect(back.statusCode).toBe(200);
    expect(back.json()).toEqual({ success: true, orderId: order!.id });
    // Redelivered, the event changes nothing.
    expect((await succeeded({ paymentId, amount: 6000, buyerId: buyer.id, key, body, eventId: `evt_3ds_${paymentId}` })).json()).toEqual({
      received: true,
      duplicate: true,
    });
    expect(await ordersOf(buyer.id)).toHaveLength(1);
  });

  it('refunds the payment when the order can no longer be placed', async () => {
    const { buyer, authorization, product } = await buyerWithCart(2, 2);
    const { key, body, paymentId } = await authenticatedCheckout(authorization);
    await db().update(products).set({ quantity: 0 }).where(eq(products.id, product.id));

    const delivered = await succeeded({ paymentId, amount: 6000, buyerId: buyer.id, key, body, eventId: `evt_3ds_${paymentId}` });
    expect(delivered.statusCode).toBe(200);
    expect(await ordersOf(buyer.id)).toEqual([]);
    expect(refunds.at(-1)).toEqual({ paymentId, amountCents: 6000, idempotencyKey: `checkout-reversal-${paymentId}` });
  });

  it('leaves alone a payment no checkout made', async () => {
    const payload = JSON.stringify({
      id: 'evt_foreign_payment',
      object: 'event',
      livemode: false,
      type: 'payment_intent.succeeded',
      data: { object: { id: 'pi_elsewhere', object: 'payment_intent', amount: 500, status: 'succeeded', metadata: {} } },
    });
    const before = refunds.length;
    const delivered = await testApp.app.inject({
      method: 'POST',
      url: '/api/stripe-connect/webhook',
      headers: { 'content-type': 'application/json', 'stripe-signature': signStripeWebhookPayload(payload, WEBHOOK_SECRET) },
      payload,
    });
    expect(delivered.json()).toEqual({ received: true, duplicate: false });
    expect(refunds.length).toBe(before);
  });
});
