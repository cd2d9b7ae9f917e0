import { WISHLIST_MESSAGES, type WishlistResponse } from '@marketplace/contracts/wishlist';
import { centsToDollars } from '@marketplace/domain/money';
import type { Database } from '../../db/client';
import type { Clock } from '../../lib/clock';
import { notFound } from '../../lib/http-errors';
import type { FileStore } from '../../providers/files/port';
import { deleteWishlistLine, findProductStatus, findWishlistLines, insertWishlistLine } from './wishlist.repository';

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
        quantity: line.status === 'active' ? line.quantity : 0,
      };
    });
    return { items, items_count: items.length, isNew };
  }

  return {
    getWishlist: (userId) => read(userId, false),

    async addItem(userId, productId) {
      // A hidden listing cannot be wished for anew; one already in the list stays there.
      if ((await findProductStatus(db, productId)) !== 'active') throw notFound(WISHLIST_MESSAGES.productNotFound);
      const isNew = await insertWishlistLine(db, { userId, productId, now: clock.now() });
      return read(userId, isNew);
    },

    async removeItem(userId, id) {
      if (!(await deleteWishlistLine(db, { userId, id }))) throw notFound(WISHLIST_MESSAGES.itemNotFound);
      return read(userId, false);
    },
  };
}
