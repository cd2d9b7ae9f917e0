import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { Vacation } from '@marketplace/contracts/shops';
import { centsToDollars, dollarsToCents } from '@marketplace/domain/money';

/**
 * A cart line (docs/product/data.md). The add-on ("retip") flag and price are kept twice, as the server spells them
 * (retip_added, retip_price) and mirrored in camelCase (retipAdded, retipPrice). The display fields
 * after them come from GET /api/cart and are optional so an optimistic line can do without them.
 */
export interface CartItem {
  id: string;
  product_id: string;
  /** The combination chosen for a listing with variants, and its label ("Size: M"); null or absent without. */
  variant_id?: string | null;
  variant_label?: string | null;
  quantity: number;
  /** Dollars per unit. */
  price: number;
  retip_added: boolean;
  retip_price: number;
  retipAdded: boolean;
  retipPrice: number;
  title?: string;
  image?: string | null;
  available_quantity?: number;
  retip_label?: string | null;
  retip_offered_price?: number | null;
  price_changed?: boolean;
  previous_price?: number | null;
  /** The product's seller, with their vacation while the shop is away (null when open). */
  seller?: { id: string; vacation: Vacation | null; name?: string };
  /** The buyer's text for the seller (null or absent: none); the same listing with other text is another line. */
  personalization?: string | null;
  /** What the listing asks its buyers to write now, or null. */
  personalization_setting?: { required: boolean; instructions: string; maxLength: number } | null;
}

export interface CartState {
  items: CartItem[];
  totalQuantity: number;
  /** Dollars. */
  totalPrice: number;
  loading: boolean;
  error: string | null;
  productsCount: number;
}

/** The server's cart answer, read as items, products_count and total_price (docs/product/data.md). */
export interface CartPayload {
  items?: CartItem[] | null;
  products_count?: number | null;
  total_price?: number | null;
}

/** What addItem needs; a line added before the server answers has no id yet unless given one. */
export interface AddCartItemPayload {
  id?: string;
  product_id: string;
  variant_id?: string | null;
  variant_label?: string | null;
  quantity?: number;
  price: number;
  title?: string;
  image?: string | null;
  available_quantity?: number;
  retip_label?: string | null;
  retip_offered_price?: number | null;
  personalization?: string | null;
}

export const initialCartState: CartState = {
  items: [],
  totalQuantity: 0,
  totalPrice: 0,
  loading: false,
  error: null,
  productsCount: 0,
};

export function sumQuantities(items: readonly CartItem[]): number {
  return items.reduce((sum, item) => sum + item.quantity, 0);
}

/** Σ price × quantity, summed in cents so float dollars cannot drift (0.1 + 0.2). */
export function sumPrices(items: readonly CartItem[]): number {
  const cents = items.reduce((sum, item) => sum + dollarsToCents(item.price) * item.quantity, 0);
  return centsToDollars(cents);
}

type LineKey = Pick<CartItem, 'product_id' | 'variant_id' | 'personalization'>;

/**
 * One line per product, variant (decision 0043) and personalisation (docs/product/listings.md; texts come trimmed):
 * a line without a variant or a text matches only one without.
 */
export function isSameLine(item: LineKey, other: LineKey): boolean {
  return (
    item.product_id === other.product_id &&
    (item.variant_id ?? null) === (other.variant_id ?? null) &&
    (item.personalization || null) === (other.personalization || null)
  );
}

function recomputeTotals(state: CartState): void {
  state.totalQuantity = sumQuantities(state.items);
  state.totalPrice = sumPrices(state.items);
}

function setRetip(item: CartItem, isAdded: boolean, price: number): void {
  item.retip_added = isAdded;
  item.retip_price = price;
  item.retipAdded = isAdded;
  item.retipPrice = price;
}

/** Fills the defaults docs/product/data.md gives a line (no add-on, add-on price 0) and keeps both spellings in step. */
function normaliseItem(item: CartItem): CartItem {
  const isAdded = item.retip_added ?? item.retipAdded ?? false;
  const price = item.retip_price ?? item.retipPrice ?? 0;
  return { ...item, retip_added: isAdded, retip_price: price, retipAdded: isAdded, retipPrice: price };
}

/** docs/product/cart-and-wishlist.md, rule for rule. */
const cartSlice = createSlice({
  name: 'cart',
  initialState: initialCartState,
  reducers: {
    /** Total quantity is counted here; total price and product count are the server's (default 0). */
    replaceCart(state, action: PayloadAction<CartPayload>) {
      const items = (action.payload.items ?? []).map(normaliseItem);
      state.items = items;
      state.totalQuantity = sumQuantities(items);
      state.totalPrice = action.payload.total_price ?? 0;
      state.productsCount = action.payload.products_count ?? 0;
      state.loading = false;
      state.error = null;
    },
    /** A product (in the same variant) already in the cart gets more units; a new one becomes a line without an add-on. */
    addItem(state, action: PayloadAction<AddCartItemPayload>) {
      const { quantity = 1, ...fields } = action.payload;
      const existing = state.items.find((item) => isSameLine(item, fields));
      if (existing) {
        existing.quantity += quantity;
      } else {
        state.items.push({
          ...fields,
          id: fields.id ?? `pending-${fields.product_id}${fields.variant_id ? `-${fields.variant_id}` : ''}`,
          quantity,
          retip_added: false,
          retip_price: 0,
          retipAdded: false,
          retipPrice: 0,
        });
      }
      recomputeTotals(state);
    },
    /** Removing at least the line's quantity deletes it; fewer units only lower its quantity. */
    removeItem(state, action: PayloadAction<{ id: string; quantity: number }>) {
      const { id, quantity } = action.payload;
      const index = state.items.findIndex((item) => item.id === id);
      const item = state.items[index];
      if (item) {
        if (quantity >= item.quantity) state.items.splice(index, 1);
        else item.quantity -= quantity;
      }
      recomputeTotals(state);
    },
    clearCart(state) {
      state.items = [];
      state.totalQuantity = 0;
      state.totalPrice = 0;
      state.productsCount = 0;
    },
    addRetip(state, action: PayloadAction<{ id: string; price: number }>) {
      const item = state.items.find((line) => line.id === action.payload.id);
      if (item) setRetip(item, true, action.payload.price);
    },
    removeRetip(state, action: PayloadAction<string>) {
      const item = state.items.find((line) => line.id === action.payload);
      if (item) setRetip(item, false, 0);
    },
    cartLoadStarted(state) {
      state.loading = true;
      state.error = null;
    },
    cartLoadFailed(state, action: PayloadAction<string>) {
      state.loading = false;
      state.error = action.payload;
    },
  },
});

export const { replaceCart, addItem, removeItem, clearCart, addRetip, removeRetip, cartLoadStarted, cartLoadFailed } = cartSlice.actions;
export const cartReducer = cartSlice.reducer;

/** Features cannot import the app's RootState; this is the part of it the cart needs. */
export interface WithCart {
  cart: CartState;
}
export const selectCart = (state: WithCart): CartState => state.cart;
