// What a seller may do with a shipment, and how shipments are counted (docs/product/shipping.md, limits.md).
// The API enforces these and the web shows them, so the two can never disagree about a button.

export const SHIPMENT_STATUSES = [
  'pending',
  'created',
  'pickup_scheduled',
  'shipped',
  'in_transit',
  'out_for_delivery',
  'delivered',
  'exception',
  'cancelled',
  'returned',
] as const;
export type ShipmentStatus = (typeof SHIPMENT_STATUSES)[number];

/** What the status filter offers (docs/product/shipping.md): not pending, cancelled or returned. */
export const STATUS_FILTER_OPTIONS = [
  'created',
  'pickup_scheduled',
  'shipped',
  'in_transit',
  'out_for_delivery',
  'delivered',
  'exception',
] as const satisfies readonly ShipmentStatus[];

/** A label can be voided for 24 hours after it was created (docs/product/limits.md). */
export const VOID_WINDOW_HOURS = 24;
const VOID_WINDOW_MS = VOID_WINDOW_HOURS * 60 * 60 * 1000;

/** Savings claimed per shipment beyond the first in a consolidated pickup: "up to $3.00" (docs/product/shipping.md, limits.md). */
export const CONSOLIDATION_SAVINGS_PER_ADDITIONAL_SHIPMENT_CENTS = 300;

/** The wording of docs/product/errors.md, also used by the "Cannot Void Shipment" panel. */
export const VOID_PERIOD_EXPIRED_MESSAGE = 'This shipment is outside the allowed void period. Contact UPS customer service for assistance.';
export const ALREADY_PICKED_UP_MESSAGE = 'This shipment has been picked up and cannot be voided. You may need to create a return shipment.';
/**
 * The `code` beside those two messages in the API's refusal of a void (409), whether the marketplace's
 * own rule or the carrier refused it: a screen tells the two apart by code, never by the wording.
 */
export const VOID_PERIOD_EXPIRED_CODE = 'void_period_expired';
export const ALREADY_PICKED_UP_CODE = 'already_picked_up';

/**
 * A voided shipment is over: its label no longer ships anything, so nothing that uses the label (view,
 * download, pickups, tracking, simulation) is offered or done. The API answers 409 with this text when
 * asked anyway, and 410 Gone with the second one for the label itself.
 */
export const VOIDED_SHIPMENT_MESSAGE =
  'This shipment has been voided. Its label, pickups and tracking are no longer available; create a new shipment to send its items.';
export const VOIDED_LABEL_MESSAGE = 'This label was voided with its shipment and can no longer be used.';

/** The facts about a shipment these rules read; either view's shipment fits. */
export interface ShipmentFacts {
  id: string;
  status: ShipmentStatus;
  createdAt: Date | string;
  trackingNumber?: string | null;
  labelUrl?: string | null;
  /** Whether a label is stored, for views that leave the label bytes out; otherwise `labelUrl` decides. */
  hasLabel?: boolean | null;
  pickupRequestNumber?: string | null;
}

export function isShipmentStatus(value: unknown): value is ShipmentStatus {
  return typeof value === 'string' && (SHIPMENT_STATUSES as readonly string[]).includes(value);
}

const PICKED_UP = new Set<ShipmentStatus>(['shipped', 'in_transit', 'out_for_delivery', 'delivered']);

/** Voided (status cancelled): the label was given back to the carrier, and the shipment is history. */
export function isVoidedShipment(shipment: Pick<ShipmentFacts, 'status'>): boolean {
  return shipment.status === 'cancelled';
}

const REFUSAL_BY_STATUS: Partial<Record<ShipmentStatus, string>> = {
  pending: 'This shipment has no label yet, so there is nothing to void.',
  exception: 'This shipment is with the carrier (delivery exception) and cannot be voided.',
  cancelled: 'This shipment has already been voided.',
  returned: 'This shipment has been returned to the sender and cannot be voided.',
};

export type VoidEligibility = { allowed: true } | { allowed: false; reason: string };

/**
 * Void is allowed only in created or pickup_scheduled and while the shipment is under 24 hours old
 * (docs/product/shipping.md). The status is checked first: a picked-up parcel is refused for that, whatever its age.
 */
export function voidEligibility(shipment: Pick<ShipmentFacts, 'status' | 'createdAt'>, now: Date): VoidEligibility {
  if (PICKED_UP.has(shipment.status)) return { allowed: false, reason: ALREADY_PICKED_UP_MESSAGE };
  if (shipment.status !== 'created' && shipment.status !== 'pickup_scheduled') {
    return { allowed: false, reason: REFUSAL_BY_STATUS[shipment.status] ?? 'This shipment cannot be voided.' };
  }
  const createdAt = new Date(shipment.createdAt).getTime();
  if (Number.isNaN(createdAt)) throw new RangeError(`createdAt is not a date: ${String(shipment.createdAt)}`);
  if (now.getTime() - createdAt >= VOID_WINDOW_MS) return { allowed: false, reason: VOID_PERIOD_EXPIRED_MESSAGE };
  return { allowed: true };
}

export interface ShipmentActions {
  canSchedulePickup: boolean;
  canCancelPickup: boolean;
  canVoid: boolean;
  /** Why void is refused, for the "Cannot Void Shipment" panel; null when it is allowed. */
  voidRefusalReason: string | null;
  /** Tracking update, Copy and (in development) the status simulation; never on a voided shipment. */
  canTrack: boolean;
  /** Label view and download; never on a voided shipment. */
  canViewLabel: boolean;
}

