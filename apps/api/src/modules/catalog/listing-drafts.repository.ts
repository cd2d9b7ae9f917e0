import { and, count, eq, exists, isNotNull } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { productImages } from '../uploads/uploads.schema';
import { users } from '../users/users.schema';
import { products } from './catalog.schema';

// Drafts (docs/product/listings.md): a new listing is stored hidden with `is_draft` set, and goes live with
// a photo once its seller's address is verified. Only a draft ever goes live by itself: a listing an admin
// hid is not one (hiding or restoring a listing clears the flag), so no photo and no verification puts it live.

/** How many photos the listing has. */
export async function countListingPhotos(executor: Executor, productId: string): Promise<number> {
  const [row] = await executor.select({ count: count() }).from(productImages).where(eq(productImages.productId, productId));
  return row?.count ?? 0;
}

/** Its seller (`products.seller_id`) has verified their e-mail address. */
const sellerIsVerified = (executor: Executor) =>
  exists(
    executor
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.id, products.sellerId), isNotNull(users.emailVerifiedAt))),
  );

/** The listing has at least one photo. */
const hasPhoto = (executor: Executor) => exists(executor.select({ id: productImages.id }).from(productImages).where(eq(productImages.productId, products.id)));

/**
 * Puts a draft live: a listing still marked as a draft, with a photo, whose seller has verified their
 * e-mail address becomes active and stops being a draft, in one statement. The uploads module calls it in
 * the transaction that stored the listing's photos, with the listing's row locked. Answers whether it went live.
 */
export async function publishDraftListing(executor: Executor, productId: string, now: Date): Promise<boolean> {
  const rows = await executor
    .update(products)
    .set({ status: 'active', isDraft: false, updatedAt: now })
    .where(and(eq(products.id, productId), eq(products.isDraft, true), hasPhoto(executor), sellerIsVerified(executor)))
    .returning({ id: products.id });
  return rows.length > 0;
}

/**
 * Puts live every draft of the seller that already has a photo, once their address is verified (drafts
 * that got their photos while it was not). One statement; answers the ids that went live.
 */
export async function publishDraftsWithPhotosOf(executor: Executor, sellerId: string, now: Date): Promise<string[]> {
  const rows = await executor
    .update(products)
    .set({ status: 'active', isDraft: false, updatedAt: now })
    .where(and(eq(products.sellerId, sellerId), eq(products.isDraft, true), hasPhoto(executor), sellerIsVerified(executor)))
    .returning({ id: products.id });
  return rows.map((row) => row.id);
}
