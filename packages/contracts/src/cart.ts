import { z } from 'zod';
import { MAX_PERSONALIZATION_LENGTH } from '@marketplace/domain/personalization';
import { MAX_CART_LINES } from '@marketplace/domain/user-content-limits';
import { plainTextSchema } from './common';
import { MAX_CART_LINE_QUANTITY } from './cart-limits';
import { vacationSchema } from './shops';

// Cart calls (docs/product/data.md "Cart state" and docs/product/cart-and-wishlist.md). Field names follow the payload the spec's
// client reads (snake_case, with retip mirrored in camelCase). Money is dollars with ≤ 2 decimals.

export { MAX_CART_LINE_QUANTITY, MAX_CART_LINES };
/** The `code` of the 409 for one product too many in a cart (docs/product/limits.md). */
export const CART_LINE_LIMIT_CODE = 'cart_line_limit';

export const cartItemSchema = z.object({
  id: z.string(),
  product_id: z.string(),
  /** The combination chosen for a listing with variants, and its label ("Size: M, Colour: Red"); null without. */
  variant_id: z.string().nullable(),
  variant_label: z.string().nullable(),
  quantity: z.number().int(),
  /** The product's current price, in dollars. */
  price: z.number(),
  retip_added: z.boolean(),
  /** The add-on's price when added, else 0 (docs/product/limits.md: the retip price defaults to 0). */
  retip_price: z.number(),
  retipAdded: z.boolean(),
  retipPrice: z.number(),
  title: z.string(),
  /** Thumbnail URL of the cover image, or null. */
  image: z.string().nullable(),
  /** Units in stock now (0 when the listing was hidden). */
  available_quantity: z.number().int(),
  /** What the add-on is, when the product offers one. */
  retip_label: z.string().nullable(),
  /** The product's add-on price whether or not it was added (null: no add-on offered). */
  retip_offered_price: z.number().nullable(),
  /** True when the price differs from the price when the line was added. */
  price_changed: z.boolean(),
  /** The price when the line was added, when it changed since; else null. */
  previous_price: z.number().nullable(),
  /**
   * The product's seller, with their vacation while the shop is away (null when open), as `seller` on
   * GET /api/products/:id carries it: the line cannot be bought until then (docs/product/shops.md); and the
   * shop's name, which checkout groups the lines by (a shop's part may be sent as a gift).
   */
  seller: z.object({ id: z.string(), vacation: vacationSchema.nullable(), name: z.string() }),
  /** The buyer's text for the seller (a name to engrave…), or null; a line with other text is another line. */
  personalization: z.string().nullable(),
  /** What the listing asks its buyers to write now, or null when it asks nothing (docs/product/listings.md). */
  personalization_setting: z.object({ required: z.boolean(), instructions: z.string(), maxLength: z.number().int() }).nullable(),
});
export type CartItem = z.infer<typeof cartItemSchema>;

export const cartResponseSchema = z.object({
  items: z.array(cartItemSchema),
  /** Number of lines (distinct products). */
  products_count: z.number().int(),
  /** Σ price × quantity in dollars (docs/product/cart-and-wishlist.md; the add-on is not included). */
  total_price: z.number(),
});
export type CartResponse = z.infer<typeof cartResponseSchema>;

/** A buyer's personalisation as sent; the listing's own length is checked by the API. Blank means none. */
const personalizationTextSchema = plainTextSchema({ error: 'personalization must be text' }).max(
  MAX_PERSONALIZATION_LENGTH,
  `Personalisation must be at most ${MAX_PERSONALIZATION_LENGTH} characters`,
);

export const addCartItemRequestSchema = z.object({
  product_id: z.guid({ error: 'product_id must be a product id' }),
  /** Required for a listing with variants (400 `variant_required`), one of its variants on sale (400 `invalid_variant`). */
  variant_id: z.guid({ error: 'variant_id must be a variant id' }).optional(),
  quantity: z
    .number({ error: 'quantity must be a whole number' })
    .int('quantity must be a whole number')
    .min(1, 'quantity must be at least 1')
    .max(MAX_CART_LINE_QUANTITY, `quantity must be at most ${MAX_CART_LINE_QUANTITY}`)
    .default(1),
  /**
   * The buyer's text for a listing that asks for it (400 `personalization_required` when it must and is missing);
   * the same listing with other text is another cart line.
   */
  personalization: personalizationTextSchema.optional(),
});
export type AddCartItemRequest = z.input<typeof addCartItemRequestSchema>;

export const cartItemParamsSchema = z.object({ id: z.guid({ error: 'Cart item not found' }) });

export const removeCartItemQuerySchema = z.object({
  /** Units to remove; the whole line when absent or ≥ the line's quantity. */
  quantity: z.coerce.number().int('quantity must be a whole number').min(1, 'quantity must be at least 1').optional(),
});

export const setCartRetipRequestSchema = z.object({
  retip_added: z.boolean({ error: 'retip_added must be true or false' }),
});
export type SetCartRetipRequest = z.infer<typeof setCartRetipRequestSchema>;

/** PUT /api/cart/items/:id/personalization: the line's new text; null or blank takes it away. */
export const setCartPersonalizationRequestSchema = z.object({
  personalization: personalizationTextSchema.nullable(),
});
export type SetCartPersonalizationRequest = z.infer<typeof setCartPersonalizationRequestSchema>;

/** The `code`s of the cart's refusals about personalisation (400). */
export const PERSONALIZATION_ERROR_CODES = {
  required: 'personalization_required',
  tooLong: 'personalization_too_long',
  notOffered: 'personalization_not_offered',
} as const;

export const CART_MESSAGES = {
  productNotFound: 'Product not found',
  itemNotFound: 'Cart item not found',
  noAddOn: 'This product has no add-on service',
  outOfStock: 'This product is out of stock',
  beyondStock: (available: number) => `Only ${available} left in stock`,
  ownProduct: 'You cannot buy your own product',
  beyondLineCap: (max: number) => `You can have at most ${max} of one product in your cart`,
  busy: 'Your cart changed while adding; please try again',
  variantRequired: 'Choose which one you want first (for example its size)',
  invalidVariant: 'That choice is not offered for this product',
  samePersonalization: 'This item is already in your cart with that personalisation',
  tooManyLines: `A cart holds at most ${MAX_CART_LINES} different products; check out or remove some first`,
} as const;
