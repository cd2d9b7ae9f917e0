import { sql } from 'drizzle-orm';
import {
  DISPUTE_REASONS,
  DISPUTE_STATUSES,
  MAIL_CATEGORIES,
  MAIL_STATUSES,
  ORDER_STATUSES,
  PAYMENT_ACCOUNT_STATUSES,
  PAYMENT_STATUSES,
  PAYOUT_STATUSES,
  PICKUP_CHARGE_SOURCES,
  PICKUP_STATUSES,
  PRODUCT_CONDITIONS,
  PRODUCT_STATUSES,
  REFUND_STATUSES,
  SUPPORT_REQUEST_STATUSES,
  USER_ROLES,
  USER_STATUSES,
} from '@marketplace/domain/enums';
import type { NotificationKind } from '@marketplace/contracts/notifications';
import { ORDER_ITEM_STATES } from '@marketplace/domain/order-item-state';
import { RETURN_REASONS, RETURN_STATUSES } from '@marketplace/domain/returns';
import { SHIPMENT_STATUSES } from '@marketplace/domain/shipment-rules';
import { boolean, check, customType, date, index, integer, jsonb, pgEnum, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

/** PostgreSQL's full-text document type (drizzle has no built-in for it). */
const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

// The database schema, one section per owning module (a module owns its tables and other modules go
// through its service; apps/api/src/security/house-rules-table-ownership.test.ts checks who writes
// each). Money is integer cents; times are timestamptz in UTC.
// Every enum's values come from one list in packages/domain (enums.ts says where each lives), which the
// contracts' zod enums share too; a literal list here fails apps/api/src/security/house-rules-enums.test.ts.

const timestamps = {
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
};

// ── users (modules/users, modules/auth) ────────────────────────────────────────────────────────
export const userRole = pgEnum('user_role', USER_ROLES);
export const userStatus = pgEnum('user_status', USER_STATUSES);

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
    // Carried in each token as `sv`; a token with an older one is refused (docs/product/accounts.md):
    // signing out everywhere and a password reset add 1, ending every session at once.
    sessionVersion: integer('session_version').notNull().default(0),
    // Null until the user opens the link sent to `email`; a seller's listings go live only after.
    emailVerifiedAt: timestamp('email_verified_at', { withTimezone: true }),
    // A seller's handling time: business days from an order to its parcel leaving (shown on their shop page); null until they say.
    handlingDays: integer('handling_days'),
    ...timestamps,
  },
  (table) => [
    uniqueIndex('users_email_unique').on(table.email),
    index('users_role_idx').on(table.role),
    // The few suspended accounts: every catalogue read keeps their listings out with an anti-join on this
    // (live-listings.repository.ts), which reads these entries instead of every user.
    index('users_suspended_idx').on(table.id).where(sql`${table.status} = 'suspended'`),
    check('users_handling_days_range', sql`${table.handlingDays} is null or ${table.handlingDays} between 1 and 30`),
  ],
);

// One-time links of the account lifecycle (modules/auth, docs/product/accounts.md): password resets and
// e-mail verifications. Only a SHA-256 of the random token is kept, so a database leak gives no working link.
export const accountTokens = pgTable(
  'account_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: text('purpose', { enum: ['password_reset', 'email_verification'] }).notNull(),
    tokenHash: text('token_hash').notNull(),
    // The address the link was sent to: for a verification, the one it verifies (a new address on a change).
    email: text('email').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('account_tokens_hash_unique').on(table.tokenHash),
    index('account_tokens_user_idx').on(table.userId, table.purpose),
    check('account_tokens_purpose', sql`${table.purpose} in ('password_reset', 'email_verification')`),
  ],
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

export const productCondition = pgEnum('product_condition', PRODUCT_CONDITIONS);
export const productStatus = pgEnum('product_status', PRODUCT_STATUSES);

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
    // What the add-on is, e.g. "Gift wrapping"; shown beside its price.
    retipLabel: text('retip_label'),
    weightOunces: integer('weight_ounces').notNull().default(16),
    status: productStatus('status').notNull().default('active'),
    // A draft (docs/product/listings.md): hidden because it has no photo yet, not because anyone hid it. It goes
    // live with its first photo once its seller is verified; a listing the marketplace hid is never a draft.
    isDraft: boolean('is_draft').notNull().default(false),
    // The visible reviews' count and star sum (modules/reviews keeps them in the review's own transaction), so
    // cards, search and sorting by rating read the average without counting reviews.
    reviewCount: integer('review_count').notNull().default(0),
    ratingSum: integer('rating_sum').notNull().default(0),
    // The full-text document, kept by PostgreSQL itself: searches read it instead of re-parsing each row. The
    // title's words carry weight A and the description's B, so the rank alone puts a word in the title first
    // (docs/product/catalogue-speed.md).
    searchVector: tsvector('search_vector')
      .notNull()
      .generatedAlwaysAs(sql`setweight(to_tsvector('english', "title"), 'A') || setweight(to_tsvector('english', "description"), 'B')`),
    ...timestamps,
  },
  (table) => [
    index('products_seller_idx').on(table.sellerId),
    index('products_category_idx').on(table.categoryId),
    index('products_created_idx').on(table.createdAt),
    // Typo-tolerant search: trigram similarity on the title, full-text over title + description.
    index('products_title_trgm_idx').using('gin', table.title.op('gin_trgm_ops')),
    index('products_search_vector_idx').using('gin', table.searchVector),
    // The live catalogue's orders (docs/product/catalogue-speed.md): active listings only, in the order a
    // page is read, carrying what its filters and the suspended-seller check need, so a page (however deep)
    // is found in the index alone and only its own rows are read from the table.
    index('products_live_newest_idx')
      .on(table.createdAt.desc().nullsFirst(), table.id, table.sellerId, table.categoryId, table.priceCents)
      .where(sql`${table.status} = 'active'`),
    index('products_live_category_newest_idx')
      .on(table.categoryId, table.createdAt.desc().nullsFirst(), table.id, table.sellerId, table.priceCents)
      .where(sql`${table.status} = 'active'`),
    index('products_live_price_idx')
      .on(table.priceCents, table.createdAt.desc().nullsFirst(), table.id, table.sellerId, table.categoryId)
      .where(sql`${table.status} = 'active'`),
    index('products_live_category_price_idx')
      .on(table.categoryId, table.priceCents, table.createdAt.desc().nullsFirst(), table.id, table.sellerId)
      .where(sql`${table.status} = 'active'`),
    check('products_price_positive', sql`${table.priceCents} > 0`),
    check('products_quantity_non_negative', sql`${table.quantity} >= 0`),
    check('products_retip_non_negative', sql`${table.retipPriceCents} is null or ${table.retipPriceCents} >= 0`),
    check('products_review_totals_valid', sql`${table.reviewCount} >= 0 and ${table.ratingSum} between ${table.reviewCount} and 5 * ${table.reviewCount}`),
  ],
);

