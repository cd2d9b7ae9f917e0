import { and, asc, count, desc, eq, exists, gt, gte, inArray, lte, notInArray, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { orderItems, orders, payments, products, refunds, users } from '../../db/schema';

export type OrderRecord = typeof orders.$inferSelect;
export type OrderItemRecord = typeof orderItems.$inferSelect;
export type OrderItemStatusValue = OrderItemRecord['status'];
export type OrderStatusValue = OrderRecord['status'];
export type PaymentRecord = typeof payments.$inferSelect;

export interface Page {
  page: number;
  limit: number;
}

// ── buyer ─────────────────────────────────────────────────────────────────────────────────────

export async function findBuyerOrders(executor: Executor, buyerId: string, { page, limit }: Page): Promise<{ rows: OrderRecord[]; total: number }> {
  const [rows, [totalRow]] = await Promise.all([
    executor
      .select()
      .from(orders)
      .where(eq(orders.buyerId, buyerId))
      .orderBy(desc(orders.createdAt), desc(orders.id))
      .limit(limit)
      .offset((page - 1) * limit),
    executor.select({ value: count() }).from(orders).where(eq(orders.buyerId, buyerId)),
  ]);
  return { rows, total: totalRow?.value ?? 0 };
}

/** The order, when it is the buyer's; `lock` takes a row lock for the rest of the transaction. */
export async function findBuyerOrder(executor: Executor, buyerId: string, id: string, options: { lock?: boolean } = {}): Promise<OrderRecord | null> {
  const query = executor.select().from(orders).where(and(eq(orders.id, id), eq(orders.buyerId, buyerId)));
  const [row] = options.lock ? await query.for('update') : await query;
  return row ?? null;
}

export async function findOrderById(executor: Executor, id: string): Promise<OrderRecord | null> {
  const [row] = await executor.select().from(orders).where(eq(orders.id, id));
  return row ?? null;
}

/** Items of the orders in a stable order (by id), which is also the order shipping is allocated in. */
export async function findItemsOfOrders(executor: Executor, orderIds: readonly string[]): Promise<OrderItemRecord[]> {
  if (orderIds.length === 0) return [];
  return executor.select().from(orderItems).where(inArray(orderItems.orderId, [...orderIds])).orderBy(asc(orderItems.id));
}

// ── changes ───────────────────────────────────────────────────────────────────────────────────

/** The seller's item with a row lock, or null when it is missing or someone else's. */
export async function lockSellerOrderItem(executor: Executor, sellerId: string, id: string): Promise<OrderItemRecord | null> {
  const [row] = await executor
    .select()
    .from(orderItems)
    .where(and(eq(orderItems.id, id), eq(orderItems.sellerId, sellerId)))
    .for('update');
  return row ?? null;
}

export async function lockOrder(executor: Executor, id: string): Promise<OrderRecord | null> {
  const [row] = await executor.select().from(orders).where(eq(orders.id, id)).for('update');
  return row ?? null;
}

export async function updateOrderItemStatus(
  executor: Executor,
  id: string,
  values: { status: OrderItemStatusValue; rejectionReason?: string | null; now: Date },
): Promise<void> {
  await executor
    .update(orderItems)
    .set({
      status: values.status,
      ...(values.rejectionReason !== undefined ? { rejectionReason: values.rejectionReason } : {}),
      updatedAt: values.now,
    })
    .where(eq(orderItems.id, id));
}

export async function updateOrderStatus(executor: Executor, id: string, status: OrderStatusValue, now: Date): Promise<void> {
  await executor.update(orders).set({ status, updatedAt: now }).where(eq(orders.id, id));
}

/** Puts units back on the shelf (a rejected or cancelled item). */
export async function restoreStock(executor: Executor, productId: string, quantity: number, now: Date): Promise<void> {
  await executor
    .update(products)
    .set({ quantity: sql`${products.quantity} + ${quantity}`, updatedAt: now })
    .where(eq(products.id, productId));
}

/** The order's payment, locked, so concurrent refunds add up in order. */
export async function lockPaymentOfOrder(executor: Executor, orderId: string): Promise<PaymentRecord | null> {
  const [row] = await executor
    .select()
    .from(payments)
    .where(and(eq(payments.orderId, orderId), inArray(payments.status, ['succeeded', 'partially_refunded', 'refunded'])))
    .orderBy(asc(payments.createdAt))
    .limit(1)
    .for('update');
  return row ?? null;
}

export async function findRefundOfOrderItem(executor: Executor, orderItemId: string) {
  const [row] = await executor.select().from(refunds).where(eq(refunds.orderItemId, orderItemId));
  return row ?? null;
}

/** Records a refund; false when the item already had one (the unique index: one refund per item). */
export async function insertRefund(
  executor: Executor,
  values: { paymentId: string; orderItemId: string; amountCents: number; providerRefundId: string; reason: string | null; now: Date },
): Promise<boolean> {
  const rows = await executor
    .insert(refunds)
    .values({
      paymentId: values.paymentId,
      orderItemId: values.orderItemId,
      amountCents: values.amountCents,
      providerRefundId: values.providerRefundId,
      reason: values.reason,
      createdAt: values.now,
    })
    .onConflictDoNothing({ target: refunds.orderItemId })
    .returning({ id: refunds.id });
  return rows.length > 0;
}

/** Adds to the refunded amount; the table's check keeps it within the amount charged. */
export async function addRefundedCents(executor: Executor, paymentId: string, cents: number, now: Date): Promise<void> {
  await executor
    .update(payments)
    .set({
      refundedCents: sql`${payments.refundedCents} + ${cents}`,
      status: sql`case when ${payments.refundedCents} + ${cents} >= ${payments.amountCents} then 'refunded'::payment_status else 'partially_refunded'::payment_status end`,
      updatedAt: now,
    })
    .where(eq(payments.id, paymentId));
}

// ── seller ────────────────────────────────────────────────────────────────────────────────────

export interface SellerOrderRow {
  id: string;
  createdAt: Date;
  buyerFirstName: string;
  buyerLastName: string;
}

function sellerHasItems(sellerId: string, status?: OrderItemStatusValue) {
  return exists(
    sql`(select 1 from ${orderItems} where ${orderItems.orderId} = ${orders.id} and ${orderItems.sellerId} = ${sellerId}${
      status ? sql` and ${orderItems.status} = ${status}` : sql``
    })`,
  );
}

/** Orders holding at least one of the seller's items (in `status` when given), newest first. */
export async function findSellerOrders(
  executor: Executor,
  sellerId: string,
  filters: Page & { status?: OrderItemStatusValue },
): Promise<{ rows: SellerOrderRow[]; total: number }> {
  const where = sellerHasItems(sellerId, filters.status);
  const [rows, [totalRow]] = await Promise.all([
    executor
      .select({ id: orders.id, createdAt: orders.createdAt, buyerFirstName: users.firstName, buyerLastName: users.lastName })
      .from(orders)
      .innerJoin(users, eq(users.id, orders.buyerId))
      .where(where)
      .orderBy(desc(orders.createdAt), desc(orders.id))
      .limit(filters.limit)
      .offset((filters.page - 1) * filters.limit),
    executor.select({ value: count() }).from(orders).where(where),
  ]);
  return { rows, total: totalRow?.value ?? 0 };
}

export async function findSellerItemsOfOrders(
  executor: Executor,
  sellerId: string,
  orderIds: readonly string[],
  status?: OrderItemStatusValue,
): Promise<OrderItemRecord[]> {
  if (orderIds.length === 0) return [];
  return executor
    .select()
    .from(orderItems)
    .where(and(inArray(orderItems.orderId, [...orderIds]), eq(orderItems.sellerId, sellerId), status ? eq(orderItems.status, status) : undefined))
    .orderBy(asc(orderItems.id));
}

export async function findSellerOrderItem(executor: Executor, sellerId: string, id: string): Promise<OrderItemRecord | null> {
  const [row] = await executor
    .select()
    .from(orderItems)
    .where(and(eq(orderItems.id, id), eq(orderItems.sellerId, sellerId)));
  return row ?? null;
}

export async function findBuyerContact(executor: Executor, buyerId: string) {
  const [row] = await executor
    .select({ firstName: users.firstName, lastName: users.lastName, email: users.email })
    .from(users)
    .where(eq(users.id, buyerId));
  return row ?? null;
}

const COUNTS_AS_SALE_EXCLUDED: OrderItemStatusValue[] = ['rejected', 'refunded', 'cancelled'];

/** The seller's sales per UTC day since `from` (items not rejected, refunded or cancelled). */
export async function findSellerDailySales(executor: Executor, sellerId: string, from: Date): Promise<Array<{ day: string; salesCents: number; orders: number }>> {
  const day = sql<string>`to_char(${orders.createdAt} at time zone 'UTC', 'YYYY-MM-DD')`;
  const rows = await executor
    .select({
      day,
      salesCents: sql<string>`coalesce(sum(${orderItems.priceCents} * ${orderItems.quantity} + ${orderItems.retipPriceCents}), 0)`,
      orders: sql<string>`count(distinct ${orders.id})`,
    })
    .from(orderItems)
    .innerJoin(orders, eq(orders.id, orderItems.orderId))
    .where(and(eq(orderItems.sellerId, sellerId), notInArray(orderItems.status, COUNTS_AS_SALE_EXCLUDED), gte(orders.createdAt, from)))
    .groupBy(day);
  return rows.map((row) => ({ day: row.day, salesCents: Number(row.salesCents), orders: Number(row.orders) }));
}

/** Orders in which the seller still has work: items pending or approved. */
export async function countSellerOpenOrders(executor: Executor, sellerId: string): Promise<number> {
  const [row] = await executor
    .select({ value: sql<string>`count(distinct ${orderItems.orderId})` })
    .from(orderItems)
    .where(and(eq(orderItems.sellerId, sellerId), inArray(orderItems.status, ['pending', 'approved'])));
  return Number(row?.value ?? 0);
}

export async function findSellerLowStock(executor: Executor, sellerId: string, threshold: number, limit: number) {
  return executor
    .select({ id: products.id, title: products.title, quantity: products.quantity })
    .from(products)
    .where(and(eq(products.sellerId, sellerId), gt(products.quantity, 0), lte(products.quantity, threshold)))
    .orderBy(asc(products.quantity), asc(products.title))
    .limit(limit);
}
