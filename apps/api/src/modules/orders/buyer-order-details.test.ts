import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BuyerOrderDetail, ReturnInfo } from '@marketplace/contracts/orders';
import { orderItems, refunds } from '../../db/schema';
import { addShipFromAddress, createUser } from '../../../test/factories';
import { bearerFor } from '../../../test/factories-commerce';
import { createCategory, createOrder, createPayment, createProduct } from '../../../test/factories-orders';
import { buildTestApp, type TestApp } from '../../../test/helper';
import { buildItemTimeline, createBuyerOrderDetails } from './buyer-order-details';
import type { FollowUpItemRecord } from './buyer-order-details.repository';

// GET /api/orders/:id as the buyer follows an order: tracking, timeline, refunds, returns.

let testApp: TestApp;
let categoryId: string;

beforeAll(async () => {
  testApp = await buildTestApp();
  categoryId = (await createCategory(db())).id;
});
afterAll(async () => {
  await testApp?.close();
});

function db() {
  return testApp.database.db;
}

async function call(method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, authorization: string | null, payload?: object) {
  const response = await testApp.app.inject({ method, url, headers: authorization ? { authorization } : {}, ...(payload ? { payload } : {}) });
  return { status: response.statusCode, body: response.json() };
}

async function newSeller() {
  const seller = await createUser(db(), { role: 'seller' });
  await addShipFromAddress(db(), seller.id, 'Seller Warehouse');
  return { seller, auth: await bearerFor(testApp, seller) };
}

/** A paid order of the seller's items in the given statuses. */
async function paidOrder(sellerId: string, lines: Array<{ status: 'approved' | 'delivered' | 'pending'; priceCents: number; title: string }>) {
  const buyer = await createUser(db(), { role: 'buyer' });
  const items = [];
  for (const line of lines) {
    const product = await createProduct(db(), { sellerId, categoryId, title: line.title, weightOunces: 24 });
    items.push({ product, status: line.status, priceCents: line.priceCents });
  }
  const { order, items: rows } = await createOrder(db(), {
    buyerId: buyer.id,
    items,
    status: 'processing',
    createdAt: new Date(Date.now() - 3 * 24 * 60 * 60 * 1000),
  });
  const payment = await createPayment(db(), order);
  return { order, items: rows, payment, buyer, buyerAuth: await bearerFor(testApp, buyer) };
}

async function shipItems(sellerAuth: string, orderId: string) {
  const created = await call('POST', `/api/shipments/create/${orderId}`, sellerAuth);
  expect(created.status).toBe(200);
  const shipmentId: string = created.body.shipments[0].id;
  const processed = await call('POST', `/api/shipments/process-ups/${shipmentId}`, sellerAuth);
  expect(processed.status).toBe(200);
  return { shipmentId, trackingNumber: processed.body.trackingNumber as string };
}

