import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { formatNumber, groupDigits } from './number-format';

/** What the browser's Intl writes: the figures must read the same as before they were written by hand. */
const intl = (value: number, maximumFractionDigits: number) => new Intl.NumberFormat('en-US', { maximumFractionDigits }).format(value);

describe('formatNumber', () => {
  it.each([
    [0, 0, '0'],
    [-0, 0, '-0'],
    [999, 0, '999'],
    [1000, 0, '1,000'],
    [1234567, 0, '1,234,567'],
    [-1234567, 0, '-1,234,567'],
    [4.25, 1, '4.3'],
    [4, 1, '4'],
    [4.96, 1, '5'],
    [1.005, 2, '1.01'],
    [1234.5, 3, '1,234.5'],
    [0.0004, 3, '0'],
    [0.0005, 3, '0.001'],
    [-0.4, 0, '-0'],
    [1e21, 0, '1,000,000,000,000,000,000,000'],
    [5e-7, 3, '0'],
    [Number.NaN, 0, 'NaN'],
    [Number.POSITIVE_INFINITY, 0, '∞'],
    [Number.NEGATIVE_INFINITY, 0, '-∞'],
  ])('%d with %i digits → %s, as Intl writes it', (value, digits, text) => {
    expect(formatNumber(value, digits)).toBe(text);
    expect(intl(value, digits)).toBe(text);
  });

  it('writes every whole number as Intl does', () => {
    fc.assert(fc.property(fc.integer({ min: Number.MIN_SAFE_INTEGER, max: Number.MAX_SAFE_INTEGER }), (value) => formatNumber(value) === intl(value, 0)));
  });

  it('writes every number as Intl does, for each number of digits after the point', () => {
    const values = fc.oneof(
      fc.double({ min: -1e16, max: 1e16, noNaN: true }),
      // Ratings and shares: short decimals, where rounding a trailing 5 is the case that matters.
      fc.integer({ min: -100_000, max: 100_000 }).map((n) => n / 1000),
      fc.integer({ min: -100_000, max: 100_000 }).map((n) => n / 100),
    );
    fc.assert(
      fc.property(values, fc.integer({ min: 0, max: 3 }), (value, digits) => formatNumber(value, digits) === intl(value, digits)),
      { numRuns: 2000 },
    );
  });
});

describe('groupDigits', () => {
  it('puts a comma before every third digit from the right', () => {
    expect(['1', '12', '123', '1234', '12345', '123456', '1234567'].map(groupDigits)).toEqual(['1', '12', '123', '1,234', '12,345', '123,456', '1,234,567']);
  });
});
