import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { earliestPickupDate } from '@marketplace/domain/pickup-schedule';
import {
  ALREADY_PICKED_UP_MESSAGE,
  countShipmentsForStats,
  VOID_PERIOD_EXPIRED_MESSAGE,
  VOIDED_LABEL_MESSAGE,
  VOIDED_SHIPMENT_MESSAGE,
  type ShipmentStatus,
} from '@marketplace/domain/shipment-rules';
import { orderItems, pickups, shipmentItems, shipments as shipmentsTable } from '../../db/schema';
import { CarrierError, type CarrierProvider } from '../../providers/carrier/port';
import { bearerFor } from '../../../test/factories-commerce';
import { addShipFromAddress, createUser } from '../../../test/factories';
import { createCategory, createOrder, createProduct } from '../../../test/factories-orders';
import { buildTestApp, type TestApp } from '../../../test/helper';
import { createPickupChargesService } from './pickup-charges.service';
import { createTrackingService, TRACKING_CONCURRENCY } from './tracking.service';
import { createOrderItemLifecycle } from '../orders';
import { createPaymentProvider } from '../../providers/payment/create-payment-provider';

const orderItemStatesOf = (testApp: TestApp) =>
  createOrderItemLifecycle({ db: testApp.database.db, clock: testApp.clock, payments: createPaymentProvider(testApp.config, testApp.clock) });

type SandboxCarrier = CarrierProvider & { simulate(trackingNumber: string, status: string): unknown };

let testApp: TestApp;
let carrier: SandboxCarrier;
let categoryId: string;
const HOUR = 60 * 60 * 1000;

beforeAll(async () => {
  // The app builds its own carrier; this keeps a handle on it so tests can spy on the sandbox.
  let captured: CarrierProvider | null = null;
  testApp = await buildTestApp({
    wrapCarrier: (made) => {
      captured = made;
      return made;
    },
  });
  carrier = captured! as SandboxCarrier;
  categoryId = (await createCategory(testApp.database.db)).id;
});

afterAll(async () => {
  await testApp.close();
});

interface Body {
  [key: string]: unknown;
}

async function call(method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, authorization?: string, payload?: object) {
  const response = await testApp.app.inject({ method, url, headers: authorization ? { authorization } : {}, ...(payload ? { payload } : {}) });
  return { status: response.statusCode, body: response.json<Body>() };
}

async function newSeller(options: { withAddress?: boolean } = {}) {
  const db = testApp.database.db;
  const seller = await createUser(db, { role: 'seller' });
  if (options.withAddress !== false) {
    await addShipFromAddress(db, seller.id, 'Seller Warehouse');
  }
  return { seller, auth: await bearerFor(testApp, seller) };
}

/** An order with the seller's items in the given statuses (and optionally another seller's item). */
async function newOrder(sellerId: string, statuses: Array<'approved' | 'pending'>, options: { otherSellerId?: string } = {}) {
  const db = testApp.database.db;
  const buyer = await createUser(db, { role: 'buyer' });
  const lines = [];
  for (const [index, status] of statuses.entries()) {
    const product = await createProduct(db, { sellerId, categoryId, title: `Item ${index + 1}`, weightOunces: 20 });
    lines.push({ product, status, priceCents: 1000 * (index + 1), quantity: index + 1 });
  }
  if (options.otherSellerId) {
    const product = await createProduct(db, { sellerId: options.otherSellerId, categoryId, title: 'Not mine' });
    lines.push({ product, status: 'approved' as const, priceCents: 500, quantity: 1 });
  }
  const { order, items } = await createOrder(db, { buyerId: buyer.id, items: lines, status: 'processing' });
  return { order, items, buyer };
}

async function createdShipment(options: { statuses?: Array<'approved' | 'pending'> } = {}) {
  const { seller, auth } = await newSeller();
  const { order, items } = await newOrder(seller.id, options.statuses ?? ['approved']);
  const created = await call('POST', `/api/shipments/create/${order.id}`, auth);
  expect(created.status).toBe(200);
  const shipmentId = (created.body.shipments as Body[])[0]!.id as string;
  const processed = await call('POST', `/api/shipments/process-ups/${shipmentId}`, auth);
  expect(processed.status).toBe(200);
  return { seller, auth, order, items, shipmentId, trackingNumber: processed.body.trackingNumber as string };
}

async function itemStatuses(ids: string[]) {
  const rows = await testApp.database.db.select({ id: orderItems.id, status: orderItems.status }).from(orderItems);
  return ids.map((id) => rows.find((row) => row.id === id)?.status);
}

function isoDayAfter(date: string, days: number) {
  return new Date(new Date(`${date}T00:00:00Z`).getTime() + days * 24 * HOUR).toISOString().slice(0, 10);
}

describe('access', () => {
  it('asks for a token (401) and a seller (403) on every call', async () => {
    const buyer = await createUser(testApp.database.db, { role: 'buyer' });
    const buyerAuth = await bearerFor(testApp, buyer);
    const id = '00000000-0000-4000-8000-000000000000';
    const calls: Array<['GET' | 'POST' | 'PUT' | 'DELETE', string]> = [
      ['GET', '/api/shipments/simulation-statuses'],
      ['GET', `/api/shipments/seller/${buyer.id}`],
      ['GET', `/api/shipments/label/${id}`],
      ['POST', `/api/shipments/create/${id}`],
      ['POST', `/api/shipments/process-ups/${id}`],
      ['POST', `/api/shipments/schedule-pickup/${id}`],
      ['DELETE', `/api/shipments/cancel-pickup/${id}`],
      ['GET', `/api/shipments/consolidated-pickup-status/${buyer.id}/${id}`],
      ['POST', `/api/shipments/schedule-consolidated-pickup/${buyer.id}/${id}`],
      ['DELETE', `/api/shipments/void/${id}`],
      ['PUT', `/api/shipments/track/${id}`],
      ['GET', `/api/shipments/rate-quote/${id}`],
      ['GET', `/api/shipments/pickup-quote/${id}?pickupDate=20300107`],
      ['GET', `/api/shipments/consolidated-pickup-quote/${buyer.id}/${id}?pickupDate=20300107`],
    ];
    for (const [method, url] of calls) {
      const body = method === 'POST' || method === 'PUT' ? { pickupDate: '2030-01-07' } : undefined;
      expect((await call(method, url, undefined, body)).status, `${method} ${url}`).toBe(401);
      expect((await call(method, url, buyerAuth, body)).status, `${method} ${url}`).toBe(403);
    }
  });

  it("answers another seller's shipment, order and list as 404", async () => {
    const { shipmentId, order, seller } = await createdShipment();
    const { auth: otherAuth, seller: other } = await newSeller();
    expect((await call('GET', `/api/shipments/seller/${seller.id}`, otherAuth)).status).toBe(404);
    expect((await call('POST', `/api/shipments/create/${order.id}`, otherAuth)).status).toBe(404);
    expect((await call('POST', `/api/shipments/process-ups/${shipmentId}`, otherAuth)).status).toBe(404);
    expect((await call('GET', `/api/shipments/label/${shipmentId}`, otherAuth)).status).toBe(404);
    expect(
      (await call('POST', `/api/shipments/schedule-pickup/${shipmentId}`, otherAuth, { pickupDate: earliestPickupDate(testApp.clock.now()) })).status,
    ).toBe(404);
    expect((await call('DELETE', `/api/shipments/cancel-pickup/${shipmentId}`, otherAuth)).status).toBe(404);
    expect((await call('DELETE', `/api/shipments/void/${shipmentId}`, otherAuth)).status).toBe(404);
    expect((await call('PUT', `/api/shipments/track/${shipmentId}`, otherAuth, {})).status).toBe(404);
    expect((await call('GET', `/api/shipments/consolidated-pickup-status/${other.id}/${order.id}`, otherAuth)).status).toBe(404);
    expect((await call('GET', `/api/shipments/consolidated-pickup-status/${seller.id}/${order.id}`, otherAuth)).status).toBe(404);
    expect((await call('POST', `/api/shipments/schedule-consolidated-pickup/${seller.id}/${order.id}`, otherAuth, { pickupDate: '2030-01-07' })).status).toBe(
      404,
    );
    // A malformed id is a bad request.
    expect((await call('DELETE', '/api/shipments/void/not-a-uuid', otherAuth)).status).toBe(400);
  });
});

