// What a buyer paid for one item of an order (docs/product/money.md): its line (price × quantity), its
// add-on when chosen, and its share of the order's shipping. That sum is the most the item's refunds may
// add up to; the add-on and the shipping share are never part of the seller's payout.

import { lineWithAddOnCents } from './item-settlement';
import { allocateShippingCents } from './shipping';

export interface PaidOrder {
  shippingCents: number;
}

export interface PaidItem {
  id: string;
  priceCents: number;
  quantity: number;
  retipAdded: boolean;
  retipPriceCents: number;
  /** The line's share of its shop's shipping, kept with it when the order was placed; null (or absent) for older orders. */
  shippingCents?: number | null;
}

/** An item's line: price × quantity (what the seller's sale and a restocking fee are figured on). */
export const lineTotalCents = (item: Pick<PaidItem, 'priceCents' | 'quantity'>): number => item.priceCents * item.quantity;
/** The items total of an order or a cart: Σ price × quantity, add-ons and shipping left out (free shipping is judged on it). */
export function itemsTotalCents(lines: readonly Pick<PaidItem, 'priceCents' | 'quantity'>[]): number {
  return lines.reduce((total, line) => total + lineTotalCents(line), 0);
}

const addOnCentsOf = (item: PaidItem) => (item.retipAdded ? item.retipPriceCents : 0);
const byId = (a: PaidItem, b: PaidItem) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

/**
 * Each item's share of the order's shipping. An order placed since shops set their shipping keeps each line's share
 * of its shop's shipping with the line (split by value when placed, shippingSharesOfShop); an older order's one
 * shipping is split by item value over all its lines, in id order, so the same order gives the same shares whatever
 * order its items were read in. Either way the shares add up to the order's shipping.
 */
export function shippingSharesOf(order: PaidOrder, items: readonly PaidItem[]): Map<string, number> {
  if (items.length > 0 && items.every((item) => typeof item.shippingCents === 'number')) {
    return new Map(items.map((item) => [item.id, item.shippingCents as number]));
  }
  const sorted = [...items].sort(byId);
  const shares = allocateShippingCents(order.shippingCents, sorted.map(lineTotalCents));
  return new Map(sorted.map((item, index) => [item.id, shares[index] ?? 0]));
}

/**
 * A shop's shipping split over its lines (price × quantity each, in the order given), as the checkout keeps it with
 * each line: the largest remainder, so the shares add up to the shop's shipping to the cent.
 */
export function shippingSharesOfShop(shippingCents: number, lines: readonly Pick<PaidItem, 'priceCents' | 'quantity'>[]): number[] {
  return allocateShippingCents(shippingCents, lines.map(lineTotalCents));
}

/** What the buyer paid for `item` (one of `items`, the order's lines): price × quantity + its add-on + its share of shipping. */
export function refundCentsOf(order: PaidOrder, items: readonly PaidItem[], item: PaidItem): number {
  return (
    lineWithAddOnCents({ unitPriceCents: item.priceCents, quantity: item.quantity, addOnCents: addOnCentsOf(item) }) +
    (shippingSharesOf(order, items).get(item.id) ?? 0)
  );
}

/** The add-on and the shipping share of an item: paid by the buyer, never part of the seller's payout. */
export function extrasCentsOf(order: PaidOrder, items: readonly PaidItem[], item: PaidItem): number {
  return refundCentsOf(order, items, item) - lineTotalCents(item);
}

/** What may still be refunded for an item: what the buyer paid for it less what already went back, never below 0. */
export function stillRefundableCents(order: PaidOrder, items: readonly PaidItem[], item: PaidItem & { refundedCents: number }): number {
  return Math.max(refundCentsOf(order, items, item) - item.refundedCents, 0);
}
