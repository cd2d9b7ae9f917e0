import { and, eq, gte, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { products } from './catalog.schema';
import { isLiveListing } from './live-listings.repository';

// A listing's stock, which only the catalog writes: a checkout takes units off the shelf, a rejected or
// cancelled item gives them back. Both run in the caller's transaction, so they commit or roll back
// with the order that moved them.

/** What an order needs of a listing it took units of, read from the row it locked: the price now. */
export interface TakenListing {
  id: string;
  sellerId: string;
  categoryId: string;
  title: string;
  priceCents: number;
  retipPriceCents: number | null;
}

export interface StockRequest {
  productId: string;
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
  const byProduct = requests.map((_, index) => index).sort((a, b) => (requests[a]!.productId < requests[b]!.productId ? -1 : 1));
  const listings = requests.map((): TakenListing | null => null);
  const shortages: StockShortage[] = [];
  for (const request of byProduct) {
    const { productId, quantity } = requests[request]!;
    const listing = await takeUnits(executor, productId, quantity, now);
    if (listing) listings[request] = listing;
    else {
      const available = await findAvailableQuantity(executor, productId);
      shortages.push({ request, productId, requested: quantity, available: available ?? 0, live: available !== null });
    }
  }
  return { listings, shortages };
}

async function takeUnits(executor: Executor, productId: string, quantity: number, now: Date): Promise<TakenListing | null> {
  const [row] = await executor
    .update(products)
    .set({ quantity: sql`${products.quantity} - ${quantity}`, updatedAt: now })
    // Live only: active, and its seller not suspended (a suspended seller's listing cannot be bought).
    .where(and(eq(products.id, productId), gte(products.quantity, quantity), isLiveListing()))
    .returning({
      id: products.id,
      sellerId: products.sellerId,
      categoryId: products.categoryId,
      title: products.title,
      priceCents: products.priceCents,
      retipPriceCents: products.retipPriceCents,
    });
  return row ?? null;
}

/** What a live listing has left; null when it is not live. */
async function findAvailableQuantity(executor: Executor, productId: string): Promise<number | null> {
  const [row] = await executor
    .select({ quantity: products.quantity })
    .from(products)
    .where(and(eq(products.id, productId), isLiveListing()));
  return row ? row.quantity : null;
}

/** Puts units back on the shelf (a rejected or cancelled item), one statement per item, in the order given. */
export async function giveStockBack(executor: Executor, items: readonly StockRequest[], now: Date): Promise<void> {
  for (const { productId, quantity } of items) {
    await executor
      .update(products)
      .set({ quantity: sql`${products.quantity} + ${quantity}`, updatedAt: now })
      .where(eq(products.id, productId));
  }
}
