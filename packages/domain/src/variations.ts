// A listing's variations and variants (docs/product/listings.md "Variations", decision 0043): up to 2
// variation names (Size, Colour) with up to 30 options each; each combination the seller offers is a variant
// with its own price, stock and SKU, which the seller can switch off. The listing keeps its variants' totals
// (the lowest price on sale, the units on sale), so every list reads a listing as before.

export const MAX_VARIATIONS = 2;
export const MAX_VARIATION_OPTIONS = 30;
export const MAX_VARIANT_SKU_LENGTH = 64;

export interface Variation {
  name: string;
  options: readonly string[];
}

/** A variant's combination: each variation's name and the option chosen. */
export type VariantOptions = Readonly<Record<string, string>>;

export interface VariantTotalsInput {
  priceCents: number;
  quantity: number;
  available: boolean;
}

/** Where a set of variants breaks the rules, with the message a seller reads (null: it keeps them). */
export interface VariantsProblem {
  path: string;
  message: string;
}

const sameText = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();

/** The key of one combination across edits: its options in the variations' order. */
export function combinationKey(variations: readonly Variation[], options: VariantOptions): string {
  return JSON.stringify(variations.map((variation) => options[variation.name] ?? null));
}

/** "Size: M, Colour: Red": the combination as every screen, e-mail and CSV writes it. */
export function variantLabel(variations: readonly Variation[], options: VariantOptions): string {
  return variations.map((variation) => `${variation.name}: ${options[variation.name] ?? ''}`).join(', ');
}

/** Why these variations cannot be a listing's (duplicate names or options, too many), or null. */
export function variationsProblem(variations: readonly Variation[]): VariantsProblem | null {
  if (variations.length > MAX_VARIATIONS) return { path: 'variations', message: `A listing can have at most ${MAX_VARIATIONS} variations` };
  for (const [index, variation] of variations.entries()) {
    if (variations.findIndex((other) => sameText(other.name, variation.name)) !== index) {
      return { path: `variations.${index}.name`, message: `Two variations are named "${variation.name}"` };
    }
    if (variation.options.length === 0) return { path: `variations.${index}.options`, message: `Give "${variation.name}" at least one option` };
    if (variation.options.length > MAX_VARIATION_OPTIONS) {
      return { path: `variations.${index}.options`, message: `A variation can have at most ${MAX_VARIATION_OPTIONS} options` };
    }
    for (const [optionIndex, option] of variation.options.entries()) {
      if (variation.options.findIndex((other) => sameText(other, option)) !== optionIndex) {
        return { path: `variations.${index}.options.${optionIndex}`, message: `"${variation.name}" has the option "${option}" twice` };
      }
    }
  }
  return null;
}

/**
 * Why these variants cannot go with these variations, or null: each names exactly the variations, each with
 * one of its options, no combination twice, and a listing with variations has at least one variant.
 */
export function variantsProblem(variations: readonly Variation[], variants: readonly { options: VariantOptions }[]): VariantsProblem | null {
  const problem = variationsProblem(variations);
  if (problem) return problem;
  if (variations.length === 0) {
    return variants.length === 0 ? null : { path: 'variants', message: 'Variants need variations: name a variation (e.g. Size) and its options first' };
  }
  if (variants.length === 0) return { path: 'variants', message: 'Offer at least one combination of the variations' };
  const seen = new Set<string>();
  for (const [index, variant] of variants.entries()) {
    const names = Object.keys(variant.options);
    const unknown = names.find((name) => !variations.some((variation) => variation.name === name));
    if (unknown !== undefined) return { path: `variants.${index}.options`, message: `"${unknown}" is not one of the listing's variations` };
    for (const variation of variations) {
      const option = variant.options[variation.name];
      if (option === undefined) return { path: `variants.${index}.options`, message: `Choose the variant's ${variation.name}` };
      if (!variation.options.includes(option)) {
        return { path: `variants.${index}.options`, message: `"${option}" is not one of the options of ${variation.name}` };
      }
    }
    const key = combinationKey(variations, variant.options);
    if (seen.has(key)) return { path: `variants.${index}.options`, message: `${variantLabel(variations, variant.options)} is listed twice` };
    seen.add(key);
  }
  return null;
}

/**
 * The listing's own price and stock from its variants: the lowest price of those on sale (of all of them
 * when none is: the listing still shows a price) and the units on sale; and the highest price of the same
 * variants, which a price filter reads beside the lowest (a listing "From $20" whose L costs $30 is found
 * between $25 and $35).
 */
export function listingTotals(variants: readonly VariantTotalsInput[]): { priceCents: number; maxPriceCents: number; quantity: number } {
  const onSale = variants.filter((variant) => variant.available);
  const priced = onSale.length > 0 ? onSale : variants;
  const prices = priced.map((variant) => variant.priceCents);
  return {
    priceCents: prices.length > 0 ? Math.min(...prices) : 0,
    maxPriceCents: prices.length > 0 ? Math.max(...prices) : 0,
    quantity: onSale.reduce((total, variant) => total + variant.quantity, 0),
  };
}

/** Whether a buyer can choose this variant now: on sale and in stock. */
/**
 * The photo a buyer's choice so far shows (a photo per option): the one photo every combination matching the
 * chosen options has — a colour chosen before the size is enough; null while they differ or have none.
 */
export function photoOfChoice(variants: readonly { options: VariantOptions; imageId: string | null }[], chosen: VariantOptions): string | null {
  const photos = new Set(
    variants
      .filter((variant) => Object.entries(chosen).every(([name, option]) => !option || variant.options[name] === option))
      .map((variant) => variant.imageId),
  );
  const [only] = photos;
  return photos.size === 1 && only ? only : null;
}

export function isVariantBuyable(variant: { available: boolean; quantity: number }): boolean {
  return variant.available && variant.quantity > 0;
}

/** The variant whose options are exactly `chosen` (every variation chosen), or null while one is missing. */
export function matchingVariant<T extends { options: VariantOptions }>(
  variations: readonly Variation[],
  variants: readonly T[],
  chosen: VariantOptions,
): T | null {
  if (variations.some((variation) => !chosen[variation.name])) return null;
  return variants.find((variant) => variations.every((variation) => variant.options[variation.name] === chosen[variation.name])) ?? null;
}

/**
 * Whether choosing `option` of `name`, with the other variations as chosen so far, can lead to a variant a
 * buyer can buy now (on sale and in stock): the picker marks the others "sold out".
 */
export function isOptionBuyable(
  variations: readonly Variation[],
  variants: readonly { options: VariantOptions; available: boolean; quantity: number }[],
  chosen: VariantOptions,
  name: string,
  option: string,
): boolean {
  return variants.some(
    (variant) =>
      isVariantBuyable(variant) &&
      variant.options[name] === option &&
      variations.every((variation) => variation.name === name || !chosen[variation.name] || variant.options[variation.name] === chosen[variation.name]),
  );
}

/** An item as messages name it (e-mails, the bell, toasts): "Organic tee (Size: M)", or the title alone. */
export function itemName(title: string, variantLabel: string | null | undefined): string {
  return variantLabel ? `${title} (${variantLabel})` : title;
}
