// The rules of returns (docs/product/returns.md): the seller's return window and restocking
// fee, the refund a return earns, and which steps a return may take. Integer cents and basis points
// (1250 = 12.5 %) throughout; the current time is passed in.

import { percentOfCents } from './money';

export const DEFAULT_RETURN_WINDOW_DAYS = 30;
/** A window of 0 days means the seller takes no returns. */
export const MAX_RETURN_WINDOW_DAYS = 365;
export const DEFAULT_RESTOCKING_FEE_BASIS_POINTS = 0;
/** At most half the line: a "return" that keeps more than that is not one. */
export const MAX_RESTOCKING_FEE_BASIS_POINTS = 5_000;

/** Days the seller has to check a returned item once UPS delivered it back, before it is refunded by itself. */
export const DEFAULT_RETURN_INSPECTION_DAYS = 3;
export const MIN_RETURN_INSPECTION_DAYS = 1;
export const MAX_RETURN_INSPECTION_DAYS = 14;

const DAY_MS = 24 * 60 * 60 * 1000;

// The two lists below are PostgreSQL enums too (enums.ts says how the database and contracts use them).
export const RETURN_STATUSES = ['requested', 'refused', 'accepted', 'in_transit', 'delivered', 'refunded', 'cancelled'] as const;
export type ReturnStatus = (typeof RETURN_STATUSES)[number];

export const RETURN_REASONS = ['changed_mind', 'not_as_described', 'damaged', 'wrong_item', 'does_not_fit', 'other'] as const;
export type ReturnReason = (typeof RETURN_REASONS)[number];

/** A return in one of these is "in progress": one per item at a time, and the seller's payout for the item waits. */
export const OPEN_RETURN_STATUSES = ['requested', 'accepted', 'in_transit', 'delivered'] as const satisfies readonly ReturnStatus[];

export function isOpenReturn(status: ReturnStatus): boolean {
  return (OPEN_RETURN_STATUSES as readonly ReturnStatus[]).includes(status);
}

/** Item states from which a delivered item may be sent back (a fully refunded one has nothing left to give). */
export const RETURNABLE_ITEM_STATES = ['delivered', 'completed', 'partially_refunded'] as const;

/** The last moment a return may be asked for: `windowDays` whole days after delivery. */
export function returnWindowEndsAt(deliveredAt: Date, windowDays: number): Date {
  assertWindowDays(windowDays);
  return new Date(deliveredAt.getTime() + windowDays * DAY_MS);
}

/** Whether `now` is still inside the window (its last instant included); a 0-day window is always closed. */
export function isWithinReturnWindow(deliveredAt: Date, windowDays: number, now: Date): boolean {
  if (windowDays === 0) return false;
  return now.getTime() <= returnWindowEndsAt(deliveredAt, windowDays).getTime();
}

/**
 * When a return delivered back is refunded by itself: `inspectionDays` whole days after UPS's delivery scan, unless
 * the seller confirms the item's condition sooner (docs/product/returns.md "The refund").
 */
export function returnRefundDueAt(deliveredAt: Date, inspectionDays: number): Date {
  if (!Number.isSafeInteger(inspectionDays) || inspectionDays < MIN_RETURN_INSPECTION_DAYS || inspectionDays > MAX_RETURN_INSPECTION_DAYS) {
    throw new RangeError(`inspectionDays must be an integer from ${MIN_RETURN_INSPECTION_DAYS} to ${MAX_RETURN_INSPECTION_DAYS}, got ${inspectionDays}`);
  }
  return new Date(deliveredAt.getTime() + inspectionDays * DAY_MS);
}

/** Whether a return back with the seller is refunded now: the seller confirmed its condition, or its inspection days are over. */
export function isReturnRefundDue(
  row: { status: ReturnStatus; deliveredAt: Date | null; inspectionDays: number; conditionConfirmedAt: Date | null },
  now: Date,
): boolean {
  if (row.status !== 'delivered' || !row.deliveredAt) return false;
  return row.conditionConfirmedAt !== null || now.getTime() >= returnRefundDueAt(row.deliveredAt, row.inspectionDays).getTime();
}

