/**
 * Seeds the demo marketplace on an empty database: categories, an admin, sellers, buyers, and a
 * catalogue of products with drawn pictures. Deterministic: a fresh database always gets the same ids,
 * data and image bytes (only the password hash and, unless `now` is given, the dates differ).
 *
 * How to extend (orders, shipments, payouts …):
 *  1. Put the hand-written content in demo-data.ts.
 *  2. Write a step `async function seedOrders(context: SeedContext, earlier: { users; catalog }):
 *     Promise<SeededOrders>` that inserts through `context.executor` and returns what later steps
 *     need (ids, amounts), never relying on re-reading the database.
 *  3. Draw its randomness from `context.random.fork('<step>/<stable key>')`, keyed by something stable
 *     such as an email, slug or title: a fork is independent of every other draw, so adding a step or
 *     a product never changes the ids that already exist.
 *  4. Write files (labels, pictures) before inserting the rows that point at them, as seedCatalog does.
 *  5. Call it in seedDemoMarketplace after the steps it depends on and add its counts.
 */
import { sql } from 'drizzle-orm';
import { nameComparisonKey } from '@marketplace/domain/visible-names';
import { calendarDateIn } from '@marketplace/domain/pickup-schedule';
import type { Database, Executor } from '../client';
import { categories, productImages, products, productVariants, users } from '../schema';
import { combinationKey, listingTotals, variantLabel } from '@marketplace/domain/variations';
import type { FileStore } from '../../providers/files/port';
import {
  DEMO_ADMIN,
  DEMO_BUYERS,
  DEMO_CATEGORIES,
  DEMO_PASSWORD,
  DEMO_PRODUCTS,
  DEMO_SELLERS,
  describeDemoProduct,
  type DemoCategorySlug,
  type DemoProduct,
  type DemoSellerKey,
  type DemoUser,
} from './demo-data';
import { demoPictureOf } from './demo-product-pictures';
import { drawProductImage } from './draw-product-image';
import { loadFluentEmojis } from './fluent-emoji';
import { createRandom, type Random } from './random';
import { seedOrders } from './seed-orders';
import { seedChats } from './seed-chats';
import { seedDisputes } from './seed-disputes';
import { seedNotifications } from './seed-notifications';
import { seedPayouts } from './seed-payouts';
import { seedReviews } from './seed-reviews';
import { seedAddresses, seedShipments } from './seed-shipments';
import { seedShippingProfiles } from './seed-shipping-profiles';
import { seedSupportRequests } from './seed-support-requests';

/** Changing it changes every id and picture of the demo data. */
export const DEMO_SEED = 'demo-marketplace/v1';

const DAY_MS = 24 * 60 * 60 * 1000;
/** Products appear over this many days before `now`, so "newest" sorting and date filters show something. */
const CATALOG_HISTORY_DAYS = 90;
/** Pictures drawn at once: sharp does the work on libuv's pool (4 threads), and memory stays small. */
const IMAGE_DRAWING_CONCURRENCY = 4;

export interface SeedDemoMarketplaceOptions {
  db: Database;
  files: FileStore;
  hashPassword: (plain: string) => Promise<string>;
  /** The moment the demo data is "created" relative to; defaults to the current time. */
  now?: Date;
}

export interface SeedCounts {
  categories: number;
  admins: number;
  sellers: number;
  buyers: number;
  products: number;
  shippingProfiles: number;
  productImages: number;
  orders: number;
  orderItems: number;
  addresses: number;
  shipments: number;
  pickups: number;
  paymentAccounts: number;
  payouts: number;
  chats: number;
  disputes: number;
  supportRequests: number;
  notifications: number;
  reviews: number;
}

export interface SeedDemoMarketplaceResult {
  /** False when the database already had users, in which case nothing was written. */
  seeded: boolean;
  counts: SeedCounts;
}

/** What every step gets. */
export interface SeedContext {
  executor: Executor;
  files: FileStore;
  random: Random;
  now: Date;
}

export interface SeededUser {
  id: string;
  email: string;
  firstName: string;
  lastName: string;
  createdAt: Date;
}

export interface SeededUsers {
  admin: SeededUser;
  sellers: Record<DemoSellerKey, SeededUser & { companyName: string }>;
  buyers: SeededUser[];
}

export interface SeededCategory {
  id: string;
  slug: DemoCategorySlug;
  name: string;
  commissionRateBasisPoints: number;
}

export interface SeededProductImage {
  id: string;
  fileKey: string;
  thumbnailKey: string;
}

