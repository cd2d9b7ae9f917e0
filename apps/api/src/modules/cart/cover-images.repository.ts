import { asc, inArray } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { productImages } from '../../db/schema';

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