describe('GET /api/shipments/simulation-statuses', () => {
  it('lists the statuses outside production', async () => {
    const { auth } = await newSeller();
    const { status, body } = await call('GET', '/api/shipments/simulation-statuses', auth);
    expect(status).toBe(200);
    expect(body.success).toBe(true);
    expect(body.statuses).toEqual(expect.arrayContaining(['in_transit', 'delivered']));
  });

  it('is missing in production, where simulating tracking is refused', async () => {
    const production = createTrackingService({
      db: testApp.database.db,
      clock: testApp.clock,
      carrier,
      environment: 'production',
      orderItems: orderItemStatesOf(testApp),
    });
    expect(() => production.simulationStatuses()).toThrow(expect.objectContaining({ statusCode: 404 }));
    const { seller, shipmentId } = await createdShipment();
    await expect(production.track(seller.id, shipmentId, 'delivered')).rejects.toMatchObject({
      statusCode: 400,
      message: 'Tracking simulation is only available in development mode',
    });
  });
});

describe('POST /api/shipments/create/:orderId', () => {
  it("creates one shipment from the seller's approved items only, and a repeat answers it", async () => {
    const { seller: other } = await newSeller();
    const { seller, auth } = await newSeller();
    const { order, items } = await newOrder(seller.id, ['approved', 'approved', 'pending'], { otherSellerId: other.id });
    const first = await call('POST', `/api/shipments/create/${order.id}`, auth);
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ success: true, message: 'Shipment created successfully' });
    const [shipment] = first.body.shipments as Body[];
    expect(shipment).toMatchObject({
      order_id: order.id,
      seller_id: seller.id,
      status: 'pending',
      trackingNumber: null,
      labelUrl: null,
      item_count: 2,
      total_quantity: 3,
      service_description: 'UPS Ground',
    });
    expect([...(shipment!.product_names as string[])].sort()).toEqual(['Item 1', 'Item 2']);
    // 20 oz × 1 + 20 oz × 2 = 60 oz = 3.75 lbs
    expect(shipment!.weight).toBe(3.75);
    const again = await call('POST', `/api/shipments/create/${order.id}`, auth);
    expect(again.status).toBe(200);
    expect((again.body.shipments as Body[]).map((row) => row.id)).toEqual([shipment!.id]);
    expect(await itemStatuses(items.map((item) => item.id))).toEqual(['approved', 'approved', 'pending', 'approved']);
  });

  it('refuses an order with nothing approved (400) and an unknown order (404)', async () => {
    const { seller, auth } = await newSeller();
    const { order } = await newOrder(seller.id, ['pending']);
    expect(await call('POST', `/api/shipments/create/${order.id}`, auth)).toMatchObject({ status: 400, body: { error: 'No items ready for shipment' } });
    expect((await call('POST', '/api/shipments/create/00000000-0000-4000-8000-000000000000', auth)).status).toBe(404);
  });
});

describe('POST /api/shipments/process-ups/:shipmentId', () => {
  it('buys one label, marks the items shipped, and answers a repeat (or one beside it) without calling the carrier again', async () => {
    const { seller, auth } = await newSeller();
    const { order, items } = await newOrder(seller.id, ['approved']);
    const created = await call('POST', `/api/shipments/create/${order.id}`, auth);
    const shipmentId = (created.body.shipments as Body[])[0]!.id as string;
    const spy = vi.spyOn(carrier, 'createShipment');
    try {
      const answers = await Promise.all([
        call('POST', `/api/shipments/process-ups/${shipmentId}`, auth),
        call('POST', `/api/shipments/process-ups/${shipmentId}`, auth),
      ]);
      const third = await call('POST', `/api/shipments/process-ups/${shipmentId}`, auth);
      expect(spy).toHaveBeenCalledTimes(1);
      // Either of the two may take the claim: the one that did bought the label.
      const winner = answers.findIndex((answer) => answer.status === 200);
      expect(winner).toBeGreaterThanOrEqual(0);
      const first = answers[winner]!;
      const second = answers[1 - winner]!;
      expect(first.body.trackingNumber).toMatch(/^1Z[0-9A-Z]{16}$/);
      expect(first.body.labelUrl).toMatch(/^data:image\/gif;base64,R0lG/);
      // The one beside it waited for nothing: it answered the label bought already, or that one is being bought.
      if (second.status === 200) expect(second.body.trackingNumber).toBe(first.body.trackingNumber);
      else expect(second).toMatchObject({ status: 409, body: { code: 'label_in_progress' } });
      expect(third.body).toMatchObject({ success: true, trackingNumber: first.body.trackingNumber, labelUrl: first.body.labelUrl });
    } finally {
      spy.mockRestore();
    }
    expect(await itemStatuses([items[0]!.id])).toEqual(['shipped']);
    const list = await call('GET', `/api/shipments/seller/${seller.id}`, auth);
    const [shipment] = list.body.shipments as Body[];
    expect(shipment).toMatchObject({
      status: 'created',
      tracking_number: shipment!.trackingNumber,
      hasLabel: true,
      shipper_address: { line1: '100 Main St', city: 'Austin', state: 'TX', postalCode: '78701' },
    });
    // The label itself is its own call, and the same bytes the process answer gave.
    const label = await call('GET', `/api/shipments/label/${shipmentId}`, auth);
    expect(label).toEqual({
      status: 200,
      body: { success: true, labelUrl: expect.stringMatching(/^data:image\/gif;base64,R0lG/), label_url: expect.any(String) },
    });
    expect(label.body.label_url).toBe(label.body.labelUrl);
  });

  it('needs a ship-from address', async () => {
    const { seller, auth } = await newSeller({ withAddress: false });
    const { order } = await newOrder(seller.id, ['approved']);
    const created = await call('POST', `/api/shipments/create/${order.id}`, auth);
    const shipmentId = (created.body.shipments as Body[])[0]!.id as string;
    const answer = await call('POST', `/api/shipments/process-ups/${shipmentId}`, auth);
    expect(answer.status).toBe(400);
    expect(answer.body.error).toMatch(/ship-from address/);
  });
});

