import { and, count, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { categories, liveListingCounts, products } from '../catalog/catalog.schema';
import { CATALOG_COUNT_CAP } from '@marketplace/contracts/catalog';
import { listingPriceParts, numberInText } from '../catalog';
import {
  conditionsOf,
  heldFilters,
  orderOf,
  pageSizeOf,
  priceRangeOf,
  totalFrom,
  valuesOf,
  wordsOf,
  type MatchMode,
  type ProductFilters,
  type ProductPageResult,
} from './listing-page-plan.repository';
import { pageIdsOf, readKeptPage, readPage } from './listing-page-statement.repository';
import { findWordPage, readsListingTerms } from './word-page.repository';

export type { ProductFilters, ProductPageRecord, ProductPageResult, ProductSort } from './listing-page-plan.repository';

// The catalogue's lists over the listings: the public search and browse, a shop, a seller's own listings and
// the admin's catalogue (docs/product/catalogue-speed.md). The word search of the live catalogue reads the
// kept words instead (word-page.repository.ts).

/**
 * One page of listings (with category, seller and cover) and how many match in all: exactly, or, when
 * `isTotalExact` is false, at least `total` (docs/product/catalogue-speed.md: the public catalogue counts
 * a price range no further than CATALOG_COUNT_CAP). One statement in the usual case: every round trip
 * to the database costs as much as the work of a small page.
 */
export async function findProducts(executor: Executor, filters: ProductFilters): Promise<ProductPageResult> {
  return filters.q ? findMatchingProducts(executor, filters) : findProductsInOrder(executor, filters);
}

/**
 * How a page's total is counted, as a scalar subquery of the page's own statement. Sellers' and admins'
 * lists count exactly (a seller has at most 10,000 listings), and so does a shop. The public catalogue
 * reads the kept count (live_listing_counts) when it is filtered by category at most, and counts other
 * filters (a price range) up to CATALOG_COUNT_CAP + 1, which an index answers reading that many entries:
 * first the listings whose lowest price is in the range, then, only while fewer than that, the listings
 * with variants whose lowest price is below it (listingPriceParts, each part read off its own index).
 */
function totalQueryOf(filters: ProductFilters, where: SQL | undefined): { query: SQL<number>; isCapped: boolean } {
  const all = (query: SQL) => sql<number>`(${query})`.mapWith(Number);
  if (!filters.isLive || filters.sellerId || filters.status || filters.lowStockThreshold !== undefined) {
    return { query: all(sql`select count(*) from ${products} where ${where ?? sql`true`}`), isCapped: false };
  }
  if (filters.minPriceCents === undefined && filters.maxPriceCents === undefined) {
    const inCategory = filters.categorySlug
      ? sql` where ${liveListingCounts.categoryId} = (select ${categories.id} from ${categories} where ${categories.slug} = ${filters.categorySlug})`
      : sql``;
    return { query: all(sql`select coalesce(sum(${liveListingCounts.liveCount}), 0) from ${liveListingCounts}${inCategory}`), isCapped: false };
  }
  const others = conditionsOf({ ...filters, minPriceCents: undefined, maxPriceCents: undefined });
  const parts = listingPriceParts(priceRangeOf(filters)).map((part) => sql`(select 1 from ${products} where ${and(others, part)})`);
  return {
    query: all(sql`select count(*) from (${sql.join(parts, sql` union all `)} limit ${numberInText(CATALOG_COUNT_CAP + 1)}) as capped`),
    isCapped: true,
  };
}

/**
 * The name of a page's statement: which filters it has, its order, how it matches words and whether it
 * skips rows. Statements of one shape have the same text (only their parameters differ), so PostgreSQL
 * parses each shape once per connection and can keep one plan for it; a name used for two texts would be
 * refused by the driver (catalogue-totals.test.ts reads every shape twice, with other values).
 */
function shapeOf(filters: ProductFilters, mode: MatchMode | null): string {
  const has = (value: unknown) => (value === undefined ? '0' : '1');
  const q = filters.q ? (mode === 'typos' ? `t${wordsOf(filters.q).length}` : 'w') : '';
  // Drizzle leaves OFFSET out of the text when it is 0, so the first page is a shape of its own.
  return `catalog_page_${filters.sort}_${q}_${filters.offset > 0 ? 'o' : 'f'}${pageSizeOf(filters).name}_${has(filters.categorySlug)}${has(filters.minPriceCents)}${has(filters.maxPriceCents)}${has(filters.status)}${has(filters.sellerId)}${has(filters.lowStockThreshold)}${filters.isLive ? 1 : 0}`;
}

/**
 * A text search. The live catalogue's plain words in relevance order read the kept words, a misspelling
 * corrected in the same statement (findWordPage). Any other: the words first, and only if they match
 * nothing, the typo-forgiving match. Each is one statement: `count(*) over ()` counts every match
 * before the limit, so the matching (the costly part) runs once, and the ranking sorts the matches
 * anyway. A page past the end has no row to carry the count; only then is it counted on its own.
 */
async function findMatchingProducts(executor: Executor, filters: ProductFilters): Promise<ProductPageResult> {
  if (readsListingTerms(filters)) return findWordPage(executor, filters, filters.q ?? '');
  const byWords = await findMatchingPage(executor, filters, 'words');
  if (byWords.total > 0) return byWords;
  return findMatchingPage(executor, filters, 'typos');
}

async function findMatchingPage(executor: Executor, filters: ProductFilters, mode: MatchMode): Promise<ProductPageResult> {
  const where = conditionsOf(filters, mode);
  // The matches are ranked and counted on the listings alone; only the page's rows are then joined.
  const { rows, figure } = await readPage(
    executor,
    pageIdsOf(executor, where, orderOf(filters, mode), filters, sql<number>`count(*) over ()`),
    orderOf(filters, mode),
    shapeOf(filters, mode),
  );
  if (figure !== null) return { rows, total: figure, isTotalExact: true };
  const [counted] = filters.offset === 0 ? [{ value: 0 }] : await executor.select({ value: count() }).from(products).where(where);
  return { rows, total: counted?.value ?? 0, isTotalExact: true };
}

/**
 * Browsing without a query: the page's ids come off an index in the page's order, read in the index
 * alone (products_live_* carry the filters' columns), however deep the page; the total rides along as a
 * scalar subquery (totalQueryOf). A page past the end has no row to carry it: only then is it read alone.
 */
async function findProductsInOrder(executor: Executor, filters: ProductFilters): Promise<ProductPageResult> {
  const { rows, figure } = await readKeptPage(executor, shapeOf(filters, null), valuesOf(filters), () => {
    const held = heldFilters(filters);
    const where = conditionsOf(held);
    return { pageIds: pageIdsOf(executor, where, orderOf(held), held, totalQueryOf(held, where).query), order: orderOf(held) };
  });
  const { query: totalQuery, isCapped } = totalQueryOf(filters, conditionsOf(filters));
  if (figure !== null) return { rows, ...totalFrom(figure, isCapped) };
  const [counted] = await executor.select({ value: totalQuery }).from(sql`(select 1) as one`);
  return { rows: [], ...totalFrom(counted?.value ?? 0, isCapped) };
}
