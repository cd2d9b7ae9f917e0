// Shipping for a buyer's order (checkout shows items total, shipping, add-on total and
// order total). One charge per order, whatever the number of sellers; free from $50.00 of items.

/** Items totals at or above this ship free: $50.00. */
export const FREE_SHIPPING_THRESHOLD_CENTS = 5000;
/** Flat shipping per order below the threshold: $5.99. */
export const FLAT_SHIPPING_CENTS = 599;

/** Shipping for an order whose items (price × quantity, add-ons excluded) total `itemsTotalCents`. */
export function calculateShippingCents(itemsTotalCents: number): number {
  if (!Number.isSafeInteger(itemsTotalCents) || itemsTotalCents < 0) {
    throw new RangeError(`itemsTotalCents must be a non-negative integer, got ${itemsTotalCents}`);
  }
  if (itemsTotalCents === 0) return 0;
  return itemsTotalCents >= FREE_SHIPPING_THRESHOLD_CENTS ? 0 : FLAT_SHIPPING_CENTS;
}

/**
 * Splits an order's shipping between its items in proportion to their value (price × quantity), so a
 * seller's "proportional shipping" and a rejected item's refund add up to exactly what was charged.
 * Largest remainder: everyone gets the floor of their exact share, and the cents left over go one
 * each to the largest fractional remainders (ties to the earlier item). With no value at all the
 * split is as even as possible. The result always sums to `shippingCents`.
 */
export function allocateShippingCents(shippingCents: number, itemTotals: readonly number[]): number[] {
  if (!Number.isSafeInteger(shippingCents) || shippingCents < 0) {
    throw new RangeError(`shippingCents must be a non-negative integer, got ${shippingCents}`);
  }
  for (const total of itemTotals) {
    if (!Number.isSafeInteger(total) || total < 0) throw new RangeError(`item totals must be non-negative integers, got ${total}`);
  }
  if (itemTotals.length === 0) {
    if (shippingCents !== 0) throw new RangeError('Cannot allocate shipping to no items');
    return [];
  }
  const sum = itemTotals.reduce((total, value) => total + value, 0);
  const weights = sum === 0 ? itemTotals.map(() => 1n) : itemTotals.map((value) => BigInt(value));
  const weightSum = weights.reduce((total, value) => total + value, 0n);
  // BigInt keeps shipping × value exact whatever the sizes.
  const exact = weights.map((weight) => BigInt(shippingCents) * weight);
  const shares = exact.map((product) => product / weightSum);
  const remainders = exact.map((product, index) => ({ index, remainder: product % weightSum }));
  let leftOver = shippingCents - shares.reduce((total, share) => total + Number(share), 0);
  remainders.sort((a, b) => (a.remainder === b.remainder ? a.index - b.index : a.remainder > b.remainder ? -1 : 1));
  const result = shares.map(Number);
  for (const { index } of remainders) {
    if (leftOver === 0) break;
    result[index] = (result[index] ?? 0) + 1;
    leftOver -= 1;
  }
  return result;
}
