// An order's status follows its items: each item moves on its own, by its own seller.

import type { OrderItemState } from './order-item-state';

export type OrderItemStatusValue = OrderItemState;
export type OrderStatusValue = 'pending' | 'processing' | 'shipped' | 'completed' | 'cancelled' | 'refunded';

/** Items that will not be delivered: the buyer has (or gets) their money back. */
const CLOSED_WITHOUT_DELIVERY = new Set<OrderItemStatusValue>(['rejected', 'refunded', 'cancelled']);

/**
 * Summarises item statuses: all cancelled → cancelled; none left to deliver → refunded; otherwise,
 * over the items still going ahead: all pending → pending; all delivered or completed → completed;
 * all at least shipped → shipped; anything else (some approved, some waiting) → processing.
 */
export function deriveOrderStatus(items: ReadonlyArray<OrderItemStatusValue | { status: OrderItemStatusValue; delivered: boolean }>): OrderStatusValue {
  // A partly refunded item is still going ahead: it counts as delivered once it was, as shipped before.
  const itemStatuses = items.map((item): OrderItemStatusValue => {
    const status = typeof item === 'string' ? item : item.status;
    if (status !== 'partially_refunded') return status;
    return typeof item !== 'string' && item.delivered ? 'delivered' : 'shipped';
  });
  if (itemStatuses.length === 0) return 'pending';
  if (itemStatuses.every((status) => status === 'cancelled')) return 'cancelled';
  const active = itemStatuses.filter((status) => !CLOSED_WITHOUT_DELIVERY.has(status));
  if (active.length === 0) return 'refunded';
  if (active.every((status) => status === 'pending')) return 'pending';
  if (active.every((status) => status === 'delivered' || status === 'completed')) return 'completed';
  if (active.every((status) => status === 'shipped' || status === 'delivered' || status === 'completed')) return 'shipped';
  return 'processing';
}
