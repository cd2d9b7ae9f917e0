import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { NotificationKind } from '@marketplace/contracts/notifications';
import { notifications as notificationsTable } from '../../db/schema';
import { createDomainEvents, type DomainEvent } from '../../lib/domain-events';
import type { LiveUsers } from '../../realtime/chat-socket';
import { buildTestApp, type TestApp } from '../../../test/helper';
import { addShipFromAddress, createUser } from '../../../test/factories';
import { bearerFor, createCommerceCategory, createListing } from '../../../test/factories-commerce';
import { findTrackingOfOrderItems } from '../shipping';
import { findParcelNews, findPlacedOrder } from '../orders';
import { createNotificationReactions } from './notification-reactions';
import { createNotificationsService } from './notifications.service';
import { timeLimit } from '../../../test/time-limit';

// The bell's reactions end to end: purchases made through the API as users make them, and what each
// person finds in GET /api/notifications. Events whose publisher is not part of this test's story are
// published on a bus of the test's own, to the same reactions, on the same database.

let testApp: TestApp;

interface Person {
  id: string;
  email: string;
  token: string;
}

const call = (method: 'GET' | 'POST' | 'PUT' | 'PATCH', url: string, who: Person | null, payload?: object) =>
  testApp.app.inject({ method, url, headers: who ? { authorization: who.token } : {}, ...(payload ? { payload } : {}) });

async function person(role: 'buyer' | 'seller' | 'admin', status: 'active' | 'suspended' = 'active'): Promise<Person> {
  const user = await createUser(testApp.database.db, { role, status, firstName: role === 'buyer' ? 'Ada' : 'Sam', lastName: 'Tester' });
  return { id: user.id, email: user.email, token: await bearerFor(testApp, user) };
}

async function sellerWithAddress(): Promise<Person> {
  const seller = await person('seller');
  await addShipFromAddress(testApp.database.db, seller.id);
  return seller;
}

interface Shown {
  id: string;
  kind: NotificationKind;
  title: string;
  body: string;
  link: string;
  readAt: string | null;
}

/** What the person's bell lists, once the reactions have written their rows. */
async function bellOf(who: Person): Promise<Shown[]> {
  await testApp.services.notificationReactions.settled();
  const response = await call('GET', '/api/notifications?limit=50', who);
  expect(response.statusCode).toBe(200);
  return response.json().notifications as Shown[];
}
const kindsOf = (shown: Shown[]) => shown.map((item) => item.kind).sort();

let keys = 0;
async function buy(buyer: Person, products: Array<{ id: string; quantity?: number }>) {
  for (const product of products)
    expect((await call('POST', '/api/cart/items', buyer, { product_id: product.id, quantity: product.quantity ?? 1 })).statusCode).toBeLessThan(300);
  const response = await testApp.app.inject({
    method: 'POST',
    url: '/api/orders/checkout',
    headers: { authorization: buyer.token, 'idempotency-key': `notification-reactions-${Date.now()}-${++keys}` },
    payload: {
      shippingAddress: { name: 'Ada Buyer', line1: '1 Main St', city: 'Portland', state: 'OR', postal_code: '97201', country: 'US' },
      payment: { card: { number: '4242 4242 4242 4242', expMonth: 12, expYear: 2035, cvc: '123' } },
    },
  });
  expect(response.statusCode).toBeLessThan(300);
  const [order] = await testApp.database.db.query.orders.findMany({
    where: (orders, { eq: equals }) => equals(orders.buyerId, buyer.id),
    orderBy: (orders, { desc }) => desc(orders.createdAt),
  });
  const items = await testApp.database.db.query.orderItems.findMany({ where: (items, { eq: equals }) => equals(items.orderId, order!.id) });
  return { order: order!, items };
}

/** The app's reactions, subscribed again on a bus of the test's own, with their pushes recorded. */
function secondInstance() {
  const events = createDomainEvents({ database: testApp.database.db });
  const pushes: Array<{ userIds: readonly string[]; event: string; payload: unknown }> = [];
  const live: Pick<LiveUsers, 'emit'> = { emit: (userIds, event, ...payload) => void pushes.push({ userIds, event, payload: payload[0] }) };
  const failures: unknown[] = [];
  const notifications = createNotificationsService({ db: testApp.database.db, clock: testApp.clock, live });
  const reactions = createNotificationReactions({ db: testApp.database.db, events, notifications, onError: (error) => void failures.push(error) });
  return {
    pushes,
    failures,
    async publish(...published: DomainEvent[]) {
      for (const event of published) events.publish(event);
      await reactions.settled();
    },
  };
}

