// Stock rules shared by the seller pages and the API: inventory with a low-stock flag.

import type { StatusColour } from './status-palette';

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

/** The colour of each stock status, wherever it is drawn (status-colours.ts reads these for its table). */
export const STOCK_STATUS_COLOURS = { in_stock: 'green', low_stock: 'yellow', out_of_stock: 'red' } as const satisfies Record<string, StatusColour>;