export interface SeededProduct {
  id: string;
  sellerId: string;
  categoryId: string;
  title: string;
  priceCents: number;
  quantity: number;
  retipPriceCents: number | null;
  weightOunces: number;
  createdAt: Date;
  images: SeededProductImage[];
}

export interface SeededCatalog {
  categories: Record<DemoCategorySlug, SeededCategory>;
  products: SeededProduct[];
}

const noCounts: SeedCounts = {
  categories: 0,
  admins: 0,
  sellers: 0,
  buyers: 0,
  products: 0,
  shippingProfiles: 0,
  productImages: 0,
  orders: 0,
  orderItems: 0,
  addresses: 0,
  shipments: 0,
  pickups: 0,
  paymentAccounts: 0,
  payouts: 0,
  chats: 0,
  disputes: 0,
  supportRequests: 0,
  notifications: 0,
  reviews: 0,
};

export async function seedDemoMarketplace(options: SeedDemoMarketplaceOptions): Promise<SeedDemoMarketplaceResult> {
  const { db, files, hashPassword, now = new Date() } = options;
  // Cheap check first so a normal restart does not even hash the password.
  if (await hasAnyUser(db)) return { seeded: false, counts: noCounts };

  // argon2 is slow by design: hash once and share it between all demo accounts.
  const passwordHash = await hashPassword(DEMO_PASSWORD);

  return db.transaction(async (transaction) => {
    // Two servers booting at once against one PostgreSQL must not both seed: the lock serialises them
    // and the second one then sees the users the first committed.
    await transaction.execute(sql`select pg_advisory_xact_lock(hashtext('seed-demo-marketplace'))`);
    if (await hasAnyUser(transaction)) return { seeded: false, counts: noCounts };

    const context: SeedContext = { executor: transaction, files, random: createRandom(DEMO_SEED), now };
    const seededUsers = await seedUsers(context, { passwordHash });
    const catalog = await seedCatalog(context, { users: seededUsers });
    const seededShippingProfiles = await seedShippingProfiles(context, { users: seededUsers });
    const seededOrders = await seedOrders(context, { users: seededUsers, catalog });
    const seededAddresses = await seedAddresses(context, { users: seededUsers });
    const seededShipments = await seedShipments(context, { users: seededUsers, addresses: seededAddresses });
    const seededPayouts = await seedPayouts(context, { users: seededUsers, catalog });
    const seededChats = await seedChats(context, { users: seededUsers, catalog });
    const seededDisputes = await seedDisputes(context, { users: seededUsers });
    const seededSupportRequests = await seedSupportRequests(context, { users: seededUsers });
    // After the orders, shipments and payouts steps: it reviews the items they delivered.
    const seededReviews = await seedReviews(context, { users: seededUsers });
    // Last: the bell's history is read from the rows every step above wrote.
    const seededNotifications = await seedNotifications(context, { users: seededUsers });

    return {
      seeded: true,
      counts: {
        categories: Object.keys(catalog.categories).length,
        admins: 1,
        sellers: Object.keys(seededUsers.sellers).length,
        buyers: seededUsers.buyers.length,
        products: catalog.products.length,
        shippingProfiles: seededShippingProfiles.shippingProfiles,
        productImages: catalog.products.reduce((total, product) => total + product.images.length, 0),
        orders: seededOrders.orders + seededPayouts.historyOrders,
        orderItems: seededOrders.orderItems + seededPayouts.historyOrders,
        addresses: seededAddresses.count,
        shipments: seededShipments.shipments,
        pickups: seededShipments.pickups,
        paymentAccounts: seededPayouts.paymentAccounts,
        payouts: seededPayouts.payouts,
        chats: seededChats.chats,
        disputes: seededDisputes.disputes,
        supportRequests: seededSupportRequests.supportRequests,
        notifications: seededNotifications.notifications,
        reviews: seededReviews.reviews,
      },
    };
  });
}

async function hasAnyUser(executor: Executor): Promise<boolean> {
  const rows = await executor.select({ id: users.id }).from(users).limit(1);
  return rows.length > 0;
}

// ── step: users ───────────────────────────────────────────────────────────────────────────────

