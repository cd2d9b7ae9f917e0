import { and, asc, count, desc, eq, gte, lte, sql, type Placeholder, type SQL } from 'drizzle-orm';
import { alias, type AnyPgColumn } from 'drizzle-orm/pg-core';
import { lockFor } from '../../db/advisory-locks';
import type { Executor } from '../../db/client';
import { catalogueLexemes, categories, listingTerms, liveListingCounts, productImages, products, sellerReviewTotals, users } from '../../db/schema';
import { CATALOG_COUNT_CAP } from '@marketplace/contracts/catalog';
import { isLiveListing } from './live-listings.repository';

export type ProductCondition = (typeof products.$inferSelect)['condition'];
export type ProductStatus = (typeof products.$inferSelect)['status'];

/** A listing with the category and seller it is shown with; plain data, no ORM row. */
export interface ProductRecord {
  id: string;
  sellerId: string;
  title: string;
  description: string;
  priceCents: number;
  quantity: number;
  condition: ProductCondition;
  status: ProductStatus;
  /** Hidden only because it is not ready yet (docs/product/listings.md); only its seller and admins are told. */
  isDraft: boolean;
  retipLabel: string | null;
  retipPriceCents: number | null;
  weightOunces: number;
  /** The visible reviews' count and star sum (the reviews module keeps them through adjustReviewTotals). */
  reviewCount: number;
  ratingSum: number;
  createdAt: Date;
  updatedAt: Date;
  category: { id: string; name: string; slug: string };
  seller: { id: string; companyName: string | null };
  /** A suspended seller's listings are not live, whatever their own status (live-listings.repository.ts). */
  sellerStatus: 'active' | 'suspended';
}

export interface ImageRecord {
  id: string;
  productId: string;
  fileKey: string;
  thumbnailKey: string | null;
  name: string;
  position: number;
}

export type ProductSort = 'relevance' | 'price_asc' | 'price_desc' | 'newest' | 'rating';

export interface ProductFilters {
  q?: string | undefined;
  categorySlug?: string | undefined;
  minPriceCents?: number | undefined;
  maxPriceCents?: number | undefined;
  status?: ProductStatus | undefined;
  /** Live listings only (live-listings.repository.ts): active, and their seller not suspended. */
  isLive?: boolean | undefined;
  sellerId?: string | undefined;
  /** 1..lowStockThreshold units left. */
  lowStockThreshold?: number | undefined;
  sort: ProductSort;
  offset: number;
  limit: number;
}

const productColumns = {
  id: products.id,
  sellerId: products.sellerId,
  title: products.title,
  description: products.description,
  priceCents: products.priceCents,
  quantity: products.quantity,
  condition: products.condition,
  status: products.status,
  isDraft: products.isDraft,
  retipLabel: products.retipLabel,
  retipPriceCents: products.retipPriceCents,
  weightOunces: products.weightOunces,
  reviewCount: products.reviewCount,
  ratingSum: products.ratingSum,
  createdAt: products.createdAt,
  updatedAt: products.updatedAt,
  category: { id: categories.id, name: categories.name, slug: categories.slug },
  seller: { id: users.id, companyName: users.companyName },
  sellerStatus: users.status,
};

// ── search ──────────────────────────────────────────────────────────────────────────────────────
// A listing matches a query when the full-text search over title + description matches (stemmed:
// "headphone" finds "Headphones"), or — when that finds nothing — when every word of the query is
// close to some part of the title by trigram word similarity, which forgives typos ("hedphones" →
// "Headphones", 0.62).
// 0.5 keeps unrelated titles out: "wireless hedphones" scores 0 on "hedphones" against "Wireless
// Mouse". Ranking: relevanceOf.
const MAX_QUERY_WORDS = 8;

// PostgreSQL keeps this column (generated, GIN-indexed): a search never re-parses each listing.
const searchDocument = sql`${products.searchVector}`;
const fullTextQuery = (q: string) => sql`websearch_to_tsquery('english', ${q})`;

