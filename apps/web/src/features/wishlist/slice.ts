import { createSlice, type PayloadAction } from '@reduxjs/toolkit';

/** A saved product (docs/product/data.md: id, product_id); the rest comes from GET /api/wishlist for display. */
export interface WishlistItem {
  id: string;
  product_id: string;
  title?: string;
  /** Dollars. */
  price?: number;
  image?: string | null;
  /** Units in stock; 0 also when the listing is no longer for sale (shown as unavailable). */
  quantity?: number;
}

export interface WishlistState {
  items: WishlistItem[];
  totalItems: number;
  loading: boolean;
  error: string | null;
  /** Whether the last add created a new entry (from the server). */
  isNew: boolean;
}

/** The server's wishlist answer, read as items, items_count and isNew (docs/product/data.md). */
export interface WishlistPayload {
  items?: WishlistItem[] | null;
  items_count?: number | null;
  isNew?: boolean | null;
}

export const initialWishlistState: WishlistState = { items: [], totalItems: 0, loading: false, error: null, isNew: false };

/** docs/product/cart-and-wishlist.md, rule for rule. */
const wishlistSlice = createSlice({
  name: 'wishlist',
  initialState: initialWishlistState,
  reducers: {
    /** Ignored when the product is already saved; otherwise added and the count goes up by one. */
    addToWishlist(state, action: PayloadAction<WishlistItem>) {
      if (state.items.some((item) => item.product_id === action.payload.product_id)) return;
      state.items.push(action.payload);
      state.totalItems += 1;
    },
    /** Drops the entry with this id; the count becomes the list's length. */
    removeFromWishlist(state, action: PayloadAction<string>) {
      state.items = state.items.filter((item) => item.id !== action.payload);
      state.totalItems = state.items.length;
    },
    replaceWishlist(state, action: PayloadAction<WishlistPayload>) {
      state.items = action.payload.items ?? [];
      state.totalItems = action.payload.items_count ?? 0;
      state.isNew = action.payload.isNew ?? false;
      state.loading = false;
      state.error = null;
    },
    clearWishlist(state) {
      state.items = [];
      state.totalItems = 0;
    },
    wishlistLoadStarted(state) {
      state.loading = true;
      state.error = null;
    },
    wishlistLoadFailed(state, action: PayloadAction<string>) {
      state.loading = false;
      state.error = action.payload;
    },
  },
});

export const { addToWishlist, removeFromWishlist, replaceWishlist, clearWishlist, wishlistLoadStarted, wishlistLoadFailed } = wishlistSlice.actions;
export const wishlistReducer = wishlistSlice.reducer;

export interface WithWishlist {
  wishlist: WishlistState;
}
export const selectWishlist = (state: WithWishlist): WishlistState => state.wishlist;