const rowsWithKey = (userId: string, dedupeKey: string) =>
  testApp.database.db
    .select()
    .from(notificationsTable)
    .where(and(eq(notificationsTable.userId, userId), eq(notificationsTable.dedupeKey, dedupeKey)));

async function openDispute(buyer: Person, orderItemId: string) {
  const boundary = '----notification-test';
  const fields = { orderItemId, reason: 'damaged', description: 'It arrived cracked in two places.' };
  const body =
    Object.entries(fields)
      .map(([name, value]) => `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`)
      .join('') + `--${boundary}--\r\n`;
  const opened = await testApp.app.inject({
    method: 'POST',
    url: '/api/disputes',
    headers: { authorization: buyer.token, 'content-type': `multipart/form-data; boundary=${boundary}` },
    payload: body,
  });
  expect(opened.statusCode).toBeLessThan(300);
  const [dispute] = await testApp.database.db.query.disputes.findMany({ where: (disputes, { eq: equals }) => equals(disputes.orderItemId, orderItemId) });
  return dispute!;
}

beforeAll(async () => {
  testApp = await buildTestApp();
});

afterAll(async () => {
  await testApp?.close();
});

describe('a purchase, as each person’s bell shows it', () => {
  it('tells the buyer the order is placed and each seller of it about their items, once each', async () => {
    const buyer = await person('buyer');
    const potter = await person('seller');
    const carver = await person('seller');
    const category = await createCommerceCategory(testApp.database.db);
    const mug = await createListing(testApp.database.db, { sellerId: potter.id, categoryId: category.id, title: 'Blue <b>mug</b>', priceCents: 1500 });
    const bowl = await createListing(testApp.database.db, { sellerId: potter.id, categoryId: category.id, title: 'Bowl', priceCents: 2000 });
    const spoon = await createListing(testApp.database.db, { sellerId: carver.id, categoryId: category.id, title: 'Spoon', priceCents: 1000 });
    const { order } = await buy(buyer, [{ id: mug.id, quantity: 2 }, { id: bowl.id }, { id: spoon.id }]);
    const number = `#${order.id.slice(0, 8)}`;

    const buyerBell = await bellOf(buyer);
    expect(buyerBell).toEqual([
      {
        id: expect.any(String),
        kind: 'order_placed',
        title: 'Your order is placed',
        body: `Order ${number}: 4 items, $${(order.totalCents / 100).toFixed(2)} paid.`,
        link: `/myorders/${order.id}`,
        createdAt: expect.any(String),
        readAt: null,
      },
    ]);
    const potterBell = await bellOf(potter);
    expect(potterBell).toHaveLength(1);
    // Plain text: the title the seller typed is shown as it is (the web app renders it as text).
    expect(potterBell[0]).toMatchObject({ kind: 'new_order', title: 'You have a new order', link: `/seller/orders/items/${order.id}` });
    expect(potterBell[0]!.body).toContain('2 × Blue <b>mug</b>');
    expect(potterBell[0]!.body).toContain('1 × Bowl');
    expect(potterBell[0]!.body).not.toContain('Spoon');
    const carverBell = await bellOf(carver);
    expect(carverBell.map((item) => [item.kind, item.link])).toEqual([['new_order', `/seller/orders/items/${order.id}`]]);
    expect(carverBell[0]!.body).toContain('1 × Spoon');
  });

  it('follows an item through approval, one parcel shipped with its tracking number, and delivery; a rejection with its refund', {
    timeout: timeLimit(60_000),
  }, async () => {
    const buyer = await person('buyer');
    const seller = await sellerWithAddress();
    const category = await createCommerceCategory(testApp.database.db);
    const lamp = await createListing(testApp.database.db, { sellerId: seller.id, categoryId: category.id, title: 'Lamp', priceCents: 3000 });
    const shade = await createListing(testApp.database.db, { sellerId: seller.id, categoryId: category.id, title: 'Shade', priceCents: 2000 });
    const vase = await createListing(testApp.database.db, { sellerId: seller.id, categoryId: category.id, title: 'Vase', priceCents: 6000 });
    const { order, items } = await buy(buyer, [{ id: lamp.id }, { id: shade.id }, { id: vase.id }]);
    const itemOf = (productId: string) => items.find((item) => item.productId === productId)!;

    for (const product of [lamp, shade])
      expect((await call('PATCH', `/api/seller/order-items/${itemOf(product.id).id}`, seller, { status: 'approved' })).statusCode).toBe(200);
    expect((await call('PATCH', `/api/seller/order-items/${itemOf(vase.id).id}`, seller, { status: 'rejected', reason: 'Cracked in stock' })).statusCode).toBe(
      200,
    );
    let bell = await bellOf(buyer);
    expect(kindsOf(bell)).toEqual(['item_approved', 'item_approved', 'item_rejected', 'order_placed', 'refund_issued']);
    expect(
      bell
        .filter((item) => item.kind === 'item_approved')
        .map((item) => item.body)
        .sort(),
    ).toEqual([
      `“Lamp” (order #${order.id.slice(0, 8)}) is being prepared for shipping.`,
      `“Shade” (order #${order.id.slice(0, 8)}) is being prepared for shipping.`,
    ]);
    const rejected = bell.find((item) => item.kind === 'item_rejected')!;
    expect(rejected).toMatchObject({ title: 'The seller declined your item', link: `/myorders/${order.id}` });
    expect(rejected.body).toContain('“Vase”');
    expect(rejected.body).toContain('Cracked in stock');
    const refund = bell.find((item) => item.kind === 'refund_issued')!;
    expect(refund).toMatchObject({ title: 'You were refunded $60.00', link: `/myorders/${order.id}` });
    expect(refund.body).toContain('“Vase”');

    // One label for both approved items: one notification for the parcel, with its tracking number.
    const created = await call('POST', `/api/shipments/create/${order.id}`, seller);
    expect(created.statusCode).toBeLessThan(300);
    expect(created.json().shipments).toHaveLength(1);
    const shipmentId = created.json().shipments[0].id as string;
    const processed = await call('POST', `/api/shipments/process-ups/${shipmentId}`, seller);
    expect(processed.statusCode).toBe(200);
    const trackingNumber = processed.json().trackingNumber as string;
    expect(trackingNumber).toMatch(/^1Z/);
    bell = await bellOf(buyer);
    const shipped = bell.filter((item) => item.kind === 'item_shipped');
    expect(shipped).toHaveLength(1);
    expect(shipped[0]).toMatchObject({ title: 'Your order is on its way', link: `/myorders/${order.id}` });
    expect(shipped[0]!.body).toContain('1 × Lamp');
    expect(shipped[0]!.body).toContain('1 × Shade');
    expect(shipped[0]!.body).toContain(`UPS tracking number ${trackingNumber}`);
    expect(shipped[0]!.body).not.toContain('Vase');

    // Delivered (a minute later: the test's clock stands still otherwise): one for the parcel too.
    testApp.clock.advance(60_000);
    expect((await call('PUT', `/api/shipments/track/${shipmentId}`, seller, { simulateStatus: 'delivered' })).statusCode).toBe(200);
    bell = await bellOf(buyer);
    const delivered = bell.filter((item) => item.kind === 'item_delivered');
    expect(delivered).toHaveLength(1);
    expect(delivered[0]).toMatchObject({ title: 'Your parcel was delivered', link: `/myorders/${order.id}` });
    expect(delivered[0]!.body).toContain('Lamp');
    expect(delivered[0]!.body).toContain('Shade');
    // The newest first.
    expect(bell[0]!.kind).toBe('item_delivered');
    // The seller's bell has only their new order: the rest is the buyer's news.
    expect(kindsOf(await bellOf(seller))).toEqual(['new_order']);
  });

  it('tells the seller and every active admin about a dispute, once each (not a suspended admin, not the buyer)', { timeout: timeLimit(60_000) }, async () => {
    const buyer = await person('buyer');
    const seller = await sellerWithAddress();
    const admins = [await person('admin'), await person('admin')];
    const suspended = await person('admin', 'suspended');
    const category = await createCommerceCategory(testApp.database.db);
    const board = await createListing(testApp.database.db, { sellerId: seller.id, categoryId: category.id, title: 'Cutting board', priceCents: 4000 });
    const { order, items } = await buy(buyer, [{ id: board.id }]);
    await call('PATCH', `/api/seller/order-items/${items[0]!.id}`, seller, { status: 'approved' });
    const shipmentId = (await call('POST', `/api/shipments/create/${order.id}`, seller)).json().shipments[0].id as string;
    expect((await call('POST', `/api/shipments/process-ups/${shipmentId}`, seller)).statusCode).toBe(200);
    const dispute = await openDispute(buyer, items[0]!.id);

    const sellerBell = (await bellOf(seller)).filter((item) => item.kind === 'dispute_opened');
    expect(sellerBell).toHaveLength(1);
    expect(sellerBell[0]).toMatchObject({ title: 'A buyer opened a dispute', link: `/seller/disputes/${dispute.id}` });
    expect(sellerBell[0]!.body).toContain('“Cutting board”');
    expect(sellerBell[0]!.body).toContain('Item arrived damaged');
    for (const admin of admins) {
      const adminBell = (await bellOf(admin)).filter((item) => item.kind === 'dispute_opened');
      expect(adminBell).toHaveLength(1);
      expect(adminBell[0]).toMatchObject({ title: 'A dispute was opened', link: `/admin/disputes/${dispute.id}` });
      expect(adminBell[0]!.body).toContain('Ada Tester about “Cutting board”');
    }
    // A suspended admin cannot sign in to read a bell; nothing is written for them.
    expect(await testApp.database.db.select().from(notificationsTable).where(eq(notificationsTable.userId, suspended.id))).toEqual([]);
    expect((await bellOf(buyer)).filter((item) => item.kind === 'dispute_opened')).toEqual([]);
  });
});

