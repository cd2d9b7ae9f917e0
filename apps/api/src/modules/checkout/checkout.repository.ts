import { and, eq, gte, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { orderItems, orders, payments, products } from '../../db/schema';

export async function findOrderIdByIdempotencyKey(executor: Executor, buyerId: string, idempotencyKey: string): Promise<string | null> {
  const [row] = await executor
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.buyerId, buyerId), eq(orders.idempotencyKey, idempotencyKey)));
  return row?.id ?? null;
}

export interface ReservedProduct {
  id: string;
  sellerId: string;
  categoryId: string;
  title: string;
  priceCents: number;
  retipPriceCents: number | null;
}

/**
 * Takes `quantity` units off the shelf in one statement, only if they are there and the listing is
 * active: concurrent checkouts queue on the row and never take stock below 0 (issue #3). Null when
 * the units are not there; the caller's transaction then rolls every reservation back.
 */
export async function reserveStock(executor: Executor, productId: string, quantity: number, now: Date): Promise<ReservedProduct | null> {
  const [row] = await executor
    .update(products)
    .set({ quantity: sql`${products.quantity} - ${quantity}`, updatedAt: now })
    .where(and(eq(products.id, productId), gte(products.quantity, quantity), eq(products.status, 'active')))
    .returning({
      id: products.id,
      sellerId: products.sellerId,
      categoryId: products.categoryId,
      title: products.title,
      priceCents: products.priceCents,
      retipPriceCents: products.retipPriceCents,
    });
  return row ?? null;
}

export async function findAvailableQuantity(executor: Executor, productId: string): Promise<number> {
  const [row] = await executor.select({ quantity: products.quantity, status: products.status }).from(products).where(eq(products.id, productId));
  return row && row.status === 'active' ? row.quantity : 0;
}

export type NewOrder = typeof orders.$inferInsert;
export type NewOrderItem = typeof orderItems.$inferInsert;
export type NewPayment = typeof payments.$inferInsert;

export async function insertOrder(executor: Executor, values: NewOrder): Promise<string> {
  const [row] = await executor.insert(orders).values(values).returning({ id: orders.id });
  if (!row) throw new Error('insert into orders returned no row');
  return row.id;
}

export async function insertOrderItems(executor: Executor, values: NewOrderItem[]): Promise<void> {
  if (values.length > 0) await executor.insert(orderItems).values(values);
}

export async function insertPayment(executor: Executor, values: NewPayment): Promise<void> {
  await executor.insert(payments).values(values);
}
