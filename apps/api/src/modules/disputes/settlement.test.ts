import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { SANDBOX_TEST_ACCOUNT_NUMBER, SANDBOX_TEST_ROUTING_NUMBER } from '@marketplace/contracts/payouts';
import { netSaleCents } from '@marketplace/domain/item-settlement';
import { NOT_A_SALE_STATES } from '@marketplace/domain/order-item-state';
import { orderItems, orders, payments, refunds } from '../../db/schema';
import type { PaymentProvider } from '../../providers/payment/port';
import { SANDBOX_PAYMENT_PREFIX } from '../../providers/payment/sandbox';
import { buildTestApp, type TestApp } from '../../../test/helper';
import { createUser } from '../../../test/factories';
import { bearerFor } from '../../../test/factories-commerce';
import { createCategory, createOrder, createProduct } from '../../../test/factories-orders';
import { timeLimit } from '../../../test/time-limit';

// Settling a dispute without the admin (the buyer answers the seller's offer), partial refunds as amounts,
// and the seller paid for the rest: the money paths, on whichever database the suite runs on.

let testApp: TestApp;
interface Person {
  id: string;
  token: string;
}
let admin: Person;
let buyer: Person;
let otherBuyer: Person;
let seller: Person;
/** While set, the payment provider's refunds get no answer (the call throws a network error). */
let refundsDown = false;
let refundCalls: Array<{ amountCents: number; idempotencyKey: string }> = [];

async function person(role: 'buyer' | 'seller' | 'admin'): Promise<Person> {
  const user = await createUser(testApp.database.db, { role });
  return { id: user.id, token: await bearerFor(testApp, user) };
}

function call(method: 'GET' | 'POST' | 'PATCH', url: string, who: Person | null, payload?: object) {
  return testApp.app.inject({ method, url, headers: who ? { authorization: who.token } : {}, ...(payload ? { payload } : {}) });
}

/** A $100 line (2 × $50) at 10 % commission, shipped, paid by card, with $8 of shipping. */
async function boughtItem(status: 'shipped' | 'delivered' = 'delivered', extraItem = false) {
  const category = await createCategory(testApp.database.db, { commissionRateBasisPoints: 1000 });
  const product = await createProduct(testApp.database.db, { sellerId: seller.id, categoryId: category.id, title: 'Walnut board' });
  const lines = [{ product, priceCents: 5000, quantity: 2, status }, ...(extraItem ? [{ product, priceCents: 1000, quantity: 1, status }] : [])];
  const { order, items } = await createOrder(testApp.database.db, { buyerId: buyer.id, status: 'shipped', shippingCents: extraItem ? 0 : 800, items: lines });
  await testApp.database.db.insert(payments).values({
    orderId: order.id,
    buyerId: buyer.id,
    provider: 'sandbox',
    providerPaymentId: `${SANDBOX_PAYMENT_PREFIX}${order.id.replaceAll('-', '').slice(0, 24)}`,
    amountCents: order.totalCents,
    status: 'succeeded',
  });
  return { order, item: items[0]! };
}