describe('GET /api/shipments/seller/:userId', () => {
  it("lists only the caller's shipments with both spellings and the item details", async () => {
    const { seller, auth, shipmentId } = await createdShipment({ statuses: ['approved', 'approved'] });
    await createdShipment();
    const { status, body } = await call('GET', `/api/shipments/seller/${seller.id}`, auth);
    expect(status).toBe(200);
    const list = body.shipments as Body[];
    expect(list).toHaveLength(1);
    const shipment = list[0]!;
    expect(shipment.id).toBe(shipmentId);
    expect(shipment).toMatchObject({ item_count: 2, total_quantity: 3, pickup_date: null, pickup_request_number: null });
    expect([...(shipment.item_quantities as number[])].sort()).toEqual([1, 2]);
    const byName = (a: Body, b: Body) => String(a.name).localeCompare(String(b.name));
    expect([...(shipment.item_details as Body[])].sort(byName)).toEqual([
      { name: 'Item 1', image: null, quantity: 1, price: 10 },
      { name: 'Item 2', image: null, quantity: 2, price: 20 },
    ]);
    expect(shipment.items).toEqual(shipment.shipment_items);
    expect(shipment.items as Body[]).toContainEqual(
      expect.objectContaining({ quantity: 1, order_item: expect.objectContaining({ title: 'Item 1', price: 10, images: [] }) }),
    );
  });
});

let seededAt = 0;

/** Inserts shipments straight into the table (one order, a second apart, each newer than any seeded before), for paging and counting. */
async function seedShipments(sellerId: string, specs: Array<{ status: ShipmentStatus; trackingNumber?: string | null; label?: boolean; pickupId?: string }>) {
  const db = testApp.database.db;
  const { order, items } = await newOrder(sellerId, ['approved']);
  if (seededAt === 0) seededAt = testApp.clock.now().getTime() - 24 * HOUR;
  const ids: string[] = [];
  for (const spec of specs) {
    seededAt += 1000;
    const at = new Date(seededAt);
    const [row] = await db
      .insert(shipmentsTable)
      .values({
        orderId: order.id,
        sellerId,
        status: spec.status,
        trackingNumber: spec.trackingNumber === undefined ? null : spec.trackingNumber,
        labelFormat: spec.label ? 'GIF' : null,
        labelBase64: spec.label ? 'R0lGODlhAQABAAAAACw=' : null,
        pickupId: spec.pickupId ?? null,
        weightOunces: 16,
        recipientAddress: { name: 'Test Buyer', line1: '1 Market St', city: 'San Francisco', state: 'CA', postalCode: '94105', countryCode: 'US' },
        createdAt: at,
        updatedAt: at,
      })
      .returning();
    await db.insert(shipmentItems).values({ shipmentId: row!.id, orderItemId: items[0]!.id, quantity: 1, isActive: false });
    ids.push(row!.id);
  }
  // Newest first, as the list answers.
  return { order, ids: ids.reverse() };
}

const ids = (body: Body) => (body.shipments as Body[]).map((row) => row.id as string);

describe('GET /api/shipments/seller/:userId — pages, filters and stats', () => {
  it('answers 20 per page by default with the total, and later pages continue where the first stopped', async () => {
    const { seller, auth } = await newSeller();
    const seeded = await seedShipments(
      seller.id,
      Array.from({ length: 25 }, () => ({ status: 'delivered' as const })),
    );
    const first = await call('GET', `/api/shipments/seller/${seller.id}`, auth);
    expect(first.status).toBe(200);
    expect(first.body.pagination).toEqual({ page: 1, limit: 20, total: 25, totalPages: 2 });
    expect(ids(first.body)).toEqual(seeded.ids.slice(0, 20));
    const second = await call('GET', `/api/shipments/seller/${seller.id}?page=2`, auth);
    expect(second.body.pagination).toEqual({ page: 2, limit: 20, total: 25, totalPages: 2 });
    expect(ids(second.body)).toEqual(seeded.ids.slice(20));
    const third = await call('GET', `/api/shipments/seller/${seller.id}?page=3&limit=10`, auth);
    expect(third.body.pagination).toEqual({ page: 3, limit: 10, total: 25, totalPages: 3 });
    expect(ids(third.body)).toEqual(seeded.ids.slice(20, 25));
    // Past the end: no rows, and still the total.
    const past = await call('GET', `/api/shipments/seller/${seller.id}?page=9&limit=10`, auth);
    expect(past.body).toMatchObject({ success: true, shipments: [], pagination: { page: 9, limit: 10, total: 25, totalPages: 3 } });
  });

  it('refuses a bad page, limit, status or order id with 400', async () => {
    const { seller, auth } = await newSeller();
    for (const query of ['page=0', 'page=1.5', 'limit=0', 'limit=101', 'status=lost', 'orderId=123', 'page=abc']) {
      const answer = await call('GET', `/api/shipments/seller/${seller.id}?${query}`, auth);
      expect(answer.status, query).toBe(400);
      expect(answer.body.error, query).toEqual(expect.any(String));
    }
    expect((await call('GET', `/api/shipments/seller/${seller.id}?limit=100&status=&q=`, auth)).status).toBe(200);
  });

  it('filters by status, by order, and by q on the tracking number or id, case-insensitively', async () => {
    const { seller, auth } = await newSeller();
    const a = await seedShipments(seller.id, [
      { status: 'created', trackingNumber: '1ZABC0000000000001' },
      { status: 'delivered', trackingNumber: '1ZXYZ0000000000002' },
    ]);
    const b = await seedShipments(seller.id, [{ status: 'delivered', trackingNumber: '1ZXYZ0000000000003' }, { status: 'pending' }]);
    const list = (query: string) => call('GET', `/api/shipments/seller/${seller.id}?${query}`, auth);

    const delivered = await list('status=delivered');
    expect(ids(delivered.body)).toEqual([b.ids[1], a.ids[0]]);
    expect(delivered.body.pagination).toMatchObject({ total: 2, totalPages: 1 });
    expect((delivered.body.shipments as Body[]).every((row) => row.status === 'delivered')).toBe(true);

    expect(ids((await list(`orderId=${a.order.id}`)).body)).toEqual(a.ids);
    expect(ids((await list(`orderId=${b.order.id}&status=pending`)).body)).toEqual([b.ids[0]]);

    // Lower case matches the upper-case tracking numbers; the middle of the number matches too.
    expect(ids((await list('q=1zxyz')).body)).toEqual([b.ids[1], a.ids[0]]);
    expect(ids((await list('q=abc000')).body)).toEqual([a.ids[1]]);
    expect(ids((await list('q=1zxyz&status=delivered&orderId=' + a.order.id)).body)).toEqual([a.ids[0]]);
    // A piece of the shipment id, typed in upper case.
    const pendingId = b.ids[0]!;
    expect(ids((await list(`q=${pendingId.slice(9, 18).toUpperCase()}`)).body)).toEqual([pendingId]);
    // % and _ are text, not patterns.
    const none = await list('q=%25');
    expect(none.body).toMatchObject({ shipments: [], pagination: { total: 0, totalPages: 0 } });
    // A filter narrows the list, never the stats.
    expect((none.body.stats as Body).total).toBe(4);
  });

  it('counts the stats over all the seller’s shipments (or the order’s), whatever the page, status or search', async () => {
    const { seller, auth } = await newSeller();
    const [pickup] = await testApp.database.db
      .insert(pickups)
      .values({ sellerId: seller.id, pickupRequestNumber: `PRN-${seller.id.slice(0, 8)}`, pickupDate: '2030-01-07', readyTime: '09:00', closeTime: '17:00' })
      .returning();
    const statuses: ShipmentStatus[] = [
      'created',
      'created',
      'created',
      'pickup_scheduled',
      'shipped',
      'in_transit',
      'out_for_delivery',
      'delivered',
      'delivered',
      'cancelled',
      'pending',
      'exception',
    ];
    const first = await seedShipments(
      seller.id,
      statuses.map((status, index) => ({
        status,
        trackingNumber: `1ZST${String(index).padStart(14, '0')}`,
        ...(index === 2 || index === 3 ? { pickupId: pickup!.id } : {}),
      })),
    );
    await seedShipments(seller.id, [{ status: 'created' }, { status: 'delivered' }]);
    // Another seller's shipments never count.
    const { seller: other } = await newSeller();
    await seedShipments(other.id, [{ status: 'created' }, { status: 'delivered' }]);

    const answer = await call('GET', `/api/shipments/seller/${seller.id}?limit=3&page=2&status=delivered&q=1zst`, auth);
    expect(answer.status).toBe(200);
    const expected = { total: 14, readyToShip: 5, inTransit: 3, pendingPickup: 3, delivered: 3 };
    expect(answer.body.stats).toMatchObject(expected);
    expect((answer.body.stats as Body).byStatus).toEqual({
      pending: 1,
      created: 4,
      pickup_scheduled: 1,
      shipped: 1,
      in_transit: 1,
      out_for_delivery: 1,
      delivered: 3,
      exception: 1,
      cancelled: 1,
      returned: 0,
    });

    // The same numbers as the rule that counts a whole list.
    const all = await call('GET', `/api/shipments/seller/${seller.id}?limit=100`, auth);
    const everything = (all.body.shipments as Body[]).map((row) => ({
      status: row.status as ShipmentStatus,
      pickupRequestNumber: row.pickup_request_number as string | null,
    }));
    expect(everything).toHaveLength(14);
    expect(countShipmentsForStats(everything)).toEqual(expected);

    const ofOrder = await call('GET', `/api/shipments/seller/${seller.id}?orderId=${first.order.id}&limit=2`, auth);
    expect(ofOrder.body.stats).toMatchObject({ total: 12, readyToShip: 4, inTransit: 3, pendingPickup: 2, delivered: 2 });
    expect(ofOrder.body.pagination).toEqual({ page: 1, limit: 2, total: 12, totalPages: 6 });
  });

  it('lists no label bytes: hasLabel says whether the label call has one', async () => {
    const { seller, auth, shipmentId } = await createdShipment();
    const { order } = await newOrder(seller.id, ['approved']);
    const pendingId = ((await call('POST', `/api/shipments/create/${order.id}`, auth)).body.shipments as Body[])[0]!.id as string;
    const response = await testApp.app.inject({ method: 'GET', url: `/api/shipments/seller/${seller.id}`, headers: { authorization: auth } });
    expect(response.statusCode).toBe(200);
    expect(response.body).not.toMatch(/base64|R0lG/);
    const list = response.json<Body>().shipments as Body[];
    const labelled = list.find((row) => row.id === shipmentId)!;
    const pending = list.find((row) => row.id === pendingId)!;
    expect(labelled).toMatchObject({ hasLabel: true, labelUrl: null, label_url: null, actions: expect.objectContaining({ canViewLabel: true }) });
    expect(pending).toMatchObject({ hasLabel: false, labelUrl: null, label_url: null, actions: expect.objectContaining({ canViewLabel: false }) });
  });
});

