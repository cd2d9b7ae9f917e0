// The seller payout rule (docs/product/validation.md, limits.md), one pure function shared by the server, which pays it, and the
// admin's Process Payout modal, which shows it, so the two can never disagree by a cent.
//
// Rounding: every step works in integer cents and rounds half up to a whole cent (percentOfCents):
//   item total  = price × quantity                                  (exact)
//   commission  = round(item total × category rate / 100)           (rate in basis points)
//   gross       = item total − commission − allocated pickup charge (may be negative)
//   fee         = round(gross × 0.25 %) + 25 ¢ when gross > 0, else 0 (nothing is transferred)
//   payout      = max(gross − fee, 0)

import { percentOfCents } from './money';

/** The payment provider's transfer fee: 0.25 % of the gross payout (25 basis points) plus $0.25. */
export const TRANSFER_FEE_BASIS_POINTS = 25;
export const TRANSFER_FEE_FIXED_CENTS = 25;

export interface PayoutInput {
  unitPriceCents: number;
  quantity: number;
  /** The category's commission rate in basis points (1250 = 12.5 %); null when the category has none. */
  commissionRateBasisPoints: number | null;
  /** The item's share of its pickup's charge (0 without a pickup). */
  allocatedPickupChargeCents: number;
}

export interface PayoutBreakdown {
  itemTotalCents: number;
  commissionRateBasisPoints: number;
  commissionCents: number;
  pickupChargeCents: number;
  grossCents: number;
  feeCents: number;
  payoutCents: number;
  /** docs/product/validation.md: shown when the category has no commission rate and 0 % is used. */
  warning: string | null;
}

function assertNonNegativeInteger(name: string, value: number): void {
  if (!Number.isSafeInteger(value) || value < 0) throw new RangeError(`${name} must be a non-negative integer, got ${value}`);
}

/** The transfer fee on a gross payout: 0.25 % rounded half up, plus $0.25; nothing when there is nothing to send. */
export function transferFeeCents(grossCents: number): number {
  if (!Number.isSafeInteger(grossCents)) throw new RangeError(`grossCents must be an integer, got ${grossCents}`);
  if (grossCents <= 0) return 0;
  return percentOfCents(grossCents, TRANSFER_FEE_BASIS_POINTS) + TRANSFER_FEE_FIXED_CENTS;
}

export function calculatePayout(input: PayoutInput, categoryName = 'this category'): PayoutBreakdown {
  assertNonNegativeInteger('unitPriceCents', input.unitPriceCents);
  assertNonNegativeInteger('allocatedPickupChargeCents', input.allocatedPickupChargeCents);
  if (!Number.isSafeInteger(input.quantity) || input.quantity <= 0) throw new RangeError(`quantity must be a positive integer, got ${input.quantity}`);
  const rate = input.commissionRateBasisPoints;
  if (rate !== null && (!Number.isSafeInteger(rate) || rate < 0 || rate > 10_000)) {
    throw new RangeError(`commissionRateBasisPoints must be an integer from 0 to 10000, got ${rate}`);
  }
  const itemTotalCents = input.unitPriceCents * input.quantity;
  if (!Number.isSafeInteger(itemTotalCents)) throw new RangeError('Item total is too large to hold in cents');
  const commissionRateBasisPoints = rate ?? 0;
  const commissionCents = percentOfCents(itemTotalCents, commissionRateBasisPoints);
  const grossCents = itemTotalCents - commissionCents - input.allocatedPickupChargeCents;
  const feeCents = transferFeeCents(grossCents);
  return {
    itemTotalCents,
    commissionRateBasisPoints,
    commissionCents,
    pickupChargeCents: input.allocatedPickupChargeCents,
    grossCents,
    feeCents,
    payoutCents: Math.max(grossCents - feeCents, 0),
    warning: rate === null ? `No commission rate found for category ${categoryName}. Using 0% commission.` : null,
  };
}
