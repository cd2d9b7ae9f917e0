import { and, between, gt, gte, isNotNull, lt, lte, sql, type SQL } from 'drizzle-orm';
import { alias, type AnyPgColumn } from 'drizzle-orm/pg-core';
import { products, productVariants } from './catalog.schema';
import { LIVE_LISTING_STATUS } from './live-listings.repository';
import { makesListingPrice } from './variants.repository';

// A price filter (docs/product/listings.md): a listing without variants matches when its one price is in the
// range; a listing with variants when one of the variants that make its price (those on sale) costs a price in
// the range, so a T-shirt "From $20" whose L costs $30 is found between $25 and $35, and not between $21 and $29
// when no size costs that. The listing's lowest and highest price (`price_cents`, `max_price_cents`, kept by
// writeListingTotals) answer most rows on their own, off the catalogue's indexes; only a listing whose span
// reaches past both ends of the range has its variants read (docs/product/catalogue-speed.md).

/** A filter's bounds in cents, either absent; a kept statement passes its placeholders (typed as numbers). */
export interface PriceRange {
  minCents?: number | undefined;
  maxCents?: number | undefined;
}

/** The columns a price filter reads: the listing's id, its lowest price and its highest (null without variants). */
export interface PricedColumns {
  productId: AnyPgColumn;
  priceCents: AnyPgColumn;
  maxPriceCents: AnyPgColumn;
}

const productPrices: PricedColumns = { productId: products.id, priceCents: products.priceCents, maxPriceCents: products.maxPriceCents };

/** One of the listing's variants that make its price costs a price in the range (product_variants_price_idx). */
function hasVariantWithin(row: PricedColumns, minCents: number, maxCents: number): SQL {
  return sql`exists (select 1 from ${productVariants} where ${productVariants.productId} = ${row.productId} and ${productVariants.priceCents} between ${minCents} and ${maxCents} and ${makesListingPrice()})`;
}

/**
 * The condition on a row that carries a listing's prices: `products` itself, or its kept words (listing_terms).
 * Only a maximum: the lowest price is at most it. Only a minimum: the highest reaches it. Both: the span meets
 * the range, and either an end of the span lies in it or one of the listing's variants does.
 */
export function isPricedWithin(row: PricedColumns, { minCents, maxCents }: PriceRange): SQL | undefined {
  if (minCents === undefined) return maxCents === undefined ? undefined : lte(row.priceCents, maxCents);
  const reachesMin = sql`coalesce(${row.maxPriceCents}, ${row.priceCents}) >= ${minCents}`;
  if (maxCents === undefined) return reachesMin;
  return and(
    lte(row.priceCents, maxCents),
    reachesMin,
    sql`(${row.priceCents} >= ${minCents} or ${row.maxPriceCents} <= ${maxCents} or ${hasVariantWithin(row, minCents, maxCents)})`,
  ) as SQL;
}

const spanningListings = alias(products, 'spanning_listings');

/**
 * The same on `products`. For live listings (the public catalogue), with a lower end for the lowest price, so
 * a page in price order reads the price indexes from near the minimum rather than from the cheapest listing:
 * the minimum itself, or, if lower, the lowest price of a live listing with variants whose highest reaches it
 * (read off products_live_variant_prices_idx). It changes no answer: every listing the filter matches costs
 * at least that.
 */
export function isListingPricedWithin(range: PriceRange, { isLive }: { isLive: boolean }): SQL | undefined {
  const condition = isPricedWithin(productPrices, range);
  if (range.minCents === undefined || !isLive) return condition;
  const lowest = sql`(select least(${range.minCents}, min(${spanningListings.priceCents})) from ${products} ${spanningListings}
    where ${spanningListings.status} = ${sql.raw(`'${LIVE_LISTING_STATUS}'`)} and ${spanningListings.maxPriceCents} is not null and ${spanningListings.maxPriceCents} >= ${range.minCents})`;
  return and(sql`${products.priceCents} >= ${lowest}`, condition) as SQL;
}

/**
 * The same filter on `products` as parts that never overlap, for a count that stops early
 * (catalogue-search.repository.ts): first the listings whose lowest price is in the range (read off the price
 * indexes, as before variants), then the listings with variants whose lowest price is below the minimum: those
 * whose highest price is in the range, and those whose span reaches past both ends and have a variant in it
 * (a part of its own, so PostgreSQL joins the variants in range rather than asking each listing). The last
 * ones are read off products_live_variant_prices_idx for live listings. None when there is no range.
 */
export function listingPriceParts({ minCents, maxCents }: PriceRange): SQL[] {
  if (minCents === undefined) return maxCents === undefined ? [] : [lte(products.priceCents, maxCents)];
  const fromBelow = and(isNotNull(products.maxPriceCents), lt(products.priceCents, minCents)) as SQL;
  if (maxCents === undefined) return [gte(products.priceCents, minCents), and(fromBelow, gte(products.maxPriceCents, minCents)) as SQL];
  return [
    between(products.priceCents, minCents, maxCents),
    and(fromBelow, between(products.maxPriceCents, minCents, maxCents)) as SQL,
    and(fromBelow, gt(products.maxPriceCents, maxCents), hasVariantWithin(productPrices, minCents, maxCents)) as SQL,
  ];
}
