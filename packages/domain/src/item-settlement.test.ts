import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { netSaleCents, payoutAfterRefunds, refundClawbackCents, settleOrderItem, type ItemSettlementInput } from './item-settlement';
import { calculatePayout } from './payout';

const base: ItemSettlementInput = {
  unitPriceCents: 43_800,
  quantity: 1,
  extrasCents: 0,
  refundedCents: 0,
  commissionRateBasisPoints: 1000,
  allocatedPickupChargeCents: 0,
};

const inputs = fc
  .record({
    unitPriceCents: fc.integer({ min: 0, max: 500_000 }),
    quantity: fc.integer({ min: 1, max: 50 }),
    extrasCents: fc.integer({ min: 0, max: 20_000 }),
    commissionRateBasisPoints: fc.option(fc.integer({ min: 0, max: 10_000 }), { nil: null }),
    allocatedPickupChargeCents: fc.integer({ min: 0, max: 5_000 }),
    refundShare: fc.double({ min: 0, max: 1, noNaN: true }),
  })
  .map(({ refundShare, ...rest }) => {
    const paid = rest.unitPriceCents * rest.quantity + rest.extrasCents;
    return { ...rest, refundedCents: Math.floor(paid * refundShare) };
  });

describe('settleOrderItem', () => {
  it('a $120 refund on a $438 item leaves $318 of sale, and the payout rule applies to that', () => {
    const settled = settleOrderItem({ ...base, refundedCents: 12_000 });
    expect(settled.keptLineCents).toBe(31_800);
    expect(settled.payout.itemTotalCents).toBe(31_800);
    expect(settled.payout.commissionCents).toBe(3_180);
    // gross 28,620; fee round(28,620 × 0.25 %) + 25 = 72 + 25
    expect(settled.payout.feeCents).toBe(97);
    expect(settled.payout.payoutCents).toBe(28_523);
    expect(settled.platformCents).toBe(43_800 - 12_000 - 28_523);
  });

  it('refunds come out of the line first, then the add-on and shipping', () => {
    const settled = settleOrderItem({ ...base, unitPriceCents: 1_000, extrasCents: 500, refundedCents: 1_200 });
    expect(settled.lineRefundCents).toBe(1_000);
    expect(settled.keptLineCents).toBe(0);
    expect(settled.keptExtrasCents).toBe(300);
    expect(settled.payout.payoutCents).toBe(0);
  });

  it('refuses refunds above what the buyer paid', () => {
    expect(() => settleOrderItem({ ...base, refundedCents: 43_801 })).toThrow(RangeError);
    expect(() => settleOrderItem({ ...base, refundedCents: -1 })).toThrow(RangeError);
  });

  it('property: seller net + platform take + refunds is always what the buyer paid, each part non-negative', () => {
    fc.assert(
      fc.property(inputs, (input) => {
        const settled = settleOrderItem(input);
        const paid = input.unitPriceCents * input.quantity + input.extrasCents;
        expect(settled.payout.payoutCents + settled.platformCents + settled.refundedCents).toBe(paid);
        expect(settled.payout.payoutCents).toBeGreaterThanOrEqual(0);
        expect(settled.payout.payoutCents).toBeLessThanOrEqual(settled.keptLineCents);
        expect(settled.keptLineCents + settled.keptExtrasCents + settled.refundedCents).toBe(paid);
        // The platform's take is its charges and the extras, less what it absorbs when they exceed the line.
        const charges = settled.payout.commissionCents + settled.payout.pickupChargeCents + settled.payout.feeCents;
        const absorbed = Math.max(0, -(settled.payout.grossCents - settled.payout.feeCents));
        expect(settled.platformCents).toBe(charges + settled.keptExtrasCents - absorbed);
      }),
    );
  });

  it('property: without refunds it is the spec payout; a full refund pays the seller nothing', () => {
    fc.assert(
      fc.property(inputs, (input) => {
        const untouched = settleOrderItem({ ...input, refundedCents: 0 });
        expect(untouched.payout).toEqual(calculatePayout(input));
        const paid = input.unitPriceCents * input.quantity + input.extrasCents;
        const full = settleOrderItem({ ...input, refundedCents: paid });
        expect(full.payout.payoutCents).toBe(0);
        expect(full.keptLineCents).toBe(0);
      }),
    );
  });

  it('property: a larger refund never pays the seller more, and the clawback is what the payout lost', () => {
    fc.assert(
      fc.property(inputs, fc.integer({ min: 0, max: 100_000 }), (input, more) => {
        const paid = input.unitPriceCents * input.quantity + input.extrasCents;
        const before = settleOrderItem(input);
        const after = settleOrderItem({ ...input, refundedCents: Math.min(paid, input.refundedCents + more) });
        expect(after.payout.payoutCents).toBeLessThanOrEqual(before.payout.payoutCents);
        expect(refundClawbackCents(before.payout.payoutCents, after)).toBe(after.payout.payoutCents - before.payout.payoutCents);
      }),
    );
  });

  it('property: the payout after refunds is the settlement payout, and it quotes the spec rule when nothing was refunded', () => {
    fc.assert(
      fc.property(inputs, (input) => {
        expect(payoutAfterRefunds(input)).toEqual(settleOrderItem(input).payout);
        expect(payoutAfterRefunds({ ...input, refundedCents: 0 })).toEqual(calculatePayout(input));
      }),
    );
  });

  it('net sale is the line less refunds, never below zero', () => {
    expect(netSaleCents({ unitPriceCents: 43_800, quantity: 1, refundedCents: 12_000 })).toBe(31_800);
    expect(netSaleCents({ unitPriceCents: 1_000, quantity: 2, refundedCents: 2_500 })).toBe(0);
  });
});
