import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { FLAT_SHIPPING_CENTS, FREE_SHIPPING_THRESHOLD_CENTS, allocateShippingCents, calculateShippingCents } from './shipping';

describe('calculateShippingCents', () => {
  it.each([
    [1, 599],
    [4999, 599],
    [5000, 0],
    [5001, 0],
    [123_456, 0],
  ])('items total %i cents → %i cents of shipping', (itemsTotal, shipping) => {
    expect(calculateShippingCents(itemsTotal)).toBe(shipping);
  });

  it('charges nothing for an empty order', () => {
    expect(calculateShippingCents(0)).toBe(0);
  });

  it('is $5.99 below $50.00 and free from it', () => {
    expect(FREE_SHIPPING_THRESHOLD_CENTS).toBe(5000);
    expect(FLAT_SHIPPING_CENTS).toBe(599);
  });

  it('rejects negative or fractional totals', () => {
    for (const bad of [-1, 1.5, Number.NaN]) expect(() => calculateShippingCents(bad)).toThrow(RangeError);
  });
});

describe('allocateShippingCents', () => {
  it('splits in proportion to item value', () => {
    expect(allocateShippingCents(600, [1000, 2000, 3000])).toEqual([100, 200, 300]);
    expect(allocateShippingCents(599, [2000, 2000])).toEqual([300, 299]);
    expect(allocateShippingCents(599, [1000, 1000, 1000])).toEqual([200, 200, 199]);
  });

  it('gives the leftover cents to the largest remainders', () => {
    // Exact shares 1.998, 3.996, 0.006 → floors 1, 3, 0 → two cents to the two largest remainders.
    expect(allocateShippingCents(6, [333, 666, 1])).toEqual([2, 4, 0]);
  });

  it('gives everything to a single item and nothing when shipping is free', () => {
    expect(allocateShippingCents(599, [1234])).toEqual([599]);
    expect(allocateShippingCents(0, [100, 200])).toEqual([0, 0]);
  });

  it('splits evenly when no item has a value', () => {
    expect(allocateShippingCents(599, [0, 0, 0])).toEqual([200, 200, 199]);
  });

  it('rejects bad input', () => {
    expect(() => allocateShippingCents(-1, [1])).toThrow(RangeError);
    expect(() => allocateShippingCents(1, [-1])).toThrow(RangeError);
    expect(() => allocateShippingCents(1, [])).toThrow(RangeError);
    expect(allocateShippingCents(0, [])).toEqual([]);
  });

  const allocation = fc.record({
    shipping: fc.integer({ min: 0, max: 1_000_000 }),
    totals: fc.array(fc.integer({ min: 0, max: 10_000_000 }), { minLength: 1, maxLength: 20 }),
  });

  it('always sums exactly to the shipping, with no negative share', () => {
    fc.assert(
      fc.property(allocation, ({ shipping, totals }) => {
        const shares = allocateShippingCents(shipping, totals);
        expect(shares).toHaveLength(totals.length);
        expect(shares.reduce((sum, share) => sum + share, 0)).toBe(shipping);
        for (const share of shares) expect(Number.isInteger(share) && share >= 0).toBe(true);
      }),
    );
  });

  it('keeps each share within one cent of its exact proportion', () => {
    fc.assert(
      fc.property(allocation, ({ shipping, totals }) => {
        const sum = totals.reduce((total, value) => total + value, 0);
        const shares = allocateShippingCents(shipping, totals);
        shares.forEach((share, index) => {
          const exact = sum === 0 ? shipping / totals.length : (shipping * (totals[index] ?? 0)) / sum;
          expect(Math.abs(share - exact)).toBeLessThan(1);
        });
      }),
    );
  });

  it('never gives a smaller share to a larger item', () => {
    fc.assert(
      fc.property(allocation, ({ shipping, totals }) => {
        const shares = allocateShippingCents(shipping, totals);
        for (let a = 0; a < totals.length; a += 1) {
          for (let b = 0; b < totals.length; b += 1) {
            if ((totals[a] ?? 0) > (totals[b] ?? 0)) expect(shares[a]).toBeGreaterThanOrEqual(shares[b] ?? 0);
          }
        }
      }),
    );
  });
});
