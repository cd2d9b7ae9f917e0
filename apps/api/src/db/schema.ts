import { sql } from 'drizzle-orm';
import { check, index, integer, pgEnum, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

// The database schema, one section per owning module (ARCHITECTURE.md: a module owns its tables and
// other modules go through its service). Money is integer cents; times are timestamptz in UTC.

const timestamps = {
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
};

// ── users (modules/users, modules/auth) ────────────────────────────────────────────────────────
export const userRole = pgEnum('user_role', ['buyer', 'seller', 'admin']);
export const userStatus = pgEnum('user_status', ['active', 'suspended']);

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    // Stored lower-cased so uniqueness is case-insensitive.
    email: text('email').notNull(),
    passwordHash: text('password_hash').notNull(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    role: userRole('role').notNull(),
    companyName: text('company_name'),
    phone: text('phone'),
    status: userStatus('status').notNull().default('active'),
    ...timestamps,
  },
  (table) => [uniqueIndex('users_email_unique').on(table.email), index('users_role_idx').on(table.role)],
);

// ── catalog (modules/catalog) ──────────────────────────────────────────────────────────────────
export const categories = pgTable(
  'categories',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    slug: text('slug').notNull(),
    // Percent with 2 decimals kept as basis points (12.5% = 1250) so commission maths stays integer.
    commissionRateBasisPoints: integer('commission_rate_bps').notNull().default(0),
    ...timestamps,
  },
  (table) => [
    uniqueIndex('categories_slug_unique').on(table.slug),
    uniqueIndex('categories_name_unique').on(table.name),
    check('categories_commission_rate_range', sql`${table.commissionRateBasisPoints} between 0 and 10000`),
  ],
);

export const productCondition = pgEnum('product_condition', ['new', 'like_new', 'good', 'fair']);
export const productStatus = pgEnum('product_status', ['active', 'hidden']);

export const products = pgTable(
  'products',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    sellerId: uuid('seller_id')
      .notNull()
      .references(() => users.id),
    categoryId: uuid('category_id')
      .notNull()
      .references(() => categories.id),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    priceCents: integer('price_cents').notNull(),
    quantity: integer('quantity').notNull().default(0),
    condition: productCondition('condition').notNull().default('new'),
    // The spec's "retip": an optional paid add-on service whose price the seller sets.
    retipPriceCents: integer('retip_price_cents'),
    weightOunces: integer('weight_ounces').notNull().default(16),
    status: productStatus('status').notNull().default('active'),
    ...timestamps,
  },
  (table) => [
    index('products_seller_idx').on(table.sellerId),
    index('products_category_idx').on(table.categoryId),
    index('products_created_idx').on(table.createdAt),
    check('products_price_positive', sql`${table.priceCents} > 0`),
    check('products_quantity_non_negative', sql`${table.quantity} >= 0`),
    check('products_retip_non_negative', sql`${table.retipPriceCents} is null or ${table.retipPriceCents} >= 0`),
  ],
);

export const productImages = pgTable(
  'product_images',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    // Key inside the FileStore (e.g. "products/<id>/<image>.webp"); the URL is derived from it.
    fileKey: text('file_key').notNull(),
    thumbnailKey: text('thumbnail_key'),
    name: text('name').notNull(),
    position: integer('position').notNull().default(0),
    width: integer('width'),
    height: integer('height'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('product_images_product_idx').on(table.productId, table.position)],
);
