import { and, count, eq, exists, isNotNull } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { productImages, products, users } from '../../db/schema';

// Drafts (docs/product/listings.md): a new listing is stored hidden and goes live with its first photo.

/** How many photos the listing has. */
export async function countListingPhotos(executor: Executor, productId: string): Promise<number> {
  const [row] = await executor.select({ count: count() }).from(productImages).where(eq(productImages.productId, productId));
  return row?.count ?? 0;
}

/**
 * Puts a draft live: the listing becomes active when it is hidden and its seller has verified their
 * e-mail address, in one statement. The caller (the uploads module, in the transaction that stored the
 * listing's first photo, with the listing's row locked) has checked that the listing had no photo
 * before, which is what tells a draft from a listing the marketplace hid. Answers whether it went live.
 */
export async function publishDraftListing(executor: Executor, productId: string, now: Date): Promise<boolean> {
  const verifiedSeller = executor
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.id, products.sellerId), isNotNull(users.emailVerifiedAt)));
  const rows = await executor
    .update(products)
    .set({ status: 'active', updatedAt: now })
    .where(and(eq(products.id, productId), eq(products.status, 'hidden'), exists(verifiedSeller)))
    .returning({ id: products.id });
  return rows.length > 0;
}
