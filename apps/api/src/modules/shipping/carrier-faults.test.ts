import { AsyncLocalStorage } from 'node:async_hooks';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { earliestPickupDate } from '@marketplace/domain/pickup-schedule';
import type { DatabaseHandle } from '../../db/client';
import { orderItems, returnRequests, shipments as shipmentsTable } from '../../db/schema';
import type { CarrierProvider, CreatedShipment } from '../../providers/carrier/port';
import { createUpsCarrier, shipmentReferenceOf } from '../../providers/carrier/ups';
import { bearerFor } from '../../../test/factories-commerce';
import { addShipFromAddress, createUser } from '../../../test/factories';
import { createCategory, createOrder, createProduct } from '../../../test/factories-orders';
import { hasUpsDescriptions, startFakeUpsServer, UPS_DESCRIPTIONS_MISSING, type FakeUpsServer } from '../../../test/fake-ups-server';
import { buildTestApp, createTestDatabase, type TestApp } from '../../../test/helper';
import { LABEL_CLAIM_STALE_MS } from './labels.service';
import { PICKUP_CLAIM_STALE_MS } from './pickups.service';
import { RETURN_LABEL_CLAIM_STALE_MS } from '../returns/returns.service';

// UPS faults through the whole app (the UPS adapter against the local fake UPS server): a UPS that hangs
// must not hold database connections or the seller's request, and a label whose answer was lost, or whose
// process died before recording it, is found again rather than bought twice. Every carrier call the app
// makes here is checked to run outside any database transaction.

const available = hasUpsDescriptions();
if (!available) console.warn(UPS_DESCRIPTIONS_MISSING);

/** Set while a database transaction's callback runs (the test's wrapped `db.transaction`), across its awaits. */
const insideTransaction = new AsyncLocalStorage<true>();

const hooks = {
  /** Carrier calls made inside a transaction: must stay empty. */
  violations: [] as string[],
  /** The next label purchase goes through at the carrier, then its process "dies" before recording it. */
  crashAfterNextPurchase: false,
  /** Labels the carrier made whose answers were thrown away by such a crash. */
  crashedPurchases: [] as CreatedShipment[],
  /** The app's carrier, as wrapped. */
  carrier: null as CarrierProvider | null,
};
const isInsideTransaction = () => insideTransaction.getStore() === true;

/** The app builds its own carrier: this wraps it so each call asserts no transaction is open around it. */
function watched(carrier: CarrierProvider): CarrierProvider {
  hooks.carrier = new Proxy(carrier, {
    get(target, property) {
      const value: unknown = Reflect.get(target, property, target);
      if (typeof value !== 'function') return value;
      return async (...callArguments: unknown[]) => {
        if (isInsideTransaction()) {
          hooks.violations.push(String(property));
          throw new Error(`carrier.${String(property)} was called inside a database transaction`);
        }
        const result: unknown = await (value as (...parameters: unknown[]) => Promise<unknown>).apply(target, callArguments);
        if (property === 'createShipment' && hooks.crashAfterNextPurchase) {
          hooks.crashAfterNextPurchase = false;
          hooks.crashedPurchases.push(result as CreatedShipment);
          throw new Error('the process died between buying the label and recording it');
        }
        return result;
      };
    },
  });
  return hooks.carrier;
}

/** The database with every `db.transaction` marked, so a carrier call can tell it runs inside one. */
function withTransactionsMarked(database: DatabaseHandle): DatabaseHandle {
  const db = new Proxy(database.db, {
    get(target, property) {
      if (property === 'transaction') {
        const transaction = target.transaction.bind(target);
        return (...parameters: Parameters<typeof transaction>) => insideTransaction.run(true, () => transaction(...parameters));
      }
      const value: unknown = Reflect.get(target, property, target);
      return typeof value === 'function' ? (value as (...parameters: unknown[]) => unknown).bind(target) : value;
    },
  });
  return { ...database, db };
}

/**
 * The fake compiles UPS's schemas for an operation on its first request (seconds for Shipping.yaml): done
 * here once, with no time limit to speak of, so the tests' short one measures only what they stall.
 */
