import { and, asc, count, desc, eq, inArray, isNotNull, isNull, notInArray, sql, type SQL } from 'drizzle-orm';
import { OPEN_RETURN_STATUSES, type ReturnStatus } from '@marketplace/domain/returns';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/client';
import type { ShippingAddressSnapshot } from '../../db/columns';
import type { ShipmentTrackingEvent } from '../shipping/shipping.schema';
import { returnPolicies, returnRequests, type ReturnPhotoRecord } from './returns.schema';
import { findProductFacts } from '../catalog';
import { findOrderLines, type OrderLineItem, type OrderLineOrder } from '../orders';

// The returns module's tables (return_policies, return_requests). What a return needs of other modules'
// rows (the line and its order, the seller's address, whether a dispute is open) it asks those modules
// for, through their index. Nothing here writes another module's rows: refunds go through the orders
// service.

export type ReturnRecord = typeof returnRequests.$inferSelect;
export type NewReturnRecord = typeof returnRequests.$inferInsert;
export type OrderItemRecord = OrderLineItem;
export type OrderRecord = OrderLineOrder;
export type { ReturnPhotoRecord, ShipmentTrackingEvent, ShippingAddressSnapshot };

export interface PolicyRecord {
  windowDays: number;
  restockingFeeBasisPoints: number;
  inspectionDays: number;
}

const policyOfRow = (row: typeof returnPolicies.$inferSelect): PolicyRecord => ({
  windowDays: row.windowDays,
  restockingFeeBasisPoints: row.restockingFeeBasisPoints,
  inspectionDays: row.inspectionDays,
});

// ── policies ──────────────────────────────────────────────────────────────────────────────────

export async function findPoliciesOf(executor: Executor, sellerIds: readonly string[]): Promise<Map<string, PolicyRecord>> {
  const unique = [...new Set(sellerIds)];
  if (unique.length === 0) return new Map();
  const rows = await executor.select().from(returnPolicies).where(inArray(returnPolicies.sellerId, unique));
  return new Map(rows.map((row) => [row.sellerId, policyOfRow(row)]));
}

export async function savePolicy(executor: Executor, sellerId: string, policy: PolicyRecord, now: Date): Promise<PolicyRecord> {
  const [row] = await executor
    .insert(returnPolicies)
    .values({ sellerId, ...policy, updatedAt: now })
    .onConflictDoUpdate({ target: returnPolicies.sellerId, set: { ...policy, updatedAt: now } })
    .returning();
  if (!row) throw new Error('upsert into return_policies returned no row');
  return policyOfRow(row);
}

// ── the line being returned ───────────────────────────────────────────────────────────────────

export interface ReturnLine {
  item: OrderItemRecord;
  order: OrderRecord;
  /** The order's lines, for the item's share of shipping (what a refund may give back). */
  lines: OrderItemRecord[];
  weightOunces: number;
}

/** Order items with their orders, each order's lines and the item's weight; items that do not exist are absent. */
export async function findReturnLines(executor: Executor, orderItemIds: readonly string[]): Promise<Map<string, ReturnLine>> {
  const lines = await findOrderLines(executor, orderItemIds);
  const weights = await findProductFacts(
    executor,
    [...lines.values()].map((line) => line.item.productId),
  );
  const answer = new Map<string, ReturnLine>();
  for (const [id, line] of lines) {
    const product = weights.get(line.item.productId);
    if (product) answer.set(id, { ...line, weightOunces: product.weightOunces });
  }
  return answer;
}

// ── returns ───────────────────────────────────────────────────────────────────────────────────

export async function insertReturn(executor: Executor, values: NewReturnRecord): Promise<ReturnRecord> {
  const [row] = await executor.insert(returnRequests).values(values).returning();
  if (!row) throw new Error('insert into return_requests returned no row');
  return row;
}

export async function findReturn(executor: Executor, id: string, options: { lock?: boolean } = {}): Promise<ReturnRecord | null> {
  const query = executor.select().from(returnRequests).where(eq(returnRequests.id, id));
  const [row] = options.lock ? await query.for('update') : await query;
  return row ?? null;
}

export async function updateReturn(executor: Executor, id: string, values: Partial<NewReturnRecord>): Promise<ReturnRecord> {
  const [row] = await executor.update(returnRequests).set(values).where(eq(returnRequests.id, id)).returning();
  if (!row) throw new Error(`return ${id} vanished during an update`);
  return row;
}

export async function findOpenReturnOfItem(executor: Executor, orderItemId: string): Promise<ReturnRecord | null> {
  const [row] = await executor
    .select()
    .from(returnRequests)
    .where(and(eq(returnRequests.orderItemId, orderItemId), inArray(returnRequests.status, [...OPEN_RETURN_STATUSES])))
    .limit(1);
  return row ?? null;
}

