import { and, asc, desc, eq, gte, lte, sql, type Placeholder, type SQL } from 'drizzle-orm';
import { categories, products } from '../catalog/catalog.schema';
import { CATALOG_COUNT_CAP } from '@marketplace/contracts/catalog';
import { isListingPricedWithin, isLiveListing, limitInText, type ImageRecord, type ProductRecord, type ProductStatus } from '../catalog';

// What a page of the catalogue's lists asks for (ProductFilters: the public search and browse, a seller's
// own listings, the admin's catalogue) and how it becomes the parts of its statement: which listings
// match, in which order, and the numbers and placeholders written into its text. No statement is run here
// (catalogue-search.repository.ts and word-page.repository.ts run them).

export type ProductSort = 'relevance' | 'price_asc' | 'price_desc' | 'newest' | 'rating';

export interface ProductFilters {
  q?: string | undefined;
  categorySlug?: string | undefined;
  minPriceCents?: number | undefined;
  maxPriceCents?: number | undefined;
  status?: ProductStatus | undefined;
  /** Live listings only (isLiveListing, from the catalog module): active, and their seller not suspended. */
  isLive?: boolean | undefined;
  sellerId?: string | undefined;
  /** 1..lowStockThreshold units left. */
  lowStockThreshold?: number | undefined;
  sort: ProductSort;
  offset: number;
  limit: number;
}

// ── matching and order ──────────────────────────────────────────────────────────────────────────
// A listing matches a query when the full-text search over title + description matches (stemmed:
// "headphone" finds "Headphones"), or — when that finds nothing — when every word of the query is
// close to some part of the title by trigram word similarity, which forgives typos ("hedphones" →
// "Headphones", 0.62).
// 0.5 keeps unrelated titles out: "wireless hedphones" scores 0 on "hedphones" against "Wireless
// Mouse". Ranking: relevanceOf.
export const MAX_QUERY_WORDS = 8;

// PostgreSQL keeps this column (generated, GIN-indexed): a search never re-parses each listing.
export const searchDocument = sql`${products.searchVector}`;
const fullTextQuery = (q: string) => sql`websearch_to_tsquery('english', ${q})`;

export function wordsOf(q: string): string[] {
  return q
    .toLowerCase()
    .split(/[\s,;]+/)
    .filter((word) => word.length >= 2)
    .slice(0, MAX_QUERY_WORDS);
}

/**
 * How a query matches: `words`, the full-text search (stemmed, GIN-indexed, cheap even when thousands
 * of listings match); `typos`, every word close to some part of the title by trigram word similarity
 * (`<%`, 0.5: SESSION_SETTINGS in db/client.ts, written as the operator so the title's trigram index
 * can answer it). The typo match reads far more of the index for common words (a second or more
 * for "portable speaker" over 100,000 listings), so a search tries it only when the words found nothing.
 */
export type MatchMode = 'words' | 'typos';

function searchMatch(q: string, mode: MatchMode): SQL {
  const fullText = sql`${searchDocument} @@ ${fullTextQuery(q)}`;
  const words = wordsOf(q);
  if (mode === 'words' || words.length === 0) return fullText;
  return and(...words.map((word) => sql`${word} <% ${products.title}`)) as SQL;
}

/**
 * How well a listing matches. Found by its words: the full-text rank over the stored document, whose title
 * words weigh more than the description's (A over B), so a listing naming the thing in its title comes
 * first; it is read from the stored document, so it costs little per match. Found by the typo match: how
 * close the title is to the words typed (trigram word similarity, which is what found it).
 */
const relevanceOf = (q: string, mode: MatchMode) =>
  mode === 'words' ? sql`ts_rank(${searchDocument}, ${fullTextQuery(q)})` : sql`word_similarity(${q}, ${products.title})`;

/** The filters' price range, as the catalog's price filter takes it (price-range.repository.ts). */
export const priceRangeOf = (filters: ProductFilters) => ({ minCents: filters.minPriceCents, maxCents: filters.maxPriceCents });

export function conditionsOf(filters: ProductFilters, mode: MatchMode = 'words'): SQL | undefined {
  const conditions: (SQL | undefined)[] = [];
  if (filters.status) conditions.push(eq(products.status, filters.status));
  if (filters.isLive) conditions.push(isLiveListing());
  if (filters.sellerId) conditions.push(eq(products.sellerId, filters.sellerId));
  // Through the category's id, so the listing's own indexes answer it (categories are a handful of rows).
  if (filters.categorySlug)
    conditions.push(eq(products.categoryId, sql`(select ${categories.id} from ${categories} where ${categories.slug} = ${filters.categorySlug})`));
  // A listing with variants by its variants' prices. What the statement reads depends only on which bounds are
  // given and whether the list is live, and a kept statement's shape names both (shapeOf).
  conditions.push(isListingPricedWithin(priceRangeOf(filters), { isLive: Boolean(filters.isLive) }));
  if (filters.lowStockThreshold !== undefined) {
    conditions.push(and(gte(products.quantity, 1), lte(products.quantity, filters.lowStockThreshold)));
  }
  if (filters.q) conditions.push(searchMatch(filters.q, mode));
  return conditions.length ? and(...conditions) : undefined;
}