async function warmUp(server: FakeUpsServer) {
  const ups = createUpsCarrier({
    clientId: server.clientId,
    clientSecret: server.clientSecret,
    accountNumber: server.accountNumber,
    baseUrl: server.baseUrl,
    timeoutMs: 60_000,
  });
  const address = { name: 'Warm Up', phone: '5125550100', line1: '1 Main St', city: 'Austin', state: 'TX', postalCode: '78701', countryCode: 'US' };
  const request = { shipmentId: 'warm-up', shipper: address, recipient: address, packages: [{ weightOunces: 16 }], serviceCode: '03' };
  const created = await ups.createShipment(request);
  await ups.findShipment(request);
  await ups.track({ trackingNumber: created.trackingNumber });
  const pickup = await ups.schedulePickup({
    requestKey: 'warm-up',
    address,
    pickupDate: '2030-01-07',
    readyTime: '09:00',
    closeTime: '17:00',
    trackingNumbers: [created.trackingNumber],
    totalWeightOunces: 16,
  });
  await ups.findPickup({
    requestKey: 'warm-up',
    address,
    pickupDate: '2030-01-07',
    readyTime: '09:00',
    closeTime: '17:00',
    trackingNumbers: [created.trackingNumber],
    totalWeightOunces: 16,
  });
  await ups.cancelPickup({ pickupRequestNumber: pickup.pickupRequestNumber });
  await ups.voidShipment({ carrierShipmentId: created.carrierShipmentId, trackingNumbers: [created.trackingNumber] });
  server.requests.length = 0;
  server.responses.length = 0;
}

interface Body {
  [key: string]: unknown;
}

const TIMEOUT_MS = 1500;
let fake: FakeUpsServer;
let database: DatabaseHandle;
let testApp: TestApp;
let categoryId: string;

beforeAll(async () => {
  if (!available) return;
  fake = await startFakeUpsServer();
  await warmUp(fake);
  database = await createTestDatabase();
  testApp = await buildTestApp({
    sharedDatabase: withTransactionsMarked(database),
    wrapCarrier: watched,
    environment: {
      UPS_CLIENT_ID: fake.clientId,
      UPS_CLIENT_SECRET: fake.clientSecret,
      UPS_ACCOUNT_NUMBER: fake.accountNumber,
      UPS_BASE_URL: fake.baseUrl,
      UPS_TIMEOUT_MS: String(TIMEOUT_MS),
    },
  });
  categoryId = (await createCategory(testApp.database.db)).id;
});

afterAll(async () => {
  if (!available) return;
  await testApp.close();
  await database.close();
  await fake.close();
});

afterEach(() => {
  expect(hooks.violations).toEqual([]);
});

async function call(method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, authorization: string, payload?: object) {
  const response = await testApp.app.inject({ method, url, headers: { authorization }, ...(payload ? { payload } : {}) });
  return { status: response.statusCode, body: response.json<Body>() };
}

/** A seller with a ship-from address and `count` orders of one approved item, each with its shipment waiting for a label. */
async function pendingShipments(count: number) {
  const db = testApp.database.db;
  const seller = await createUser(db, { role: 'seller' });
  await addShipFromAddress(db, seller.id, 'Seller Warehouse');
  const auth = await bearerFor(testApp, seller);
  const buyer = await createUser(db, { role: 'buyer' });
  const shipmentIds: string[] = [];
  const itemIds: string[] = [];
  for (let index = 0; index < count; index += 1) {
    const product = await createProduct(db, { sellerId: seller.id, categoryId, title: `Lamp ${index + 1}`, weightOunces: 24 });
    const { order, items } = await createOrder(db, {
      buyerId: buyer.id,
      items: [{ product, status: 'approved', priceCents: 2500, quantity: 1 }],
      status: 'processing',
    });
    const created = await call('POST', `/api/shipments/create/${order.id}`, auth);
    expect(created.status).toBe(200);
    shipmentIds.push((created.body.shipments as Body[])[0]!.id as string);
    itemIds.push(items[0]!.id);
  }
  return { seller, auth, shipmentIds, itemIds };
}

/** The label purchases UPS received for this shipment (its reference is on the first package). */
function purchasesOf(shipmentId: string) {
  return fake.requestsFor('ship').filter((request) => {
    const shipment = (request.body as { ShipmentRequest: { Shipment: { Package: Array<{ ReferenceNumber?: Array<{ Value: string }> }> } } }).ShipmentRequest
      .Shipment;
    return shipment.Package[0]?.ReferenceNumber?.[0]?.Value === shipmentReferenceOf(shipmentId);
  });
}

async function shipmentRow(id: string) {
  const [row] = await testApp.database.db.select().from(shipmentsTable).where(eq(shipmentsTable.id, id));
  return row!;
}