describe('through the real routes', () => {
  it('follows a dispute from the seller’s offer to the buyer accepting it, a parcel out for delivery, and a support request', {
    timeout: timeLimit(60_000),
  }, async () => {
    const buyer = await person('buyer');
    const seller = await sellerWithAddress();
    const admin = await person('admin');
    const category = await createCommerceCategory(testApp.database.db);
    const clockItem = await createListing(testApp.database.db, { sellerId: seller.id, categoryId: category.id, title: 'Wall clock', priceCents: 4000 });
    const { order, items } = await buy(buyer, [{ id: clockItem.id }]);
    await call('PATCH', `/api/seller/order-items/${items[0]!.id}`, seller, { status: 'approved' });
    const shipmentId = (await call('POST', `/api/shipments/create/${order.id}`, seller)).json().shipments[0].id as string;
    expect((await call('POST', `/api/shipments/process-ups/${shipmentId}`, seller)).statusCode).toBe(200);

    // The carrier has it out for delivery; asking again while it still is says nothing new.
    for (let asked = 0; asked < 2; asked += 1)
      expect((await call('PUT', `/api/shipments/track/${shipmentId}`, seller, { simulateStatus: 'out_for_delivery' })).statusCode).toBe(200);
    const out = (await bellOf(buyer)).filter((shown) => shown.kind === 'item_out_for_delivery');
    expect(out.map((shown) => [shown.title, shown.link])).toEqual([['Your parcel is out for delivery', `/myorders/${order.id}`]]);

    const dispute = await openDispute(buyer, items[0]!.id);
    testApp.clock.advance(60_000);
    expect((await call('POST', `/api/disputes/${dispute.id}/respond`, seller, { action: 'offer_refund', amount: 15 })).statusCode).toBe(200);
    const offered = (await bellOf(buyer)).filter((shown) => shown.kind === 'dispute_answered');
    expect(offered.map((shown) => [shown.title, shown.link])).toEqual([['The seller offered a refund of $15.00', `/orderDisputes/${dispute.id}`]]);
    expect((await bellOf(admin)).filter((shown) => shown.kind === 'dispute_answered').map((shown) => shown.link)).toEqual([`/admin/disputes/${dispute.id}`]);

    testApp.clock.advance(60_000);
    expect((await call('POST', `/api/disputes/${dispute.id}/accept-offer`, buyer)).statusCode).toBe(200);
    const buyerBell = await bellOf(buyer);
    expect(buyerBell.filter((shown) => shown.kind === 'dispute_resolved').map((shown) => shown.title)).toEqual(['Your dispute was resolved with a refund']);
    expect(buyerBell.filter((shown) => shown.kind === 'refund_issued').map((shown) => shown.title)).toEqual(['You were refunded $15.00']);
    expect((await bellOf(seller)).filter((shown) => shown.kind === 'dispute_resolved').map((shown) => shown.link)).toEqual([`/seller/disputes/${dispute.id}`]);

    const sent = await call('POST', '/api/support/requests', seller, {
      topic: 'other',
      subject: 'Where is my payout?',
      message: 'The payout for my last order has not arrived yet.',
    });
    expect(sent.statusCode).toBe(201);
    const support = (await bellOf(admin)).filter((shown) => shown.kind === 'support_request');
    expect(support).toHaveLength(1);
    expect(support[0]).toMatchObject({ title: 'New support request', link: '/admin/settings' });
    expect(support[0]!.body).toContain('Where is my payout?');
  });
});

