import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { SANDBOX_TEST_ACCOUNT_NUMBER, SANDBOX_TEST_ROUTING_NUMBER } from '@marketplace/contracts/payouts';
import { orderItems, payments, payoutAdjustments, payouts, refunds } from '../../db/schema';
import { SANDBOX_PAYMENT_PREFIX } from '../../providers/payment/sandbox';
import { buildTestApp, type TestApp } from '../../../test/helper';
import { createUser } from '../../../test/factories';
import { bearerFor } from '../../../test/factories-commerce';
import { createCategory, createOrder, createProduct } from '../../../test/factories-orders';

let testApp: TestApp;
interface Person {
  id: string;
  token: string;
}
let admin: Person;
let buyer: Person;
let otherBuyer: Person;
let seller: Person;
let otherSeller: Person;

async function person(role: 'buyer' | 'seller' | 'admin'): Promise<Person> {
  const user = await createUser(testApp.database.db, { role });
  return { id: user.id, token: await bearerFor(testApp, user) };
}

function call(method: 'GET' | 'POST', url: string, who: Person | null, payload?: object) {
  return testApp.app.inject({ method, url, headers: who ? { authorization: who.token } : {}, ...(payload ? { payload } : {}) });
}

/** A multipart request with text fields and image files. */
function multipart(fields: Record<string, string>, files: Array<{ name: string; data: Buffer; type: string }> = []) {
  const boundary = '----dispute-test';
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(fields))
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  for (const file of files) {
    parts.push(
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="files"; filename="${file.name}"\r\nContent-Type: ${file.type}\r\n\r\n`),
      file.data,
      Buffer.from('\r\n'),
    );
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { 'content-type': `multipart/form-data; boundary=${boundary}`, payload: Buffer.concat(parts) };
}

function open(who: Person, fields: Record<string, string>, files: Array<{ name: string; data: Buffer; type: string }> = []) {
  const body = multipart(fields, files);
  return testApp.app.inject({
    method: 'POST',
    url: '/api/disputes',
    headers: { authorization: who.token, 'content-type': body['content-type'] },
    payload: body.payload,
  });
}

/** A shipped item of `seller` bought by `buyer` for 2 × $50.00 in a 10 % category, with a sandbox payment. */
async function boughtItem(status: 'shipped' | 'delivered' | 'approved' = 'shipped', owner: Person = seller) {
  const category = await createCategory(testApp.database.db, { commissionRateBasisPoints: 1000 });
  const product = await createProduct(testApp.database.db, { sellerId: owner.id, categoryId: category.id, title: 'Walnut board' });
  const { order, items } = await createOrder(testApp.database.db, {
    buyerId: buyer.id,
    status: 'shipped',
    items: [{ product, priceCents: 5000, quantity: 2, status }],
  });
  await testApp.database.db.insert(payments).values({
    orderId: order.id,
    buyerId: buyer.id,
    provider: 'sandbox',
    providerPaymentId: `${SANDBOX_PAYMENT_PREFIX}${order.id.replaceAll('-', '').slice(0, 24)}`,
    amountCents: order.totalCents,
    status: 'succeeded',
  });
  return items[0]!;
}

let png: Buffer;

beforeAll(async () => {
  testApp = await buildTestApp();
  [admin, buyer, otherBuyer, seller, otherSeller] = await Promise.all([person('admin'), person('buyer'), person('buyer'), person('seller'), person('seller')]);
  png = await sharp({ create: { width: 60, height: 40, channels: 3, background: '#8b5cf6' } })
    .png()
    .toBuffer();
});

afterAll(async () => {
  await testApp?.close();
});

describe('opening a dispute', () => {
  it('opens one dispute per item with photos checked by their bytes, and refuses what does not fit', async () => {
    const item = await boughtItem();
    const fields = { orderItemId: item.id, reason: 'damaged', description: 'The board arrived cracked along the grain.' };

    const notImage = await open(buyer, fields, [{ name: 'crack.png', data: Buffer.from('not really a png'), type: 'image/png' }]);
    expect(notImage.statusCode).toBe(400);
    const short = await open(buyer, { ...fields, description: 'bad' });
    expect(short.statusCode).toBe(400);
    expect(short.json()).toEqual({
      error: 'Describe the problem in at least 10 characters',
      code: 'validation_failed',
      issues: [{ path: 'description', message: 'Describe the problem in at least 10 characters' }],
    });
    expect((await open(buyer, { ...fields, reason: 'changed_my_mind' })).statusCode).toBe(400);

    const opened = await open(buyer, fields, [{ name: 'crack.png', data: png, type: 'image/png' }]);
    expect(opened.statusCode).toBe(201);
    expect(opened.json()).toMatchObject({
      message: 'Dispute opened. The seller has been asked to respond.',
      dispute: {
        status: 'open',
        reason: 'damaged',
        orderItemId: item.id,
        refundable: 100,
        photos: [{ url: expect.stringContaining('.webp') }],
        timeline: [{ type: 'opened', actor: { role: 'buyer' } }],
      },
    });
    const again = await open(buyer, fields);
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toBe('This item already has an open dispute.');

    // Someone else's item, an item not shipped yet, and a seller trying.
    expect((await open(otherBuyer, { ...fields, orderItemId: (await boughtItem()).id })).statusCode).toBe(404);
    expect((await open(buyer, { ...fields, orderItemId: (await boughtItem('approved')).id })).statusCode).toBe(400);
    expect((await open(seller, fields)).statusCode).toBe(403);
  });
});

describe('the dispute’s steps', () => {
  it('goes open → seller_responded → under_review → resolved_refunded, with a refund through the provider once', async () => {
    const item = await boughtItem('delivered');
    const id = (await open(buyer, { orderItemId: item.id, reason: 'not_as_described', description: 'The colour is much darker than the photos.' })).json()
      .dispute.id as string;

    // Only the people in it see it.
    expect((await call('GET', `/api/disputes/${id}`, otherBuyer)).statusCode).toBe(404);
    expect((await call('GET', `/api/disputes/${id}`, otherSeller)).statusCode).toBe(404);
    expect((await call('GET', `/api/disputes/${id}`, seller)).json().dispute.actions).toEqual({
      respond: true,
      escalate: false,
      review: false,
      resolve: false,
      acceptOffer: false,
      declineOffer: false,
    });
    expect((await call('GET', `/api/disputes/${id}`, admin)).json().dispute.actions).toEqual({
      respond: false,
      escalate: false,
      review: true,
      resolve: true,
      acceptOffer: false,
      declineOffer: false,
    });
    expect((await call('GET', '/api/disputes', otherSeller)).json().disputes.some((dispute: { id: string }) => dispute.id === id)).toBe(false);
    expect((await call('GET', '/api/disputes?status=active', seller)).json().disputes.some((dispute: { id: string }) => dispute.id === id)).toBe(true);

    // The seller answers: too much is refused, another seller cannot, the buyer cannot.
    expect((await call('POST', `/api/disputes/${id}/respond`, seller, { action: 'offer_refund', amount: 500 })).statusCode).toBe(400);
    expect((await call('POST', `/api/disputes/${id}/respond`, otherSeller, { action: 'contest', statement: 'Not my item at all, honestly.' })).statusCode).toBe(
      404,
    );
    expect((await call('POST', `/api/disputes/${id}/respond`, buyer, { action: 'contest', statement: 'I am the buyer though.' })).statusCode).toBe(403);
    const responded = await call('POST', `/api/disputes/${id}/respond`, seller, {
      action: 'offer_refund',
      amount: 25,
      statement: 'Happy to refund part of it.',
    });
    expect(responded.json()).toMatchObject({
      message: 'Your response has been sent.',
      dispute: { status: 'seller_responded', sellerOffer: 25, sellerResponse: 'Happy to refund part of it.' },
    });
    expect((await call('POST', `/api/disputes/${id}/respond`, seller, { action: 'contest', statement: 'Changed my mind about it.' })).statusCode).toBe(409);

    // The buyer escalates; only an admin resolves.
    expect((await call('POST', `/api/disputes/${id}/escalate`, buyer, {})).json().dispute.status).toBe('under_review');
    expect((await call('POST', `/api/disputes/${id}/resolve`, seller, { outcome: 'refund', amount: 100 })).statusCode).toBe(403);
    expect((await call('POST', `/api/disputes/${id}/resolve`, admin, { outcome: 'refund', amount: 100.01 })).statusCode).toBe(400);
    const resolved = await call('POST', `/api/disputes/${id}/resolve`, admin, { outcome: 'refund', amount: 40, note: 'Partial refund for the colour.' });
    expect(resolved.statusCode).toBe(200);
    expect(resolved.json()).toMatchObject({
      message: 'Dispute resolved: the refund is on its way to the buyer.',
      dispute: { status: 'resolved_refunded', refund: 40, adjustment: null },
    });
    expect(resolved.json().dispute.timeline.map((event: { type: string }) => event.type)).toEqual([
      'opened',
      'seller_offered_refund',
      'escalated',
      'resolved_refunded',
    ]);

    const [refund] = await testApp.database.db.select().from(refunds).where(eq(refunds.orderItemId, item.id));
    expect(refund?.amountCents).toBe(4000);
    const [updated] = await testApp.database.db.select().from(orderItems).where(eq(orderItems.id, item.id));
    // $40 of what the buyer paid: the item is partly refunded and stays payable for the rest.
    expect(updated?.status).toBe('partially_refunded');
    expect(updated?.refundedCents).toBe(4000);
    const again = await call('POST', `/api/disputes/${id}/resolve`, admin, { outcome: 'reject', note: 'Second thoughts.' });
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toBe('This dispute has already been resolved.');
  });

  it('lets an admin reject after review, with a note', async () => {
    const item = await boughtItem();
    const id = (await open(buyer, { orderItemId: item.id, reason: 'not_received', description: 'Tracking says delivered but nothing came.' })).json().dispute
      .id as string;
    expect((await call('POST', `/api/disputes/${id}/review`, admin)).json().dispute.status).toBe('under_review');
    expect((await call('POST', `/api/disputes/${id}/review`, admin)).statusCode).toBe(409);
    expect((await call('POST', `/api/disputes/${id}/resolve`, admin, { outcome: 'reject', note: '' })).statusCode).toBe(400);
    const rejected = await call('POST', `/api/disputes/${id}/resolve`, admin, { outcome: 'reject', note: 'The carrier confirms delivery with a photo.' });
    expect(rejected.json().dispute).toMatchObject({ status: 'resolved_rejected', resolutionNote: 'The carrier confirms delivery with a photo.' });
    // Resolved: the item can be disputed again later.
    expect((await open(buyer, { orderItemId: item.id, reason: 'other', description: 'Still missing after a week.' })).statusCode).toBe(201);
  });
});

describe('amounts in whole cents (docs/product/money.md)', () => {
  it("refuses a seller's offer or an admin's refund in fractions of a cent with 400 { error, code } on the amount, changing nothing", async () => {
    const item = await boughtItem('delivered');
    const id = (await open(buyer, { orderItemId: item.id, reason: 'damaged', description: 'The board arrived cracked along the grain.' })).json().dispute
      .id as string;

    for (const [amount, message] of [
      [0.001, 'The offer must be at least $0.01'],
      [1e-9, 'The offer must be at least $0.01'],
      [10.005, 'The offer must be in whole cents (at most 2 decimals)'],
      [1e300, 'The offer must be at most $9,999,999,999,999.99'],
    ] as const) {
      const answer = await call('POST', `/api/disputes/${id}/respond`, seller, { action: 'offer_refund', amount });
      expect(answer.statusCode, String(amount)).toBe(400);
      expect(answer.json()).toEqual({ error: `Invalid request — amount: ${message}`, code: 'validation_failed', issues: [{ path: 'amount', message }] });
    }
    const untouched = (await call('GET', `/api/disputes/${id}`, buyer)).json().dispute;
    expect(untouched).toMatchObject({ status: 'open', sellerOffer: null });
    expect(untouched.timeline.map((event: { type: string }) => event.type)).toEqual(['opened']);

    for (const [amount, message] of [
      [10.005, 'The refund must be in whole cents (at most 2 decimals)'],
      [0.001, 'The refund must be at least $0.01'],
      [1e300, 'The refund must be at most $9,999,999,999,999.99'],
    ] as const) {
      const answer = await call('POST', `/api/disputes/${id}/resolve`, admin, { outcome: 'refund', amount });
      expect(answer.statusCode, String(amount)).toBe(400);
      expect(answer.json()).toEqual({ error: `Invalid request — amount: ${message}`, code: 'validation_failed', issues: [{ path: 'amount', message }] });
    }
    expect(await testApp.database.db.select().from(refunds).where(eq(refunds.orderItemId, item.id))).toEqual([]);

    // Whole cents refund exactly what was asked.
    const resolved = await call('POST', `/api/disputes/${id}/resolve`, admin, { outcome: 'refund', amount: 10.01 });
    expect(resolved.json().dispute).toMatchObject({ status: 'resolved_refunded', refund: 10.01 });
    const [refund] = await testApp.database.db.select().from(refunds).where(eq(refunds.orderItemId, item.id));
    expect(refund?.amountCents).toBe(1001);
  });
});

describe('money around disputes', () => {
  it('holds payouts while a dispute is open, and deducts a refund from the next payout to a seller already paid', async () => {
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

    // An open dispute holds the payout.
    const held = await boughtItem();
    await open(buyer, { orderItemId: held.id, reason: 'damaged', description: 'Cracked corner on arrival.' });
    const refused = await call('POST', '/api/stripe-connect/payout', admin, { orderItemId: held.id });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toBe('This item has an open dispute; it can be paid once the dispute is resolved.');

    // Paid first ($89.52 for $100 at 10 %), then fully refunded: the seller owes back $89.52.
    const paidItem = await boughtItem('delivered');
    expect((await call('POST', '/api/stripe-connect/payout', admin, { orderItemId: paidItem.id })).json().payout.net_amount).toBe(89.52);
    const id = (await open(buyer, { orderItemId: paidItem.id, reason: 'damaged', description: 'Broken in two pieces.' })).json().dispute.id as string;
    const resolved = await call('POST', `/api/disputes/${id}/resolve`, admin, { outcome: 'refund', amount: 100 });
    expect(resolved.json().dispute.adjustment).toEqual({ amount: -89.52, settled: false, settledAt: null });

    // The shipped-orders list tells the admin's modal what will be deducted.
    const next = await boughtItem('delivered');
    const listed = await call('GET', '/api/orders/get-all-shipped-orders?limit=100', admin);
    expect(listed.json().data.orderItems.find((row: { orderItemId: string }) => row.orderItemId === next.id)).toMatchObject({
      hasOpenDispute: false,
      sellerPendingAdjustments: [-89.52],
    });
    expect(listed.json().data.orderItems.find((row: { orderItemId: string }) => row.orderItemId === held.id).hasOpenDispute).toBe(true);

    // The next payout covers it: $89.52 − $89.52 = $0.00 transferred, and the adjustment is settled by it.
    const deducted = await call('POST', '/api/stripe-connect/payout', admin, { orderItemId: next.id });
    expect(deducted.json().payout).toMatchObject({ amount: 90, fee_amount: 0.48, net_amount: 0 });
    const [row] = await testApp.database.db.select().from(payouts).where(eq(payouts.orderItemId, next.id));
    expect(row?.adjustmentCents).toBe(-8952);
    const [adjustment] = await testApp.database.db.select().from(payoutAdjustments).where(eq(payoutAdjustments.disputeId, id));
    expect(adjustment).toMatchObject({ settledByPayoutId: row?.id });
    expect((await call('GET', `/api/disputes/${id}`, seller)).json().dispute.adjustment).toMatchObject({ amount: -89.52, settled: true });
  });
});
