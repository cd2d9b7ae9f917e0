import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { addShippingDays, carrierDayOf } from '@marketplace/domain/delivery-dates';
import { mailOutbox, notifications, orderItems, orderShopShipping, payments, payouts, refunds } from '../../db/schema';
import { buildTestApp, type TestApp } from '../../../test/helper';
import { person, sellLines, shippingSeller, type Person } from '../../../test/factories-earnings';
import type { OrdersService } from '.';

// A late parcel refunds its shop's shipping (docs/product/shipping.md "A late parcel refunds its shipping"), through
// the real routes: the label bought and the parcel tracked with the sandbox carrier on the test's clock.

let testApp: TestApp;
let admin: Person;

beforeAll(async () => {
  testApp = await buildTestApp();
  admin = await person(testApp, 'admin');
});

afterAll(async () => {
  await testApp?.close();
});

async function call(method: 'GET' | 'POST' | 'PUT' | 'PATCH', url: string, who: Person, payload?: object) {
  return testApp.app.inject({ method, url, headers: { authorization: await who.token() }, ...(payload ? { payload } : {}) });
}

const orders = () => testApp.services.orders as unknown as OrdersService;

/**
 * A shop's part of an order placed now: $40.00 with $8.99 of shipping, to be handed over within 2 shipping days and
 * to arrive by 5; the seller bought its label. Answers the ids and the promise's days.
 */
/** A shop part shipped with a UPS label, or (`untracked`) sent in a parcel no carrier tracks: shipped, without a label. */
async function shippedPart({ untracked = false } = {}) {
  const db = testApp.database.db;
  const seller = await shippingSeller(testApp);
  const buyer = await person(testApp, 'buyer');
  const { order, items } = await sellLines(testApp, {
    sellerId: seller.id,
    buyerId: buyer.id,
    lines: [{ priceCents: 4_000, status: untracked ? 'shipped' : 'approved', shippingCents: 899 }],
  });
  const today = carrierDayOf(testApp.clock.now());
  const shipBy = addShippingDays(today, 2);
  const arrivesLatest = addShippingDays(today, 5);
  await db.insert(orderShopShipping).values({
    orderId: order.id,
    sellerId: seller.id,
    shippingCents: 899,
    rateDescription: 'Flat rate',
    handlingMinDays: 1,
    handlingMaxDays: 2,
    transitDays: 3,
    shipBy,
    arrivesEarliest: addShippingDays(today, 4),
    arrivesLatest,
  });
  if (untracked) return { seller, buyer, order, item: items[0]!, shipmentId: '', shipBy, arrivesLatest };
  const created = await call('POST', `/api/shipments/create/${order.id}`, seller);
  const shipmentId = created.json().shipments[0].id as string;
  expect((await call('POST', `/api/shipments/process-ups/${shipmentId}`, seller)).statusCode).toBe(200);
  return { seller, buyer, order, item: items[0]!, shipmentId, shipBy, arrivesLatest };
}

/** Moves the test's clock to noon (New York) of a day. */
function setDay(day: string) {
  testApp.clock.set(new Date(`${day}T17:00:00Z`));
}

async function track(seller: Person, shipmentId: string, status: 'in_transit' | 'delivered') {
  const tracked = await call('PUT', `/api/shipments/track/${shipmentId}`, seller, { simulateStatus: status });
  expect(tracked.statusCode, tracked.body).toBe(200);
}

const partOf = async (orderId: string, sellerId: string) =>
  (
    await testApp.database.db
      .select()
      .from(orderShopShipping)
      .where(and(eq(orderShopShipping.orderId, orderId), eq(orderShopShipping.sellerId, sellerId)))
  )[0]!;
const itemOf = async (id: string) => (await testApp.database.db.select().from(orderItems).where(eq(orderItems.id, id)))[0]!;

async function pay(orderItemId: string) {
  const response = await call('POST', '/api/stripe-connect/payout', admin, { orderItemId });
  expect(response.statusCode, response.body).toBe(200);
  return (await testApp.database.db.select().from(payouts).where(eq(payouts.orderItemId, orderItemId)))[0]!;
}

