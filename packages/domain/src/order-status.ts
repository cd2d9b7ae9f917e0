// An order's status follows its items (issue #3): each item moves on its own, by its own seller.

export type OrderItemStatusValue = 'pending' | 'approved' | 'rejected' | 'shipped' | 'delivered' | 'completed' | 'refunded' | 'cancelled';
export type OrderStatusValue = 'pending' | 'processing' | 'shipped' | 'completed' | 'cancelled' | 'refunded';

/** Items that will not be delivered: the buyer has (or gets) their money back. */
const CLOSED_WITHOUT_DELIVERY = new Set<OrderItemStatusValue>(['rejected', 'refunded', 'cancelled']);

/**
 * Summarises item statuses: all cancelled → cancelled; none left to deliver → refunded; otherwise,
 * over the items still going ahead: all pending → pending; all delivered or completed → completed;
 * all at least shipped → shipped; anything else (some approved, some waiting) → processing.
 */
export function deriveOrderStatus(itemStatuses: readonly OrderItemStatusValue[]): OrderStatusValue {
  if (itemStatuses.length === 0) return 'pending';
  if (itemStatuses.every((status) => status === 'cancelled')) return 'cancelled';
  const active = itemStatuses.filter((status) => !CLOSED_WITHOUT_DELIVERY.has(status));
  if (active.length === 0) return 'refunded';
  if (active.every((status) => status === 'pending')) return 'pending';
  if (active.every((status) => status === 'delivered' || status === 'completed')) return 'completed';
  if (active.every((status) => status === 'shipped' || status === 'delivered' || status === 'completed')) return 'shipped';
  return 'processing';
}
