import { MAX_WISHLIST_ITEMS, WISHLIST_LIMIT_CODE, WISHLIST_MESSAGES, type WishlistResponse } from '@marketplace/contracts/wishlist';
import { centsToDollars } from '@marketplace/domain/money';
import { hasRoomFor } from '@marketplace/domain/user-content-limits';
import type { Database } from '../../db/client';
import type { Clock } from '../../lib/clock';
import { conflict, notFound } from '../../lib/http-errors';
import type { FileStore } from '../../providers/files/port';
import { countOtherWishlistLines, deleteWishlistLine, findProductStatus, findWishlistLines, insertWishlistLine, lockWishlistOf } from './wishlist.repository';

export interface WishlistService {
  getWishlist(userId: string): Promise<WishlistResponse>;
  /** Adds the product unless it is there already (docs/product/cart-and-wishlist.md); `isNew` says which happened. */
  addItem(userId: string, productId: string): Promise<WishlistResponse>;
  removeItem(userId: string, id: string): Promise<WishlistResponse>;
}

export function createWishlistService({ db, files, clock }: { db: Database; files: FileStore; clock: Clock }): WishlistService {
  async function read(userId: string, isNew: boolean): Promise<WishlistResponse> {
    const lines = await findWishlistLines(db, userId);
    const items = lines.map((line) => {
      const { coverKey } = line;
      return {
        id: line.id,
        product_id: line.productId,
        title: line.title,
        price: centsToDollars(line.priceCents),
        image: coverKey ? files.urlFor(coverKey) : null,
        // A listing that is no longer live shows as unavailable (0), and the cart refuses it.
        quantity: line.status === 'active' ? line.quantity : 0,
      };
    });
    return { items, items_count: items.length, isNew };
  }

  return {
    getWishlist: (userId) => read(userId, false),

    async addItem(userId, productId) {
      // A listing that is not live (hidden, a draft, its seller suspended) cannot be wished for anew; one already in the list stays there, unavailable.
      if ((await findProductStatus(db, productId)) !== 'active') throw notFound(WISHLIST_MESSAGES.productNotFound);
      const isNew = await db.transaction(async (transaction) => {
        // Counted under the user's lock, so parallel adds cannot pass the cap (docs/product/limits.md);
        // a product already there is no new entry and is always answered as before.
        await lockWishlistOf(transaction, userId);
        if (!hasRoomFor(await countOtherWishlistLines(transaction, userId, productId), 1, MAX_WISHLIST_ITEMS)) {
          throw conflict(WISHLIST_MESSAGES.tooMany, { code: WISHLIST_LIMIT_CODE, limit: MAX_WISHLIST_ITEMS });
        }
        return insertWishlistLine(transaction, { userId, productId, now: clock.now() });
      });
      return read(userId, isNew);
    },

    async removeItem(userId, id) {
      if (!(await deleteWishlistLine(db, { userId, id }))) throw notFound(WISHLIST_MESSAGES.itemNotFound);
      return read(userId, false);
    },
  };
}
