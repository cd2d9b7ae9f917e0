import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isLowStock, isOutOfStock, LOW_STOCK_THRESHOLD } from './inventory';

describe('isLowStock', () => {
  it('uses a threshold of 5', () => {
    expect(LOW_STOCK_THRESHOLD).toBe(5);
  });

  it.each([
    [0, false],
    [1, true],
    [4, true],
    [5, true],
    [6, false],
    [100, false],
  ])('%i units → %s', (quantity, expected) => {
    expect(isLowStock(quantity)).toBe(expected);
  });

  it('is true exactly for 1..threshold and never together with out of stock', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1_000_000 }), (quantity) => {
        expect(isLowStock(quantity)).toBe(quantity >= 1 && quantity <= LOW_STOCK_THRESHOLD);
        expect(isLowStock(quantity) && isOutOfStock(quantity)).toBe(false);
      }),
    );
  });
});

describe('isOutOfStock', () => {
  it('is true only at zero (or below)', () => {
    expect(isOutOfStock(0)).toBe(true);
    expect(isOutOfStock(1)).toBe(false);
  });
});
