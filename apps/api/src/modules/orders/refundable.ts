// What a buyer paid for one item of an order: the most its refunds may add up to.

import { lineWithAddOnCents } from '@marketplace/domain/item-settlement';
import { allocateShippingCents } from '@marketplace/domain/shipping';
import type { OrderItemRecord, OrderRecord } from './orders.repository';

const lineTotalCents = (item: OrderItemRecord) => item.priceCents * item.quantity;
const retipCentsOf = (item: OrderItemRecord) => (item.retipAdded ? item.retipPriceCents : 0);

/** Each item's share of the order's shipping, by item value (the same split every time: items by id). */
export function shippingSharesOf(order: Pick<OrderRecord, 'shippingCents'>, items: readonly OrderItemRecord[]): Map<string, number> {
  const sorted = [...items].sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  const shares = allocateShippingCents(order.shippingCents, sorted.map(lineTotalCents));
  return new Map(sorted.map((item, index) => [item.id, shares[index] ?? 0]));
}

/** What the buyer paid for an item: price × quantity + its add-on + its share of shipping. */
export function refundCentsOf(order: Pick<OrderRecord, 'shippingCents'>, items: readonly OrderItemRecord[], item: OrderItemRecord): number {
  return lineWithAddOnCents({ unitPriceCents: item.priceCents, quantity: item.quantity, addOnCents: retipCentsOf(item) }) + (shippingSharesOf(order, items).get(item.id) ?? 0);
}

/** The add-on and the shipping share of an item: paid by the buyer, never part of the seller's payout. */
export function extrasCentsOf(order: Pick<OrderRecord, 'shippingCents'>, items: readonly OrderItemRecord[], item: OrderItemRecord): number {
  return refundCentsOf(order, items, item) - lineTotalCents(item);
}
