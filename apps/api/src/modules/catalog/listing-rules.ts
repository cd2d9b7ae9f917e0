import {
  newVariantStockMessage,
  PRICE_PER_VARIANT_MESSAGE,
  RETIP_PAIR_MESSAGE,
  type CreateProductRequest,
  type PersonalizationSettingInput,
  type UpdateProductRequest,
} from '@marketplace/contracts/catalog';
import { dollarsToCents } from '@marketplace/domain/money';
import { DEFAULT_PERSONALIZATION_LENGTH, type PersonalizationSetting } from '@marketplace/domain/personalization';
import type { Variation } from '@marketplace/domain/variations';
import { totalsOf, toVariantValues } from './product-variants';
import type { ProductRecord, ProductValues } from './products.repository';
import type { VariantValues } from './variants.repository';

// The rules a seller's listing write obeys beyond its contract (packages/contracts/src/catalog.ts), without the
// database: what a new listing or an edit stores, and the refusals that depend on the stored listing. The
// listing API (products.service.ts) and the CSV import (listings-import.service.ts) both plan their writes here,
// so a listing is refused for the same reasons, with the same words, whichever way it comes in.

export const UNKNOWN_CATEGORY_MESSAGE = 'Choose one of the listed categories';
export const DEFAULT_WEIGHT_OUNCES = 16;

/** A refusal of one field of the request, as the API's 400 `issues` name it (`retipPrice`, `variants`). */
export interface ListingIssue {
  path: string;
  message: string;
}

export const isListingIssue = (value: object): value is ListingIssue => 'message' in value && 'path' in value;

/** A new listing as it is stored: its own columns, and its variations and variants ([] without). */
export interface NewListingPlan {
  values: ProductValues;
  variations: Variation[];
  variants: VariantValues[];
}

/** What a new listing stores; the contract has checked the request (with variants, no price or stock of its own). */
export function planNewListing(input: CreateProductRequest, categoryId: string): NewListingPlan {
  const variations = (input.variations ?? []).map((variation) => ({ name: variation.name, options: [...variation.options] }));
  const variants = toVariantValues(variations, input.variants ?? []);
  // With variants, the listing's price and stock are their totals.
  const totals = variants.length > 0 ? totalsOf(variants) : { priceCents: dollarsToCents(input.price ?? 0), quantity: input.quantity ?? 0 };
  return {
    values: {
      categoryId,
      title: input.title,
      description: input.description,
      priceCents: totals.priceCents,
      quantity: totals.quantity,
      condition: input.condition,
      retipLabel: input.retipLabel ?? null,
      retipPriceCents: input.retipPrice == null ? null : dollarsToCents(input.retipPrice),
      weightOunces: input.weightOunces ?? DEFAULT_WEIGHT_OUNCES,
      personalization: personalizationOf(input.personalization),
      shippingProfileId: input.shippingProfileId ?? null,
    },
    variations,
    variants,
  };
}

/** What a listing asks its buyers to write, its defaults filled in (null: it asks nothing). */
function personalizationOf(input: PersonalizationSettingInput | null | undefined): PersonalizationSetting | null {
  if (!input) return null;
  return { required: input.required ?? false, instructions: input.instructions ?? '', maxLength: input.maxLength ?? DEFAULT_PERSONALIZATION_LENGTH };
}

/** An edit as it is stored: the columns it changes, and the whole new set of variants when it sends one. */
export interface ListingEditPlan {
  values: Partial<ProductValues> & Pick<ProductValues, 'retipLabel' | 'retipPriceCents'>;
  /** Null: the edit leaves the variations and variants as they are. */
  variations: Variation[] | null;
  variants: VariantValues[] | null;
}

/**
 * What an edit of a stored listing changes, or why it is refused: the add-on stays a pair (name and price, or
 * neither) once the edit is laid over what is stored, and a listing that has (or keeps) variants takes no price
 * or stock of its own. The edit's category is the caller's to find (by its slug) and set.
 */
export function planListingEdit(
  current: Pick<ProductRecord, 'retipLabel' | 'retipPriceCents' | 'hasVariants'>,
  input: UpdateProductRequest,
): ListingEditPlan | ListingIssue {
  const retipLabel = input.retipLabel === undefined ? current.retipLabel : input.retipLabel;
  const retipPriceCents = input.retipPrice === undefined ? current.retipPriceCents : input.retipPrice === null ? null : dollarsToCents(input.retipPrice);
  if ((retipLabel === null) !== (retipPriceCents === null)) return { path: retipLabel === null ? 'retipLabel' : 'retipPrice', message: RETIP_PAIR_MESSAGE };
  const variations = input.variations === undefined ? null : input.variations.map((variation) => ({ name: variation.name, options: [...variation.options] }));
  const variants = variations === null ? null : toVariantValues(variations, input.variants ?? []);
  // While it has variants (and keeps them), its price and stock are theirs: set per variant.
  const keepsVariants = variants === null ? current.hasVariants : variants.length > 0;
  if (keepsVariants && (input.price !== undefined || input.quantity !== undefined)) {
    return { path: input.price !== undefined ? 'price' : 'quantity', message: PRICE_PER_VARIANT_MESSAGE };
  }
  const values: ListingEditPlan['values'] = { retipLabel, retipPriceCents };
  if (input.title !== undefined) values.title = input.title;
  if (input.description !== undefined) values.description = input.description;
  if (input.price !== undefined) values.priceCents = dollarsToCents(input.price);
  if (input.quantity !== undefined) values.quantity = input.quantity;
  if (input.condition !== undefined) values.condition = input.condition;
  if (input.weightOunces !== undefined) values.weightOunces = input.weightOunces;
  if (input.personalization !== undefined) values.personalization = personalizationOf(input.personalization);
  if (input.shippingProfileId !== undefined) values.shippingProfileId = input.shippingProfileId;
  return { values, variations, variants };
}

/**
 * An edit may leave a combination's stock out (it keeps its stock), not a new combination's: the first such
 * (its index in the request's variants), or null.
 */
export function newVariantWithoutStock(variants: readonly VariantValues[], existingCombinations: ReadonlySet<string>): ListingIssue | null {
  const index = variants.findIndex((variant) => variant.quantity === null && !existingCombinations.has(variant.combinationKey));
  return index < 0 ? null : { path: `variants.${index}.quantity`, message: newVariantStockMessage(variants[index]!.label) };
}
