import { and, asc, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { addresses, orderItems, orders, pickups, products, shipmentItems, shipments, users } from '../../db/schema';

export type ShipmentRecord = typeof shipments.$inferSelect;
export type NewShipmentRecord = typeof shipments.$inferInsert;
export type ShipmentStatusValue = ShipmentRecord['status'];
export type PickupRecord = typeof pickups.$inferSelect;
export type NewPickupRecord = typeof pickups.$inferInsert;
export type OrderItemRow = typeof orderItems.$inferSelect;

/** An active (or, for voided shipments, released) line of a shipment with its order item. */
export interface ShipmentLine {
  shipmentId: string;
  quantity: number;
  isActive: boolean;
  orderItem: OrderItemRow;
  weightOunces: number;
}

// ── shipments ─────────────────────────────────────────────────────────────────────────────────

/** The seller's shipment; another seller's is as absent as a missing one. `lock` holds a row lock. */
export async function findSellerShipment(executor: Executor, sellerId: string, id: string, options: { lock?: boolean } = {}): Promise<ShipmentRecord | null> {
  const query = executor.select().from(shipments).where(and(eq(shipments.id, id), eq(shipments.sellerId, sellerId)));
  const [row] = options.lock ? await query.for('update') : await query;
  return row ?? null;
}

export async function findSellerShipments(executor: Executor, sellerId: string, filter: { orderId?: string } = {}): Promise<ShipmentRecord[]> {
  return executor
    .select()
    .from(shipments)
    .where(and(eq(shipments.sellerId, sellerId), filter.orderId ? eq(shipments.orderId, filter.orderId) : undefined))
    .orderBy(desc(shipments.createdAt), desc(shipments.id));
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
    .select({ shipmentId: shipmentItems.shipmentId, quantity: shipmentItems.quantity, isActive: shipmentItems.isActive, orderItem: orderItems, weightOunces: products.weightOunces })
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

export async function lockOrderRow(executor: Executor, orderId: string) {
  const [row] = await executor.select().from(orders).where(eq(orders.id, orderId)).for('update');
  return row ?? null;
}

export async function findOrderRow(executor: Executor, orderId: string) {
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

export async function setOrderItemsStatus(executor: Executor, ids: readonly string[], status: OrderItemRow['status'], now: Date): Promise<void> {
  if (ids.length === 0) return;
  await executor.update(orderItems).set({ status, updatedAt: now }).where(inArray(orderItems.id, [...ids]));
}

export async function setOrderStatus(executor: Executor, orderId: string, status: (typeof orders.$inferSelect)['status'], now: Date): Promise<void> {
  await executor.update(orders).set({ status, updatedAt: now }).where(eq(orders.id, orderId));
}

export async function findOrderItemById(executor: Executor, id: string): Promise<OrderItemRow | null> {
  const [row] = await executor.select().from(orderItems).where(eq(orderItems.id, id));
  return row ?? null;
}

/** The seller's contact and ship-from address (the default address first). */
export async function findShipFromOf(executor: Executor, sellerId: string) {
  const [seller] = await executor
    .select({ firstName: users.firstName, lastName: users.lastName, companyName: users.companyName, phone: users.phone, email: users.email })
    .from(users)
    .where(eq(users.id, sellerId));
  const [address] = await executor
    .select()
    .from(addresses)
    .where(eq(addresses.userId, sellerId))
    .orderBy(desc(addresses.isDefault), asc(addresses.createdAt), asc(addresses.id))
    .limit(1);
  return { seller: seller ?? null, address: address ?? null };
}

// ── pickups ───────────────────────────────────────────────────────────────────────────────────

export async function insertPickup(executor: Executor, values: NewPickupRecord): Promise<PickupRecord> {
  const [row] = await executor.insert(pickups).values(values).returning();
  if (!row) throw new Error('insert into pickups returned no row');
  return row;
}

export async function findPickupsByIds(executor: Executor, ids: readonly string[]): Promise<Map<string, PickupRecord>> {
  if (ids.length === 0) return new Map();
  const rows = await executor.select().from(pickups).where(inArray(pickups.id, [...new Set(ids)]));
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