describe.skipIf(!available)('the check itself', () => {
  it('refuses a carrier call made inside a database transaction', async () => {
    const { auth, shipmentIds } = await pendingShipments(1);
    const bought = await call('POST', `/api/shipments/process-ups/${shipmentIds[0]}`, auth);
    expect(bought.status).toBe(200);
    const probe = hooks.carrier!;
    await expect(testApp.database.db.transaction(() => probe.track({ trackingNumber: bought.body.trackingNumber as string }))).rejects.toThrow(
      /inside a database transaction/,
    );
    expect(hooks.violations).toEqual(['track']);
    hooks.violations.length = 0;
    // Outside one, the same call goes through.
    expect((await probe.track({ trackingNumber: bought.body.trackingNumber as string })).status).toBe('created');
  });
});

describe.skipIf(!available)('a UPS that does not answer', () => {
  it('fails each label purchase with 504 carrier_unavailable after UPS_TIMEOUT_MS, while the app keeps answering other requests', async () => {
    // More purchases at once than the PostgreSQL test pool has connections (5): none of them may hold one while UPS hangs.
    const count = 6;
    const { seller, auth, shipmentIds } = await pendingShipments(count);
    for (let index = 0; index < count; index += 1) fake.stallNext('ship');
    const startedAt = Date.now();
    const purchases = shipmentIds.map((id) => call('POST', `/api/shipments/process-ups/${id}`, auth));
    // Every purchase reached UPS: none waited on a lock or a connection another one holds.
    await vi.waitFor(() => expect(fake.stalledCount()).toBe(count), { timeout: TIMEOUT_MS - 200, interval: 20 });
    const list = await call('GET', `/api/shipments/seller/${seller.id}`, auth);
    expect(list.status).toBe(200);
    expect((list.body.shipments as Body[]).map((shipment) => shipment.status)).toEqual(Array(count).fill('pending'));
    // …answered while UPS still held every purchase.
    expect(fake.stalledCount()).toBe(count);

    const answers = await Promise.all(purchases);
    expect(Date.now() - startedAt).toBeLessThan(TIMEOUT_MS * 3);
    for (const answer of answers) {
      expect(answer.status).toBe(504);
      expect(answer.body).toMatchObject({ code: 'carrier_unavailable', error: expect.stringContaining('UPS did not answer within 1.5 s') });
    }
    // The adapter hung up on UPS; the claims stay (UPS may have bought the labels) and no label was recorded.
    await vi.waitFor(() => expect(fake.stalledCount()).toBe(0));
    for (const id of shipmentIds) expect(await shipmentRow(id)).toMatchObject({ status: 'pending', labelBase64: null, labelRequestedAt: expect.any(Date) });
  });

  it('gives up on the token call too', async () => {
    const { auth, shipmentIds } = await pendingShipments(1);
    fake.revokeTokens();
    // The adapter's token is refused (401): the new token it asks for never comes.
    fake.stallNext('token');
    const answer = await call('POST', `/api/shipments/process-ups/${shipmentIds[0]}`, auth);
    expect(answer).toMatchObject({ status: 504, body: { code: 'carrier_unavailable' } });
    expect(fake.requestsFor('token').at(-1)?.body).toEqual({ grant_type: 'client_credentials' });
    await vi.waitFor(() => expect(fake.stalledCount()).toBe(0));
  });
});

