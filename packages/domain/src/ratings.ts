// Star ratings (docs/product/reviews.md): a review gives 1 to 5 whole stars; a product's or a seller's
// rating is the average of its visible reviews, shown with one decimal. Cards, product pages, search,
// the shop page and the sort by rating all read it from here, so they can never disagree.

export const MIN_RATING = 1;
export const MAX_RATING = 5;
/** Every star value, highest first (the order the distribution is shown in). */
export const RATING_VALUES = [5, 4, 3, 2, 1] as const;
export type RatingValue = (typeof RATING_VALUES)[number];

/** Whether a value is a whole number of stars from 1 to 5. */
export function isRating(value: unknown): value is RatingValue {
  return typeof value === 'number' && Number.isInteger(value) && value >= MIN_RATING && value <= MAX_RATING;
}

function assertTotals(sum: number, count: number): void {
  if (!Number.isSafeInteger(sum) || !Number.isSafeInteger(count) || count < 0)
    throw new RangeError(`Rating totals must be whole numbers, got sum ${sum} and count ${count}`);
  if (count > 0 && (sum < MIN_RATING * count || sum > MAX_RATING * count)) throw new RangeError(`${count} ratings cannot add up to ${sum}`);
  if (count === 0 && sum !== 0) throw new RangeError(`No ratings cannot add up to ${sum}`);
}

/**
 * The average in tenths of a star, rounded half up, in whole-number arithmetic (no floating-point
 * surprises): 4.25 → 43. Null with no ratings. The catalogue's SQL sort by rating computes the same
 * expression, `(20 * sum + count) / (2 * count)` in integer division, so the order matches the figures shown.
 */
export function averageRatingTenths(sum: number, count: number): number | null {
  assertTotals(sum, count);
  if (count === 0) return null;
  return Math.floor((20 * sum + count) / (2 * count));
}

/** The average of `count` ratings adding up to `sum`, with one decimal (4.25 → 4.3); null when there are none. */
export function averageRating(sum: number, count: number): number | null {
  const tenths = averageRatingTenths(sum, count);
  return tenths === null ? null : tenths / 10;
}