async function openWithOffer(itemId: string, offer: number) {
  const boundary = '----settlement-test';
  const fields = { orderItemId: itemId, reason: 'damaged', description: 'One corner arrived cracked.' };
  const body = Buffer.concat(
    Object.entries(fields)
      .map(([name, value]) => Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`))
      .concat([Buffer.from(`--${boundary}--\r\n`)]),
  );
  const opened = await testApp.app.inject({
    method: 'POST',
    url: '/api/disputes',
    headers: { authorization: buyer.token, 'content-type': `multipart/form-data; boundary=${boundary}` },
    payload: body,
  });
  expect(opened.statusCode).toBe(201);
  const id = opened.json().dispute.id as string;
  expect(
    (await call('POST', `/api/disputes/${id}/respond`, seller, { action: 'offer_refund', amount: offer, statement: 'Sorry about that.' })).statusCode,
  ).toBe(200);
  return id;
}

async function itemRow(id: string) {
  const [row] = await testApp.database.db.select().from(orderItems).where(eq(orderItems.id, id));
  return row!;
}

beforeAll(async () => {
  testApp = await buildTestApp({
    wrapPayments: (provider: PaymentProvider) => ({
      ...provider,
      async refund(request) {
        refundCalls.push({ amountCents: request.amountCents, idempotencyKey: request.idempotencyKey });
        if (refundsDown) throw new Error('socket hang up');
        return provider.refund(request);
      },
    }),
  });
  [admin, buyer, otherBuyer, seller] = await Promise.all([person('admin'), person('buyer'), person('buyer'), person('seller')]);
  // The seller onboards through the sandbox so they can be paid.
  const created = await call('POST', '/api/stripe-connect/create-express-account', seller, { type: 'express', country: 'US' });
  const link = await call('POST', '/api/stripe-connect/create-onboarding-link', seller, { accountId: created.json().accountId });
  const token = new URL(link.json().url as string).pathname.split('/').at(-1);
  await call('POST', `/api/sandbox/connect/links/${token}/complete`, null, {
    businessType: 'company',
    businessName: 'Acme',
    routingNumber: SANDBOX_TEST_ROUTING_NUMBER,
    accountNumber: SANDBOX_TEST_ACCOUNT_NUMBER,
  });
  expect((await call('GET', `/api/stripe-connect/account-status/${created.json().accountId}`, seller)).json().status).toBe('complete');
}, timeLimit(120_000));

afterAll(async () => {
  await testApp?.close();
});

describe("the buyer answers the seller's offer", () => {
  it('accepting refunds the offer at once, once; the item is partly refunded and the dispute resolved', async () => {
    const { order, item } = await boughtItem();
    const id = await openWithOffer(item.id, 30);
    expect((await call('GET', `/api/disputes/${id}`, buyer)).json().dispute.actions).toMatchObject({ acceptOffer: true, declineOffer: true, escalate: true });
    expect((await call('GET', `/api/disputes/${id}`, seller)).json().dispute.actions).toMatchObject({ acceptOffer: false, declineOffer: false });

    // Only this dispute's buyer may answer.
    expect((await call('POST', `/api/disputes/${id}/accept-offer`, null)).statusCode).toBe(401);
    expect((await call('POST', `/api/disputes/${id}/accept-offer`, seller)).statusCode).toBe(403);
    expect((await call('POST', `/api/disputes/${id}/accept-offer`, admin)).statusCode).toBe(403);
    expect((await call('POST', `/api/disputes/${id}/accept-offer`, otherBuyer)).statusCode).toBe(404);
    expect((await call('POST', `/api/disputes/${id}/decline-offer`, otherBuyer)).statusCode).toBe(404);
    // No body at all is fine for both answers (and for asking the marketplace).
    expect((await call('POST', `/api/disputes/${id}/escalate`, otherBuyer)).statusCode).toBe(404);

    refundCalls = [];
    const accepted = await call('POST', `/api/disputes/${id}/accept-offer`, buyer);
    expect(accepted.statusCode).toBe(200);
    expect(accepted.json()).toMatchObject({
      message: "You accepted the seller's offer: the refund is on its way to you.",
      dispute: { status: 'resolved_refunded', refund: 30, alreadyRefunded: 30 },
    });
    expect(accepted.json().dispute.timeline.map((event: { type: string }) => event.type)).toEqual(['opened', 'seller_offered_refund', 'buyer_accepted_offer']);
    expect(refundCalls).toHaveLength(1);
    expect(refundCalls[0]?.amountCents).toBe(3000);

    const row = await itemRow(item.id);
    expect(row).toMatchObject({ status: 'partially_refunded', refundedCents: 3000 });
    const [orderRow] = await testApp.database.db.select().from(orders).where(eq(orders.id, order.id));
    // A partial refund leaves the order going ahead (delivered: completed), not "refunded".
    expect(orderRow?.status).toBe('completed');
    const [payment] = await testApp.database.db.select().from(payments).where(eq(payments.orderId, order.id));
    expect(payment).toMatchObject({ refundedCents: 3000, status: 'partially_refunded' });

    // Settled: nobody settles it again, and nothing is refunded twice.
    expect((await call('POST', `/api/disputes/${id}/accept-offer`, buyer)).statusCode).toBe(409);
    expect((await call('POST', `/api/disputes/${id}/decline-offer`, buyer)).statusCode).toBe(409);
    expect((await call('POST', `/api/disputes/${id}/resolve`, admin, { outcome: 'refund', amount: 10 })).statusCode).toBe(409);
    expect(refundCalls).toHaveLength(1);
  });

  it('declining sends the case to the marketplace, which can refund exactly the offered amount', async () => {
    const { item } = await boughtItem();
    const id = await openWithOffer(item.id, 25.5);
    const declined = await call('POST', `/api/disputes/${id}/decline-offer`, buyer, { note: 'Not enough for a cracked board.' });
    expect(declined.json()).toMatchObject({
      message: 'You declined the offer. The marketplace team will review this dispute.',
      dispute: { status: 'under_review', sellerOffer: 25.5 },
    });
    expect((await call('POST', `/api/disputes/${id}/accept-offer`, buyer)).statusCode).toBe(409);
    expect((await call('POST', `/api/disputes/${id}/decline-offer`, buyer)).statusCode).toBe(409);
    const resolved = await call('POST', `/api/disputes/${id}/resolve`, admin, { outcome: 'refund', amount: 25.5 });
    expect(resolved.json().dispute).toMatchObject({ status: 'resolved_refunded', refund: 25.5 });
    expect(await itemRow(item.id)).toMatchObject({ status: 'partially_refunded', refundedCents: 2550 });
  });

  it('a contested dispute has no offer to accept', async () => {
    const { item } = await boughtItem();
    const boundary = '----settlement-contest';
    const body = Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="orderItemId"\r\n\r\n${item.id}\r\n--${boundary}\r\nContent-Disposition: form-data; name="reason"\r\n\r\nother\r\n--${boundary}\r\nContent-Disposition: form-data; name="description"\r\n\r\nIt is not what I ordered at all.\r\n--${boundary}--\r\n`,
    );
    const id = (
      await testApp.app.inject({
        method: 'POST',
        url: '/api/disputes',
        headers: { authorization: buyer.token, 'content-type': `multipart/form-data; boundary=${boundary}` },
        payload: body,
      })
    ).json().dispute.id;
    await call('POST', `/api/disputes/${id}/respond`, seller, { action: 'contest', statement: 'The photos show the same board.' });
    const refused = await call('POST', `/api/disputes/${id}/accept-offer`, buyer);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toBe('There is no refund offer to answer on this dispute.');
  });

  it('a full refund of a one-item order refunds the order too', async () => {
    const { order, item } = await boughtItem();
    const id = await openWithOffer(item.id, 108);
    expect((await call('POST', `/api/disputes/${id}/accept-offer`, buyer)).statusCode).toBe(200);
    expect(await itemRow(item.id)).toMatchObject({ status: 'refunded', refundedCents: 10_800 });
    const [orderRow] = await testApp.database.db.select().from(orders).where(eq(orders.id, order.id));
    expect(orderRow?.status).toBe('refunded');
  });

  it('when the provider does not answer, nothing is settled; the retry finishes the same refund once', async () => {
    const { item } = await boughtItem();
    const id = await openWithOffer(item.id, 40);
    refundsDown = true;
    refundCalls = [];
    const failed = await call('POST', `/api/disputes/${id}/accept-offer`, buyer);
    refundsDown = false;
    expect(failed.statusCode).toBe(502);
    expect(failed.json().error).toMatch(/did not answer/);
    expect((await call('GET', `/api/disputes/${id}`, buyer)).json().dispute.status).toBe('seller_responded');
    expect(await itemRow(item.id)).toMatchObject({ status: 'delivered', refundedCents: 0 });
    // While the refund is unsettled the item cannot move, and another refund cannot start.
    expect((await call('PATCH', `/api/seller/order-items/${item.id}`, seller, { status: 'completed' })).statusCode).toBe(409);

    const retried = await call('POST', `/api/disputes/${id}/accept-offer`, buyer);
    expect(retried.statusCode).toBe(200);
    // The same claim, so the same idempotency key both times: the provider pays once.
    expect(refundCalls).toHaveLength(2);
    expect(refundCalls[0]?.idempotencyKey).toBe(refundCalls[1]?.idempotencyKey);
    const rows = await testApp.database.db.select().from(refunds).where(eq(refunds.orderItemId, item.id));
    expect(rows.map((row) => [row.status, row.amountCents])).toEqual([['succeeded', 4000]]);
    expect(await itemRow(item.id)).toMatchObject({ status: 'partially_refunded', refundedCents: 4000 });
  });
});

