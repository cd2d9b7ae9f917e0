import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { averageRating, averageRatingTenths, isRating, RATING_VALUES } from './ratings';

describe('averageRating', () => {
  it.each([
    [0, 0, null],
    [5, 1, 5],
    [1, 1, 1],
    [9, 2, 4.5],
    [13, 3, 4.3],
    [14, 3, 4.7],
    // 4.25 and 4.75: halves round up.
    [17, 4, 4.3],
    [19, 4, 4.8],
    [10, 3, 3.3],
    [449, 100, 4.5],
  ])('%i stars over %i reviews → %s', (sum, count, average) => {
    expect(averageRating(sum, count)).toBe(average);
  });

  it('is the exact mean rounded half up to one decimal, always between 1 and 5', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 1, max: 5 }), { minLength: 1, maxLength: 500 }), (ratings) => {
        const sum = ratings.reduce((total, rating) => total + rating, 0);
        const average = averageRating(sum, ratings.length)!;
        const exact = sum / ratings.length;
        expect(Math.abs(average - exact)).toBeLessThanOrEqual(0.05 + 1e-9);
        expect(average).toBeGreaterThanOrEqual(1);
        expect(average).toBeLessThanOrEqual(5);
        expect(Math.round(average * 10)).toBe(averageRatingTenths(sum, ratings.length));
      }),
    );
  });

  it('refuses totals no set of 1-to-5 ratings can have', () => {
    for (const [sum, count] of [
      [0, 1],
      [6, 1],
      [3, 0],
      [4.5, 1],
      [5, -1],
      [Number.NaN, 1],
    ] as const) {
      expect(() => averageRating(sum, count), `${sum}/${count}`).toThrow(RangeError);
    }
  });
});

describe('isRating', () => {
  it('takes whole stars from 1 to 5 only', () => {
    expect(RATING_VALUES.every(isRating)).toBe(true);
    for (const value of [0, 6, 4.5, '4', null, undefined, Number.NaN]) expect(isRating(value), String(value)).toBe(false);
  });
});
