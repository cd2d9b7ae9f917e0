import type { CommissionEntry } from '@marketplace/contracts/catalog';
import type { PickupChargeInfo, ShippedOrderItem } from '@marketplace/contracts/payouts';
import { applyPayoutAdjustments } from '@marketplace/domain/dispute-money';
import { payoutAfterRefunds } from '@marketplace/domain/item-settlement';
import type { PayoutBreakdown } from '@marketplace/domain/payout';
import { dollarsToCents } from '@marketplace/domain/money';
import { applyLabelLedger } from '@marketplace/domain/shop-shipping-money';

// The Process Payout modal shows the same numbers the server pays: both run the spec's payout rule on
// integer cents (docs/product/validation.md, limits.md), on what the buyer kept paying for the line after refunds
// (payoutAfterRefunds), then add the shipping credited and settle the label lines and refunds owed back with the
// same domain functions. This file only turns the API's dollars and percents into those functions' input.

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

/** What the transfer adds to and takes from the payout rule's result, and what is sent in the end. */
export interface PayoutSettlement {
  /** The item's shipping the buyer kept paying, added for the seller (≥ 0). */
  shippingCreditCents: number;
  /** The seller's open label lines this payout settles: < 0 labels bought, > 0 voided ones credited back. */
  labelChargeCents: number;
  /** The refunds owed back this payout deducts, as a positive amount. */
  deductedCents: number;
  /** What the seller receives, never below 0. */
  netCents: number;
}

/**
 * What the seller receives, exactly as the server pays it: the payout rule's result plus the shipping the buyer paid,
 * then the open label lines (applyLabelLedger), then the refunds they owe back (applyPayoutAdjustments).
 */
export function afterDeductions(
  breakdown: PayoutBreakdown,
  item: Pick<ShippedOrderItem, 'shippingCreditCents' | 'sellerOpenLabelCents' | 'sellerPendingAdjustments'>,
): PayoutSettlement {
  const openLabels = item.sellerOpenLabelCents.map((amountCents, index) => ({ id: String(index), amountCents }));
  const labels = applyLabelLedger(breakdown.payoutCents + item.shippingCreditCents, openLabels);
  const pending = item.sellerPendingAdjustments.map((amount, index) => ({ id: String(index), amountCents: dollarsToCents(amount) }));
  const adjusted = applyPayoutAdjustments(labels.netCents, pending);
  return {
    shippingCreditCents: item.shippingCreditCents,
    labelChargeCents: labels.labelChargeCents,
    deductedCents: -adjusted.adjustmentCents,
    netCents: adjusted.netCents,
  };
}
