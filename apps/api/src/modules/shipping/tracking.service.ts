import { carrierDayOf } from '@marketplace/domain/delivery-dates';
import { trackedStatus } from '@marketplace/domain/shipment-rules';
import type { Executor } from '../../db/client';
import { mapWithConcurrency } from '../../lib/concurrency';
import { NO_DOMAIN_EVENTS } from '../../lib/domain-events';
import { badRequest, notFound } from '../../lib/http-errors';
import {
  CarrierError,
  SIMULATION_STATUSES,
  type CarrierProvider,
  type SimulationStatus,
  type TrackingResult,
  type TrackingStatus,
} from '../../providers/carrier/port';
import { findParcelNews } from '../orders';
import { findTrackingOfOrderItems } from './order-item-tracking.repository';
import {
  findLinesOfShipments,
  findSellerShipment,
  findShipmentsToTrack,
  updateShipment,
  type ShipmentRecord,
  type ShipmentStatusValue,
  type ShipmentTrackingEvent,
} from './shipments.repository';
import { SHIPMENT_MESSAGES, assertNotVoided, carrierFailure, lockOwnShipment, type ShippingDependencies } from './shipments.shared';

// Where a parcel is: tracking on the seller's request, the development-only simulation, and the
// background refresh that moves every active shipment on (and marks delivered items delivered).

/** Statuses a carrier reports that move a shipment on; "created" from the carrier never undoes a scheduled pickup. */
const CARRIER_PROGRESS = new Set<TrackingStatus>(['shipped', 'in_transit', 'out_for_delivery', 'delivered', 'exception', 'returned']);
const ACTIVE_FOR_TRACKING: readonly ShipmentStatusValue[] = ['created', 'pickup_scheduled', 'shipped', 'in_transit', 'out_for_delivery', 'exception'];
const isActiveForTracking = (status: ShipmentStatusValue) => ACTIVE_FOR_TRACKING.includes(status);

/** Carrier calls the background refresh makes at once: quick rounds without flooding the carrier's rate limit. */
export const TRACKING_CONCURRENCY = 5;

const isSimulationStatus = (status: string): status is SimulationStatus => (SIMULATION_STATUSES as readonly string[]).includes(status);

/** Where the shipment is after a track (or a simulation), as the seller's answer tells it. */
export interface ShipmentTracking {
  status: ShipmentStatusValue;
  trackingNumber: string;
  estimatedDeliveryDate: string | null;
  events: ShipmentTrackingEvent[];
  /** The status simulated, or null for a real track. */
  simulatedStatus: SimulationStatus | null;
  /** False when the carrier had nothing for the number yet (what was known is answered). */
  isUpdated: boolean;
}

/** The carrier's statuses that mean it has the parcel (its first scan): not a label made or a pickup booked. */
const CARRIER_HAS_IT: ReadonlySet<string> = new Set(['shipped', 'in_transit', 'out_for_delivery', 'delivered', 'exception', 'returned']);

/** The first carrier scan of a parcel and, when delivered, the carrier's day it came (the delivered scan's, else `deliveredAt`). */
export function promiseScansOf(events: readonly ShipmentTrackingEvent[], deliveredAt: Date | null): { firstScanAt: Date | null; deliveredOn: string | null } {
  const times = events
    .filter((event) => CARRIER_HAS_IT.has(event.status))
    .map((event) => new Date(event.occurredAt).getTime())
    .filter(Number.isFinite);
  const firstScanAt = times.length > 0 ? new Date(Math.min(...times)) : null;
  if (!deliveredAt) return { firstScanAt, deliveredOn: null };
  const scan = events.find((event) => event.status === 'delivered' && Number.isFinite(new Date(event.occurredAt).getTime()));
  return { firstScanAt, deliveredOn: carrierDayOf(scan ? new Date(scan.occurredAt) : deliveredAt) };
}

