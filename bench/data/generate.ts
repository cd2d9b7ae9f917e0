// Large-data generator ("Performance"): fills a PostgreSQL database through the project's
// own schema (migrations from apps/api/src/db) with, at --scale 1, 10,000 users, 100,000 products
// (with photo metadata rows), 200,000 orders (items, payments, shipments, payouts) and 50,000 chat
// messages, loaded with COPY (insert.ts). Deterministic for a given --seed and --anchor. At --scale 10
// (19.4 million rows) it takes about 6 minutes on the bench box (bench/README.md, "Large data set").
//
//   npx tsx bench/data/generate.ts [--scale 1] [--database-url URL] [--seed 8] [--anchor 2026-11-22]
//
// Without --database-url (or DATABASE_URL) a new database bench_data_<date>_<random> is created on
// postgres://postgres@127.0.0.1:5432 and kept; its URL is printed (and written with --url-file).
// Every user's password is `bench-password`.

import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import v8 from 'node:v8';
import { getTableName } from 'drizzle-orm';
import pg from 'pg';
import { calculatePayout } from '@marketplace/domain/payout';
import { calculateShippingCents } from '@marketplace/domain/shipping';
import { nameComparisonKey } from '@marketplace/domain/visible-names';
import { openDatabase } from '../../apps/api/src/db/client';
import * as schema from '../../apps/api/src/db/schema';
import { hashPassword } from '../../apps/api/src/modules/auth/password';
import { CopyLoads, insertRows, withIndexesBuiltAfter, type InsertStats } from './insert';
import { createRandom } from './random';

const { values: flags } = parseArgs({
  options: {
    scale: { type: 'string', default: '1' },
    'database-url': { type: 'string' },
    server: { type: 'string', default: 'postgres://postgres@127.0.0.1:5432/postgres' },
    seed: { type: 'string', default: '8' },
    anchor: { type: 'string' },
    concurrency: { type: 'string', default: '4' },
    'url-file': { type: 'string' },
    help: { type: 'boolean', default: false },
  },
});

if (flags.help) {
  console.log(`Usage: npx tsx bench/data/generate.ts [options]
  --scale X           fraction of the full data set (1 = 10k users, 100k products, 200k orders, 50k messages)
  --database-url URL  an existing (empty or migrated) database; default DATABASE_URL, else a new bench_data_… database
  --server URL        where the new database is created (default postgres://postgres@127.0.0.1:5432/postgres)
  --seed N            random seed (default 8)
  --anchor YYYY-MM-DD the "today" the data is spread back from over a year (default: today, UTC)
  --concurrency K     INSERT batches in flight (default 4)
  --url-file PATH     write the database URL there (for scripts)`);
  process.exit(0);
}

const scale = Number(flags.scale);
// What the later tables refer to stays in memory (the users, and each listing's id, seller and price):
// at --scale 10 that is more than Node's default heap, so the generator runs itself again with a heap
// sized for the scale, and a young generation large enough that the short-lived rows it makes by the
// million are collected cheaply (with the default, collecting was a sixth of its time).
const HEAP_MB_PER_SCALE = 400;
const wantedHeapMb = Math.ceil(Math.max(1, scale) * HEAP_MB_PER_SCALE) + 1024;
if (!process.env.BENCH_DATA_HEAP_RAISED) {
  const heap = v8.getHeapStatistics().heap_size_limit / 2 ** 20 < wantedHeapMb ? [`--max-old-space-size=${wantedHeapMb}`] : [];
  const again = spawnSync(process.execPath, [...process.execArgv, ...heap, '--max-semi-space-size=64', ...process.argv.slice(1)], {
    stdio: 'inherit',
    env: { ...process.env, BENCH_DATA_HEAP_RAISED: '1' },
  });
  process.exit(again.status ?? 1);
}
if (!(scale > 0 && scale <= 10)) throw new Error('--scale must be in (0, 10]');
const seed = Number(flags.seed);
const concurrency = Math.max(1, Number(flags.concurrency));
const anchor = new Date(`${flags.anchor ?? new Date().toISOString().slice(0, 10)}T12:00:00Z`);
if (Number.isNaN(anchor.getTime())) throw new Error('--anchor must be YYYY-MM-DD');