describe('GET /api/shipments/label/:shipmentId', () => {
  it("answers the seller's label as a data URL, and 404 with the SPEC text when there is none", async () => {
    const { seller, auth, shipmentId } = await createdShipment();
    const own = await call('GET', `/api/shipments/label/${shipmentId}`, auth);
    expect(own.status).toBe(200);
    expect(own.body).toEqual({ success: true, labelUrl: own.body.labelUrl, label_url: own.body.labelUrl });
    expect(own.body.labelUrl).toMatch(/^data:image\/gif;base64,R0lGOD/);
    const [row] = await testApp.database.db.select().from(shipmentsTable).where(eq(shipmentsTable.id, shipmentId));
    expect(own.body.labelUrl).toBe(`data:image/gif;base64,${row!.labelBase64}`);

    const { order } = await newOrder(seller.id, ['approved']);
    const pendingId = ((await call('POST', `/api/shipments/create/${order.id}`, auth)).body.shipments as Body[])[0]!.id as string;
    expect(await call('GET', `/api/shipments/label/${pendingId}`, auth)).toEqual({ status: 404, body: { error: 'No label URL available', code: 'no_label' } });
    expect(await call('GET', '/api/shipments/label/00000000-0000-4000-8000-000000000000', auth)).toEqual({
      status: 404,
      body: { error: 'Shipment not found', code: 'not_found' },
    });
    expect((await call('GET', '/api/shipments/label/not-a-uuid', auth)).status).toBe(400);
  });

  it("answers another seller's shipment as 404 and a buyer with 403", async () => {
    const { shipmentId } = await createdShipment();
    const { auth: otherAuth } = await newSeller();
    expect(await call('GET', `/api/shipments/label/${shipmentId}`, otherAuth)).toEqual({
      status: 404,
      body: { error: 'Shipment not found', code: 'not_found' },
    });
    const buyer = await createUser(testApp.database.db, { role: 'buyer' });
    expect((await call('GET', `/api/shipments/label/${shipmentId}`, await bearerFor(testApp, buyer))).status).toBe(403);
  });
});

describe('pickups', () => {
  it('schedules a pickup for the next business day (dates and times in either format), once, and cancels it', async () => {
    const { auth, shipmentId, seller } = await createdShipment();
    const earliest = earliestPickupDate(testApp.clock.now());
    const spy = vi.spyOn(carrier, 'schedulePickup');
    try {
      const answer = await call('POST', `/api/shipments/schedule-pickup/${shipmentId}`, auth, {
        pickupDate: earliest.replaceAll('-', ''),
        readyTime: '100000',
        closeTime: '16:30',
      });
      expect(answer.status).toBe(200);
      expect(answer.body).toMatchObject({
        success: true,
        message: 'Pickup scheduled successfully!',
        pickupDate: earliest,
        readyTime: '10:00',
        closeTime: '16:30',
      });
      expect(answer.body.pickupRequestNumber).toEqual(expect.any(String));
      expect((answer.body.rate as Body).total).toEqual(expect.any(Number));
      const repeat = await call('POST', `/api/shipments/schedule-pickup/${shipmentId}`, auth, { pickupDate: earliest });
      expect(repeat.body.pickupRequestNumber).toBe(answer.body.pickupRequestNumber);
      expect(spy).toHaveBeenCalledTimes(1);
      expect(spy.mock.calls[0]![0]).toMatchObject({ pickupDate: earliest, readyTime: '10:00', closeTime: '16:30' });
    } finally {
      spy.mockRestore();
    }
    const other = await call('POST', `/api/shipments/schedule-pickup/${shipmentId}`, auth, { pickupDate: isoDayAfter(earliest, 7) });
    expect(other.status).toBe(400);
    const list = await call('GET', `/api/shipments/seller/${seller.id}`, auth);
    expect((list.body.shipments as Body[])[0]).toMatchObject({ status: 'pickup_scheduled', pickup_date: earliest });

    const cancelled = await call('DELETE', `/api/shipments/cancel-pickup/${shipmentId}`, auth);
    expect(cancelled).toMatchObject({ status: 200, body: { success: true, message: 'Pickup cancelled successfully!' } });
    const after = await call('GET', `/api/shipments/seller/${seller.id}`, auth);
    expect((after.body.shipments as Body[])[0]).toMatchObject({ status: 'created', pickup_date: null, pickup_request_number: null });
    expect((await call('DELETE', `/api/shipments/cancel-pickup/${shipmentId}`, auth)).status).toBe(400);
  });

  it('refuses bad dates and times, and shipments that are not created, with clear messages', async () => {
    const { auth, shipmentId } = await createdShipment();
    const now = testApp.clock.now();
    const earliest = earliestPickupDate(now);
    const today = isoDayAfter(earliest, -1);
    const cases: Array<[object, RegExp]> = [
      [{}, /pickupDate/],
      [{ pickupDate: '' }, /Pickup date is required/],
      [{ pickupDate: '2026-13-40' }, /valid date/],
      [{ pickupDate: 'tomorrow' }, /valid date/],
      [{ pickupDate: today }, /at least 1 day in advance: the earliest pickup date is/],
      [{ pickupDate: earliest, readyTime: '25:00' }, /Ready time/],
      [{ pickupDate: earliest, readyTime: '17:00', closeTime: '09:00' }, /Close time must be after/],
    ];
    for (const [body, message] of cases) {
      const answer = await call('POST', `/api/shipments/schedule-pickup/${shipmentId}`, auth, body);
      expect(answer.status, JSON.stringify(body)).toBe(400);
      expect(answer.body.error, JSON.stringify(body)).toMatch(message);
    }
    // The first Saturday on or after the earliest date is not a business day.
    let saturday = earliest;
    while (new Date(`${saturday}T00:00:00Z`).getUTCDay() !== 6) saturday = isoDayAfter(saturday, 1);
    expect((await call('POST', `/api/shipments/schedule-pickup/${shipmentId}`, auth, { pickupDate: saturday })).body.error).toMatch(/business day/);

    const { seller, auth: pendingAuth } = await newSeller();
    const { order } = await newOrder(seller.id, ['approved']);
    const pending = ((await call('POST', `/api/shipments/create/${order.id}`, pendingAuth)).body.shipments as Body[])[0]!.id as string;
    const refused = await call('POST', `/api/shipments/schedule-pickup/${pending}`, pendingAuth, { pickupDate: earliest });
    expect(refused.status).toBe(400);
    expect(refused.body.error).toMatch(/only be scheduled for a shipment in status created/);
  });
});

