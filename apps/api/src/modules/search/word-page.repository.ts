import { and, asc, desc, eq, sql, type Placeholder, type SQL } from 'drizzle-orm';
import { alias, type AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/client';
import { catalogueLexemes, categories, listingTerms, liveListingCounts, products } from '../catalog/catalog.schema';
import { users } from '../users/users.schema';
import { CATALOG_COUNT_CAP } from '@marketplace/contracts/catalog';
import { isPricedWithin, numberInText } from '../catalog';
import {
  conditionsOf,
  heldFilters,
  MAX_QUERY_WORDS,
  offsetOf,
  pageSizeOf,
  searchDocument,
  slot,
  totalFrom,
  valuesOf,
  type ProductFilters,
  type ProductPageResult,
} from './listing-page-plan.repository';
import { readKeptPage } from './listing-page-statement.repository';
import { queryWordsOf } from './typo-correction.repository';

// ── the live catalogue's word search, off listing_terms ─────────────────────────────────────────────
// docs/product/catalogue-speed.md, "Word search". PostgreSQL keeps one row per word of each active
// listing with its rank for that word alone (migration 0028), indexed in rank order per word:
// - one word: the page is read off that index in rank order, exactly the order ts_rank gives, and the
//   count stops at CATALOG_COUNT_CAP + 1 ("1,000+");
// - several words: every listing having all of them is ranked by ts_rank over all the words when they
//   are few (up to FULLY_RANKED × WORD_CANDIDATES), else the first WORD_CANDIDATES (or as deep as the
//   page asks) in the rank order of the rarest word (its title matches first);
// - a misspelt word: before either, each word the catalogue does not have is replaced by the closest one
//   it has (trigram similarity over catalogue_lexemes), in the same statement (queryWordsOf,
//   typo-correction.repository.ts).

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

/** A live-catalogue search in relevance order; sellers', admins' and other orders read the listings themselves. */
export function readsListingTerms(filters: ProductFilters): boolean {
  return Boolean(
    filters.q && filters.isLive && !filters.status && filters.lowStockThreshold === undefined && filters.sort === 'relevance' && isPlainQuery(filters.q),
  );
}

/** The filters a page puts on the kept words (which carry category, prices and seller). */
type TermColumns = Record<'productId' | 'sellerId' | 'categoryId' | 'priceCents' | 'maxPriceCents', AnyPgColumn>;

function termConditionsOf(terms: TermColumns, filters: ProductFilters): SQL[] {
  const conditions: SQL[] = [sql`not exists (select 1 from ${users} where ${users.id} = ${terms.sellerId} and ${users.status} = 'suspended')`];
  if (filters.sellerId) conditions.push(eq(terms.sellerId, filters.sellerId));
  if (filters.categorySlug)
    conditions.push(eq(terms.categoryId, sql`(select ${categories.id} from ${categories} where ${categories.slug} = ${filters.categorySlug})`));
  // The kept words carry the listing's lowest and highest price; a listing with variants whose span reaches
  // past both ends of the range has its variants read.
  const priced = isPricedWithin(terms, { minCents: filters.minPriceCents, maxCents: filters.maxPriceCents });
  if (priced) conditions.push(priced);
  return conditions;
}

/**
 * The ids of a word search's page with their rank and the page's figure. One word: off the word's rank
 * index, with a count capped at CATALOG_COUNT_CAP + 1. Several: every listing having all the words when
 * they are few (up to FULLY_RANKED × WORD_CANDIDATES), else the first WORD_CANDIDATES of them in the rarest
 * word's rank order; ranked over all the words and counted as they come.
 */
export function wordPageIdsOf(executor: Executor, filters: ProductFilters, text: SQL | Placeholder | string, isOneWord: boolean) {
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

/** The name of a word page's statement (as shapeOf in catalogue-search.repository.ts for the other pages). */
function wordShapeOf(filters: ProductFilters, isOneWord: boolean): string {
  const has = [filters.sellerId, filters.categorySlug, filters.minPriceCents, filters.maxPriceCents].map((value) => (value === undefined ? '0' : '1')).join('');
  return `catalog_words_${isOneWord ? 1 : 'n'}_${filters.offset > 0 ? 'o' : 'f'}${pageSizeOf(filters).name}_${has}`;
}

export async function findWordPage(executor: Executor, filters: ProductFilters, text: string): Promise<ProductPageResult> {
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
