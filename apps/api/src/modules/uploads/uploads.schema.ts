import { sql } from 'drizzle-orm';
import { index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { MEDIUM_MAX_SIDE } from '../../lib/photo-variants';
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
    // The photo at most 800 px on its longer side (lib/image-processing.ts `mediumOf`), for phones; null when
    // the photo is no larger, or until the job that makes it for older photos has reached it.
    mediumKey: text('medium_key'),
    name: text('name').notNull(),
    position: integer('position').notNull().default(0),
    width: integer('width'),
    height: integer('height'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('product_images_product_idx').on(table.productId, table.position),
    // The photos still waiting for their medium size (uploads.repository.ts `findImagesWithoutMedium`); empty once
    // the job has been through the photos stored before there was one.
    index('product_images_medium_waiting_idx')
      .on(table.createdAt, table.id)
      .where(sql`${table.mediumKey} is null and greatest(${table.width}, ${table.height}) > ${sql.raw(String(MEDIUM_MAX_SIDE))}`),
  ],
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