describe('consolidated pickup', () => {
  it("groups the order's created shipments into one pickup and exposes each item's share of its charge", async () => {
    const { seller, auth } = await newSeller();
    const { order, items } = await newOrder(seller.id, ['approved', 'pending']);
    const first = ((await call('POST', `/api/shipments/create/${order.id}`, auth)).body.shipments as Body[])[0]!.id as string;
    await call('POST', `/api/shipments/process-ups/${first}`, auth);
    const status = `/api/shipments/consolidated-pickup-status/${seller.id}/${order.id}`;
    expect((await call('GET', status, auth)).body).toEqual({ success: true, canConsolidate: false, potentialSavings: 0, shipmentsCount: 1 });
    const earliest = earliestPickupDate(testApp.clock.now());
    const tooFew = await call('POST', `/api/shipments/schedule-consolidated-pickup/${seller.id}/${order.id}`, auth, { pickupDate: earliest });
    expect(tooFew.status).toBe(400);

    await testApp.database.db.update(orderItems).set({ status: 'approved' }).where(eq(orderItems.id, items[1]!.id));
    const second = ((await call('POST', `/api/shipments/create/${order.id}`, auth)).body.shipments as Body[])[0]!.id as string;
    expect(second).not.toBe(first);
    await call('POST', `/api/shipments/process-ups/${second}`, auth);
    expect((await call('GET', status, auth)).body).toEqual({ success: true, canConsolidate: true, potentialSavings: 3, shipmentsCount: 2 });

    const answer = await call('POST', `/api/shipments/schedule-consolidated-pickup/${seller.id}/${order.id}`, auth, { pickupDate: earliest });
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ success: true, shipmentsCount: 2 });
    expect(answer.body.message).toBe(`Consolidated pickup scheduled for 2 shipments! Savings: $${(answer.body.savings as number).toFixed(2)}`);
    const list = (await call('GET', `/api/shipments/seller/${seller.id}`, auth)).body.shipments as Body[];
    expect(list.map((row) => row.pickup_request_number)).toEqual([answer.body.pickupRequestNumber, answer.body.pickupRequestNumber]);
    expect(list.every((row) => row.status === 'pickup_scheduled')).toBe(true);
    expect((await call('GET', status, auth)).body).toMatchObject({ canConsolidate: false, shipmentsCount: 0 });

    const service = createPickupChargesService({ db: testApp.database.db });
    const infos = await Promise.all(items.map((item) => service.pickupChargeInfoFor(item.id)));
    expect(infos[0]).toMatchObject({
      hasPickup: true,
      isConsolidatedPickup: true,
      shipmentsCount: 2,
      pickupRequestNumber: answer.body.pickupRequestNumber,
      currency: 'USD',
    });
    // Item 1 is $10 × 1, item 2 is $20 × 2: a fifth and four fifths of the charge.
    expect(infos[0]!.allocation).toMatchObject({ totalOrderItemsInPickup: 2, totalOrderValueInPickup: 50, currentItemValue: 10, pickupChargeRatio: 0.2 });
    const total = Math.round(infos[0]!.totalPickupCharge * 100);
    expect(infos[0]!.allocation!.allocatedPickupChargeCents + infos[1]!.allocation!.allocatedPickupChargeCents).toBe(total);
    const unshipped = await service.pickupChargeInfoFor('00000000-0000-4000-8000-000000000000');
    expect(unshipped).toMatchObject({ hasPickup: false, totalPickupCharge: 0, allocation: null });
  });
});

describe('DELETE /api/shipments/void/:shipmentId', () => {
  it('voids a fresh shipment: items back to approved, and a new shipment can be made', async () => {
    const { auth, shipmentId, items, order, seller } = await createdShipment();
    const answer = await call('DELETE', `/api/shipments/void/${shipmentId}`, auth);
    expect(answer).toMatchObject({ status: 200, body: { success: true, message: 'Shipment voided successfully!' } });
    expect(await itemStatuses([items[0]!.id])).toEqual(['approved']);
    const again = await call('DELETE', `/api/shipments/void/${shipmentId}`, auth);
    expect(again.status).toBe(409);
    const remade = await call('POST', `/api/shipments/create/${order.id}`, auth);
    expect(remade.status).toBe(200);
    expect((remade.body.shipments as Body[])[0]!.id).not.toBe(shipmentId);
    const list = (await call('GET', `/api/shipments/seller/${seller.id}`, auth)).body.shipments as Body[];
    expect(list.find((row) => row.id === shipmentId)).toMatchObject({ status: 'cancelled' });
  });

  it('voids a shipment with a scheduled pickup', async () => {
    const { auth, shipmentId } = await createdShipment();
    await call('POST', `/api/shipments/schedule-pickup/${shipmentId}`, auth, { pickupDate: earliestPickupDate(testApp.clock.now()) });
    expect((await call('DELETE', `/api/shipments/void/${shipmentId}`, auth)).status).toBe(200);
  });

  it('refuses after 24 hours by the clock', async () => {
    const { seller, shipmentId, items } = await createdShipment();
    testApp.clock.advance(23 * HOUR);
    const { shipmentId: second, seller: secondSeller } = await createdShipment();
    testApp.clock.advance(2 * HOUR);
    // Tokens live an hour: sign fresh ones at the new time.
    const auth = await bearerFor(testApp, seller);
    const secondAuth = await bearerFor(testApp, secondSeller);
    const refused = await call('DELETE', `/api/shipments/void/${shipmentId}`, auth);
    expect(refused).toMatchObject({ status: 409, body: { error: VOID_PERIOD_EXPIRED_MESSAGE, code: 'void_period_expired' } });
    expect(await itemStatuses([items[0]!.id])).toEqual(['shipped']);
    expect((await call('DELETE', `/api/shipments/void/${second}`, secondAuth)).status).toBe(200);
  });

  it('refuses after the parcel is with the carrier, and maps carrier refusals to the spec texts', async () => {
    const { auth, shipmentId } = await createdShipment();
    expect((await call('PUT', `/api/shipments/track/${shipmentId}`, auth, { simulateStatus: 'in_transit' })).status).toBe(200);
    expect(await call('DELETE', `/api/shipments/void/${shipmentId}`, auth)).toMatchObject({
      status: 409,
      body: { error: ALREADY_PICKED_UP_MESSAGE, code: 'already_picked_up' },
    });

    const fresh = await createdShipment();
    const spy = vi.spyOn(carrier, 'voidShipment').mockRejectedValueOnce(new CarrierError('Void period expired', 'void_period_expired', false, '190117'));
    try {
      expect(await call('DELETE', `/api/shipments/void/${fresh.shipmentId}`, fresh.auth)).toMatchObject({
        status: 409,
        body: { error: VOID_PERIOD_EXPIRED_MESSAGE },
      });
    } finally {
      spy.mockRestore();
    }
    const [row] = await testApp.database.db.select().from(shipmentsTable).where(eq(shipmentsTable.id, fresh.shipmentId));
    expect(row!.status).toBe('created');
  });
});