describe('GET /api/orders/:id, following the parcel', () => {
  it('shows an item with a label its tracking number, carrier, status and events, and its timeline up to in transit', async () => {
    const { seller, auth } = await newSeller();
    const placed = await paidOrder(seller.id, [{ status: 'approved', priceCents: 4500, title: 'Walnut board' }]);
    const before = await call('GET', `/api/orders/${placed.order.id}`, placed.buyerAuth);
    expect(before.status).toBe(200);
    expect(before.body.items[0]).toMatchObject({
      tracking_number: null,
      carrier: null,
      shipmentStatus: null,
      trackingEvents: [],
      refunded_cents: 0,
      refunds: [],
    });
    expect(before.body.items[0].timeline.map((step: { step: string; reached: boolean }) => [step.step, step.reached])).toEqual([
      ['placed', true],
      ['approved', true],
      ['shipped', false],
      ['in_transit', false],
      ['delivered', false],
    ]);

    const { shipmentId, trackingNumber } = await shipItems(auth, placed.order.id);
    expect((await call('PUT', `/api/shipments/track/${shipmentId}`, auth, { simulateStatus: 'in_transit' })).status).toBe(200);

    const { status, body } = await call('GET', `/api/orders/${placed.order.id}`, placed.buyerAuth);
    expect(status).toBe(200);
    const item = (body as BuyerOrderDetail).items[0]!;
    expect(item.tracking_number).toBe(trackingNumber);
    expect(item.tracking_number).toMatch(/^1Z/);
    expect(item.carrier).toBe('UPS');
    expect(item.shipmentStatus).toBe('in_transit');
    expect(item.status).toBe('shipped');
    const inTransit = item.trackingEvents.find((event) => event.status === 'in_transit');
    expect(inTransit).toEqual({
      status: 'in_transit',
      description: expect.any(String),
      occurredAt: expect.any(String),
      location: expect.toBeOneOf([expect.any(String), null]),
    });
    expect(inTransit!.description.length).toBeGreaterThan(0);
    expect(item.timeline.filter((step) => step.reached).map((step) => step.step)).toEqual(['placed', 'approved', 'shipped', 'in_transit']);
    expect(item.timeline.find((step) => step.step === 'in_transit')).toMatchObject({ at: inTransit!.occurredAt, description: inTransit!.description });
    expect(item.timeline.at(-1)).toEqual({ step: 'delivered', reached: false, at: null, amount: null, amount_cents: null, description: null, location: null });
    expect(body.payment).toEqual({ cardBrand: 'visa', cardLast4: '4242' });
  });

  it('no longer shows the tracking of a voided label', async () => {
    const { seller, auth } = await newSeller();
    const placed = await paidOrder(seller.id, [{ status: 'approved', priceCents: 2000, title: 'Mug' }]);
    const { shipmentId } = await shipItems(auth, placed.order.id);
    expect((await call('GET', `/api/orders/${placed.order.id}`, placed.buyerAuth)).body.items[0].tracking_number).toMatch(/^1Z/);
    expect((await call('DELETE', `/api/shipments/void/${shipmentId}`, auth)).status).toBe(200);
    const after = (await call('GET', `/api/orders/${placed.order.id}`, placed.buyerAuth)).body.items[0];
    expect(after).toMatchObject({ status: 'approved', tracking_number: null, carrier: null, trackingEvents: [] });
  });
});

describe('GET /api/orders/:id, refunds', () => {
  it('shows a partly refunded item with refunded_cents and the refund that reached the card, and the order total refunded', async () => {
    const { seller } = await newSeller();
    const placed = await paidOrder(seller.id, [
      { status: 'delivered', priceCents: 43800, title: 'Oak side table' },
      { status: 'delivered', priceCents: 1500, title: 'Coasters' },
    ]);
    const table = placed.items.find((item) => item.title === 'Oak side table')!;
    const deliveredAt = new Date(Date.now() - 2 * 24 * 60 * 60 * 1000);
    const refundedAt = new Date(Date.now() - 24 * 60 * 60 * 1000);
    await db().update(orderItems).set({ status: 'partially_refunded', refundedCents: 12000, deliveredAt }).where(eq(orderItems.id, table.id));
    await db()
      .insert(refunds)
      .values([
        {
          paymentId: placed.payment.id,
          orderItemId: table.id,
          refundKey: `dispute:${table.id}`,
          amountCents: 12000,
          status: 'succeeded',
          providerRefundId: 're_1',
          reason: 'Settled: scratched top',
          createdAt: refundedAt,
        },
        // Neither a claim still being asked nor a refused one is money the buyer got back.
        {
          paymentId: placed.payment.id,
          orderItemId: table.id,
          refundKey: `dispute:pending:${table.id}`,
          amountCents: 5000,
          status: 'pending',
          reason: 'Pending',
          createdAt: new Date(),
        },
        {
          paymentId: placed.payment.id,
          orderItemId: table.id,
          refundKey: `dispute:failed:${table.id}`,
          amountCents: 3000,
          status: 'failed',
          reason: 'Refused',
          createdAt: new Date(),
        },
      ]);

    const { status, body } = await call('GET', `/api/orders/${placed.order.id}`, placed.buyerAuth);
    expect(status).toBe(200);
    const detail = body as BuyerOrderDetail;
    expect(detail.total).toBe(453);
    expect(detail.refundedTotal).toBe(120);
    expect(detail.refunded_cents).toBe(12000);
    const item = detail.items.find((line) => line.id === table.id)!;
    expect(item.status).toBe('partially_refunded');
    expect(item.refunded_cents).toBe(12000);
    expect(item.refunds).toEqual([{ amount: 120, amount_cents: 12000, createdAt: refundedAt.toISOString(), reason: 'Settled: scratched top' }]);
    expect(item.timeline.map((step) => step.step)).toEqual(['placed', 'approved', 'shipped', 'delivered', 'partially_refunded']);
    expect(item.timeline.find((step) => step.step === 'delivered')!.at).toBe(deliveredAt.toISOString());
    expect(item.timeline.at(-1)).toMatchObject({ step: 'partially_refunded', reached: true, at: refundedAt.toISOString(), amount: 120, amount_cents: 12000 });
    const other = detail.items.find((line) => line.id !== table.id)!;
    expect(other).toMatchObject({ refunded_cents: 0, refunds: [] });
  });
});

