import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { payoutAfterRefunds } from './item-settlement';
import { clawbackAfterRefundCents, percentageChange, type ClawbackInput } from './payout-ledger';

// A $438 item at 10 %: payout 39,420 − fee (round(39,420 × 0.25 %) + 25 = 124) = 39,296.
const paidPayout = payoutAfterRefunds({
  unitPriceCents: 43_800,
  quantity: 1,
  refundedCents: 0,
  commissionRateBasisPoints: 1000,
  allocatedPickupChargeCents: 0,
});
const base: ClawbackInput = {
  unitPriceCents: 43_800,
  quantity: 1,
  refundableCents: 43_800,
  refundedCentsAfter: 0,
  payout: { netCents: paidPayout.payoutCents, adjustmentCents: 0, commissionRateBasisPoints: 1000, pickupChargeCents: 0 },
  owedBeforeCents: 0,
};

describe('clawbackAfterRefundCents', () => {
  it('takes back the whole payout after a full refund', () => {
    expect(paidPayout.payoutCents).toBe(39_296);
    expect(clawbackAfterRefundCents({ ...base, refundedCentsAfter: 43_800 })).toBe(-39_296);
  });

  it('takes back what a $120 refund removed from the payout', () => {
    // The kept line is $318: payout 28,620 − 97 = 28,523.
    expect(clawbackAfterRefundCents({ ...base, refundedCentsAfter: 12_000 })).toBe(28_523 - 39_296);
  });

  it('owes nothing when nothing of the line was refunded', () => {
    expect(clawbackAfterRefundCents(base)).toBe(0);
  });

  it('counts what the item already owes back, so a second refund never takes the same money twice', () => {
    const first = clawbackAfterRefundCents({ ...base, refundedCentsAfter: 12_000 });
    const second = clawbackAfterRefundCents({ ...base, refundedCentsAfter: 43_800, owedBeforeCents: first });
    expect(first + second).toBe(-39_296);
  });

  it('starts from the item’s own payout, before other items’ deductions took their share', () => {
    // The payout transferred 1,000 less because the seller owed that back for another item.
    const payout = { ...base.payout, netCents: base.payout.netCents - 1_000, adjustmentCents: -1_000 };
    expect(clawbackAfterRefundCents({ ...base, payout, refundedCentsAfter: 43_800 })).toBe(-39_296);
  });

  it('never owes back more than the item paid out, and never a positive amount', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 43_800 }), fc.integer({ min: 0, max: 43_800 }), (first, more) => {
        const afterFirst = clawbackAfterRefundCents({ ...base, refundedCentsAfter: first });
        const total = Math.min(first + more, 43_800);
        const afterSecond = clawbackAfterRefundCents({ ...base, refundedCentsAfter: total, owedBeforeCents: afterFirst });
        expect(afterFirst).toBeLessThanOrEqual(0);
        expect(afterSecond).toBeLessThanOrEqual(0);
        expect(afterFirst + afterSecond).toBeGreaterThanOrEqual(-39_296);
      }),
    );
  });
});

describe('percentageChange', () => {
  it('is the change from last period to this one, in percent with 2 decimals', () => {
    expect(percentageChange(150, 100)).toBe(50);
    expect(percentageChange(50, 100)).toBe(-50);
    expect(percentageChange(1, 3)).toBe(-66.67);
  });

  it('is null when there is nothing to compare with', () => {
    expect(percentageChange(100, 0)).toBeNull();
    expect(percentageChange(0, 0)).toBeNull();
  });
});