describe('PUT /api/shipments/track/:shipmentId', () => {
  it('refreshes tracking, simulates statuses, and delivered marks the items delivered', async () => {
    const { auth, shipmentId, items } = await createdShipment();
    const refreshed = await call('PUT', `/api/shipments/track/${shipmentId}`, auth, {});
    expect(refreshed).toMatchObject({ status: 200, body: { success: true, message: 'Tracking information updated!' } });
    expect(refreshed.body.events).toEqual(expect.any(Array));
    const simulated = await call('PUT', `/api/shipments/track/${shipmentId}`, auth, { simulateStatus: 'delivered' });
    expect(simulated).toMatchObject({ status: 200, body: { success: true, status: 'delivered', message: 'Tracking simulated to status: delivered' } });
    expect(await itemStatuses([items[0]!.id])).toEqual(['delivered']);
  });

  it('keeps the stored status when the carrier has no events for the number yet', async () => {
    const { auth, shipmentId } = await createdShipment();
    // A valid 1Z number the carrier has never seen (UPS right after labelling; the sandbox after a restart).
    await testApp.database.db.update(shipmentsTable).set({ trackingNumber: '1Z999AA10123456784' }).where(eq(shipmentsTable.id, shipmentId));
    const answer = await call('PUT', `/api/shipments/track/${shipmentId}`, auth, {});
    expect(answer).toMatchObject({ status: 200, body: { success: true, status: 'created', message: 'No new tracking information from UPS yet.' } });
  });

  it('refuses an unknown simulated status and a shipment without a label', async () => {
    const { auth, shipmentId } = await createdShipment();
    const unknown = await call('PUT', `/api/shipments/track/${shipmentId}`, auth, { simulateStatus: 'teleported' });
    expect(unknown.status).toBe(400);
    expect(unknown.body.error).toMatch(/Unknown simulation status/);
    const { seller, auth: otherAuth } = await newSeller();
    const { order } = await newOrder(seller.id, ['approved']);
    const pending = ((await call('POST', `/api/shipments/create/${order.id}`, otherAuth)).body.shipments as Body[])[0]!.id as string;
    expect(await call('PUT', `/api/shipments/track/${pending}`, otherAuth)).toMatchObject({
      status: 400,
      body: { error: 'This shipment has no tracking number yet' },
    });
  });
});

/** Dollars as the API answers them → cents, to add them up exactly. */
const cents = (dollars: unknown) => Math.round(Number(dollars) * 100);
const sumOf = (lines: unknown) => (lines as Body[]).reduce((total, line) => total + cents(line.amount), 0);

describe('GET /api/shipments/rate-quote/:orderId', () => {
  it('quotes the label Create Shipment then buys, buying nothing, at the price the label is charged', async () => {
    const { seller, auth } = await newSeller();
    const { order, items } = await newOrder(seller.id, ['approved', 'approved', 'pending']);
    const createSpy = vi.spyOn(carrier, 'createShipment');
    let quote;
    try {
      quote = await call('GET', `/api/shipments/rate-quote/${order.id}`, auth);
      expect(createSpy).not.toHaveBeenCalled();
    } finally {
      createSpy.mockRestore();
    }
    expect(quote.status).toBe(200);
    // Austin (787) to San Francisco (941): zone 4 in the sandbox; 20 oz + 2 × 20 oz = 3.75 lbs, billed as 4.
    expect(quote.body).toMatchObject({ success: true, orderId: order.id, shipmentId: null, weight: 3.75 });
    expect([...(quote.body.items as Body[])].sort((a, b) => String(a.title).localeCompare(String(b.title)))).toEqual([
      { orderItemId: items[0]!.id, title: 'Item 1', quantity: 1 },
      { orderItemId: items[1]!.id, title: 'Item 2', quantity: 2 },
    ]);
    const rate = quote.body.rate as Body;
    expect(rate).toMatchObject({ serviceCode: '03', serviceDescription: 'UPS Ground', currency: 'USD', billingWeight: 4 });
    expect(rate.chargeDetails).toEqual([
      { description: 'UPS Ground, zone 4, first lb', amount: expect.any(Number) },
      { description: '3 additional lb', amount: expect.any(Number) },
    ]);
    expect(sumOf(rate.chargeDetails)).toBe(cents(rate.total));
    // Nothing was made.
    expect((await call('GET', `/api/shipments/seller/${seller.id}`, auth)).body.shipments).toEqual([]);

    // Created but not yet labelled: the quote is for that shipment, at the same price.
    const shipmentId = ((await call('POST', `/api/shipments/create/${order.id}`, auth)).body.shipments as Body[])[0]!.id as string;
    const waiting = await call('GET', `/api/shipments/rate-quote/${order.id}`, auth);
    expect(waiting.body).toMatchObject({ shipmentId, rate: { total: rate.total } });

    expect((await call('POST', `/api/shipments/process-ups/${shipmentId}`, auth)).status).toBe(200);
    const [labelled] = (await call('GET', `/api/shipments/seller/${seller.id}`, auth)).body.shipments as Body[];
    expect(labelled!.charges).toBe(rate.total);
    // Everything approved is on its way: nothing left to quote.
    expect(await call('GET', `/api/shipments/rate-quote/${order.id}`, auth)).toMatchObject({
      status: 400,
      body: { error: 'No items ready for shipment', code: 'no_items_ready' },
    });
  });

  it("is the seller's own: 401 without a token, 403 for a buyer, 404 for another seller, 400 with a code for bad input", async () => {
    const { seller } = await newSeller();
    const { order } = await newOrder(seller.id, ['approved']);
    const url = `/api/shipments/rate-quote/${order.id}`;
    expect((await call('GET', url)).status).toBe(401);
    const buyer = await createUser(testApp.database.db, { role: 'buyer' });
    expect((await call('GET', url, await bearerFor(testApp, buyer))).status).toBe(403);
    const { auth: otherAuth } = await newSeller();
    expect(await call('GET', url, otherAuth)).toEqual({ status: 404, body: { error: 'Order not found', code: 'not_found' } });
    const malformed = await call('GET', '/api/shipments/rate-quote/not-an-order', otherAuth);
    expect(malformed).toMatchObject({
      status: 400,
      body: { error: 'Invalid request — orderId: Order not found', code: 'validation_failed', issues: [{ path: 'orderId', message: 'Order not found' }] },
    });

    const { seller: homeless, auth: homelessAuth } = await newSeller({ withAddress: false });
    const { order: homelessOrder } = await newOrder(homeless.id, ['approved']);
    const noShipFrom = await call('GET', `/api/shipments/rate-quote/${homelessOrder.id}`, homelessAuth);
    expect(noShipFrom).toMatchObject({ status: 400, body: { code: 'no_ship_from' } });
    expect(noShipFrom.body.error).toMatch(/ship-from address/);
    const { order: unapproved } = await newOrder(homeless.id, ['pending']);
    expect(await call('GET', `/api/shipments/rate-quote/${unapproved.id}`, homelessAuth)).toMatchObject({ status: 400, body: { code: 'no_items_ready' } });
  });

  it('answers a carrier outage with 502 and a refusal with 400, each with its code', async () => {
    const { seller, auth } = await newSeller();
    const { order } = await newOrder(seller.id, ['approved']);
    const spy = vi
      .spyOn(carrier, 'rateShipment')
      .mockRejectedValueOnce(new CarrierError('UPS could not be reached', 'unavailable', true))
      .mockRejectedValueOnce(new CarrierError('The requested service is unavailable between the selected locations.', 'invalid_request', false, '111210'));
    try {
      expect(await call('GET', `/api/shipments/rate-quote/${order.id}`, auth)).toMatchObject({
        status: 502,
        body: { error: 'Failed to get the label rate: UPS could not be reached', code: 'carrier_unavailable', retryable: true },
      });
      expect(await call('GET', `/api/shipments/rate-quote/${order.id}`, auth)).toMatchObject({ status: 400, body: { code: 'carrier_refused' } });
    } finally {
      spy.mockRestore();
    }
  });
});

