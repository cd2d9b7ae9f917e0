import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { asc, eq, inArray, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../client';
import { createTestDatabase } from '../../../test/helper';
import { isValidUpsTrackingNumber } from '@marketplace/domain/ups-tracking-number';
import {
  addresses,
  categories,
  chatMessages,
  chats,
  disputeEvents,
  disputes,
  notifications,
  orderItems,
  orders,
  paymentAccounts,
  payments,
  payouts,
  pickups,
  productImages,
  products,
  productVariants,
  refunds,
  reviews,
  sandboxConnectTransfers,
  shipmentItems,
  shipments,
  shippingProfiles,
  supportRequests,
  users,
} from '../schema';
import { createLocalFileStore } from '../../providers/files/local';
import { hashPassword, verifyPassword } from '../../modules/auth/password';
import { DEMO_LOGINS, DEMO_PASSWORD } from './demo-data';
import { seedDemoMarketplace, type SeedDemoMarketplaceResult } from './seed-demo-marketplace';
import { createManualClock } from '../../lib/clock';
import { createSandboxCarrier } from '../../providers/carrier/sandbox';
import { createSandboxLedgerRepository } from '../../providers/carrier/sandbox-ledger.repository';
import { createDomainEvents, type DomainEvent } from '../../lib/domain-events';
import { createNotificationReactions, createNotificationsService, READ_NOTIFICATION_KEPT_MS } from '../../modules/notifications';
import { eventLineOf, findMovedItems, findParcelNews, findPlacedOrder } from '../../modules/orders';
import { findTrackingOfOrderItems } from '../../modules/shipping';
import { UNREAD_FOR_MS } from './seed-notifications';
import { timeLimit } from '../../../test/time-limit';

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
  let firstNotifications: Array<typeof notifications.$inferSelect>;
  /** The run whose rows are in the database. */
  let seeded: SeedRun;

  // Seeds the whole demo marketplace twice (photos included): a minute or more on a busy machine. The bound
  // only catches a hang.
  beforeAll(async () => {
    const [opened, firstDirectory, secondDirectory] = await Promise.all([
      createTestDatabase(),
      mkdtemp(path.join(tmpdir(), 'seed-demo-first-')),
      mkdtemp(path.join(tmpdir(), 'seed-demo-second-')),
    ]);
    handle = opened;
    await handle.migrate();

    firstRun = await seedRun(handle, firstDirectory);
    firstCatalog = await readCatalog(handle);
    firstOrders = await handle.db.select().from(orders).orderBy(asc(orders.id));
    firstShipments = await handle.db.select().from(shipments).orderBy(asc(shipments.id));
    firstNotifications = await handle.db.select().from(notifications).orderBy(asc(notifications.id));
    await handle.db.execute(sql`truncate table product_images, products, categories, users cascade`);
    seeded = await seedRun(handle, secondDirectory);
  }, timeLimit(240_000));

  afterAll(async () => {
    await handle?.close();
    await Promise.all([firstRun?.directory, seeded?.directory].map((directory) => directory && rm(directory, { recursive: true, force: true })));
  });

  it('creates an admin, four sellers with companies and six buyers', async () => {
    const { userRows } = await readCatalog(handle);
    const byRole = (role: string) => userRows.filter((user) => user.role === role);

    expect(byRole('admin').map((user) => user.email)).toEqual(['admin@example.com']);
    expect(byRole('seller')).toHaveLength(4);
    expect(byRole('buyer')).toHaveLength(6);
    for (const seller of byRole('seller')) expect(seller.companyName).toMatch(/\w+ \w+/);
    expect(userRows.map((user) => user.email)).toEqual(expect.arrayContaining(['seller@example.com', 'buyer@example.com']));
    expect(userRows.map((user) => user.email).sort()).toEqual(DEMO_LOGINS.map((login) => login.email).sort());
    expect(seeded.result).toEqual({
      seeded: true,
      counts: expect.objectContaining({ admins: 1, sellers: 4, buyers: 6 }),
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

  it('gives a few listings variations whose totals are the listing’s price and stock (decision 0043)', async () => {
    const { productRows } = await readCatalog(handle);
    const variants = await handle.db.select().from(productVariants);
    const withVariants = productRows.filter((product) => product.hasVariants);
    expect(withVariants.map((product) => product.title).sort()).toEqual([
      'Merino Wool Crew Sweater',
      'Selvedge Slim-Fit Jeans',
      'Stoneware Coffee Mug Set of Two',
    ]);
    for (const product of withVariants) {
      const own = variants.filter((variant) => variant.productId === product.id && variant.available);
      expect(own.length).toBeGreaterThan(1);
      expect(product.priceCents).toBe(Math.min(...own.map((variant) => variant.priceCents)));
      expect(product.maxPriceCents).toBe(Math.max(...own.map((variant) => variant.priceCents)));
      expect(product.quantity).toBe(own.reduce((total, variant) => total + variant.quantity, 0));
      expect(own.every((variant) => variant.label.split(', ').length === product.variations.length)).toBe(true);
    }
    // One sold-out combination among its siblings, and a dearer one (the lists say "From").
    expect(variants.some((variant) => variant.quantity === 0)).toBe(true);
    expect(new Set(variants.filter((variant) => variant.label.startsWith('Size:')).map((variant) => variant.priceCents)).size).toBe(2);
  });

  it('has one shop on vacation, away from today for 12 days with its message, which has sold nothing (docs/product/shops.md)', async () => {
    const { userRows, productRows } = await readCatalog(handle);
    const away = userRows.filter((user) => user.vacationUntil !== null);
    expect(away.map((user) => [user.email, user.companyName, user.vacationMessage])).toEqual([
      ['seller4@example.com', 'Driftwood Pottery Studio', 'Firing the kiln for the winter market. Orders open again soon!'],
    ]);
    expect(away[0]!.vacationUntil! > now.toISOString().slice(0, 10)).toBe(true);
    expect(productRows.filter((product) => product.sellerId === away[0]!.id).map((product) => product.title)).toEqual([
      'Hand-Thrown Ramen Bowl Pair',
      'Salt-Glazed Stoneware Pitcher',
    ]);
    expect(await handle.db.select().from(orderItems).where(eq(orderItems.sellerId, away[0]!.id))).toEqual([]);
  });

  it('has one personalised listing, which requires the buyer’s text (docs/product/listings.md "Personalisation")', async () => {
    const { productRows } = await readCatalog(handle);
    const asking = productRows.filter((product) => product.personalization !== null);
    expect(asking.map((product) => [product.title, product.personalization])).toEqual([
      ['Gold-Plated Initial Necklace', { required: true, instructions: 'The letter for the pendant, A to Z.', maxLength: 1 }],
    ]);
  });

  it('gives every product at least one image whose file and thumbnail exist', async () => {
    const { productRows, imageRows } = await readCatalog(handle);
    const files = createLocalFileStore(seeded.directory);

    for (const product of productRows) {
      const images = imageRows.filter((image) => image.productId === product.id);
      expect(images.length, product.title).toBeGreaterThanOrEqual(1);
      expect(images.length, product.title).toBeLessThanOrEqual(3);
      // Live with photos, so none is a draft that a photo or a verified address would put live.
      expect([product.status, product.isDraft], product.title).toEqual(['active', false]);
    }
    expect(seeded.result.counts.productImages).toBe(imageRows.length);
    const stored = await Promise.all(imageRows.flatMap((image) => [files.get(image.fileKey), files.get(image.thumbnailKey ?? '')]));
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
    const mainImages = [...new Map(productRows.map((product) => [product.categoryId, product])).values()].map((product) =>
      imageRows.find((image) => image.productId === product.id && image.position === 0),
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
    // The shop on vacation has sold nothing (its own test above).
    const sellers = userRows.filter((user) => user.role === 'seller' && user.vacationUntil === null);
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
    const identity = (rows: Array<typeof orders.$inferSelect>) =>
      rows.map(({ id, buyerId, totalCents, createdAt, status }) => ({ id, buyerId, totalCents, createdAt, status }));
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

  it('gives the demo shops one shipping profile each — flat, free from $35, calculated — and leaves the shop on vacation on the standard rate', async () => {
    const [userRows, profileRows] = await Promise.all([handle.db.select().from(users), handle.db.select().from(shippingProfiles)]);
    const profileOf = (email: string) => profileRows.filter((profile) => profile.sellerId === userRows.find((user) => user.email === email)?.id);
    expect(profileOf('seller@example.com').map((profile) => [profile.rateType, profile.firstCents, profile.additionalCents, profile.isDefault])).toEqual([
      ['flat', 495, 150, true],
    ]);
    expect(profileOf('seller2@example.com').map((profile) => [profile.rateType, profile.minimumItemsTotalCents, profile.isDefault])).toEqual([
      ['free', 3500, true],
    ]);
    expect(profileOf('seller3@example.com').map((profile) => [profile.rateType, profile.handlingFeeCents, profile.isDefault])).toEqual([
      ['calculated', 100, true],
    ]);
    expect(profileOf('seller4@example.com')).toEqual([]);
    expect(seeded.result.counts.shippingProfiles).toBe(profileRows.length);
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
      'seller4@example.com': 'complete',
    });
    expect(new Set(payoutRows.map((row) => row.status))).toEqual(new Set(['paid', 'pending', 'failed']));
    const oldest = Math.min(...payoutRows.map((row) => row.createdAt.getTime()));
    expect(now.getTime() - oldest).toBeGreaterThan(300 * 86_400_000);
    // Paid exactly when a paid payout exists; amounts follow the rule; a transfer for each paid cent.
    const itemOf = new Map(itemRows.map((item) => [item.id, item]));
    for (const payout of payoutRows) {
      expect(itemOf.get(payout.orderItemId)?.sellerPaid).toBe(payout.status === 'paid');
      expect(payout.netCents).toBe(Math.max(payout.grossCents - payout.feeCents, 0));
      if (payout.status === 'paid' && payout.netCents > 0)
        expect(transferRows.find((transfer) => transfer.id === payout.transferId)?.amountCents).toBe(payout.netCents);
      expect(emailOf.get(payout.sellerId)).not.toBe('seller3@example.com');
    }
    const paidIds = new Set(payoutRows.filter((row) => row.status === 'paid').map((row) => row.orderItemId));
    for (const item of itemRows.filter((row) => row.sellerPaid)) expect(paidIds.has(item.id)).toBe(true);
    // seller@example.com has unpaid shipped items with and without a pickup, and a failed payout to retry.
    const seller = userRows.find((user) => user.email === 'seller@example.com');
    const pickupOfItem = new Map(
      lineRows
        .filter((line) => line.isActive)
        .map((line) => [line.orderItemId, shipmentRows.find((shipment) => shipment.id === line.shipmentId)?.pickupId ?? null]),
    );
    const unpaid = itemRows.filter((item) => item.sellerId === seller?.id && !item.sellerPaid && (item.status === 'shipped' || item.status === 'delivered'));
    expect(unpaid.some((item) => pickupOfItem.get(item.id))).toBe(true);
    expect(unpaid.some((item) => !pickupOfItem.get(item.id))).toBe(true);
    expect(payoutRows.some((row) => row.status === 'failed' && unpaid.some((item) => item.id === row.orderItemId))).toBe(true);
  });

  it('seeds conversations in which seller@example.com has unread messages', async () => {
    const [userRows, chatRows, messageRows] = await Promise.all([
      handle.db.select().from(users),
      handle.db.select().from(chats),
      handle.db.select().from(chatMessages),
    ]);
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
    const [disputeRows, payoutRows, eventRows] = await Promise.all([
      handle.db.select().from(disputes),
      handle.db.select().from(payouts),
      handle.db.select().from(disputeEvents),
    ]);
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

  it('gives every buyer and seller with orders a bell history of their own things: a few unread, the older ones read', async () => {
    const [userRows, orderRows, itemRows, disputeRows, reviewRows, rows] = await Promise.all([
      handle.db.select().from(users),
      handle.db.select().from(orders),
      handle.db.select().from(orderItems),
      handle.db.select().from(disputes),
      handle.db.select().from(reviews),
      handle.db.select().from(notifications),
    ]);
    const orderOfItem = new Map(itemRows.map((item) => [item.id, item.orderId]));
    expect(seeded.result.counts.notifications).toBe(rows.length);
    const day = 86_400_000;
    const keptFrom = now.getTime() - READ_NOTIFICATION_KEPT_MS;
    // The app paths each person may be sent to: their own orders and disputes (an admin: any case, and support).
    const ownPaths = (user: (typeof userRows)[number]): Set<string> => {
      if (user.role === 'buyer') {
        return new Set([
          ...orderRows.filter((order) => order.buyerId === user.id).map((order) => `/myorders/${order.id}`),
          ...disputeRows.filter((dispute) => dispute.buyerId === user.id).map((dispute) => `/orderDisputes/${dispute.id}`),
          // Their reviews: on the product's page, and in the order's review form.
          ...reviewRows
            .filter((review) => review.buyerId === user.id)
            .flatMap((review) => [
              `/products/${review.productId}?review=${review.id}`,
              `/myorders/${orderOfItem.get(review.orderItemId)}?review=${review.orderItemId}`,
            ]),
        ]);
      }
      if (user.role === 'seller') {
        return new Set([
          ...itemRows.filter((item) => item.sellerId === user.id).map((item) => `/seller/orders/items/${item.orderId}`),
          ...disputeRows.filter((dispute) => dispute.sellerId === user.id).map((dispute) => `/seller/disputes/${dispute.id}`),
          ...reviewRows.filter((review) => review.sellerId === user.id).map((review) => `/products/${review.productId}?review=${review.id}`),
        ]);
      }
      return new Set(['/admin/settings', ...disputeRows.map((dispute) => `/admin/disputes/${dispute.id}`)]);
    };
    const kindsFor = {
      buyer: [
        'order_placed',
        'item_approved',
        'item_rejected',
        'item_shipped',
        'item_out_for_delivery',
        'item_delivered',
        'refund_issued',
        'dispute_answered',
        'dispute_resolved',
        'review_reply',
        'review_hidden',
      ],
      seller: ['new_order', 'payout_sent', 'dispute_opened', 'dispute_resolved', 'new_review'],
      admin: ['dispute_opened', 'dispute_answered', 'support_request'],
    };

    for (const user of userRows) {
      const mine = rows.filter((row) => row.userId === user.id);
      const hasOrders = user.role === 'buyer' ? orderRows.some((order) => order.buyerId === user.id) : itemRows.some((item) => item.sellerId === user.id);
      if (user.role !== 'admin' && hasOrders) expect(mine.length, user.email).toBeGreaterThan(0);
      const paths = ownPaths(user);
      for (const row of mine) {
        expect(paths.has(row.link), `${user.email}: ${row.link}`).toBe(true);
        expect(kindsFor[user.role as keyof typeof kindsFor], `${user.email}: ${row.kind}`).toContain(row.kind);
        expect(row.title.length).toBeGreaterThan(0);
        // Nothing from the future; nothing the clean-up job would delete; read a little after it came, if old.
        expect(row.createdAt.getTime()).toBeLessThanOrEqual(now.getTime());
        expect(row.createdAt.getTime()).toBeGreaterThanOrEqual(keptFrom);
        if (now.getTime() - row.createdAt.getTime() > UNREAD_FOR_MS) {
          expect(row.readAt, `${user.email}: ${row.dedupeKey}`).not.toBeNull();
          expect(row.readAt!.getTime()).toBeGreaterThanOrEqual(row.createdAt.getTime());
          expect(row.readAt!.getTime()).toBeLessThan(row.createdAt.getTime() + day);
        } else {
          expect(row.readAt, `${user.email}: ${row.dedupeKey}`).toBeNull();
        }
      }
    }
    // A buyer's parcel notification names the tracking number of a live shipment of that order.
    const shipped = rows.filter((row) => row.kind === 'item_shipped');
    expect(shipped.length).toBeGreaterThan(0);
    for (const row of shipped) expect(row.body).toMatch(/UPS tracking number 1Z[0-9A-Z]{16}\.$/);

    // The demo logins open the bell on at least two unread ones and a longer read history.
    for (const email of ['buyer@example.com', 'seller@example.com', 'admin@example.com']) {
      const user = userRows.find((row) => row.email === email);
      const mine = rows.filter((row) => row.userId === user?.id);
      const unread = mine.filter((row) => row.readAt === null).length;
      expect(unread, email).toBeGreaterThanOrEqual(2);
      expect(mine.length - unread, email).toBeGreaterThan(unread);
    }
    // Every kind the seeded history tells of appears somewhere in the demo.
    expect(new Set(rows.map((row) => row.kind))).toEqual(new Set(Object.values(kindsFor).flat()));
  });

  it('writes what the reactions would: the same events later add nothing, and with those rows gone write them again word for word', async () => {
    const seededRows = await handle.db.select().from(notifications);
    // One of each sort (kind, and the shape of its key and link, so a parcel with and without a label both
    // count): every derivation is checked while the test stays quick.
    const sortOf = (row: (typeof seededRows)[number]) =>
      [row.kind, row.dedupeKey, row.link].map((text) => text.replace(/[0-9a-f-]{36}/g, 'ID').replace(/1Z[0-9A-Z]{16}/g, 'TRACKING')).join(' ');
    const bySort = new Map<string, typeof seededRows>();
    for (const row of [...seededRows].sort((x, y) => `${x.userId}/${x.dedupeKey}`.localeCompare(`${y.userId}/${y.dedupeKey}`)))
      bySort.set(sortOf(row), [...(bySort.get(sortOf(row)) ?? []), row]);
    const sample = [...bySort.values()].flatMap((rows) => rows.slice(0, 1));
    expect(new Set(sample.map((row) => row.kind))).toEqual(new Set(seededRows.map((row) => row.kind)));
    const events = await eventsBehind(handle, sample);
    const bus = reactionsOn(handle);

    const shape = (rows: ReadonlyArray<typeof notifications.$inferSelect>) =>
      rows
        .map(({ userId, kind, title, body, link, dedupeKey }) => ({ userId, kind, title, body, link, dedupeKey }))
        .sort((x, y) => `${x.userId}/${x.dedupeKey}`.localeCompare(`${y.userId}/${y.dedupeKey}`));
    try {
      // After seeding, the events of seeded things find their keys taken: no row, no push.
      await bus.publish(events);
      expect(bus.failures).toEqual([]);
      expect(bus.pushes).toEqual([]);
      expect(await handle.db.$count(notifications)).toBe(seededRows.length);

      // With those rows gone, the same events write them again word for word (other people's rows stay taken).
      await handle.db.delete(notifications).where(
        inArray(
          notifications.id,
          sample.map((row) => row.id),
        ),
      );
      await bus.publish(events);
      expect(bus.failures).toEqual([]);
      const seededIds = new Set(seededRows.map((row) => row.id));
      const written = (await handle.db.select().from(notifications)).filter((row) => !seededIds.has(row.id));
      expect(shape(written)).toEqual(shape(sample));
    } finally {
      // The later tests read the seeded bell as it was.
      await handle.db.delete(notifications);
      await handle.db.insert(notifications).values(seededRows);
    }
  });

  it('seeds the same notifications on a fresh database', async () => {
    const identity = (rows: Array<typeof notifications.$inferSelect>) =>
      rows.map(({ id, userId, dedupeKey, title, body, createdAt, readAt }) => ({ id, userId, dedupeKey, title, body, createdAt, readAt }));
    expect(firstNotifications.length).toBeGreaterThan(0);
    expect(identity(await handle.db.select().from(notifications).orderBy(asc(notifications.id)))).toEqual(identity(firstNotifications));
  });

  it('seeds the same shipments on a fresh database', async () => {
    const identity = (rows: Array<typeof shipments.$inferSelect>) =>
      rows.map(({ id, status, trackingNumber, labelCreatedAt, pickupId, labelBase64 }) => ({
        id,
        status,
        trackingNumber,
        labelCreatedAt,
        pickupId,
        labelBase64,
      }));
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
      const [left, right] = await Promise.all([readFile(path.join(firstRun.directory, key)), readFile(path.join(seeded.directory, key))]);
      expect(left.equals(right), key).toBe(true);
    }
  });

  it('uses version-4 UUIDs and gives every add-on a name buyers can tick, the one the description promises', async () => {
    const { productRows } = await readCatalog(handle);
    const [product] = await handle.db.select().from(products).where(eq(products.title, 'Aurora Wireless Noise-Cancelling Headphones'));

    for (const row of productRows) expect(row.id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(product?.description).toContain('Add-on available: a two-year extended warranty ($19.99).');
    expect(product).toMatchObject({ retipLabel: 'Two-year extended warranty', retipPriceCents: 1999 });
    // An add-on is a name and a price, or nothing; a description names an add-on only when there is one.
    for (const row of productRows) {
      expect(row.retipLabel === null, row.title).toBe(row.retipPriceCents === null);
      expect(row.retipLabel?.trim() ?? '', row.title).not.toMatch(/^retip$/i);
      expect(row.description.includes('Add-on available'), row.title).toBe(row.retipPriceCents !== null);
      expect(row.description, row.title).not.toMatch(/at checkout/i);
    }
  });
});

/** The app's notification reactions on a bus of the test's own, with their pushes and failures recorded. */
function reactionsOn(handle: DatabaseHandle) {
  const events = createDomainEvents({ database: handle.db });
  const pushes: unknown[] = [];
  const failures: unknown[] = [];
  const service = createNotificationsService({
    db: handle.db,
    clock: createManualClock(now),
    live: { emit: (userIds, event, ...payload) => void pushes.push({ userIds, event, payload: payload[0] }) },
  });
  const reactions = createNotificationReactions({ db: handle.db, events, notifications: service, onError: (error) => void failures.push(error) });
  return {
    pushes,
    failures,
    async publish(published: readonly DomainEvent[]) {
      for (const event of published) events.publish(event);
      await reactions.settled();
    },
  };
}

/** The domain events that would have written these notifications, each once, built from the seeded rows as their publishers build them. */
async function eventsBehind(handle: DatabaseHandle, rows: ReadonlyArray<typeof notifications.$inferSelect>): Promise<DomainEvent[]> {
  const [orderRows, itemRows, lineRows, shipmentRows, refundRows, payoutRows, disputeRows, disputeEventRows, requestRows, userRows, reviewRows] =
    await Promise.all([
      handle.db.select().from(orders),
      handle.db.select().from(orderItems),
      handle.db.select().from(shipmentItems),
      handle.db.select().from(shipments),
      handle.db.select().from(refunds),
      handle.db.select().from(payouts),
      handle.db.select().from(disputes),
      handle.db.select().from(disputeEvents),
      handle.db.select().from(supportRequests),
      handle.db.select().from(users),
      handle.db.select().from(reviews),
    ]);
  const review = (id: string) => {
    const found = reviewRows.find((row) => row.id === id);
    if (!found) throw new Error(`No review ${id}`);
    return { found, about: { reviewId: found.id, productId: found.productId, orderItemId: found.orderItemId, buyerId: found.buyerId } };
  };
  const item = (id: string) => {
    const found = itemRows.find((row) => row.id === id);
    if (!found) throw new Error(`No order item ${id}`);
    return found;
  };
  const about = (id: string) => ({ orderItemId: id, orderId: item(id).orderId, sellerId: item(id).sellerId });
  const buyerOf = (orderItemId: string) => {
    const found = orderRows.find((row) => row.id === item(orderItemId).orderId);
    if (!found) throw new Error(`No order of item ${orderItemId}`);
    return found.buyerId;
  };
  /** The item of a parcel key: the item itself, or the one under that tracking number. */
  const parcelItem = (reference: string) => {
    if (itemRows.some((row) => row.id === reference)) return reference;
    const shipment = shipmentRows.find((row) => row.trackingNumber === reference);
    const line = lineRows.find((row) => row.shipmentId === shipment?.id && row.isActive);
    if (!line) throw new Error(`No parcel ${reference}`);
    return line.orderItemId;
  };
  const parties = (disputeId: string) => {
    const dispute = disputeRows.find((row) => row.id === disputeId);
    if (!dispute) throw new Error(`No dispute ${disputeId}`);
    return {
      dispute,
      parties: { disputeId, orderItemId: dispute.orderItemId, orderId: dispute.orderId, buyerId: dispute.buyerId, sellerId: dispute.sellerId },
    };
  };

  const events = new Map<string, DomainEvent>();
  for (const { dedupeKey } of rows) {
    const [prefix = '', ...rest] = dedupeKey.split(':');
    const subject = rest.join(':');
    const [orderId = '', reference = ''] = rest;
    const shipping = {
      'item-shipped': 'order-item.shipped',
      'item-out-for-delivery': 'order-item.out-for-delivery',
      'item-delivered': 'order-item.delivered',
    } as const;
    const stages = { 'item-shipped': 'shipped', 'item-out-for-delivery': 'outForDelivery', 'item-delivered': 'delivered' } as const;
    if (prefix === 'order-placed' || prefix === 'new-order') {
      const order = orderRows.find((row) => row.id === subject);
      const lines = itemRows.filter((row) => row.orderId === subject);
      const placed = await findPlacedOrder(handle.db, subject);
      if (!placed) throw new Error(`No order ${subject}`);
      events.set(`order.placed:${subject}`, {
        type: 'order.placed',
        orderId: subject,
        buyerId: order?.buyerId ?? '',
        sellerIds: [...new Set(lines.map((line) => line.sellerId))],
        productIds: lines.map((line) => line.productId),
        totalCents: order?.totalCents ?? 0,
        order: placed,
      });
    } else if (prefix === 'item-approved' || prefix === 'item-rejected') {
      const moved = (await findMovedItems(handle.db, [subject])).get(subject);
      if (!moved) throw new Error(`No order item ${subject}`);
      events.set(dedupeKey, {
        type: 'order-item.moved',
        ...about(subject),
        productId: item(subject).productId,
        from: 'pending',
        to: prefix === 'item-approved' ? 'approved' : 'rejected',
        actor: 'seller',
        ...moved,
      });
    } else if (prefix in shipping) {
      const id = parcelItem(reference);
      expect(item(id).orderId).toBe(orderId);
      const [news] = await findParcelNews(handle.db, [item(id)], stages[prefix as keyof typeof stages], findTrackingOfOrderItems);
      if (!news) throw new Error(`No parcel of ${id}`);
      events.set(dedupeKey, { type: shipping[prefix as keyof typeof shipping], ...news });
    } else if (prefix === 'refund-issued') {
      const refund = refundRows.find((row) => row.refundKey === subject);
      if (!refund) throw new Error(`No refund ${subject}`);
      events.set(dedupeKey, {
        type: 'refund.issued',
        ...about(refund.orderItemId),
        buyerId: buyerOf(refund.orderItemId),
        title: item(refund.orderItemId).title,
        refundKey: refund.refundKey,
        amountCents: refund.amountCents,
        refundedCents: item(refund.orderItemId).refundedCents,
      });
    } else if (prefix === 'payout-sent') {
      const payout = payoutRows.find((row) => row.id === subject);
      if (!payout) throw new Error(`No payout ${subject}`);
      const breakdown = {
        itemTotalCents: payout.itemTotalCents,
        commissionRateBasisPoints: payout.commissionRateBps,
        commissionCents: payout.commissionCents,
        pickupChargeCents: payout.pickupChargeCents,
        feeCents: payout.feeCents,
        adjustmentCents: 0,
        shippingCreditCents: payout.shippingCreditCents,
        labelChargeCents: payout.labelChargeCents,
        netCents: payout.netCents,
      };
      events.set(dedupeKey, {
        type: 'payout.sent',
        payoutId: payout.id,
        orderItemId: payout.orderItemId,
        orderId: item(payout.orderItemId).orderId,
        sellerId: payout.sellerId,
        line: eventLineOf(item(payout.orderItemId)),
        breakdown,
      });
    } else if (prefix === 'dispute-opened') {
      const { dispute, parties: who } = parties(subject);
      events.set(dedupeKey, {
        type: 'dispute.opened',
        ...who,
        title: item(dispute.orderItemId).title,
        reason: dispute.reason,
        description: dispute.description,
      });
    } else if (prefix === 'dispute-answered') {
      const { dispute, parties: who } = parties(subject);
      const answer = disputeEventRows.find((row) => row.disputeId === subject && (row.type === 'seller_offered_refund' || row.type === 'seller_contested'));
      const offered = answer?.type === 'seller_offered_refund';
      events.set(dedupeKey, {
        type: 'dispute.answered',
        ...who,
        title: item(dispute.orderItemId).title,
        action: offered ? 'offer_refund' : 'contest',
        offerCents: offered ? (answer?.amountCents ?? null) : null,
        statement: dispute.sellerResponse,
      });
    } else if (prefix === 'dispute-resolved') {
      const { dispute, parties: who } = parties(subject);
      const refunded = dispute.status === 'resolved_refunded';
      events.set(dedupeKey, {
        type: 'dispute.resolved',
        ...who,
        title: item(dispute.orderItemId).title,
        outcome: refunded ? 'refunded' : 'rejected',
        refundCents: refunded ? dispute.refundCents : null,
        note: dispute.resolutionNote,
        byBuyerAcceptingOffer: dispute.resolvedBy === dispute.buyerId,
      });
    } else if (prefix === 'support-request') {
      const request = requestRows.find((row) => row.id === subject);
      const seller = userRows.find((row) => row.id === request?.userId);
      if (!request || !seller) throw new Error(`No support request ${subject}`);
      events.set(dedupeKey, {
        type: 'support.requested',
        requestId: request.id,
        userId: seller.id,
        name: `${seller.firstName} ${seller.lastName}`,
        email: seller.email,
        subject: request.subject,
      });
    } else if (prefix === 'new-review') {
      const { found, about: who } = review(subject);
      events.set(dedupeKey, {
        type: 'review.created',
        ...who,
        sellerId: found.sellerId,
        rating: found.rating,
        title: found.title,
        itemTitle: item(found.orderItemId).title,
      });
    } else if (prefix === 'review-reply') {
      const { found, about: who } = review(subject);
      events.set(dedupeKey, {
        type: 'review.replied',
        ...who,
        sellerId: found.sellerId,
        reply: found.sellerReply ?? '',
        itemTitle: item(found.orderItemId).title,
      });
    } else if (prefix === 'review-hidden') {
      const { found, about: who } = review(orderId);
      expect(found.hiddenAt?.toISOString()).toBe(rest.slice(1).join(':'));
      events.set(dedupeKey, {
        type: 'review.hidden',
        ...who,
        orderId: item(found.orderItemId).orderId,
        title: found.title,
        itemTitle: item(found.orderItemId).title,
        reason: found.hiddenReason ?? '',
        hiddenAt: found.hiddenAt?.toISOString() ?? '',
      });
    } else {
      throw new Error(`No event behind ${dedupeKey}`);
    }
  }
  return [...events.values()];
}
