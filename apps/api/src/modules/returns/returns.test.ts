import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { addresses, orderItems, paymentAccounts, payments, refunds, returnRequests } from '../../db/schema';
import { createManualClock } from '../../lib/clock';
import { CarrierError, type CarrierProvider } from '../../providers/carrier/port';
import { createSandboxCarrier } from '../../providers/carrier/sandbox';
import { SANDBOX_PAYMENT_PREFIX } from '../../providers/payment/sandbox';
import { buildTestApp, type TestApp } from '../../../test/helper';
import { createUser } from '../../../test/factories';
import { bearerFor } from '../../../test/factories-commerce';
import { createCategory, createOrder, createProduct } from '../../../test/factories-orders';
import { hasOpenReturn } from './returns.repository';
import { createReturnsService, type RefundOrderItem } from './returns.service';

// Returns through the real app (PGlite or PostgreSQL, the sandbox carrier and payment
// provider, the orders service's refund), and the service alone with a carrier or a refund that fails.

const DAY = 24 * 60 * 60 * 1000;

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
let png: Buffer;

async function person(role: 'buyer' | 'seller' | 'admin'): Promise<Person> {
  const user = await createUser(testApp.database.db, { role });
  return { id: user.id, token: await bearerFor(testApp, user) };
}

function call(method: 'GET' | 'POST' | 'PUT', url: string, who: Person | null, payload?: object) {
  return testApp.app.inject({ method, url, headers: who ? { authorization: who.token } : {}, ...(payload ? { payload } : {}) });
}

type Upload = { name: string; data: Buffer; type: string };

function ask(who: Person | null, fields: Record<string, string>, files: Upload[] = []) {
  const boundary = '----return-test';
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
  return testApp.app.inject({
    method: 'POST',
    url: '/api/returns',
    headers: { ...(who ? { authorization: who.token } : {}), 'content-type': `multipart/form-data; boundary=${boundary}` },
    payload: Buffer.concat(parts),
  });
}

/**
 * An item of `owner` bought by `buyer`: 2 × $50.00 with $8.00 shipping on its own order, paid through the
 * sandbox, delivered `deliveredDaysAgo` days ago (or not delivered: null).
 */
async function boughtItem(options: { deliveredDaysAgo?: number | null; owner?: Person; status?: 'delivered' | 'shipped' | 'completed' } = {}) {
  const db = testApp.database.db;
  const owner = options.owner ?? seller;
  const category = await createCategory(db, { commissionRateBasisPoints: 1000 });
  const product = await createProduct(db, { sellerId: owner.id, categoryId: category.id, title: 'Walnut board', weightOunces: 40 });
  const status = options.status ?? (options.deliveredDaysAgo === null ? 'shipped' : 'delivered');
  const { order, items } = await createOrder(db, {
    buyerId: buyer.id,
    status: 'shipped',
    shippingCents: 800,
    items: [{ product, priceCents: 5000, quantity: 2, status }],
  });
  await db.insert(payments).values({
    orderId: order.id,
    buyerId: buyer.id,
    provider: 'sandbox',
    providerPaymentId: `${SANDBOX_PAYMENT_PREFIX}${order.id.replaceAll('-', '').slice(0, 24)}`,
    amountCents: order.totalCents,
    status: 'succeeded',
  });
  const item = items[0]!;
  if (options.deliveredDaysAgo !== null) {
    await db
      .update(orderItems)
      .set({ deliveredAt: new Date(testApp.clock.now().getTime() - (options.deliveredDaysAgo ?? 3) * DAY) })
      .where(eq(orderItems.id, item.id));
  }
  return item;
}

const reasonFields = (orderItemId: string) => ({ orderItemId, reason: 'does_not_fit', description: 'The board is too small for my counter.' });

async function requestReturn(orderItemId: string, files: Upload[] = []): Promise<string> {
  const response = await ask(buyer, reasonFields(orderItemId), files);
  expect(response.statusCode, response.body).toBe(201);
  return response.json().return.id as string;
}

async function giveAddress(owner: Person) {
  await testApp.database.db.insert(addresses).values({
    userId: owner.id,
    name: 'Returns desk',
    line1: '100 Peachtree St NW',
    city: 'Atlanta',
    state: 'GA',
    postalCode: '30303',
    country: 'US',
    phone: '4045550101',
    isDefault: true,
  });
}

