import { and, asc, eq, inArray, notInArray, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/client';
import type { Variation } from '@marketplace/domain/variations';
import { products, productVariants } from './catalog.schema';

// A listing's variants (decision 0043), which only the catalog writes: the seller's whole set replaced at once
// (matched by combination, so a variant keeps its id), a variant's stock set or raised, and the listing's totals
// (its lowest and highest price on sale and its units on sale) written again in the same transaction after each.

/** One variant as stored; plain data. */
export interface VariantRecord {
  id: string;
  productId: string;
  options: Record<string, string>;
  combinationKey: string;
  label: string;
  priceCents: number;
  quantity: number;
  sku: string | null;
  available: boolean;
  /** The listing's photo shown for it, or null (read as null once that photo is deleted). */
  imageId: string | null;
  position: number;
}

const variantColumns = {
  id: productVariants.id,
  productId: productVariants.productId,
  options: productVariants.options,
  combinationKey: productVariants.combinationKey,
  label: productVariants.label,
  priceCents: productVariants.priceCents,
  quantity: productVariants.quantity,
  sku: productVariants.sku,
  available: productVariants.available,
  imageId: productVariants.imageId,
  position: productVariants.position,
};

export async function findVariantsOfProduct(executor: Executor, productId: string): Promise<VariantRecord[]> {
  return executor
    .select(variantColumns)
    .from(productVariants)
    .where(eq(productVariants.productId, productId))
    .orderBy(asc(productVariants.position), asc(productVariants.id));
}

export async function findVariant(executor: Executor, variantId: string): Promise<VariantRecord | null> {
  const [row] = await executor.select(variantColumns).from(productVariants).where(eq(productVariants.id, variantId));
  return row ?? null;
}

/** A variant as the seller writes it, its key and label already made (packages/domain/src/variations.ts). */
export interface VariantValues {
  options: Record<string, string>;
  combinationKey: string;
  label: string;
  priceCents: number;
  /** Null in an edit that left it out: the combination keeps the stock it has (a new one is refused before). */
  quantity: number | null;
  sku: string | null;
  available: boolean;
  /** One of the listing's photos (checked by the caller), null for none, or left out (an edit) to keep the one it has. */
  imageId?: string | null;
}

/**
 * Replaces the listing's variations and variants in the caller's transaction: a combination already there keeps
 * its row (and id), a new one is inserted, one left out is deleted (its cart lines with it); then the
 * listing's variations, its variants mark and its totals are written. No variants: the listing has none.
 */
export async function replaceVariants(
  executor: Executor,
  productId: string,
  variations: readonly Variation[],
  variants: readonly VariantValues[],
  now: Date,
): Promise<void> {
  const keys = variants.map((variant) => variant.combinationKey);
  await executor
    .delete(productVariants)
    .where(and(eq(productVariants.productId, productId), keys.length > 0 ? notInArray(productVariants.combinationKey, keys) : undefined));
  for (const [position, variant] of variants.entries()) {
    await executor
      .insert(productVariants)
      .values({ ...variant, quantity: variant.quantity ?? 0, imageId: variant.imageId ?? null, productId, position, createdAt: now, updatedAt: now })
      .onConflictDoUpdate({
        target: [productVariants.productId, productVariants.combinationKey],
        set: {
          options: variant.options,
          label: variant.label,
          priceCents: variant.priceCents,
          // Left out: the stock it has now, whatever sold while the seller's form was open.
          quantity: variant.quantity ?? sql`${productVariants.quantity}`,
          sku: variant.sku,
          available: variant.available,
          // Left out: the photo it has.
          ...(variant.imageId === undefined ? {} : { imageId: variant.imageId }),
          position,
          updatedAt: now,
        },
      });
  }
  await executor
    .update(products)
    // Without variants, the listing has one price again: no highest price of its own.
    .set({ variations: [...variations], hasVariants: variants.length > 0, ...(variants.length > 0 ? {} : { maxPriceCents: null }), updatedAt: now })
    .where(eq(products.id, productId));
  if (variants.length > 0) await writeListingTotals(executor, [productId], now);
}

const siblingVariants = alias(productVariants, 'sibling_variants');

/**
 * Whether the `product_variants` row in scope makes its listing's prices: it is on sale, or none of the
 * listing's variants is (the listing still shows a price). Its lowest price and highest price are over
 * these (writeListingTotals), and so is a price filter (price-range.repository.ts): one rule for both. The
 * siblings are asked with a scalar subquery, only for a variant switched off: PostgreSQL would turn a NOT
 * EXISTS into a hash of every variant on sale, built on each page of a price filter.
 */
export function makesListingPrice(): SQL {
  return sql`(${productVariants.available} or not coalesce((select bool_or(${siblingVariants.available}) from ${productVariants} ${siblingVariants} where ${siblingVariants.productId} = ${productVariants.productId}), false))`;
}

/**
 * Writes each listing's prices and stock from its variants: the lowest and highest price of those on sale (of
 * all when none is), the units of those on sale. Listings without variants are left as they are.
 */
export async function writeListingTotals(executor: Executor, productIds: readonly string[], now: Date): Promise<void> {
  if (productIds.length === 0) return;
  const priced = sql`${productVariants.productId} = ${products.id} and ${makesListingPrice()}`;
  await executor
    .update(products)
    .set({
      priceCents: sql`coalesce((select min(${productVariants.priceCents}) from ${productVariants} where ${priced}), ${products.priceCents})`,
      maxPriceCents: sql`coalesce((select max(${productVariants.priceCents}) from ${productVariants} where ${priced}), ${products.priceCents})`,
      quantity: sql`coalesce((select sum(${productVariants.quantity}) from ${productVariants} where ${productVariants.productId} = ${products.id} and ${productVariants.available}), 0)`,
      updatedAt: now,
    })
    .where(and(inArray(products.id, [...productIds]), eq(products.hasVariants, true)));
}

/** Sets a variant's stock (the seller's inventory); false when it is not a variant of that listing. */
export async function setVariantStock(executor: Executor, where: { productId: string; variantId: string }, quantity: number, now: Date): Promise<boolean> {
  const rows = await executor
    .update(productVariants)
    .set({ quantity, updatedAt: now })
    .where(and(eq(productVariants.id, where.variantId), eq(productVariants.productId, where.productId)))
    .returning({ id: productVariants.id });
  if (rows.length === 0) return false;
  await writeListingTotals(executor, [where.productId], now);
  return true;
}

/** Adds units to a variant while it stays within `maxQuantity`; false when it is not that listing's or the cap would be passed. */
export async function addVariantStock(
  executor: Executor,
  where: { productId: string; variantId: string },
  units: number,
  maxQuantity: number,
  now: Date,
): Promise<boolean> {
  const rows = await executor
    .update(productVariants)
    .set({ quantity: sql`${productVariants.quantity} + ${units}`, updatedAt: now })
    .where(
      and(
        eq(productVariants.id, where.variantId),
        eq(productVariants.productId, where.productId),
        sql`${productVariants.quantity} + ${units} <= ${maxQuantity}`,
      ),
    )
    .returning({ id: productVariants.id });
  if (rows.length === 0) return false;
  await writeListingTotals(executor, [where.productId], now);
  return true;
}
