import { and, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { shipmentItems, shipments, type ShipmentTrackingEvent } from './shipping.schema';

// What a dispute's case shows of the parcel its item travels in (the shipping module's answer to the
// disputes module).

export interface OrderItemShipment {
  id: string;
  status: (typeof shipments.$inferSelect)['status'];
  trackingNumber: string | null;
  carrier: string;
  trackingEvents: ShipmentTrackingEvent[];
}

/** The shipment an order item is in now (its active shipment line), label or not; null when none. */
export async function findActiveShipmentOfOrderItem(executor: Executor, orderItemId: string): Promise<OrderItemShipment | null> {
  const [row] = await executor
    .select({
      id: shipments.id,
      status: shipments.status,
      trackingNumber: shipments.trackingNumber,
      carrier: shipments.carrier,
      trackingEvents: shipments.trackingEvents,
    })
    .from(shipmentItems)
    .innerJoin(shipments, eq(shipments.id, shipmentItems.shipmentId))
    .where(and(eq(shipmentItems.orderItemId, orderItemId), eq(shipmentItems.isActive, true)))
    .limit(1);
  return row ?? null;
}