function expectRefusal(response: { statusCode: number; json(): unknown }, status: number, code?: string) {
  expect(response.statusCode).toBe(status);
  const body = response.json() as { error: unknown; code: unknown };
  expect(typeof body.error).toBe('string');
  expect(typeof body.code).toBe('string');
  if (code) expect(body.code).toBe(code);
}

beforeAll(async () => {
  testApp = await buildTestApp();
  [admin, buyer, otherBuyer, seller, otherSeller] = await Promise.all([person('admin'), person('buyer'), person('buyer'), person('seller'), person('seller')]);
  await giveAddress(seller);
  png = await sharp({ create: { width: 60, height: 40, channels: 3, background: '#8b5cf6' } })
    .png()
    .toBuffer();
});

afterAll(async () => {
  await testApp?.close();
});

describe('the seller’s return policy', () => {
  it('is 30 days and no fee until changed, takes whole days and percentages with 2 decimals, and is the seller’s alone', async () => {
    const owner = await person('seller');
    expect((await call('GET', '/api/returns/policy', owner)).json()).toEqual({ windowDays: 30, restockingFeePercent: 0, inspectionDays: 3 });
    const saved = await call('PUT', '/api/returns/policy', owner, { windowDays: 14, restockingFeePercent: 12.5, inspectionDays: 5 });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toEqual({ windowDays: 14, restockingFeePercent: 12.5, inspectionDays: 5 });
    // A client that does not know the inspection days keeps the ones saved.
    expect((await call('PUT', '/api/returns/policy', owner, { windowDays: 14, restockingFeePercent: 12.5 })).json()).toEqual({
      windowDays: 14,
      restockingFeePercent: 12.5,
      inspectionDays: 5,
    });
    expect((await call('GET', '/api/returns/policy', owner)).json()).toEqual({ windowDays: 14, restockingFeePercent: 12.5, inspectionDays: 5 });
    for (const invalid of [
      { windowDays: 366, restockingFeePercent: 0 },
      { windowDays: 1.5, restockingFeePercent: 0 },
      { windowDays: 30, restockingFeePercent: 50.01 },
      { windowDays: 30, restockingFeePercent: 1.234 },
      { windowDays: 30, restockingFeePercent: 0, inspectionDays: 0 },
      { windowDays: 30, restockingFeePercent: 0, inspectionDays: 15 },
      { windowDays: 30, restockingFeePercent: 0, inspectionDays: 2.5 },
    ]) {
      expectRefusal(await call('PUT', '/api/returns/policy', owner, invalid), 400, 'validation_failed');
    }
    expectRefusal(await call('GET', '/api/returns/policy', buyer), 403, 'forbidden');
    expectRefusal(await call('GET', '/api/returns/policy', null), 401, 'unauthorized');
    // Another seller still has the defaults.
    expect((await call('GET', '/api/returns/policy', otherSeller)).json()).toEqual({ windowDays: 30, restockingFeePercent: 0, inspectionDays: 3 });
  });
});

