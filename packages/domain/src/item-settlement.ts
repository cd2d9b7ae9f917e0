// What happens to the money of one order item once refunds are known (docs/product/money.md).
//
// The buyer paid the line (price × quantity) plus extras (the add-on and the item's share of shipping).
// Refunds come out of the line first, then the extras: a refund is money back for the goods. What is
// left of the line is what the item sold for — its net sale, the one figure every screen calls sales or
// revenue — and the seller's payout applies the spec's rule (docs/product/limits.md) to that kept line:
//   commission = kept line × category rate, gross = kept line − commission − pickup share,
//   payout = max(gross − transfer fee, 0).
// The shipping the buyer kept paying for the item is its seller's, credited beside the payout (shop-shipping-money.ts).
// Whatever else the buyer kept paying and the seller is not paid is the platform's: commission, the pickup
// charge it pays the carrier, the transfer fee and the add-on; when the charges exceed the kept line the
// platform absorbs the difference (the payout never goes below 0).

import { calculatePayout, type PayoutBreakdown } from './payout';
import { shippingCreditCents, type LateRefundPayer } from './shop-shipping-money';

export interface ItemSettlementInput {
  unitPriceCents: number;
  quantity: number;
  /** The add-on and the item's share of the order's shipping: paid by the buyer, never part of the payout rule. */
  extrasCents: number;
  /**
   * The part of the extras that is the line's share of its shop's shipping, credited to the seller beside the payout
   * (shop-shipping-money.ts); absent or null for orders placed before shops set their shipping (the platform's).
   */
  shippingCents?: number | null;
  /** Everything given back to the buyer for this item so far, but a late parcel's shipping refund (below). */
  refundedCents: number;
  /** The shipping given back because the parcel came late, and who pays it (shop-shipping-money.ts). */
  lateShippingRefundCents?: number;
  lateRefundPaidBy?: LateRefundPayer | null;
  /** Basis points (1250 = 12.5 %); null when the category has no rate (0 % with the spec's warning). */
  commissionRateBasisPoints: number | null;
  allocatedPickupChargeCents: number;
}

export interface ItemSettlement {
  /** What the buyer paid for the item. */
  paidCents: number;
  refundedCents: number;
  /** The part of the refunds that came out of the line. */
  lineRefundCents: number;
  /** The line the buyer kept paying for: the item's net sale. */
  keptLineCents: number;
  keptExtrasCents: number;
  /** The payout rule applied to the kept line (itemTotalCents is the kept line). */
  payout: PayoutBreakdown;
  /** The shipping credited to the seller for the item (0 for older orders). */
  shippingCreditCents: number;
  /** The shipping given back for a late parcel (part of `refundedCents`). */
  lateShippingRefundCents: number;
  /** What the platform keeps: paid − refunded − payout − shipping credited. */
  platformCents: number;
}

function assertCents(name: string, value: number): void {
  if (!Number.isSafeInteger(value) || value < 0) throw new RangeError(`${name} must be a non-negative integer, got ${value}`);
}

/** A line as the buyer's receipt shows it: price × quantity plus the add-on when chosen. */
export function lineWithAddOnCents(item: { unitPriceCents: number; quantity: number; addOnCents: number }): number {
  return item.unitPriceCents * item.quantity + item.addOnCents;
}

/** The part of an item's refunds that came out of its line (refunds come out of the line first). */
export function lineRefundCents(item: { unitPriceCents: number; quantity: number; refundedCents: number }): number {
  return Math.min(item.refundedCents, item.unitPriceCents * item.quantity);
}

/** The net sale of an item: its line less what was refunded, never below 0. */
export function netSaleCents(item: { unitPriceCents: number; quantity: number; refundedCents: number }): number {
  return Math.max(item.unitPriceCents * item.quantity - item.refundedCents, 0);
}

/**
 * The spec's payout applied to what the buyer kept paying for the line (refunds come out of the line
 * first). The server pays this and the admin's Process Payout modal shows it.
 */
export function payoutAfterRefunds(
  input: { unitPriceCents: number; quantity: number; refundedCents: number; commissionRateBasisPoints: number | null; allocatedPickupChargeCents: number },
  categoryName?: string,
): PayoutBreakdown {
  assertCents('refundedCents', input.refundedCents);
  const keptLineCents = netSaleCents(input);
  // The payout rule works on a line; the kept line is one "unit" of that value.
  return calculatePayout(
    {
      unitPriceCents: keptLineCents,
      quantity: 1,
      commissionRateBasisPoints: input.commissionRateBasisPoints,
      allocatedPickupChargeCents: input.allocatedPickupChargeCents,
    },
    categoryName,
  );
}

export function settleOrderItem(input: ItemSettlementInput, categoryName?: string): ItemSettlement {
  assertCents('unitPriceCents', input.unitPriceCents);
  assertCents('extrasCents', input.extrasCents);
  assertCents('refundedCents', input.refundedCents);
  if (!Number.isSafeInteger(input.quantity) || input.quantity <= 0) throw new RangeError(`quantity must be a positive integer, got ${input.quantity}`);
  const lineCents = input.unitPriceCents * input.quantity;
  const paidCents = lineCents + input.extrasCents;
  const late = input.lateShippingRefundCents ?? 0;
  assertCents('lateShippingRefundCents', late);
  if (input.refundedCents + late > paidCents) throw new RangeError('Refunds cannot exceed what the buyer paid for the item');
  const lineRefund = lineRefundCents(input);
  const keptLineCents = lineCents - lineRefund;
  const keptExtrasCents = input.extrasCents - (input.refundedCents - lineRefund) - late;
  const payout = payoutAfterRefunds({ ...input, refundedCents: lineRefund }, categoryName);
  const shipping = input.shippingCents ?? null;
  if (shipping !== null && (!Number.isSafeInteger(shipping) || shipping < 0 || shipping > input.extrasCents))
    throw new RangeError('The shipping share must be a non-negative integer within the extras');
  const credit = shippingCreditCents({
    lineCents,
    addOnCents: input.extrasCents - (shipping ?? 0),
    shippingCents: shipping,
    refundedCents: input.refundedCents,
    lateRefundCents: late,
    lateRefundPaidBy: input.lateRefundPaidBy ?? null,
  });
  return {
    paidCents,
    refundedCents: input.refundedCents + late,
    lateShippingRefundCents: late,
    lineRefundCents: lineRefund,
    keptLineCents,
    keptExtrasCents,
    payout,
    shippingCreditCents: credit,
    platformCents: paidCents - input.refundedCents - late - payout.payoutCents - credit,
  };
}

/**
 * What a seller who was already paid for an item owes back after a later refund: the payout they got
 * less the payout the item earns now (≤ 0, as a payout adjustment the next payout deducts).
 */
export function refundClawbackCents(paidOutCents: number, settlementAfterRefund: ItemSettlement): number {
  assertCents('paidOutCents', paidOutCents);
  return Math.min(0, settlementAfterRefund.payout.payoutCents - paidOutCents);
}