// Figures the catalogue shows on every page, kept by PostgreSQL itself (triggers in migration 0026, on every
// write to products and to a user's status), so no page counts listings or sums reviews to show them
// (docs/product/catalogue-speed.md):
// - the live listings in each category: the catalogue's exact total when it is filtered by category at most;
// - each seller's visible reviews over all their listings: the rating on the product page's "Sold by".
export const liveListingCounts = pgTable('live_listing_counts', {
  categoryId: uuid('category_id')
    .primaryKey()
    .references(() => categories.id, { onDelete: 'cascade' }),
  liveCount: integer('live_count').notNull().default(0),
});

export const sellerReviewTotals = pgTable('seller_review_totals', {
  sellerId: uuid('seller_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  reviewCount: integer('review_count').notNull().default(0),
  ratingSum: integer('rating_sum').notNull().default(0),
});

// The live catalogue's words (docs/product/catalogue-speed.md), kept by PostgreSQL itself (triggers in
// migration 0028, on every write to products), so a word search reads its best matches in rank order off an
// index instead of ranking every listing that has the word:
// - one row per word (stemmed lexeme) of each active listing, with the listing's rank for that word alone
//   (ts_rank of its search document for that one lexeme) and what a page's order and filters need;
// - each word's count of active listings, with a trigram index: which of a query's words is rarest, and
//   which catalogue word a misspelt one was meant to be.
export const listingTerms = pgTable(
  'listing_terms',
  {
    productId: uuid('product_id').notNull(),
    lexeme: text('lexeme').notNull(),
    // The rank as an integer with the same order: the bits of ts_rank's float4 (listing_rank_key, migration 0028).
    rankKey: integer('rank_key').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    sellerId: uuid('seller_id').notNull(),
    categoryId: uuid('category_id').notNull(),
    priceCents: integer('price_cents').notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.productId, table.lexeme] }),
    index('listing_terms_rank_idx').on(table.lexeme, table.rankKey.desc().nullsFirst(), table.createdAt.desc().nullsFirst(), table.productId, table.sellerId, table.categoryId, table.priceCents),
  ],
);

export const catalogueLexemes = pgTable(
  'catalogue_lexemes',
  {
    lexeme: text('lexeme').primaryKey(),
    listingCount: integer('listing_count').notNull().default(0),
  },
  (table) => [index('catalogue_lexemes_trgm_idx').using('gin', table.lexeme.op('gin_trgm_ops'))],
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

// ── uploads (modules/uploads): phone photo upload links, docs/product/uploads.md, api.md ─────────────────
export const uploadTokens = pgTable(
  'upload_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    // Only a SHA-256 of the token is kept, so a database leak does not leak working upload links.
    tokenHash: text('token_hash').notNull(),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    sellerId: uuid('seller_id')
      .notNull()
      .references(() => users.id),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex('upload_tokens_hash_unique').on(table.tokenHash), index('upload_tokens_product_idx').on(table.productId)],
);

// ── profile (modules/users): the buyer's address book ──────────────────────────────────────────
export const addresses = pgTable(
  'addresses',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    line1: text('line1').notNull(),
    line2: text('line2'),
    city: text('city').notNull(),
    state: text('state').notNull(),
    postalCode: text('postal_code').notNull(),
    country: text('country').notNull().default('US'),
    phone: text('phone'),
    isDefault: boolean('is_default').notNull().default(false),
    ...timestamps,
  },
  (table) => [index('addresses_user_idx').on(table.userId)],
);

// ── cart and wishlist (modules/cart, modules/wishlist), docs/product/data.md, cart-and-wishlist.md ────────────────────
export const cartItems = pgTable(
  'cart_items',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    quantity: integer('quantity').notNull(),
    // The price when the line was added, so checkout can show what changed since.
    priceCentsAtAdd: integer('price_cents_at_add').notNull(),
    // The spec's retip: the product's paid add-on service, chosen per cart line.
    retipAdded: boolean('retip_added').notNull().default(false),
    ...timestamps,
  },
  (table) => [
    uniqueIndex('cart_items_user_product_unique').on(table.userId, table.productId),
    check('cart_items_quantity_positive', sql`${table.quantity} > 0`),
  ],
);

export const wishlistItems = pgTable(
  'wishlist_items',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex('wishlist_items_user_product_unique').on(table.userId, table.productId)],
);

// ── orders and the buyers' payments (modules/orders; modules/checkout places orders through it) ───
// An order item's status moves only through the transition table in packages/domain/src/order-item-state.ts
// (docs/product/orders.md), applied by the orders service alone.
export const orderItemStatus = pgEnum('order_item_status', ORDER_ITEM_STATES);
export const orderStatus = pgEnum('order_status', ORDER_STATUSES);