describe('asking for a return', () => {
  it('lets the buyer of a delivered item ask once, with up to 3 photos judged by their bytes', async () => {
    const item = await boughtItem();
    const eligibility = await call('GET', `/api/returns/eligibility/${item.id}`, buyer);
    // $100.00 line + $8.00 shipping, no fee.
    expect(eligibility.json()).toMatchObject({
      canReturn: true,
      reason: null,
      returnWindowDays: 30,
      restockingFeePercent: 0,
      restockingFee: 0,
      estimatedRefund: 108,
    });

    const photo = { name: 'board.png', data: png, type: 'image/png' };
    expectRefusal(await ask(buyer, reasonFields(item.id), [photo, photo, photo, photo]), 400, 'too_many_photos');
    expectRefusal(await ask(buyer, reasonFields(item.id), [{ name: 'board.png', data: Buffer.from('not an image'), type: 'image/png' }]), 400);
    expectRefusal(await ask(buyer, { ...reasonFields(item.id), reason: 'bored' }), 400, 'validation_failed');
    expectRefusal(await ask(buyer, { ...reasonFields(item.id), description: 'small' }), 400, 'validation_failed');

    const opened = await ask(buyer, reasonFields(item.id), [photo, photo]);
    expect(opened.statusCode).toBe(201);
    expect(opened.json()).toMatchObject({
      message: 'Return requested. The seller will answer your request.',
      return: {
        status: 'requested',
        reason: 'does_not_fit',
        orderItemId: item.id,
        refundAmount: 108,
        restockingFee: 0,
        shipment: null,
        photos: [{ url: expect.stringContaining('.webp') }, {}],
      },
    });
    expect(opened.json().return.actions).toEqual({ accept: false, refuse: false, cancel: true, printLabel: false, track: false, confirm: false });

    const again = await ask(buyer, reasonFields(item.id));
    expectRefusal(again, 409, 'return_already_open');
    expect((await call('GET', `/api/returns/eligibility/${item.id}`, buyer)).json()).toMatchObject({
      canReturn: false,
      reason: 'This item already has a return in progress.',
    });
  });

  it('refuses items not delivered, outside the window, of someone else, and callers who are not buyers', async () => {
    expectRefusal(await ask(buyer, reasonFields((await boughtItem({ deliveredDaysAgo: null })).id)), 409, 'not_delivered');
    const late = await boughtItem({ deliveredDaysAgo: 31 });
    const closed = await ask(buyer, reasonFields(late.id));
    expectRefusal(closed, 409, 'return_window_closed');
    expect(closed.json().error).toMatch(/^The return window closed on \d{4}-\d{2}-\d{2}\.$/);
    expectRefusal(await ask(otherBuyer, reasonFields((await boughtItem()).id)), 404, 'not_found');
    expectRefusal(await call('GET', `/api/returns/eligibility/${late.id}`, otherBuyer), 404, 'not_found');
    expectRefusal(await ask(seller, reasonFields((await boughtItem()).id)), 403, 'forbidden');
    expectRefusal(await ask(null, reasonFields((await boughtItem()).id)), 401, 'unauthorized');
  });

  it('follows the seller’s own window and fee, and keeps the terms the buyer asked under', async () => {
    const owner = await person('seller');
    await giveAddress(owner);
    await call('PUT', '/api/returns/policy', owner, { windowDays: 60, restockingFeePercent: 12.5 });
    const item = await boughtItem({ owner, deliveredDaysAgo: 45 });
    const eligibility = (await call('GET', `/api/returns/eligibility/${item.id}`, buyer)).json();
    // 12.5 % of the $100.00 line; $108.00 − $12.50.
    expect(eligibility).toMatchObject({ canReturn: true, returnWindowDays: 60, restockingFeePercent: 12.5, restockingFee: 12.5, estimatedRefund: 95.5 });
    const id = await requestReturn(item.id);
    await call('PUT', '/api/returns/policy', owner, { windowDays: 0, restockingFeePercent: 50 });
    expect((await call('GET', `/api/returns/${id}`, owner)).json().return).toMatchObject({
      restockingFeePercent: 12.5,
      restockingFee: 12.5,
      refundAmount: 95.5,
    });
    // A seller who takes no returns.
    expectRefusal(await ask(buyer, reasonFields((await boughtItem({ owner })).id)), 409, 'returns_not_accepted');
  });
});

