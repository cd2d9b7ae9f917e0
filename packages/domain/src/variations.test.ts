import { describe, expect, it } from 'vitest';
import {
  photoOfChoice,
  combinationKey,
  isOptionBuyable,
  isVariantBuyable,
  itemName,
  listingTotals,
  matchingVariant,
  variantLabel,
  variantsProblem,
  variationsProblem,
} from './variations';

const size = { name: 'Size', options: ['S', 'M', 'L'] };
const colour = { name: 'Colour', options: ['Red', 'Blue'] };

describe('variations', () => {
  it('writes a combination as "Size: M, Colour: Red", in the variations’ order whatever the options’ order', () => {
    expect(variantLabel([size, colour], { Colour: 'Red', Size: 'M' })).toBe('Size: M, Colour: Red');
    expect(variantLabel([size], { Size: 'L' })).toBe('Size: L');
  });

  it('keys a combination by its options in the variations’ order', () => {
    expect(combinationKey([size, colour], { Colour: 'Red', Size: 'M' })).toBe(combinationKey([size, colour], { Size: 'M', Colour: 'Red' }));
    expect(combinationKey([size, colour], { Size: 'M', Colour: 'Red' })).not.toBe(combinationKey([size, colour], { Size: 'M', Colour: 'Blue' }));
  });

  it('refuses a third variation, a name twice (ignoring case), an option twice and an empty or long option list', () => {
    expect(variationsProblem([size, colour, { name: 'Fit', options: ['Slim'] }])?.path).toBe('variations');
    expect(variationsProblem([size, { name: 'size', options: ['X'] }])?.path).toBe('variations.1.name');
    expect(variationsProblem([{ name: 'Size', options: ['S', 's'] }])?.path).toBe('variations.0.options.1');
    expect(variationsProblem([{ name: 'Size', options: [] }])?.path).toBe('variations.0.options');
    expect(variationsProblem([{ name: 'Size', options: Array.from({ length: 31 }, (_, index) => `O${index}`) }])?.path).toBe('variations.0.options');
    expect(variationsProblem([{ name: 'Size', options: Array.from({ length: 30 }, (_, index) => `O${index}`) }])).toBeNull();
  });

  it('checks each variant names every variation with one of its options, and no combination twice', () => {
    expect(variantsProblem([size, colour], [{ options: { Size: 'S', Colour: 'Red' } }, { options: { Size: 'M', Colour: 'Red' } }])).toBeNull();
    expect(variantsProblem([size, colour], [{ options: { Size: 'S' } }])?.message).toBe("Choose the variant's Colour");
    expect(variantsProblem([size], [{ options: { Size: 'XL' } }])?.message).toBe('"XL" is not one of the options of Size');
    expect(variantsProblem([size], [{ options: { Size: 'S', Fit: 'Slim' } }])?.path).toBe('variants.0.options');
    expect(variantsProblem([size], [{ options: { Size: 'S' } }, { options: { Size: 'S' } }])?.message).toBe('Size: S is listed twice');
    expect(variantsProblem([size], [])?.path).toBe('variants');
    expect(variantsProblem([], [{ options: {} }])?.path).toBe('variants');
    expect(variantsProblem([], [])).toBeNull();
  });

  it('gives the listing the lowest and highest price on sale and the units on sale', () => {
    const variants = [
      { priceCents: 2500, quantity: 3, available: true },
      { priceCents: 1900, quantity: 0, available: true },
      { priceCents: 900, quantity: 7, available: false },
      { priceCents: 4000, quantity: 2, available: false },
    ];
    // A sold-out size still counts for the prices (it is on sale), a switched-off one does not.
    expect(listingTotals(variants)).toEqual({ priceCents: 1900, maxPriceCents: 2500, quantity: 3 });
    // None on sale: still a price to show, and no stock.
    expect(listingTotals([{ priceCents: 900, quantity: 7, available: false }])).toEqual({ priceCents: 900, maxPriceCents: 900, quantity: 0 });
  });

  it('lets a buyer choose a variant only on sale and in stock', () => {
    expect(isVariantBuyable({ available: true, quantity: 1 })).toBe(true);
    expect(isVariantBuyable({ available: true, quantity: 0 })).toBe(false);
    expect(isVariantBuyable({ available: false, quantity: 5 })).toBe(false);
  });
});

describe('choosing a variant', () => {
  const variants = [
    { id: 'sr', options: { Size: 'S', Colour: 'Red' }, available: true, quantity: 2 },
    { id: 'mr', options: { Size: 'M', Colour: 'Red' }, available: true, quantity: 0 },
    { id: 'mb', options: { Size: 'M', Colour: 'Blue' }, available: true, quantity: 5 },
    { id: 'lb', options: { Size: 'L', Colour: 'Blue' }, available: false, quantity: 9 },
  ];
  it('finds the variant once every variation is chosen', () => {
    expect(matchingVariant([size, colour], variants, { Size: 'M', Colour: 'Blue' })?.id).toBe('mb');
    expect(matchingVariant([size, colour], variants, { Size: 'M' })).toBeNull();
    expect(matchingVariant([size, colour], variants, { Size: 'S', Colour: 'Blue' })).toBeNull();
  });
  it('marks an option sold out when no variant with it and the other choices can be bought', () => {
    expect(isOptionBuyable([size, colour], variants, {}, 'Size', 'M')).toBe(true);
    expect(isOptionBuyable([size, colour], variants, { Colour: 'Red' }, 'Size', 'M')).toBe(false);
    expect(isOptionBuyable([size, colour], variants, {}, 'Size', 'L')).toBe(false);
    expect(isOptionBuyable([size, colour], variants, { Size: 'M' }, 'Colour', 'Red')).toBe(false);
    // Its own variation's current choice does not count against it.
    expect(isOptionBuyable([size, colour], variants, { Size: 'S' }, 'Size', 'M')).toBe(true);
  });
});

describe('an item’s name in messages', () => {
  it('adds the variant’s label in brackets', () => {
    expect(itemName('Organic tee', 'Size: M')).toBe('Organic tee (Size: M)');
    expect(itemName('Organic tee', null)).toBe('Organic tee');
  });
});

describe('the photo a buyer’s choice shows (a photo per option)', () => {
  const variants = [
    { options: { Size: 'S', Colour: 'Red' }, imageId: 'red' },
    { options: { Size: 'M', Colour: 'Red' }, imageId: 'red' },
    { options: { Size: 'S', Colour: 'Blue' }, imageId: 'blue' },
    { options: { Size: 'M', Colour: 'Blue' }, imageId: null },
  ];
  it('is the one photo every matching combination has, the colour before the size being enough', () => {
    expect(photoOfChoice(variants, { Colour: 'Red' })).toBe('red');
    expect(photoOfChoice(variants, { Size: 'S', Colour: 'Blue' })).toBe('blue');
  });
  it('is none while the matching combinations differ or have none', () => {
    expect(photoOfChoice(variants, {})).toBeNull();
    expect(photoOfChoice(variants, { Size: 'S' })).toBeNull();
    expect(photoOfChoice(variants, { Size: 'M', Colour: 'Blue' })).toBeNull();
  });
});