export const orders = pgTable(
  'orders',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    buyerId: uuid('buyer_id')
      .notNull()
      .references(() => users.id),
    status: orderStatus('status').notNull().default('pending'),
    // The client's Idempotency-Key: a retried checkout finds this order instead of paying again.
    idempotencyKey: text('idempotency_key'),
    // The SHA-256 of the checkout request that key came with: the same key with another request is refused (422).
    idempotencyRequestHash: text('idempotency_request_hash'),
    // A snapshot: later edits to the address book never change where an order ships.
    shippingName: text('shipping_name').notNull(),
    shippingEmail: text('shipping_email'),
    shippingPhone: text('shipping_phone'),
    shippingLine1: text('shipping_line1').notNull(),
    shippingLine2: text('shipping_line2'),
    shippingCity: text('shipping_city').notNull(),
    shippingState: text('shipping_state').notNull(),
    shippingPostalCode: text('shipping_postal_code').notNull(),
    shippingCountry: text('shipping_country').notNull().default('US'),
    itemsTotalCents: integer('items_total_cents').notNull(),
    shippingCents: integer('shipping_cents').notNull().default(0),
    retipTotalCents: integer('retip_total_cents').notNull().default(0),
    totalCents: integer('total_cents').notNull(),
    ...timestamps,
  },
  (table) => [
    index('orders_buyer_idx').on(table.buyerId, table.createdAt),
    uniqueIndex('orders_buyer_idempotency_unique').on(table.buyerId, table.idempotencyKey),
    check('orders_total_consistent', sql`${table.totalCents} = ${table.itemsTotalCents} + ${table.shippingCents} + ${table.retipTotalCents}`),
  ],
);

export const orderItems = pgTable(
  'order_items',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    sellerId: uuid('seller_id')
      .notNull()
      .references(() => users.id),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id),
    // Snapshots taken at checkout, so reports and payouts never change when a listing is edited.
    title: text('title').notNull(),
    categoryId: uuid('category_id')
      .notNull()
      .references(() => categories.id),
    priceCents: integer('price_cents').notNull(),
    quantity: integer('quantity').notNull(),
    retipAdded: boolean('retip_added').notNull().default(false),
    retipPriceCents: integer('retip_price_cents').notNull().default(0),
    status: orderItemStatus('status').notNull().default('pending'),
    rejectionReason: text('rejection_reason'),
    // What the buyer got back for this line so far (several partial refunds add up); never more than they paid.
    refundedCents: integer('refunded_cents').notNull().default(0),
    // When the carrier (or the seller) reported the line delivered; kept when a refund changes the status later.
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
    // Flipped once by a successful payout (docs/product/statuses.md); the payouts module owns the payout rows.
    sellerPaid: boolean('seller_paid').notNull().default(false),
    ...timestamps,
  },
  (table) => [
    index('order_items_order_idx').on(table.orderId),
    index('order_items_seller_status_idx').on(table.sellerId, table.status),
    index('order_items_status_idx').on(table.status, table.updatedAt),
    // The admin's shipped-orders list, newest first (read backwards): an index over just those items.
    index('order_items_payable_recent_idx')
      .on(table.updatedAt, table.id)
      .where(sql`${table.status} in ('shipped', 'delivered', 'completed', 'partially_refunded')`),
    check('order_items_quantity_positive', sql`${table.quantity} > 0`),
    check('order_items_refunded_non_negative', sql`${table.refundedCents} >= 0`),
    check('order_items_price_non_negative', sql`${table.priceCents} >= 0`),
  ],
);

export const paymentStatus = pgEnum('payment_status', PAYMENT_STATUSES);

export const payments = pgTable(
  'payments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id').references(() => orders.id, { onDelete: 'set null' }),
    buyerId: uuid('buyer_id')
      .notNull()
      .references(() => users.id),
    provider: text('provider').notNull(),
    providerPaymentId: text('provider_payment_id').notNull(),
    amountCents: integer('amount_cents').notNull(),
    refundedCents: integer('refunded_cents').notNull().default(0),
    status: paymentStatus('status').notNull(),
    // Card brand and last four digits only; a card number is never stored.
    cardBrand: text('card_brand'),
    cardLast4: text('card_last4'),
    // Set by the provider's charge.dispute.created webhook; disputes themselves are the disputes module's.
    disputedAt: timestamp('disputed_at', { withTimezone: true }),
    ...timestamps,
  },
  (table) => [
    uniqueIndex('payments_provider_payment_unique').on(table.provider, table.providerPaymentId),
    index('payments_order_idx').on(table.orderId),
    check('payments_refund_within_amount', sql`${table.refundedCents} between 0 and ${table.amountCents}`),
  ],
);

export const refundStatus = pgEnum('refund_status', REFUND_STATUSES);

export const refunds = pgTable(
  'refunds',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    paymentId: uuid('payment_id')
      .notNull()
      .references(() => payments.id),
    orderItemId: uuid('order_item_id')
      .notNull()
      .references(() => orderItems.id),
    // What asked for the money back, once each: `rejection:<item>`, `cancellation:<item>`, `dispute:<id>`,
    // `return:<id>`. It is also the provider's idempotency key, so a retried refund never pays twice.
    refundKey: text('refund_key').notNull(),
    amountCents: integer('amount_cents').notNull(),
    // pending while the provider is being asked (claimed, outside any transaction); succeeded once it
    // answered; failed when it refused (nothing was refunded).
    status: refundStatus('status').notNull().default('succeeded'),
    providerRefundId: text('provider_refund_id'),
    reason: text('reason'),
    failureReason: text('failure_reason'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('refunds_refund_key_unique').on(table.refundKey),
    index('refunds_order_item_idx').on(table.orderItemId, table.createdAt),
    check('refunds_amount_positive', sql`${table.amountCents} > 0`),
  ],
);

