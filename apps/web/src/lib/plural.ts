import { formatNumber } from '@marketplace/domain/number-format';

/**
 * "1 order", "3 orders", "0 orders": a count and its noun, never "order(s)". Pass the plural when it
 * is not the noun plus "s" (`pluralise(2, 'category', 'categories')`). Counts are written as the
 * rest of the app writes numbers (1,250).
 */
export function pluralise(count: number, singular: string, plural = `${singular}s`): string {
  return `${formatNumber(count)} ${pluralNoun(count, singular, plural)}`;
}

/** Just the noun for a count: "item" for 1, "items" otherwise (for texts that put the count elsewhere). */
export function pluralNoun(count: number, singular: string, plural = `${singular}s`): string {
  return count === 1 ? singular : plural;
}
