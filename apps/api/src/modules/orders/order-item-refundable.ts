import { refundCentsOf } from '@marketplace/domain/item-paid';
import { itemShippingOf, lateRefundDueCents } from '@marketplace/domain/shop-shipping-money';
import type { Executor } from '../../db/client';
import { findItemsOfOrders, findRefundsOfItems, type OrderItemRecord, type OrderRecord } from './orders.repository';

// What may still go back to the buyer for an item (docs/product/money.md "Refunds"): what they paid (line, add-on,
// share of shipping) less a late parcel's shipping already given back, less its refunds and the claims under way.

export interface RefundableItem {
  /** What the buyer paid for the item, less a late parcel's shipping refund (never refunded twice). */
  refundableCents: number;
  /** What is left to give back: refundable less refunds and pending claims. */
  remainingCents: number;
  /** A late parcel's refund gives back shipping only: what is left of the item's shipping, within what is left at all. */
  shippingDueCents: number;
}

export async function refundableOfItem(executor: Executor, order: OrderRecord, item: OrderItemRecord): Promise<RefundableItem> {
  const items = await findItemsOfOrders(executor, [order.id]);
  const refundableCents = refundCentsOf(order, items, item) - item.lateShippingRefundCents;
  const pendingCents = (await findRefundsOfItems(executor, [item.id]))
    .filter((row) => row.status === 'pending')
    .reduce((total, row) => total + row.amountCents, 0);
  const remainingCents = Math.max(refundableCents - item.refundedCents - pendingCents, 0);
  const shippingDue = lateRefundDueCents(itemShippingOf(item));
  return { refundableCents, remainingCents, shippingDueCents: Math.min(Math.max(shippingDue - pendingCents, 0), remainingCents) };
}