describe('a late parcel refunds its shop’s shipping', () => {
  it('handed over in time, delivered late: the buyer gets the shipping back once, told why; the marketplace pays it', async () => {
    const { seller, buyer, order, item, shipmentId, arrivesLatest } = await shippedPart();
    await track(seller, shipmentId, 'in_transit');
    setDay(addShippingDays(arrivesLatest, 2));
    await track(seller, shipmentId, 'delivered');

    const part = await partOf(order.id, seller.id);
    expect(part).toMatchObject({ lateRefundPaidBy: 'marketplace', lateRefundCents: 899, deliveredOn: addShippingDays(arrivesLatest, 2) });
    expect(part.lateRefundedAt).not.toBeNull();
    // The shipping only: the item stays delivered, its goods refunds untouched.
    expect(await itemOf(item.id)).toMatchObject({ status: 'delivered', refundedCents: 0, lateShippingRefundCents: 899 });
    const [refund] = await testApp.database.db.select().from(refunds).where(eq(refunds.orderItemId, item.id));
    expect(refund).toMatchObject({ refundKey: `late-delivery:${item.id}`, amountCents: 899, status: 'succeeded' });
    const [payment] = await testApp.database.db.select().from(payments).where(eq(payments.orderId, order.id));
    expect(payment!.refundedCents).toBe(899);

    // Told why, in the bell and by e-mail.
    await testApp.services.notificationReactions.settled();
    await testApp.services.mailNotifications.settled();
    const bell = await testApp.database.db.select().from(notifications).where(eq(notifications.userId, buyer.id));
    expect(bell.map((row) => row.title)).toContain('Your parcel was late: $8.99 of shipping refunded');
    const sellerBell = await testApp.database.db.select().from(notifications).where(eq(notifications.userId, seller.id));
    expect(sellerBell.map((row) => row.title)).not.toContain('A late parcel: $8.99 of shipping went back to the buyer');
    const mail = await testApp.database.db.select().from(mailOutbox).where(eq(mailOutbox.toUserId, buyer.id));
    expect(mail.filter((row) => row.template === 'late-delivery-credit')).toHaveLength(1);

    // Once: a second look (the sweep, a retry) gives nothing more.
    expect(await orders().creditLateDelivery(order.id, seller.id)).toBe('already_credited');
    expect(await orders().creditLateDeliveries()).toEqual({ found: 0, credited: 0 });
    expect(await testApp.database.db.select().from(refunds).where(eq(refunds.orderItemId, item.id))).toHaveLength(1);

    // The buyer's order page says the promise was broken, for the parcel, and what came back; the seller's dashboard counts it.
    const detail = (await call('GET', `/api/orders/${order.id}`, buyer)).json();
    expect(detail.shops[0].promise).toMatchObject({ state: 'late', deliveredOn: addShippingDays(arrivesLatest, 2), lateRefund: 8.99 });
    // What went back agrees everywhere: the buyer's item and order, the admin's order, the payment.
    expect(detail.refunded_cents).toBe(899);
    expect(detail.items[0].refunded_cents).toBe(899);
    const adminView = (await call('GET', `/api/admin/orders/${order.id}`, admin)).json();
    expect(adminView.order.amounts.refunded).toBe(8.99);
    expect(detail.shops[0].promise.parcels).toEqual([expect.objectContaining({ kept: false, deliveredOn: addShippingDays(arrivesLatest, 2) })]);
    // The seller's order says the same, and who paid the shipping back.
    const sellerView = (await call('GET', `/api/seller/orders/${order.id}`, seller)).json().data;
    expect(sellerView.promise).toMatchObject({
      state: 'late',
      deliveredOn: addShippingDays(arrivesLatest, 2),
      lateRefund: { amount: 8.99, paidBy: 'marketplace' },
    });
    const dashboard = (await call('GET', '/api/seller/dashboard', seller)).json();
    expect(dashboard.onTimeDelivery).toEqual({ days: 90, delivered: 1, onTime: 0, ratePercent: 0 });

    // Never given back twice: what is left to refund is the line, and the seller keeps their shipping credit.
    expect(await orders().remainingRefundableCents(testApp.database.db, item.id)).toMatchObject({ remainingCents: 4_000 });
    expect((await pay(item.id)).shippingCreditCents).toBe(899);
  });

  it('handed over after the day it should have been: the seller pays it back', async () => {
    const { seller, order, item, shipmentId, shipBy, arrivesLatest } = await shippedPart();
    setDay(addShippingDays(shipBy, 1));
    await track(seller, shipmentId, 'in_transit');
    setDay(addShippingDays(arrivesLatest, 1));
    await track(seller, shipmentId, 'delivered');
    expect(await partOf(order.id, seller.id)).toMatchObject({ lateRefundPaidBy: 'seller', lateRefundCents: 899 });
    expect((await call('GET', `/api/seller/orders/${order.id}`, seller)).json().data.promise.lateRefund).toEqual({ amount: 8.99, paidBy: 'seller' });
    // The seller is told in the bell why their credit shrank (the marketplace-paid case tells them nothing: nothing of theirs moved).
    await testApp.services.notificationReactions.settled();
    const bell = await testApp.database.db.select().from(notifications).where(eq(notifications.userId, seller.id));
    expect(bell.filter((row) => row.link === `/seller/orders/items/${order.id}`).map((row) => row.title)).toContain(
      'A late parcel: $8.99 of shipping went back to the buyer',
    );
    // The seller's shipping credit is what the buyer kept paying of it: nothing.
    expect((await pay(item.id)).shippingCreditCents).toBe(0);
  });

  it('delivered by the last day promised: the promise was kept, nothing is refunded', async () => {
    const { seller, order, item, shipmentId, arrivesLatest } = await shippedPart();
    await track(seller, shipmentId, 'in_transit');
    setDay(arrivesLatest);
    await track(seller, shipmentId, 'delivered');
    expect(await partOf(order.id, seller.id)).toMatchObject({ deliveredOn: arrivesLatest, lateRefundPaidBy: null, lateRefundedAt: null });
    expect(await orders().creditLateDelivery(order.id, seller.id)).toBe('on_time');
    expect((await call('GET', '/api/seller/dashboard', seller)).json().onTimeDelivery).toEqual({ days: 90, delivered: 1, onTime: 1, ratePercent: 100 });
    expect(await itemOf(item.id)).toMatchObject({ status: 'delivered', lateShippingRefundCents: 0 });
  });

  it('a late parcel after the buyer got the whole item back refunds nothing more', async () => {
    const { seller, buyer, order, item, shipmentId, arrivesLatest } = await shippedPart();
    await orders().refundOrderItem({ orderItemId: item.id, amountCents: 4_899, refundKey: 'test:all', reason: 'Damaged', actor: 'admin' });
    await track(seller, shipmentId, 'in_transit');
    setDay(addShippingDays(arrivesLatest, 3));
    await track(seller, shipmentId, 'delivered');
    // Late, but nothing of the shipping is left to give back: the part is credited with nothing more.
    expect((await partOf(order.id, seller.id)).lateRefundCents).toBe(0);
    const after = await itemOf(item.id);
    expect(after.refundedCents + after.lateShippingRefundCents).toBe(4_899);
    expect(after.lateShippingRefundCents).toBe(0);
    await testApp.services.notificationReactions.settled();
    const bell = await testApp.database.db.select().from(notifications).where(eq(notifications.userId, buyer.id));
    expect(bell.filter((row) => row.title.startsWith('Your parcel was late'))).toEqual([]);
  });

  it('the refunds job’s sweep credits a late part that was left uncredited (a crash, the provider down), once', async () => {
    const { seller, order, item, arrivesLatest } = await shippedPart();
    // The delivery was recorded, but the credit after it never ran.
    await testApp.database.db
      .update(orderShopShipping)
      .set({ deliveredOn: addShippingDays(arrivesLatest, 1) })
      .where(and(eq(orderShopShipping.orderId, order.id), eq(orderShopShipping.sellerId, seller.id)));
    const swept = await orders().creditLateDeliveries();
    expect(swept.credited).toBeGreaterThanOrEqual(1);
    expect(await itemOf(item.id)).toMatchObject({ lateShippingRefundCents: 899 });
    expect(await orders().creditLateDeliveries()).toEqual({ found: 0, credited: 0 });
  });

  it('refuses a delivery marked by hand on a parcel UPS tracks: only its scan delivers it', async () => {
    const { seller, order, item, shipmentId, arrivesLatest } = await shippedPart();
    setDay(addShippingDays(arrivesLatest, 1));
    const marked = await call('PATCH', `/api/seller/order-items/${item.id}`, seller, { status: 'delivered' });
    expect(marked.statusCode).toBe(409);
    expect(marked.json()).toMatchObject({
      code: 'carrier_tracks_parcel',
      error: expect.stringMatching(/^UPS tracks this parcel \(1Z\w+\): it is marked delivered when UPS scans it delivered, not by hand$/),
    });
    expect(await itemOf(item.id)).toMatchObject({ status: 'shipped', deliveredAt: null });
    const seen = (await call('GET', `/api/seller/order-items/${item.id}`, seller)).json().data;
    expect(seen.parcel).toEqual({ carrier: 'UPS', trackingNumber: marked.json().trackingNumber });
    await track(seller, shipmentId, 'delivered');
    expect(await itemOf(item.id)).toMatchObject({ status: 'delivered' });
    expect((await partOf(order.id, seller.id)).deliveredOn).toBe(carrierDayOf(testApp.clock.now()));
  });

  it('a delivery the seller marks by hand on a parcel no carrier tracks records no scan: it makes the part neither late nor on time', async () => {
    const { seller, order, item, arrivesLatest } = await shippedPart({ untracked: true });
    expect((await call('GET', `/api/seller/order-items/${item.id}`, seller)).json().data.parcel).toBeNull();
    setDay(addShippingDays(arrivesLatest, 3));
    const marked = await call('PATCH', `/api/seller/order-items/${item.id}`, seller, { status: 'delivered' });
    expect(marked.statusCode, marked.body).toBe(200);
    expect(await partOf(order.id, seller.id)).toMatchObject({ deliveredOn: null, lateRefundPaidBy: null, lateRefundedAt: null });
    expect(await orders().creditLateDelivery(order.id, seller.id)).toBe('not_delivered');
    expect(await itemOf(item.id)).toMatchObject({ status: 'delivered', lateShippingRefundCents: 0 });
  });
});
