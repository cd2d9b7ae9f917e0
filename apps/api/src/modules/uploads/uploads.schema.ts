import { index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { products } from '../catalog/catalog.schema';
import { users } from '../users/users.schema';

// The uploads module's tables (docs/decisions/0035): a listing's photos, which the module stores and which
// put a draft live, and the links a seller opens on a phone to add them. The catalog module reads the
// photos for its cards (a read inside the layer; only uploads writes them).

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

// Phone photo upload links (docs/product/uploads.md, api.md).
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
