import { formatCents } from '@marketplace/domain/money';
import {
  ALREADY_PICKED_UP_CODE,
  ALREADY_PICKED_UP_MESSAGE,
  isVoidedShipment,
  shipmentActions,
  VOID_PERIOD_EXPIRED_CODE,
  VOID_PERIOD_EXPIRED_MESSAGE,
  VOIDED_SHIPMENT_MESSAGE,
  type ShipmentActions,
} from '@marketplace/domain/shipment-rules';
import type { Config } from '../../config';
import type { Database, Executor } from '../../db/client';
import type { Clock } from '../../lib/clock';
import type { DomainEventPublisher } from '../../lib/domain-events';
import { HttpError, badRequest, conflict, notFound } from '../../lib/http-errors';
import { CarrierError, type CarrierProvider } from '../../providers/carrier/port';
import type { FileStore } from '../../providers/files/port';
import type { OrdersService } from '../orders';
import {
  findItemsOfOrder,
  findLinesOfShipments,
  findOrderRow,
  findPickupsByIds,
  findSellerShipment,
  type ListedShipmentRecord,
  type OrderRecord,
  type PickupRecord,
  type ShipmentLine,
  type ShipmentRecord,
} from './shipments.repository';

// What the shipping module's services share: the texts, the guards every seller call starts with, the
// carrier's refusals in the seller's words, and a shipment read with what its answers show.

export const SHIPMENT_MESSAGES = {
  shipmentNotFound: 'Shipment not found',
  orderNotFound: 'Order not found',
  sellerNotFound: 'Seller not found',
  noItemsReady: 'No items ready for shipment',
  created: 'Shipment created successfully',
  alreadyExists: 'Shipment already exists for these items',
  processed: 'UPS shipment processed successfully',
  alreadyProcessed: 'UPS label already created for this shipment',
  labelInProgress: 'The label for this shipment is being bought right now. If it does not show up, try again in 5 minutes.',
  labelMayExist: 'UPS may have made the label all the same: try again in 5 minutes, and it will be checked with UPS before anything is bought again.',
  pickupScheduled: 'Pickup scheduled successfully!',
  pickupCancelled: 'Pickup cancelled successfully!',
  voided: 'Shipment voided successfully!',
  trackingUpdated: 'Tracking information updated!',
  noNewTracking: 'No new tracking information from UPS yet.',
  trackingSimulated: (status: string) => `Tracking simulated to status: ${status}`,
  consolidated: (count: number, savingsCents: number) => `Consolidated pickup scheduled for ${count} shipments! Savings: ${formatCents(savingsCents)}`,
  noShipFrom: 'Add a ship-from address to your profile (Addresses) before creating a label',
  simulationProductionOnly: 'Tracking simulation is only available in development mode',
  noLabel: 'No label URL available',
  rateQuoteFailed: 'Failed to get the label rate',
  pickupQuoteFailed: 'Failed to get the pickup charge',
} as const;

/** The service every label is bought with unless the seller's shipment names another. */
export const UPS_GROUND = { code: '03', description: 'UPS Ground' } as const;

/** Everything the shipping services may be built with; each takes the part it needs. */
export interface ShippingDependencies {
  db: Database;
  files: FileStore;
  clock: Clock;
  carrier: CarrierProvider;
  environment: Config['environment'];
  /** The orders service's entry points: the only way an order item's status changes. */
  orderItems: Pick<OrdersService, 'transitionItems' | 'recordDelivered'>;
  /** What the carrier's scans say of each shop part's promise, and a late parcel's shipping back (absent: unit tests). */
  lateDeliveries?: Pick<OrdersService, 'recordShopPartScans' | 'creditLateDelivery'>;
  /** Where tracking announces a parcel out for delivery (NO_DOMAIN_EVENTS when absent: unit tests). */
  events?: DomainEventPublisher;
}

/** Converts a carrier's failure to the answer the seller sees (the product's wording where it has one). */
export function carrierFailure(error: unknown, fallback: string): HttpError {
  if (error instanceof HttpError) return error;
  if (error instanceof CarrierError) {
    if (error.code === 'void_period_expired') return conflict(VOID_PERIOD_EXPIRED_MESSAGE, { code: VOID_PERIOD_EXPIRED_CODE });
    if (error.code === 'already_picked_up') return conflict(ALREADY_PICKED_UP_MESSAGE, { code: ALREADY_PICKED_UP_CODE });
    if (error.code === 'invalid_request') return badRequest(`${fallback}: ${error.message}`, { code: 'carrier_refused' });
    // No answer in time: a gateway timeout, so the seller knows UPS, not the marketplace, is slow.
    if (error.code === 'timeout') return new HttpError(504, `${fallback}: ${error.message}`, { code: 'carrier_unavailable', retryable: true });
    return new HttpError(502, `${fallback}: ${error.message}`, { code: 'carrier_unavailable', retryable: error.retryable });
  }
  throw error;
}