export function orderOf(filters: ProductFilters, mode: MatchMode = 'words'): SQL[] {
  const newestFirst = [desc(products.createdAt), asc(products.id)];
  switch (filters.sort) {
    case 'price_asc':
      return [asc(products.priceCents), ...newestFirst];
    case 'price_desc':
      return [desc(products.priceCents), ...newestFirst];
    case 'newest':
      return newestFirst;
    case 'rating':
      // The average as shown (tenths, rounded half up: averageRatingTenths in packages/domain/src/ratings.ts),
      // then the most reviews; listings without a review come last.
      return [
        sql`(20 * ${products.ratingSum} + ${products.reviewCount}) / nullif(2 * ${products.reviewCount}, 0) desc nulls last`,
        desc(products.reviewCount),
        ...newestFirst,
      ];
    case 'relevance':
      // Without a query there is nothing to be relevant to: newest first.
      return filters.q ? [desc(relevanceOf(filters.q, mode)), ...newestFirst] : newestFirst;
  }
}

/** A listing of a page, with the cover its card shows (its first photo). */
export type ProductPageRecord = ProductRecord & { cover: Pick<ImageRecord, 'fileKey' | 'thumbnailKey'> | null };

export interface ProductPageResult {
  rows: ProductPageRecord[];
  /** Every match, or at least this many when `isTotalExact` is false. */
  total: number;
  isTotalExact: boolean;
}

// ── the statement's text ────────────────────────────────────────────────────────────────────────
/** A page's total from the figure its statement counted: past CATALOG_COUNT_CAP a capped count says "at least". */
export const totalFrom = (counted: number, isCapped: boolean) =>
  isCapped && counted > CATALOG_COUNT_CAP ? { total: CATALOG_COUNT_CAP, isTotalExact: false } : { total: counted, isTotalExact: true };

/**
 * The page sizes the shop asks for (its rows, grids and dashboards) and 1 (a page's figure alone). These are
 * written into a page's statement as numbers rather than sent as parameters: with every number in the text,
 * PostgreSQL can keep one plan per shape and connection instead of planning each request anew (a plan for
 * "LIMIT $1" has to guess a tenth of the table, and is far worse than the plan for 20). Other sizes work the
 * same, as parameters, planned each time.
 */
const PLANNED_PAGE_SIZES: ReadonlySet<number> = new Set([1, 8, 10, 12, 20, 24, 48]);

/**
 * A page's offset, as a value the planner cannot see (a one-row subquery). A plan is then the same for
 * every offset, so PostgreSQL keeps one plan for a deep page's shape instead of planning each request; with
 * the offset in plain sight it plans each anew, each planned for its own offset but all alike (the page
 * is read off an index in its order whatever the offset).
 */
export function offsetOf(filters: ProductFilters): number | Placeholder {
  return filters.offset === 0 ? 0 : (sql`(select ${filters.offset}::bigint)` as unknown as Placeholder);
}

/** A page's size in its statement: in the text when it is one of the shop's, else a parameter; and its name's part. */
export function pageSizeOf(filters: ProductFilters): { limit: number | Placeholder; name: string } {
  return PLANNED_PAGE_SIZES.has(filters.limit) ? { limit: limitInText(filters.limit), name: `l${filters.limit}` } : { limit: filters.limit, name: 'lp' };
}

/** A named placeholder where a kept statement takes a request's value (typed as the value it stands for). */
export const slot = <T>(name: string) => sql.placeholder(name) as unknown as T;

/**
 * The filters as a kept statement takes them: each value a placeholder (valuesOf names the same ones),
 * each absent filter absent, and the numbers written into the text (a first page's offset, the shop's
 * page sizes) as they are. The words typed are a placeholder too, so a builder that would write them
 * into the text fails loudly instead of keeping one request's words for every other.
 */
export function heldFilters(filters: ProductFilters): ProductFilters {
  return {
    ...filters,
    q: filters.q ? slot('q') : filters.q,
    status: filters.status ? slot('status') : filters.status,
    sellerId: filters.sellerId ? slot('sellerId') : filters.sellerId,
    categorySlug: filters.categorySlug ? slot('categorySlug') : filters.categorySlug,
    minPriceCents: filters.minPriceCents === undefined ? undefined : slot('minPriceCents'),
    maxPriceCents: filters.maxPriceCents === undefined ? undefined : slot('maxPriceCents'),
    lowStockThreshold: filters.lowStockThreshold === undefined ? undefined : slot('lowStockThreshold'),
    offset: filters.offset > 0 ? slot('offset') : filters.offset,
    limit: PLANNED_PAGE_SIZES.has(filters.limit) ? filters.limit : slot('limit'),
  };
}

export function valuesOf(filters: ProductFilters, words?: string): Record<string, unknown> {
  const { q, status, sellerId, categorySlug, minPriceCents, maxPriceCents, lowStockThreshold, offset, limit } = filters;
  return { q, status, sellerId, categorySlug, minPriceCents, maxPriceCents, lowStockThreshold, offset, limit, ...(words === undefined ? {} : { words }) };
}
