// The cart's limits, without zod: the product page reads them (its quantity picker), and a page a guest lands on
// loads no schema library (scripts/check-bundle.mjs checks it). ./cart.ts re-exports them beside its schemas.

/** The most of one product a single cart line may hold. */
export const MAX_CART_LINE_QUANTITY = 99;