/** A voided shipment's label is void: nothing may use it any more (409). */
export function assertNotVoided(shipment: Pick<ShipmentRecord, 'status'>): void {
  if (isVoidedShipment(shipment)) throw conflict(VOIDED_SHIPMENT_MESSAGE, { code: 'shipment_voided' });
}

/** Another seller's list or order is answered as missing, never as forbidden. */
export function assertSelf(callerId: string, userId: string): void {
  if (callerId !== userId) throw notFound(SHIPMENT_MESSAGES.sellerNotFound);
}

/** Locks the caller's shipment (a row lock, so concurrent calls on it queue) or answers 404. */
export async function lockOwnShipment(executor: Executor, sellerId: string, shipmentId: string): Promise<ShipmentRecord> {
  const shipment = await findSellerShipment(executor, sellerId, shipmentId, { lock: true });
  if (!shipment) throw notFound(SHIPMENT_MESSAGES.shipmentNotFound);
  return shipment;
}

/** The order, when the seller has an item in it; else 404 (another seller's order is as absent as a missing one). */
export async function assertSellerHasOrder(executor: Executor, sellerId: string, orderId: string): Promise<OrderRecord> {
  const order = await findOrderRow(executor, orderId);
  const items = order ? await findItemsOfOrder(executor, orderId) : [];
  if (!order || !items.some((item) => item.sellerId === sellerId)) throw notFound(SHIPMENT_MESSAGES.orderNotFound);
  return order;
}

/** Ids in id order: the order shipments are locked and booked in, so answers list them the same way. */
export function byId(a: { id: string }, b: { id: string }): number {
  return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
}

/** The items a pickup collects, valued price × quantity: what its charge is allocated over. */
export function pickupItemValuesOf(lines: readonly ShipmentLine[]): Array<{ id: string; valueCents: number }> {
  return lines.filter((line) => line.isActive).map((line) => ({ id: line.orderItem.id, valueCents: line.orderItem.priceCents * line.quantity }));
}

// ── a shipment with what its answers show ───────────────────────────────────────────────────────

/**
 * A shipment as read for an answer: with its label bytes (one shipment's answers), or, in the list,
 * only whether it has a label (the list never carries the bytes).
 */
export type ShipmentRow = ShipmentRecord | ListedShipmentRecord;

export interface ShipmentDetails {
  shipment: ShipmentRow;
  /** Its active lines; a voided shipment still shows what it held (its released lines). */
  lines: Array<ShipmentLine & { imageUrl: string | null }>;
  /** The pickup booked for it, while it is scheduled. */
  pickup: PickupRecord | null;
  /** A label is stored and still usable: a voided shipment's label is gone for good. */
  hasLabel: boolean;
  /** What the seller may do with it now (the domain's shipment rules). */
  actions: ShipmentActions;
}

/** The shipments' details in the rows' order: two statements for all of them, whatever their number. */
export async function loadShipmentDetails(
  executor: Executor,
  rows: readonly ShipmentRow[],
  context: { files: FileStore; now: Date },
): Promise<ShipmentDetails[]> {
  const [lines, pickups] = await Promise.all([
    findLinesOfShipments(
      executor,
      rows.map((row) => row.id),
    ),
    findPickupsByIds(
      executor,
      rows.map((row) => row.pickupId).filter((id): id is string => id !== null),
    ),
  ]);
  return rows.map((shipment) => {
    const isVoided = isVoidedShipment(shipment);
    const pickup = shipment.pickupId ? (pickups.get(shipment.pickupId) ?? null) : null;
    const activePickup = pickup && pickup.status === 'scheduled' ? pickup : null;
    const hasLabel = !isVoided && ('hasLabel' in shipment ? shipment.hasLabel : Boolean(shipment.labelBase64));
    const actions = shipmentActions(
      {
        id: shipment.id,
        status: shipment.status,
        createdAt: shipment.labelCreatedAt ?? shipment.createdAt,
        trackingNumber: shipment.trackingNumber,
        // Label view and download are offered when a label exists, fetched or not.
        hasLabel,
        pickupRequestNumber: activePickup?.pickupRequestNumber ?? null,
      },
      context.now,
    );
    return {
      shipment,
      lines: lines
        .filter((line) => line.shipmentId === shipment.id && (line.isActive || isVoided))
        .map((line) => ({ ...line, imageUrl: line.coverKey ? context.files.urlFor(line.coverKey) : null })),
      pickup: activePickup,
      hasLabel,
      actions,
    };
  });
}

export async function loadOneShipmentDetails(executor: Executor, row: ShipmentRow, context: { files: FileStore; now: Date }): Promise<ShipmentDetails> {
  const [details] = await loadShipmentDetails(executor, [row], context);
  if (!details) throw notFound(SHIPMENT_MESSAGES.shipmentNotFound);
  return details;
}