describe('once per event', () => {
  it('writes one row per person when the same event is handled again, and pushes nothing for it', async () => {
    const buyer = await person('buyer');
    const seller = await person('seller');
    const category = await createCommerceCategory(testApp.database.db);
    const { order } = await buy(buyer, [{ id: (await createListing(testApp.database.db, { sellerId: seller.id, categoryId: category.id })).id }]);
    await bellOf(buyer);
    const again = secondInstance();
    const event: DomainEvent = {
      type: 'order.placed',
      orderId: order.id,
      buyerId: buyer.id,
      sellerIds: [seller.id],
      productIds: [],
      totalCents: order.totalCents,
      order: (await findPlacedOrder(testApp.database.db, order.id))!,
    };
    await again.publish(event, event);
    expect(again.failures).toEqual([]);
    // The app wrote them already: the second instance writes nothing and tells nobody.
    expect(again.pushes).toEqual([]);
    expect(await rowsWithKey(buyer.id, `order-placed:${order.id}`)).toHaveLength(1);
    expect(await rowsWithKey(seller.id, `new-order:${order.id}`)).toHaveLength(1);
    expect(kindsOf(await bellOf(buyer))).toEqual(['order_placed']);
  });

  it('writes and pushes a new event once when it is published twice', async () => {
    const admin = await person('admin');
    const again = secondInstance();
    const requestId = randomUUID();
    const event: DomainEvent = { type: 'support.requested', requestId, userId: null, name: 'Sam Seller', email: 'sam@test.example', subject: 'Payout missing' };
    await again.publish(event, event);
    expect(await rowsWithKey(admin.id, `support-request:${requestId}`)).toHaveLength(1);
    const toAdmin = again.pushes.filter((push) => push.userIds.includes(admin.id));
    expect(toAdmin).toEqual([
      { userIds: [admin.id], event: 'notification', payload: { notification: expect.objectContaining({ kind: 'support_request' }), unreadCount: 1 } },
    ]);
    const [shown] = await bellOf(admin);
    expect(shown).toMatchObject({ kind: 'support_request', title: 'New support request', body: 'Sam Seller: Payout missing', link: '/admin/settings' });
  });
});

