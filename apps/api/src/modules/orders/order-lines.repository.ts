import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import type { ShippingAddressSnapshot } from '../../db/columns';
import { orderItems, orders } from './orders.schema';

// Reads of order items with their orders, for the modules that follow a sale up (disputes, returns,
// chat). What a buyer paid for an item needs its order's shipping and the order's other lines
// (packages/domain/src/item-paid.ts), so a line comes with them.

export type OrderLineOrder = typeof orders.$inferSelect;
export type OrderLineItem = typeof orderItems.$inferSelect;

export interface OrderLine {
  item: OrderLineItem;
  order: OrderLineOrder;
  /** Every line of the order, the item included, by id. */
  lines: OrderLineItem[];
}

/** Order items with their orders and each order's lines, in two reads; ids that match no item are absent. */
export async function findOrderLines(executor: Executor, orderItemIds: readonly string[]): Promise<Map<string, OrderLine>> {
  const unique = [...new Set(orderItemIds)];
  if (unique.length === 0) return new Map();
  const rows = await executor
    .select({ item: orderItems, order: orders })
    .from(orderItems)
    .innerJoin(orders, eq(orders.id, orderItems.orderId))
    .where(inArray(orderItems.id, unique));
  const orderIds = [...new Set(rows.map((row) => row.order.id))];
  const siblings =
    orderIds.length === 0 ? [] : await executor.select().from(orderItems).where(inArray(orderItems.orderId, orderIds)).orderBy(asc(orderItems.id));
  return new Map(rows.map((row) => [row.item.id, { item: row.item, order: row.order, lines: siblings.filter((line) => line.orderId === row.order.id) }]));
}

/** The buyer's own order item with its order; null when it is missing or another buyer's. */
export async function findBuyerOrderItem(
  executor: Executor,
  buyerId: string,
  orderItemId: string,
): Promise<{ item: OrderLineItem; order: OrderLineOrder } | null> {
  const [row] = await executor
    .select({ item: orderItems, order: orders })
    .from(orderItems)
    .innerJoin(orders, eq(orders.id, orderItems.orderId))
    .where(and(eq(orderItems.id, orderItemId), eq(orders.buyerId, buyerId)));
  return row ?? null;
}

/** Whether the buyer's order has something the seller sold in it. */
export async function hasOrderWithSeller(executor: Executor, where: { orderId: string; buyerId: string; sellerId: string }): Promise<boolean> {
  const [row] = await executor
    .select({ id: orderItems.id })
    .from(orderItems)
    .innerJoin(orders, eq(orders.id, orderItems.orderId))
    .where(and(eq(orders.id, where.orderId), eq(orders.buyerId, where.buyerId), eq(orderItems.sellerId, where.sellerId)))
    .limit(1);
  return Boolean(row);
}

/** An order and all its lines (oldest line first); null when there is no such order. */
export async function findOrderWithLines(executor: Executor, orderId: string): Promise<{ order: OrderLineOrder; lines: OrderLineItem[] } | null> {
  const [order] = await executor.select().from(orders).where(eq(orders.id, orderId));
  if (!order) return null;
  const lines = await executor.select().from(orderItems).where(eq(orderItems.orderId, orderId)).orderBy(asc(orderItems.createdAt), asc(orderItems.id));
  return { order, lines };
}

type OrderShippingColumns = Pick<
  typeof orders.$inferSelect,
  | 'shippingName'
  | 'shippingPhone'
  | 'shippingEmail'
  | 'shippingLine1'
  | 'shippingLine2'
  | 'shippingCity'
  | 'shippingState'
  | 'shippingPostalCode'
  | 'shippingCountry'
>;

/** Where an order's parcels go, as a label has it: the address the buyer gave at checkout (and where a return comes from). */
/** An order's address: a label's ShippingAddressSnapshot, with every field present. */
export type OrderShippingAddress = Required<Omit<ShippingAddressSnapshot, 'companyName'>>;

export function shippingAddressOfOrder(order: OrderShippingColumns): OrderShippingAddress {
  return {
    name: order.shippingName,
    phone: order.shippingPhone,
    email: order.shippingEmail,
    line1: order.shippingLine1,
    line2: order.shippingLine2,
    city: order.shippingCity,
    state: order.shippingState,
    postalCode: order.shippingPostalCode,
    countryCode: order.shippingCountry,
  };
}