export function shipmentActions(shipment: ShipmentFacts, now: Date): ShipmentActions {
  const eligibility = voidEligibility(shipment, now);
  const isLive = !isVoidedShipment(shipment);
  const hasLabel = typeof shipment.hasLabel === 'boolean' ? shipment.hasLabel : hasText(shipment.labelUrl);
  return {
    canSchedulePickup: shipment.status === 'created',
    canCancelPickup: shipment.status === 'pickup_scheduled',
    canVoid: eligibility.allowed,
    voidRefusalReason: eligibility.allowed ? null : eligibility.reason,
    canTrack: isLive && hasText(shipment.trackingNumber),
    canViewLabel: isLive && hasLabel,
  };
}

export interface ShipmentStats {
  total: number;
  /** Labelled and not yet with the carrier: created or pickup_scheduled. */
  readyToShip: number;
  /** shipped, in_transit and out_for_delivery (docs/product/shipping.md). */
  inTransit: number;
  /** Created with no pickup request number; also the "Pickup Ready" card of docs/product/shipping.md. */
  pendingPickup: number;
  delivered: number;
}

export function countShipmentsForStats(shipments: readonly Pick<ShipmentFacts, 'status' | 'pickupRequestNumber'>[]): ShipmentStats {
  const stats: ShipmentStats = { total: shipments.length, readyToShip: 0, inTransit: 0, pendingPickup: 0, delivered: 0 };
  for (const shipment of shipments) {
    if (shipment.status === 'created' || shipment.status === 'pickup_scheduled') stats.readyToShip += 1;
    if (shipment.status === 'shipped' || shipment.status === 'in_transit' || shipment.status === 'out_for_delivery') stats.inTransit += 1;
    if (isAwaitingPickupRequest(shipment)) stats.pendingPickup += 1;
    if (shipment.status === 'delivered') stats.delivered += 1;
  }
  return stats;
}

/** Created and with no pickup request yet: what a (consolidated) pickup can take. */
export function isAwaitingPickupRequest(shipment: Pick<ShipmentFacts, 'status' | 'pickupRequestNumber'>): boolean {
  return shipment.status === 'created' && !hasText(shipment.pickupRequestNumber);
}

/** The consolidated-pickup banner shows when more than one shipment awaits a pickup request (docs/product/shipping.md). */
export function canConsolidate(shipments: readonly Pick<ShipmentFacts, 'status' | 'pickupRequestNumber'>[]): boolean {
  return shipments.filter(isAwaitingPickupRequest).length > 1;
}

/** "Up to $3.00 per additional shipment": $3.00 × (count − 1), nothing for one shipment or none. */
export function consolidationSavingsCents(count: number): number {
  if (!Number.isSafeInteger(count) || count < 0) throw new RangeError(`count must be a non-negative integer, got ${count}`);
  return CONSOLIDATION_SAVINGS_PER_ADDITIONAL_SHIPMENT_CENTS * Math.max(count - 1, 0);
}

/**
 * Where the seller's items of one order stand for shipping, which decides what the Create New Shipment
 * card of Shipment Management says (docs/product/shipping.md): approved items can go into a shipment now; pending ones
 * wait for the seller's approval first; when neither is left, everything that was going out has gone
 * (or nothing ever will: rejected, cancelled or refunded before shipping).
 */
export type ShippingReadiness = 'ready' | 'awaiting_approval' | 'all_shipped' | 'nothing_to_ship';

/** Item statuses of an item that left in a shipment (whatever happened to its money afterwards). */
const SENT_ITEM_STATUSES = new Set(['shipped', 'delivered', 'completed', 'partially_refunded']);

export function shippingReadinessOf(itemStatuses: readonly string[]): ShippingReadiness {
  if (itemStatuses.includes('approved')) return 'ready';
  if (itemStatuses.includes('pending')) return 'awaiting_approval';
  if (itemStatuses.some((status) => SENT_ITEM_STATUSES.has(status))) return 'all_shipped';
  return 'nothing_to_ship';
}

/** Search by shipment id or tracking number, case-insensitive substring (docs/product/shipping.md); a blank query matches all. */
export function matchesShipmentSearch(shipment: Pick<ShipmentFacts, 'id' | 'trackingNumber'>, query: string): boolean {
  const needle = query.trim().toLowerCase();
  if (needle === '') return true;
  return shipment.id.toLowerCase().includes(needle) || (shipment.trackingNumber ?? '').toLowerCase().includes(needle);
}

function hasText(value: string | null | undefined): boolean {
  return typeof value === 'string' && value.trim() !== '';
}

/** The usual journey of a parcel, in order. */
const JOURNEY: readonly ShipmentStatus[] = ['created', 'pickup_scheduled', 'shipped', 'in_transit', 'out_for_delivery', 'delivered'];

/**
 * The status a carrier's tracking report leaves a shipment in: the reported one, except that a late or
 * partial report never moves a parcel back along its journey (in transit stays in transit when a scan
 * arrives out of order). Exceptions and returns are always taken as reported.
 */
export function trackedStatus(stored: ShipmentStatus, reported: ShipmentStatus): ShipmentStatus {
  const storedStep = JOURNEY.indexOf(stored);
  const reportedStep = JOURNEY.indexOf(reported);
  if (storedStep >= 0 && reportedStep >= 0 && reportedStep < storedStep) return stored;
  return reported;
}