const counts = {
  users: Math.max(30, Math.round(10_000 * scale)),
  products: Math.max(100, Math.round(100_000 * scale)),
  orders: Math.max(100, Math.round(200_000 * scale)),
  messages: Math.max(100, Math.round(50_000 * scale)),
};

const DAY = 86_400_000;
const random = createRandom(seed);
const daysAgo = (days: number) => new Date(anchor.getTime() - days * DAY - random.int(0, DAY - 1));

async function resolveDatabaseUrl(): Promise<string> {
  const given = flags['database-url'] ?? process.env.DATABASE_URL;
  if (given) return given;
  const name = `bench_data_${anchor.toISOString().slice(0, 10).replaceAll('-', '')}_${randomBytes(3).toString('hex')}`;
  const admin = new pg.Client({ connectionString: flags.server });
  await admin.connect();
  try {
    await admin.query(`create database ${name}`);
  } finally {
    await admin.end();
  }
  const url = new URL(flags.server!);
  url.pathname = `/${name}`;
  return url.toString();
}

// ── vocabulary ─────────────────────────────────────────────────────────────────────────────────
const CATEGORY_NAMES = [
  'Electronics',
  'Audio',
  'Computers',
  'Phones',
  'Cameras',
  'Home',
  'Kitchen',
  'Garden',
  'Tools',
  'Toys',
  'Books',
  'Music',
  'Sports',
  'Outdoors',
  'Fashion',
  'Shoes',
  'Jewelry',
  'Beauty',
  'Health',
  'Collectibles',
];
const ADJECTIVES = [
  'Wireless',
  'Vintage',
  'Compact',
  'Portable',
  'Premium',
  'Classic',
  'Smart',
  'Ergonomic',
  'Rugged',
  'Handmade',
  'Refurbished',
  'Mini',
  'Deluxe',
  'Organic',
  'Lightweight',
];
const NOUNS = [
  'Headphones',
  'Keyboard',
  'Mouse',
  'Lamp',
  'Backpack',
  'Camera',
  'Speaker',
  'Watch',
  'Kettle',
  'Blender',
  'Jacket',
  'Sneakers',
  'Guitar',
  'Tent',
  'Drill',
  'Novel',
  'Puzzle',
  'Necklace',
  'Monitor',
  'Charger',
  'Chair',
  'Mug',
  'Bicycle',
  'Drone',
  'Tripod',
];
const BRANDS = ['Acme', 'Northwind', 'Globex', 'Initech', 'Umbrella', 'Stark', 'Wayne', 'Hooli', 'Vandelay', 'Soylent'];
const COLORS = ['black', 'white', 'red', 'blue', 'green', 'silver', 'gold', 'walnut', 'grey', 'orange'];
const FIRST = ['Ava', 'Liam', 'Mia', 'Noah', 'Zoe', 'Omar', 'Ivy', 'Leo', 'Ana', 'Kai', 'Eli', 'Nia', 'Sam', 'Ida', 'Ray'];
const LAST = ['Smith', 'Garcia', 'Chen', 'Okafor', 'Novak', 'Silva', 'Khan', 'Martin', 'Rossi', 'Kim', 'Lopez', 'Brown'];
const CITIES: Array<[string, string, string]> = [
  ['San Francisco', 'CA', '94107'],
  ['Austin', 'TX', '78701'],
  ['Seattle', 'WA', '98101'],
  ['Denver', 'CO', '80202'],
  ['Boston', 'MA', '02108'],
  ['Chicago', 'IL', '60601'],
];

