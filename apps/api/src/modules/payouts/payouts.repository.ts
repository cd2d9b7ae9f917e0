import { and, asc, eq, inArray, isNotNull, isNull, lte, or, sql, type SQL } from 'drizzle-orm';
import { PAYABLE_STATES } from '@marketplace/domain/order-item-state';
import type { Executor } from '../../db/client';
import { categories } from '../catalog/catalog.schema';
import { orderItems } from '../orders/orders.schema';
import { users } from '../users/users.schema';
import { paymentAccounts, payoutAdjustments, payouts } from './payouts.schema';
import { openDisputeIdOf } from '../disputes';
import { openReturnIdOf } from '../returns';
import { latePayerOfItemSql } from '../orders';

// The payouts module's tables: payment_accounts (the sellers' Connect accounts), payouts (one per order
// item, ever) and payout_adjustments (what sellers owe back after refunds). Also the reads of other
// modules' rows the payout claim needs inside its transaction, where the order item is locked: the item
// itself and its category's commission rate.

export type PaymentAccountRecord = typeof paymentAccounts.$inferSelect;
export type PaymentAccountState = PaymentAccountRecord['status'];
export type PayoutRecord = typeof payouts.$inferSelect;
export type PayoutState = PayoutRecord['status'];
export type PayoutAdjustmentRecord = typeof payoutAdjustments.$inferSelect;
export type PayableOrderItemRecord = typeof orderItems.$inferSelect;

/** The seller a payout is shown with (empty names when the user row is gone). */
export interface PayoutSeller {
  id: string;
  firstName: string;
  lastName: string;
  email: string;
  companyName: string | null;
}

export interface PayoutWithSeller extends PayoutRecord {
  seller: PayoutSeller;
}

// ── payment accounts ───────────────────────────────────────────────────────────────────────────

export async function findAccountOfSeller(executor: Executor, sellerId: string): Promise<PaymentAccountRecord | null> {
  return (await executor.query.paymentAccounts.findFirst({ where: eq(paymentAccounts.sellerId, sellerId) })) ?? null;
}

export async function findAccountByProviderId(executor: Executor, accountId: string): Promise<PaymentAccountRecord | null> {
  return (await executor.query.paymentAccounts.findFirst({ where: eq(paymentAccounts.accountId, accountId) })) ?? null;
}

/** One account per seller: a second insert for the same seller does nothing. */
export async function insertAccountOnce(executor: Executor, values: { sellerId: string; provider: string; accountId: string; now: Date }): Promise<void> {
  await executor
    .insert(paymentAccounts)
    .values({
      sellerId: values.sellerId,
      provider: values.provider,
      accountId: values.accountId,
      status: 'created',
      createdAt: values.now,
      updatedAt: values.now,
    })
    .onConflictDoNothing({ target: paymentAccounts.sellerId });
}

export type AccountChanges = Partial<Pick<PaymentAccountRecord, 'status' | 'detailsSubmitted' | 'payoutsEnabled' | 'requirementsDue' | 'lastPayoutFailure'>> & {
  updatedAt: Date;
};

export async function updateAccount(executor: Executor, id: string, changes: AccountChanges): Promise<PaymentAccountRecord | null> {
  const [row] = await executor.update(paymentAccounts).set(changes).where(eq(paymentAccounts.id, id)).returning();
  return row ?? null;
}

/** The provider's payout to the seller's bank: the last failure, or null once one went through. */
export async function recordBankPayoutOutcome(executor: Executor, accountId: string, lastPayoutFailure: string | null, now: Date): Promise<void> {
  await executor.update(paymentAccounts).set({ lastPayoutFailure, updatedAt: now }).where(eq(paymentAccounts.accountId, accountId));
}

// ── payouts ────────────────────────────────────────────────────────────────────────────────────

export async function findPayoutOfItem(executor: Executor, orderItemId: string): Promise<PayoutRecord | null> {
  return (await executor.query.payouts.findFirst({ where: eq(payouts.orderItemId, orderItemId) })) ?? null;
}

