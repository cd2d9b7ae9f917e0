import { asc, getTableName, inArray, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/client';
import { productImages } from '../uploads/uploads.schema';

/**
 * The same cover key as a column of a list's own query, so the list needs no second statement for its
 * pictures (every statement is a round trip and a wake-up of a database backend). The product
 * id column is written with its table's name: drizzle leaves columns unqualified in a one-table select,
 * where the sub-select would then compare product_images with itself.
 */
export function coverKeyOf(productId: AnyPgColumn): SQL<string | null> {
  const column = sql`${sql.identifier(getTableName(productId.table))}.${sql.identifier(productId.name)}`;
  return sql<
    string | null
  >`(select coalesce(pi.thumbnail_key, pi.file_key) from ${productImages} pi where pi.product_id = ${column} order by pi.position, pi.created_at limit 1)`;
}

/**
 * The thumbnail (or full image) key a line shows: its variant's photo (`variantImageId`, when the seller chose one
 * and it is still the listing's), else the listing's cover.
 */
export function lineImageKeyOf(productId: AnyPgColumn, variantImageId: AnyPgColumn): SQL<string | null> {
  const product = sql`${sql.identifier(getTableName(productId.table))}.${sql.identifier(productId.name)}`;
  const image = sql`${sql.identifier(getTableName(variantImageId.table))}.${sql.identifier(variantImageId.name)}`;
  return sql<
    string | null
  >`coalesce((select coalesce(vi.thumbnail_key, vi.file_key) from ${productImages} vi where vi.id = ${image} and vi.product_id = ${product}),
    ${coverKeyOf(productId)})`;
}

/**
 * The thumbnail (or full image) key of each product's cover — images[0], the lowest position — for
 * the cart, wishlist and order lists. Products without images are absent from the map.
 */
export async function findCoverImageKeys(executor: Executor, productIds: readonly string[]): Promise<Map<string, string>> {
  const unique = [...new Set(productIds)];
  if (unique.length === 0) return new Map();
  const rows = await executor
    .selectDistinctOn([productImages.productId], {
      productId: productImages.productId,
      fileKey: productImages.fileKey,
      thumbnailKey: productImages.thumbnailKey,
    })
    .from(productImages)
    .where(inArray(productImages.productId, unique))
    .orderBy(asc(productImages.productId), asc(productImages.position), asc(productImages.createdAt));
  return new Map(rows.map((row) => [row.productId, row.thumbnailKey ?? row.fileKey]));
}