// ── shipping (modules/shipping): shipments, labels and carrier pickups, docs/product/data.md, shipping.md, api.md ─────
export const shipmentStatus = pgEnum('shipment_status', SHIPMENT_STATUSES);
export const pickupStatus = pgEnum('pickup_status', PICKUP_STATUSES);
// docs/product/limits.md: where a pickup charge came from.
export const pickupChargeSource = pgEnum('pickup_charge_source', PICKUP_CHARGE_SOURCES);

/** An address as printed on a label (the shipments module's own snapshot, never a live reference). */
export interface ShippingAddressSnapshot {
  name: string;
  companyName?: string | null;
  phone?: string | null;
  email?: string | null;
  line1: string;
  line2?: string | null;
  city: string;
  state: string;
  postalCode: string;
  countryCode: string;
}

export interface ShipmentTrackingEvent {
  status: string;
  description: string;
  occurredAt: string;
  location?: string | null;
}

export const pickups = pgTable(
  'pickups',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    sellerId: uuid('seller_id')
      .notNull()
      .references(() => users.id),
    pickupRequestNumber: text('pickup_request_number').notNull(),
    pickupDate: date('pickup_date', { mode: 'string' }).notNull(),
    // HH:MM, as the seller chose them (docs/product/data.md pickup form).
    readyTime: text('ready_time').notNull(),
    closeTime: text('close_time').notNull(),
    isConsolidated: boolean('is_consolidated').notNull().default(false),
    baseRateCents: integer('base_rate_cents').notNull().default(0),
    additionalChargesCents: integer('additional_charges_cents').notNull().default(0),
    taxesCents: integer('taxes_cents').notNull().default(0),
    incentivesCents: integer('incentives_cents').notNull().default(0),
    consolidationDiscountCents: integer('consolidation_discount_cents').notNull().default(0),
    totalCents: integer('total_cents').notNull().default(0),
    currency: text('currency').notNull().default('USD'),
    chargeDetails: jsonb('charge_details').$type<Array<{ description: string; amountCents: number }>>().notNull().default([]),
    source: pickupChargeSource('source').notNull().default('carrier API'),
    status: pickupStatus('status').notNull().default('scheduled'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('pickups_request_number_unique').on(table.pickupRequestNumber),
    index('pickups_seller_idx').on(table.sellerId, table.createdAt),
    check('pickups_total_non_negative', sql`${table.totalCents} >= 0`),
  ],
);

export const shipments = pgTable(
  'shipments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id),
    sellerId: uuid('seller_id')
      .notNull()
      .references(() => users.id),
    status: shipmentStatus('status').notNull().default('pending'),
    carrier: text('carrier').notNull().default('UPS'),
    trackingNumber: text('tracking_number'),
    carrierShipmentId: text('carrier_shipment_id'),
    serviceCode: text('service_code').notNull().default('03'),
    serviceDescription: text('service_description').notNull().default('UPS Ground'),
    labelFormat: text('label_format'),
    // The label bytes as base64 (a 4×6 GIF is a few tens of KB); answered as a data URL.
    labelBase64: text('label_base64'),
    weightOunces: integer('weight_ounces').notNull().default(0),
    chargesCents: integer('charges_cents'),
    currency: text('currency').notNull().default('USD'),
    pickupId: uuid('pickup_id').references(() => pickups.id),
    shipperAddress: jsonb('shipper_address').$type<ShippingAddressSnapshot>(),
    recipientAddress: jsonb('recipient_address').$type<ShippingAddressSnapshot>().notNull(),
    trackingEvents: jsonb('tracking_events').$type<ShipmentTrackingEvent[]>().notNull().default([]),
    lastTrackedAt: timestamp('last_tracked_at', { withTimezone: true }),
    // When the label was bought: the 24-hour void window (docs/product/limits.md) runs from here, else from created_at.
    labelCreatedAt: timestamp('label_created_at', { withTimezone: true }),
    // When a label purchase was claimed (the carrier is being asked, outside any transaction); cleared when the
    // label is recorded or the purchase failed. A claim with no label after a crash is resumed, never bought twice.
    labelRequestedAt: timestamp('label_requested_at', { withTimezone: true }),
    // When a pickup booking for this shipment was claimed (the carrier is being asked, outside any transaction);
    // cleared when the pickup is recorded or the booking failed. A claim left by a lost answer is resumed by asking
    // the carrier for the pickup it may have booked, never by booking blindly again.
    pickupRequestedAt: timestamp('pickup_requested_at', { withTimezone: true }),
    voidedAt: timestamp('voided_at', { withTimezone: true }),
    ...timestamps,
  },
  (table) => [
    // The seller's list in page order (read backwards: newest first, id breaks ties) and its stats by status, both
    // answered from the index alone.
    index('shipments_seller_idx').on(table.sellerId, table.createdAt, table.id),
    index('shipments_seller_status_idx').on(table.sellerId, table.status, table.pickupId),
    index('shipments_order_idx').on(table.orderId),
    index('shipments_pickup_idx').on(table.pickupId),
    index('shipments_status_idx').on(table.status),
    uniqueIndex('shipments_tracking_number_unique').on(table.trackingNumber).where(sql`${table.trackingNumber} is not null`),
    check('shipments_weight_non_negative', sql`${table.weightOunces} >= 0`),
  ],
);

export const shipmentItems = pgTable(
  'shipment_items',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    shipmentId: uuid('shipment_id')
      .notNull()
      .references(() => shipments.id, { onDelete: 'cascade' }),
    orderItemId: uuid('order_item_id')
      .notNull()
      .references(() => orderItems.id),
    quantity: integer('quantity').notNull(),
    // False once the shipment is voided, which releases the item for a new shipment.
    isActive: boolean('is_active').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('shipment_items_shipment_idx').on(table.shipmentId),
    // An order item is in at most one shipment that is not cancelled.
    uniqueIndex('shipment_items_active_order_item_unique').on(table.orderItemId).where(sql`${table.isActive}`),
    check('shipment_items_quantity_positive', sql`${table.quantity} > 0`),
  ],
);