/** Whether an item has a return in progress (payouts and disputes wait for it: the buyer may get the money back). */
export async function hasOpenReturn(executor: Executor, orderItemId: string): Promise<boolean> {
  return (await findOpenReturnOfItem(executor, orderItemId)) !== null;
}

/**
 * The id of the return in progress of the order item in `orderItemId` (a column of the caller's own
 * query), or null: a list of items (a seller's earnings, the automatic payout) learns which wait for a
 * return without a statement per item.
 */
export function openReturnIdOf(orderItemId: AnyPgColumn): SQL<string | null> {
  return sql<
    string | null
  >`(select ${returnRequests.id} from ${returnRequests} where ${returnRequests.orderItemId} = ${orderItemId} and ${inArray(returnRequests.status, [...OPEN_RETURN_STATUSES])} limit 1)`;
}

/** The statuses of every return each item has had (most have one). */
export async function findReturnStatusesOfItems(executor: Executor, orderItemIds: readonly string[]): Promise<Map<string, ReturnStatus[]>> {
  const unique = [...new Set(orderItemIds)];
  const answer = new Map<string, ReturnStatus[]>();
  if (unique.length === 0) return answer;
  const rows = await executor
    .select({ orderItemId: returnRequests.orderItemId, status: returnRequests.status })
    .from(returnRequests)
    .where(inArray(returnRequests.orderItemId, unique));
  for (const row of rows) answer.set(row.orderItemId, [...(answer.get(row.orderItemId) ?? []), row.status]);
  return answer;
}

/** Each item's latest return (any status). */
export async function findLatestReturnsOfItems(executor: Executor, orderItemIds: readonly string[]): Promise<Map<string, ReturnRecord>> {
  const unique = [...new Set(orderItemIds)];
  if (unique.length === 0) return new Map();
  const rows = await executor
    .selectDistinctOn([returnRequests.orderItemId])
    .from(returnRequests)
    .where(inArray(returnRequests.orderItemId, unique))
    .orderBy(returnRequests.orderItemId, desc(returnRequests.createdAt), desc(returnRequests.id));
  return new Map(rows.map((row) => [row.orderItemId, row]));
}

export interface ReturnListFilter {
  buyerId?: string;
  sellerId?: string;
  status?: ReturnStatus | 'open' | 'closed';
}

function whereOf(filter: ReturnListFilter): SQL | undefined {
  const open = [...OPEN_RETURN_STATUSES];
  return and(
    filter.buyerId ? eq(returnRequests.buyerId, filter.buyerId) : undefined,
    filter.sellerId ? eq(returnRequests.sellerId, filter.sellerId) : undefined,
    filter.status === 'open'
      ? inArray(returnRequests.status, open)
      : filter.status === 'closed'
        ? notInArray(returnRequests.status, open)
        : filter.status
          ? eq(returnRequests.status, filter.status)
          : undefined,
  );
}

/** A page of returns, those waiting for the seller (to answer, or to check an item back) first, then newest first. */
export async function listReturns(executor: Executor, filter: ReturnListFilter, page: { page: number; limit: number }) {
  const where = whereOf(filter);
  const [total] = await executor.select({ value: count() }).from(returnRequests).where(where);
  const rows = await executor
    .select()
    .from(returnRequests)
    .where(where)
    .orderBy(sql`(${returnRequests.status} in ('requested', 'delivered')) desc`, desc(returnRequests.createdAt), desc(returnRequests.id))
    .limit(page.limit)
    .offset((page.page - 1) * page.limit);
  return { rows, totalItems: total?.value ?? 0 };
}

/** Returns whose label is out and whose parcel has not arrived: the background tracking round, least recently tracked first. */
export async function findReturnsToTrack(executor: Executor, limit: number): Promise<ReturnRecord[]> {
  return executor
    .select()
    .from(returnRequests)
    .where(and(inArray(returnRequests.status, ['accepted', 'in_transit']), isNotNull(returnRequests.trackingNumber), isNull(returnRequests.voidedAt)))
    .orderBy(sql`${returnRequests.lastTrackedAt} asc nulls first`)
    .limit(limit);
}

/**
 * Returns delivered back whose refund is due (the seller confirmed the item's condition, or its inspection days are
 * over: packages/domain/src/returns.ts isReturnRefundDue) and not yet issued, or whose refund did not go through.
 */
export async function findReturnsAwaitingRefund(executor: Executor, now: Date, limit: number): Promise<ReturnRecord[]> {
  return executor
    .select()
    .from(returnRequests)
    .where(
      and(
        eq(returnRequests.status, 'delivered'),
        sql`(${returnRequests.conditionConfirmedAt} is not null or ${returnRequests.deliveredAt} + make_interval(days => ${returnRequests.inspectionDays}) <= ${now.toISOString()}::timestamptz)`,
      ),
    )
    .orderBy(asc(returnRequests.deliveredAt))
    .limit(limit);
}
