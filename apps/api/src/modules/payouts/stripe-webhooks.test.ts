import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { payments, webhookEvents } from '../../db/schema';
import { signStripeWebhookPayload } from '../../providers/payment/stripe-connect';
import { buildTestApp, type TestApp } from '../../../test/helper';
import { createUser } from '../../../test/factories';
import { createCategory, createOrder, createPayment, createProduct } from '../../../test/factories-orders';

// One URL receives both of Stripe's endpoints: the platform's events, signed with STRIPE_WEBHOOK_SECRET,
// and the connected accounts' events, signed with STRIPE_CONNECT_WEBHOOK_SECRET. The test app runs the
// sandbox providers, which are test mode: a live-mode event is acknowledged and ignored.

const PLATFORM_SECRET = 'whsec_test_platform_endpoint';
const CONNECT_SECRET = 'whsec_test_connect_endpoint';

let testApp: TestApp;

beforeAll(async () => {
  testApp = await buildTestApp({ environment: { STRIPE_WEBHOOK_SECRET: PLATFORM_SECRET, STRIPE_CONNECT_WEBHOOK_SECRET: CONNECT_SECRET } });
});
afterAll(async () => {
  await testApp.close();
});

const send = (payload: string, secret: string) =>
  testApp.app.inject({
    method: 'POST',
    url: '/api/stripe-connect/webhook',
    headers: { 'content-type': 'application/json', 'stripe-signature': signStripeWebhookPayload(payload, secret) },
    payload,
  });

let eventCount = 0;
function eventPayload(type: string, object: object, extra: { livemode?: boolean; account?: string } = {}): string {
  eventCount += 1;
  return JSON.stringify({
    id: `evt_webhook_${eventCount}`,
    object: 'event',
    livemode: extra.livemode ?? false,
    type,
    data: { object },
    ...(extra.account ? { account: extra.account } : {}),
  });
}

async function paidOrder() {
  const db = testApp.database.db;
  const seller = await createUser(db, { role: 'seller' });
  const buyer = await createUser(db, { role: 'buyer' });
  const category = await createCategory(db);
  const product = await createProduct(db, { sellerId: seller.id, categoryId: category.id });
  const { order } = await createOrder(db, {
    buyerId: buyer.id,
    status: 'processing',
    items: [{ product, priceCents: 4_000, quantity: 1, status: 'approved' }],
  });
  return createPayment(db, order);
}

async function refundedCentsOf(paymentId: string) {
  const [row] = await testApp.database.db.select({ refundedCents: payments.refundedCents }).from(payments).where(eq(payments.id, paymentId));
  return row?.refundedCents;
}

describe('Stripe webhooks with two signing secrets', () => {
  it('applies a platform event signed with the platform secret', async () => {
    const payment = await paidOrder();
    const payload = eventPayload('charge.refunded', {
      id: 'ch_platform',
      object: 'charge',
      amount: payment.amountCents,
      amount_refunded: 1_000,
      payment_intent: payment.providerPaymentId,
    });
    const answer = await send(payload, PLATFORM_SECRET);
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toEqual({ received: true, duplicate: false });
    expect(await refundedCentsOf(payment.id)).toBe(1_000);
  });

  it('applies a connected-account event signed with the Connect secret, once', async () => {
    const payload = eventPayload(
      'payout.paid',
      { id: 'po_connect', object: 'payout', amount: 700, failure_message: null, status: 'paid' },
      { account: 'acct_unknown' },
    );
    const first = await send(payload, CONNECT_SECRET);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ received: true, duplicate: false });
    // Redelivered with the other secret's signature it is still the same event.
    expect((await send(payload, PLATFORM_SECRET)).json()).toEqual({ received: true, duplicate: true });
  });

  it('refuses an event that neither secret signed, with the code', async () => {
    const payload = eventPayload('payout.paid', { id: 'po_forged', object: 'payout', amount: 700, failure_message: null });
    const answer = await send(payload, 'whsec_someone_else');
    expect(answer.statusCode).toBe(400);
    expect(answer.json()).toEqual({ error: 'Invalid webhook signature', code: 'bad_request' });
  });

  it('acknowledges a live-mode event on a test-mode deployment without applying it', async () => {
    const payment = await paidOrder();
    const payload = eventPayload(
      'charge.refunded',
      { id: 'ch_live', object: 'charge', amount: payment.amountCents, amount_refunded: payment.amountCents, payment_intent: payment.providerPaymentId },
      { livemode: true },
    );
    const answer = await send(payload, PLATFORM_SECRET);
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toEqual({ received: true, duplicate: false, ignored: 'livemode_mismatch' });
    expect(await refundedCentsOf(payment.id)).toBe(0);
    expect(testApp.logs.some((line) => line.includes('live-mode event reached a test-mode deployment'))).toBe(true);
    // Not recorded either: the same event id in the right mode would still be applied.
    const sameIdInTestMode = payload.replace('"livemode":true', '"livemode":false');
    expect((await send(sameIdInTestMode, PLATFORM_SECRET)).json()).toEqual({ received: true, duplicate: false });
    expect(await refundedCentsOf(payment.id)).toBe(payment.amountCents);
  });

  it.each([
    ['charge.refunded', null],
    ['charge.refunded', 'ch_not_an_object'],
    ['charge.refunded', []],
    ['account.updated', null],
    ['transfer.reversed', 42],
    ['payout.paid', null],
    ['charge.dispute.created', true],
    ['payment_intent.succeeded', null],
    ['customer.created', null],
  ])('refuses a signed %s event whose data.object is %j with 400 { error, code }, and records nothing', async (type, object) => {
    const payment = await paidOrder();
    const eventsBefore = await testApp.database.db.select().from(webhookEvents);
    const payload = JSON.stringify({ id: `evt_no_object_${type}_${eventsBefore.length}`, object: 'event', livemode: false, type, data: { object } });
    const answer = await send(payload, PLATFORM_SECRET);
    expect(answer.statusCode).toBe(400);
    expect(answer.json()).toEqual({ error: 'The webhook event has no object to apply', code: 'bad_request' });
    expect(await testApp.database.db.select().from(webhookEvents)).toHaveLength(eventsBefore.length);
    expect(await refundedCentsOf(payment.id)).toBe(0);
  });

  it('refuses a signed event without data, an id or a type with 400, and records nothing', async () => {
    const eventsBefore = await testApp.database.db.select().from(webhookEvents);
    for (const event of [
      { id: 'evt_no_data', object: 'event', livemode: false, type: 'charge.refunded' },
      { id: 'evt_data_null', object: 'event', livemode: false, type: 'charge.refunded', data: null },
      { object: 'event', livemode: false, type: 'charge.refunded', data: { object: { id: 'ch_1', object: 'charge' } } },
      { id: 'evt_no_type', object: 'event', livemode: false, data: { object: { id: 'ch_1', object: 'charge' } } },
      null,
      [],
    ]) {
      const answer = await send(JSON.stringify(event), PLATFORM_SECRET);
      expect(answer.statusCode, JSON.stringify(event)).toBe(400);
      expect(answer.json()).toMatchObject({ code: 'bad_request' });
    }
    expect(await testApp.database.db.select().from(webhookEvents)).toHaveLength(eventsBefore.length);
  });
});
