import { refundCentsOf } from '@marketplace/domain/item-paid';
import { itemName } from '@marketplace/domain/variations';
import type { Executor } from '../../db/client';
import type { EventLine, MovedItem, ParcelNews, PlacedOrder } from '../../lib/domain-events';
import { findShopPartsOfOrder } from './buyer-order-details.repository';
import { findOrderLines, findOrderWithLines, shippingAddressOfOrder, type OrderLineItem } from './order-lines.repository';

// What the domain events about orders carry (lib/domain-events.ts): the order and its lines as the
// publishing transaction wrote them, read inside it. Mail and the bell, leaves at the top of the layers
// (modules/layers.ts), take their facts from the events instead of reading the orders' tables.

// A line's title in messages names its variant too: "Organic tee (Size: M)" (decision 0043).
export const eventLineOf = (item: Pick<OrderLineItem, 'id' | 'title' | 'variantLabel' | 'quantity'>): EventLine => ({
  orderItemId: item.id,
  title: itemName(item.title, item.variantLabel),
  quantity: item.quantity,
});

/** The order a checkout just wrote: its receipt's lines (in the order's own order), totals and address. */
export async function findPlacedOrder(executor: Executor, orderId: string): Promise<PlacedOrder | null> {
  const found = await findOrderWithLines(executor, orderId);
  if (!found) return null;
  const { order, lines } = found;
  const shops = await findShopPartsOfOrder(executor, orderId);
  return {
    itemsTotalCents: order.itemsTotalCents,
    shippingCents: order.shippingCents,
    retipTotalCents: order.retipTotalCents,
    shippingAddress: shippingAddressOfOrder(order),
    lines: lines.map((line) => ({
      ...eventLineOf(line),
      sellerId: line.sellerId,
      priceCents: line.priceCents,
      retipAdded: line.retipAdded,
      retipPriceCents: line.retipPriceCents,
    })),
    shops: shops.map((shop) => ({
      sellerId: shop.sellerId,
      shopName: shop.shopName ?? '',
      shippingCents: shop.shippingCents,
      shipBy: shop.shipBy,
      arrivesBy: { earliest: shop.arrivesEarliest, latest: shop.arrivesLatest },
    })),
  };
}

/** Each order item as it is now, with its order's buyer and what the buyer paid for it (line, add-on, share of shipping). */
export async function findMovedItems(executor: Executor, orderItemIds: readonly string[]): Promise<Map<string, { buyerId: string; item: MovedItem }>> {
  const lines = await findOrderLines(executor, orderItemIds);
  return new Map(
    [...lines].map(([id, { item, order, lines: siblings }]) => [
      id,
      {
        buyerId: order.buyerId,
        item: {
          title: itemName(item.title, item.variantLabel),
          quantity: item.quantity,
          rejectionReason: item.rejectionReason,
          paidCents: refundCentsOf(order, siblings, item),
        },
      },
    ]),
  );
}

/** An order item's line with its order and buyer, as an event names it; null when there is none. */
export async function findEventLine(executor: Executor, orderItemId: string): Promise<{ orderId: string; buyerId: string; line: EventLine } | null> {
  const found = (await findOrderLines(executor, [orderItemId])).get(orderItemId);
  return found ? { orderId: found.order.id, buyerId: found.order.buyerId, line: eventLineOf(found.item) } : null;
}

/** Each order item's parcel: the label's carrier and tracking number (the shipping module reads them). */
export type ParcelTrackingOf = (
  executor: Executor,
  orderItemIds: readonly string[],
) => Promise<ReadonlyMap<string, { carrier: string; trackingNumber: string }>>;

/** The lines a parcel's news names besides the item itself, by what the news is. */
const AT_STAGE = {
  shipped: (line: OrderLineItem) => line.status !== 'pending' && line.status !== 'rejected',
  outForDelivery: (line: OrderLineItem) => line.status === 'shipped',
  delivered: (line: OrderLineItem) => line.deliveredAt !== null,
} as const;

/**
 * The news of each item's parcel at `stage` (`order-item.shipped`, `.out-for-delivery`, `.delivered`), in
 * the order of `items`: the buyer, and the order's lines under the item's tracking number that are at that
 * stage (the item itself always). The buyer hears once per parcel: mail and the bell key their messages
 * by the tracking number, so whichever item's news comes first names them all.
 */
export async function findParcelNews(
  executor: Executor,
  items: ReadonlyArray<{ id: string; orderId: string; sellerId: string }>,
  stage: keyof typeof AT_STAGE,
  trackingOf: ParcelTrackingOf,
): Promise<ParcelNews[]> {
  const isIncluded = AT_STAGE[stage];
  const orders = new Map<string, { buyerId: string; lines: OrderLineItem[]; tracking: ReadonlyMap<string, { carrier: string; trackingNumber: string }> }>();
  for (const orderId of new Set(items.map((item) => item.orderId))) {
    const found = await findOrderWithLines(executor, orderId);
    if (found)
      orders.set(orderId, {
        buyerId: found.order.buyerId,
        lines: found.lines,
        tracking: await trackingOf(
          executor,
          found.lines.map((line) => line.id),
        ),
      });
  }
  return items.flatMap((item) => {
    const order = orders.get(item.orderId);
    if (!order) return [];
    const own = order.tracking.get(item.id) ?? null;
    const lines = order.lines.filter(
      (line) => line.id === item.id || (own !== null && order.tracking.get(line.id)?.trackingNumber === own.trackingNumber && isIncluded(line)),
    );
    return [
      {
        orderItemId: item.id,
        orderId: item.orderId,
        sellerId: item.sellerId,
        buyerId: order.buyerId,
        parcel: { lines: lines.map(eventLineOf), tracking: own ? { carrier: own.carrier, trackingNumber: own.trackingNumber } : null },
      },
    ];
  });
}
