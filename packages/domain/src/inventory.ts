// Stock rules shared by the seller pages and the API (issue #3: inventory with a low-stock flag).

/** A listing with this many units or fewer (but at least one) is flagged as running low. */
export const LOW_STOCK_THRESHOLD = 5;

/**
 * Low stock means 1..LOW_STOCK_THRESHOLD units: sold-out listings (0) are "out of stock", a
 * different state the seller sees separately.
 */
export function isLowStock(quantity: number): boolean {
  return quantity > 0 && quantity <= LOW_STOCK_THRESHOLD;
}

/** Out of stock: nothing left to sell. */
export function isOutOfStock(quantity: number): boolean {
  return quantity <= 0;
}
