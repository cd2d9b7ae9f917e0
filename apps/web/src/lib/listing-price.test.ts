import { describe, expect, it } from 'vitest';
import { listingPriceText } from './listing-price';

describe('a listing’s price in a list', () => {
  it('says "From" for a listing with variants, the price alone for one without', () => {
    expect(listingPriceText({ price: 89, hasVariants: true })).toBe('From $89.00');
    expect(listingPriceText({ price: 1234.5, hasVariants: false })).toBe('$1,234.50');
  });
});
