import { and, asc, eq, inArray, isNotNull, isNull, ne } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { shipmentItems, shipments, type ShipmentTrackingEvent } from './shipping.schema';

/** What a buyer may see of an order item's parcel: the shipping module's answer to the orders module. */
export interface OrderItemTracking {
  trackingNumber: string;
  carrier: string;
  status: (typeof shipments.$inferSelect)['status'];
  /** Oldest first, as the carrier reported them. */
  events: ShipmentTrackingEvent[];
  /** When the label was bought (else when the shipment was made). */
  createdAt: Date;
}

/**
 * Per order item, the parcel it travels in: only an active shipment line (a voided shipment releases
 * its items) whose label exists. Items without one are absent from the map.
 */
export async function findTrackingOfOrderItems(executor: Executor, orderItemIds: readonly string[]): Promise<Map<string, OrderItemTracking>> {
  if (orderItemIds.length === 0) return new Map();
  const rows = await executor
    .select({
      orderItemId: shipmentItems.orderItemId,
      trackingNumber: shipments.trackingNumber,
      carrier: shipments.carrier,
      status: shipments.status,
      events: shipments.trackingEvents,
      labelCreatedAt: shipments.labelCreatedAt,
      createdAt: shipments.createdAt,
    })
    .from(shipmentItems)
    .innerJoin(shipments, eq(shipments.id, shipmentItems.shipmentId))
    .where(
      and(
        inArray(shipmentItems.orderItemId, [...orderItemIds]),
        eq(shipmentItems.isActive, true),
        isNotNull(shipments.trackingNumber),
        isNull(shipments.voidedAt),
        ne(shipments.status, 'cancelled'),
      ),
    )
    .orderBy(asc(shipmentItems.createdAt));
  const tracking = new Map<string, OrderItemTracking>();
  for (const row of rows) {
    if (!row.trackingNumber) continue;
    const events = [...row.events].sort((a, b) => Date.parse(a.occurredAt) - Date.parse(b.occurredAt));
    tracking.set(row.orderItemId, {
      trackingNumber: row.trackingNumber,
      carrier: row.carrier,
      status: row.status,
      events,
      createdAt: row.labelCreatedAt ?? row.createdAt,
    });
  }
  return tracking;
}