/** Moves the carrier's parcel to the status where it can (the sandbox), or (another carrier) records the event here only. */
async function simulateOn(
  carrier: CarrierProvider,
  trackingNumber: string,
  status: SimulationStatus,
  previous: readonly ShipmentTrackingEvent[],
  now: Date,
): Promise<TrackingResult> {
  if (carrier.simulate) {
    await carrier.simulate(trackingNumber, status);
    return carrier.track({ trackingNumber });
  }
  return {
    trackingNumber,
    status,
    events: [
      { status, description: `Simulated: ${status.replaceAll('_', ' ')}`, occurredAt: now.toISOString(), location: null },
      ...previous.map((event) => ({ ...event, status: event.status as TrackingStatus })),
    ],
  };
}

export function createTrackingService({
  db,
  clock,
  carrier,
  environment,
  orderItems: orderItemStates,
  lateDeliveries,
  events: domainEvents = NO_DOMAIN_EVENTS,
}: Pick<ShippingDependencies, 'db' | 'clock' | 'carrier' | 'environment' | 'orderItems' | 'events' | 'lateDeliveries'>) {
  const isProduction = environment === 'production';

  /** Applies a tracking result to a locked shipment: status, events, and delivered items. */
  async function applyTracking(transaction: Executor, shipment: ShipmentRecord, result: TrackingResult, forcedStatus: ShipmentStatusValue | null) {
    const now = clock.now();
    const status: ShipmentStatusValue = forcedStatus ?? (CARRIER_PROGRESS.has(result.status) ? trackedStatus(shipment.status, result.status) : shipment.status);
    const events: ShipmentTrackingEvent[] = result.events.map((event) => ({
      status: event.status,
      description: event.description,
      occurredAt: event.occurredAt,
      location: event.location ?? null,
    }));
    const updated = await updateShipment(transaction, shipment.id, { status, trackingEvents: events, lastTrackedAt: now, updatedAt: now });
    // What the scans say of the shop part's promise: when the parcel was handed over, and the day it came.
    const scans = promiseScansOf(events, status === 'delivered' ? now : null);
    await lateDeliveries?.recordShopPartScans(transaction, { orderId: shipment.orderId, sellerId: shipment.sellerId, ...scans });
    if (status === 'delivered' && shipment.status !== 'delivered') {
      const lines = (await findLinesOfShipments(transaction, [shipment.id])).filter((line) => line.isActive);
      await orderItemStates.recordDelivered(
        transaction,
        lines.map((line) => line.orderItem.id),
      );
    }
    // Only the step into out for delivery is news (the buyer's e-mail); a later track that finds it still there is not.
    if (status === 'out_for_delivery' && shipment.status !== 'out_for_delivery') {
      const lines = (await findLinesOfShipments(transaction, [shipment.id])).filter((line) => line.isActive);
      for (const news of await findParcelNews(
        transaction,
        lines.map((line) => line.orderItem),
        'outForDelivery',
        findTrackingOfOrderItems,
      )) {
        domainEvents.publishAfterCommit(transaction, { type: 'order-item.out-for-delivery', ...news });
      }
    }
    return { updated, events, newlyDelivered: status === 'delivered' && shipment.status !== 'delivered' };
  }

  /** After the delivery is recorded: a late parcel's shipping back (best effort here; the sweep finishes it). */
  async function creditIfLate(shipment: Pick<ShipmentRecord, 'orderId' | 'sellerId'>): Promise<void> {
    try {
      await lateDeliveries?.creditLateDelivery(shipment.orderId, shipment.sellerId);
    } catch {
      // The refunds job's sweep looks again.
    }
  }

  return {
    /** The statuses the development-only simulation offers; missing (404) in production. */
    simulationStatuses(): SimulationStatus[] {
      if (isProduction) throw notFound('Not found');
      return [...SIMULATION_STATUSES];
    },

    /** Asks the carrier where the parcel is (or, outside production, simulates `simulateStatus`) and records it. */
    async track(sellerId: string, shipmentId: string, simulateStatus: string | undefined): Promise<ShipmentTracking> {
      let simulated: SimulationStatus | null = null;
      if (simulateStatus !== undefined) {
        if (isProduction) throw badRequest(SHIPMENT_MESSAGES.simulationProductionOnly);
        if (!isSimulationStatus(simulateStatus)) {
          throw badRequest(`Unknown simulation status '${simulateStatus}'; use one of: ${SIMULATION_STATUSES.join(', ')}`);
        }
        simulated = simulateStatus;
      }
      // The carrier is asked outside any transaction; its answer is applied with the shipment locked after.
      const shipment = await findSellerShipment(db, sellerId, shipmentId);
      if (!shipment) throw notFound(SHIPMENT_MESSAGES.shipmentNotFound);
      assertNotVoided(shipment);
      const trackingNumber = shipment.trackingNumber;
      if (!trackingNumber) throw badRequest('This shipment has no tracking number yet');
      let result: TrackingResult;
      try {
        result =
          simulated !== null
            ? await simulateOn(carrier, trackingNumber, simulated, shipment.trackingEvents, clock.now())
            : await carrier.track({ trackingNumber });
      } catch (error) {
        // The carrier has no events for this number yet (UPS takes a while after a label is made; the
        // sandbox without its ledger file knows none from before): keep what we know rather than failing the seller.
        if (simulated === null && error instanceof CarrierError && error.code === 'not_found') {
          return {
            status: shipment.status,
            trackingNumber,
            estimatedDeliveryDate: null,
            events: shipment.trackingEvents ?? [],
            simulatedStatus: null,
            isUpdated: false,
          };
        }
        throw carrierFailure(error, 'Failed to track shipment');
      }
      const tracked = await db.transaction(async (transaction) => {
        const locked = await lockOwnShipment(transaction, sellerId, shipmentId);
        // Voided meanwhile: the void stands, whatever the carrier said of the parcel before.
        assertNotVoided(locked);
        const { updated, events, newlyDelivered } = await applyTracking(transaction, locked, result, simulated);
        return {
          newlyDelivered,
          status: updated.status,
          trackingNumber,
          estimatedDeliveryDate: result.estimatedDeliveryDate ?? null,
          events,
          simulatedStatus: simulated,
          isUpdated: true,
        };
      });
      const { newlyDelivered, ...answer } = tracked;
      if (newlyDelivered) await creditIfLate(shipment);
      return answer;
    },

    /**
     * Tracks every active shipment once (the background refresh job), at most `concurrency` carrier
     * calls at a time; a failure on one shipment is skipped so the others still move on. Each answer is
     * recorded in its own short transaction, after the carrier call. Returns how many were updated.
     */
    async refreshActiveShipments({ limit = 100, concurrency = TRACKING_CONCURRENCY }: { limit?: number; concurrency?: number } = {}): Promise<number> {
      const candidates = (await findShipmentsToTrack(db, ACTIVE_FOR_TRACKING, limit)).filter(
        (candidate) => candidate.trackingNumber && isActiveForTracking(candidate.status),
      );
      let updated = 0;
      await mapWithConcurrency(candidates, concurrency, async (candidate) => {
        try {
          const result = await carrier.track({ trackingNumber: candidate.trackingNumber! });
          const delivered = await db.transaction(async (transaction) => {
            const locked = await findSellerShipment(transaction, candidate.sellerId, candidate.id, { lock: true });
            if (!locked || !isActiveForTracking(locked.status)) return false;
            const applied = await applyTracking(transaction, locked, result, null);
            updated += 1;
            return applied.newlyDelivered;
          });
          if (delivered) await creditIfLate(candidate);
        } catch {
          // Tried again on the next round.
        }
      });
      return updated;
    },
  };
}

export type TrackingService = ReturnType<typeof createTrackingService>;