describe('pickup quotes', () => {
  const pickupQuery = (date: string) => `pickupDate=${date.replaceAll('-', '')}&readyTime=090000&closeTime=170000`;

  it("quotes a pickup's charge and each item's share, which scheduling then charges and the payout deducts", async () => {
    const { seller, auth, shipmentId, items } = await createdShipment({ statuses: ['approved', 'approved'] });
    const earliest = earliestPickupDate(testApp.clock.now());
    const scheduleSpy = vi.spyOn(carrier, 'schedulePickup');
    let quote;
    try {
      quote = await call('GET', `/api/shipments/pickup-quote/${shipmentId}?${pickupQuery(earliest)}`, auth);
      expect(scheduleSpy).not.toHaveBeenCalled();
    } finally {
      scheduleSpy.mockRestore();
    }
    expect(quote.status).toBe(200);
    expect(quote.body).toMatchObject({
      success: true,
      isConsolidatedPickup: false,
      shipmentsCount: 1,
      pickupDate: earliest,
      readyTime: '09:00',
      closeTime: '17:00',
      source: 'carrier API',
    });
    const rate = quote.body.rate as Body;
    expect(cents(rate.total)).toBeGreaterThan(0);
    expect(sumOf(rate.chargeDetails)).toBe(cents(rate.total));
    // Item 1 is $10 × 1 and item 2 $20 × 2: a fifth and four fifths of the charge, adding up to all of it.
    const allocation = quote.body.allocation as { totalOrderItemsInPickup: number; totalOrderValueInPickup: number; items: Body[] };
    expect(allocation).toMatchObject({ totalOrderItemsInPickup: 2, totalOrderValueInPickup: 50 });
    const shareOf = (orderItemId: string) => allocation.items.find((item) => item.orderItemId === orderItemId)!;
    expect(shareOf(items[0]!.id)).toMatchObject({ shipmentId, title: 'Item 1', quantity: 1, itemValue: 10, pickupChargeRatio: 0.2 });
    expect(shareOf(items[1]!.id)).toMatchObject({ shipmentId, title: 'Item 2', quantity: 2, itemValue: 40, pickupChargeRatio: 0.8 });
    expect(allocation.items.reduce((total, item) => total + cents(item.allocatedPickupCharge), 0)).toBe(cents(rate.total));
    // Quoting booked nothing.
    expect(((await call('GET', `/api/shipments/seller/${seller.id}`, auth)).body.shipments as Body[])[0]).toMatchObject({
      status: 'created',
      pickup_request_number: null,
    });

    const scheduled = await call('POST', `/api/shipments/schedule-pickup/${shipmentId}`, auth, { pickupDate: earliest });
    expect((scheduled.body.rate as Body).total).toBe(rate.total);
    const service = createPickupChargesService({ db: testApp.database.db });
    for (const item of items) {
      const info = await service.pickupChargeInfoFor(item.id);
      expect(info.allocation?.allocatedPickupCharge).toBe(shareOf(item.id).allocatedPickupCharge);
    }
    // Once booked, there is nothing more to quote.
    expect(await call('GET', `/api/shipments/pickup-quote/${shipmentId}?${pickupQuery(earliest)}`, auth)).toMatchObject({
      status: 409,
      body: { code: 'pickup_not_available' },
    });
  });

  it('quotes a consolidated pickup with its discount, at the price it is then booked', async () => {
    const { seller, auth } = await newSeller();
    const { order, items } = await newOrder(seller.id, ['approved', 'pending']);
    const first = ((await call('POST', `/api/shipments/create/${order.id}`, auth)).body.shipments as Body[])[0]!.id as string;
    await call('POST', `/api/shipments/process-ups/${first}`, auth);
    const earliest = earliestPickupDate(testApp.clock.now());
    const url = `/api/shipments/consolidated-pickup-quote/${seller.id}/${order.id}?${pickupQuery(earliest)}`;
    expect(await call('GET', url, auth)).toMatchObject({ status: 400, body: { code: 'too_few_shipments' } });

    await testApp.database.db.update(orderItems).set({ status: 'approved' }).where(eq(orderItems.id, items[1]!.id));
    const second = ((await call('POST', `/api/shipments/create/${order.id}`, auth)).body.shipments as Body[])[0]!.id as string;
    await call('POST', `/api/shipments/process-ups/${second}`, auth);
    const quote = await call('GET', url, auth);
    expect(quote.status).toBe(200);
    expect(quote.body).toMatchObject({ isConsolidatedPickup: true, shipmentsCount: 2, rate: { consolidationDiscount: 3 } });
    const allocation = quote.body.allocation as { items: Body[] };
    expect(new Set(allocation.items.map((item) => item.shipmentId))).toEqual(new Set([first, second]));
    expect(allocation.items.reduce((total, item) => total + cents(item.allocatedPickupCharge), 0)).toBe(cents((quote.body.rate as Body).total));

    const booked = await call('POST', `/api/shipments/schedule-consolidated-pickup/${seller.id}/${order.id}`, auth, { pickupDate: earliest });
    expect((booked.body.rate as Body).total).toBe((quote.body.rate as Body).total);
  });

  it("is the seller's own, and refuses bad dates and missing input with codes", async () => {
    const { seller, auth, shipmentId, order } = await createdShipment();
    const earliest = earliestPickupDate(testApp.clock.now());
    const single = `/api/shipments/pickup-quote/${shipmentId}?${pickupQuery(earliest)}`;
    expect((await call('GET', single)).status).toBe(401);
    const buyer = await createUser(testApp.database.db, { role: 'buyer' });
    const buyerAuth = await bearerFor(testApp, buyer);
    expect((await call('GET', single, buyerAuth)).status).toBe(403);
    const { seller: other, auth: otherAuth } = await newSeller();
    expect(await call('GET', single, otherAuth)).toEqual({ status: 404, body: { error: 'Shipment not found', code: 'not_found' } });
    expect((await call('GET', `/api/shipments/consolidated-pickup-quote/${seller.id}/${order.id}?${pickupQuery(earliest)}`, otherAuth)).status).toBe(404);
    expect((await call('GET', `/api/shipments/consolidated-pickup-quote/${other.id}/${order.id}?${pickupQuery(earliest)}`, otherAuth)).status).toBe(404);

    const missing = await call('GET', `/api/shipments/pickup-quote/${shipmentId}`, auth);
    expect(missing).toMatchObject({ status: 400, body: { code: 'validation_failed' } });
    expect(missing.body.error).toMatch(/pickupDate/);
    const today = await call('GET', `/api/shipments/pickup-quote/${shipmentId}?pickupDate=${isoDayAfter(earliest, -1)}`, auth);
    expect(today).toMatchObject({ status: 400, body: { code: 'invalid_pickup_window', field: 'pickupDate' } });
    expect(today.body.error).toMatch(/at least 1 day in advance/);
    expect(await call('GET', `/api/shipments/pickup-quote/${shipmentId}?pickupDate=${earliest}&readyTime=1700&closeTime=0900`, auth)).toMatchObject({
      status: 400,
      body: { code: 'invalid_pickup_window' },
    });
  });
});