describe.skipIf(!available)('a label bought whose answer never came', () => {
  it('is found by its reference once the claim is stale: recorded, and UPS sees exactly one purchase', async () => {
    const { auth, shipmentIds, itemIds } = await pendingShipments(1);
    const shipmentId = shipmentIds[0]!;
    fake.stallNext('ship', { processed: true });
    expect(await call('POST', `/api/shipments/process-ups/${shipmentId}`, auth)).toMatchObject({
      status: 504,
      body: { code: 'carrier_unavailable', error: expect.stringContaining('UPS may have made the label all the same: try again in 5 minutes') },
    });
    expect(purchasesOf(shipmentId)).toHaveLength(1);

    // Within the claim's window another try is told the label is being bought, and asks UPS nothing.
    const requestsBefore = fake.requests.length;
    expect(await call('POST', `/api/shipments/process-ups/${shipmentId}`, auth)).toMatchObject({
      status: 409,
      body: { code: 'label_in_progress', error: expect.any(String) },
    });
    expect(fake.requests.length).toBe(requestsBefore);

    testApp.clock.advance(LABEL_CLAIM_STALE_MS);
    const resumed = await call('POST', `/api/shipments/process-ups/${shipmentId}`, auth);
    expect(resumed.status).toBe(200);
    expect(resumed.body.trackingNumber).toMatch(/^1Z/);
    expect(purchasesOf(shipmentId)).toHaveLength(1);
    expect(fake.requestsFor('labelRecovery').length).toBeGreaterThanOrEqual(1);
    const row = await shipmentRow(shipmentId);
    expect(row).toMatchObject({ status: 'created', trackingNumber: resumed.body.trackingNumber, labelRequestedAt: null, chargesCents: null });
    const [item] = await testApp.database.db.select({ status: orderItems.status }).from(orderItems).where(eq(orderItems.id, itemIds[0]!));
    expect(item?.status).toBe('shipped');
    // A repeat answers the recorded label, buying nothing.
    expect(await call('POST', `/api/shipments/process-ups/${shipmentId}`, auth)).toMatchObject({
      status: 200,
      body: { trackingNumber: resumed.body.trackingNumber },
    });
    expect(purchasesOf(shipmentId)).toHaveLength(1);
  });

  it('a lookup that fails keeps the claim: nothing is bought without knowing', async () => {
    const { auth, shipmentIds } = await pendingShipments(1);
    const shipmentId = shipmentIds[0]!;
    fake.stallNext('ship', { processed: true });
    expect((await call('POST', `/api/shipments/process-ups/${shipmentId}`, auth)).status).toBe(504);
    testApp.clock.advance(LABEL_CLAIM_STALE_MS);
    fake.failNext({ operation: 'labelRecovery', status: 503, code: '9999', message: 'Service unavailable' });
    expect(await call('POST', `/api/shipments/process-ups/${shipmentId}`, auth)).toMatchObject({ status: 502, body: { code: 'carrier_unavailable' } });
    expect(purchasesOf(shipmentId)).toHaveLength(1);
    expect((await shipmentRow(shipmentId)).labelRequestedAt).not.toBeNull();
    testApp.clock.advance(LABEL_CLAIM_STALE_MS);
    expect((await call('POST', `/api/shipments/process-ups/${shipmentId}`, auth)).status).toBe(200);
    expect(purchasesOf(shipmentId)).toHaveLength(1);
  });

  it('a refusal releases the claim at once: nothing was bought', async () => {
    const { auth, shipmentIds } = await pendingShipments(1);
    fake.failNext({ operation: 'ship', status: 400, code: '120100', message: 'Missing or invalid shipper number' });
    expect(await call('POST', `/api/shipments/process-ups/${shipmentIds[0]}`, auth)).toMatchObject({ status: 400, body: { code: 'carrier_refused' } });
    expect((await shipmentRow(shipmentIds[0]!)).labelRequestedAt).toBeNull();
    expect((await call('POST', `/api/shipments/process-ups/${shipmentIds[0]}`, auth)).status).toBe(200);
    expect(fake.requestsFor('labelRecovery').filter((request) => JSON.stringify(request.body).includes(shipmentReferenceOf(shipmentIds[0]!)))).toHaveLength(0);
  });
});

describe.skipIf(!available)('a crash between buying the label and recording it', () => {
  it('leaves the claim with no label; the next try after the stale window records the label UPS made, one purchase', async () => {
    const { auth, shipmentIds } = await pendingShipments(1);
    const shipmentId = shipmentIds[0]!;
    hooks.crashAfterNextPurchase = true;
    const crashed = await call('POST', `/api/shipments/process-ups/${shipmentId}`, auth);
    expect(crashed.status).not.toBe(200);
    const bought = hooks.crashedPurchases.at(-1)!;
    expect(await shipmentRow(shipmentId)).toMatchObject({ status: 'pending', labelBase64: null, labelRequestedAt: expect.any(Date) });

    expect((await call('POST', `/api/shipments/process-ups/${shipmentId}`, auth)).body).toMatchObject({ code: 'label_in_progress' });
    testApp.clock.advance(LABEL_CLAIM_STALE_MS + 1000);
    const resumed = await call('POST', `/api/shipments/process-ups/${shipmentId}`, auth);
    expect(resumed.status).toBe(200);
    expect(resumed.body.trackingNumber).toBe(bought.trackingNumber);
    expect(purchasesOf(shipmentId)).toHaveLength(1);
  });
});

