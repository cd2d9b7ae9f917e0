import { and, asc, count, desc, eq, inArray, notInArray, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/client';
import { disputeEvents, disputes, type DisputePhotoRecord } from './disputes.schema';

// The disputes module's tables: disputes and dispute_events. Other modules ask here whether an item has
// a dispute still open (returns and payouts wait for it), through the module's index.

export type DisputeRecord = typeof disputes.$inferSelect;
export type NewDisputeRecord = typeof disputes.$inferInsert;
export type DisputeEventRecord = typeof disputeEvents.$inferSelect;
export type NewDisputeEventRecord = typeof disputeEvents.$inferInsert;
export type DisputeStatusValue = DisputeRecord['status'];
export type { DisputePhotoRecord };

/** A dispute in one of these is closed; anything else is still open. */
export const RESOLVED_DISPUTE_STATUSES: readonly DisputeStatusValue[] = ['resolved_refunded', 'resolved_rejected'];
const resolved = () => [...RESOLVED_DISPUTE_STATUSES];

export async function findDispute(executor: Executor, id: string, options: { lock?: boolean } = {}): Promise<DisputeRecord | null> {
  const query = executor.select().from(disputes).where(eq(disputes.id, id));
  const [row] = options.lock ? await query.for('update') : await query;
  return row ?? null;
}

export async function insertDispute(executor: Executor, values: NewDisputeRecord): Promise<DisputeRecord | null> {
  const [row] = await executor.insert(disputes).values(values).returning();
  return row ?? null;
}

export async function updateDispute(executor: Executor, id: string, values: Partial<NewDisputeRecord>): Promise<DisputeRecord> {
  const [row] = await executor.update(disputes).set(values).where(eq(disputes.id, id)).returning();
  if (!row) throw new Error(`dispute ${id} vanished during an update`);
  return row;
}

/** The item's dispute that is not resolved yet, if any (at most one: a unique index holds it). */
export async function findOpenDisputeOfItem(executor: Executor, orderItemId: string): Promise<DisputeRecord | null> {
  const [row] = await executor
    .select()
    .from(disputes)
    .where(and(eq(disputes.orderItemId, orderItemId), notInArray(disputes.status, resolved())))
    .limit(1);
  return row ?? null;
}

/** Whether an item has a dispute that is not resolved (payouts and returns wait for it). */
export async function hasOpenDispute(executor: Executor, orderItemId: string): Promise<boolean> {
  const [row] = await executor
    .select({ id: disputes.id })
    .from(disputes)
    .where(and(eq(disputes.orderItemId, orderItemId), notInArray(disputes.status, resolved())))
    .limit(1);
  return Boolean(row);
}

/** Order items of `ids` that a dispute still open is about (a return waits for it, and the other way round). */
export async function findItemsWithOpenDispute(executor: Executor, orderItemIds: readonly string[]): Promise<Set<string>> {
  if (orderItemIds.length === 0) return new Set();
  const rows = await executor
    .select({ orderItemId: disputes.orderItemId })
    .from(disputes)
    .where(and(inArray(disputes.orderItemId, [...new Set(orderItemIds)]), notInArray(disputes.status, resolved())));
  return new Set(rows.map((row) => row.orderItemId));
}

/**
 * The id of the open dispute of the order item in `orderItemId` (a column of the caller's own query),
 * or null: a list of items learns which are disputed without a statement per item.
 */
export function openDisputeIdOf(orderItemId: AnyPgColumn): SQL<string | null> {
  return sql<
    string | null
  >`(select ${disputes.id} from ${disputes} where ${disputes.orderItemId} = ${orderItemId} and ${notInArray(disputes.status, resolved())} limit 1)`;
}

export interface DisputeListFilter {
  buyerId?: string;
  sellerId?: string;
  status?: DisputeStatusValue | 'active' | 'resolved';
}

function whereOf(filter: DisputeListFilter): SQL | undefined {
  const { status } = filter;
  return and(
    filter.buyerId ? eq(disputes.buyerId, filter.buyerId) : undefined,
    filter.sellerId ? eq(disputes.sellerId, filter.sellerId) : undefined,
    status === 'active'
      ? notInArray(disputes.status, resolved())
      : status === 'resolved'
        ? inArray(disputes.status, resolved())
        : status
          ? eq(disputes.status, status)
          : undefined,
  );
}

/** A page of disputes, the most recently changed first. */
export async function listDisputes(
  executor: Executor,
  filter: DisputeListFilter,
  page: { page: number; limit: number },
): Promise<{ rows: DisputeRecord[]; totalItems: number }> {
  const where = whereOf(filter);
  const [total] = await executor.select({ value: count() }).from(disputes).where(where);
  const rows = await executor
    .select()
    .from(disputes)
    .where(where)
    .orderBy(desc(disputes.updatedAt), desc(disputes.id))
    .limit(page.limit)
    .offset((page.page - 1) * page.limit);
  return { rows, totalItems: total?.value ?? 0 };
}

// ── events ────────────────────────────────────────────────────────────────────────────────────

/** When the dispute's latest step happened (null before the first). */
export async function findLastEventAt(executor: Executor, disputeId: string): Promise<Date | null> {
  const [last] = await executor
    .select({ at: disputeEvents.createdAt })
    .from(disputeEvents)
    .where(eq(disputeEvents.disputeId, disputeId))
    .orderBy(desc(disputeEvents.createdAt))
    .limit(1);
  return last?.at ?? null;
}

export async function insertDisputeEvent(executor: Executor, values: NewDisputeEventRecord): Promise<void> {
  await executor.insert(disputeEvents).values(values);
}

/** The dispute's steps, oldest first. */
export async function findEventsOfDispute(executor: Executor, disputeId: string): Promise<DisputeEventRecord[]> {
  return executor.select().from(disputeEvents).where(eq(disputeEvents.disputeId, disputeId)).orderBy(asc(disputeEvents.createdAt), asc(disputeEvents.id));
}
