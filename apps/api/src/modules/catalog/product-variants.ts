import type { ProductVariant, VariantUpdateInput } from '@marketplace/contracts/catalog';
import { centsToDollars, dollarsToCents } from '@marketplace/domain/money';
import { combinationKey, listingTotals, variantLabel, type Variation } from '@marketplace/domain/variations';
import type { VariantRecord, VariantValues } from './variants.repository';

// A listing's variants between the API and the table (decision 0043): the seller's input with its key and label
// made, and a row as `GET /products/:id` answers it.

/**
 * The seller's variants as rows to write: keyed and labelled in the variations' order (the contract checked them).
 * A stock left out (an edit) is null: the combination keeps the stock it has.
 */
export function toVariantValues(variations: readonly Variation[], variants: readonly VariantUpdateInput[]): VariantValues[] {
  return variants.map((variant) => {
    // Each option under the variation's own spelling, in the variations' order.
    const options = Object.fromEntries(variations.map((variation) => [variation.name, variant.options[variation.name]!]));
    return {
      options,
      combinationKey: combinationKey(variations, options),
      label: variantLabel(variations, options),
      priceCents: dollarsToCents(variant.price),
      quantity: variant.quantity ?? null,
      sku: variant.sku?.trim() || null,
      available: variant.available ?? true,
      // Left out of an edit: the combination keeps its photo.
      ...(variant.imageId === undefined ? {} : { imageId: variant.imageId }),
    };
  });
}

/** The listing's price and stock from variants about to be written. */
export function totalsOf(values: readonly VariantValues[]): { priceCents: number; quantity: number } {
  return listingTotals(values.map((value) => ({ ...value, quantity: value.quantity ?? 0 })));
}

export function toVariantDto(variant: VariantRecord): ProductVariant {
  return {
    id: variant.id,
    options: variant.options,
    label: variant.label,
    price: centsToDollars(variant.priceCents),
    quantity: variant.quantity,
    sku: variant.sku,
    available: variant.available,
    imageId: variant.imageId,
  };
}