describe.skipIf(!available)('every carrier call of a shipment’s life runs outside any transaction', () => {
  it('two pickups booked at the same moment: UPS books one, the other is told it is in progress or answers the same pickup', async () => {
    const { auth, shipmentIds } = await pendingShipments(1);
    const shipmentId = shipmentIds[0]!;
    expect((await call('POST', `/api/shipments/process-ups/${shipmentId}`, auth)).status).toBe(200);
    const pickupDate = earliestPickupDate(testApp.clock.now());
    const [createsBefore, cancelsBefore] = [fake.requestsFor('pickupCreate').length, fake.requestsFor('pickupCancel').length];
    const answers = await Promise.all([1, 2, 3].map(() => call('POST', `/api/shipments/schedule-pickup/${shipmentId}`, auth, { pickupDate })));
    const booked = answers.filter((answer) => answer.status === 200);
    expect(booked.length).toBeGreaterThanOrEqual(1);
    for (const answer of answers.filter((entry) => entry.status !== 200))
      expect(answer).toMatchObject({ status: 409, body: { code: 'pickup_in_progress', error: expect.any(String) } });
    expect(new Set(booked.map((answer) => answer.body.pickupRequestNumber)).size).toBe(1);
    // Exactly one booking reached UPS, and nothing had to be cancelled.
    expect(fake.requestsFor('pickupCreate').length - createsBefore).toBe(1);
    expect(fake.requestsFor('pickupCancel').length - cancelsBefore).toBe(0);
    expect(await shipmentRow(shipmentId)).toMatchObject({ status: 'pickup_scheduled', pickupRequestedAt: null });
  });

  it('label, pickup, tracking, pickup cancelled, pickup again, void (which cancels the emptied pickup)', async () => {
    const { auth, shipmentIds } = await pendingShipments(1);
    const shipmentId = shipmentIds[0]!;
    expect((await call('POST', `/api/shipments/process-ups/${shipmentId}`, auth)).status).toBe(200);
    const pickupDate = earliestPickupDate(testApp.clock.now());
    const scheduled = await call('POST', `/api/shipments/schedule-pickup/${shipmentId}`, auth, { pickupDate });
    expect(scheduled.status).toBe(200);
    expect((await call('PUT', `/api/shipments/track/${shipmentId}`, auth, {})).status).toBe(200);
    expect((await call('DELETE', `/api/shipments/cancel-pickup/${shipmentId}`, auth)).status).toBe(200);
    expect((await call('POST', `/api/shipments/schedule-pickup/${shipmentId}`, auth, { pickupDate })).status).toBe(200);
    const cancelsBefore = fake.requestsFor('pickupCancel').length;
    expect((await call('DELETE', `/api/shipments/void/${shipmentId}`, auth)).status).toBe(200);
    expect(fake.requestsFor('void')).not.toHaveLength(0);
    expect(fake.requestsFor('pickupCancel')).toHaveLength(cancelsBefore + 1);
    expect(await shipmentRow(shipmentId)).toMatchObject({ status: 'cancelled' });
  });
});

/** A seller's labelled shipments ready for a pickup: `count` orders of one shipment each (or one order with `count` shipments). */
async function labelledShipments(count: number, options: { oneOrder?: boolean } = {}) {
  if (!options.oneOrder) {
    const made = await pendingShipments(count);
    for (const id of made.shipmentIds) expect((await call('POST', `/api/shipments/process-ups/${id}`, made.auth)).status).toBe(200);
    return { ...made, orderId: null };
  }
  const db = testApp.database.db;
  const seller = await createUser(db, { role: 'seller' });
  await addShipFromAddress(db, seller.id, 'Seller Warehouse');
  const auth = await bearerFor(testApp, seller);
  const buyer = await createUser(db, { role: 'buyer' });
  const products = await Promise.all(
    Array.from({ length: count }, (_, index) => createProduct(db, { sellerId: seller.id, categoryId, title: `Vase ${index + 1}`, weightOunces: 20 })),
  );
  const { order, items } = await createOrder(db, {
    buyerId: buyer.id,
    items: products.map((product) => ({ product, status: 'pending' as const, priceCents: 3000, quantity: 1 })),
    status: 'processing',
  });
  const shipmentIds: string[] = [];
  // One item approved at a time: each makes its own shipment of the order.
  for (const item of items) {
    await db.update(orderItems).set({ status: 'approved' }).where(eq(orderItems.id, item.id));
    const created = await call('POST', `/api/shipments/create/${order.id}`, auth);
    expect(created.status).toBe(200);
    const id = (created.body.shipments as Body[])[0]!.id as string;
    expect((await call('POST', `/api/shipments/process-ups/${id}`, auth)).status).toBe(200);
    shipmentIds.push(id);
  }
  return { seller, auth, shipmentIds, orderId: order.id };
}

