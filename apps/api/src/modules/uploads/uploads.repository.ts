import { and, asc, count, eq, gt, isNull, lte, max, or, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { MEDIUM_MAX_SIDE } from '../../lib/photo-variants';
import { products } from '../catalog/catalog.schema';
import { users } from '../users/users.schema';
import { productImages, uploadTokens } from './uploads.schema';

// Writes to product_images and upload_tokens (modules/catalog reads the images for listings).

export interface NewImageRow {
  id: string;
  productId: string;
  fileKey: string;
  thumbnailKey: string;
  mediumKey: string | null;
  name: string;
  width: number;
  height: number;
}

/** Where a photo's medium size is kept, beside the photo and its thumbnail. */
export const mediumKeyOf = (productId: string, imageId: string) => `products/${productId}/${imageId}-medium.webp`;

/**
 * Photos larger than the medium size that have none yet (stored before there was one), oldest first, by the
 * partial index of exactly these (the side is written into the statement, so the planner can match it). A photo
 * whose file could not be read is marked with its own key as its medium (the photo itself), so it is not met again.
 */
export async function findImagesWithoutMedium(executor: Executor, limit: number) {
  return executor
    .select({
      id: productImages.id,
      productId: productImages.productId,
      fileKey: productImages.fileKey,
      width: productImages.width,
      height: productImages.height,
    })
    .from(productImages)
    .where(and(isNull(productImages.mediumKey), sql`greatest(${productImages.width}, ${productImages.height}) > ${sql.raw(String(MEDIUM_MAX_SIDE))}`))
    .orderBy(asc(productImages.createdAt), asc(productImages.id))
    .limit(limit);
}

/**
 * Records a photo's medium size, unless the photo was deleted or replaced meanwhile; answers whether the photo
 * has this medium size now (true too when a round beside this one recorded the same key first: its file is this one).
 */
export async function setMediumKey(executor: Executor, image: { id: string; fileKey: string }, mediumKey: string): Promise<boolean> {
  const rows = await executor
    .update(productImages)
    .set({ mediumKey })
    .where(
      and(
        eq(productImages.id, image.id),
        eq(productImages.fileKey, image.fileKey),
        or(isNull(productImages.mediumKey), eq(productImages.mediumKey, mediumKey)),
      ),
    )
    .returning({ id: productImages.id });
  return rows.length > 0;
}

/**
 * Locks the listing's row until the transaction ends, so two batches uploaded at the same moment
 * count each other's photos and cannot pass the 10-photo limit together.
 */
export async function lockProduct(executor: Executor, productId: string): Promise<boolean> {
  const rows = await executor.select({ id: products.id }).from(products).where(eq(products.id, productId)).for('update');
  return rows.length > 0;
}

export async function countImages(executor: Executor, productId: string): Promise<{ count: number; maxPosition: number | null }> {
  const [row] = await executor
    .select({ count: count(), maxPosition: max(productImages.position) })
    .from(productImages)
    .where(eq(productImages.productId, productId));
  return { count: row?.count ?? 0, maxPosition: row?.maxPosition ?? null };
}

export async function insertImages(executor: Executor, rows: (NewImageRow & { position: number; createdAt: Date })[]): Promise<void> {
  if (rows.length) await executor.insert(productImages).values(rows);
}

export async function findImageIds(executor: Executor, productId: string): Promise<string[]> {
  const rows = await executor
    .select({ id: productImages.id })
    .from(productImages)
    .where(eq(productImages.productId, productId))
    .orderBy(asc(productImages.position), asc(productImages.createdAt), asc(productImages.id));
  return rows.map((row) => row.id);
}

/** Positions 0..n-1 in the given order (the first is the cover). */
export async function setImagePositions(executor: Executor, productId: string, orderedIds: string[]): Promise<void> {
  for (const [position, id] of orderedIds.entries()) {
    await executor
      .update(productImages)
      .set({ position })
      .where(and(eq(productImages.id, id), eq(productImages.productId, productId)));
  }
}

/** Deletes one image of the listing; answers its file keys, or null when it is not there. */
export async function deleteImage(
  executor: Executor,
  productId: string,
  imageId: string,
): Promise<{ fileKey: string; thumbnailKey: string | null; mediumKey: string | null } | null> {
  const [row] = await executor
    .delete(productImages)
    .where(and(eq(productImages.id, imageId), eq(productImages.productId, productId)))
    .returning({ fileKey: productImages.fileKey, thumbnailKey: productImages.thumbnailKey, mediumKey: productImages.mediumKey });
  return row ?? null;
}

export async function insertUploadToken(
  executor: Executor,
  values: { tokenHash: string; productId: string; sellerId: string; expiresAt: Date; createdAt: Date },
): Promise<void> {
  await executor.insert(uploadTokens).values(values);
}

/** The link behind a token hash, if it has not expired at `now`, with its seller's account status as it is now. */
export async function findLiveUploadToken(
  executor: Executor,
  tokenHash: string,
  now: Date,
): Promise<{ productId: string; sellerId: string; expiresAt: Date; sellerStatus: 'active' | 'suspended' } | null> {
  const [row] = await executor
    .select({ productId: uploadTokens.productId, sellerId: uploadTokens.sellerId, expiresAt: uploadTokens.expiresAt, sellerStatus: users.status })
    .from(uploadTokens)
    .innerJoin(users, eq(users.id, uploadTokens.sellerId))
    .where(and(eq(uploadTokens.tokenHash, tokenHash), gt(uploadTokens.expiresAt, now)))
    .limit(1);
  return row ?? null;
}

/** Deletes the links that expired at or before `now`; answers how many. */
export async function deleteUploadTokensExpiredBy(executor: Executor, now: Date): Promise<number> {
  const rows = await executor.delete(uploadTokens).where(lte(uploadTokens.expiresAt, now)).returning({ id: uploadTokens.id });
  return rows.length;
}
