import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { applyPayoutAdjustments, refundAdjustmentCents, refundForPercent } from './dispute-money';

describe('refundAdjustmentCents', () => {
  it('takes back everything the seller received for a full refund', () => {
    expect(refundAdjustmentCents({ refundCents: 10_599, refundableCents: 10_599, sellerNetCents: 8_952 })).toBe(-8_952);
  });

  it('takes back the same share for a partial refund, half up', () => {
    // Half of the item refunded: half of $89.52.
    expect(refundAdjustmentCents({ refundCents: 5_000, refundableCents: 10_000, sellerNetCents: 8_952 })).toBe(-4_476);
    // A third: 8952 / 3 = 2984.
    expect(refundAdjustmentCents({ refundCents: 1_000, refundableCents: 3_000, sellerNetCents: 8_952 })).toBe(-2_984);
    // 1 / 3 of 101 = 33.67 → 34.
    expect(refundAdjustmentCents({ refundCents: 1, refundableCents: 3, sellerNetCents: 101 })).toBe(-34);
  });

  it('owes nothing when the seller was not paid or nothing is refunded, and refuses impossible refunds', () => {
    expect(refundAdjustmentCents({ refundCents: 500, refundableCents: 1_000, sellerNetCents: 0 })).toBe(0);
    expect(refundAdjustmentCents({ refundCents: 0, refundableCents: 1_000, sellerNetCents: 900 })).toBe(0);
    expect(() => refundAdjustmentCents({ refundCents: 1_001, refundableCents: 1_000, sellerNetCents: 900 })).toThrow(RangeError);
    expect(() => refundAdjustmentCents({ refundCents: 1.5, refundableCents: 1_000, sellerNetCents: 900 })).toThrow(RangeError);
  });

  it('never asks back more than the seller received', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 1_000_000 }),
        fc.integer({ min: 0, max: 1_000_000 }),
        fc.integer({ min: 0, max: 1_000_000 }),
        (refundable, rawRefund, net) => {
          const refund = rawRefund % (refundable + 1);
          const owed = -refundAdjustmentCents({ refundCents: refund, refundableCents: refundable, sellerNetCents: net });
          expect(owed).toBeGreaterThanOrEqual(0);
          expect(owed).toBeLessThanOrEqual(net);
        },
      ),
    );
  });
});

describe('applyPayoutAdjustments', () => {
  it('deducts what is owed, oldest first, each whole, never below 0', () => {
    expect(
      applyPayoutAdjustments(10_000, [
        { id: 'a', amountCents: -3_000 },
        { id: 'b', amountCents: -8_000 },
        { id: 'c', amountCents: -2_000 },
      ]),
    ).toEqual({
      netCents: 5_000,
      adjustmentCents: -5_000,
      settledIds: ['a', 'c'],
    });
    expect(applyPayoutAdjustments(0, [{ id: 'a', amountCents: -1 }])).toEqual({ netCents: 0, adjustmentCents: 0, settledIds: [] });
    expect(applyPayoutAdjustments(700, [])).toEqual({ netCents: 700, adjustmentCents: 0, settledIds: [] });
  });

  it('refuses positive adjustments', () => {
    expect(() => applyPayoutAdjustments(100, [{ id: 'x', amountCents: 5 }])).toThrow(RangeError);
  });

  it('always adds up', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 100_000 }), fc.array(fc.integer({ min: 1, max: 50_000 }), { maxLength: 6 }), (net, owed) => {
        const pending = owed.map((value, index) => ({ id: String(index), amountCents: -value }));
        const result = applyPayoutAdjustments(net, pending);
        expect(result.netCents).toBeGreaterThanOrEqual(0);
        expect(result.netCents - result.adjustmentCents).toBe(net);
        const settled = pending.filter((entry) => result.settledIds.includes(entry.id)).reduce((sum, entry) => sum + entry.amountCents, 0);
        expect(settled).toBe(result.adjustmentCents);
      }),
    );
  });
});

describe('refundForPercent', () => {
  it('rounds half up', () => {
    expect(refundForPercent(999, 50)).toBe(500);
    expect(refundForPercent(10_000, 25)).toBe(2_500);
  });
});
