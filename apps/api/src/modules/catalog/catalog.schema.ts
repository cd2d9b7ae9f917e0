import { sql } from 'drizzle-orm';
import { PRODUCT_CONDITIONS, PRODUCT_STATUSES, SHIPPING_RATE_TYPES } from '@marketplace/domain/enums';
import type { PersonalizationSetting } from '@marketplace/domain/personalization';
import type { Variation } from '@marketplace/domain/variations';
import { boolean, check, customType, index, integer, jsonb, pgEnum, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { type ShippingAddressSnapshot, timestamps } from '../../db/columns';
import { users } from '../users/users.schema';

// The catalog module's tables (docs/decisions/0035): categories, listings, and the figures and words
// PostgreSQL keeps beside them for the catalogue's pages. The search module, a layer above, reads the
// last ones; a listing's photos are the uploads module's (uploads.schema.ts).

/** PostgreSQL's full-text document type (drizzle has no built-in for it). */
const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

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

export const shippingRateType = pgEnum('shipping_rate_type', SHIPPING_RATE_TYPES);

// A seller's shipping profiles (docs/product/shipping.md "Shipping profiles"): how long the shop takes to hand a
// parcel over, how it charges for it, where it leaves from and in what box. A listing ships with its own profile
// or, without one, with its seller's default; a seller with no profile at all has the marketplace's standard rate.
export const shippingProfiles = pgTable(
  'shipping_profiles',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    sellerId: uuid('seller_id')
      .notNull()
      .references(() => users.id),
    name: text('name').notNull(),
    handlingMinDays: integer('handling_min_days').notNull(),
    handlingMaxDays: integer('handling_max_days').notNull(),
    rateType: shippingRateType('rate_type').notNull(),
    // flat: the first unit's and each further unit's price.
    firstCents: integer('first_cents'),
    additionalCents: integer('additional_cents'),
    // free: from this much of the shop's items only (null: always free).
    minimumItemsTotalCents: integer('minimum_items_total_cents'),
    // calculated: added to the carrier's rate.
    handlingFeeCents: integer('handling_fee_cents').notNull().default(0),
    // Where the parcels leave from; null: the seller's default address at the time.
    shipFrom: jsonb('ship_from').$type<ShippingAddressSnapshot>(),
    // The box, in whole inches; null: the carrier's default box.
    boxLengthInches: integer('box_length_inches'),
    boxWidthInches: integer('box_width_inches'),
    boxHeightInches: integer('box_height_inches'),
    isDefault: boolean('is_default').notNull().default(false),
    ...timestamps,
  },
  (table) => [
    index('shipping_profiles_seller_idx').on(table.sellerId),
    // One default per seller.
    uniqueIndex('shipping_profiles_one_default').on(table.sellerId).where(sql`${table.isDefault}`),
    check('shipping_profiles_handling_valid', sql`${table.handlingMinDays} >= 0 and ${table.handlingMinDays} <= ${table.handlingMaxDays}`),
    check(
      'shipping_profiles_rate_valid',
      sql`(${table.rateType} <> 'flat' or (${table.firstCents} >= 0 and ${table.additionalCents} >= 0)) and ${table.handlingFeeCents} >= 0 and (${table.minimumItemsTotalCents} is null or ${table.minimumItemsTotalCents} > 0)`,
    ),
    check(
      'shipping_profiles_box_whole',
      sql`(${table.boxLengthInches} is null) = (${table.boxWidthInches} is null) and (${table.boxWidthInches} is null) = (${table.boxHeightInches} is null)`,
    ),
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
    // A listing with variants (decision 0043): the highest price of its variants on sale (of all of them when
    // none is, as `price_cents` is their lowest), written with them by the catalog; null without variants,
    // whose one price is both. A price filter reads the two as the listing's span before it looks at the
    // variants themselves (price-range.repository.ts).
    maxPriceCents: integer('max_price_cents'),
    quantity: integer('quantity').notNull().default(0),
    condition: productCondition('condition').notNull().default('new'),
    // The spec's "retip": an optional paid add-on service whose price the seller sets.
    retipPriceCents: integer('retip_price_cents'),
    // What the add-on is, e.g. "Gift wrapping"; shown beside its price.
    retipLabel: text('retip_label'),
    weightOunces: integer('weight_ounces').notNull().default(16),
    // The shipping profile it ships with; null: its seller's default (docs/product/shipping.md). A deleted profile's
    // listings go back to the default.
    shippingProfileId: uuid('shipping_profile_id').references(() => shippingProfiles.id, { onDelete: 'set null' }),
    // Its variations (decision 0043): up to 2 names with their options, in the seller's order; [] without. With
    // variations, `price_cents` and `quantity` are its variants' totals (the lowest price on sale, the units on
    // sale), written with the variants (product_variants) by the catalog alone.
    variations: jsonb('variations').$type<Variation[]>().notNull().default([]),
    hasVariants: boolean('has_variants').notNull().default(false),
    // What the listing asks its buyers to write (docs/product/listings.md "Personalisation"); null asks nothing.
    personalization: jsonb('personalization').$type<PersonalizationSetting>(),
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
    index('products_shipping_profile_idx').on(table.shippingProfileId).where(sql`${table.shippingProfileId} is not null`),
    index('products_category_idx').on(table.categoryId),
    index('products_created_idx').on(table.createdAt),
    // Typo-tolerant search: trigram similarity on the title, full-text over title + description.
    index('products_title_trgm_idx').using('gin', table.title.op('gin_trgm_ops')),
    index('products_search_vector_idx').using('gin', table.searchVector),
    // The live catalogue's orders (docs/product/catalogue-speed.md): active listings only, in the order a
    // page is read, carrying what its filters and the suspended-seller check need, so a page (however deep)
    // is found in the index alone and only its own rows are read from the table.
    index('products_live_newest_idx')
      .on(table.createdAt.desc().nullsFirst(), table.id, table.sellerId, table.categoryId, table.priceCents, table.maxPriceCents)
      .where(sql`${table.status} = 'active'`),
    index('products_live_category_newest_idx')
      .on(table.categoryId, table.createdAt.desc().nullsFirst(), table.id, table.sellerId, table.priceCents, table.maxPriceCents)
      .where(sql`${table.status} = 'active'`),
    index('products_live_price_idx')
      .on(table.priceCents, table.createdAt.desc().nullsFirst(), table.id, table.sellerId, table.categoryId, table.maxPriceCents)
      .where(sql`${table.status} = 'active'`),
    index('products_live_category_price_idx')
      .on(table.categoryId, table.priceCents, table.createdAt.desc().nullsFirst(), table.id, table.sellerId, table.maxPriceCents)
      .where(sql`${table.status} = 'active'`),
    // The live listings with variants by their lowest price, with their highest: a price filter's listings
    // that are "From $20" and still have a size in a $25–$35 range are found here, not by reading every
    // cheaper listing (price-range.repository.ts).
    index('products_live_variant_prices_idx')
      .on(table.priceCents, table.maxPriceCents, table.id, table.sellerId, table.categoryId)
      .where(sql`${table.status} = 'active' and ${table.maxPriceCents} is not null`),
    check('products_price_positive', sql`${table.priceCents} > 0`),
    // Only a listing with variants has a highest price, never below its lowest.
    check('products_max_price_valid', sql`${table.maxPriceCents} is null or (${table.hasVariants} and ${table.maxPriceCents} >= ${table.priceCents})`),
    check('products_quantity_non_negative', sql`${table.quantity} >= 0`),
    check('products_retip_non_negative', sql`${table.retipPriceCents} is null or ${table.retipPriceCents} >= 0`),
    check('products_review_totals_valid', sql`${table.reviewCount} >= 0 and ${table.ratingSum} between ${table.reviewCount} and 5 * ${table.reviewCount}`),
  ],
);

