import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Logger } from 'drizzle-orm';
import {
  chatMessages,
  chats,
  disputes,
  paymentAccounts,
  payouts,
  productImages,
  reviewHelpfulVotes,
  reviewPhotos,
  reviews,
  shipmentItems,
  shipments,
} from '../db/schema';
import { buildTestApp, type TestApp } from '../../test/helper';
import { createUser } from '../../test/factories';
import { bearerFor } from '../../test/factories-commerce';
import { createCategory, createOrder, createPayment, createProduct } from '../../test/factories-orders';
import { timeLimit } from '../../test/time-limit';

// N+1 guard: the list endpoints must run the same number of SQL statements whether the
// page holds 5 rows or 50. Every statement drizzle prepares goes through the session's logger (also
// inside transactions, whose sessions share the options object), so the test counts them there.

let testApp: TestApp;
let executed = 0;
let counting = false;
let seller: { id: string; role: 'seller' };
let sellerBearer = '';
let adminBearer = '';
let categoryId = '';
/** One listing of the main seller that every unit reviews (with a photo and a helpful vote). */
let reviewedProduct: Awaited<ReturnType<typeof createProduct>>;
let units = 0;

/** Attaches a counting logger to the database the app already uses (PGlite, or PostgreSQL in CI). */
function countQueries(db: TestApp['database']['db']) {
  const logger: Logger = {
    logQuery() {
      if (counting) executed += 1;
    },
  };
  const session = (db as unknown as { session: { logger: Logger; options: { logger?: Logger } } }).session;
  session.logger = logger;
  session.options.logger = logger;
}

/**
 * One "unit" of data per call: a new buyer and a new seller; an order from the buyer with one
 * delivered item from the main seller and one from the new seller, both shipped; a paid payout for
 * the new seller's item; a chat between the buyer and the main seller; a dispute on the main
 * seller's item. So seller-scoped lists (main seller) and admin lists (many sellers) both grow.
 */
async function addUnit() {
  const db = testApp.database.db;
  units += 1;
  const buyer = await createUser(db, { role: 'buyer' });
  const otherSeller = await createUser(db, { role: 'seller' });
  await db
    .insert(paymentAccounts)
    .values({ sellerId: otherSeller.id, provider: 'sandbox', accountId: `acct_qc_${units}`, status: 'complete', detailsSubmitted: true, payoutsEnabled: true });
  const mine = await createProduct(db, { sellerId: seller.id, categoryId, title: `Desk Lamp ${units}` });
  const theirs = await createProduct(db, { sellerId: otherSeller.id, categoryId, title: `Reading Lamp ${units}` });
  await db.insert(productImages).values([
    { productId: mine.id, fileKey: `products/${mine.id}/a.webp`, thumbnailKey: `products/${mine.id}/a-thumb.webp`, name: 'a.webp', position: 0 },
    { productId: theirs.id, fileKey: `products/${theirs.id}/a.webp`, thumbnailKey: `products/${theirs.id}/a-thumb.webp`, name: 'a.webp', position: 0 },
  ]);
  const { order, items } = await createOrder(db, {
    buyerId: buyer.id,
    status: 'shipped',
    items: [
      { product: mine, status: 'delivered', priceCents: 2500 },
      { product: theirs, status: 'delivered', priceCents: 4000, sellerPaid: true },
    ],
  });
  await createPayment(db, order);
  for (const item of items) {
    const [shipment] = await db
      .insert(shipments)
      .values({
        orderId: order.id,
        sellerId: item.sellerId,
        status: 'delivered',
        trackingNumber: `1ZQC${units}${item.id.slice(0, 8)}`,
        weightOunces: 16,
        recipientAddress: { name: 'Test Buyer', line1: '1 Market St', city: 'San Francisco', state: 'CA', postalCode: '94105', countryCode: 'US' },
      })
      .returning();
    await db.insert(shipmentItems).values({ shipmentId: shipment!.id, orderItemId: item.id, quantity: item.quantity });
  }
  const theirItem = items.find((item) => item.sellerId === otherSeller.id)!;
  const myItem = items.find((item) => item.sellerId === seller.id)!;
  await db.insert(payouts).values({
    orderItemId: theirItem.id,
    sellerId: otherSeller.id,
    accountId: `acct_qc_${units}`,
    status: 'paid',
    itemTotalCents: 4000,
    commissionRateBps: 1000,
    commissionCents: 400,
    pickupChargeCents: 0,
    grossCents: 3600,
    feeCents: 0,
    netCents: 3600,
    transferId: `tr_qc_${units}`,
    paidAt: new Date(),
  });
  const [chat] = await db.insert(chats).values({ buyerId: buyer.id, sellerId: seller.id, productId: mine.id, lastMessageAt: new Date() }).returning();
  await db.insert(chatMessages).values({ chatId: chat!.id, senderId: buyer.id, content: `Is lamp ${units} still available?`, productId: mine.id });
  await db
    .insert(disputes)
    .values({ orderItemId: myItem.id, orderId: order.id, buyerId: buyer.id, sellerId: seller.id, reason: 'damaged', description: 'Cracked shade' });
  const reviewedOrder = await createOrder(db, { buyerId: buyer.id, status: 'shipped', items: [{ product: reviewedProduct, status: 'delivered' }] });
  const [review] = await db
    .insert(reviews)
    .values({
      orderItemId: reviewedOrder.items[0]!.id,
      productId: reviewedProduct.id,
      sellerId: seller.id,
      buyerId: buyer.id,
      rating: 4,
      title: `Lamp review ${units}`,
      body: 'Warm light.',
      helpfulCount: 1,
    })
    .returning();
  await db.insert(reviewPhotos).values({ reviewId: review!.id, fileKey: `reviews/${review!.id}/a.webp`, thumbnailKey: `reviews/${review!.id}/a-thumb.webp` });
  await db.insert(reviewHelpfulVotes).values({ reviewId: review!.id, userId: otherSeller.id });
}