/** The PRNs UPS's pending list answered with, newest answer last. */
function pendingPickupNumbers(): string[] {
  const last = fake.responses.filter((response) => response.operation === 'pickupPending').at(-1);
  const list =
    (last?.body as { PickupPendingStatusResponse?: { PendingStatus?: Array<{ PRN: string; PickupStatusMessage: string }> } } | undefined)
      ?.PickupPendingStatusResponse?.PendingStatus ?? [];
  return list.filter((entry) => entry.PickupStatusMessage !== '007').map((entry) => entry.PRN);
}

describe.skipIf(!available)('a pickup booked whose answer never came', () => {
  /** One labelled shipment of a seller's, and the earliest day UPS may collect it. */
  async function shipmentToPickUp() {
    const { auth, shipmentIds } = await labelledShipments(1);
    return { auth, shipmentId: shipmentIds[0]!, pickupDate: earliestPickupDate(testApp.clock.now()) };
  }

  it('is found in UPS’s pending pickups once the claim is stale: recorded with its PRN, and UPS sees exactly one booking', async () => {
    const { auth, shipmentId, pickupDate } = await shipmentToPickUp();
    const createsBefore = fake.requestsFor('pickupCreate').length;
    fake.stallNext('pickupCreate', { processed: true });
    expect(await call('POST', `/api/shipments/schedule-pickup/${shipmentId}`, auth, { pickupDate })).toMatchObject({
      status: 504,
      body: { code: 'carrier_unavailable', error: expect.stringContaining('UPS may have booked the pickup all the same') },
    });
    expect(await shipmentRow(shipmentId)).toMatchObject({ status: 'created', pickupId: null, pickupRequestedAt: expect.any(Date) });

    // Within the claim's window another try is told the pickup is being booked, and asks UPS nothing.
    const requestsBefore = fake.requests.length;
    expect(await call('POST', `/api/shipments/schedule-pickup/${shipmentId}`, auth, { pickupDate })).toMatchObject({
      status: 409,
      body: { code: 'pickup_in_progress', error: expect.any(String) },
    });
    expect(fake.requests.length).toBe(requestsBefore);

    testApp.clock.advance(PICKUP_CLAIM_STALE_MS);
    const resumed = await call('POST', `/api/shipments/schedule-pickup/${shipmentId}`, auth, { pickupDate });
    expect(resumed.status).toBe(200);
    expect(fake.requestsFor('pickupCreate').length - createsBefore).toBe(1);
    const pending = fake.requestsFor('pickupPending').at(-1)!;
    expect(pending.headers.accountnumber).toBe(fake.accountNumber);
    expect(pending.parameters.pickuptype).toBe('oncall');
    expect(pendingPickupNumbers()).toContain(resumed.body.pickupRequestNumber);
    expect(fake.responses.filter((response) => response.operation === 'pickupPending').every((response) => response.schemaErrors === null)).toBe(true);
    expect(await shipmentRow(shipmentId)).toMatchObject({ status: 'pickup_scheduled', pickupId: expect.any(String), pickupRequestedAt: null });
    // A repeat answers the recorded pickup, booking nothing.
    expect(await call('POST', `/api/shipments/schedule-pickup/${shipmentId}`, auth, { pickupDate })).toMatchObject({
      status: 200,
      body: { pickupRequestNumber: resumed.body.pickupRequestNumber },
    });
    expect(fake.requestsFor('pickupCreate').length - createsBefore).toBe(1);
  });

  it('a consolidated pickup too: one booking at UPS for the order’s shipments', async () => {
    const { seller, auth, shipmentIds, orderId } = await labelledShipments(2, { oneOrder: true });
    const pickupDate = earliestPickupDate(testApp.clock.now());
    const url = `/api/shipments/schedule-consolidated-pickup/${seller.id}/${orderId}`;
    const createsBefore = fake.requestsFor('pickupCreate').length;
    fake.stallNext('pickupCreate', { processed: true });
    expect((await call('POST', url, auth, { pickupDate })).status).toBe(504);
    for (const id of shipmentIds) expect((await shipmentRow(id)).pickupRequestedAt).not.toBeNull();
    expect(await call('POST', url, auth, { pickupDate })).toMatchObject({ status: 409, body: { code: 'pickup_in_progress' } });
    // A single pickup of one of them is held off as well.
    expect(await call('POST', `/api/shipments/schedule-pickup/${shipmentIds[0]}`, auth, { pickupDate })).toMatchObject({
      status: 409,
      body: { code: 'pickup_in_progress' },
    });

    testApp.clock.advance(PICKUP_CLAIM_STALE_MS);
    const resumed = await call('POST', url, auth, { pickupDate });
    expect(resumed.status).toBe(200);
    expect(resumed.body.shipmentsCount).toBe(2);
    expect(fake.requestsFor('pickupCreate').length - createsBefore).toBe(1);
    expect(pendingPickupNumbers()).toContain(resumed.body.pickupRequestNumber);
    const rows = await Promise.all(shipmentIds.map((id) => shipmentRow(id)));
    expect(rows.map((row) => row.status)).toEqual(['pickup_scheduled', 'pickup_scheduled']);
    expect(rows[0]!.pickupId).toBe(rows[1]!.pickupId);
    expect(rows.every((row) => row.pickupRequestedAt === null)).toBe(true);
  });

  it('a UPS that hangs: 504 after UPS_TIMEOUT_MS while other requests are answered; the claims stay, and UPS is asked before booking again', async () => {
    // More bookings at once than the PostgreSQL test pool has connections (5).
    const count = 6;
    const { seller, auth, shipmentIds } = await labelledShipments(count);
    const pickupDate = earliestPickupDate(testApp.clock.now());
    for (let index = 0; index < count; index += 1) fake.stallNext('pickupCreate');
    const bookings = shipmentIds.map((id) => call('POST', `/api/shipments/schedule-pickup/${id}`, auth, { pickupDate }));
    await vi.waitFor(() => expect(fake.stalledCount()).toBe(count), { timeout: TIMEOUT_MS - 200, interval: 20 });
    expect((await call('GET', `/api/shipments/seller/${seller.id}`, auth)).status).toBe(200);
    expect(fake.stalledCount()).toBe(count);
    for (const answer of await Promise.all(bookings)) expect(answer).toMatchObject({ status: 504, body: { code: 'carrier_unavailable' } });
    await vi.waitFor(() => expect(fake.stalledCount()).toBe(0));
    for (const id of shipmentIds) expect(await shipmentRow(id)).toMatchObject({ status: 'created', pickupRequestedAt: expect.any(Date) });

    // UPS booked none of them: after the window each is looked up, not found, and booked once.
    testApp.clock.advance(PICKUP_CLAIM_STALE_MS);
    const [pendingBefore, createsBefore] = [fake.requestsFor('pickupPending').length, fake.requestsFor('pickupCreate').length];
    expect((await call('POST', `/api/shipments/schedule-pickup/${shipmentIds[0]}`, auth, { pickupDate })).status).toBe(200);
    expect(fake.requestsFor('pickupPending').length - pendingBefore).toBe(1);
    expect(fake.requestsFor('pickupCreate').length - createsBefore).toBe(1);
  });

  it('a lookup that fails keeps the claim: nothing is booked without knowing', async () => {
    const { auth, shipmentId, pickupDate } = await shipmentToPickUp();
    const createsBefore = fake.requestsFor('pickupCreate').length;
    fake.stallNext('pickupCreate', { processed: true });
    expect((await call('POST', `/api/shipments/schedule-pickup/${shipmentId}`, auth, { pickupDate })).status).toBe(504);
    testApp.clock.advance(PICKUP_CLAIM_STALE_MS);
    fake.failNext({ operation: 'pickupPending', status: 503, code: '9999', message: 'Service unavailable' });
    expect(await call('POST', `/api/shipments/schedule-pickup/${shipmentId}`, auth, { pickupDate })).toMatchObject({
      status: 502,
      body: { code: 'carrier_unavailable' },
    });
    expect(fake.requestsFor('pickupCreate').length - createsBefore).toBe(1);
    expect((await shipmentRow(shipmentId)).pickupRequestedAt).not.toBeNull();
    testApp.clock.advance(PICKUP_CLAIM_STALE_MS);
    expect((await call('POST', `/api/shipments/schedule-pickup/${shipmentId}`, auth, { pickupDate })).status).toBe(200);
    expect(fake.requestsFor('pickupCreate').length - createsBefore).toBe(1);
  });

  it('a refusal releases the claim at once: nothing was booked', async () => {
    const { auth, shipmentId, pickupDate } = await shipmentToPickUp();
    fake.failNext({ operation: 'pickupCreate', status: 400, code: '9510010', message: 'Invalid pickup address' });
    expect(await call('POST', `/api/shipments/schedule-pickup/${shipmentId}`, auth, { pickupDate })).toMatchObject({
      status: 400,
      body: { code: 'carrier_refused' },
    });
    expect(await shipmentRow(shipmentId)).toMatchObject({ status: 'created', pickupRequestedAt: null });
    const pendingBefore = fake.requestsFor('pickupPending').length;
    expect((await call('POST', `/api/shipments/schedule-pickup/${shipmentId}`, auth, { pickupDate })).status).toBe(200);
    // Nothing to look up: the refusal booked nothing.
    expect(fake.requestsFor('pickupPending').length).toBe(pendingBefore);
  });
});

