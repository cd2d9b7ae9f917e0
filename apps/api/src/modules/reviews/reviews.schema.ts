import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { timestamps } from '../../db/columns';
import { products } from '../catalog/catalog.schema';
import { orderItems } from '../orders/orders.schema';
import { users } from '../users/users.schema';

// The reviews module's tables (docs/decisions/0035): verified-purchase ratings of delivered items
// (docs/product/reviews.md), their photos and helpful votes.
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