export async function findPaidPayoutOfItem(executor: Executor, orderItemId: string): Promise<PayoutRecord | null> {
  const [row] = await executor
    .select()
    .from(payouts)
    .where(and(eq(payouts.orderItemId, orderItemId), eq(payouts.status, 'paid')));
  return row ?? null;
}

/**
 * Pending payouts nobody is finishing: the transfer got no answer (a failure reason is kept), or the
 * claim was last touched before `touchedBefore` (its request died), oldest first.
 */
export async function findStalePendingPayouts(executor: Executor, touchedBefore: Date, limit: number): Promise<PayoutRecord[]> {
  return executor
    .select()
    .from(payouts)
    .where(and(eq(payouts.status, 'pending'), or(isNotNull(payouts.failureReason), lte(payouts.updatedAt, touchedBefore))))
    .orderBy(asc(payouts.updatedAt), asc(payouts.id))
    .limit(limit);
}

export async function findPayoutByTransferId(executor: Executor, transferId: string): Promise<PayoutRecord | null> {
  return (await executor.query.payouts.findFirst({ where: eq(payouts.transferId, transferId) })) ?? null;
}

export type NewPayout = Omit<typeof payouts.$inferInsert, 'id'>;
export type PayoutChanges = Partial<Omit<NewPayout, 'orderItemId' | 'createdAt'>> & { updatedAt: Date };

export async function insertPayout(executor: Executor, values: NewPayout): Promise<PayoutRecord | null> {
  const [row] = await executor.insert(payouts).values(values).returning();
  return row ?? null;
}

export async function updatePayout(executor: Executor, id: string, changes: PayoutChanges): Promise<PayoutRecord | null> {
  const [row] = await executor.update(payouts).set(changes).where(eq(payouts.id, id)).returning();
  return row ?? null;
}

/** Payouts with their sellers, in the order given (one read of the sellers for all of them). */
export async function withSellers(executor: Executor, rows: readonly PayoutRecord[]): Promise<PayoutWithSeller[]> {
  if (rows.length === 0) return [];
  const sellers = await executor
    .select()
    .from(users)
    .where(inArray(users.id, [...new Set(rows.map((row) => row.sellerId))]));
  const sellerOf = new Map(sellers.map((seller) => [seller.id, seller]));
  return rows.map((row) => {
    const seller = sellerOf.get(row.sellerId);
    return {
      ...row,
      seller: {
        id: row.sellerId,
        firstName: seller?.firstName ?? '',
        lastName: seller?.lastName ?? '',
        email: seller?.email ?? '',
        companyName: seller?.companyName ?? null,
      },
    };
  });
}

// ── what sellers owe back (payout_adjustments) ─────────────────────────────────────────────────

/** Unsettled adjustments of a seller, oldest first (payouts deduct them); locked when asked. */
export async function pendingAdjustmentsOf(executor: Executor, sellerId: string, options: { lock?: boolean } = {}): Promise<PayoutAdjustmentRecord[]> {
  const query = executor
    .select()
    .from(payoutAdjustments)
    .where(and(eq(payoutAdjustments.sellerId, sellerId), isNull(payoutAdjustments.settledAt)))
    .orderBy(asc(payoutAdjustments.createdAt), asc(payoutAdjustments.id));
  return options.lock ? query.for('update') : query;
}

/** What an item already owes back, settled or not (≤ 0). */
export async function sumAdjustmentsOfItem(executor: Executor, orderItemId: string): Promise<number> {
  const [row] = await executor
    .select({ value: sql<string>`coalesce(sum(${payoutAdjustments.amountCents}), 0)` })
    .from(payoutAdjustments)
    .where(eq(payoutAdjustments.orderItemId, orderItemId));
  return Number(row?.value ?? 0);
}

export async function insertAdjustment(
  executor: Executor,
  values: { sellerId: string; disputeId: string | null; orderItemId: string; amountCents: number; reason: string; createdAt: Date },
): Promise<void> {
  await executor.insert(payoutAdjustments).values(values);
}

