import type { CommissionEntry } from '@marketplace/contracts/catalog';
import type { PickupChargeInfo, ShippedOrderItem } from '@marketplace/contracts/payouts';
import { applyPayoutAdjustments } from '@marketplace/domain/dispute-money';
import { payoutAfterRefunds } from '@marketplace/domain/item-settlement';
import type { PayoutBreakdown } from '@marketplace/domain/payout';
import { dollarsToCents } from '@marketplace/domain/money';

// The Process Payout modal shows the same numbers the server pays: both run the spec's payout rule on
// integer cents (docs/product/validation.md, limits.md), on what the buyer kept paying for the line after refunds
// (payoutAfterRefunds). This file only turns the API's dollars and percents into that function's input.

/** The item's category rate in percent: by slug first, then by category name; null when there is none. */
export function findCommissionRate(item: Pick<ShippedOrderItem, 'categorySlug' | 'category'>, rates: readonly CommissionEntry[]): number | null {
  const bySlug = rates.find((entry) => entry.slug === item.categorySlug);
  if (bySlug) return bySlug.commission_rate;
  const name = item.category.trim().toLowerCase();
  const byName = rates.find((entry) => entry.category.trim().toLowerCase() === name);
  return byName ? byName.commission_rate : null;
}

/** Percent (12.5) → basis points (1250). */
export function percentToBasisPoints(percent: number): number {
  return Math.round(percent * 100);
}

/**
 * The breakdown for one item, or null when none can be made (docs/product/errors.md "Payout calculation": if the
 * pickup charge makes it fail, fall back to no pickup charge; if that fails too, there is none).
 */
export function previewPayout(item: ShippedOrderItem, rates: readonly CommissionEntry[], pickup: PickupChargeInfo | null): PayoutBreakdown | null {
  const rate = findCommissionRate(item, rates);
  const calculate = (allocatedPickupChargeCents: number) =>
    payoutAfterRefunds(
      {
        unitPriceCents: dollarsToCents(item.price),
        quantity: item.quantity,
        refundedCents: item.refunded_cents,
        commissionRateBasisPoints: rate === null ? null : percentToBasisPoints(rate),
        allocatedPickupChargeCents,
      },
      item.category,
    );
  try {
    return calculate(pickup ? dollarsToCents(pickup.allocation.allocatedPickupCharge) : 0);
  } catch (error) {
    console.error('Payout calculation failed; retrying without the pickup charge', error);
  }
  try {
    return calculate(0);
  } catch (error) {
    console.error('Payout calculation failed', error);
    return null;
  }
}

/** 1000 basis points → "10%", 1250 → "12.5%". */
export function formatBasisPoints(basisPoints: number): string {
  return `${basisPoints / 100}%`;
}

/** What the seller receives after the refunds they owe back are deducted, exactly as the server does it. */
export function afterDeductions(
  breakdown: PayoutBreakdown,
  item: Pick<ShippedOrderItem, 'sellerPendingAdjustments'>,
): { deductedCents: number; netCents: number } {
  const pending = item.sellerPendingAdjustments.map((amount, index) => ({ id: String(index), amountCents: dollarsToCents(amount) }));
  const result = applyPayoutAdjustments(breakdown.payoutCents, pending);
  return { deductedCents: -result.adjustmentCents, netCents: result.netCents };
}