describe('voided shipments', () => {
  it('refuse every label, tracking, simulation and pickup action with 409, and their label is 410 Gone', async () => {
    const { seller, auth, shipmentId, trackingNumber } = await createdShipment();
    expect((await call('DELETE', `/api/shipments/void/${shipmentId}`, auth)).status).toBe(200);
    const earliest = earliestPickupDate(testApp.clock.now());
    const voided = { error: VOIDED_SHIPMENT_MESSAGE, code: 'shipment_voided' };
    const trackSpy = vi.spyOn(carrier, 'track');
    const simulateSpy = vi.spyOn(carrier, 'simulate');
    const createSpy = vi.spyOn(carrier, 'createShipment');
    try {
      expect(await call('GET', `/api/shipments/label/${shipmentId}`, auth)).toEqual({
        status: 410,
        body: { error: VOIDED_LABEL_MESSAGE, code: 'label_voided' },
      });
      expect(await call('PUT', `/api/shipments/track/${shipmentId}`, auth, {})).toEqual({ status: 409, body: voided });
      expect(await call('PUT', `/api/shipments/track/${shipmentId}`, auth, { simulateStatus: 'delivered' })).toEqual({ status: 409, body: voided });
      expect(await call('POST', `/api/shipments/process-ups/${shipmentId}`, auth)).toEqual({ status: 409, body: voided });
      expect(await call('POST', `/api/shipments/schedule-pickup/${shipmentId}`, auth, { pickupDate: earliest })).toEqual({ status: 409, body: voided });
      expect(await call('GET', `/api/shipments/pickup-quote/${shipmentId}?pickupDate=${earliest}`, auth)).toEqual({ status: 409, body: voided });
      expect(await call('DELETE', `/api/shipments/cancel-pickup/${shipmentId}`, auth)).toEqual({ status: 409, body: voided });
      expect(await call('DELETE', `/api/shipments/void/${shipmentId}`, auth)).toMatchObject({
        status: 409,
        body: { code: 'shipment_voided', error: expect.stringMatching(/already been voided/) },
      });
      expect(trackSpy).not.toHaveBeenCalled();
      expect(simulateSpy).not.toHaveBeenCalled();
      expect(createSpy).not.toHaveBeenCalled();
    } finally {
      trackSpy.mockRestore();
      simulateSpy.mockRestore();
      createSpy.mockRestore();
    }
    // Listed, it offers nothing that uses the label, though its tracking number stays on record.
    const [listed] = (await call('GET', `/api/shipments/seller/${seller.id}`, auth)).body.shipments as Body[];
    expect(listed).toMatchObject({ id: shipmentId, status: 'cancelled', tracking_number: trackingNumber, hasLabel: false, labelUrl: null, label_url: null });
    expect(listed!.actions).toEqual({
      canSchedulePickup: false,
      canCancelPickup: false,
      canVoid: false,
      voidRefusalReason: expect.any(String),
      canTrack: false,
      canViewLabel: false,
    });
  });
});

describe('background tracking refresh', () => {
  it('moves active shipments on from the carrier and marks delivered items delivered', async () => {
    const { shipmentId, trackingNumber, items } = await createdShipment();
    await carrier.simulate(trackingNumber, 'delivered');
    const service = createTrackingService({
      db: testApp.database.db,
      clock: testApp.clock,
      carrier,
      environment: 'test',
      orderItems: orderItemStatesOf(testApp),
    });
    expect(await service.refreshActiveShipments({ limit: 1000 })).toBeGreaterThanOrEqual(1);
    const [row] = await testApp.database.db.select().from(shipmentsTable).where(eq(shipmentsTable.id, shipmentId));
    expect(row!.status).toBe('delivered');
    expect(await itemStatuses([items[0]!.id])).toEqual(['delivered']);
  });

  it('asks the carrier about several shipments at once, never more than the bound, and records each answer', async () => {
    const created = [];
    for (let index = 0; index < 12; index += 1) created.push(await createdShipment());
    for (const shipment of created) await carrier.simulate(shipment.trackingNumber, 'in_transit');
    // The carrier answers no call until as many as the bound are in flight, so the calls overlap as far as the
    // service lets them, however slowly it starts them (one without a bound has all twelve out by then).
    let inFlight = 0;
    let most = 0;
    let bound = 3;
    let answer: () => void = () => undefined;
    let mayAnswer = Promise.resolve();
    const holdAnswersUntil = (calls: number) => {
      bound = calls;
      most = 0;
      mayAnswer = new Promise<void>((resolve) => (answer = resolve));
    };
    const heldCarrier: CarrierProvider = Object.assign(Object.create(carrier) as CarrierProvider, {
      async track(request: Parameters<CarrierProvider['track']>[0]) {
        inFlight += 1;
        most = Math.max(most, inFlight);
        if (inFlight >= bound) answer();
        try {
          await mayAnswer;
          return await carrier.track(request);
        } finally {
          inFlight -= 1;
        }
      },
    });
    const service = createTrackingService({
      db: testApp.database.db,
      clock: testApp.clock,
      carrier: heldCarrier,
      environment: 'test',
      orderItems: orderItemStatesOf(testApp),
    });
    holdAnswersUntil(3);
    expect(await service.refreshActiveShipments({ limit: 1000, concurrency: 3 })).toBeGreaterThanOrEqual(12);
    expect(most).toBe(3);
    const rows = await testApp.database.db
      .select()
      .from(shipmentsTable)
      .where(
        inArray(
          shipmentsTable.id,
          created.map((shipment) => shipment.shipmentId),
        ),
      );
    expect(rows.map((row) => row.status)).toEqual(created.map(() => 'in_transit'));
    // The default bound is TRACKING_CONCURRENCY (5).
    holdAnswersUntil(TRACKING_CONCURRENCY);
    await service.refreshActiveShipments({ limit: 1000 });
    expect(most).toBe(TRACKING_CONCURRENCY);
  });
});