describe.skipIf(!available)('a return label bought whose answer never came', () => {
  /** A delivered item of a seller with a pending shipment, and the buyer's return request for it, awaiting the seller. */
  async function requestedReturn(item: { title: string; weightOunces: number; priceCents: number }) {
    const db = testApp.database.db;
    const { seller, auth } = await pendingShipments(0);
    const buyer = await createUser(db, { role: 'buyer' });
    const product = await createProduct(db, { sellerId: seller.id, categoryId, title: item.title, weightOunces: item.weightOunces });
    const { order, items } = await createOrder(db, {
      buyerId: buyer.id,
      items: [{ product, status: 'delivered', priceCents: item.priceCents, quantity: 1 }],
      status: 'shipped',
    });
    const [request] = await db
      .insert(returnRequests)
      .values({
        orderItemId: items[0]!.id,
        orderId: order.id,
        buyerId: buyer.id,
        sellerId: seller.id,
        reason: 'does_not_fit',
        description: 'Too small.',
        windowDays: 30,
        restockingFeeBasisPoints: 0,
      })
      .returning();
    return { auth, returnId: request!.id };
  }

  it('keeps the return accepted without a label, answers 409 within the window, then finds the label by the return’s reference: one purchase', async () => {
    const { auth, returnId } = await requestedReturn({ title: 'Teapot', weightOunces: 30, priceCents: 4000 });
    const purchases = () => purchasesOf(returnId);

    fake.stallNext('ship', { processed: true });
    expect(await call('POST', `/api/returns/${returnId}/accept`, auth)).toMatchObject({
      status: 504,
      body: { code: 'carrier_unavailable', error: expect.stringContaining('UPS may have made the label all the same') },
    });
    expect(purchases()).toHaveLength(1);
    const claimed = await call('GET', `/api/returns/${returnId}`, auth);
    // The seller sees it accepted, with no label yet, and may try again.
    expect(claimed.body.return).toMatchObject({ status: 'accepted', shipment: null, actions: { accept: true } });

    const requestsBefore = fake.requests.length;
    expect(await call('POST', `/api/returns/${returnId}/accept`, auth)).toMatchObject({
      status: 409,
      body: { code: 'return_label_in_progress', error: expect.any(String) },
    });
    expect(fake.requests.length).toBe(requestsBefore);

    testApp.clock.advance(RETURN_LABEL_CLAIM_STALE_MS);
    const resumed = await call('POST', `/api/returns/${returnId}/accept`, auth);
    expect(resumed.status).toBe(200);
    expect(resumed.body.return).toMatchObject({ status: 'accepted', shipment: { trackingNumber: expect.stringMatching(/^1Z/), labelAvailable: true } });
    expect(purchases()).toHaveLength(1);
    expect(fake.requestsFor('labelRecovery').some((entry) => JSON.stringify(entry.body).includes(shipmentReferenceOf(returnId)))).toBe(true);
    // Once recorded, another accept is refused as already answered; still one purchase.
    expect((await call('POST', `/api/returns/${returnId}/accept`, auth)).body).toMatchObject({ code: 'already_decided' });
    expect(purchases()).toHaveLength(1);
  });

  it('a refusal puts the request back at once', async () => {
    const { auth, returnId } = await requestedReturn({ title: 'Teacup', weightOunces: 10, priceCents: 1500 });
    fake.failNext({ operation: 'ship', status: 400, code: '120100', message: 'Missing or invalid shipper number' });
    expect(await call('POST', `/api/returns/${returnId}/accept`, auth)).toMatchObject({ status: 400, body: { code: 'carrier_refused' } });
    expect((await call('GET', `/api/returns/${returnId}`, auth)).body.return).toMatchObject({ status: 'requested' });
    expect((await call('POST', `/api/returns/${returnId}/accept`, auth)).status).toBe(200);
    // The refused request and the one that bought the label; no lookup was needed.
    expect(purchasesOf(returnId)).toHaveLength(2);
    expect(fake.requestsFor('labelRecovery').some((entry) => JSON.stringify(entry.body).includes(shipmentReferenceOf(returnId)))).toBe(false);
  });
});