export async function seedUsers(context: SeedContext, input: { passwordHash: string }): Promise<SeededUsers> {
  // Accounts exist before anything they own: between 120 and 180 days before `now`.
  const toRow = (user: DemoUser) => {
    const random = context.random.fork(`users/${user.email}`);
    const createdAt = new Date(context.now.getTime() - random.integerBetween(120 * 24 * 60, 180 * 24 * 60) * 60_000);
    return {
      id: random.uuid(),
      email: user.email.toLowerCase(),
      passwordHash: input.passwordHash,
      firstName: user.firstName,
      lastName: user.lastName,
      role: user.role,
      companyName: user.companyName ?? null,
      // Kept with the name, as the users repository keeps it (users.schema.ts): the demo shops' names are taken.
      shopNameKey: user.companyName ? nameComparisonKey(user.companyName) : null,
      phone: user.phone ?? null,
      handlingDays: user.handlingDays ?? null,
      // Away from the seed's today (as the marketplace counts days, US Eastern) until `days` later.
      vacationUntil: user.vacation ? calendarDateIn(new Date(context.now.getTime() + user.vacation.days * DAY_MS)) : null,
      vacationMessage: user.vacation?.message ?? null,
      // Demo accounts verified their address when they joined (docs/product/accounts.md).
      emailVerifiedAt: createdAt,
      createdAt,
      updatedAt: createdAt,
    };
  };
  const seeded = (row: ReturnType<typeof toRow>): SeededUser => ({
    id: row.id,
    email: row.email,
    firstName: row.firstName,
    lastName: row.lastName,
    createdAt: row.createdAt,
  });

  const adminRow = toRow(DEMO_ADMIN);
  const sellerEntries = (Object.entries(DEMO_SELLERS) as Array<[DemoSellerKey, (typeof DEMO_SELLERS)[DemoSellerKey]]>).map(
    ([key, seller]) => [key, seller, toRow(seller)] as const,
  );
  const buyerRows = DEMO_BUYERS.map(toRow);

  await context.executor.insert(users).values([adminRow, ...sellerEntries.map(([, , row]) => row), ...buyerRows]);

  return {
    admin: seeded(adminRow),
    sellers: Object.fromEntries(
      sellerEntries.map(([key, seller, row]) => [key, { ...seeded(row), companyName: seller.companyName }]),
    ) as SeededUsers['sellers'],
    buyers: buyerRows.map(seeded),
  };
}

// ── step: catalog ─────────────────────────────────────────────────────────────────────────────

interface PlannedImage extends SeededProductImage {
  productId: string;
  title: string;
  name: string;
  position: number;
  createdAt: Date;
}

export async function seedCatalog(context: SeedContext, earlier: { users: SeededUsers }): Promise<SeededCatalog> {
  const categoryCreatedAt = new Date(context.now.getTime() - 200 * DAY_MS);
  const categoryRows = DEMO_CATEGORIES.map((category) => ({
    id: context.random.fork(`categories/${category.slug}`).uuid(),
    slug: category.slug,
    name: category.name,
    commissionRateBasisPoints: category.commissionRateBasisPoints,
    createdAt: categoryCreatedAt,
    updatedAt: categoryCreatedAt,
  }));
  const categoriesBySlug = Object.fromEntries(categoryRows.map((row) => [row.slug, row])) as Record<DemoCategorySlug, (typeof categoryRows)[number]>;

  const plannedProducts = DEMO_PRODUCTS.map((template) => planProduct(context, template, earlier.users, categoriesBySlug));
  const plannedImages = plannedProducts.flatMap((planned) => planned.images);

  // Each product's picture is its emoji (demo-product-pictures.ts), read from the icon set once.
  const pictures = new Map(DEMO_PRODUCTS.map((template) => [template.title, demoPictureOf(template.title)]));
  const emojis = await loadFluentEmojis(
    [...pictures.values()].flatMap((picture) => (picture ? [picture.emoji, ...(picture.accent ? [picture.accent] : [])] : [])),
  );

  // Files first: a row must never point at a file that is not there. If the transaction fails after
  // this, the files stay behind, but the next attempt writes the very same keys and bytes.
  const drawnSizes = await mapWithConcurrency(plannedImages, IMAGE_DRAWING_CONCURRENCY, async (planned) => {
    const picture = pictures.get(planned.title);
    const drawn = await drawProductImage({
      title: planned.title,
      emoji: picture && emojis.get(picture.emoji),
      accent: picture?.accent ? emojis.get(picture.accent) : undefined,
      seed: planned.productId,
      view: planned.position,
    });
    await Promise.all([context.files.put(planned.fileKey, drawn.image), context.files.put(planned.thumbnailKey, drawn.thumbnail)]);
    return { width: drawn.width, height: drawn.height };
  });

  await context.executor.insert(categories).values(categoryRows);
  await context.executor.insert(products).values(plannedProducts.map((planned) => planned.row));
  const plannedVariants = plannedProducts.flatMap((planned) => planned.variants);
  if (plannedVariants.length > 0) await context.executor.insert(productVariants).values(plannedVariants);
  await context.executor.insert(productImages).values(
    plannedImages.map((planned, index) => ({
      id: planned.id,
      productId: planned.productId,
      fileKey: planned.fileKey,
      thumbnailKey: planned.thumbnailKey,
      name: planned.name,
      position: planned.position,
      width: drawnSizes[index]?.width ?? null,
      height: drawnSizes[index]?.height ?? null,
      createdAt: planned.createdAt,
    })),
  );

  return {
    categories: Object.fromEntries(
      categoryRows.map((row) => [row.slug, { id: row.id, slug: row.slug, name: row.name, commissionRateBasisPoints: row.commissionRateBasisPoints }]),
    ) as SeededCatalog['categories'],
    products: plannedProducts.map(({ row, images }) => ({
      id: row.id,
      sellerId: row.sellerId,
      categoryId: row.categoryId,
      title: row.title,
      priceCents: row.priceCents,
      quantity: row.quantity,
      retipPriceCents: row.retipPriceCents,
      weightOunces: row.weightOunces,
      createdAt: row.createdAt,
      images: images.map(({ id, fileKey, thumbnailKey }) => ({ id, fileKey, thumbnailKey })),
    })),
  };
}