describe('the seller’s answer', () => {
  it('refuses with a reason, once; only the item’s seller may answer', async () => {
    const id = await requestReturn((await boughtItem()).id);
    expectRefusal(await call('POST', `/api/returns/${id}/refuse`, otherSeller, { reason: 'Not my item at all.' }), 404, 'not_found');
    expectRefusal(await call('POST', `/api/returns/${id}/refuse`, buyer, { reason: 'I refuse myself.' }), 403, 'forbidden');
    expectRefusal(await call('POST', `/api/returns/${id}/refuse`, seller, { reason: 'no' }), 400, 'validation_failed');
    const refused = await call('POST', `/api/returns/${id}/refuse`, seller, { reason: 'The board shows clear signs of use.' });
    expect(refused.statusCode).toBe(200);
    expect(refused.json().return).toMatchObject({ status: 'refused', refusalReason: 'The board shows clear signs of use.', decidedAt: expect.any(String) });
    expectRefusal(await call('POST', `/api/returns/${id}/refuse`, seller, { reason: 'Once more with feeling.' }), 409, 'already_decided');
    expectRefusal(await call('POST', `/api/returns/${id}/accept`, seller), 409, 'already_decided');
    expectRefusal(await call('GET', `/api/returns/${id}/label`, buyer), 404, 'no_label');
    // A refusal is final (a dispute remains): the buyer cannot ask again.
    expectRefusal(await ask(buyer, reasonFields(refused.json().return.orderItemId)), 409, 'return_refused');
  });

  it('needs the seller’s address to accept, then buys one return label the buyer and seller can print', async () => {
    const homeless = await person('seller');
    const noAddress = await requestReturn((await boughtItem({ owner: homeless })).id);
    expectRefusal(await call('POST', `/api/returns/${noAddress}/accept`, homeless), 409, 'no_return_address');
    expect((await call('GET', `/api/returns/${noAddress}`, homeless)).json().return.status).toBe('requested');

    const id = await requestReturn((await boughtItem()).id);
    expectRefusal(await call('POST', `/api/returns/${id}/accept`, otherSeller), 404, 'not_found');
    const accepted = await call('POST', `/api/returns/${id}/accept`, seller);
    expect(accepted.statusCode).toBe(200);
    expect(accepted.json()).toMatchObject({
      message: 'Return accepted. The buyer can now print the return label.',
      return: {
        status: 'accepted',
        shipment: { carrier: 'UPS', trackingNumber: expect.stringMatching(/^1Z/), labelAvailable: true, returnTo: { city: 'Atlanta', postalCode: '30303' } },
      },
    });
    expectRefusal(await call('POST', `/api/returns/${id}/accept`, seller), 409, 'already_decided');
    expect((await call('GET', `/api/returns/${id}`, buyer)).json().return.actions).toEqual({
      accept: false,
      refuse: false,
      cancel: true,
      printLabel: true,
      track: true,
      confirm: false,
    });

    for (const who of [buyer, seller]) {
      const label = await call('GET', `/api/returns/${id}/label`, who);
      expect(label.statusCode).toBe(200);
      expect(label.headers['content-type']).toBe('image/gif');
      expect(await sharp(label.rawPayload).metadata()).toMatchObject({ format: 'gif', width: 812, height: 1218 });
    }
    for (const who of [otherBuyer, otherSeller, admin]) expectRefusal(await call('GET', `/api/returns/${id}/label`, who), 404, 'not_found');
    expectRefusal(await call('GET', `/api/returns/${id}/label`, null), 401, 'unauthorized');
    const [row] = await testApp.database.db.select().from(returnRequests).where(eq(returnRequests.id, id));
    expect(row).toMatchObject({ shipperAddress: { city: 'San Francisco', postalCode: '94105' }, recipientAddress: { city: 'Atlanta' } });
  });
});