// ── getting sellers paid ──────────────────────────────────────────────────────────────

export const paymentAccountStatus = pgEnum('payment_account_status', PAYMENT_ACCOUNT_STATUSES);

/** A seller's connected account with the payment provider (docs/product/payouts.md): one per seller. */
export const paymentAccounts = pgTable(
  'payment_accounts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    sellerId: uuid('seller_id')
      .notNull()
      .references(() => users.id),
    provider: text('provider').notNull(),
    accountId: text('account_id').notNull(),
    status: paymentAccountStatus('status').notNull().default('created'),
    detailsSubmitted: boolean('details_submitted').notNull().default(false),
    payoutsEnabled: boolean('payouts_enabled').notNull().default(false),
    requirementsDue: jsonb('requirements_due').$type<string[]>().notNull().default([]),
    lastPayoutFailure: text('last_payout_failure'),
    ...timestamps,
  },
  (table) => [uniqueIndex('payment_accounts_seller_unique').on(table.sellerId), uniqueIndex('payment_accounts_account_unique').on(table.accountId)],
);

export const payoutStatus = pgEnum('payout_status', PAYOUT_STATUSES);

/**
 * One payout per order item, ever (the unique index): a retry after a failure reuses the row with the
 * next attempt number, whose idempotency key the provider has not seen. Amounts in cents, as paid.
 */
export const payouts = pgTable(
  'payouts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderItemId: uuid('order_item_id')
      .notNull()
      .references(() => orderItems.id),
    sellerId: uuid('seller_id')
      .notNull()
      .references(() => users.id),
    accountId: text('account_id').notNull(),
    status: payoutStatus('status').notNull().default('pending'),
    itemTotalCents: integer('item_total_cents').notNull(),
    commissionRateBps: integer('commission_rate_bps').notNull(),
    commissionCents: integer('commission_cents').notNull(),
    pickupChargeCents: integer('pickup_charge_cents').notNull(),
    grossCents: integer('gross_cents').notNull(),
    feeCents: integer('fee_cents').notNull(),
    netCents: integer('net_cents').notNull(),
    // Refunds owed back by the seller (payout_adjustments) deducted from this payout: ≤ 0.
    adjustmentCents: integer('adjustment_cents').notNull().default(0),
    currency: text('currency').notNull().default('usd'),
    attempt: integer('attempt').notNull().default(1),
    transferId: text('transfer_id'),
    failureReason: text('failure_reason'),
    description: text('description'),
    createdBy: uuid('created_by').references(() => users.id),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    ...timestamps,
  },
  (table) => [
    uniqueIndex('payouts_order_item_unique').on(table.orderItemId),
    uniqueIndex('payouts_transfer_unique').on(table.transferId).where(sql`${table.transferId} is not null`),
    // status last: the admin stats count payouts by status over a created_at range from the index alone.
    index('payouts_seller_created_idx').on(table.sellerId, table.createdAt, table.status),
    index('payouts_status_created_idx').on(table.status, table.createdAt),
    index('payouts_created_idx').on(table.createdAt, table.status),
    // The admin stats sum paid payouts over a paid_at range, for everyone or one seller:
    // index-only range scans (drizzle has no INCLUDE, so the summed columns are trailing keys).
    index('payouts_paid_idx')
      .on(table.paidAt, table.sellerId, table.netCents)
      .where(sql`${table.status} = 'paid'`),
    index('payouts_seller_paid_idx')
      .on(table.sellerId, table.paidAt, table.netCents)
      .where(sql`${table.status} = 'paid'`),
    check('payouts_net_non_negative', sql`${table.netCents} >= 0 and ${table.feeCents} >= 0`),
  ],
);

/** Provider webhook events already handled: a redelivered event is acknowledged and skipped. */
export const webhookEvents = pgTable('webhook_events', {
  id: text('id').primaryKey(),
  provider: text('provider').notNull(),
  type: text('type').notNull(),
  receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
});

// The embedded Connect sandbox's own records: what Stripe keeps in its systems for the sandbox provider.

export const sandboxConnectAccounts = pgTable('sandbox_connect_accounts', {
  id: text('id').primaryKey(),
  email: text('email').notNull(),
  idempotencyKey: text('idempotency_key').notNull().unique(),
  businessType: text('business_type'),
  businessName: text('business_name'),
  bankLast4: text('bank_last4'),
  detailsSubmitted: boolean('details_submitted').notNull().default(false),
  payoutsEnabled: boolean('payouts_enabled').notNull().default(false),
  ...timestamps,
});