function planProduct(context: SeedContext, template: DemoProduct, seededUsers: SeededUsers, categoriesBySlug: Record<DemoCategorySlug, { id: string }>) {
  const random = context.random.fork(`products/${template.title}`);
  const id = random.uuid();
  const minutesAgo = random.integerBetween(10, CATALOG_HISTORY_DAYS * 24 * 60);
  const createdAt = new Date(context.now.getTime() - minutesAgo * 60_000);
  const imageCount = random.pick([1, 1, 1, 1, 2, 3]);
  const fileName = slugify(template.title);
  const images: PlannedImage[] = Array.from({ length: imageCount }, (_, position) => {
    const imageId = random.uuid();
    return {
      id: imageId,
      productId: id,
      title: template.title,
      fileKey: `products/${id}/${imageId}.webp`,
      thumbnailKey: `products/${id}/${imageId}-thumb.webp`,
      name: `${fileName}-${position + 1}.webp`,
      position,
      createdAt,
    };
  });
  // A listing with variations: its rows, and its own price and stock as their totals (decision 0043).
  const variations = template.variations ?? [];
  const variants = (template.variants ?? []).map((variant, position) => ({
    id: random.uuid(),
    productId: id,
    options: variant.options,
    combinationKey: combinationKey(variations, variant.options),
    label: variantLabel(variations, variant.options),
    priceCents: variant.priceCents,
    quantity: variant.quantity,
    sku: variant.sku ?? null,
    available: true,
    position,
    createdAt,
    updatedAt: createdAt,
  }));
  // Only a listing with variants has a highest price of its own (products.max_price_cents).
  const totals = variants.length > 0 ? listingTotals(variants) : { priceCents: template.priceCents, maxPriceCents: null, quantity: template.quantity };
  return {
    variants,
    row: {
      id,
      sellerId: seededUsers.sellers[template.seller].id,
      categoryId: categoriesBySlug[template.category].id,
      title: template.title,
      description: describeDemoProduct(template),
      priceCents: totals.priceCents,
      maxPriceCents: totals.maxPriceCents,
      quantity: totals.quantity,
      variations,
      hasVariants: variants.length > 0,
      condition: template.condition,
      retipLabel: template.retip?.label ?? null,
      retipPriceCents: template.retip?.priceCents ?? null,
      weightOunces: template.weightOunces,
      personalization: template.personalization ?? null,
      status: 'active' as const,
      // Every demo listing is live with photos: none is a draft (docs/product/listings.md).
      isDraft: false,
      createdAt,
      updatedAt: createdAt,
    },
    images,
  };
}

// ── helpers ───────────────────────────────────────────────────────────────────────────────────

function slugify(text: string): string {
  return text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
}

/** Like Promise.all over `items.map(work)`, but with at most `concurrency` calls running at once. */
async function mapWithConcurrency<T, R>(items: readonly T[], concurrency: number, work: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next;
      next += 1;
      results[index] = await work(items[index] as T);
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, items.length) }, worker));
  return results;
}