function wordsOf(q: string): string[] {
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
type MatchMode = 'words' | 'typos';

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

function conditionsOf(filters: ProductFilters, mode: MatchMode = 'words'): SQL | undefined {
  const conditions: (SQL | undefined)[] = [];
  if (filters.status) conditions.push(eq(products.status, filters.status));
  if (filters.isLive) conditions.push(isLiveListing());
  if (filters.sellerId) conditions.push(eq(products.sellerId, filters.sellerId));
  // Through the category's id, so the listing's own indexes answer it (categories are a handful of rows).
  if (filters.categorySlug) conditions.push(eq(products.categoryId, sql`(select ${categories.id} from ${categories} where ${categories.slug} = ${filters.categorySlug})`));
  if (filters.minPriceCents !== undefined) conditions.push(gte(products.priceCents, filters.minPriceCents));
  if (filters.maxPriceCents !== undefined) conditions.push(lte(products.priceCents, filters.maxPriceCents));
  if (filters.lowStockThreshold !== undefined) {
    conditions.push(and(gte(products.quantity, 1), lte(products.quantity, filters.lowStockThreshold)));
  }
  if (filters.q) conditions.push(searchMatch(filters.q, mode));
  return conditions.length ? and(...conditions) : undefined;
}

function orderOf(filters: ProductFilters, mode: MatchMode = 'words'): SQL[] {
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
      return [sql`(20 * ${products.ratingSum} + ${products.reviewCount}) / nullif(2 * ${products.reviewCount}, 0) desc nulls last`, desc(products.reviewCount), ...newestFirst];
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
 * filters (a price range) up to CATALOG_COUNT_CAP + 1, which an index answers reading that many entries.
 */
function totalQueryOf(filters: ProductFilters, where: SQL | undefined): { query: SQL<number>; isCapped: boolean } {
  const all = (query: SQL) => sql<number>`(${query})`.mapWith(Number);
  if (!filters.isLive || filters.sellerId || filters.status || filters.lowStockThreshold !== undefined) {
    return { query: all(sql`select count(*) from ${products} where ${where ?? sql`true`}`), isCapped: false };
  }
  if (filters.minPriceCents === undefined && filters.maxPriceCents === undefined) {
    const inCategory = filters.categorySlug ? sql` where ${liveListingCounts.categoryId} = (select ${categories.id} from ${categories} where ${categories.slug} = ${filters.categorySlug})` : sql``;
    return { query: all(sql`select coalesce(sum(${liveListingCounts.liveCount}), 0) from ${liveListingCounts}${inCategory}`), isCapped: false };
  }
  return { query: all(sql`select count(*) from (select 1 from ${products} where ${where ?? sql`true`} limit ${numberInText(CATALOG_COUNT_CAP + 1)}) as capped`), isCapped: true };
}

const totalFrom = (counted: number, isCapped: boolean) =>
  isCapped && counted > CATALOG_COUNT_CAP ? { total: CATALOG_COUNT_CAP, isTotalExact: false } : { total: counted, isTotalExact: true };

/**
 * The ids of a page in its order, picked on the listings alone, with one figure beside each: every
 * match's count (`count(*) over ()`, for a search), or the total's scalar subquery (run once).
 */
function pageIdsOf(executor: Executor, where: SQL | undefined, order: SQL[], filters: ProductFilters, figure: SQL<number>) {
  return executor
    .select({ id: products.id, figure: sql<number>`${figure}`.as('figure') })
    .from(products)
    .where(where)
    .orderBy(...order)
    .limit(pageSizeOf(filters).limit)
    .offset(offsetOf(filters))
    .as('page_ids');
}

/**
 * The name of a page's statement: which filters it has, its order, how it matches words and whether it
 * skips rows. Statements of one shape have the same text (only their parameters differ), so PostgreSQL
 * parses each shape once per connection and can keep one plan for it; a name used for two texts would be
 * refused by the driver (catalogue-figures.test.ts reads every shape twice, with other values).
 */
function shapeOf(filters: ProductFilters, mode: MatchMode | null): string {
  const has = (value: unknown) => (value === undefined ? '0' : '1');
  const q = filters.q ? (mode === 'typos' ? `t${wordsOf(filters.q).length}` : 'w') : '';
  // Drizzle leaves OFFSET out of the text when it is 0, so the first page is a shape of its own.
  return `catalog_page_${filters.sort}_${q}_${filters.offset > 0 ? 'o' : 'f'}${pageSizeOf(filters).name}_${has(filters.categorySlug)}${has(filters.minPriceCents)}${has(filters.maxPriceCents)}${has(filters.status)}${has(filters.sellerId)}${has(filters.lowStockThreshold)}${filters.isLive ? 1 : 0}`;
}

/** A page's ids in order, each with the page's figure beside it (pageIdsOf, wordPageIdsOf). */
type PageIds = ReturnType<typeof pageIdsOf> | ReturnType<typeof wordPageIdsOf>;

/** Only the page's rows are joined with their category, seller and cover (the first photo). */
function preparePage(executor: Executor, pageIds: PageIds, order: SQL[], shape: string) {
  const cover = executor
    .select({ fileKey: productImages.fileKey, thumbnailKey: productImages.thumbnailKey })
    .from(productImages)
    .where(eq(productImages.productId, products.id))
    .orderBy(asc(productImages.position), asc(productImages.createdAt), asc(productImages.id))
    .limit(limitInText(1))
    .as('cover');
  return executor
    .select({ ...productColumns, coverFileKey: cover.fileKey, coverThumbnailKey: cover.thumbnailKey, figure: sql<number>`${pageIds.figure}`.mapWith(Number) })
    .from(pageIds)
    .innerJoin(products, eq(products.id, pageIds.id))
    .innerJoin(categories, eq(categories.id, products.categoryId))
    .innerJoin(users, eq(users.id, products.sellerId))
    .leftJoinLateral(cover, sql`true`)
    .orderBy(...order)
    .prepare(shape);
}

type PreparedPage = ReturnType<typeof preparePage>;

function pageOf(found: Awaited<ReturnType<PreparedPage['execute']>>): { rows: ProductPageRecord[]; figure: number | null } {
  const rows = found.map(({ coverFileKey, coverThumbnailKey, figure: _figure, ...row }) => ({
    ...row,
    cover: coverFileKey === null ? null : { fileKey: coverFileKey, thumbnailKey: coverThumbnailKey },
  }));
  return { rows, figure: found[0]?.figure ?? null };
}

/** A page whose statement is built for this request alone (its values in its parameters). */
async function readPage(executor: Executor, pageIds: PageIds, order: SQL[], shape: string): Promise<{ rows: ProductPageRecord[]; figure: number | null }> {
  return pageOf(await preparePage(executor, pageIds, order, shape).execute());
}

// Building a page's statement with the query builder costs more of the API's time than PostgreSQL spends
// answering it, and every page of one shape has the same text. So the pages of the catalogue's usual paths
// (browsing, and the word search) build each shape once per database handle, with placeholders where the
// values go (heldFilters), keep it, and run it with each request's values (valuesOf). A transaction is a
// handle of its own, so its pages are built for it alone.
const keptPages = new WeakMap<Executor, Map<string, PreparedPage>>();
/** Shapes kept per handle at most (there are a few hundred; the oldest go first past this). */
const KEPT_SHAPES = 2_000;

async function readKeptPage(executor: Executor, shape: string, values: Record<string, unknown>, build: () => { pageIds: PageIds; order: SQL[] }) {
  let kept = keptPages.get(executor);
  if (!kept) keptPages.set(executor, (kept = new Map()));
  let prepared = kept.get(shape);
  if (!prepared) {
    const { pageIds, order } = build();
    prepared = preparePage(executor, pageIds, order, shape);
    if (kept.size >= KEPT_SHAPES) kept.delete(kept.keys().next().value!);
    kept.set(shape, prepared);
  }
  return pageOf(await prepared.execute(values));
}

const slot = <T>(name: string) => sql.placeholder(name) as unknown as T;

/**
 * The filters as a kept statement takes them: each value a placeholder (valuesOf names the same ones),
 * each absent filter absent, and the numbers written into the text (a first page's offset, the shop's
 * page sizes) as they are. The words typed are a placeholder too, so a builder that would write them
 * into the text fails loudly instead of keeping one request's words for every other.
 */
function heldFilters(filters: ProductFilters): ProductFilters {
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

function valuesOf(filters: ProductFilters, words?: string): Record<string, unknown> {
  const { q, status, sellerId, categorySlug, minPriceCents, maxPriceCents, lowStockThreshold, offset, limit } = filters;
  return { q, status, sellerId, categorySlug, minPriceCents, maxPriceCents, lowStockThreshold, offset, limit, ...(words === undefined ? {} : { words }) };
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

// ── the live catalogue's word search, off listing_terms ─────────────────────────────────────────────
// docs/product/catalogue-speed.md, "Word search". PostgreSQL keeps one row per word of each active
// listing with its rank for that word alone (migration 0028), indexed in rank order per word:
// - one word: the page is read off that index in rank order, exactly the order ts_rank gives, and the
//   count stops at CATALOG_COUNT_CAP + 1 ("1,000+");
// - several words: every listing having all of them is ranked by ts_rank over all the words when they
//   are few (up to FULLY_RANKED × WORD_CANDIDATES), else the first WORD_CANDIDATES (or as deep as the
//   page asks) in the rank order of the rarest word (its title matches first);
// - a misspelt word: before either, each word the catalogue does not have is replaced by the closest one
//   it has (trigram similarity over catalogue_lexemes), in the same statement (queryWordsOf).

/**
 * Words of letters and digits only: the query means "all of these words", nothing websearch syntax reads
 * otherwise (quotes, a leading "-", "or", punctuation that joins words into phrases).
 */
const PLAIN_QUERY = /^[\p{L}\p{N}]+(?:\s+[\p{L}\p{N}]+)*$/u;

function isPlainQuery(q: string): boolean {
  const trimmed = q.trim();
  return PLAIN_QUERY.test(trimmed) && !/(^|\s)or(\s|$)/i.test(trimmed) && trimmed.split(/\s+/).length <= MAX_QUERY_WORDS;
}

/** How many listings a query of several words ranks at most (deeper pages rank as deep as they read). */
export const WORD_CANDIDATES = CATALOG_COUNT_CAP + 1;
/** Past any catalogue's size: how deep a word page's ranking reads at most, however far the page asked for lies (page numbers up to 2^53 stay within bigint). */
const DEEPEST_RANKED = 1_000_000_000_000;
/** Several words shared by at most this many times WORD_CANDIDATES listings: every such listing is ranked. */
const FULLY_RANKED = 4;

/**
 * The page sizes the shop asks for (its rows, grids and dashboards) and 1 (a page's figure alone). These are
 * written into a page's statement as numbers rather than sent as parameters: with every number in the text,
 * PostgreSQL can keep one plan per shape and connection instead of planning each request anew (a plan for
 * "LIMIT $1" has to guess a tenth of the table, and is far worse than the plan for 20). Other sizes work the
 * same, as parameters, planned each time.
 */
const PLANNED_PAGE_SIZES: ReadonlySet<number> = new Set([1, 8, 10, 12, 20, 24, 48]);

/** A whole number written into a statement's text. */
function numberInText(value: number): SQL {
  if (!Number.isSafeInteger(value) || value < 0) throw new RangeError(`not a count: ${value}`);
  return sql.raw(String(value));
}

/** The same, as a LIMIT: Drizzle writes an SQL chunk given there as it is (its type says a number or a placeholder). */
const limitInText = (value: number) => numberInText(value) as unknown as Placeholder;

/**
 * A page's offset, as a value the planner cannot see (a one-row subquery). A plan is then the same for
 * every offset, so PostgreSQL keeps one plan for a deep page's shape instead of planning each request; with
 * the offset in plain sight it plans each anew, each planned for its own offset but all alike (the page
 * is read off an index in its order whatever the offset).
 */
function offsetOf(filters: ProductFilters): number | Placeholder {
  return filters.offset === 0 ? 0 : (sql`(select ${filters.offset}::bigint)` as unknown as Placeholder);
}

/** A page's size in its statement: in the text when it is one of the shop's, else a parameter; and its name's part. */
function pageSizeOf(filters: ProductFilters): { limit: number | Placeholder; name: string } {
  return PLANNED_PAGE_SIZES.has(filters.limit) ? { limit: limitInText(filters.limit), name: `l${filters.limit}` } : { limit: filters.limit, name: 'lp' };
}

/** A live-catalogue search in relevance order; sellers', admins' and other orders read the listings themselves. */
function readsListingTerms(filters: ProductFilters): boolean {
  return Boolean(filters.q && filters.isLive && !filters.status && filters.lowStockThreshold === undefined && filters.sort === 'relevance' && isPlainQuery(filters.q));
}

/**
 * The words to find, as the catalogue has them: each stem of the query (PostgreSQL's English stemming,
 * stop words left out) stays when a live listing has it, else becomes the catalogue's closest stem
 * (trigram similarity, the most listed on a tie). When a word has no close stem at all, or the query has
 * no word but stop words, the array is empty and nothing matches. A word spelt right costs one primary-key
 * probe; only a misspelt one reads the trigram index.
 */
function queryWordsOf(text: SQL | Placeholder | string): SQL {
  const known = alias(catalogueLexemes, 'known_words');
  const close = alias(catalogueLexemes, 'close_words');
  // The text is a one-row subquery, so a statement's plan cannot be made for one query's words: PostgreSQL
  // plans each shape once (as for the offset, offsetOf). `offset 0` keeps each word corrected once.
  return sql`(select (case when bool_and(fixed.lexeme is not null) then array_agg(distinct fixed.lexeme) else '{}' end)::text[]
    from (select coalesce(
        (select ${known.lexeme} from ${catalogueLexemes} ${known} where ${known.lexeme} = typed.lexeme and ${known.listingCount} > 0),
        (select ${close.lexeme} from ${catalogueLexemes} ${close} where typed.lexeme <% ${close.lexeme} and ${close.listingCount} > 0
          order by similarity(typed.lexeme, ${close.lexeme}) desc, ${close.listingCount} desc, ${close.lexeme} limit 1)
      ) as lexeme
      from unnest(tsvector_to_array(to_tsvector('english', (select ${text}::text)))) as typed(lexeme) offset 0) as fixed)`;
}

/** The filters a page puts on the kept words (which carry category, price and seller). */
type TermColumns = Record<'sellerId' | 'categoryId' | 'priceCents', AnyPgColumn>;

function termConditionsOf(terms: TermColumns, filters: ProductFilters): SQL[] {
  const conditions: SQL[] = [sql`not exists (select 1 from ${users} where ${users.id} = ${terms.sellerId} and ${users.status} = 'suspended')`];
  if (filters.sellerId) conditions.push(eq(terms.sellerId, filters.sellerId));
  if (filters.categorySlug) conditions.push(eq(terms.categoryId, sql`(select ${categories.id} from ${categories} where ${categories.slug} = ${filters.categorySlug})`));
  if (filters.minPriceCents !== undefined) conditions.push(gte(terms.priceCents, filters.minPriceCents));
  if (filters.maxPriceCents !== undefined) conditions.push(lte(terms.priceCents, filters.maxPriceCents));
  return conditions;
}

/**
 * The ids of a word search's page with their rank and the page's figure. One word: off the word's rank
 * index, with a count capped at CATALOG_COUNT_CAP + 1. Several: every listing having all the words when
 * they are few (up to FULLY_RANKED × WORD_CANDIDATES), else the first WORD_CANDIDATES of them in the rarest
 * word's rank order; ranked over all the words and counted as they come.
 */
function wordPageIdsOf(executor: Executor, filters: ProductFilters, text: SQL | Placeholder | string, isOneWord: boolean) {
  if (isOneWord) {
    // The word (null when the query's one word is a stop word or has no close stem), in two places.
    const lexemes = sql`(select array[case when cardinality(words.stems) = 1 then words.stems[1] end] from (select ${queryWordsOf(text)} as stems offset 0) as words)`;
    const counted = alias(listingTerms, 'counted_terms');
    const capped = sql<number>`(select count(*) from (select 1 from ${listingTerms} ${counted} where ${and(sql`${counted.lexeme} = (${lexemes})[1]`, ...termConditionsOf(counted, filters))} limit ${numberInText(CATALOG_COUNT_CAP + 1)}) as capped)`;
    // Without filters, the word's kept count says "1,000+" at once when, even if every live listing of a
    // suspended seller had the word, more than the cap would be left; else (or when suspended sellers have
    // more live listings than the cap, which are not counted further) the capped count decides.
    const isUnfiltered = [filters.sellerId, filters.categorySlug, filters.minPriceCents, filters.maxPriceCents].every((value) => value === undefined);
    const suspendedSellers = alias(users, 'suspended_sellers');
    const theirListings = alias(products, 'suspended_listings');
    const hiddenBySuspension = sql`(select count(*) from (select 1 from ${users} ${suspendedSellers} join ${products} ${theirListings} on ${theirListings.sellerId} = ${suspendedSellers.id} where ${suspendedSellers.status} = 'suspended' and ${theirListings.status} = 'active' limit ${numberInText(CATALOG_COUNT_CAP + 1)}) as capped)`;
    const kept = sql`coalesce((select ${catalogueLexemes.listingCount} from ${catalogueLexemes} where ${catalogueLexemes.lexeme} = (${lexemes})[1]), 0)`;
    const figure = isUnfiltered
      ? sql<number>`(select case when known.hidden <= ${numberInText(CATALOG_COUNT_CAP)} and known.kept - known.hidden > ${numberInText(CATALOG_COUNT_CAP)} then ${numberInText(CATALOG_COUNT_CAP + 1)} else ${capped} end
          from (select ${kept} as kept, ${hiddenBySuspension} as hidden offset 0) as known)`
      : capped;
    return executor
      .select({ id: listingTerms.productId, rank: sql<number>`${listingTerms.rankKey}`.as('rank'), figure: figure.as('figure') })
      .from(listingTerms)
      .where(and(sql`${listingTerms.lexeme} = (${lexemes})[1]`, ...termConditionsOf(listingTerms, filters)))
      .orderBy(desc(listingTerms.rankKey), desc(listingTerms.createdAt), asc(listingTerms.productId))
      .limit(pageSizeOf(filters).limit)
      .offset(offsetOf(filters))
      .as('page_ids');
  }
  // How many listings are ranked: the candidates' bound, or as deep as the page reads. On a first page it
  // is always WORD_CANDIDATES (a page holds at most 100), written in; deeper, it follows the page's offset
  // and size (the shape's text stays one).
  const boundIn = (times: number, plus = 0) =>
    filters.offset === 0
      ? numberInText(times * WORD_CANDIDATES + plus)
      : sql`(${numberInText(times)} * greatest(${numberInText(WORD_CANDIDATES)}, least(${filters.offset}::bigint + ${filters.limit}::bigint, ${numberInText(DEEPEST_RANKED)})) + ${numberInText(plus)})`;
  // The words, worked out once for the statement (query_words, below).
  const lexemes = sql`((select stems from query_words)::text[])`;
  const query = sql`(select array_to_string(array(select quote_literal(word) from unnest(${lexemes}) as word), ' & ')::tsquery)`;
  const rank = sql<number>`ts_rank(${searchDocument}, ${query})`;
  // Few listings have every word (up to FULLY_RANKED times the bound): the full-text index finds them all
  // (it intersects the words' lists) and each is ranked as it is read, as the search over the listings
  // themselves would.
  const matched = executor
    .select({ id: products.id, rank: rank.as('rank'), createdAt: products.createdAt })
    .from(products)
    .where(and(conditionsOf({ ...filters, q: undefined }), sql`${searchDocument} @@ ${query}`))
    .limit(boundIn(FULLY_RANKED, 1) as unknown as Placeholder);
  // Which of the two, without reading every word's list when they plainly share many listings: the words'
  // counts (catalogue_lexemes) give how many listings would have them all if words fell independently;
  // past what is ranked in full, the full-text index is not asked.
  const live = sql`(select greatest(sum(${liveListingCounts.liveCount}), 1) from ${liveListingCounts})`;
  const expected = sql`(select exp(sum(ln(greatest(${catalogueLexemes.listingCount}, 1)))) / power(${live}, cardinality(${lexemes}) - 1) from ${catalogueLexemes} where ${catalogueLexemes.lexeme} = any(${lexemes}))`;
  const isFew = sql`coalesce(${expected} < ${boundIn(FULLY_RANKED)}, true)`;
  // Many have them all: the first `bound` in the rarest word's rank order (so its title matches first).
  const others = alias(listingTerms, 'other_terms');
  const rarest = sql`(select ${catalogueLexemes.lexeme} from ${catalogueLexemes} where ${catalogueLexemes.lexeme} = any(${lexemes}) order by ${catalogueLexemes.listingCount}, ${catalogueLexemes.lexeme} limit 1)`;
  const inRankOrder = executor
    .select({ id: listingTerms.productId })
    .from(listingTerms)
    .where(
      and(
        sql`case when ${isFew} then (select count(*) from matched) > ${boundIn(FULLY_RANKED)} else true end`,
        sql`${listingTerms.lexeme} = ${rarest}`,
        ...termConditionsOf(listingTerms, filters),
        sql`(select count(*) from ${listingTerms} ${others} where ${others.productId} = ${listingTerms.productId} and ${others.lexeme} = any(${lexemes})) = cardinality(${lexemes})`,
      ),
    )
    .orderBy(desc(listingTerms.rankKey), desc(listingTerms.createdAt), asc(listingTerms.productId))
    .limit(boundIn(1) as unknown as Placeholder);
  const ranked = sql`(with query_words as materialized (select ${queryWordsOf(text)} as stems), matched as materialized (${matched})
    select id, rank, created_at from matched where case when ${isFew} then (select count(*) from matched) <= ${boundIn(FULLY_RANKED)} else false end
    union all
    select ${products.id}, ${rank}, ${products.createdAt} from ${products} where ${products.id} in (${inRankOrder})) as ranked`;
  const rankOf = sql<number>`ranked.rank`;
  return executor
    .select({ id: sql<string>`ranked.id`.as('ranked_id'), rank: rankOf.as('rank'), figure: sql<number>`count(*) over ()`.as('figure') })
    .from(ranked)
    .orderBy(desc(rankOf), sql`ranked.created_at desc`, sql`ranked.id`)
    .limit(pageSizeOf(filters).limit)
    .offset(offsetOf(filters))
    .as('page_ids');
}

/** The name of a word page's statement (as shapeOf for the other pages). */
function wordShapeOf(filters: ProductFilters, isOneWord: boolean): string {
  const has = [filters.sellerId, filters.categorySlug, filters.minPriceCents, filters.maxPriceCents].map((value) => (value === undefined ? '0' : '1')).join('');
  return `catalog_words_${isOneWord ? 1 : 'n'}_${filters.offset > 0 ? 'o' : 'f'}${pageSizeOf(filters).name}_${has}`;
}

async function findWordPage(executor: Executor, filters: ProductFilters, text: string): Promise<ProductPageResult> {
  const isOneWord = text.trim().split(/\s+/).length === 1;
  const read = (page: ProductFilters) =>
    readKeptPage(executor, wordShapeOf(page, isOneWord), valuesOf(page, text), () => {
      const pageIds = wordPageIdsOf(executor, heldFilters(page), slot('words'), isOneWord);
      return { pageIds, order: [sql`${pageIds.rank} desc`, desc(products.createdAt), asc(products.id)] };
    });
  const { rows, figure } = await read(filters);
  if (figure !== null) return { rows, ...totalFrom(figure, true) };
  if (filters.offset === 0) return { rows, total: 0, isTotalExact: true };
  // A page past the end carries no figure: the first page's tells how many there are.
  const first = await read({ ...filters, offset: 0, limit: 1 });
  return { rows, ...totalFrom(first.figure ?? 0, true) };
}

async function findMatchingPage(executor: Executor, filters: ProductFilters, mode: MatchMode): Promise<ProductPageResult> {
  const where = conditionsOf(filters, mode);
  // The matches are ranked and counted on the listings alone; only the page's rows are then joined.
  const { rows, figure } = await readPage(executor, pageIdsOf(executor, where, orderOf(filters, mode), filters, sql<number>`count(*) over ()`), orderOf(filters, mode), shapeOf(filters, mode));
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

export async function findProductById(executor: Executor, id: string): Promise<ProductRecord | null> {
  const [row] = await executor
    .select(productColumns)
    .from(products)
    .innerJoin(categories, eq(categories.id, products.categoryId))
    .innerJoin(users, eq(users.id, products.sellerId))
    .where(eq(products.id, id))
    .limit(1);
  return row ?? null;
}

/** A listing as its page shows it: with every photo in order and its seller's review totals. */
export type ProductDetailRecord = ProductRecord & { images: ImageRecord[]; sellerReviews: { count: number; sum: number } };

/**
 * The product page in one statement: the listing with category and seller, its photos (in order, as
 * JSON) and the seller's kept review totals (seller_review_totals).
 */
function prepareProductDetail(executor: Executor) {
  const images = sql<ImageRecord[]>`(select coalesce(json_agg(json_build_object('id', i.id, 'productId', i.product_id, 'fileKey', i.file_key, 'thumbnailKey', i.thumbnail_key, 'name', i.name, 'position', i.position)
      order by i.position, i.created_at, i.id), '[]'::json) from ${productImages} i where i.product_id = ${products.id})`;
  return executor
    .select({
      ...productColumns,
      images,
      sellerReviewCount: sql<number>`coalesce(${sellerReviewTotals.reviewCount}, 0)`.mapWith(Number),
      sellerRatingSum: sql<number>`coalesce(${sellerReviewTotals.ratingSum}, 0)`.mapWith(Number),
    })
    .from(products)
    .innerJoin(categories, eq(categories.id, products.categoryId))
    .innerJoin(users, eq(users.id, products.sellerId))
    .leftJoin(sellerReviewTotals, eq(sellerReviewTotals.sellerId, products.sellerId))
    .where(eq(products.id, sql.placeholder('id')))
    .limit(limitInText(1))
    .prepare('catalog_product_detail');
}

/** The product page's statement, built once per database handle (as the catalogue's pages are). */
const keptDetails = new WeakMap<Executor, ReturnType<typeof prepareProductDetail>>();

export async function findProductDetailById(executor: Executor, id: string): Promise<ProductDetailRecord | null> {
  let prepared = keptDetails.get(executor);
  if (!prepared) keptDetails.set(executor, (prepared = prepareProductDetail(executor)));
  const [row] = await prepared.execute({ id });
  if (!row) return null;
  const { sellerReviewCount, sellerRatingSum, images: found, ...record } = row;
  const parsed = typeof found === 'string' ? (JSON.parse(found) as ImageRecord[]) : found;
  return { ...record, images: parsed, sellerReviews: { count: sellerReviewCount, sum: sellerRatingSum } };
}

// ── writes ──────────────────────────────────────────────────────────────────────────────────────
export interface ProductValues {
  categoryId: string;
  title: string;
  description: string;
  priceCents: number;
  quantity: number;
  condition: ProductCondition;
  retipLabel: string | null;
  retipPriceCents: number | null;
  weightOunces: number;
}

/**
 * Makes one seller's new listings wait for each other until the transaction ends, so parallel creates
 * cannot pass the cap together (a lock on a key of its own: the seller's row belongs to the users module).
 */
export async function lockListingsOfSeller(executor: Executor, sellerId: string): Promise<void> {
  await lockFor(executor, 'listings', sellerId);
}

/** Every listing of the seller: live, hidden and drafts alike. */
export async function countListingsOfSeller(executor: Executor, sellerId: string): Promise<number> {
  const [row] = await executor
    .select({ total: sql<number>`count(*)`.mapWith(Number) })
    .from(products)
    .where(eq(products.sellerId, sellerId));
  return row?.total ?? 0;
}

/** `status` and `isDraft` default to the table's (active, not a draft); the seller's new listings start as hidden drafts. */
export async function insertProduct(
  executor: Executor,
  values: ProductValues & { sellerId: string; createdAt: Date; status?: ProductStatus; isDraft?: boolean },
): Promise<string> {
  const [row] = await executor
    .insert(products)
    .values({ ...values, updatedAt: values.createdAt })
    .returning({ id: products.id });
  if (!row) throw new Error('insert into products returned nothing');
  return row.id;
}

/** Updates a listing of this seller; false when there is no such listing of theirs. */
export async function updateSellerProduct(
  executor: Executor,
  where: { id: string; sellerId: string },
  values: Partial<ProductValues> & { updatedAt: Date },
): Promise<boolean> {
  const rows = await executor
    .update(products)
    .set(values)
    .where(and(eq(products.id, where.id), eq(products.sellerId, where.sellerId)))
    .returning({ id: products.id });
  return rows.length > 0;
}

/**
 * Adds units in one statement, so concurrent restocks and sales never lose an update, and only while
 * the stock stays within `maxQuantity` (checked on the locked row, so parallel restocks cannot pass it
 * together). False when the listing is not the seller's or the cap would be passed.
 */
export async function addProductStock(
  executor: Executor,
  where: { id: string; sellerId: string },
  units: number,
  maxQuantity: number,
  updatedAt: Date,
): Promise<boolean> {
  const rows = await executor
    .update(products)
    .set({ quantity: sql`${products.quantity} + ${units}`, updatedAt })
    .where(and(eq(products.id, where.id), eq(products.sellerId, where.sellerId), sql`${products.quantity} + ${units} <= ${maxQuantity}`))
    .returning({ id: products.id });
  return rows.length > 0;
}

/**
 * An admin hides or restores a listing. Either way it is no longer a draft (docs/product/listings.md): a
 * listing hidden by the marketplace never goes live by itself, whatever photos its seller adds.
 */
export async function setProductStatus(executor: Executor, id: string, status: ProductStatus, updatedAt: Date): Promise<boolean> {
  const rows = await executor.update(products).set({ status, isDraft: false, updatedAt }).where(eq(products.id, id)).returning({ id: products.id });
  return rows.length > 0;
}

// ── review totals (the reviews module changes them, in its own transaction) ──────────────────────
/**
 * Moves a listing's visible-review count and star sum by the deltas, in one statement so concurrent
 * reviews never lose an update; the table's check keeps them consistent (sum between count and 5 × count).
 * The listing's updatedAt stays: a review is not an edit of the listing.
 */
export async function adjustReviewTotals(executor: Executor, productId: string, delta: { countDelta: number; sumDelta: number }): Promise<void> {
  if (delta.countDelta === 0 && delta.sumDelta === 0) return;
  const rows = await executor
    .update(products)
    .set({ reviewCount: sql`${products.reviewCount} + ${delta.countDelta}`, ratingSum: sql`${products.ratingSum} + ${delta.sumDelta}` })
    .where(eq(products.id, productId))
    .returning({ id: products.id });
  if (rows.length === 0) throw new Error(`adjustReviewTotals: no listing ${productId}`);
}

/**
 * The visible reviews' count and star sum over every listing of the seller, whatever its status: one row
 * PostgreSQL keeps as the listings' own totals change (seller_review_totals, migration 0026).
 */
export async function findSellerReviewTotals(executor: Executor, sellerId: string): Promise<{ count: number; sum: number }> {
  const [row] = await executor
    .select({ count: sellerReviewTotals.reviewCount, sum: sellerReviewTotals.ratingSum })
    .from(sellerReviewTotals)
    .where(eq(sellerReviewTotals.sellerId, sellerId));
  return row ?? { count: 0, sum: 0 };
}

// ── images (read side; modules/uploads writes them) ─────────────────────────────────────────────
const imageColumns = {
  id: productImages.id,
  productId: productImages.productId,
  fileKey: productImages.fileKey,
  thumbnailKey: productImages.thumbnailKey,
  name: productImages.name,
  position: productImages.position,
};

export async function findImagesOfProduct(executor: Executor, productId: string): Promise<ImageRecord[]> {
  return executor
    .select(imageColumns)
    .from(productImages)
    .where(eq(productImages.productId, productId))
    .orderBy(asc(productImages.position), asc(productImages.createdAt), asc(productImages.id));
}

// ── categories and commission ───────────────────────────────────────────────────────────────────
export interface CategoryRecord {
  id: string;
  name: string;
  slug: string;
  commissionRateBasisPoints: number;
}

const categoryColumns = {
  id: categories.id,
  name: categories.name,
  slug: categories.slug,
  commissionRateBasisPoints: categories.commissionRateBasisPoints,
};

export async function findCategoryBySlug(executor: Executor, slug: string): Promise<CategoryRecord | null> {
  const [row] = await executor.select(categoryColumns).from(categories).where(eq(categories.slug, slug)).limit(1);
  return row ?? null;
}

export async function updateCategoryCommission(executor: Executor, slug: string, basisPoints: number, updatedAt: Date): Promise<CategoryRecord | null> {
  const [row] = await executor
    .update(categories)
    .set({ commissionRateBasisPoints: basisPoints, updatedAt })
    .where(eq(categories.slug, slug))
    .returning(categoryColumns);
  return row ?? null;
}
