import { and, asc, eq, ne, sql } from 'drizzle-orm';
import { lockFor } from '../../db/advisory-locks';
import type { Executor } from '../../db/client';
import { products } from '../catalog/catalog.schema';
import { wishlistItems } from './wishlist.schema';
import { coverKeyOf, liveListingStatus } from '../catalog';

export interface WishlistLineRecord {
  id: string;
  productId: string;
  title: string;
  priceCents: number;
  quantity: number;
  /** As a buyer may act on it (the catalogue's one definition of live): `hidden` also when its seller is suspended. */
  status: 'active' | 'hidden';
  /** The product's cover image key (images[0]), or null without images. */
  coverKey: string | null;
}

export async function findWishlistLines(executor: Executor, userId: string): Promise<WishlistLineRecord[]> {
  return executor
    .select({
      id: wishlistItems.id,
      productId: wishlistItems.productId,
      title: products.title,
      priceCents: products.priceCents,
      quantity: products.quantity,
      status: liveListingStatus(),
      coverKey: coverKeyOf(wishlistItems.productId),
    })
    .from(wishlistItems)
    .innerJoin(products, eq(products.id, wishlistItems.productId))
    .where(eq(wishlistItems.userId, userId))
    .orderBy(asc(wishlistItems.createdAt), asc(wishlistItems.id));
}

/** The listing's status as a buyer may act on it (`hidden` also when its seller is suspended), or null when there is none. */
export async function findProductStatus(executor: Executor, productId: string): Promise<'active' | 'hidden' | null> {
  const [row] = await executor.select({ status: liveListingStatus() }).from(products).where(eq(products.id, productId));
  return row?.status ?? null;
}

/** True when a new entry was made, false when the product was already in the wishlist. */
export async function insertWishlistLine(executor: Executor, values: { userId: string; productId: string; now: Date }): Promise<boolean> {
  const rows = await executor
    .insert(wishlistItems)
    .values({ userId: values.userId, productId: values.productId, createdAt: values.now })
    .onConflictDoNothing({ target: [wishlistItems.userId, wishlistItems.productId] })
    .returning({ id: wishlistItems.id });
  return rows.length > 0;
}

/**
 * Makes one user's wishlist additions wait for each other until the transaction ends, so parallel adds
 * cannot pass the cap together (a lock on a key of its own).
 */
export async function lockWishlistOf(executor: Executor, userId: string): Promise<void> {
  await lockFor(executor, 'wishlist', userId);
}

/** The user's entries for other products than `productId`. */
export async function countOtherWishlistLines(executor: Executor, userId: string, productId: string): Promise<number> {
  const [row] = await executor
    .select({ total: sql<number>`count(*)`.mapWith(Number) })
    .from(wishlistItems)
    .where(and(eq(wishlistItems.userId, userId), ne(wishlistItems.productId, productId)));
  return row?.total ?? 0;
}

/** True when the user's line existed. */
export async function deleteWishlistLine(executor: Executor, where: { userId: string; id: string }): Promise<boolean> {
  const rows = await executor
    .delete(wishlistItems)
    .where(and(eq(wishlistItems.userId, where.userId), eq(wishlistItems.id, where.id)))
    .returning({ id: wishlistItems.id });
  return rows.length > 0;
}