// A listing's variants (decision 0043): one row per combination of its variations the seller offers, with its
// own price, stock and SKU; `available` is the seller's switch. `combination_key` (the options in the variations'
// order) finds the same combination across edits, so a variant keeps its id while its price or stock changes.
export const productVariants = pgTable(
  'product_variants',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    options: jsonb('options').$type<Record<string, string>>().notNull(),
    combinationKey: text('combination_key').notNull(),
    // "Size: M, Colour: Red", written with the row (packages/domain/src/variations.ts variantLabel).
    label: text('label').notNull(),
    priceCents: integer('price_cents').notNull(),
    quantity: integer('quantity').notNull().default(0),
    sku: text('sku'),
    available: boolean('available').notNull().default(true),
    // The listing's photo shown for this combination (its colour…), or null: one of the listing's own photos,
    // checked when written. No reference (the photos are the uploads module's): a photo deleted later reads as none.
    imageId: uuid('image_id'),
    position: integer('position').notNull().default(0),
    ...timestamps,
  },
  (table) => [
    uniqueIndex('product_variants_combination_unique').on(table.productId, table.combinationKey),
    // A price filter asks which listings have a variant on sale at a price in its range: read here in price
    // order (a listing's own variants, a handful, are found by the unique index above).
    index('product_variants_price_idx').on(table.priceCents, table.productId, table.available),
    check('product_variants_price_positive', sql`${table.priceCents} > 0`),
    check('product_variants_quantity_non_negative', sql`${table.quantity} >= 0`),
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
    // The listing's highest price on sale when it has variants (products.max_price_cents), else null.
    maxPriceCents: integer('max_price_cents'),
  },
  (table) => [
    primaryKey({ columns: [table.productId, table.lexeme] }),
    index('listing_terms_rank_idx').on(
      table.lexeme,
      table.rankKey.desc().nullsFirst(),
      table.createdAt.desc().nullsFirst(),
      table.productId,
      table.sellerId,
      table.categoryId,
      table.priceCents,
      table.maxPriceCents,
    ),
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
