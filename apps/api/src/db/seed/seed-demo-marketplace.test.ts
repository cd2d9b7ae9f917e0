import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { asc, eq, inArray, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../client';
import { isValidUpsTrackingNumber } from '@marketplace/domain/ups-tracking-number';
import { addresses, categories, chatMessages, chats, disputeEvents, disputes, orderItems, orders, paymentAccounts, payments, payouts, pickups, productImages, products, refunds, sandboxConnectTransfers, shipmentItems, shipments, users } from '../schema';
import { createLocalFileStore } from '../../providers/files/local';
import { hashPassword, verifyPassword } from '../../modules/auth/password';
import { DEMO_LOGINS, DEMO_PASSWORD } from './demo-data';
import { seedDemoMarketplace, type SeedDemoMarketplaceResult } from './seed-demo-marketplace';
import { createManualClock } from '../../lib/clock';
import { createSandboxCarrier } from '../../providers/carrier/sandbox';
import { createSandboxLedgerRepository } from '../../providers/carrier/sandbox-ledger.repository';

// One PGlite per file (it takes seconds to boot). It is seeded, its rows are kept aside and emptied,
// and it is seeded again as a second fresh database: the determinism check compares the two runs, and
// every other assertion reads the rows of the second run.

const now = new Date('2025-06-01T12:00:00Z');

interface SeedRun {
  directory: string;
  result: SeedDemoMarketplaceResult;
  hashCalls: number;
}

async function seedRun(handle: DatabaseHandle, directory: string): Promise<SeedRun> {
  let hashCalls = 0;
  const result = await seedDemoMarketplace({
    db: handle.db,
    files: createLocalFileStore(directory),
    hashPassword: (plain) => {
      hashCalls += 1;
      return hashPassword(plain);
    },
    now,
  });
  return { directory, result, hashCalls };
}

async function readCatalog(handle: DatabaseHandle) {
  const [userRows, productRows, imageRows, categoryRows] = await Promise.all([
    handle.db.select().from(users).orderBy(asc(users.email)),
    handle.db.select().from(products).orderBy(asc(products.title)),
    handle.db.select().from(productImages).orderBy(asc(productImages.fileKey)),
    handle.db.select().from(categories).orderBy(asc(categories.slug)),
  ]);
  return { userRows, productRows, imageRows, categoryRows };
}

describe('seedDemoMarketplace', () => {
  let handle: DatabaseHandle;
  let firstRun: SeedRun;
  let firstCatalog: Awaited<ReturnType<typeof readCatalog>>;
  let firstOrders: Array<typeof orders.$inferSelect>;
  let firstShipments: Array<typeof shipments.$inferSelect>;
  /** The run whose rows are in the database. */
  let seeded: SeedRun;

  beforeAll(async () => {
    const [opened, firstDirectory, secondDirectory] = await Promise.all([
      openDatabase({ kind: 'pglite' }),
      mkdtemp(path.join(tmpdir(), 'seed-demo-first-')),
      mkdtemp(path.join(tmpdir(), 'seed-demo-second-')),
    ]);
    handle = opened;
    await handle.migrate();

    firstRun = await seedRun(handle, firstDirectory);
    firstCatalog = await readCatalog(handle);
    firstOrders = await handle.db.select().from(orders).orderBy(asc(orders.id));
    firstShipments = await handle.db.select().from(shipments).orderBy(asc(shipments.id));
    await handle.db.execute(sql`truncate table product_images, products, categories, users cascade`);
    seeded = await seedRun(handle, secondDirectory);
  });

  afterAll(async () => {
    await handle?.close();
    await Promise.all(
      [firstRun?.directory, seeded?.directory].map((directory) => directory && rm(directory, { recursive: true, force: true })),
    );
  });

  it('creates an admin, three sellers with companies and six buyers', async () => {
    const { userRows } = await readCatalog(handle);
    const byRole = (role: string) => userRows.filter((user) => user.role === role);

    expect(byRole('admin').map((user) => user.email)).toEqual(['admin@example.com']);
    expect(byRole('seller')).toHaveLength(3);
    expect(byRole('buyer')).toHaveLength(6);
    for (const seller of byRole('seller')) expect(seller.companyName).toMatch(/\w+ \w+/);
    expect(userRows.map((user) => user.email)).toEqual(expect.arrayContaining(['seller@example.com', 'buyer@example.com']));
    expect(userRows.map((user) => user.email).sort()).toEqual(DEMO_LOGINS.map((login) => login.email).sort());
    expect(seeded.result).toEqual({
      seeded: true,
      counts: expect.objectContaining({ admins: 1, sellers: 3, buyers: 6 }),
    });
  });

  it('creates categories with commission rates and at least 60 products across them', async () => {
    const { categoryRows, productRows, userRows } = await readCatalog(handle);

    expect(categoryRows.length).toBeGreaterThanOrEqual(6);
    for (const category of categoryRows) {
      expect(category.commissionRateBasisPoints).toBeGreaterThan(0);
      expect(category.commissionRateBasisPoints).toBeLessThanOrEqual(10_000);
    }
    expect(categoryRows.find((category) => category.slug === 'electronics')?.commissionRateBasisPoints).toBe(800);

    expect(productRows.length).toBeGreaterThanOrEqual(60);
    expect(seeded.result.counts.products).toBe(productRows.length);
    expect(new Set(productRows.map((product) => product.categoryId)).size).toBe(categoryRows.length);
    const sellerIds = new Set(userRows.filter((user) => user.role === 'seller').map((user) => user.id));
    expect(new Set(productRows.map((product) => product.sellerId))).toEqual(sellerIds);

    expect(productRows.some((product) => product.quantity === 0)).toBe(true);
    expect(productRows.some((product) => product.quantity > 0 && product.quantity <= 3)).toBe(true);
    expect(productRows.some((product) => product.retipPriceCents !== null)).toBe(true);
    expect(new Set(productRows.map((product) => product.condition))).toEqual(new Set(['new', 'like_new', 'good', 'fair']));
    for (const product of productRows) {
      expect(Number.isInteger(product.priceCents) && product.priceCents > 0).toBe(true);
      expect(product.quantity).toBeGreaterThanOrEqual(0);
      expect(product.quantity).toBeLessThanOrEqual(50);
      const ageMs = now.getTime() - product.createdAt.getTime();
      expect(ageMs).toBeGreaterThan(0);
      expect(ageMs).toBeLessThanOrEqual(90 * 24 * 60 * 60 * 1000);
    }
  });

  it('gives every product at least one image whose file and thumbnail exist', async () => {
    const { productRows, imageRows } = await readCatalog(handle);
    const files = createLocalFileStore(seeded.directory);

    for (const product of productRows) {
      const images = imageRows.filter((image) => image.productId === product.id);
      expect(images.length, product.title).toBeGreaterThanOrEqual(1);
      expect(images.length, product.title).toBeLessThanOrEqual(3);
    }
    expect(seeded.result.counts.productImages).toBe(imageRows.length);
    const stored = await Promise.all(
      imageRows.flatMap((image) => [files.get(image.fileKey), files.get(image.thumbnailKey ?? '')]),
    );
    expect(stored.every((buffer) => buffer !== null && buffer.length > 1000)).toBe(true);
    for (const image of imageRows) {
      expect(image.fileKey).toBe(`products/${image.productId}/${image.id}.webp`);
      expect(image.thumbnailKey).toBe(`products/${image.productId}/${image.id}-thumb.webp`);
      expect([image.width, image.height]).toEqual([800, 800]);
    }
  });

  it('draws real pictures: 800×800 WebP with a 320×320 thumbnail, far from a flat colour', async () => {
    const { productRows, imageRows } = await readCatalog(handle);
    // The main picture of one product per category, so every motif is checked.
    const mainImages = [...new Map(productRows.map((product) => [product.categoryId, product])).values()].map(
      (product) => imageRows.find((image) => image.productId === product.id && image.position === 0),
    );

    for (const image of mainImages) {
      const buffer = await readFile(path.join(seeded.directory, image?.fileKey ?? 'missing'));
      const metadata = await sharp(buffer).metadata();
      expect([metadata.format, metadata.width, metadata.height]).toEqual(['webp', 800, 800]);
      const stats = await sharp(buffer).stats();
      for (const channel of stats.channels.slice(0, 3)) expect(channel.stdev).toBeGreaterThan(20);

      const thumbnail = await sharp(await readFile(path.join(seeded.directory, image?.thumbnailKey ?? 'missing'))).metadata();
      expect([thumbnail.format, thumbnail.width, thumbnail.height]).toEqual(['webp', 320, 320]);
    }
  });

  it('seeds orders in every item status for each seller, with payments and refunds that add up', async () => {
    const [userRows, orderRows, itemRows, paymentRows, refundRows] = await Promise.all([
      handle.db.select().from(users),
      handle.db.select().from(orders),
      handle.db.select().from(orderItems),
      handle.db.select().from(payments),
      handle.db.select().from(refunds),
    ]);
    const sellers = userRows.filter((user) => user.role === 'seller');
    const allStatuses = ['pending', 'approved', 'rejected', 'shipped', 'delivered', 'completed', 'refunded', 'cancelled'];
    for (const seller of sellers) {
      expect(new Set(itemRows.filter((item) => item.sellerId === seller.id).map((item) => item.status)), seller.email).toEqual(new Set(allStatuses));
    }
    expect(seeded.result.counts).toMatchObject({ orders: orderRows.length, orderItems: itemRows.length });

    const northwind = sellers.find((seller) => seller.email === 'seller@example.com');
    const mine = itemRows.filter((item) => item.sellerId === northwind?.id);
    expect(new Set(mine.filter((item) => item.status === 'approved').map((item) => item.orderId)).size).toBeGreaterThanOrEqual(3);
    const shipped = mine.filter((item) => item.status === 'shipped');
    expect(shipped.length).toBeGreaterThanOrEqual(12);
    const paidOut = shipped.filter((item) => item.sellerPaid).length;
    expect(paidOut).toBeGreaterThan(0);
    expect(paidOut).toBeLessThan(shipped.length / 2);

    // Every order has one payment of its total; every rejected, refunded or cancelled item one refund.
    expect(paymentRows).toHaveLength(orderRows.length);
    for (const order of orderRows) {
      expect(order.totalCents).toBe(order.itemsTotalCents + order.shippingCents + order.retipTotalCents);
      const items = itemRows.filter((item) => item.orderId === order.id);
      expect(order.itemsTotalCents).toBe(items.reduce((total, item) => total + item.priceCents * item.quantity, 0));
      const payment = paymentRows.find((row) => row.orderId === order.id);
      expect(payment?.amountCents).toBe(order.totalCents);
      const refunded = refundRows.filter((row) => row.paymentId === payment?.id).reduce((total, row) => total + row.amountCents, 0);
      expect(payment?.refundedCents).toBe(refunded);
      expect(refunded).toBeLessThanOrEqual(order.totalCents);
      expect(order.createdAt.getTime()).toBeLessThanOrEqual(now.getTime());
    }
    const closed = itemRows.filter((item) => ['rejected', 'refunded', 'cancelled'].includes(item.status));
    expect(refundRows.map((row) => row.orderItemId).sort()).toEqual(closed.map((item) => item.id).sort());
    const cancelledOrders = orderRows.filter((order) => order.status === 'cancelled').map((order) => order.id);
    expect(cancelledOrders.length).toBeGreaterThan(0);
    const cancelledItems = await handle.db.select().from(orderItems).where(inArray(orderItems.orderId, cancelledOrders));
    for (const item of cancelledItems) expect(item.status).toBe('cancelled');
  });

  it('seeds the same orders on a fresh database', async () => {
    expect(seeded.result.counts.orders).toBeGreaterThan(0);
    expect(seeded.result).toEqual(firstRun.result);
    const identity = (rows: Array<typeof orders.$inferSelect>) => rows.map(({ id, buyerId, totalCents, createdAt, status }) => ({ id, buyerId, totalCents, createdAt, status }));
    expect(identity(await handle.db.select().from(orders).orderBy(asc(orders.id)))).toEqual(identity(firstOrders));
  });

  it('gives every seller a default ship-from address and every buyer a default address', async () => {
    const [userRows, addressRows] = await Promise.all([handle.db.select().from(users), handle.db.select().from(addresses)]);
    for (const user of userRows.filter((row) => row.role !== 'admin')) {
      const defaults = addressRows.filter((address) => address.userId === user.id && address.isDefault);
      expect(defaults, user.email).toHaveLength(1);
      expect(defaults[0]?.state, user.email).toMatch(/^[A-Z]{2}$/);
    }
    expect(seeded.result.counts.addresses).toBe(addressRows.length);
  });

  it('seeds shipments in every status for seller@example.com, consistent with their items', async () => {
    const [userRows, shipmentRows, lineRows, itemRows, pickupRows] = await Promise.all([
      handle.db.select().from(users),
      handle.db.select().from(shipments),
      handle.db.select().from(shipmentItems),
      handle.db.select().from(orderItems),
      handle.db.select().from(pickups),
    ]);
    const seller = userRows.find((user) => user.email === 'seller@example.com');
    const mine = shipmentRows.filter((shipment) => shipment.sellerId === seller?.id);
    const statuses = ['created', 'pickup_scheduled', 'shipped', 'in_transit', 'out_for_delivery', 'delivered', 'exception', 'cancelled', 'returned'];
    expect(new Set(mine.map((shipment) => shipment.status))).toEqual(new Set(statuses));
    expect(seeded.result.counts).toMatchObject({ shipments: shipmentRows.length, pickups: pickupRows.length });

    // A created shipment whose label is over 24 hours old (cannot be voided), and a fresh one.
    const created = mine.filter((shipment) => shipment.status === 'created');
    const ageHours = (shipment: (typeof mine)[number]) => (now.getTime() - (shipment.labelCreatedAt ?? shipment.createdAt).getTime()) / 3_600_000;
    expect(created.some((shipment) => ageHours(shipment) > 24)).toBe(true);
    expect(created.some((shipment) => ageHours(shipment) < 24)).toBe(true);

    // A consolidated pickup holding two of the seller's shipments, both pickup_scheduled.
    const consolidated = pickupRows.filter((pickup) => pickup.isConsolidated && pickup.sellerId === seller?.id);
    expect(consolidated).toHaveLength(1);
    const held = shipmentRows.filter((shipment) => shipment.pickupId === consolidated[0]?.id);
    expect(held.map((shipment) => shipment.status)).toEqual(['pickup_scheduled', 'pickup_scheduled']);
    for (const shipment of mine.filter((row) => row.status === 'pickup_scheduled')) expect(shipment.pickupId).not.toBeNull();
    for (const pickup of pickupRows) expect(pickup.pickupDate > now.toISOString().slice(0, 10)).toBe(true);

    // Valid, unique 1Z tracking numbers, a label and a ship-from address on every shipment.
    for (const shipment of shipmentRows) {
      expect(isValidUpsTrackingNumber(shipment.trackingNumber ?? ''), shipment.trackingNumber ?? 'none').toBe(true);
      expect(shipment.labelBase64?.length ?? 0).toBeGreaterThan(1000);
      expect(shipment.shipperAddress?.line1).toBeTruthy();
      expect((shipment.labelCreatedAt ?? now).getTime()).toBeLessThanOrEqual(now.getTime());
    }
    expect(new Set(shipmentRows.map((shipment) => shipment.trackingNumber)).size).toBe(shipmentRows.length);

    // Items follow their shipments: delivered → delivered, voided → approved and released, others shipped.
    const itemOf = new Map(itemRows.map((item) => [item.id, item]));
    for (const shipment of shipmentRows) {
      const lines = lineRows.filter((line) => line.shipmentId === shipment.id);
      expect(lines.length).toBeGreaterThan(0);
      for (const line of lines) {
        const item = itemOf.get(line.orderItemId);
        expect(item?.sellerId).toBe(shipment.sellerId);
        expect(item?.orderId).toBe(shipment.orderId);
        if (shipment.status === 'cancelled') {
          expect([line.isActive, item?.status]).toEqual([false, 'approved']);
          expect(shipment.voidedAt).not.toBeNull();
        } else {
          expect([line.isActive, item?.status]).toEqual([true, shipment.status === 'delivered' ? 'delivered' : 'shipped']);
        }
      }
    }
    // Every shipped or delivered item is in a live shipment; seller@example.com keeps ≥ 3 orders ready to ship.
    const live = new Set(lineRows.filter((line) => line.isActive).map((line) => line.orderItemId));
    for (const item of itemRows.filter((row) => row.status === 'shipped' || row.status === 'delivered')) expect(live.has(item.id)).toBe(true);
    const ready = itemRows.filter((item) => item.sellerId === seller?.id && item.status === 'approved' && !live.has(item.id));
    expect(new Set(ready.map((item) => item.orderId)).size).toBeGreaterThanOrEqual(3);
  });

  it("tells the sandbox carrier about every demo parcel, so the server's carrier tracks, voids and cancels them", async () => {
    const clock = createManualClock(now);
    const carrier = createSandboxCarrier({ clock, ledger: createSandboxLedgerRepository(handle.db) });
    const [shipmentRows, pickupRows] = await Promise.all([handle.db.select().from(shipments), handle.db.select().from(pickups)]);
    for (const shipment of shipmentRows.filter((row) => row.status !== 'cancelled')) {
      const tracked = await carrier.track({ trackingNumber: shipment.trackingNumber ?? '' });
      expect(tracked.status, shipment.trackingNumber ?? '').toBe(shipment.status);
    }
    const voided = shipmentRows.find((row) => row.status === 'cancelled');
    await expect(carrier.track({ trackingNumber: voided?.trackingNumber ?? '' })).rejects.toMatchObject({ code: 'not_found' });
    // A seeded pickup can be cancelled with the carrier; its parcels go back to waiting for one.
    const pickup = pickupRows[0];
    const held = shipmentRows.find((row) => row.pickupId === pickup?.id);
    await carrier.cancelPickup({ pickupRequestNumber: pickup?.pickupRequestNumber ?? '' });
    expect((await carrier.track({ trackingNumber: held?.trackingNumber ?? '' })).status).toBe('created');
    // Parcels on their way keep moving: a week later none is left in transit.
    clock.set(new Date(now.getTime() + 7 * 24 * 3_600_000));
    const onTheWay = shipmentRows.filter((row) => ['shipped', 'in_transit', 'out_for_delivery'].includes(row.status));
    expect(onTheWay.length).toBeGreaterThan(0);
    for (const shipment of onTheWay) expect((await carrier.track({ trackingNumber: shipment.trackingNumber ?? '' })).status).toBe('delivered');
  });

  it('seeds payment accounts in the onboarding states and a year of payouts in every status, consistent with the items', async () => {
    const [userRows, accountRows, payoutRows, itemRows, transferRows, lineRows, shipmentRows] = await Promise.all([
      handle.db.select().from(users),
      handle.db.select().from(paymentAccounts),
      handle.db.select().from(payouts),
      handle.db.select().from(orderItems),
      handle.db.select().from(sandboxConnectTransfers),
      handle.db.select().from(shipmentItems),
      handle.db.select().from(shipments),
    ]);
    const emailOf = new Map(userRows.map((user) => [user.id, user.email]));
    expect(Object.fromEntries(accountRows.map((row) => [emailOf.get(row.sellerId), row.status]))).toEqual({
      'seller@example.com': 'complete',
      'seller2@example.com': 'pending',
      'seller3@example.com': 'created',
    });
    expect(new Set(payoutRows.map((row) => row.status))).toEqual(new Set(['paid', 'pending', 'failed']));
    const oldest = Math.min(...payoutRows.map((row) => row.createdAt.getTime()));
    expect(now.getTime() - oldest).toBeGreaterThan(300 * 86_400_000);
    // Paid exactly when a paid payout exists; amounts follow the rule; a transfer for each paid cent.
    const itemOf = new Map(itemRows.map((item) => [item.id, item]));
    for (const payout of payoutRows) {
      expect(itemOf.get(payout.orderItemId)?.sellerPaid).toBe(payout.status === 'paid');
      expect(payout.netCents).toBe(Math.max(payout.grossCents - payout.feeCents, 0));
      if (payout.status === 'paid' && payout.netCents > 0) expect(transferRows.find((transfer) => transfer.id === payout.transferId)?.amountCents).toBe(payout.netCents);
      expect(emailOf.get(payout.sellerId)).not.toBe('seller3@example.com');
    }
    const paidIds = new Set(payoutRows.filter((row) => row.status === 'paid').map((row) => row.orderItemId));
    for (const item of itemRows.filter((row) => row.sellerPaid)) expect(paidIds.has(item.id)).toBe(true);
    // seller@example.com has unpaid shipped items with and without a pickup, and a failed payout to retry.
    const seller = userRows.find((user) => user.email === 'seller@example.com');
    const pickupOfItem = new Map(lineRows.filter((line) => line.isActive).map((line) => [line.orderItemId, shipmentRows.find((shipment) => shipment.id === line.shipmentId)?.pickupId ?? null]));
    const unpaid = itemRows.filter((item) => item.sellerId === seller?.id && !item.sellerPaid && (item.status === 'shipped' || item.status === 'delivered'));
    expect(unpaid.some((item) => pickupOfItem.get(item.id))).toBe(true);
    expect(unpaid.some((item) => !pickupOfItem.get(item.id))).toBe(true);
    expect(payoutRows.some((row) => row.status === 'failed' && unpaid.some((item) => item.id === row.orderItemId))).toBe(true);
  });

  it('seeds conversations in which seller@example.com has unread messages', async () => {
    const [userRows, chatRows, messageRows] = await Promise.all([handle.db.select().from(users), handle.db.select().from(chats), handle.db.select().from(chatMessages)]);
    const seller = userRows.find((user) => user.email === 'seller@example.com');
    const unread = messageRows.filter((message) => {
      const chat = chatRows.find((row) => row.id === message.chatId);
      return chat?.sellerId === seller?.id && message.senderId !== seller?.id && message.createdAt > (chat?.sellerLastReadAt ?? new Date(0));
    });
    expect(seeded.result.counts.chats).toBeGreaterThanOrEqual(3);
    expect(unread).toHaveLength(2);
    for (const chat of chatRows) expect(chat.lastMessageAt!.getTime()).toBeLessThan(now.getTime());
  });

  it('seeds disputes about seller@example.com’s items in several states, never on paid-out items', async () => {
    const [disputeRows, payoutRows, eventRows] = await Promise.all([handle.db.select().from(disputes), handle.db.select().from(payouts), handle.db.select().from(disputeEvents)]);
    expect(new Set(disputeRows.map((row) => row.status))).toEqual(new Set(['open', 'seller_responded', 'resolved_rejected']));
    const paidItems = new Set(payoutRows.map((row) => row.orderItemId));
    // Opened after the parcel's last tracking event, never before it.
    const [lineRows, shipmentRows] = await Promise.all([handle.db.select().from(shipmentItems), handle.db.select().from(shipments)]);
    for (const dispute of disputeRows) {
      const line = lineRows.find((row) => row.orderItemId === dispute.orderItemId && row.isActive);
      const shipment = shipmentRows.find((row) => row.id === line?.shipmentId);
      for (const event of shipment?.trackingEvents ?? []) expect(Date.parse(event.occurredAt)).toBeLessThan(dispute.createdAt.getTime());
    }
    for (const dispute of disputeRows) {
      expect(paidItems.has(dispute.orderItemId)).toBe(false);
      expect(eventRows.filter((event) => event.disputeId === dispute.id).length).toBeGreaterThanOrEqual(1);
      expect(dispute.createdAt.getTime()).toBeLessThan(now.getTime());
      expect(dispute.updatedAt.getTime()).toBeLessThan(now.getTime());
    }
  });

  it('seeds the same shipments on a fresh database', async () => {
    const identity = (rows: Array<typeof shipments.$inferSelect>) =>
      rows.map(({ id, status, trackingNumber, labelCreatedAt, pickupId, labelBase64 }) => ({ id, status, trackingNumber, labelCreatedAt, pickupId, labelBase64 }));
    expect(identity(await handle.db.select().from(shipments).orderBy(asc(shipments.id)))).toEqual(identity(firstShipments));
  });

  it('hashes the demo password once and stores a hash that verifies', async () => {
    const { userRows } = await readCatalog(handle);

    expect(seeded.hashCalls).toBe(1);
    expect(new Set(userRows.map((user) => user.passwordHash)).size).toBe(1);
    const [user] = userRows;
    expect(await verifyPassword(user?.passwordHash ?? '', DEMO_PASSWORD)).toBe(true);
    expect(await verifyPassword(user?.passwordHash ?? '', 'wrong-password')).toBe(false);
  });

  it('does nothing when the database already has users', async () => {
    const before = await readCatalog(handle);
    const again = await seedRun(handle, seeded.directory);

    expect(again.result.seeded).toBe(false);
    expect(again.hashCalls).toBe(0);
    const after = await readCatalog(handle);
    expect(after.userRows).toHaveLength(before.userRows.length);
    expect(after.productRows).toHaveLength(before.productRows.length);
    expect(after.imageRows).toHaveLength(before.imageRows.length);
  });

  it('seeds a second fresh database identically: same ids, content and image bytes', async () => {
    const [a, b] = [firstCatalog, await readCatalog(handle)];

    expect(seeded.result).toEqual(firstRun.result);
    const userIdentity = (rows: typeof a.userRows) => rows.map(({ id, email, role, companyName }) => ({ id, email, role, companyName }));
    expect(userIdentity(b.userRows)).toEqual(userIdentity(a.userRows));
    const productIdentity = (rows: typeof a.productRows) =>
      rows.map(({ id, sellerId, categoryId, title, priceCents, quantity, createdAt }) => ({
        id,
        sellerId,
        categoryId,
        title,
        priceCents,
        quantity,
        createdAt,
      }));
    expect(productIdentity(b.productRows)).toEqual(productIdentity(a.productRows));
    expect(b.imageRows).toEqual(a.imageRows);
    expect(b.categoryRows).toEqual(a.categoryRows);

    const keys = a.imageRows.flatMap((image) => [image.fileKey, image.thumbnailKey ?? '']);
    for (const key of keys) {
      const [left, right] = await Promise.all([
        readFile(path.join(firstRun.directory, key)),
        readFile(path.join(seeded.directory, key)),
      ]);
      expect(left.equals(right), key).toBe(true);
    }
  });

  it('uses version-4 UUIDs and names the add-on service in the description', async () => {
    const { productRows } = await readCatalog(handle);
    const [product] = await handle.db.select().from(products).where(eq(products.title, 'Aurora Wireless Noise-Cancelling Headphones'));

    for (const row of productRows) expect(row.id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(product?.description).toContain('Add-on available: a two-year extended warranty ($19.99).');
    expect(product?.retipPriceCents).toBe(1999);
  });
});