interface Probe {
  name: string;
  url: () => string;
  who: () => string;
}

const probes: Probe[] = [
  { name: 'product search', url: () => '/api/products?q=lamp&limit=100', who: () => '' },
  { name: 'product list by category', url: () => '/api/products?category=qc-lamps&minPrice=1&limit=100', who: () => '' },
  { name: 'seller shipments', url: () => `/api/shipments/seller/${seller.id}`, who: () => sellerBearer },
  { name: 'admin shipped orders', url: () => '/api/orders/get-all-shipped-orders?limit=100', who: () => adminBearer },
  { name: 'admin payouts', url: () => '/api/stripe-connect/admin/payouts?limit=100', who: () => adminBearer },
  { name: 'chat list', url: () => `/api/chat/${seller.id}`, who: () => sellerBearer },
  { name: 'disputes list (admin)', url: () => '/api/disputes?limit=100', who: () => adminBearer },
  { name: 'disputes list (seller)', url: () => '/api/disputes?limit=100', who: () => sellerBearer },
  { name: 'seller orders', url: () => '/api/seller/orders?limit=100', who: () => sellerBearer },
  { name: 'product reviews', url: () => `/api/products/${reviewedProduct.id}/reviews?limit=50`, who: () => adminBearer },
  { name: 'seller reviews', url: () => '/api/seller/reviews?limit=100', who: () => sellerBearer },
  { name: 'admin reviews', url: () => '/api/admin/reviews?limit=100', who: () => adminBearer },
  { name: 'seller earnings', url: () => '/api/seller/earnings?limit=100', who: () => sellerBearer },
];

/** SQL statements and body size of one GET. */
async function measure(probe: Probe) {
  const authorization = probe.who();
  executed = 0;
  counting = true;
  const response = await testApp.app.inject({ method: 'GET', url: probe.url(), headers: authorization ? { authorization } : {} });
  counting = false;
  expect(response.statusCode, `${probe.name}: ${response.body.slice(0, 200)}`).toBe(200);
  return { queries: executed, bytes: response.body.length };
}

const at5 = new Map<string, { queries: number; bytes: number }>();
const at50 = new Map<string, { queries: number; bytes: number }>();

beforeAll(async () => {
  testApp = await buildTestApp();
  countQueries(testApp.database.db);
  const db = testApp.database.db;
  const admin = await createUser(db, { role: 'admin' });
  const mainSeller = await createUser(db, { role: 'seller' });
  seller = { id: mainSeller.id, role: 'seller' };
  sellerBearer = await bearerFor(testApp, seller);
  adminBearer = await bearerFor(testApp, admin);
  categoryId = (await createCategory(db, { name: 'QC Lamps', slug: 'qc-lamps', commissionRateBasisPoints: 1000 })).id;
  reviewedProduct = await createProduct(db, { sellerId: seller.id, categoryId, title: 'Reviewed lamp' });

  while (units < 5) await addUnit();
  for (const probe of probes) at5.set(probe.name, await measure(probe));
  while (units < 50) await addUnit();
  for (const probe of probes) at50.set(probe.name, await measure(probe));
}, timeLimit(120_000));

afterAll(async () => {
  await testApp?.close();
});

describe('SQL statements per list request do not grow with the rows listed (no N+1)', () => {
  it('counts statements for every probe', () => {
    // Shown in the test output, for the record.
    console.table(probes.map((probe) => ({ endpoint: probe.name, 'queries @5': at5.get(probe.name)!.queries, 'queries @50': at50.get(probe.name)!.queries })));
    for (const probe of probes) expect(at5.get(probe.name)!.queries, probe.name).toBeGreaterThan(0);
  });

  it.each(probes.map((probe) => probe.name))('%s', (name) => {
    const small = at5.get(name)!;
    const large = at50.get(name)!;
    // The larger data set is really listed (the answer grew) …
    expect(large.bytes, `${name}: the answer did not grow, so the probe does not see the data`).toBeGreaterThan(small.bytes);
    // … with the same number of statements.
    expect(large.queries, `${name}: ${small.queries} statements for 5 rows, ${large.queries} for 50`).toBe(small.queries);
  });
});

// The public catalogue's pages are one statement each (docs/product/catalogue-speed.md, decision 0027): the
// page's ids, its total and its rows with category, seller and cover; the product page with its photos and
// the seller's rating. Every round trip costs about as much as a small page's work.
describe('a catalogue page is one statement', () => {
  const pages: Array<[string, () => string]> = [
    ['the whole catalogue', () => '/api/products?limit=24'],
    ['a category', () => '/api/products?category=qc-lamps&limit=24'],
    ['a price range, cheapest first', () => '/api/products?minPrice=1&maxPrice=500&sort=price_asc&limit=24'],
    ['a later page', () => '/api/products?category=qc-lamps&limit=5&page=2'],
    ['a word search', () => '/api/products?q=lamp&limit=24'],
    ['a shop', () => `/api/products?sellerId=${seller.id}&limit=24`],
    ['the product page', () => `/api/products/${reviewedProduct.id}`],
  ];
  it.each(pages)('%s', async (name, url) => {
    const { queries } = await measure({ name, url, who: () => '' });
    expect(queries, `${name}: ${queries} statements`).toBe(1);
  });
});
