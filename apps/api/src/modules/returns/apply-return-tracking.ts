import { returnStatusFromTracking } from '@marketplace/domain/returns';
import type { Executor } from '../../db/client';
import type { TrackingResult } from '../../providers/carrier/port';
import { findReturn, findReturnLines, updateReturn, type ReturnRecord, type ShipmentTrackingEvent } from './returns.repository';
import { estimateOf, type ReturnsServiceDependencies } from './returns-shared';

/** Applies a carrier's answer to a return whose label is out; a delivery fixes the refund. */
export async function applyReturnTracking(deps: ReturnsServiceDependencies, id: string, result: TrackingResult): Promise<ReturnRecord | null> {
  const { db, clock } = deps;
  return db.transaction(async (transaction) => {
    const row = await findReturn(transaction, id, { lock: true });
    if (!row || (row.status !== 'accepted' && row.status !== 'in_transit')) return row;
    const now = clock.now();
    const events: ShipmentTrackingEvent[] = result.events.map((event) => ({
      status: event.status,
      description: event.description,
      occurredAt: event.occurredAt,
      location: event.location ?? null,
    }));
    const next = returnStatusFromTracking(row.status, result.status);
    if (next === 'delivered') return markDelivered(transaction, row, now, events);
    return updateReturn(transaction, row.id, { status: next, trackingEvents: events, lastTrackedAt: now, updatedAt: now });
  });
}

/** Fixes the refund when the parcel is delivered back: what may still be refunded, less the fee. */
async function markDelivered(executor: Executor, row: ReturnRecord, now: Date, events: ShipmentTrackingEvent[]): Promise<ReturnRecord> {
  const line = (await findReturnLines(executor, [row.orderItemId])).get(row.orderItemId);
  const refund = line ? estimateOf(line, row.restockingFeeBasisPoints) : { refundCents: 0, restockingFeeCents: 0 };
  return updateReturn(executor, row.id, {
    status: 'delivered',
    deliveredAt: now,
    refundCents: refund.refundCents,
    restockingFeeCents: refund.restockingFeeCents,
    trackingEvents: events,
    lastTrackedAt: now,
    updatedAt: now,
  });
}