/** The restocking fee: a percentage of the item's line total (price × quantity), rounded half up to a cent. */
export function restockingFeeCents(lineTotalCents: number, feeBasisPoints: number): number {
  assertFeeBasisPoints(feeBasisPoints);
  if (!Number.isSafeInteger(lineTotalCents) || lineTotalCents < 0) throw new RangeError(`lineTotalCents must be a non-negative integer, got ${lineTotalCents}`);
  return percentOfCents(lineTotalCents, feeBasisPoints);
}

export interface ReturnRefund {
  /** What the seller keeps for restocking. */
  restockingFeeCents: number;
  /** What goes back to the buyer: what may still be refunded for the item, less the fee, never below 0. */
  refundCents: number;
}

/**
 * The refund a return earns once it is delivered back: everything the buyer may still get back for the
 * item (line, add-on and shipping share, less earlier refunds) minus the restocking fee on the line total.
 */
export function returnRefund(input: { remainingRefundableCents: number; lineTotalCents: number; restockingFeeBasisPoints: number }): ReturnRefund {
  const { remainingRefundableCents } = input;
  if (!Number.isSafeInteger(remainingRefundableCents) || remainingRefundableCents < 0) {
    throw new RangeError(`remainingRefundableCents must be a non-negative integer, got ${remainingRefundableCents}`);
  }
  const fee = restockingFeeCents(input.lineTotalCents, input.restockingFeeBasisPoints);
  return { restockingFeeCents: fee, refundCents: Math.max(remainingRefundableCents - fee, 0) };
}

/**
 * Where a return stands after the carrier reports on its parcel: delivered back to the seller, on its way
 * (scanned, in transit, held by an exception or sent back to the buyer), or still only labelled.
 */
export function returnStatusFromTracking(current: 'accepted' | 'in_transit', carrierStatus: string): 'accepted' | 'in_transit' | 'delivered' {
  if (carrierStatus === 'delivered') return 'delivered';
  if (['shipped', 'in_transit', 'out_for_delivery', 'exception', 'returned'].includes(carrierStatus)) return 'in_transit';
  return current;
}

/** 12.5 (%) → 1250 basis points; at most 2 decimals. */
export function percentToBasisPoints(percent: number): number {
  const basisPoints = Math.round(percent * 100);
  if (!Number.isFinite(percent) || Math.abs(basisPoints - percent * 100) > 1e-6) throw new RangeError(`A percentage has at most 2 decimals, got ${percent}`);
  return basisPoints;
}

export function basisPointsToPercent(basisPoints: number): number {
  return basisPoints / 100;
}

/** What each party may do with a return in a given state (the API enforces it; screens show the buttons). */
export function returnActions(input: { status: ReturnStatus; hasLabel: boolean; role: 'buyer' | 'seller' | 'admin' }) {
  const { status, hasLabel, role } = input;
  return {
    accept: role === 'seller' && status === 'requested',
    refuse: role === 'seller' && status === 'requested',
    /** Before the parcel is on its way: asked for, or accepted with a label not yet used. */
    cancel: role === 'buyer' && (status === 'requested' || (status === 'accepted' && hasLabel)),
    printLabel: (role === 'buyer' || role === 'seller') && hasLabel && (status === 'accepted' || status === 'in_transit'),
    track: (role === 'buyer' || role === 'seller') && hasLabel && (status === 'accepted' || status === 'in_transit'),
    /** The parcel is back: the seller confirms the item's condition, which refunds the buyer at once. */
    confirm: role === 'seller' && status === 'delivered',
  };
}

function assertWindowDays(days: number): void {
  if (!Number.isSafeInteger(days) || days < 0 || days > MAX_RETURN_WINDOW_DAYS)
    throw new RangeError(`windowDays must be an integer from 0 to ${MAX_RETURN_WINDOW_DAYS}, got ${days}`);
}

function assertFeeBasisPoints(basisPoints: number): void {
  if (!Number.isSafeInteger(basisPoints) || basisPoints < 0 || basisPoints > MAX_RESTOCKING_FEE_BASIS_POINTS) {
    throw new RangeError(`The restocking fee must be from 0 to ${MAX_RESTOCKING_FEE_BASIS_POINTS} basis points, got ${basisPoints}`);
  }
}
