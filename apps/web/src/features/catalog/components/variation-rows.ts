import { z } from 'zod';
import { variationInputSchema, variantInputSchema, type ProductDetail, type VariantUpdateInput } from '@marketplace/contracts/catalog';
import { combinationKey, variantLabel, variantsProblem, type Variation } from '@marketplace/domain/variations';
import { dollarsTextSchema } from '../../../lib/dollars-text';

// The listing form's variations (decision 0043) as a seller types them: each variation's name and its options
// in one text ("S, M, L"), and one row per combination with its price, stock, SKU and switch as text. Turned
// into the API's `variations` and `variants` and checked by the contract's own rules, each message naming the
// row it is about.

export interface VariationText {
  name: string;
  /** The options separated by commas. */
  options: string;
}

export interface VariantRowText {
  price: string;
  quantity: string;
  sku: string;
  available: boolean;
  /** The listing's photo shown for it ('' for none); set per option (option-photos.tsx). Optional for rows typed before. */
  imageId?: string;
}

/** A variation's options as typed: split on commas, trimmed, empty and repeated ones (ignoring case) left out. */
export function optionsOf(text: string): string[] {
  const options: string[] = [];
  for (const part of text.split(',')) {
    const option = part.trim();
    if (option && !options.some((kept) => kept.toLowerCase() === option.toLowerCase())) options.push(option);
  }
  return options;
}

/** The variations as the API takes them: those with a name or an option (a blank row is left out). */
export function variationsOf(texts: readonly VariationText[]): Variation[] {
  return texts.filter((text) => text.name.trim() || text.options.trim()).map((text) => ({ name: text.name.trim(), options: optionsOf(text.options) }));
}

export interface Combination {
  key: string;
  label: string;
  options: Record<string, string>;
}

/** Every combination of the variations' options, in their order (the grid's rows). */
export function combinationsOf(variations: readonly Variation[]): Combination[] {
  const named = variations.filter((variation) => variation.name && variation.options.length > 0);
  if (named.length === 0) return [];
  let partial: Record<string, string>[] = [{}];
  for (const variation of named) partial = partial.flatMap((options) => variation.options.map((option) => ({ ...options, [variation.name]: option })));
  return partial.map((options) => ({ key: combinationKey(named, options), label: variantLabel(named, options), options }));
}

export const EMPTY_ROW: VariantRowText = { price: '', quantity: '', sku: '', available: true };

/** The form's variations and rows for a saved listing. */
export function variationTextsOf(product?: ProductDetail): { variations: VariationText[]; rows: Record<string, VariantRowText> } {
  if (!product || product.variations.length === 0) return { variations: [], rows: {} };
  const rows: Record<string, VariantRowText> = {};
  for (const variant of product.variants) {
    rows[combinationKey(product.variations, variant.options)] = {
      price: variant.price.toFixed(2),
      quantity: String(variant.quantity),
      sku: variant.sku ?? '',
      available: variant.available,
      imageId: variant.imageId ?? '',
    };
  }
  return { variations: product.variations.map((variation) => ({ name: variation.name, options: variation.options.join(', ') })), rows };
}

const priceText = dollarsTextSchema(variantInputSchema.shape.price, { empty: 'enter a price', unreadable: 'enter a price in dollars, like 19.99' });
const quantityText = z
  .string()
  .trim()
  .min(1, 'enter how many you have in stock')
  .regex(/^\d+$/, 'stock must be a whole number')
  .transform(Number)
  .pipe(variantInputSchema.shape.quantity);

export type VariationsResult =
  | { ok: true; variations: Variation[]; variants: VariantUpdateInput[] }
  | { ok: false; path: 'variations' | 'variants'; message: string };

/**
 * The API's `variations` and `variants` from the form, or the first thing to fix (the contract's rules, each
 * message naming its variation or row: "Size: M — enter a price"). A saved combination whose stock the seller
 * left as it was loaded (`saved`) is sent without it: it keeps the stock it has, whatever sold meanwhile.
 */
export function readVariations(
  texts: readonly VariationText[],
  rows: Readonly<Record<string, VariantRowText>>,
  saved: Readonly<Record<string, VariantRowText>> = {},
): VariationsResult {
  const variations = variationsOf(texts);
  for (const variation of variations) {
    const checked = variationInputSchema.safeParse(variation);
    if (!checked.success) {
      const where = variation.name || 'A variation';
      return { ok: false, path: 'variations', message: `${where}: ${checked.error.issues[0]?.message ?? 'check it'}` };
    }
  }
  const variants: VariantUpdateInput[] = [];
  for (const combination of combinationsOf(variations)) {
    const row = rows[combination.key] ?? EMPTY_ROW;
    const price = priceText.safeParse(row.price);
    if (!price.success) return { ok: false, path: 'variants', message: `${combination.label} — ${price.error.issues[0]?.message ?? 'check the price'}` };
    const quantity = quantityText.safeParse(row.quantity);
    if (!quantity.success) return { ok: false, path: 'variants', message: `${combination.label} — ${quantity.error.issues[0]?.message ?? 'check the stock'}` };
    const sku = row.sku.trim();
    const checkedSku = variantInputSchema.shape.sku.safeParse(sku || null);
    if (!checkedSku.success)
      return { ok: false, path: 'variants', message: `${combination.label} — ${checkedSku.error.issues[0]?.message ?? 'check the SKU'}` };
    const isStockAsLoaded = saved[combination.key] !== undefined && saved[combination.key]!.quantity.trim() === row.quantity.trim();
    variants.push({
      options: combination.options,
      price: price.data,
      ...(isStockAsLoaded ? {} : { quantity: quantity.data }),
      sku: sku || null,
      available: row.available,
      imageId: row.imageId || null,
    });
  }
  const problem = variantsProblem(variations, variants);
  if (problem) return { ok: false, path: problem.path.startsWith('variations') ? 'variations' : 'variants', message: problem.message };
  return { ok: true, variations, variants };
}