describe('the rest of a sale’s story, from its events', () => {
  it('tells the buyer a parcel is out for delivery, and the seller a payout was sent', { timeout: timeLimit(60_000) }, async () => {
    const buyer = await person('buyer');
    const seller = await sellerWithAddress();
    const category = await createCommerceCategory(testApp.database.db);
    const product = await createListing(testApp.database.db, { sellerId: seller.id, categoryId: category.id, title: 'Kettle', priceCents: 4500 });
    const { order, items } = await buy(buyer, [{ id: product.id, quantity: 2 }]);
    const item = items[0]!;
    await call('PATCH', `/api/seller/order-items/${item.id}`, seller, { status: 'approved' });
    const shipmentId = (await call('POST', `/api/shipments/create/${order.id}`, seller)).json().shipments[0].id as string;
    expect((await call('POST', `/api/shipments/process-ups/${shipmentId}`, seller)).statusCode).toBe(200);
    await bellOf(buyer);

    const again = secondInstance();
    const [news] = await findParcelNews(testApp.database.db, [item], 'outForDelivery', findTrackingOfOrderItems);
    const outForDelivery: DomainEvent = { type: 'order-item.out-for-delivery', ...news! };
    await again.publish(outForDelivery, outForDelivery);
    const out = (await bellOf(buyer)).filter((shown) => shown.kind === 'item_out_for_delivery');
    expect(out).toHaveLength(1);
    expect(out[0]).toMatchObject({
      title: 'Your parcel is out for delivery',
      body: `Order #${order.id.slice(0, 8)}: 2 × Kettle should arrive today.`,
      link: `/myorders/${order.id}`,
    });

    const payoutId = randomUUID();
    const breakdown = {
      itemTotalCents: 9000,
      commissionRateBasisPoints: 1000,
      commissionCents: 900,
      pickupChargeCents: 0,
      feeCents: 45,
      adjustmentCents: 0,
      shippingCreditCents: 0,
      labelChargeCents: 0,
      netCents: 8055,
    };
    await again.publish({
      type: 'payout.sent',
      payoutId,
      orderItemId: item.id,
      orderId: order.id,
      sellerId: seller.id,
      line: { orderItemId: item.id, title: item.title, quantity: item.quantity },
      breakdown,
    });
    const paid = (await bellOf(seller)).filter((shown) => shown.kind === 'payout_sent');
    expect(paid).toHaveLength(1);
    expect(paid[0]).toMatchObject({ title: 'You were paid $80.55', link: `/seller/orders/items/${order.id}` });
    expect(paid[0]!.body).toContain('2 × Kettle');
    expect(again.failures).toEqual([]);
  });

  it('tells the buyer and the admins about the seller’s answer, and the buyer and the seller about the outcome', { timeout: timeLimit(60_000) }, async () => {
    const buyer = await person('buyer');
    const seller = await sellerWithAddress();
    const admin = await person('admin');
    const category = await createCommerceCategory(testApp.database.db);
    const product = await createListing(testApp.database.db, { sellerId: seller.id, categoryId: category.id, title: 'Teapot', priceCents: 5000 });
    const { order, items } = await buy(buyer, [{ id: product.id }]);
    const disputeId = randomUUID();
    const facts = { disputeId, orderItemId: items[0]!.id, orderId: order.id, buyerId: buyer.id, sellerId: seller.id, title: items[0]!.title };
    const again = secondInstance();

    await again.publish({ type: 'dispute.answered', ...facts, action: 'offer_refund', offerCents: 2500, statement: null });
    const offered = (await bellOf(buyer)).find((shown) => shown.kind === 'dispute_answered')!;
    expect(offered).toMatchObject({ title: 'The seller offered a refund of $25.00', link: `/orderDisputes/${disputeId}` });
    expect(offered.body).toContain('“Teapot”');
    const adminAnswered = (await bellOf(admin)).find((shown) => shown.kind === 'dispute_answered')!;
    expect(adminAnswered).toMatchObject({
      title: 'A seller answered a dispute',
      body: `They offered $25.00 for “Teapot” (order #${order.id.slice(0, 8)}).`,
      link: `/admin/disputes/${disputeId}`,
    });
    // The seller answered; their own bell has nothing about it.
    expect((await bellOf(seller)).filter((shown) => shown.kind === 'dispute_answered')).toEqual([]);

    await again.publish({ type: 'dispute.resolved', ...facts, outcome: 'refunded', refundCents: 2500, note: null, byBuyerAcceptingOffer: true });
    const buyerOutcome = (await bellOf(buyer)).find((shown) => shown.kind === 'dispute_resolved')!;
    expect(buyerOutcome).toMatchObject({ title: 'Your dispute was resolved with a refund', link: `/orderDisputes/${disputeId}` });
    expect(buyerOutcome.body).toContain('$25.00');
    const sellerOutcome = (await bellOf(seller)).find((shown) => shown.kind === 'dispute_resolved')!;
    expect(sellerOutcome).toMatchObject({ title: 'A dispute was resolved with a refund', link: `/seller/disputes/${disputeId}` });
    expect((await bellOf(admin)).filter((shown) => shown.kind === 'dispute_resolved')).toEqual([]);

    // A contested dispute rejected by the admin, on another item's case.
    const otherId = randomUUID();
    await again.publish({ type: 'dispute.answered', ...facts, disputeId: otherId, action: 'contest', offerCents: null, statement: 'It left here whole.' });
    await again.publish({
      type: 'dispute.resolved',
      ...facts,
      disputeId: otherId,
      outcome: 'rejected',
      refundCents: null,
      note: 'No sign of damage.',
      byBuyerAcceptingOffer: false,
    });
    const contested = (await bellOf(buyer)).filter((shown) => shown.link === `/orderDisputes/${otherId}`);
    expect(contested.map((shown) => shown.title).sort()).toEqual(['The seller contested your dispute', 'Your dispute was closed without a refund']);
    expect(contested.find((shown) => shown.kind === 'dispute_resolved')!.body).toContain('No sign of damage.');
    expect(again.failures).toEqual([]);
  });
});
