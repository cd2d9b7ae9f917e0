import { createContext, useContext } from 'react';

/**
 * What any page may ask of the buyer's cart and wishlist. Those live in their own features, and a
 * feature never imports another one, so the app shell fills this in (app/layouts/shop-provider.tsx)
 * and pages such as the product page and checkout reach the cart only through it.
 */
export interface ShopPort {
  /** A signed-in non-seller: only buyers have a cart and a wishlist (docs/product/roles.md). */
  canShop: boolean;
  /**
   * No read of the cart or wishlist is under way (a change sent meanwhile could be undone by the read's
   * older answer). On the first render after a mount the reads may not have started yet: wait a render.
   */
  isReady: boolean;
  /** Adds units to the cart; with `withAddOn` the line's paid add-on is switched on too. Throws the API error. */
  addToCart(args: AddToCartInput): Promise<void>;
  /** Saves a product; answers whether it was newly saved. Throws the API error. */
  saveToWishlist(args: { productId: string; title: string; price: number; image: string | null; quantity: number }): Promise<boolean>;
  /** Removes the saved entry for a product, if there is one. */
  removeFromWishlist(productId: string): Promise<void>;
  savedProductIds: ReadonlySet<string>;
  openCart(): void;
  /** After an order was placed: the server's cart is empty, so the mirror is cleared and re-read. */
  resetCartAfterOrder(): void;
}

export interface AddToCartInput {
  productId: string;
  /** The combination chosen, for a listing with variants (decision 0043), and its label. */
  variantId?: string | null;
  variantLabel?: string | null;
  /** The buyer's text for a listing that asks for it (docs/product/listings.md "Personalisation"). */
  personalization?: string | null;
  quantity: number;
  withAddOn: boolean;
  /** For the line shown before the server answers. */
  title: string;
  price: number;
  image: string | null;
  available: number;
  addOnLabel: string | null;
  addOnPrice: number | null;
}

const notAvailable = () => Promise.reject(new Error('Sign in as a buyer to shop.'));

const OUTSIDE_SHOP: ShopPort = {
  canShop: false,
  isReady: false,
  addToCart: notAvailable,
  saveToWishlist: notAvailable,
  removeFromWishlist: notAvailable,
  savedProductIds: new Set(),
  openCart: () => {},
  resetCartAfterOrder: () => {},
};

export const ShopContext = createContext<ShopPort>(OUTSIDE_SHOP);

export function useShop(): ShopPort {
  return useContext(ShopContext);
}
