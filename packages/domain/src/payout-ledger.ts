// What a seller owes back after a refund of an item they were already paid for, and the percentage
// change the admin's payout reports show (docs/product/payouts.md, docs/product/money.md).
// Integer cents throughout; amounts owed back are negative.

import { refundClawbackCents, settleOrderItem } from './item-settlement';

export interface PaidPayoutFigures {
  /** What was transferred: the item's payout less what earlier refunds of other items took off it. */
  netCents: number;
  /** What earlier adjustments took off this payout (≤ 0). */
  adjustmentCents: number;
  commissionRateBasisPoints: number;
  pickupChargeCents: number;
}

export interface ClawbackInput {
  unitPriceCents: number;
  quantity: number;
  /** Everything the buyer paid for the item: the line plus the add-on and its share of shipping. */
  refundableCents: number;
  /** Everything refunded for the item, this refund included. */
  refundedCentsAfter: number;
  payout: PaidPayoutFigures;
  /** What the item already owes back from earlier refunds (the sum of its adjustments, ≤ 0). */
  owedBeforeCents: number;
}

/**
 * What a refund after the payout takes back from the seller (≤ 0; 0 when nothing): the payout the item
 * earned (its net before other items' deductions, less what it already owes back) against the payout
 * the item earns with everything refunded so far. The next payout deducts it.
 */
export function clawbackAfterRefundCents(input: ClawbackInput): number {
  const after = settleOrderItem({
    unitPriceCents: input.unitPriceCents,
    quantity: input.quantity,
    extrasCents: input.refundableCents - input.unitPriceCents * input.quantity,
    refundedCents: input.refundedCentsAfter,
    commissionRateBasisPoints: input.payout.commissionRateBasisPoints,
    allocatedPickupChargeCents: input.payout.pickupChargeCents,
  });
  const itemPayoutCents = input.payout.netCents - input.payout.adjustmentCents + input.owedBeforeCents;
  return refundClawbackCents(Math.max(itemPayoutCents, 0), after);
}

/** Percent change from `previous` to `current`, 2 decimals; null when `previous` is 0 (nothing to compare with). */
export function percentageChange(current: number, previous: number): number | null {
  if (previous === 0) return null;
  return Math.round(((current - previous) / previous) * 10_000) / 100;
}