describe('GET /api/orders/:id, who may ask', () => {
  it("answers 404 to another buyer, 403 to a seller (even the item's own), 401 without a token", async () => {
    const { seller, auth: sellerAuth } = await newSeller();
    const placed = await paidOrder(seller.id, [{ status: 'approved', priceCents: 1000, title: 'Spoon' }]);
    const stranger = await createUser(db(), { role: 'buyer' });
    const url = `/api/orders/${placed.order.id}`;
    expect((await call('GET', url, await bearerFor(testApp, stranger))).status).toBe(404);
    expect((await call('GET', url, sellerAuth)).status).toBe(403);
    expect((await call('GET', '/api/orders', sellerAuth)).status).toBe(403);
    expect((await call('GET', url, null)).status).toBe(401);
    expect((await call('GET', url, placed.buyerAuth)).status).toBe(200);
  });
});

describe('createBuyerOrderDetails (returns)', () => {
  it("adds the returns module's answer per item and a return step to the timeline; none by default", async () => {
    const { seller } = await newSeller();
    const placed = await paidOrder(seller.id, [{ status: 'delivered', priceCents: 2500, title: 'Lamp' }]);
    const item = placed.items[0]!;
    const base = {
      id: placed.order.id,
      status: placed.order.status,
      createdAt: placed.order.createdAt.toISOString(),
      itemsTotal: 25,
      shipping: 0,
      retipTotal: 0,
      total: 25,
      shippingAddress: { name: 'B', line1: '1', line2: null, city: 'C', state: 'CA', postal_code: '94105', country: 'US' },
      items: [
        {
          id: item.id,
          productId: item.productId,
          variantLabel: null,
          personalization: null,
          gift: null,
          title: 'Lamp',
          image: null,
          price: 25,
          quantity: 1,
          retipAdded: false,
          retipPrice: 0,
          status: item.status,
          rejectionReason: null,
        },
      ],
    };
    const returnInfo: ReturnInfo = {
      canReturn: false,
      returnWindowEndsAt: '2030-01-31T00:00:00.000Z',
      returnRequest: {
        id: 'r1',
        status: 'delivered',
        reason: 'Too small',
        createdAt: new Date().toISOString(),
        labelAvailable: true,
        refundAmount: 22.5,
        restockingFee: 2.5,
      },
    };
    const asked: string[][] = [];
    const withReturns = createBuyerOrderDetails({
      db: db(),
      returnsOf: async (ids) => {
        asked.push(ids);
        return new Map([[item.id, returnInfo]]);
      },
    });
    const detail = await withReturns(placed.order, base);
    expect(asked).toEqual([[item.id]]);
    expect(detail.items[0]!.returnInfo).toEqual(returnInfo);
    expect(detail.items[0]!.timeline.map((step) => step.step)).toEqual(['placed', 'approved', 'shipped', 'delivered', 'return_requested', 'returned']);

    const withoutReturns = await createBuyerOrderDetails({ db: db() })(placed.order, base);
    expect(withoutReturns.items[0]).not.toHaveProperty('returnInfo');
    expect(withoutReturns.items[0]!.tracking_number).toBeNull();
  });
});

