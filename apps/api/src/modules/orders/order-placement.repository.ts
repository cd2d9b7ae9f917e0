import { and, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { orderGifts, orderItems, orders, orderShopShipping, payments } from './orders.schema';

// How a checkout places an order: the order with its item snapshots and gifts, then the payment that paid for
// it. Each runs in the checkout's transaction, so nothing of a declined or failed checkout is kept.

/** The order a buyer placed with this Idempotency-Key, if any. */
export async function findOrderIdByIdempotencyKey(executor: Executor, buyerId: string, idempotencyKey: string): Promise<string | null> {
  const [row] = await executor
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.buyerId, buyerId), eq(orders.idempotencyKey, idempotencyKey)));
  return row?.id ?? null;
}

/** The order a buyer placed with this Idempotency-Key, with the hash of the request that placed it (null before it was kept). */
export async function findOrderByIdempotencyKey(
  executor: Executor,
  buyerId: string,
  idempotencyKey: string,
): Promise<{ id: string; requestHash: string | null } | null> {
  const [row] = await executor
    .select({ id: orders.id, requestHash: orders.idempotencyRequestHash })
    .from(orders)
    .where(and(eq(orders.buyerId, buyerId), eq(orders.idempotencyKey, idempotencyKey)));
  return row ?? null;
}

export type NewOrder = typeof orders.$inferInsert;
/** An item of an order about to be placed: its order id is given when the order is written. */
export type NewOrderItem = Omit<typeof orderItems.$inferInsert, 'orderId'>;
export type NewPayment = typeof payments.$inferInsert;

/**
 * Writes the order, then its items; answers the order's id. The unique index on (buyer,
 * Idempotency-Key) makes a concurrent duplicate wait at the order's insert, and fail there once the
 * first commits (`orders_buyer_idempotency_unique`).
 */
/** One shop's part of a new order: its shipping and the promise the checkout showed. */
export type NewOrderShopShipping = Omit<typeof orderShopShipping.$inferInsert, 'orderId' | 'createdAt' | 'updatedAt'>;

export async function insertOrderWithItems(
  executor: Executor,
  order: NewOrder,
  items: readonly NewOrderItem[],
  gifts: readonly { sellerId: string; message: string }[] = [],
  shops: readonly NewOrderShopShipping[] = [],
): Promise<string> {
  const [row] = await executor.insert(orders).values(order).returning({ id: orders.id });
  if (!row) throw new Error('insert into orders returned no row');
  const orderId = row.id;
  if (items.length > 0) await executor.insert(orderItems).values(items.map((item) => ({ ...item, orderId })));
  // The shops' parts sent as gifts (docs/product/checkout.md "Gifts"), with the order.
  if (gifts.length > 0)
    await executor.insert(orderGifts).values(gifts.map((gift) => ({ ...gift, orderId, createdAt: order.createdAt, updatedAt: order.createdAt })));
  // Each shop's shipping and delivery promise (docs/product/shipping.md), with the order; they add up to its shipping.
  if (shops.length > 0)
    await executor.insert(orderShopShipping).values(shops.map((shop) => ({ ...shop, orderId, createdAt: order.createdAt, updatedAt: order.createdAt })));
  return orderId;
}

/** Records the charge that paid for an order. */
export async function insertOrderPayment(executor: Executor, values: NewPayment): Promise<void> {
  await executor.insert(payments).values(values);
}