export const sandboxConnectLinks = pgTable('sandbox_connect_links', {
  tokenHash: text('token_hash').primaryKey(),
  accountId: text('account_id')
    .notNull()
    .references(() => sandboxConnectAccounts.id),
  kind: text('kind').$type<'onboarding' | 'dashboard'>().notNull(),
  returnUrl: text('return_url').notNull(),
  refreshUrl: text('refresh_url').notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  usedAt: timestamp('used_at', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export const sandboxConnectTransfers = pgTable(
  'sandbox_connect_transfers',
  {
    id: text('id').primaryKey(),
    accountId: text('account_id')
      .notNull()
      .references(() => sandboxConnectAccounts.id),
    amountCents: integer('amount_cents').notNull(),
    currency: text('currency').notNull(),
    idempotencyKey: text('idempotency_key').notNull().unique(),
    fingerprint: text('fingerprint').notNull(),
    description: text('description'),
    transferGroup: text('transfer_group'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('sandbox_connect_transfers_account_idx').on(table.accountId, table.createdAt)],
);

// The embedded sandbox carrier's own memory: the parcels and pickups it handed out, as UPS keeps them
// in its own systems (providers/carrier/sandbox-ledger.repository.ts). In the database, so every API
// instance knows the same parcels; each row's `state` is the sandbox's record as JSON.

export const sandboxCarrierPackages = pgTable(
  'sandbox_carrier_packages',
  {
    trackingNumber: text('tracking_number').primaryKey(),
    shipmentId: text('shipment_id').notNull(),
    state: jsonb('state').$type<Record<string, unknown>>().notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('sandbox_carrier_packages_shipment_idx').on(table.shipmentId)],
);

export const sandboxCarrierPickups = pgTable(
  'sandbox_carrier_pickups',
  {
    number: text('number').primaryKey(),
    requestKey: text('request_key'),
    state: jsonb('state').$type<Record<string, unknown>>().notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('sandbox_carrier_pickups_request_key_idx').on(table.requestKey)],
);

// ── chat ──────────────────────────────────────────────────────────────────────────────

/** One conversation per buyer and seller. */
export const chats = pgTable(
  'chats',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    buyerId: uuid('buyer_id')
      .notNull()
      .references(() => users.id),
    sellerId: uuid('seller_id')
      .notNull()
      .references(() => users.id),
    // What the buyer last started the conversation about; the next message carries it.
    productId: uuid('product_id').references(() => products.id, { onDelete: 'set null' }),
    orderId: uuid('order_id').references(() => orders.id, { onDelete: 'set null' }),
    lastMessageAt: timestamp('last_message_at', { withTimezone: true }),
    buyerLastReadAt: timestamp('buyer_last_read_at', { withTimezone: true }),
    sellerLastReadAt: timestamp('seller_last_read_at', { withTimezone: true }),
    ...timestamps,
  },
  (table) => [
    uniqueIndex('chats_buyer_seller_unique').on(table.buyerId, table.sellerId),
    index('chats_seller_idx').on(table.sellerId, table.lastMessageAt),
    check('chats_two_people', sql`${table.buyerId} <> ${table.sellerId}`),
  ],
);

export interface ChatAttachmentRecord {
  id: string;
  fileKey: string;
  thumbnailKey: string;
  name: string;
}

export const chatMessages = pgTable(
  'chat_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    chatId: uuid('chat_id')
      .notNull()
      .references(() => chats.id, { onDelete: 'cascade' }),
    senderId: uuid('sender_id')
      .notNull()
      .references(() => users.id),
    content: text('content').notNull(),
    attachments: jsonb('attachments').$type<ChatAttachmentRecord[]>().notNull().default([]),
    productId: uuid('product_id').references(() => products.id, { onDelete: 'set null' }),
    orderId: uuid('order_id').references(() => orders.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('chat_messages_chat_created_idx').on(table.chatId, table.createdAt, table.id)],
);

/** Photos uploaded for a message not sent yet; claimed (deleted here) when the message is stored. */
export const chatUploads = pgTable(
  'chat_uploads',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    chatId: uuid('chat_id')
      .notNull()
      .references(() => chats.id, { onDelete: 'cascade' }),
    uploaderId: uuid('uploader_id')
      .notNull()
      .references(() => users.id),
    fileKey: text('file_key').notNull(),
    thumbnailKey: text('thumbnail_key').notNull(),
    name: text('name').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('chat_uploads_chat_idx').on(table.chatId, table.uploaderId)],
);

// ── disputes ──────────────────────────────────────────────────────────────────────────

export const disputeStatus = pgEnum('dispute_status', DISPUTE_STATUSES);
export const disputeReason = pgEnum('dispute_reason', DISPUTE_REASONS);

export interface DisputePhotoRecord {
  id: string;
  fileKey: string;
  thumbnailKey: string;
  name: string;
}

/** A buyer's dispute about one order item; at most one that is not resolved per item. */
export const disputes = pgTable(
  'disputes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderItemId: uuid('order_item_id')
      .notNull()
      .references(() => orderItems.id),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id),
    buyerId: uuid('buyer_id')
      .notNull()
      .references(() => users.id),
    sellerId: uuid('seller_id')
      .notNull()
      .references(() => users.id),
    reason: disputeReason('reason').notNull(),
    description: text('description').notNull(),
    photos: jsonb('photos').$type<DisputePhotoRecord[]>().notNull().default([]),
    status: disputeStatus('status').notNull().default('open'),
    // The seller's answer: a refund offer (cents) or a statement contesting the claim.
    sellerResponse: text('seller_response'),
    sellerOfferCents: integer('seller_offer_cents'),
    // The admin's decision.
    refundCents: integer('refund_cents'),
    resolutionNote: text('resolution_note'),
    resolvedBy: uuid('resolved_by').references(() => users.id),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
    ...timestamps,
  },
  (table) => [
    uniqueIndex('disputes_one_open_per_item').on(table.orderItemId).where(sql`${table.status} not in ('resolved_refunded', 'resolved_rejected')`),
    index('disputes_buyer_idx').on(table.buyerId, table.createdAt),
    index('disputes_seller_idx').on(table.sellerId, table.createdAt),
    index('disputes_status_idx').on(table.status, table.createdAt),
    check('disputes_refund_non_negative', sql`${table.refundCents} is null or ${table.refundCents} >= 0`),
  ],
);

/** Every step of a dispute, who did it and when (the audit trail and the case timeline). */
export const disputeEvents = pgTable(
  'dispute_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    disputeId: uuid('dispute_id')
      .notNull()
      .references(() => disputes.id, { onDelete: 'cascade' }),
    actorId: uuid('actor_id')
      .notNull()
      .references(() => users.id),
    actorRole: userRole('actor_role').notNull(),
    type: text('type').notNull(),
    note: text('note'),
    amountCents: integer('amount_cents'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('dispute_events_dispute_idx').on(table.disputeId, table.createdAt)],
);

/**
 * Money owed back by a seller who was already paid for an item later refunded: the next payout to that
 * seller deducts it (negative amount), and records which payout settled it.
 */