describe('the parcel back and the refund', () => {
  it('moves with tracking, and once delivered refunds what was paid less the fee, once, as `return:<id>`', async () => {
    const owner = await person('seller');
    await giveAddress(owner);
    await call('PUT', '/api/returns/policy', owner, { windowDays: 30, restockingFeePercent: 10 });
    const item = await boughtItem({ owner });
    const id = await requestReturn(item.id);
    expectRefusal(await call('PUT', `/api/returns/${id}/track`, buyer, {}), 409, 'no_label');
    await call('POST', `/api/returns/${id}/accept`, owner);

    const moving = await call('PUT', `/api/returns/${id}/track`, buyer, { simulateStatus: 'in_transit' });
    expect(moving.statusCode).toBe(200);
    expect(moving.json().return).toMatchObject({ status: 'in_transit', actions: { cancel: false, printLabel: true } });
    expectRefusal(await call('PUT', `/api/returns/${id}/track`, otherBuyer, {}), 404, 'not_found');
    expectRefusal(await call('PUT', `/api/returns/${id}/track`, owner, { simulateStatus: 'teleported' }), 400, 'bad_request');

    const delivered = await call('PUT', `/api/returns/${id}/track`, owner, { simulateStatus: 'delivered' });
    expect(delivered.statusCode).toBe(200);
    // Back with the seller: nothing is refunded until they confirm the item, or 3 days (the default) pass.
    expect(delivered.json()).toMatchObject({
      message: expect.stringMatching(
        /^The return arrived at the seller\. The refund goes out once they check the item, by [A-Z][a-z]{2} \d{1,2} at the latest\.$/,
      ),
      return: { status: 'delivered', refundAmount: 98, restockingFee: 10, refundedAt: null, conditionConfirmedAt: null, actions: { confirm: true } },
    });
    const back = delivered.json().return;
    expect(Date.parse(back.refundDueAt) - Date.parse(back.shipment.deliveredAt)).toBe(3 * DAY);
    expect(delivered.json().return.shipment.events[0]).toMatchObject({ status: 'delivered' });
    expect(await testApp.database.db.select().from(refunds).where(eq(refunds.orderItemId, item.id))).toEqual([]);
    expect((await call('GET', `/api/returns/${id}`, buyer)).json().return.actions.confirm).toBe(false);
    expectRefusal(await call('POST', `/api/returns/${id}/confirm`, buyer), 403, 'forbidden');
    expectRefusal(await call('POST', `/api/returns/${id}/confirm`, otherSeller), 404, 'not_found');

    // The seller checks the item and confirms: $108.00 paid for the line (with its shipping), less 10 % of the $100.00 line.
    const confirmed = await call('POST', `/api/returns/${id}/confirm`, owner);
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json()).toMatchObject({
      message: 'The return arrived: $98.00 is on its way back to the buyer.',
      return: {
        status: 'refunded',
        refundAmount: 98,
        restockingFee: 10,
        refundedAt: expect.any(String),
        conditionConfirmedAt: expect.any(String),
        refundDueAt: null,
      },
    });
    expectRefusal(await call('POST', `/api/returns/${id}/confirm`, owner), 409, 'already_refunded');

    const again = await call('PUT', `/api/returns/${id}/track`, buyer, {});
    expect(again.json().return.status).toBe('refunded');
    const rows = await testApp.database.db.select().from(refunds).where(eq(refunds.orderItemId, item.id));
    expect(rows).toEqual([expect.objectContaining({ refundKey: `return:${id}`, amountCents: 9_800, status: 'succeeded' })]);
    const [after] = await testApp.database.db.select().from(orderItems).where(eq(orderItems.id, item.id));
    expect(after).toMatchObject({ refundedCents: 9_800, status: 'partially_refunded' });
    // An item is returned once.
    expect((await call('GET', `/api/returns/eligibility/${item.id}`, buyer)).json()).toMatchObject({
      canReturn: false,
      reason: 'This item was already returned.',
    });
    expectRefusal(await ask(buyer, reasonFields(item.id)), 409, 'already_returned');
  });

  it('blocks the seller’s payout for the item while the return is in progress', async () => {
    await testApp.database.db
      .insert(paymentAccounts)
      .values({ sellerId: otherSeller.id, provider: 'sandbox', accountId: `acct_returns_${otherSeller.id.slice(0, 8)}`, status: 'complete' });
    const item = await boughtItem({ owner: otherSeller });
    await requestReturn(item.id);
    expect(await hasOpenReturn(testApp.database.db, item.id)).toBe(true);
    const payout = await call('POST', '/api/stripe-connect/payout', admin, { orderItemId: item.id });
    expect(payout.statusCode).toBe(409);
    expect(payout.json().error).toBe('This item has a return in progress; it can be paid once the return is refused, cancelled or refunded.');
  });

  it('keeps one claim at a time: no dispute while the return is in progress', async () => {
    const item = await boughtItem();
    await requestReturn(item.id);
    const boundary = '----dispute-during-return';
    const fields = { orderItemId: item.id, reason: 'damaged', description: 'Cracked along one side on arrival.' };
    const body = Buffer.concat([
      ...Object.entries(fields).map(([name, value]) => Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`)),
      Buffer.from(`--${boundary}--\r\n`),
    ]);
    const disputed = await testApp.app.inject({
      method: 'POST',
      url: '/api/disputes',
      headers: { authorization: buyer.token, 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload: body,
    });
    expect(disputed.statusCode).toBe(409);
    expect(disputed.json().error).toBe('This item has a return in progress. It can be disputed once the return is settled.');
  });
});

describe('the buyer withdraws', () => {
  it('cancels a request, or an accepted return whose label is then voided (410), but not a parcel on its way', async () => {
    const requested = await requestReturn((await boughtItem()).id);
    expectRefusal(await call('POST', `/api/returns/${requested}/cancel`, otherBuyer), 404, 'not_found');
    expectRefusal(await call('POST', `/api/returns/${requested}/cancel`, seller), 403, 'forbidden');
    const withdrawn = await call('POST', `/api/returns/${requested}/cancel`, buyer);
    expect(withdrawn.json()).toMatchObject({ message: 'Your return was cancelled.', return: { status: 'cancelled' } });
    expectRefusal(await call('POST', `/api/returns/${requested}/accept`, seller), 409, 'already_decided');
    // A withdrawn return may be asked for again.
    expect((await ask(buyer, reasonFields(withdrawn.json().return.orderItemId))).statusCode).toBe(201);

    const accepted = await requestReturn((await boughtItem()).id);
    await call('POST', `/api/returns/${accepted}/accept`, seller);
    const cancelled = await call('POST', `/api/returns/${accepted}/cancel`, buyer);
    expect(cancelled.json().return).toMatchObject({ status: 'cancelled', shipment: { labelAvailable: false }, actions: { printLabel: false } });
    expectRefusal(await call('GET', `/api/returns/${accepted}/label`, buyer), 410, 'label_voided');
    expectRefusal(await call('GET', `/api/returns/${accepted}/label`, seller), 410, 'label_voided');
    const [row] = await testApp.database.db.select().from(returnRequests).where(eq(returnRequests.id, accepted));
    expect(row?.voidedAt).not.toBeNull();

    const moving = await requestReturn((await boughtItem()).id);
    await call('POST', `/api/returns/${moving}/accept`, seller);
    await call('PUT', `/api/returns/${moving}/track`, buyer, { simulateStatus: 'in_transit' });
    expectRefusal(await call('POST', `/api/returns/${moving}/cancel`, buyer), 409, 'wrong_state');
  });
});

describe('who sees which return', () => {
  it('lists the buyer’s own, the seller’s own and (admin) all, waiting ones first; another seller sees none', async () => {
    const id = await requestReturn((await boughtItem()).id);
    const listed = (who: Person, query = '') =>
      call('GET', `/api/returns${query}`, who).then((response) => response.json().returns.map((entry: { id: string }) => entry.id) as string[]);
    expect(await listed(buyer)).toContain(id);
    expect(await listed(seller)).toContain(id);
    expect(await listed(admin, '?limit=100')).toContain(id);
    expect(await listed(otherSeller)).not.toContain(id);
    expect(await listed(otherBuyer)).toEqual([]);
    expect(
      (await call('GET', '/api/returns?status=open', seller))
        .json()
        .returns.every((entry: { status: string }) => ['requested', 'accepted', 'in_transit', 'delivered'].includes(entry.status)),
    ).toBe(true);
    expect((await call('GET', '/api/returns', seller)).json().returns[0].status).toBe('requested');
    expectRefusal(await call('GET', '/api/returns?status=lost', seller), 400);
    expect((await call('GET', `/api/returns/${id}`, admin)).statusCode).toBe(200);
    expectRefusal(await call('GET', `/api/returns/${id}`, otherSeller), 404, 'not_found');
    expectRefusal(await call('GET', '/api/returns', null), 401, 'unauthorized');
  });

  it('tells the buyer’s order page, per item, whether it can be returned and where its return stands', async () => {
    const item = await boughtItem();
    const fresh = await boughtItem({ deliveredDaysAgo: 10 });
    const id = await requestReturn(item.id);
    const service = createReturnsService({
      db: testApp.database.db,
      files: { put: async () => {}, urlFor: (key: string) => `/uploads/${key}` } as never,
      clock: testApp.clock,
      carrier: createSandboxCarrier({ clock: testApp.clock }),
      environment: 'test',
      refundOrderItem: vi.fn(),
    });
    const info = await service.returnsOf([item.id, fresh.id, '00000000-0000-4000-8000-000000000000']);
    expect([...info.keys()].sort()).toEqual([item.id, fresh.id].sort());
    expect(info.get(item.id)).toMatchObject({
      canReturn: false,
      returnRequest: { id, status: 'requested', reason: 'does_not_fit', labelAvailable: false, refundAmount: 108, restockingFee: 0 },
    });
    expect(info.get(fresh.id)).toEqual({
      canReturn: true,
      returnWindowEndsAt: new Date(testApp.clock.now().getTime() + 20 * DAY).toISOString(),
      returnRequest: null,
    });
  });
});

describe('the service when the carrier or the refund fails', () => {
  function serviceWith(overrides: { carrier?: CarrierProvider; refundOrderItem?: RefundOrderItem; clock?: ReturnType<typeof createManualClock> }) {
    const clock = overrides.clock ?? createManualClock(testApp.clock.now());
    const files = { put: async () => {}, urlFor: (key: string) => `/uploads/${key}` } as never;
    return createReturnsService({
      db: testApp.database.db,
      files,
      clock,
      carrier: overrides.carrier ?? createSandboxCarrier({ clock }),
      environment: 'test',
      refundOrderItem: overrides.refundOrderItem ?? vi.fn(),
    });
  }
  const sellerCaller = () => ({ id: seller.id, role: 'seller' as const });
  const buyerCaller = () => ({ id: buyer.id, role: 'buyer' as const });

  it('puts the request back when no label could be bought, and the next accept buys it with the same return id', async () => {
    const id = await requestReturn((await boughtItem()).id);
    const clock = createManualClock(testApp.clock.now());
    const sandbox = createSandboxCarrier({ clock });
    const createReturnShipment = vi.fn(sandbox.createReturnShipment).mockRejectedValueOnce(new CarrierError('UPS is down', 'unavailable', true));
    const returns = serviceWith({ carrier: { ...sandbox, createReturnShipment } });
    await expect(returns.accept(sellerCaller(), id)).rejects.toMatchObject({ statusCode: 502, code: 'carrier_unavailable' });
    expect((await returns.get(sellerCaller(), id)).return).toMatchObject({ status: 'requested', decidedAt: null });
    const accepted = await returns.accept(sellerCaller(), id);
    expect(accepted.return).toMatchObject({ status: 'accepted', shipment: { labelAvailable: true } });
    expect(createReturnShipment).toHaveBeenCalledTimes(2);
    expect(createReturnShipment.mock.calls.map(([request]) => request.returnId)).toEqual([id, id]);
    expect(createReturnShipment.mock.calls[1]![0]).toMatchObject({
      package: { weightOunces: 80, description: 'Walnut board' },
      shipper: { city: 'San Francisco' },
      recipient: { city: 'Atlanta' },
    });
  });

  it('keeps one label when two accepts race', async () => {
    const id = await requestReturn((await boughtItem()).id);
    const returns = serviceWith({});
    const outcomes = await Promise.allSettled([returns.accept(sellerCaller(), id), returns.accept(sellerCaller(), id)]);
    expect(outcomes.filter((outcome) => outcome.status === 'fulfilled')).not.toHaveLength(0);
    for (const outcome of outcomes) if (outcome.status === 'rejected') expect(outcome.reason).toMatchObject({ statusCode: 409 });
    const [row] = await testApp.database.db.select().from(returnRequests).where(eq(returnRequests.id, id));
    expect(row).toMatchObject({ status: 'accepted', trackingNumber: expect.stringMatching(/^1Z/) });
  });

  it('leaves a delivered return waiting when the refund fails, and the next round refunds it with the same key and amount', async () => {
    const id = await requestReturn((await boughtItem()).id);
    const refundOrderItem = vi
      .fn<RefundOrderItem>()
      .mockRejectedValueOnce(new Error('The payment provider did not answer'))
      .mockResolvedValue({ refundedCents: 10_800, itemStatus: 'refunded' });
    const returns = serviceWith({ refundOrderItem });
    await returns.accept(sellerCaller(), id);
    await returns.track(buyerCaller(), id, 'delivered');
    expect(refundOrderItem).not.toHaveBeenCalled();
    const first = await returns.confirm(sellerCaller(), id);
    expect(first).toMatchObject({
      message: 'The return arrived; the refund did not go through yet and will be tried again shortly.',
      return: { status: 'delivered', refundAmount: 108 },
    });
    const [waiting] = await testApp.database.db.select().from(returnRequests).where(eq(returnRequests.id, id));
    expect(waiting).toMatchObject({ status: 'delivered', refundCents: 10_800, refundFailure: 'The payment provider did not answer' });
    // Payouts still wait: a delivered return is not settled until refunded.
    expect(await hasOpenReturn(testApp.database.db, waiting!.orderItemId)).toBe(true);

    await returns.refreshReturns();
    const [done] = await testApp.database.db.select().from(returnRequests).where(eq(returnRequests.id, id));
    expect(done).toMatchObject({ status: 'refunded', refundFailure: null, refundedAt: expect.any(Date) });
    expect(refundOrderItem).toHaveBeenCalledTimes(2);
    for (const [input] of refundOrderItem.mock.calls)
      expect(input).toMatchObject({ orderItemId: waiting!.orderItemId, amountCents: 10_800, refundKey: `return:${id}`, actor: 'system' });
    await returns.refreshReturns();
    await returns.track(buyerCaller(), id, undefined);
    expect(refundOrderItem).toHaveBeenCalledTimes(2);
    expect(await hasOpenReturn(testApp.database.db, waiting!.orderItemId)).toBe(false);
  });

  it('refunds a return the seller never confirms by itself once their inspection days are over, once', async () => {
    const owner = await person('seller');
    await giveAddress(owner);
    await call('PUT', '/api/returns/policy', owner, { windowDays: 30, restockingFeePercent: 0, inspectionDays: 2 });
    const id = await requestReturn((await boughtItem({ owner })).id);
    // The buyer asked under 2 days; changing the policy now does not change this return's.
    await call('PUT', '/api/returns/policy', owner, { windowDays: 30, restockingFeePercent: 0, inspectionDays: 9 });
    const clock = createManualClock(testApp.clock.now());
    const refundOrderItem = vi.fn<RefundOrderItem>().mockResolvedValue({ refundedCents: 10_800, itemStatus: 'refunded' });
    const returns = serviceWith({ refundOrderItem, clock });
    await returns.accept({ id: owner.id, role: 'seller' }, id);
    const back = await returns.track(buyerCaller(), id, 'delivered');
    expect(back.return).toMatchObject({ status: 'delivered', refundDueAt: new Date(clock.now().getTime() + 2 * DAY).toISOString() });

    clock.advance(2 * DAY - 60_000);
    await returns.refreshReturns();
    expect(refundOrderItem).not.toHaveBeenCalled();
    expect((await returns.get(buyerCaller(), id)).return.status).toBe('delivered');

    clock.advance(60_000);
    await returns.refreshReturns();
    await returns.refreshReturns();
    expect(refundOrderItem).toHaveBeenCalledTimes(1);
    expect(refundOrderItem.mock.calls[0]![0]).toMatchObject({ amountCents: 10_800, refundKey: `return:${id}` });
    expect((await returns.get(buyerCaller(), id)).return).toMatchObject({ status: 'refunded', conditionConfirmedAt: null });
  });

  it('tracks parcels in the background round and refuses simulation in production', async () => {
    const id = await requestReturn((await boughtItem()).id);
    const clock = createManualClock(testApp.clock.now());
    const sandbox = createSandboxCarrier({ clock });
    const returns = serviceWith({ carrier: sandbox });
    const accepted = await returns.accept(sellerCaller(), id);
    await sandbox.simulate(accepted.return.shipment!.trackingNumber!, 'in_transit');
    expect(await returns.refreshReturns()).toBeGreaterThanOrEqual(1);
    expect((await returns.get(buyerCaller(), id)).return.status).toBe('in_transit');
    const production = createReturnsService({
      db: testApp.database.db,
      files: {} as never,
      clock,
      carrier: sandbox,
      environment: 'production',
      refundOrderItem: vi.fn(),
    });
    await expect(production.track(buyerCaller(), id, 'delivered')).rejects.toMatchObject({ statusCode: 400, code: 'simulation_unavailable' });
  });
});
