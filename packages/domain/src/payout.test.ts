import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { calculatePayout, transferFeeCents } from './payout';

describe('calculatePayout (docs/product/validation.md, limits.md)', () => {
  it('pays item total − commission − pickup charge, less 0.25 % + $0.25', () => {
    // 2 × $50.00 at 10 %: commission $10.00; pickup $4.00; gross $86.00; fee $0.22 + $0.25 = $0.47 (0.215 rounds up).
    expect(calculatePayout({ unitPriceCents: 5000, quantity: 2, commissionRateBasisPoints: 1000, allocatedPickupChargeCents: 400 })).toEqual({
      itemTotalCents: 10_000,
      commissionRateBasisPoints: 1000,
      commissionCents: 1000,
      pickupChargeCents: 400,
      grossCents: 8600,
      feeCents: 47,
      payoutCents: 8553,
      warning: null,
    });
  });

  it('rounds the commission half up to the cent', () => {
    // $19.99 at 12.5 % = $2.49875 → $2.50; gross $17.49; fee 0.043725 → $0.04 + $0.25.
    const result = calculatePayout({ unitPriceCents: 1999, quantity: 1, commissionRateBasisPoints: 1250, allocatedPickupChargeCents: 0 });
    expect([result.commissionCents, result.grossCents, result.feeCents, result.payoutCents]).toEqual([250, 1749, 29, 1720]);
    // $0.02 at 25 %: exactly half a cent, rounds up.
    expect(calculatePayout({ unitPriceCents: 2, quantity: 1, commissionRateBasisPoints: 2500, allocatedPickupChargeCents: 0 }).commissionCents).toBe(1);
  });

  it('uses 0 % with the warning when the category has no rate', () => {
    const result = calculatePayout({ unitPriceCents: 1000, quantity: 3, commissionRateBasisPoints: null, allocatedPickupChargeCents: 0 }, 'Garden');
    expect(result.commissionCents).toBe(0);
    expect(result.warning).toBe('No commission rate found for category Garden. Using 0% commission.');
  });

  it('never pays below 0, and takes no fee when there is nothing to send', () => {
    const eaten = calculatePayout({ unitPriceCents: 500, quantity: 1, commissionRateBasisPoints: 1000, allocatedPickupChargeCents: 900 });
    expect(eaten.grossCents).toBe(-450);
    expect([eaten.feeCents, eaten.payoutCents]).toEqual([0, 0]);
    // 10 ¢ gross is less than the fixed fee: the seller gets 0.
    expect(calculatePayout({ unitPriceCents: 10, quantity: 1, commissionRateBasisPoints: 0, allocatedPickupChargeCents: 0 }).payoutCents).toBe(0);
  });

  it('refuses amounts that are not whole cents', () => {
    expect(() => calculatePayout({ unitPriceCents: 10.5, quantity: 1, commissionRateBasisPoints: 0, allocatedPickupChargeCents: 0 })).toThrow(RangeError);
    expect(() => calculatePayout({ unitPriceCents: 100, quantity: 0, commissionRateBasisPoints: 0, allocatedPickupChargeCents: 0 })).toThrow(RangeError);
    expect(() => calculatePayout({ unitPriceCents: 100, quantity: 1, commissionRateBasisPoints: 10_001, allocatedPickupChargeCents: 0 })).toThrow(RangeError);
  });

  it('always adds up: payout + fee + commission + pickup = item total while gross covers the fee', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 5_000_000 }),
        fc.integer({ min: 1, max: 50 }),
        fc.option(fc.integer({ min: 0, max: 10_000 }), { nil: null }),
        fc.integer({ min: 0, max: 100_000 }),
        (unitPriceCents, quantity, commissionRateBasisPoints, allocatedPickupChargeCents) => {
          const result = calculatePayout({ unitPriceCents, quantity, commissionRateBasisPoints, allocatedPickupChargeCents });
          for (const value of [result.commissionCents, result.feeCents, result.payoutCents]) {
            expect(Number.isSafeInteger(value)).toBe(true);
            expect(value).toBeGreaterThanOrEqual(0);
          }
          expect(result.grossCents).toBe(result.itemTotalCents - result.commissionCents - result.pickupChargeCents);
          expect(result.commissionCents).toBeLessThanOrEqual(result.itemTotalCents);
          if (result.grossCents - result.feeCents >= 0) expect(result.payoutCents + result.feeCents).toBe(result.grossCents);
          else expect(result.payoutCents).toBe(0);
        },
      ),
    );
  });

  it('charges 0.25 % + $0.25 on the gross', () => {
    expect(transferFeeCents(10_000)).toBe(50);
    expect(transferFeeCents(1)).toBe(25);
    expect(transferFeeCents(200)).toBe(26); // 0.5 ¢ rounds up
    expect(transferFeeCents(0)).toBe(0);
    expect(transferFeeCents(-100)).toBe(0);
  });
});
