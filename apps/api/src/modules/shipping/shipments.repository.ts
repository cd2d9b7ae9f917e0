import { and, asc, desc, eq, getTableColumns, inArray, isNotNull, isNull, ne, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { products } from '../catalog/catalog.schema';
import { orderItems, orders } from '../orders/orders.schema';
import { pickups, shipmentItems, shipments } from './shipping.schema';
import { coverKeyOf } from '../catalog';

export type { ShippingAddressSnapshot } from '../../db/columns';
export type { ShipmentTrackingEvent } from './shipping.schema';

export type ShipmentRecord = typeof shipments.$inferSelect;
export type NewShipmentRecord = typeof shipments.$inferInsert;
export type ShipmentStatusValue = ShipmentRecord['status'];
export type PickupRecord = typeof pickups.$inferSelect;
export type NewPickupRecord = typeof pickups.$inferInsert;
export type OrderItemRow = typeof orderItems.$inferSelect;
export type OrderRecord = typeof orders.$inferSelect;

/** An active (or, for voided shipments, released) line of a shipment with its order item. */
export interface ShipmentLine {
  shipmentId: string;
  quantity: number;
  isActive: boolean;
  orderItem: OrderItemRow;
  weightOunces: number;
  /** The product's cover image key (images[0]), or null without images. */
  coverKey: string | null;
}

// ── shipments ─────────────────────────────────────────────────────────────────────────────────

/** The seller's shipment; another seller's is as absent as a missing one. `lock` holds a row lock. */
export async function findSellerShipment(executor: Executor, sellerId: string, id: string, options: { lock?: boolean } = {}): Promise<ShipmentRecord | null> {
  const query = executor
    .select()
    .from(shipments)
    .where(and(eq(shipments.id, id), eq(shipments.sellerId, sellerId)));
  const [row] = options.lock ? await query.for('update') : await query;
  return row ?? null;
}

export async function findShipmentById(executor: Executor, id: string, options: { lock?: boolean } = {}): Promise<ShipmentRecord | null> {
  const query = executor.select().from(shipments).where(eq(shipments.id, id));
  const [row] = options.lock ? await query.for('update') : await query;
  return row ?? null;
}

/**
 * Shipments in these statuses that have a tracking number, for the background refresh: never-tracked
 * first, then the longest untracked.
 */
export async function findShipmentsToTrack(executor: Executor, statuses: readonly ShipmentStatusValue[], limit: number): Promise<ShipmentRecord[]> {
  return executor
    .select()
    .from(shipments)
    .where(and(inArray(shipments.status, [...statuses]), isNotNull(shipments.trackingNumber)))
    .orderBy(sql`${shipments.lastTrackedAt} asc nulls first`)
    .limit(limit);
}

export async function findSellerShipments(executor: Executor, sellerId: string, filter: { orderId?: string } = {}): Promise<ShipmentRecord[]> {
  return executor
    .select()
    .from(shipments)
    .where(and(eq(shipments.sellerId, sellerId), filter.orderId ? eq(shipments.orderId, filter.orderId) : undefined))
    .orderBy(desc(shipments.createdAt), desc(shipments.id));
}

// ── the seller's shipment list (a page, its total and the stats, without the label bytes) ──

/** What narrows the seller's list; `orderId` also scopes the stats, `status` and `q` do not. */
export interface ShipmentListFilter {
  orderId?: string | undefined;
  status?: ShipmentStatusValue | undefined;
  /** Case-insensitive substring of the shipment id or the tracking number (docs/product/shipping.md). */
  q?: string | undefined;
}

/** A listed shipment: every column but the label bytes, and whether a label is stored. */
export type ListedShipmentRecord = Omit<ShipmentRecord, 'labelBase64'> & { hasLabel: boolean };

const { labelBase64: _labelBytes, ...listedColumns } = getTableColumns(shipments);

function scopeOf(sellerId: string, orderId: string | undefined): SQL | undefined {
  return and(eq(shipments.sellerId, sellerId), orderId ? eq(shipments.orderId, orderId) : undefined);
}

function listConditions(sellerId: string, filter: ShipmentListFilter): SQL | undefined {
  const needle = filter.q?.trim().toLowerCase();
  return and(
    scopeOf(sellerId, filter.orderId),
    filter.status ? eq(shipments.status, filter.status) : undefined,
    // strpos, not ilike: the seller's text is matched as typed, % and _ included.
    needle ? sql`(strpos(${shipments.id}::text, ${needle}) > 0 or strpos(lower(${shipments.trackingNumber}), ${needle}) > 0)` : undefined,
  );
}

const newestFirst = [desc(shipments.createdAt), desc(shipments.id)];
const listedRow = { ...listedColumns, hasLabel: sql<boolean>`(${shipments.labelBase64} is not null)` };

/**
 * One page of the seller's shipments, newest first; the label bytes are never read, only whether
 * there are any. With `withTotal`, also how many match in all, in the same statement: the page's ids
 * and `count(*) over ()` come from a narrow inner select (only ids and dates pass through the
 * window, not the wide rows), then the page's rows are read by primary key. Without it the page is
 * a plain index range (the caller knows the total from the per-status counts).
 */
export async function findSellerShipmentPage(
  executor: Executor,
  sellerId: string,
  filter: ShipmentListFilter,
  page: { limit: number; offset: number; withTotal: boolean },
): Promise<{ rows: ListedShipmentRecord[]; total: number | null }> {
  if (!page.withTotal) {
    const rows = await executor
      .select(listedRow)
      .from(shipments)
      .where(listConditions(sellerId, filter))
      .orderBy(...newestFirst)
      .limit(page.limit)
      .offset(page.offset);
    return { rows, total: null };
  }
  const pageIds = executor.$with('page_ids').as(
    executor
      .select({ id: shipments.id, total: sql<number>`count(*) over ()`.as('total') })
      .from(shipments)
      .where(listConditions(sellerId, filter))
      .orderBy(...newestFirst)
      .limit(page.limit)
      .offset(page.offset),
  );
  const rows = await executor
    .with(pageIds)
    .select({ ...listedRow, total: pageIds.total })
    .from(pageIds)
    .innerJoin(shipments, eq(shipments.id, pageIds.id))
    .orderBy(...newestFirst);
  // A page past the end has no row to carry the total: the caller counts then.
  return { rows: rows.map(({ total: _total, ...row }) => row), total: rows[0] ? Number(rows[0].total) : null };
}

/** How many of the seller's shipments match (for a page past the end). */
export async function countSellerShipments(executor: Executor, sellerId: string, filter: ShipmentListFilter): Promise<number> {
  const [row] = await executor.select({ value: sql<number>`count(*)::int` }).from(shipments).where(listConditions(sellerId, filter));
  return row?.value ?? 0;
}

/** Per status, how many of the seller's shipments (of the order, when given) there are and how many await a pickup request. */
export async function countSellerShipmentsByStatus(
  executor: Executor,
  sellerId: string,
  orderId: string | undefined,
): Promise<Array<{ status: ShipmentStatusValue; count: number; awaitingPickup: number }>> {
  return executor
    .select({
      status: shipments.status,
      count: sql<number>`count(*)::int`,
      awaitingPickup: sql<number>`(count(*) filter (where ${shipments.pickupId} is null))::int`,
    })
    .from(shipments)
    .where(scopeOf(sellerId, orderId))
    .groupBy(shipments.status);
}

/** The label columns (and status) of the seller's shipment, or null when it is not the seller's (or missing). */
export async function findSellerShipmentLabel(
  executor: Executor,
  sellerId: string,
  id: string,
): Promise<Pick<ShipmentRecord, 'id' | 'status' | 'labelBase64' | 'labelFormat' | 'trackingNumber'> | null> {
  const [row] = await executor
    .select({
      id: shipments.id,
      status: shipments.status,
      labelBase64: shipments.labelBase64,
      labelFormat: shipments.labelFormat,
      trackingNumber: shipments.trackingNumber,
    })
    .from(shipments)
    .where(and(eq(shipments.id, id), eq(shipments.sellerId, sellerId)));
  return row ?? null;
}

/** Locks the seller's shipments of an order in id order (a fixed lock order, so no deadlocks). */
export async function lockSellerShipmentsOfOrder(executor: Executor, sellerId: string, orderId: string): Promise<ShipmentRecord[]> {
  return executor
    .select()
    .from(shipments)
    .where(and(eq(shipments.sellerId, sellerId), eq(shipments.orderId, orderId)))
    .orderBy(asc(shipments.id))
    .for('update');
}

export async function insertShipment(executor: Executor, values: NewShipmentRecord): Promise<ShipmentRecord> {
  const [row] = await executor.insert(shipments).values(values).returning();
  if (!row) throw new Error('insert into shipments returned no row');
  return row;
}

export async function updateShipment(executor: Executor, id: string, changes: Partial<NewShipmentRecord> & { updatedAt: Date }): Promise<ShipmentRecord> {
  const [row] = await executor.update(shipments).set(changes).where(eq(shipments.id, id)).returning();
  if (!row) throw new Error('update of shipments returned no row');
  return row;
}

export async function updateShipmentsOfPickup(executor: Executor, pickupId: string, changes: Partial<NewShipmentRecord> & { updatedAt: Date }): Promise<void> {
  await executor.update(shipments).set(changes).where(eq(shipments.pickupId, pickupId));
}

export async function findShipmentsOfPickup(executor: Executor, pickupId: string): Promise<ShipmentRecord[]> {
  return executor.select().from(shipments).where(eq(shipments.pickupId, pickupId)).orderBy(asc(shipments.id));
}

// ── shipment items ────────────────────────────────────────────────────────────────────────────

export async function insertShipmentItems(executor: Executor, rows: Array<{ shipmentId: string; orderItemId: string; quantity: number }>): Promise<void> {
  if (rows.length === 0) return;
  await executor.insert(shipmentItems).values(rows);
}

/** Releases a voided shipment's items so a new shipment can take them. */
export async function releaseShipmentItems(executor: Executor, shipmentId: string): Promise<void> {
  await executor.update(shipmentItems).set({ isActive: false }).where(eq(shipmentItems.shipmentId, shipmentId));
}

/** The lines of the shipments with their order items and product weights, in a stable order. */
export async function findLinesOfShipments(executor: Executor, shipmentIds: readonly string[]): Promise<ShipmentLine[]> {
  if (shipmentIds.length === 0) return [];
  const rows = await executor
    .select({
      shipmentId: shipmentItems.shipmentId,
      quantity: shipmentItems.quantity,
      isActive: shipmentItems.isActive,
      orderItem: orderItems,
      weightOunces: products.weightOunces,
      coverKey: coverKeyOf(orderItems.productId),
    })
    .from(shipmentItems)
    .innerJoin(orderItems, eq(orderItems.id, shipmentItems.orderItemId))
    .innerJoin(products, eq(products.id, orderItems.productId))
    .where(inArray(shipmentItems.shipmentId, [...shipmentIds]))
    .orderBy(asc(shipmentItems.shipmentId), asc(orderItems.id));
  return rows;
}

/** The active shipment line of an order item, if any. */
export async function findActiveLineOfOrderItem(executor: Executor, orderItemId: string): Promise<{ shipmentId: string } | null> {
  const [row] = await executor
    .select({ shipmentId: shipmentItems.shipmentId })
    .from(shipmentItems)
    .where(and(eq(shipmentItems.orderItemId, orderItemId), eq(shipmentItems.isActive, true)))
    .limit(1);
  return row ?? null;
}

/**
 * For each order item of the list in an active shipment with a scheduled pickup: that pickup and its
 * charge (the payout of each item deducts its share; pickup-charges.service.ts shares it out).
 */
export async function findScheduledPickupsOfOrderItems(
  executor: Executor,
  orderItemIds: readonly string[],
): Promise<Array<{ orderItemId: string; pickupId: string; totalCents: number }>> {
  if (orderItemIds.length === 0) return [];
  return executor
    .select({ orderItemId: shipmentItems.orderItemId, pickupId: pickups.id, totalCents: pickups.totalCents })
    .from(shipmentItems)
    .innerJoin(shipments, eq(shipments.id, shipmentItems.shipmentId))
    .innerJoin(pickups, eq(pickups.id, shipments.pickupId))
    .where(and(inArray(shipmentItems.orderItemId, [...new Set(orderItemIds)]), eq(shipmentItems.isActive, true), eq(pickups.status, 'scheduled')));
}

/** The active lines of every shipment (not cancelled) that the pickups collect, with their order item's price. */
export async function findLineValuesOfPickups(
  executor: Executor,
  pickupIds: readonly string[],
): Promise<Array<{ pickupId: string; orderItemId: string; priceCents: number; quantity: number }>> {
  if (pickupIds.length === 0) return [];
  const rows = await executor
    .select({ pickupId: shipments.pickupId, orderItemId: shipmentItems.orderItemId, priceCents: orderItems.priceCents, quantity: shipmentItems.quantity })
    .from(shipments)
    .innerJoin(shipmentItems, eq(shipmentItems.shipmentId, shipments.id))
    .innerJoin(orderItems, eq(orderItems.id, shipmentItems.orderItemId))
    .where(and(inArray(shipments.pickupId, [...new Set(pickupIds)]), ne(shipments.status, 'cancelled'), eq(shipmentItems.isActive, true)))
    .orderBy(asc(shipments.id), asc(orderItems.id));
  return rows.map((row) => ({ pickupId: row.pickupId!, orderItemId: row.orderItemId, priceCents: row.priceCents, quantity: row.quantity }));
}

/** Order item ids of the list that are already in an active shipment. */
export async function findOrderItemIdsInActiveShipments(executor: Executor, orderItemIds: readonly string[]): Promise<Set<string>> {
  if (orderItemIds.length === 0) return new Set();
  const rows = await executor
    .select({ orderItemId: shipmentItems.orderItemId })
    .from(shipmentItems)
    .where(and(inArray(shipmentItems.orderItemId, [...orderItemIds]), eq(shipmentItems.isActive, true)));
  return new Set(rows.map((row) => row.orderItemId));
}

// ── orders, order items, products (read and the status changes shipping makes) ──────────────────

export async function lockOrderRow(executor: Executor, orderId: string): Promise<OrderRecord | null> {
  const [row] = await executor.select().from(orders).where(eq(orders.id, orderId)).for('update');
  return row ?? null;
}

export async function findOrderRow(executor: Executor, orderId: string): Promise<OrderRecord | null> {
  const [row] = await executor.select().from(orders).where(eq(orders.id, orderId));
  return row ?? null;
}

export async function findItemsOfOrder(executor: Executor, orderId: string): Promise<Array<OrderItemRow & { weightOunces: number }>> {
  const rows = await executor
    .select({ item: orderItems, weightOunces: products.weightOunces })
    .from(orderItems)
    .innerJoin(products, eq(products.id, orderItems.productId))
    .where(eq(orderItems.orderId, orderId))
    .orderBy(asc(orderItems.id));
  return rows.map((row) => ({ ...row.item, weightOunces: row.weightOunces }));
}

export async function findOrderItemById(executor: Executor, id: string): Promise<OrderItemRow | null> {
  const [row] = await executor.select().from(orderItems).where(eq(orderItems.id, id));
  return row ?? null;
}

// ── pickups ───────────────────────────────────────────────────────────────────────────────────

export async function insertPickup(executor: Executor, values: NewPickupRecord): Promise<PickupRecord> {
  const [row] = await executor.insert(pickups).values(values).returning();
  if (!row) throw new Error('insert into pickups returned no row');
  return row;
}

export async function findPickupsByIds(executor: Executor, ids: readonly string[]): Promise<Map<string, PickupRecord>> {
  if (ids.length === 0) return new Map();
  const rows = await executor
    .select()
    .from(pickups)
    .where(inArray(pickups.id, [...new Set(ids)]));
  return new Map(rows.map((row) => [row.id, row]));
}

export async function cancelPickupRow(executor: Executor, id: string, now: Date): Promise<void> {
  await executor.update(pickups).set({ status: 'cancelled', cancelledAt: now }).where(eq(pickups.id, id));
}

/** Active shipments of the seller still waiting for a pickup (for the background refresh and stats). */
export async function countCreatedWithoutPickup(executor: Executor, sellerId: string, orderId: string): Promise<number> {
  const [row] = await executor
    .select({ value: sql<number>`count(*)::int` })
    .from(shipments)
    .where(and(eq(shipments.sellerId, sellerId), eq(shipments.orderId, orderId), eq(shipments.status, 'created'), isNull(shipments.pickupId)));
  return row?.value ?? 0;
}
