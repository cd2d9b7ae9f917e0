import { and, asc, count, desc, eq, exists, gt, gte, inArray, isNotNull, lte, or, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { products } from '../catalog/catalog.schema';
import { users } from '../users/users.schema';
import { orderItems, orders, payments, refunds } from './orders.schema';
import { giveStockBack } from '../catalog';
import { isSale, sumNetSalesCents } from './sales-figures.repository';

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
  const query = executor
    .select()
    .from(orders)
    .where(and(eq(orders.id, id), eq(orders.buyerId, buyerId)));
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
  return executor
    .select()
    .from(orderItems)
    .where(inArray(orderItems.orderId, [...orderIds]))
    .orderBy(asc(orderItems.id));
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

export async function updateOrderStatus(executor: Executor, id: string, status: OrderStatusValue, now: Date): Promise<void> {
  await executor.update(orders).set({ status, updatedAt: now }).where(eq(orders.id, id));
}

/** Puts units back on the shelf (a rejected or cancelled item); the stock is the catalog's to write. */
export async function restoreStock(executor: Executor, item: { productId: string; variantId: string | null; quantity: number }, now: Date): Promise<void> {
  await giveStockBack(executor, [{ productId: item.productId, variantId: item.variantId, quantity: item.quantity }], now);
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

export type RefundRecord = typeof refunds.$inferSelect;

/** Items with a row lock, in id order (the same order every caller locks them in, so none deadlock). */
export async function lockOrderItems(executor: Executor, ids: readonly string[]): Promise<OrderItemRecord[]> {
  if (ids.length === 0) return [];
  return executor
    .select()
    .from(orderItems)
    .where(inArray(orderItems.id, [...ids]))
    .orderBy(asc(orderItems.id))
    .for('update');
}

export async function findOrderItem(executor: Executor, id: string): Promise<OrderItemRecord | null> {
  const [row] = await executor.select().from(orderItems).where(eq(orderItems.id, id));
  return row ?? null;
}

/** The one write of an item's status (the orders service's transition applies the rules first). */
export async function setOrderItemState(
  executor: Executor,
  id: string,
  values: { status: OrderItemStatusValue; rejectionReason?: string | null; deliveredAt?: Date; now: Date },
): Promise<void> {
  await executor
    .update(orderItems)
    .set({
      status: values.status,
      ...(values.rejectionReason !== undefined ? { rejectionReason: values.rejectionReason } : {}),
      ...(values.deliveredAt ? { deliveredAt: values.deliveredAt } : {}),
      updatedAt: values.now,
    })
    .where(eq(orderItems.id, id));
}

export async function setOrderItemDeliveredAt(executor: Executor, id: string, deliveredAt: Date): Promise<void> {
  await executor.update(orderItems).set({ deliveredAt, updatedAt: deliveredAt }).where(eq(orderItems.id, id));
}

/** The carrier a seller sent an item with, outside the marketplace's labels, and its tracking number if any. */
export async function setOrderItemShippedWith(executor: Executor, id: string, carrier: string, trackingNumber: string | null, now: Date): Promise<void> {
  await executor.update(orderItems).set({ shippedWith: carrier, shippedTrackingNumber: trackingNumber, updatedAt: now }).where(eq(orderItems.id, id));
}

export async function setOrderItemSellerPaid(executor: Executor, id: string, paid: boolean, now: Date): Promise<void> {
  await executor.update(orderItems).set({ sellerPaid: paid, updatedAt: now }).where(eq(orderItems.id, id));
}

export async function addOrderItemRefundedCents(executor: Executor, id: string, cents: number, now: Date): Promise<void> {
  await executor
    .update(orderItems)
    .set({ refundedCents: sql`${orderItems.refundedCents} + ${cents}`, updatedAt: now })
    .where(eq(orderItems.id, id));
}

/** A late parcel's shipping given back for the line (kept apart from its other refunds). */
export async function addOrderItemLateShippingRefundCents(executor: Executor, id: string, cents: number, now: Date): Promise<void> {
  await executor
    .update(orderItems)
    .set({ lateShippingRefundCents: sql`${orderItems.lateShippingRefundCents} + ${cents}`, updatedAt: now })
    .where(eq(orderItems.id, id));
}

export async function findRefundByKey(executor: Executor, refundKey: string): Promise<RefundRecord | null> {
  const [row] = await executor.select().from(refunds).where(eq(refunds.refundKey, refundKey));
  return row ?? null;
}

/** Refunds of the items, oldest first. */
export async function findRefundsOfItems(executor: Executor, orderItemIds: readonly string[]): Promise<RefundRecord[]> {
  if (orderItemIds.length === 0) return [];
  return executor
    .select()
    .from(refunds)
    .where(inArray(refunds.orderItemId, [...orderItemIds]))
    .orderBy(asc(refunds.createdAt), asc(refunds.id));
}

/**
 * Pending refunds nobody is finishing: the provider did not answer (a failure reason is kept), or the
 * claim was last touched before `touchedBefore` (its request died), oldest first.
 */
export async function findStalePendingRefunds(executor: Executor, touchedBefore: Date, limit: number): Promise<RefundRecord[]> {
  return executor
    .select()
    .from(refunds)
    .where(and(eq(refunds.status, 'pending'), or(isNotNull(refunds.failureReason), lte(refunds.updatedAt, touchedBefore))))
    .orderBy(asc(refunds.updatedAt), asc(refunds.id))
    .limit(limit);
}

/** A claim on the money: written before the provider is asked, so a crash or a retry finds it again. */
export async function insertPendingRefund(
  executor: Executor,
  values: { paymentId: string; orderItemId: string; refundKey: string; amountCents: number; reason: string | null; now: Date },
): Promise<RefundRecord> {
  const [row] = await executor
    .insert(refunds)
    .values({ ...values, status: 'pending', createdAt: values.now, updatedAt: values.now })
    .returning();
  if (!row) throw new Error('The refund claim was not written');
  return row;
}

/** Marks a pending refund succeeded; false when it was no longer pending (recorded by an earlier try). */
export async function markRefundSucceeded(executor: Executor, id: string, providerRefundId: string, now: Date): Promise<boolean> {
  const rows = await executor
    .update(refunds)
    .set({ status: 'succeeded', providerRefundId, failureReason: null, updatedAt: now })
    .where(and(eq(refunds.id, id), eq(refunds.status, 'pending')))
    .returning({ id: refunds.id });
  return rows.length > 0;
}

/** A refusal: nothing was refunded. The key is freed (kept on the row for the record) so the same request may be made again. */
export async function markRefundFailed(executor: Executor, id: string, failureReason: string, now: Date): Promise<void> {
  await executor
    .update(refunds)
    .set({ status: 'failed', failureReason, refundKey: sql`${refunds.refundKey} || ':failed:' || ${refunds.id}`, updatedAt: now })
    .where(and(eq(refunds.id, id), eq(refunds.status, 'pending')));
}

/** Money of a payment claimed by refunds still waiting for the provider. */
export async function sumPendingRefundsOfPayment(executor: Executor, paymentId: string): Promise<number> {
  const [row] = await executor
    .select({ value: sql<string>`coalesce(sum(${refunds.amountCents}), 0)` })
    .from(refunds)
    .where(and(eq(refunds.paymentId, paymentId), eq(refunds.status, 'pending')));
  return Number(row?.value ?? 0);
}

export async function touchRefund(executor: Executor, id: string, failureReason: string, now: Date): Promise<void> {
  await executor.update(refunds).set({ failureReason, updatedAt: now }).where(eq(refunds.id, id));
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
  const [row] = await executor.select({ firstName: users.firstName, lastName: users.lastName, email: users.email }).from(users).where(eq(users.id, buyerId));
  return row ?? null;
}

/** The seller's net sales per UTC day since `from` (sales-figures.repository.ts: the one definition). */
export async function findSellerDailySales(
  executor: Executor,
  sellerId: string,
  from: Date,
): Promise<Array<{ day: string; salesCents: number; orders: number }>> {
  const day = sql<string>`to_char(${orderItems.createdAt} at time zone 'UTC', 'YYYY-MM-DD')`;
  const rows = await executor
    .select({ day, salesCents: sumNetSalesCents(), orders: sql<string>`count(distinct ${orderItems.orderId})` })
    .from(orderItems)
    .where(and(eq(orderItems.sellerId, sellerId), isSale(), gte(orderItems.createdAt, from)))
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
