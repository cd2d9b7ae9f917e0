import { and, eq, gte, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { products, productVariants } from './catalog.schema';
import { isLiveListing } from './live-listings.repository';
import { writeListingTotals } from './variants.repository';

// A listing's stock, which only the catalog writes: a checkout takes units off the shelf, a rejected or
// cancelled item gives them back. Both run in the caller's transaction, so they commit or roll back
// with the order that moved them. A listing with variants (decision 0043) has its units taken off the variant
// chosen, under the listing's row lock, and its totals written again.

/** What an order needs of a listing it took units of, read from the row it locked: the price now. */
export interface TakenListing {
  id: string;
  sellerId: string;
  categoryId: string;
  title: string;
  /** The variant's price for a variant, else the listing's. */
  priceCents: number;
  retipPriceCents: number | null;
  /** The variant taken from and its label ("Size: M"), null for a listing without variants. */
  variantId: string | null;
  variantLabel: string | null;
}

export interface StockRequest {
  productId: string;
  /** The variant chosen, for a listing with variants (null or absent for one without). */
  variantId?: string | null;
  quantity: number;
}

/**
 * A request that could not be met: `request` is its position in the requests, `available` what the listing
 * has left (0 when it is not live), `live` whether it can still be bought at all (false: hidden, deleted, or
 * its seller suspended).
 */
export interface StockShortage {
  request: number;
  productId: string;
  requested: number;
  available: number;
  live: boolean;
}

export interface StockTaken {
  /** Per request, in `requests` order: the listing it took units of, or null when it was short. */
  listings: (TakenListing | null)[];
  /** The requests that were short, in the order their rows were locked (product order). */
  shortages: StockShortage[];
}

/**
 * Takes each request's `quantity` off the shelf, each in one conditional statement (only if the units
 * are there and the listing is active), so concurrent checkouts queue on the row and never take stock
 * below 0. Rows are locked in product order, so two checkouts never wait on each other crosswise. A
 * request that cannot be met takes nothing and answers what is left; the caller then rolls its
 * transaction back, which gives back what the other requests took.
 */
export async function takeStock(executor: Executor, requests: readonly StockRequest[], now: Date): Promise<StockTaken> {
  const key = (request: StockRequest) => `${request.productId}/${request.variantId ?? ''}`;
  const byProduct = requests.map((_, index) => index).sort((a, b) => (key(requests[a]!) < key(requests[b]!) ? -1 : 1));
  const listings = requests.map((): TakenListing | null => null);
  const shortages: StockShortage[] = [];
  for (const request of byProduct) {
    const { productId, variantId, quantity } = requests[request]!;
    const listing = variantId ? await takeVariantUnits(executor, productId, variantId, quantity, now) : await takeUnits(executor, productId, quantity, now);
    if (listing) listings[request] = listing;
    else {
      const available = await findAvailableQuantity(executor, productId, variantId ?? null);
      shortages.push({ request, productId, requested: quantity, available: available ?? 0, live: available !== null });
    }
  }
  return { listings, shortages };
}

const listingColumns = {
  id: products.id,
  sellerId: products.sellerId,
  categoryId: products.categoryId,
  title: products.title,
  priceCents: products.priceCents,
  retipPriceCents: products.retipPriceCents,
};

async function takeUnits(executor: Executor, productId: string, quantity: number, now: Date): Promise<TakenListing | null> {
  const [row] = await executor
    .update(products)
    .set({ quantity: sql`${products.quantity} - ${quantity}`, updatedAt: now })
    // Live only: active, and its seller not suspended (a suspended seller's listing cannot be bought); a listing
    // with variants is bought by variant only.
    .where(and(eq(products.id, productId), gte(products.quantity, quantity), isLiveListing(), eq(products.hasVariants, false)))
    .returning(listingColumns);
  return row ? { ...row, variantId: null, variantLabel: null } : null;
}

/**
 * The listing's row is locked first (live only), so checkouts racing for one variant queue there, and a
 * variant's units are taken in the same order as a listing's; then the units come off the variant (on sale,
 * with enough left) and the listing's totals are written again.
 */
async function takeVariantUnits(executor: Executor, productId: string, variantId: string, quantity: number, now: Date): Promise<TakenListing | null> {
  const [listing] = await executor
    .select(listingColumns)
    .from(products)
    .where(and(eq(products.id, productId), isLiveListing()))
    .for('update');
  if (!listing) return null;
  const [variant] = await executor
    .update(productVariants)
    .set({ quantity: sql`${productVariants.quantity} - ${quantity}`, updatedAt: now })
    .where(
      and(
        eq(productVariants.id, variantId),
        eq(productVariants.productId, productId),
        eq(productVariants.available, true),
        gte(productVariants.quantity, quantity),
      ),
    )
    .returning({ priceCents: productVariants.priceCents, label: productVariants.label });
  if (!variant) return null;
  await writeListingTotals(executor, [productId], now);
  return { ...listing, priceCents: variant.priceCents, variantId, variantLabel: variant.label };
}

/** What a live listing (or its variant on sale) has left; null when it cannot be bought. */
async function findAvailableQuantity(executor: Executor, productId: string, variantId: string | null): Promise<number | null> {
  if (variantId) {
    const [row] = await executor
      .select({ quantity: productVariants.quantity })
      .from(productVariants)
      .innerJoin(products, eq(products.id, productVariants.productId))
      .where(and(eq(productVariants.id, variantId), eq(productVariants.productId, productId), eq(productVariants.available, true), isLiveListing()));
    return row ? row.quantity : null;
  }
  const [row] = await executor
    .select({ quantity: products.quantity })
    .from(products)
    .where(and(eq(products.id, productId), isLiveListing(), eq(products.hasVariants, false)));
  return row ? row.quantity : null;
}

/** Puts units back on the shelf (a rejected or cancelled item), one statement per item, in the order given. */
export async function giveStockBack(executor: Executor, items: readonly StockRequest[], now: Date): Promise<void> {
  for (const { productId, variantId, quantity } of items) {
    if (variantId) {
      // The listing's row first, as a checkout takes them; units of a combination taken out since are not given back.
      await executor.select({ id: products.id }).from(products).where(eq(products.id, productId)).for('update');
      await executor
        .update(productVariants)
        .set({ quantity: sql`${productVariants.quantity} + ${quantity}`, updatedAt: now })
        .where(and(eq(productVariants.id, variantId), eq(productVariants.productId, productId)));
      await writeListingTotals(executor, [productId], now);
      continue;
    }
    await executor
      .update(products)
      .set({ quantity: sql`${products.quantity} + ${quantity}`, updatedAt: now })
      .where(and(eq(products.id, productId), eq(products.hasVariants, false)));
  }
}
