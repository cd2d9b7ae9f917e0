import { and, asc, desc, eq, gte, inArray, isNull, lt, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { labelCharges } from './payouts.schema';

// A seller's label account (label_charges): each label bought through the marketplace charged to its seller, a
// voided one credited back, once each; payouts settle the open lines oldest first (shop-shipping-money.ts).

export type LabelChargeRecord = typeof labelCharges.$inferSelect;

/** Writes the line once: a second write for the same label and kind does nothing. */
export async function insertLabelChargeOnce(
  executor: Executor,
  values: {
    sellerId: string;
    shipmentId: string;
    orderId: string;
    kind: LabelChargeRecord['kind'];
    amountCents: number;
    trackingNumber: string | null;
    createdAt: Date;
  },
): Promise<void> {
  await executor
    .insert(labelCharges)
    .values(values)
    .onConflictDoNothing({ target: [labelCharges.shipmentId, labelCharges.kind] });
}

/** The seller's open lines, oldest first (the next payout settles them); locked when asked. */
export async function openLabelChargesOf(executor: Executor, sellerId: string, options: { lock?: boolean } = {}): Promise<LabelChargeRecord[]> {
  const query = executor
    .select()
    .from(labelCharges)
    .where(and(eq(labelCharges.sellerId, sellerId), isNull(labelCharges.settledAt)))
    .orderBy(asc(labelCharges.createdAt), asc(labelCharges.id));
  return options.lock ? query.for('update') : query;
}

export async function settleLabelCharges(executor: Executor, ids: readonly string[], payoutId: string, now: Date): Promise<void> {
  if (ids.length === 0) return;
  await executor
    .update(labelCharges)
    .set({ settledByPayoutId: payoutId, settledAt: now })
    .where(inArray(labelCharges.id, [...ids]));
}

/** A refused payout settled nothing: its lines wait for the next one. */
export async function releaseLabelChargesOf(executor: Executor, payoutId: string): Promise<void> {
  await executor.update(labelCharges).set({ settledByPayoutId: null, settledAt: null }).where(eq(labelCharges.settledByPayoutId, payoutId));
}

/** The seller's newest lines (the earnings page lists them), written in a range when given. */
export async function recentLabelChargesOf(
  executor: Executor,
  sellerId: string,
  writtenBetween: { from: Date; to: Date } | undefined,
  limit: number,
): Promise<LabelChargeRecord[]> {
  return executor
    .select()
    .from(labelCharges)
    .where(
      and(
        eq(labelCharges.sellerId, sellerId),
        writtenBetween ? gte(labelCharges.createdAt, writtenBetween.from) : undefined,
        writtenBetween ? lt(labelCharges.createdAt, writtenBetween.to) : undefined,
      ),
    )
    .orderBy(desc(labelCharges.createdAt), desc(labelCharges.id))
    .limit(limit);
}

/** The lines of some orders (the admin's books of an order). */
export async function labelChargesOfOrders(executor: Executor, orderIds: readonly string[]): Promise<LabelChargeRecord[]> {
  if (orderIds.length === 0) return [];
  return executor
    .select()
    .from(labelCharges)
    .where(inArray(labelCharges.orderId, [...orderIds]))
    .orderBy(asc(labelCharges.createdAt));
}

/** What the seller's open lines add up to (≤ 0 when labels wait to be charged). */
export async function openLabelBalanceOf(executor: Executor, sellerId: string): Promise<number> {
  const [row] = await executor
    .select({ value: sql<string>`coalesce(sum(${labelCharges.amountCents}), 0)` })
    .from(labelCharges)
    .where(and(eq(labelCharges.sellerId, sellerId), isNull(labelCharges.settledAt)));
  return Number(row?.value ?? 0);
}
