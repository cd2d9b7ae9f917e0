// Money rules of disputes: how much a refund may be, what a seller who was already paid owes
// back, and how the next payout deducts it. Integer cents throughout; amounts owed back are negative.

import { percentOfCents } from './money';

/**
 * What a seller who was already paid owes back when the buyer gets `refundCents` of an item whose
 * buyer-paid value was `refundableCents`: the same share of what the seller received (`sellerNetCents`),
 * rounded half up, as a negative amount; 0 when the seller was not paid or nothing is refunded.
 */
export function refundAdjustmentCents(input: { refundCents: number; refundableCents: number; sellerNetCents: number }): number {
  const { refundCents, refundableCents, sellerNetCents } = input;
  for (const [name, value] of Object.entries(input)) {
    if (!Number.isSafeInteger(value) || value < 0) throw new RangeError(`${name} must be a non-negative integer, got ${value}`);
  }
  if (refundCents > refundableCents) throw new RangeError('The refund cannot exceed what the buyer paid for the item');
  if (refundCents === 0 || sellerNetCents === 0 || refundableCents === 0) return 0;
  if (refundCents === refundableCents) return -sellerNetCents;
  // share = refund / refundable, in basis points of the seller's net, then half up.
  const owed = Number((BigInt(sellerNetCents) * BigInt(refundCents) * 2n + BigInt(refundableCents)) / (2n * BigInt(refundableCents)));
  return -Math.min(owed, sellerNetCents);
}

export interface PendingAdjustment {
  id: string;
  /** Negative: money the seller owes back. */
  amountCents: number;
}

export interface AdjustedPayout {
  /** What is transferred after the deductions, never below 0. */
  netCents: number;
  /** The sum deducted (≤ 0). */
  adjustmentCents: number;
  /** The adjustments this payout settles (oldest first, each whole). */
  settledIds: string[];
}

/**
 * Deducts what a seller owes back from a payout: oldest first, each adjustment whole, as long as the
 * payout covers it; what does not fit waits for a later payout. The payout never goes below 0.
 */
export function applyPayoutAdjustments(netCents: number, pending: readonly PendingAdjustment[]): AdjustedPayout {
  if (!Number.isSafeInteger(netCents) || netCents < 0) throw new RangeError(`netCents must be a non-negative integer, got ${netCents}`);
  let remaining = netCents;
  const settledIds: string[] = [];
  for (const adjustment of pending) {
    if (!Number.isSafeInteger(adjustment.amountCents) || adjustment.amountCents >= 0)
      throw new RangeError(`adjustment ${adjustment.id} must be a negative integer`);
    const owed = -adjustment.amountCents;
    if (owed > remaining) continue;
    remaining -= owed;
    settledIds.push(adjustment.id);
  }
  return { netCents: remaining, adjustmentCents: remaining - netCents, settledIds };
}

/** A partial refund as a percentage of the refundable amount, half up (used by the admin's quick picks). */
export function refundForPercent(refundableCents: number, percent: number): number {
  return percentOfCents(refundableCents, Math.round(percent * 100));
}