describe('buildItemTimeline', () => {
  const placedAt = new Date('2025-11-01T10:00:00.000Z');
  const record = (overrides: Partial<FollowUpItemRecord>): FollowUpItemRecord => ({
    id: 'i1',
    sellerId: 's1',
    status: 'pending',
    rejectionReason: null,
    refundedCents: 0,
    deliveredAt: null,
    updatedAt: placedAt,
    ...overrides,
  });

  it('a rejected item: placed, rejected with the reason, refunded in full; nothing ahead', () => {
    const rejectedAt = new Date('2025-11-02T09:00:00.000Z');
    const timeline = buildItemTimeline({
      placedAt,
      item: record({ status: 'rejected', rejectionReason: 'Out of stock', refundedCents: 2000, updatedAt: rejectedAt }),
      tracking: null,
      refunds: [{ orderItemId: 'i1', amountCents: 2000, reason: 'Out of stock', createdAt: rejectedAt }],
      returnInfo: null,
    });
    expect(timeline.map((step) => [step.step, step.reached, step.at])).toEqual([
      ['placed', true, placedAt.toISOString()],
      ['rejected', true, rejectedAt.toISOString()],
      ['refunded', true, rejectedAt.toISOString()],
    ]);
    expect(timeline[1]!.description).toBe('Out of stock');
    expect(timeline[2]).toMatchObject({ amount: 20, amount_cents: 2000 });
  });

  it('a pending item shows every step ahead', () => {
    expect(
      buildItemTimeline({ placedAt, item: record({}), tracking: null, refunds: [], returnInfo: null }).map((step) => `${step.step}:${step.reached}`),
    ).toEqual(['placed:true', 'approved:false', 'shipped:false', 'in_transit:false', 'delivered:false']);
  });

  it('a partly refunded item shows the steps ahead only while its tracking says the parcel is on its way', () => {
    const refundedAt = new Date('2025-11-05T12:00:00.000Z');
    const base = {
      placedAt,
      item: record({ status: 'partially_refunded', refundedCents: 500 }),
      refunds: [{ orderItemId: 'i1', amountCents: 500, reason: 'late', createdAt: refundedAt }],
      returnInfo: null,
    };
    // Delivered or not, a refund does not say: no promise without tracking.
    expect(buildItemTimeline({ ...base, tracking: null }).map((step) => `${step.step}:${step.reached}`)).toEqual([
      'placed:true',
      'approved:true',
      'shipped:true',
      'partially_refunded:true',
    ]);
    const travelling = buildItemTimeline({
      ...base,
      tracking: {
        trackingNumber: '1Z1',
        carrier: 'UPS',
        status: 'in_transit',
        createdAt: new Date('2025-11-02T12:00:00.000Z'),
        events: [{ status: 'in_transit', description: 'Departed', occurredAt: '2025-11-03T12:00:00.000Z' }],
      },
    });
    expect(travelling.map((step) => `${step.step}:${step.reached}`)).toEqual([
      'placed:true',
      'approved:true',
      'shipped:true',
      'in_transit:true',
      'partially_refunded:true',
      'delivered:false',
    ]);
  });

  it('two partial refunds and then the rest: the refunds sit in time order among the parcel steps, the last one is "refunded"', () => {
    const at = (day: number) => new Date(Date.UTC(2025, 10, day, 12));
    const timeline = buildItemTimeline({
      placedAt,
      item: record({ status: 'refunded', refundedCents: 10000, deliveredAt: at(6) }),
      tracking: {
        trackingNumber: '1Z999AA10123456784',
        carrier: 'UPS',
        status: 'delivered',
        createdAt: at(2),
        events: [
          { status: 'in_transit', description: 'Departed from Facility', occurredAt: at(3).toISOString(), location: 'Hub' },
          { status: 'out_for_delivery', description: 'Out For Delivery Today', occurredAt: at(5).toISOString(), location: 'Austin, TX' },
          { status: 'delivered', description: 'Delivered', occurredAt: at(6).toISOString(), location: 'Austin, TX' },
        ],
      },
      refunds: [
        { orderItemId: 'i1', amountCents: 7000, reason: 'the rest', createdAt: at(9) },
        { orderItemId: 'i1', amountCents: 1000, reason: 'late', createdAt: at(4) },
        { orderItemId: 'i1', amountCents: 2000, reason: 'scratch', createdAt: at(7) },
      ],
      returnInfo: null,
    });
    expect(timeline.map((step) => `${step.step}${step.amount === null ? '' : ` ${step.amount}`}`)).toEqual([
      'placed',
      'approved',
      'shipped',
      'in_transit',
      'partially_refunded 10',
      'out_for_delivery',
      'delivered',
      'partially_refunded 20',
      'refunded 70',
    ]);
    expect(timeline.every((step) => step.reached)).toBe(true);
    expect(timeline.find((step) => step.step === 'out_for_delivery')).toMatchObject({ description: 'Out For Delivery Today', location: 'Austin, TX' });
  });
});
