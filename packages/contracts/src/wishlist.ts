import { z } from 'zod';
import { MAX_WISHLIST_ITEMS } from '@marketplace/domain/user-content-limits';

// Wishlist calls (docs/product/data.md "Wishlist state" and docs/product/cart-and-wishlist.md).

export const wishlistItemSchema = z.object({
  id: z.string(),
  product_id: z.string(),
  title: z.string(),
  /** Dollars. */
  price: z.number(),
  /** Thumbnail URL of the cover image, or null. */
  image: z.string().nullable(),
  /** Units in stock; 0 when the listing is not live (hidden, a draft, or its seller suspended): unavailable. */
  quantity: z.number().int(),
});
export type WishlistItem = z.infer<typeof wishlistItemSchema>;

export const wishlistResponseSchema = z.object({
  items: z.array(wishlistItemSchema),
  items_count: z.number().int(),
  /** Whether the call that produced this answer added a new entry (false for GET and DELETE). */
  isNew: z.boolean(),
});
export type WishlistResponse = z.infer<typeof wishlistResponseSchema>;

export const addWishlistItemRequestSchema = z.object({
  product_id: z.guid({ error: 'product_id must be a product id' }),
});
export type AddWishlistItemRequest = z.infer<typeof addWishlistItemRequestSchema>;

export const wishlistItemParamsSchema = z.object({ id: z.guid({ error: 'Wishlist item not found' }) });

export { MAX_WISHLIST_ITEMS };
/** The `code` of the 409 for one product too many in a wishlist (docs/product/limits.md). */
export const WISHLIST_LIMIT_CODE = 'wishlist_limit';

export const WISHLIST_MESSAGES = {
  productNotFound: 'Product not found',
  itemNotFound: 'Wishlist item not found',
  tooMany: `A wishlist holds at most ${MAX_WISHLIST_ITEMS} products; remove some to save another`,
} as const;