describe('paying the seller the rest', () => {
  it('after a $30 refund on a $100 line, every screen shows the same figures and the payout applies the rule to $70', async () => {
    const { order, item } = await boughtItem();
    const id = await openWithOffer(item.id, 30);
    await call('POST', `/api/disputes/${id}/accept-offer`, buyer);

    // Still on the admin's Shipped Orders, with what was refunded, and payable.
    const listed = (await call('GET', '/api/orders/get-all-shipped-orders?limit=100', admin))
      .json()
      .data.orderItems.find((row: { orderItemId: string }) => row.orderItemId === item.id);
    expect(listed).toMatchObject({ orderStatus: 'partially_refunded', refunded_cents: 3000, refunded: 30, seller_paid: false });

    // Kept line $70: commission $7.00, gross $63.00, fee round(15.75) + 25 = 41 ¢, payout $62.59.
    const paid = await call('POST', '/api/stripe-connect/payout', admin, { orderItemId: item.id });
    expect(paid.statusCode).toBe(200);
    expect(paid.json().payout).toMatchObject({ amount: 63, fee_amount: 0.41, net_amount: 62.59 });
    expect((await call('POST', '/api/stripe-connect/payout', admin, { orderItemId: item.id })).statusCode).toBe(409);

    // The buyer's, the seller's and the admin's views of the item agree on what was refunded.
    const buyerView = (await call('GET', `/api/orders/${order.id}`, buyer)).json();
    expect(buyerView.items.find((line: { id: string }) => line.id === item.id)).toMatchObject({ refunded_cents: 3000, status: 'partially_refunded' });
    const sellerView = (await call('GET', `/api/seller/order-items/${item.id}`, seller)).json().data;
    expect(sellerView).toMatchObject({ refunded_cents: 3000, orderStatus: 'partially_refunded' });

    // Sales and revenue are one figure: the seller's dashboard, analytics and the admin's insights.
    const dashboard = (await call('GET', '/api/seller/dashboard', seller)).json();
    const analytics = (await call('GET', '/api/analytics/summary?days=30', seller)).json();
    const insights = (await call('GET', `/api/admin/users/${seller.id}/insights`, admin)).json();
    expect(dashboard.last30Days.sales).toBe(analytics.current.revenue);
    expect(insights.seller.revenue).toBe(dashboard.last30Days.sales);
    // This seller's $100 lines so far, less their refunds: $30, $25.50, none (contested), all (not a sale), $40, $30.
    expect(dashboard.last30Days.sales).toBe(100 - 30 + (100 - 25.5) + 100 + 0 + (100 - 40) + (100 - 30));
    // The SQL those screens run (orders/sales-figures.repository.ts) and the domain's netSaleCents are one definition.
    const items = await testApp.database.db.select().from(orderItems).where(eq(orderItems.sellerId, seller.id));
    const domainCents = items
      .filter((row) => !(NOT_A_SALE_STATES as readonly string[]).includes(row.status))
      .reduce((total, row) => total + netSaleCents({ unitPriceCents: row.priceCents, quantity: row.quantity, refundedCents: row.refundedCents }), 0);
    expect(Math.round(dashboard.last30Days.sales * 100)).toBe(domainCents);

    // And the payout list shows what was sent.
    const payoutsList = (await call('GET', `/api/stripe-connect/admin/payouts?sellerId=${seller.id}`, admin)).json();
    expect(payoutsList.data.payouts[0]).toMatchObject({ status: 'paid', net_amount: 62.59 });
  });

  it('a refund after the payout is owed back: what the payout lost, deducted from the next one', async () => {
    const { item } = await boughtItem();
    // Paid in full first: $100 → commission $10, gross $90, fee 23 + 25 ¢, $89.52.
    expect((await call('POST', '/api/stripe-connect/payout', admin, { orderItemId: item.id })).json().payout.net_amount).toBe(89.52);
    const id = await openWithOffer(item.id, 30);
    const accepted = await call('POST', `/api/disputes/${id}/accept-offer`, buyer);
    // The item now earns $62.59 (as above): the seller owes back $89.52 − $62.59 = $26.93.
    expect(accepted.json().dispute.adjustment).toEqual({ amount: -26.93, settled: false, settledAt: null });
    // A second partial refund (the admin, on a new dispute) owes back only what the payout lost again.
    const second = await openWithOffer(item.id, 10);
    await call('POST', `/api/disputes/${second}/decline-offer`, buyer);
    const resolved = await call('POST', `/api/disputes/${second}/resolve`, admin, { outcome: 'refund', amount: 10 });
    // Kept $60: commission $6, gross $54, fee 14 + 25 ¢ → $53.61; it lost $62.59 − $53.61 = $8.98.
    expect(resolved.json().dispute.adjustment).toEqual({ amount: -8.98, settled: false, settledAt: null });
    // No more than what the buyer paid ($108) can go back in all.
    const third = await openWithOffer(item.id, 68);
    await call('POST', `/api/disputes/${third}/decline-offer`, buyer);
    const tooMuch = await call('POST', `/api/disputes/${third}/resolve`, admin, { outcome: 'refund', amount: 68.01 });
    expect(tooMuch.statusCode).toBe(400);
    expect(tooMuch.json().error).toMatch(/at most 68\.00 dollars/);
  });
});
