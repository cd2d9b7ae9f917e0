import type { AddCartItemRequest, CartResponse } from '@marketplace/contracts/cart';
import { api } from '../../lib/api';
import { describeApiError } from '../../lib/api-error';
import {
  addItem,
  addRetip,
  cartLoadFailed,
  cartLoadStarted,
  clearCart,
  removeItem,
  removeRetip,
  replaceCart,
  type AddCartItemPayload,
  type CartState,
  type WithCart,
} from './slice';

/**
 * The server owns the cart; the slice mirrors it (docs/product/data.md). Every answer replaces the slice. A change
 * shows at once through the slice's own action, and a failed call puts the previous cart back.
 */
export function snapshotOf(state: CartState) {
  return { items: state.items, products_count: state.productsCount, total_price: state.totalPrice };
}

export interface AddToCartArgs extends AddCartItemRequest {
  /** What the product page knows about the product, so the optimistic line can show it. */
  preview?: Omit<AddCartItemPayload, 'product_id' | 'quantity'>;
}

export const cartApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** The argument is the signed-in user's id, so another login never reuses this cache. */
    getCart: build.query<CartResponse, string>({
      query: () => '/cart',
      providesTags: ['Cart'],
      async onQueryStarted(_userId, { dispatch, queryFulfilled }) {
        dispatch(cartLoadStarted());
        try {
          const { data } = await queryFulfilled;
          dispatch(replaceCart(data));
        } catch (error) {
          dispatch(cartLoadFailed(describeApiError((error as { error?: unknown }).error).message));
        }
      },
    }),
    addCartItem: build.mutation<CartResponse, AddToCartArgs>({
      query: ({ product_id, variant_id, quantity, personalization }) => ({
        url: '/cart/items',
        method: 'POST',
        body: { product_id, quantity, ...(variant_id ? { variant_id } : {}), ...(personalization ? { personalization } : {}) },
      }),
      invalidatesTags: ['CheckoutSummary'],
      async onQueryStarted({ product_id, variant_id, quantity = 1, personalization, preview }, { dispatch, getState, queryFulfilled }) {
        const previous = snapshotOf((getState() as unknown as WithCart).cart);
        dispatch(addItem({ price: 0, ...preview, product_id, variant_id: variant_id ?? null, personalization: personalization?.trim() || null, quantity }));
        await syncWithAnswer(dispatch, queryFulfilled, previous);
      },
    }),
    /** Removes `quantity` units, or the whole line when it is at least the line's quantity. */
    removeCartItem: build.mutation<CartResponse, { id: string; quantity: number }>({
      query: ({ id, quantity }) => ({ url: `/cart/items/${encodeURIComponent(id)}`, method: 'DELETE', params: { quantity } }),
      invalidatesTags: ['CheckoutSummary'],
      async onQueryStarted(args, { dispatch, getState, queryFulfilled }) {
        const previous = snapshotOf((getState() as unknown as WithCart).cart);
        dispatch(removeItem(args));
        await syncWithAnswer(dispatch, queryFulfilled, previous);
      },
    }),
    /** Turns a line's add-on on or off; `price` is the add-on's price for the optimistic change. */
    setCartItemRetip: build.mutation<CartResponse, { id: string; isAdded: boolean; price: number }>({
      query: ({ id, isAdded }) => ({ url: `/cart/items/${encodeURIComponent(id)}/retip`, method: 'PUT', body: { retip_added: isAdded } }),
      invalidatesTags: ['CheckoutSummary'],
      async onQueryStarted({ id, isAdded, price }, { dispatch, getState, queryFulfilled }) {
        const previous = snapshotOf((getState() as unknown as WithCart).cart);
        dispatch(isAdded ? addRetip({ id, price }) : removeRetip(id));
        await syncWithAnswer(dispatch, queryFulfilled, previous);
      },
    }),
    emptyCart: build.mutation<CartResponse, void>({
      query: () => ({ url: '/cart', method: 'DELETE' }),
      invalidatesTags: ['CheckoutSummary'],
      async onQueryStarted(_arg, { dispatch, getState, queryFulfilled }) {
        const previous = snapshotOf((getState() as unknown as WithCart).cart);
        dispatch(clearCart());
        await syncWithAnswer(dispatch, queryFulfilled, previous);
      },
    }),
  }),
});

export async function syncWithAnswer(
  dispatch: (action: ReturnType<typeof replaceCart>) => unknown,
  queryFulfilled: Promise<{ data: CartResponse }>,
  previous: ReturnType<typeof snapshotOf>,
) {
  try {
    const { data } = await queryFulfilled;
    dispatch(replaceCart(data));
  } catch {
    // The caller shows the error; the cart goes back to what the server last said.
    dispatch(replaceCart(previous));
  }
}

export const { useGetCartQuery, useAddCartItemMutation, useRemoveCartItemMutation, useSetCartItemRetipMutation, useEmptyCartMutation } = cartApi;
