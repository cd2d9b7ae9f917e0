import { and, asc, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { users } from '../users/users.schema';
import { orderItems, orders, orderShopShipping } from './orders.schema';

// The rows a late parcel's credit reads and writes (late-deliveries.service.ts): each shop part's promise and what
// the carrier's scans said of it, and the part's lines.

export type ShopPartRecord = typeof orderShopShipping.$inferSelect;
type Payer = NonNullable<ShopPartRecord['lateRefundPaidBy']>;

const partOf = (orderId: string, sellerId: string) => and(eq(orderShopShipping.orderId, orderId), eq(orderShopShipping.sellerId, sellerId));

/** Keeps the earliest first scan and the latest delivery day of the part's parcels (an older order has no part: nothing). */
export async function recordShopPartScans(
  executor: Executor,
  scans: { orderId: string; sellerId: string; firstScanAt: Date | null; deliveredOn: string | null; now: Date },
): Promise<void> {
  if (!scans.firstScanAt && !scans.deliveredOn) return;
  await executor
    .update(orderShopShipping)
    .set({
      ...(scans.firstScanAt
        ? {
            firstScanAt: sql`least(coalesce(${orderShopShipping.firstScanAt}, ${scans.firstScanAt.toISOString()}::timestamptz), ${scans.firstScanAt.toISOString()}::timestamptz)`,
          }
        : {}),
      ...(scans.deliveredOn
        ? { deliveredOn: sql`greatest(coalesce(${orderShopShipping.deliveredOn}, ${scans.deliveredOn}::date), ${scans.deliveredOn}::date)` }
        : {}),
      updatedAt: scans.now,
    })
    .where(partOf(scans.orderId, scans.sellerId));
}

export async function lockShopPart(executor: Executor, orderId: string, sellerId: string): Promise<ShopPartRecord | null> {
  const [row] = await executor.select().from(orderShopShipping).where(partOf(orderId, sellerId)).for('update');
  return row ?? null;
}

export async function claimLatePayer(executor: Executor, orderId: string, sellerId: string, paidBy: Payer, now: Date): Promise<void> {
  await executor
    .update(orderShopShipping)
    .set({ lateRefundPaidBy: paidBy, updatedAt: now })
    .where(and(partOf(orderId, sellerId), isNull(orderShopShipping.lateRefundPaidBy)));
}

export async function findShopItemsOfOrder(executor: Executor, orderId: string, sellerId: string) {
  return executor
    .select()
    .from(orderItems)
    .where(and(eq(orderItems.orderId, orderId), eq(orderItems.sellerId, sellerId)))
    .orderBy(asc(orderItems.createdAt), asc(orderItems.id));
}

/**
 * Marks the part credited (once: null before) with what its lines got back, and answers what the buyer's news needs;
 * null when another round marked it first.
 */
export async function markLateRefunded(executor: Executor, orderId: string, sellerId: string, now: Date) {
  const [total] = await executor
    .select({ value: sql<string>`coalesce(sum(${orderItems.lateShippingRefundCents}), 0)` })
    .from(orderItems)
    .where(and(eq(orderItems.orderId, orderId), eq(orderItems.sellerId, sellerId)));
  const lateRefundCents = Number(total?.value ?? 0);
  const [marked] = await executor
    .update(orderShopShipping)
    .set({ lateRefundedAt: now, lateRefundCents, updatedAt: now })
    .where(and(partOf(orderId, sellerId), isNull(orderShopShipping.lateRefundedAt)))
    .returning();
  if (!marked) return null;
  const [facts] = await executor
    .select({ buyerId: orders.buyerId, shopName: users.companyName, firstName: users.firstName, lastName: users.lastName })
    .from(orders)
    .innerJoin(users, eq(users.id, sellerId))
    .where(eq(orders.id, orderId));
  return {
    buyerId: facts?.buyerId ?? '',
    shopName: facts?.shopName ?? `${facts?.firstName ?? ''} ${facts?.lastName ?? ''}`.trim(),
    lateRefundCents,
    arrivesLatest: marked.arrivesLatest,
    deliveredOn: marked.deliveredOn ?? marked.arrivesLatest,
  };
}

/** Parts delivered after the last day promised and not yet credited, oldest delivery first. */
export async function findLatePartsToCredit(executor: Executor, limit: number): Promise<Array<{ orderId: string; sellerId: string }>> {
  return executor
    .select({ orderId: orderShopShipping.orderId, sellerId: orderShopShipping.sellerId })
    .from(orderShopShipping)
    .where(
      and(
        isNotNull(orderShopShipping.deliveredOn),
        sql`${orderShopShipping.deliveredOn} > ${orderShopShipping.arrivesLatest}`,
        isNull(orderShopShipping.lateRefundedAt),
      ),
    )
    .orderBy(asc(orderShopShipping.deliveredOn))
    .limit(limit);
}

/** A seller's parts delivered from `since` (a day): how many, and how many by the last day promised (the on-time rate). */
export async function countDeliveredParts(executor: Executor, sellerId: string, since: string): Promise<{ delivered: number; onTime: number }> {
  const [row] = await executor
    .select({
      delivered: sql<number>`count(*)`.mapWith(Number),
      onTime: sql<number>`count(*) filter (where ${orderShopShipping.deliveredOn} <= ${orderShopShipping.arrivesLatest})`.mapWith(Number),
    })
    .from(orderShopShipping)
    .where(and(eq(orderShopShipping.sellerId, sellerId), isNotNull(orderShopShipping.deliveredOn), sql`${orderShopShipping.deliveredOn} >= ${since}::date`));
  return { delivered: row?.delivered ?? 0, onTime: row?.onTime ?? 0 };
}

/**
 * For a query over order items (`order_items` in its FROM, not aliased): who pays the line's late-parcel shipping
 * refund (its shop part's), or null. The inner table is aliased and the outer one named, so neither can be read for
 * the other (drizzle writes a lone table's columns unqualified).
 */
export function latePayerOfItemSql() {
  return sql<Payer | null>`(select part.late_refund_paid_by from ${orderShopShipping} as part where part.order_id = ${orderItems}.order_id and part.seller_id = ${orderItems}.seller_id)`;
}
