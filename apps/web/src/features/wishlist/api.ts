import type { WishlistResponse } from '@marketplace/contracts/wishlist';
import { api } from '../../lib/api';
import { describeApiError } from '../../lib/api-error';
import { addToWishlist, removeFromWishlist, replaceWishlist, wishlistLoadFailed, wishlistLoadStarted, type WishlistItem, type WithWishlist } from './slice';

type Snapshot = { items: WishlistItem[]; items_count: number; isNew: boolean };

function snapshotOf(state: WithWishlist['wishlist']): Snapshot {
  return { items: state.items, items_count: state.totalItems, isNew: state.isNew };
}

/** The server owns the wishlist; every answer replaces the slice (docs/product/data.md, cart-and-wishlist.md). */
export const wishlistApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** The argument is the signed-in user's id, so another login never reuses this cache. */
    getWishlist: build.query<WishlistResponse, string>({
      query: () => '/wishlist',
      providesTags: ['Wishlist'],
      async onQueryStarted(_userId, { dispatch, queryFulfilled }) {
        dispatch(wishlistLoadStarted());
        try {
          const { data } = await queryFulfilled;
          dispatch(replaceWishlist(data));
        } catch (error) {
          dispatch(wishlistLoadFailed(describeApiError((error as { error?: unknown }).error).message));
        }
      },
    }),
    addWishlistItem: build.mutation<WishlistResponse, { product_id: string; preview?: Omit<WishlistItem, 'id' | 'product_id'> }>({
      query: ({ product_id }) => ({ url: '/wishlist/items', method: 'POST', body: { product_id } }),
      async onQueryStarted({ product_id, preview }, { dispatch, getState, queryFulfilled }) {
        const previous = snapshotOf((getState() as unknown as WithWishlist).wishlist);
        dispatch(addToWishlist({ ...preview, id: `pending-${product_id}`, product_id }));
        try {
          dispatch(replaceWishlist((await queryFulfilled).data));
        } catch {
          dispatch(replaceWishlist(previous));
        }
      },
    }),
    removeWishlistItem: build.mutation<WishlistResponse, string>({
      query: (id) => ({ url: `/wishlist/items/${encodeURIComponent(id)}`, method: 'DELETE' }),
      async onQueryStarted(id, { dispatch, getState, queryFulfilled }) {
        const previous = snapshotOf((getState() as unknown as WithWishlist).wishlist);
        dispatch(removeFromWishlist(id));
        try {
          dispatch(replaceWishlist((await queryFulfilled).data));
        } catch {
          dispatch(replaceWishlist(previous));
        }
      },
    }),
  }),
});

export const { useGetWishlistQuery, useAddWishlistItemMutation, useRemoveWishlistItemMutation } = wishlistApi;
