// The figures of the analytics summary: revenue is net sales in cents (docs/product/money.md), the
// average order value is revenue over the orders that had a sale, and each figure is compared with the
// same number of days before it.

/** Revenue over orders, rounded to the cent (half up); 0 without orders. */
export function averageOrderCents(revenueCents: number, orders: number): number {
  if (!Number.isSafeInteger(revenueCents) || revenueCents < 0) throw new RangeError(`revenueCents must be a non-negative integer, got ${revenueCents}`);
  if (!Number.isSafeInteger(orders) || orders < 0) throw new RangeError(`orders must be a non-negative integer, got ${orders}`);
  return orders > 0 ? Math.round(revenueCents / orders) : 0;
}

/** Percent change with 1 decimal; null when the previous period is zero (nothing to compare with). */
export function percentChange(current: number, previous: number): number | null {
  if (previous === 0) return null;
  return Math.round(((current - previous) / previous) * 1000) / 10;
}
