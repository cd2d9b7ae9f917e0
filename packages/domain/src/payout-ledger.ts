// What a seller owes back after a refund of an item they were already paid for, and the percentage
// change the admin's payout reports show (docs/product/payouts.md, docs/product/money.md).
// Integer cents throughout; amounts owed back are negative.

import { settleOrderItem } from './item-settlement';

export interface PaidPayoutFigures {
  /** What was transferred: the item's payout less what earlier refunds of other items took off it. */
  netCents: number;
  /** What earlier adjustments took off this payout (≤ 0). */
  adjustmentCents: number;
  /** The item's shipping credited with the payout (≥ 0; absent: none). */
  shippingCreditCents?: number;
  /** The seller's label lines this payout settled (absent: none): they belong to the labels, not to this item. */
  labelChargeCents?: number;
  commissionRateBasisPoints: number;
  pickupChargeCents: number;
}

export interface ClawbackInput {
  unitPriceCents: number;
  quantity: number;
  /** Everything the buyer paid for the item: the line plus the add-on and its share of shipping. */
  refundableCents: number;
  /** The line's share of its shop's shipping (credited to the seller); absent or null for older orders. */
  shippingCents?: number | null;
  /** A late parcel's shipping given back for the item (part of what it paid), and who pays it. */
  lateShippingRefundCents?: number;
  lateRefundPaidBy?: 'seller' | 'marketplace' | null;
  /** Everything refunded for the item, this refund included. */
  refundedCentsAfter: number;
  payout: PaidPayoutFigures;
  /** What the item already owes back from earlier refunds (the sum of its adjustments, ≤ 0). */
  owedBeforeCents: number;
}

/**
 * What a refund after the payout takes back from the seller (≤ 0; 0 when nothing): what the item earned (its
 * payout and shipping credit, before other items' deductions and the label lines, less what it already owes back)
 * against what the item earns with everything refunded so far. The next payout deducts it.
 */
export function clawbackAfterRefundCents(input: ClawbackInput): number {
  const after = settleOrderItem({
    unitPriceCents: input.unitPriceCents,
    quantity: input.quantity,
    extrasCents: input.refundableCents - input.unitPriceCents * input.quantity,
    shippingCents: input.shippingCents ?? null,
    refundedCents: input.refundedCentsAfter,
    lateShippingRefundCents: input.lateShippingRefundCents ?? 0,
    lateRefundPaidBy: input.lateRefundPaidBy ?? null,
    commissionRateBasisPoints: input.payout.commissionRateBasisPoints,
    allocatedPickupChargeCents: input.payout.pickupChargeCents,
  });
  const earnedCents = input.payout.netCents - input.payout.adjustmentCents - (input.payout.labelChargeCents ?? 0) + input.owedBeforeCents;
  return Math.min(0, after.payout.payoutCents + after.shippingCreditCents - Math.max(earnedCents, 0));
}

/** Percent change from `previous` to `current`, 2 decimals; null when `previous` is 0 (nothing to compare with). */
export function percentageChange(current: number, previous: number): number | null {
  if (previous === 0) return null;
  return Math.round(((current - previous) / previous) * 10_000) / 100;
}
