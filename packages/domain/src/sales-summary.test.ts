import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { averageOrderCents, percentChange } from './sales-summary';

describe('averageOrderCents', () => {
  it('revenue over orders, to the cent', () => {
    expect(averageOrderCents(10_000, 3)).toBe(3333);
    expect(averageOrderCents(10_001, 2)).toBe(5001);
  });

  it('0 without orders', () => {
    expect(averageOrderCents(0, 0)).toBe(0);
  });

  it('refuses fractions of a cent and negative counts', () => {
    expect(() => averageOrderCents(10.5, 1)).toThrow(RangeError);
    expect(() => averageOrderCents(100, -1)).toThrow(RangeError);
  });

  it('lies between the smallest and largest possible order', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10_000_000 }), fc.integer({ min: 1, max: 10_000 }), (revenueCents, orders) => {
        const average = averageOrderCents(revenueCents, orders);
        expect(Number.isSafeInteger(average)).toBe(true);
        expect(Math.abs(average * orders - revenueCents)).toBeLessThanOrEqual(orders / 2);
      }),
    );
  });
});

describe('percentChange', () => {
  it('one decimal', () => {
    expect(percentChange(150, 100)).toBe(50);
    expect(percentChange(1, 3)).toBe(-66.7);
  });

  it('null when there is nothing to compare with', () => {
    expect(percentChange(5, 0)).toBeNull();
  });
});