/** The adjustments a payout deducted. */
export async function settleAdjustments(executor: Executor, adjustmentIds: readonly string[], payoutId: string, now: Date): Promise<void> {
  if (adjustmentIds.length === 0) return;
  await executor
    .update(payoutAdjustments)
    .set({ settledByPayoutId: payoutId, settledAt: now })
    .where(inArray(payoutAdjustments.id, [...adjustmentIds]));
}

/** A refused payout deducted nothing: what it would have settled waits for the next one. */
export async function releaseAdjustmentsOf(executor: Executor, payoutId: string): Promise<void> {
  await executor.update(payoutAdjustments).set({ settledByPayoutId: null, settledAt: null }).where(eq(payoutAdjustments.settledByPayoutId, payoutId));
}

// ── what the claim reads of the item (inside its transaction) ──────────────────────────────────

export async function orderItemExists(executor: Executor, orderItemId: string): Promise<boolean> {
  const [row] = await executor.select({ id: orderItems.id }).from(orderItems).where(eq(orderItems.id, orderItemId)).limit(1);
  return Boolean(row);
}

/** The item, locked until the claim commits: refunds and other claims of it wait. */
export async function lockOrderItem(executor: Executor, orderItemId: string): Promise<PayableOrderItemRecord | null> {
  const [row] = await executor.select().from(orderItems).where(eq(orderItems.id, orderItemId)).for('update');
  return row ?? null;
}

/** Who pays the item's late-parcel shipping refund (its shop part's), or null when there was none. */
export async function findLatePayerOfItem(executor: Executor, orderItemId: string): Promise<'seller' | 'marketplace' | null> {
  const [row] = await executor.select({ payer: latePayerOfItemSql() }).from(orderItems).where(eq(orderItems.id, orderItemId));
  return row?.payer ?? null;
}

export async function findCommissionOfCategory(
  executor: Executor,
  categoryId: string,
): Promise<{ name: string; commissionRateBasisPoints: number | null } | null> {
  const row = await executor.query.categories.findFirst({ where: eq(categories.id, categoryId) });
  return row ? { name: row.name, commissionRateBasisPoints: row.commissionRateBasisPoints } : null;
}

// ── payout on delivery: the items the automatic payout takes ──────────────────────────────────

/**
 * Payable items delivered at or before `deliveredBefore`, not paid and never claimed (a pending claim is the
 * stale sweep's, a refused one the admin's), with no dispute or return open. What the claim checks again
 * with the item locked is filtered here too, so items that must wait never crowd out those that can go.
 */
function dueForAutomaticPayout(deliveredBefore: Date): SQL {
  return and(
    inArray(orderItems.status, [...PAYABLE_STATES]),
    isNotNull(orderItems.deliveredAt),
    lte(orderItems.deliveredAt, deliveredBefore),
    eq(orderItems.sellerPaid, false),
    sql`not exists (select 1 from ${payouts} where ${payouts.orderItemId} = ${orderItems.id})`,
    sql`${openDisputeIdOf(orderItems.id)} is null`,
    sql`${openReturnIdOf(orderItems.id)} is null`,
  )!;
}

const sellerAccountComplete = sql`exists (select 1 from ${paymentAccounts} where ${paymentAccounts.sellerId} = ${orderItems.sellerId} and ${paymentAccounts.status} = 'complete')`;

/** The items due, oldest delivery first, whose sellers can be paid; and how many more wait for their sellers' payout accounts. */
export async function findItemsDueForAutomaticPayout(
  executor: Executor,
  deliveredBefore: Date,
  limit: number,
): Promise<{ orderItemIds: string[]; waitingForAccount: number }> {
  const due = dueForAutomaticPayout(deliveredBefore);
  const rows = await executor
    .select({ id: orderItems.id })
    .from(orderItems)
    .where(and(due, sellerAccountComplete))
    .orderBy(asc(orderItems.deliveredAt), asc(orderItems.id))
    .limit(limit);
  const [waiting] = await executor
    .select({ value: sql<number>`count(*)`.mapWith(Number) })
    .from(orderItems)
    .where(and(due, sql`not ${sellerAccountComplete}`));
  return { orderItemIds: rows.map((row) => row.id), waitingForAccount: waiting?.value ?? 0 };
}