export const payoutAdjustments = pgTable(
  'payout_adjustments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    sellerId: uuid('seller_id')
      .notNull()
      .references(() => users.id),
    disputeId: uuid('dispute_id').references(() => disputes.id),
    orderItemId: uuid('order_item_id')
      .notNull()
      .references(() => orderItems.id),
    amountCents: integer('amount_cents').notNull(),
    reason: text('reason').notNull(),
    settledByPayoutId: uuid('settled_by_payout_id').references(() => payouts.id),
    settledAt: timestamp('settled_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('payout_adjustments_seller_idx').on(table.sellerId, table.settledAt), check('payout_adjustments_negative', sql`${table.amountCents} < 0`)],
);

// ── workspace settings and support ──────────────────────────────────────────────────

/** The marketplace's own settings (one row, id = 1), edited on /admin/settings. */
export const marketplaceSettings = pgTable('marketplace_settings', {
  id: integer('id').primaryKey().default(1),
  marketplaceName: text('marketplace_name').notNull().default('Marketplace'),
  supportEmail: text('support_email').notNull().default('support@example.com'),
  supportPhone: text('support_phone').notNull().default('+1 (800) 555-0199'),
  // Payout on delivery (docs/product/payouts.md): when on, an item is paid this many days after the carrier
  // reports it delivered, unless a dispute is open; off, admins pay with Process Payout.
  payoutOnDelivery: boolean('payout_on_delivery').notNull().default(false),
  payoutDelayDays: integer('payout_delay_days').notNull().default(3),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** A seller's notification preferences (/seller/settings). */
export const notificationPreferences = pgTable('notification_preferences', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  newOrder: boolean('new_order').notNull().default(true),
  newMessage: boolean('new_message').notNull().default(true),
  payoutSent: boolean('payout_sent').notNull().default(true),
  disputeOpened: boolean('dispute_opened').notNull().default(true),
  weeklySummary: boolean('weekly_summary').notNull().default(false),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export const supportRequestStatus = pgEnum('support_request_status', SUPPORT_REQUEST_STATUSES);

/** A seller's message to the marketplace team from /seller/support; admins read and close them. */
export const supportRequests = pgTable(
  'support_requests',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    topic: text('topic').notNull(),
    subject: text('subject').notNull(),
    message: text('message').notNull(),
    status: supportRequestStatus('status').notNull().default('open'),
    closedBy: uuid('closed_by').references(() => users.id),
    closedAt: timestamp('closed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('support_requests_status_idx').on(table.status, table.createdAt), index('support_requests_user_idx').on(table.userId, table.createdAt)],
);

// ── returns (modules/returns) ─────────────────────────────────────────────────────────
// A buyer sends a delivered item back within the seller's window; the seller accepts (a UPS Print Return
// Label) or refuses; once the parcel is delivered back the refund, less the restocking fee, is issued once.

export const returnStatus = pgEnum('return_status', RETURN_STATUSES);
export const returnReason = pgEnum('return_reason', RETURN_REASONS);

/** A seller's return policy (/seller/settings); a seller without a row has the defaults (30 days, no fee). */
export const returnPolicies = pgTable(
  'return_policies',
  {
    sellerId: uuid('seller_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    windowDays: integer('window_days').notNull().default(30),
    // Basis points of the item's line total (1250 = 12.5 %).
    restockingFeeBasisPoints: integer('restocking_fee_basis_points').notNull().default(0),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check('return_policies_window_range', sql`${table.windowDays} between 0 and 365`),
    check('return_policies_fee_range', sql`${table.restockingFeeBasisPoints} between 0 and 5000`),
  ],
);

export interface ReturnPhotoRecord {
  id: string;
  fileKey: string;
  thumbnailKey: string;
  name: string;
}

export const returnRequests = pgTable(
  'return_requests',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderItemId: uuid('order_item_id')
      .notNull()
      .references(() => orderItems.id),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id),
    buyerId: uuid('buyer_id')
      .notNull()
      .references(() => users.id),
    sellerId: uuid('seller_id')
      .notNull()
      .references(() => users.id),
    reason: returnReason('reason').notNull(),
    description: text('description').notNull(),
    photos: jsonb('photos').$type<ReturnPhotoRecord[]>().notNull().default([]),
    status: returnStatus('status').notNull().default('requested'),
    // The seller's policy when the buyer asked: what the buyer was shown is what applies.
    windowDays: integer('window_days').notNull(),
    restockingFeeBasisPoints: integer('restocking_fee_basis_points').notNull(),
    refusalReason: text('refusal_reason'),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    // The return label (UPS Print Return Label), bought once the seller accepts.
    trackingNumber: text('tracking_number'),
    carrierShipmentId: text('carrier_shipment_id'),
    serviceDescription: text('service_description'),
    labelFormat: text('label_format'),
    labelBase64: text('label_base64'),
    labelChargesCents: integer('label_charges_cents'),
    shipperAddress: jsonb('shipper_address').$type<ShippingAddressSnapshot>(),
    recipientAddress: jsonb('recipient_address').$type<ShippingAddressSnapshot>(),
    labelCreatedAt: timestamp('label_created_at', { withTimezone: true }),
    voidedAt: timestamp('voided_at', { withTimezone: true }),
    trackingEvents: jsonb('tracking_events').$type<ShipmentTrackingEvent[]>().notNull().default([]),
    lastTrackedAt: timestamp('last_tracked_at', { withTimezone: true }),
    // Delivered back to the seller: the refund is fixed then (what was still refundable, less the fee).
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
    refundCents: integer('refund_cents'),
    restockingFeeCents: integer('restocking_fee_cents'),
    refundedAt: timestamp('refunded_at', { withTimezone: true }),
    // Why the last refund attempt did not go through (it is tried again); null once refunded.
    refundFailure: text('refund_failure'),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    ...timestamps,
  },
  (table) => [
    uniqueIndex('return_requests_one_open_per_item').on(table.orderItemId).where(sql`${table.status} in ('requested', 'accepted', 'in_transit', 'delivered')`),
    uniqueIndex('return_requests_tracking_number_unique').on(table.trackingNumber).where(sql`${table.trackingNumber} is not null`),
    index('return_requests_buyer_idx').on(table.buyerId, table.createdAt),
    index('return_requests_seller_idx').on(table.sellerId, table.createdAt),
    index('return_requests_status_idx').on(table.status, table.lastTrackedAt),
    check('return_requests_refund_non_negative', sql`${table.refundCents} is null or ${table.refundCents} >= 0`),
  ],
);

// ── mail (modules/mail) ──────────────────────────────────────────────────────────────────────
// Every e-mail the marketplace writes, kept in the database (docs/decisions/0021-email-outbox.md): a request
// only adds a row; the mail job claims queued rows and sends them over SMTP. Without SMTP_URL rows are `kept`.

export const mailStatus = pgEnum('mail_status', MAIL_STATUSES);
export const mailCategory = pgEnum('mail_category', MAIL_CATEGORIES);

export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    // The same key is recorded once, whoever asks twice (an event handled twice, two instances).
    dedupeKey: text('dedupe_key'),
    toAddress: text('to_address').notNull(),
    toUserId: uuid('to_user_id').references(() => users.id, { onDelete: 'set null' }),
    fromAddress: text('from_address').notNull(),
    template: text('template').notNull(),
    category: mailCategory('category').notNull(),
    subject: text('subject').notNull(),
    html: text('html').notNull(),
    text: text('text').notNull(),
    // Extra headers sent with the message (List-Unsubscribe on notifications).
    headers: jsonb('headers').$type<Record<string, string>>().notNull().default({}),
    status: mailStatus('status').notNull().default('queued'),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    // When a worker claimed it (status sending); a claim older than the lease is taken for dead.
    claimedAt: timestamp('claimed_at', { withTimezone: true }),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    smtpMessageId: text('smtp_message_id'),
    ...timestamps,
  },
  (table) => [
    uniqueIndex('mail_outbox_dedupe_key_unique').on(table.dedupeKey),
    index('mail_outbox_due_idx').on(table.status, table.nextAttemptAt),
    index('mail_outbox_recent_idx').on(table.createdAt, table.id),
  ],
);

// ── in-app notifications (modules/notifications) ─────────────────────────────────────────────
// What happened to a person's orders, parcels, payouts and disputes, kept for the bell in every area's
// header (docs/product/notifications.md). One row per person and event: the dedupe key is unique per
// user, so an event handled twice, or by two instances, writes one row. `kind` is one of the contract's
// NOTIFICATION_KINDS (packages/contracts/src/notifications.ts); it is text so a new kind needs no migration.

export const notifications = pgTable(
  'notifications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<NotificationKind>().notNull(),
    title: text('title').notNull(),
    body: text('body').notNull(),
    link: text('link').notNull(),
    dedupeKey: text('dedupe_key').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    readAt: timestamp('read_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('notifications_user_dedupe_unique').on(table.userId, table.dedupeKey),
    // The bell's list: a user's newest first.
    index('notifications_user_created_idx').on(table.userId, table.createdAt.desc(), table.id.desc()),
    // The bell's count: only the unread rows are indexed.
    index('notifications_user_unread_idx').on(table.userId).where(sql`${table.readAt} is null`),
    // The clean-up job: read rows by age.
    index('notifications_read_created_idx').on(table.createdAt).where(sql`${table.readAt} is not null`),
  ],
);

// ── reviews (modules/reviews): verified-purchase ratings of delivered items, docs/product/reviews.md ──
export const reviews = pgTable(
  'reviews',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    // One review per order item: only its buyer writes it, once it is delivered.
    orderItemId: uuid('order_item_id')
      .notNull()
      .references(() => orderItems.id, { onDelete: 'cascade' }),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    sellerId: uuid('seller_id')
      .notNull()
      .references(() => users.id),
    buyerId: uuid('buyer_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    rating: integer('rating').notNull(),
    title: text('title').notNull(),
    body: text('body').notNull(),
    // The seller's one public reply.
    sellerReply: text('seller_reply'),
    sellerRepliedAt: timestamp('seller_replied_at', { withTimezone: true }),
    // An admin hid it (the author is told the reason); a hidden review leaves the averages.
    hiddenAt: timestamp('hidden_at', { withTimezone: true }),
    hiddenReason: text('hidden_reason'),
    hiddenBy: uuid('hidden_by').references(() => users.id),
    // "Helpful" votes, one per signed-in user (review_helpful_votes), counted here for sorting.
    helpfulCount: integer('helpful_count').notNull().default(0),
    ...timestamps,
  },
  (table) => [
    uniqueIndex('reviews_order_item_unique').on(table.orderItemId),
    index('reviews_product_created_idx').on(table.productId, table.createdAt.desc()),
    index('reviews_product_helpful_idx').on(table.productId, table.helpfulCount.desc(), table.createdAt.desc()),
    index('reviews_seller_idx').on(table.sellerId, table.createdAt.desc()),
    index('reviews_buyer_idx').on(table.buyerId),
    check('reviews_rating_range', sql`${table.rating} between 1 and 5`),
    check('reviews_helpful_non_negative', sql`${table.helpfulCount} >= 0`),
  ],
);

export const reviewPhotos = pgTable(
  'review_photos',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    reviewId: uuid('review_id')
      .notNull()
      .references(() => reviews.id, { onDelete: 'cascade' }),
    // Keys inside the FileStore, like product photos (public once the review is visible).
    fileKey: text('file_key').notNull(),
    thumbnailKey: text('thumbnail_key'),
    position: integer('position').notNull().default(0),
    width: integer('width'),
    height: integer('height'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('review_photos_review_idx').on(table.reviewId, table.position)],
);

export const reviewHelpfulVotes = pgTable(
  'review_helpful_votes',
  {
    reviewId: uuid('review_id')
      .notNull()
      .references(() => reviews.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.reviewId, table.userId] })],
);