// ── in-memory catalogue the later tables refer to ──────────────────────────────────────────────
interface UserRef {
  id: string;
  role: 'buyer' | 'seller' | 'admin';
  name: string;
  email: string;
}
interface ProductRef {
  id: string;
  sellerId: string;
  categoryIndex: number;
  title: string;
  priceCents: number;
  retipPriceCents: number | null;
}

async function main() {
  const databaseUrl = await resolveDatabaseUrl();
  console.log(`Database: ${databaseUrl}  scale ${scale}  seed ${seed}  anchor ${anchor.toISOString().slice(0, 10)}`);
  if (flags['url-file']) writeFileSync(flags['url-file'], databaseUrl);
  const totalStarted = performance.now();

  const migrateStarted = performance.now();
  const handle = await openDatabase({ kind: 'postgres', url: databaseUrl, poolSize: 2 });
  await handle.migrate();
  await handle.close();
  console.log(`  migrations                ${((performance.now() - migrateStarted) / 1000).toFixed(1)} s`);

  const pool = new pg.Pool({ connectionString: databaseUrl, max: concurrency + 1 });
  const existing = await pool.query<{ n: string }>('select count(*)::text as n from users');
  if (existing.rows[0]!.n !== '0') throw new Error('The database already has users: give an empty database (or none, to create one).');

  const stats: InsertStats[] = [];
  const report = (result: InsertStats) => {
    stats.push(result);
    const rate = result.rows / Math.max(result.ms / 1000, 0.001);
    console.log(
      `  ${result.table.padEnd(24)}  ${String(result.rows).padStart(9)} rows  ${(result.ms / 1000).toFixed(1).padStart(6)} s  ${Math.round(rate).toLocaleString('en-US').padStart(8)} rows/s`,
    );
  };
  const insert = async <T extends Parameters<typeof insertRows>[1]>(table: T, rows: Iterable<T['$inferInsert']>) =>
    report(await insertRows(pool, table, rows, { concurrency }));
  // The tables after the listings: no trigger of ours reads them, so they load fast (insert.ts).
  const load = async <T extends Parameters<typeof insertRows>[1]>(table: T, rows: Iterable<T['$inferInsert']>) =>
    report(await insertRows(pool, table, rows, { concurrency, fast: true }));

  // users: 0.5 % admins (≥ 2), 15 % sellers, the rest buyers
  const passwordHash = await hashPassword('bench-password');
  const adminCount = Math.max(2, Math.round(counts.users * 0.005));
  const sellerCount = Math.max(5, Math.round(counts.users * 0.15));
  const users: UserRef[] = [];
  for (let index = 0; index < counts.users; index += 1) {
    const role = index < adminCount ? 'admin' : index < adminCount + sellerCount ? 'seller' : 'buyer';
    users.push({ id: random.uuid(), role, name: `${random.pick(FIRST)} ${random.pick(LAST)}`, email: `${role}${index}@bench.example` });
  }
  const sellers = users.filter((user) => user.role === 'seller');
  const buyers = users.filter((user) => user.role === 'buyer');
  await insert(
    schema.users,
    users.map((user) => {
      const createdAt = daysAgo(random.int(365, 730));
      const [firstName, lastName] = user.name.split(' ') as [string, string];
      const companyName = user.role === 'seller' ? `${lastName} Goods ${user.email.replace(/\D/g, '')}` : null;
      return {
        id: user.id,
        email: user.email,
        passwordHash,
        firstName,
        lastName,
        role: user.role,
        companyName,
        // Kept with the name, as the users repository keeps it (users.schema.ts).
        shopNameKey: companyName === null ? null : nameComparisonKey(companyName),
        phone: '+14155550100',
        status: 'active' as const,
        createdAt,
        updatedAt: createdAt,
      };
    }),
  );

  await insert(
    schema.paymentAccounts,
    sellers.map((seller, index) => ({
      id: random.uuid(),
      sellerId: seller.id,
      provider: 'sandbox',
      accountId: `acct_bench_${index}`,
      status: 'complete' as const,
      detailsSubmitted: true,
      payoutsEnabled: true,
      requirementsDue: [],
    })),
  );

  const categories = CATEGORY_NAMES.map((name, index) => ({
    id: random.uuid(),
    name,
    slug: name.toLowerCase(),
    commissionRateBasisPoints: 500 + (index % 6) * 250,
  }));
  await insert(schema.categories, categories);

  // products: sellers skewed (a few big shops), prices $2–$1,500, deep stock so checkouts succeed
  const products: ProductRef[] = [];
  for (let index = 0; index < counts.products; index += 1) {
    const title = `${random.pick(BRANDS)} ${random.pick(ADJECTIVES)} ${random.pick(NOUNS)} ${random.pick(COLORS)} #${index}`;
    products.push({
      id: random.uuid(),
      sellerId: sellers[random.skewed(sellers.length)]!.id,
      categoryIndex: random.int(0, categories.length - 1),
      title,
      priceCents: random.int(200, 150_000),
      retipPriceCents: random.chance(0.2) ? random.int(100, 1500) : null,
    });
  }
  // The listings' kept words (migration 0028) are filled once after the load, as the migration fills
  // them: batches loaded side by side would otherwise wait on each other's word counts (every batch
  // shares "shape", "ships", …) and load one at a time.
  await pool.query('alter table products disable trigger products_listing_terms_insert');
  await insert(
    schema.products,
    (function* () {
      for (const product of products) {
        const createdAt = daysAgo(random.int(0, 400));
        yield {
          id: product.id,
          sellerId: product.sellerId,
          categoryId: categories[product.categoryIndex]!.id,
          title: product.title,
          description: `A ${random.pick(COLORS)} ${product.title.toLowerCase()} in ${random.pick(['new', 'great', 'good'])} shape. Ships from ${random.pick(CITIES)[0]}.`,
          priceCents: product.priceCents,
          quantity: random.int(1_000, 100_000),
          condition: random.pick(['new', 'like_new', 'good', 'fair'] as const),
          retipPriceCents: product.retipPriceCents,
          retipLabel: product.retipPriceCents === null ? null : 'Gift wrapping',
          weightOunces: random.int(2, 320),
          status: random.chance(0.03) ? ('hidden' as const) : ('active' as const),
          createdAt,
          updatedAt: createdAt,
        };
      }
    })(),
  );
  const wordsStarted = performance.now();
  await pool.query('alter table products enable trigger products_listing_terms_insert');
  // In four ranges of ids side by side (each its own statement), then each word's count from the rows.
  const bounds = ['00000000', '40000000', '80000000', 'c0000000', null].map((start) => start && `${start}-0000-0000-0000-000000000000`);
  // The words' rank index is built once they are all in (as for the tables loaded fast, insert.ts).
  await withIndexesBuiltAfter(pool, ['listing_terms'], () =>
    Promise.all(
      bounds
        .slice(0, -1)
        .map((start, index) =>
          pool.query(`select listing_terms_insert(array(select id from products where status = 'active' and id >= $1 and ($2::uuid is null or id < $2)))`, [
            start,
            bounds[index + 1],
          ]),
        ),
    ),
  );
  await pool.query('insert into catalogue_lexemes (lexeme, listing_count) select lexeme, count(*)::int from listing_terms group by lexeme');
  console.log(`  listing words             ${((performance.now() - wordsStarted) / 1000).toFixed(1)} s`);
  await load(
    schema.productImages,
    (function* () {
      for (const product of products) {
        const photos = random.int(1, 3);
        for (let position = 0; position < photos; position += 1) {
          const id = random.uuid();
          yield {
            id,
            productId: product.id,
            fileKey: `products/${product.id}/${id}.webp`,
            thumbnailKey: `products/${product.id}/${id}-thumb.webp`,
            name: `photo-${position + 1}.jpg`,
            position,
            width: 1200,
            height: 900,
          };
        }
      }
    })(),
  );

  // orders with 1–3 items each (items from popular products more often), a payment each,
  // one shipment per (order, seller) for items that shipped, a payout for most completed items
  const itemStatuses = [
    ['pending', 0.08],
    ['approved', 0.07],
    ['rejected', 0.03],
    ['shipped', 0.12],
    ['delivered', 0.15],
    ['completed', 0.5],
    ['refunded', 0.02],
    ['cancelled', 0.03],
  ] as const;
  const pickItemStatus = () => {
    let roll = random.next();
    for (const [status, weight] of itemStatuses) {
      if ((roll -= weight) < 0) return status;
    }
    return 'completed' as const;
  };
  type ItemStatus = (typeof itemStatuses)[number][0];
  // Generated and copied in one pass, a chunk of each table at a time (insert.ts): at --scale 10 that is
  // 2 million orders and 4 million items, which held in memory first left the generator collecting
  // garbage in an 11 GB heap while PostgreSQL waited.
  const orderTables = [schema.orders, schema.orderItems, schema.payments, schema.shipments, schema.shipmentItems, schema.payouts];
  // ~1 % of the delivered items get a dispute (below), drawn from a stream of their own.
  const disputeRandom = createRandom(seed + 1);
  const disputedItems: Array<{ itemId: string; orderId: string; buyerId: string; sellerId: string; createdAt: Date }> = [];
  const sellerAccount = new Map(sellers.map((seller, index) => [seller.id, `acct_bench_${index}`]));
  const adminId = users[0]!.id;
  let trackingNumber = 0;
  let payoutCount = 0;
  const ordersStarted = performance.now();
  const loaded = await withIndexesBuiltAfter(
    pool,
    orderTables.map((table) => getTableName(table)),
    async () => {
      const loads = new CopyLoads(pool, { concurrency });
      const [orderRows, itemRows, paymentRows, shipmentRows, shipmentItemRows, payoutRows] = [
        loads.table(schema.orders),
        loads.table(schema.orderItems),
        loads.table(schema.payments),
        loads.table(schema.shipments),
        loads.table(schema.shipmentItems),
        loads.table(schema.payouts),
      ] as const;
      for (let index = 0; index < counts.orders; index += 1) {
        if (index % 256 === 0) await loads.room();
        const buyer = buyers[random.skewed(buyers.length, 1.5)]!;
        const orderId = random.uuid();
        const createdAt = daysAgo(random.int(0, 364));
        const updatedAt = new Date(Math.min(anchor.getTime(), createdAt.getTime() + random.int(1, 10) * DAY));
        const [city, state, postalCode] = random.pick(CITIES);
        const address = { name: buyer.name, line1: `${random.int(1, 9999)} Market St`, city, state, postalCode };
        const lineCount = random.int(1, 3);
        const chosen = new Set<ProductRef>();
        while (chosen.size < lineCount) chosen.add(products[random.skewed(products.length, 1.7)]!);
        let itemsTotalCents = 0;
        let retipTotalCents = 0;
        const statuses: ItemStatus[] = [];
        const itemsBySeller = new Map<string, Array<{ id: string; quantity: number; status: ItemStatus }>>();
        for (const product of chosen) {
          const quantity = random.chance(0.85) ? 1 : random.int(2, 4);
          const retipAdded = product.retipPriceCents !== null && random.chance(0.3);
          const status = pickItemStatus();
          const itemId = random.uuid();
          itemsTotalCents += product.priceCents * quantity;
          if (retipAdded) retipTotalCents += product.retipPriceCents!;
          statuses.push(status);
          const category = categories[product.categoryIndex]!;
          const paid = status === 'completed' && random.chance(0.75);
          itemRows.add({
            id: itemId,
            orderId,
            sellerId: product.sellerId,
            productId: product.id,
            title: product.title,
            categoryId: category.id,
            priceCents: product.priceCents,
            quantity,
            retipAdded,
            retipPriceCents: retipAdded ? product.retipPriceCents! : 0,
            status,
            rejectionReason: status === 'rejected' ? 'Out of stock' : null,
            sellerPaid: paid,
            createdAt,
            updatedAt,
          });
          if (status === 'shipped' || status === 'delivered' || status === 'completed') {
            const list = itemsBySeller.get(product.sellerId) ?? [];
            list.push({ id: itemId, quantity, status });
            itemsBySeller.set(product.sellerId, list);
          }
          if ((status === 'delivered' || status === 'completed') && disputeRandom.chance(0.01))
            disputedItems.push({ itemId, orderId, buyerId: buyer.id, sellerId: product.sellerId, createdAt: updatedAt });
          if (paid) {
            const breakdown = calculatePayout(
              { unitPriceCents: product.priceCents, quantity, commissionRateBasisPoints: category.commissionRateBasisPoints, allocatedPickupChargeCents: 0 },
              category.name,
            );
            payoutRows.add({
              id: random.uuid(),
              orderItemId: itemId,
              sellerId: product.sellerId,
              accountId: sellerAccount.get(product.sellerId)!,
              status: 'paid',
              itemTotalCents: breakdown.itemTotalCents,
              commissionRateBps: breakdown.commissionRateBasisPoints,
              commissionCents: breakdown.commissionCents,
              pickupChargeCents: breakdown.pickupChargeCents,
              grossCents: breakdown.grossCents,
              feeCents: breakdown.feeCents,
              netCents: breakdown.payoutCents,
              transferId: `tr_bench_${payoutCount++}`,
              createdBy: adminId,
              paidAt: updatedAt,
              createdAt: updatedAt,
              updatedAt,
            });
          }
        }
        const shippingCents = calculateShippingCents(itemsTotalCents);
        const totalCents = itemsTotalCents + shippingCents + retipTotalCents;
        const orderStatus = statuses.every((status) => status === 'cancelled')
          ? 'cancelled'
          : statuses.every((status) => status === 'refunded' || status === 'rejected')
            ? 'refunded'
            : statuses.every((status) => ['completed', 'refunded', 'rejected', 'cancelled'].includes(status))
              ? 'completed'
              : statuses.some((status) => status === 'shipped' || status === 'delivered')
                ? 'shipped'
                : statuses.some((status) => status === 'approved')
                  ? 'processing'
                  : 'pending';
        orderRows.add({
          id: orderId,
          buyerId: buyer.id,
          status: orderStatus,
          idempotencyKey: `bench-${index}`,
          shippingName: address.name,
          shippingEmail: buyer.email,
          shippingPhone: '+14155550100',
          shippingLine1: address.line1,
          shippingLine2: null,
          shippingCity: city,
          shippingState: state,
          shippingPostalCode: postalCode,
          shippingCountry: 'US',
          itemsTotalCents,
          shippingCents,
          retipTotalCents,
          totalCents,
          createdAt,
          updatedAt,
        });
        paymentRows.add({
          id: random.uuid(),
          orderId,
          buyerId: buyer.id,
          provider: 'sandbox',
          providerPaymentId: `pi_bench_${index}`,
          amountCents: totalCents,
          refundedCents: 0,
          status: 'succeeded',
          cardBrand: 'visa',
          cardLast4: '4242',
          createdAt,
          updatedAt: createdAt,
        });
        for (const [sellerId, items] of itemsBySeller) {
          const shipmentId = random.uuid();
          const shipmentStatus = items.every((item) => item.status !== 'shipped') ? 'delivered' : 'in_transit';
          trackingNumber += 1;
          shipmentRows.add({
            id: shipmentId,
            orderId,
            sellerId,
            status: shipmentStatus,
            trackingNumber: `1ZBENCH${String(trackingNumber).padStart(10, '0')}`,
            carrierShipmentId: `shp_bench_${trackingNumber}`,
            labelFormat: 'GIF',
            weightOunces: random.int(4, 320),
            chargesCents: random.int(800, 4000),
            recipientAddress: { name: address.name, line1: address.line1, city, state, postalCode, countryCode: 'US' },
            trackingEvents: [{ status: 'shipped', description: 'Picked up', occurredAt: updatedAt.toISOString() }],
            labelCreatedAt: createdAt,
            createdAt,
            updatedAt,
          });
          for (const item of items)
            shipmentItemRows.add({ id: random.uuid(), shipmentId, orderItemId: item.id, quantity: item.quantity, isActive: true, createdAt });
        }
      }
      return loads.finish();
    },
  );
  for (const table of loaded) report({ ...table, ms: performance.now() - ordersStarted });
  console.log(`    (the order tables in one pass, copied in ${(loaded[0]!.ms / 1000).toFixed(1)} s; the times above include their indexes)`);

  // disputes on ~1 % of the delivered items
  const disputeStatuses = ['open', 'seller_responded', 'under_review', 'resolved_refunded', 'resolved_rejected'] as const;
  await load(
    schema.disputes,
    disputedItems.map((item) => ({
      id: random.uuid(),
      orderItemId: item.itemId,
      orderId: item.orderId,
      buyerId: item.buyerId,
      sellerId: item.sellerId,
      reason: random.pick(['not_received', 'damaged', 'not_as_described', 'other'] as const),
      description: 'The parcel arrived with a cracked corner.',
      photos: [],
      status: random.pick(disputeStatuses),
      createdAt: item.createdAt,
      updatedAt: item.createdAt,
    })),
  );

  // chats: one per buyer–seller pair, ~5 messages each, alternating sender
  const chatCount = Math.max(10, Math.round(counts.messages / 5));
  const pairs = new Map<string, { id: string; buyerId: string; sellerId: string; start: Date; messages: number }>();
  while (pairs.size < chatCount) {
    const buyer = buyers[random.skewed(buyers.length, 1.5)]!;
    const seller = sellers[random.skewed(sellers.length)]!;
    const key = `${buyer.id}:${seller.id}`;
    if (!pairs.has(key)) pairs.set(key, { id: random.uuid(), buyerId: buyer.id, sellerId: seller.id, start: daysAgo(random.int(1, 300)), messages: 0 });
  }
  const chats = [...pairs.values()];
  const messageRows: Array<typeof schema.chatMessages.$inferInsert> = [];
  for (let index = 0; index < counts.messages; index += 1) {
    const chat = index < chats.length ? chats[index]! : chats[random.skewed(chats.length, 1.3)]!;
    chat.messages += 1;
    const createdAt = new Date(chat.start.getTime() + chat.messages * 7 * 60_000);
    messageRows.push({
      id: random.uuid(),
      chatId: chat.id,
      senderId: chat.messages % 2 === 1 ? chat.buyerId : chat.sellerId,
      content: `Message ${chat.messages}: is this still available?`,
      attachments: [],
      createdAt,
    });
  }
  await load(
    schema.chats,
    chats.map((chat) => {
      const last = new Date(chat.start.getTime() + chat.messages * 7 * 60_000);
      return {
        id: chat.id,
        buyerId: chat.buyerId,
        sellerId: chat.sellerId,
        lastMessageAt: last,
        buyerLastReadAt: last,
        sellerLastReadAt: random.chance(0.5) ? last : chat.start,
        createdAt: chat.start,
        updatedAt: last,
      };
    }),
  );
  await load(schema.chatMessages, messageRows);

  const analyzeStarted = performance.now();
  // VACUUM too, not only ANALYZE: it sets the visibility map, so index-only scans read no heap pages
  // (a live database gets that from autovacuum; a freshly bulk-loaded one has not had it yet).
  await pool.query('vacuum (analyze)');
  console.log(`  vacuum analyze            ${((performance.now() - analyzeStarted) / 1000).toFixed(1)} s`);
  await pool.end();
  const totalRows = stats.reduce((sum, entry) => sum + entry.rows, 0);
  console.log(`Done: ${totalRows.toLocaleString('en-US')} rows in ${((performance.now() - totalStarted) / 1000).toFixed(1)} s.`);
  console.log(`DATABASE_URL=${databaseUrl}`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
