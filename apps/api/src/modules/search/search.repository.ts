import { and, asc, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { categories, products } from '../catalog/catalog.schema';
import { productImages } from '../uploads/uploads.schema';
import { users } from '../users/users.schema';
import { isListingPricedWithin, isLiveListing } from '../catalog';
import type { ConceptLevel, SearchConcept } from './query-understanding';

// The search module is a read model over the catalogue: it reads listings (never writes them). AI search
// ranks them its own way, which the catalogue's exact-filter search (catalogue-search.repository.ts) does not need.

export type ListingCondition = (typeof products.$inferSelect)['condition'];

export interface SearchFilters {
  /** What to look for (query-understanding.ts); none for a filter-only query such as "books under $20". */
  concepts: SearchConcept[];
  /** Categories a gift for the recipient usually comes from: listings there count a little, even without a word. */
  boostCategorySlugs: readonly string[];
  minPriceCents: number | null;
  maxPriceCents: number | null;
  categorySlug: string | null;
  conditions: ListingCondition[];
  /** How many candidates at most, best first; the page is cut from them. */
  limit: number;
}

export interface SearchCandidate {
  id: string;
  /** 0 when the query has no words (a filter-only query such as "books under $20"). */
  score: number;
  /** Its title names the kind of product asked for (the head concept), at any level. */
  isHeadMatch: boolean;
  /** How many of the other typed concepts it matches closely (the word, a synonym or a kind of it). */
  closeMatchCount: number;
  priceCents: number;
  quantity: number;
  createdAt: Date;
  /** The visible reviews' count and star sum: the sort by rating reads them. */
  reviewCount: number;
  ratingSum: number;
  title: string;
  /** The start of the description: enough for a re-ranker to read. */
  summary: string;
}

export interface SearchCardRecord {
  id: string;
  title: string;
  priceCents: number;
  quantity: number;
  condition: ListingCondition;
  status: (typeof products.$inferSelect)['status'];
  retipLabel: string | null;
  retipPriceCents: number | null;
  createdAt: Date;
  reviewCount: number;
  ratingSum: number;
  hasVariants: boolean;
  category: { id: string; name: string; slug: string };
  seller: { id: string; companyName: string | null };
  cover: { fileKey: string; thumbnailKey: string | null } | null;
}

// ── ranking ─────────────────────────────────────────────────────────────────────────────────────
// Title over description: each concept scores the listing by where it is found and how close the word
// found is to what was asked (query-understanding.ts: the word itself 1, a synonym 0.9, a kind of it
// 0.8 or 0.7, a close relative 0.5). A hit in the title counts that much; a close trigram match of a
// typed word in the title, which forgives typos ("lether" ~ "Leather"), counts its similarity; a hit
// in the description counts 0.45 of the level, a very close trigram match there 0.3 (on a listing
// the first pass found by another word). A typed concept counts fully, a related one 0.6. A title
// naming the kind of product asked for adds HEAD_BONUS, a listing in a category the recipient's gifts
// come from CATEGORY_BONUS; the whole query's trigram closeness to the title breaks ties between
// listings that match the same words.
const TITLE_FUZZY_THRESHOLD = 0.55;
const DESCRIPTION_FUZZY_THRESHOLD = 0.75;
const DESCRIPTION_SHARE = 0.45;
const RELATED_WEIGHT = 0.6;
export const HEAD_BONUS = 0.5;
const CATEGORY_BONUS = 0.25;
/** Title levels at least this close outrank a fuzzy title match; farther ones (relatives) come after it. */
const FUZZY_AFTER_WEIGHT = 0.7;

// The stemmed fields are read off the stored document (title weighted A, description B: catalog.schema.ts)
// instead of stemming each candidate's text again: at 1,000,000 listings a common word has tens of
// thousands of candidates, and stemming their titles and descriptions was most of the search's second.
const documents = {
  title: { english: sql`ts_filter(${products.searchVector}, '{a}')`, simple: sql`to_tsvector('simple', ${products.title})` },
  description: { english: sql`ts_filter(${products.searchVector}, '{b}')`, simple: sql`to_tsvector('simple', ${products.description})` },
};

/** Whether the field holds any of the level's words: stemmed, or exactly for words marked so. */
function levelHit(field: keyof typeof documents, level: ConceptLevel): SQL {
  const parts: SQL[] = [];
  for (const config of ['english', 'simple'] as const) {
    const terms = level.terms.filter((term) => term.isExact === (config === 'simple'));
    if (terms.length === 0) continue;
    const configName = sql.raw(`'${config}'`);
    const queries = terms.map(({ term }) =>
      term.includes(' ') ? sql`phraseto_tsquery(${configName}, ${term})` : sql`plainto_tsquery(${configName}, ${term})`,
    );
    parts.push(sql`${documents[field][config]} @@ (${sql.join(queries, sql` || `)})`);
  }
  return parts.length === 1 ? parts[0]! : sql`(${sql.join(parts, sql` or `)})`;
}

const number = (value: number) => sql.raw(String(Math.round(value * 1000) / 1000));

function conceptScore(concept: SearchConcept): SQL {
  const branches: SQL[] = [];
  for (const level of concept.levels.filter((entry) => entry.weight >= FUZZY_AFTER_WEIGHT))
    branches.push(sql`when ${levelHit('title', level)} then ${number(level.weight)}`);
  if (concept.isFuzzy) {
    branches.push(
      sql`when word_similarity(${concept.text}, ${products.title}) >= ${number(TITLE_FUZZY_THRESHOLD)} then word_similarity(${concept.text}, ${products.title})`,
    );
  }
  for (const level of concept.levels.filter((entry) => entry.weight < FUZZY_AFTER_WEIGHT))
    branches.push(sql`when ${levelHit('title', level)} then ${number(level.weight)}`);
  for (const level of concept.levels) branches.push(sql`when ${levelHit('description', level)} then ${number(level.weight * DESCRIPTION_SHARE)}`);
  if (concept.isFuzzy) {
    branches.push(sql`when word_similarity(${concept.text}, ${products.description}) >= ${number(DESCRIPTION_FUZZY_THRESHOLD)} then 0.3`);
  }
  return sql`(${number(concept.isRelated ? RELATED_WEIGHT : 1)} * (case ${sql.join(branches, sql` `)} else 0 end))`;
}

/** How well the listing matches the concepts; above 0 only when at least one is found. */
function matchOf(concepts: SearchConcept[]): SQL {
  return sql`(${sql.join(concepts.map(conceptScore), sql` + `)})`;
}

/** The title names the head at some level (or nearly, for a typed word). */
function headMatchOf(concepts: SearchConcept[]): SQL {
  const heads = concepts.filter((concept) => concept.isHead);
  if (heads.length === 0) return sql`false`;
  const hits = heads.flatMap((concept) => [
    ...concept.levels.map((level) => levelHit('title', level)),
    ...(concept.isFuzzy ? [sql`word_similarity(${concept.text}, ${products.title}) >= ${number(TITLE_FUZZY_THRESHOLD)}`] : []),
  ]);
  return sql`(${sql.join(hits, sql` or `)})`;
}

/** Typed concepts other than the head found closely (not as a mere relative) in the title or description. */
function closeMatchCountOf(concepts: SearchConcept[]): SQL {
  const others = concepts.filter((concept) => !concept.isRelated && !concept.isHead);
  if (others.length === 0) return sql`0`;
  const counts = others.map((concept) => {
    const close = concept.levels.filter((level) => level.weight >= FUZZY_AFTER_WEIGHT);
    const hits = [...close.map((level) => levelHit('title', level)), ...close.map((level) => levelHit('description', level))];
    if (concept.isFuzzy) hits.push(sql`word_similarity(${concept.text}, ${products.title}) >= ${number(TITLE_FUZZY_THRESHOLD)}`);
    return sql`(case when ${sql.join(hits, sql` or `)} then 1 else 0 end)`;
  });
  return sql`(${sql.join(counts, sql` + `)})`;
}

/**
 * A cheap first pass the indexes answer: the stored full-text document (title and description, stemmed)
 * holds one of the words at some level, or the title is trigram-close to a typo-forgiven word. Every
 * listing a word finds passes it (a stemmed word in either field is in the document; exact words are
 * stems too); only a near-typo in a description alone no longer makes a candidate. The scoring above
 * runs on these rows only.
 */
function prefilterOf(concepts: SearchConcept[]): SQL {
  const queries = concepts.flatMap((concept) =>
    concept.levels.flatMap((level) =>
      level.terms.map(({ term }) => (term.includes(' ') ? sql`phraseto_tsquery('english', ${term})` : sql`plainto_tsquery('english', ${term})`)),
    ),
  );
  const parts = [sql`${products.searchVector} @@ (${sql.join(queries, sql` || `)})`];
  for (const concept of concepts.filter((entry) => entry.isFuzzy)) parts.push(sql`${concept.text} <% ${products.title}`);
  return sql`(${sql.join(parts, sql` or `)})`;
}

function categoryBoostOf(slugs: readonly string[]): SQL | null {
  return slugs.length > 0 ? sql`(${inArray(categories.slug, [...slugs])})` : null;
}

function scoreOf(filters: SearchFilters): SQL {
  const parts: SQL[] = [];
  if (filters.concepts.length > 0) {
    parts.push(matchOf(filters.concepts));
    parts.push(sql`(case when ${headMatchOf(filters.concepts)} then ${number(HEAD_BONUS)} else 0 end)`);
    const typed = filters.concepts.filter((concept) => !concept.isRelated).map((concept) => concept.text);
    if (typed.length > 0) parts.push(sql`0.3 * word_similarity(${typed.join(' ')}, ${products.title})`);
  }
  const boost = categoryBoostOf(filters.boostCategorySlugs);
  if (boost) parts.push(sql`(case when ${boost} then ${number(CATEGORY_BONUS)} else 0 end)`);
  return parts.length > 0 ? sql`(${sql.join(parts, sql` + `)})::float8` : sql`0::float8`;
}

function filtersOf(filters: SearchFilters): SQL | undefined {
  // Live listings only, as in the catalogue: active, and their seller not suspended.
  const conditions: (SQL | undefined)[] = [isLiveListing()];
  if (filters.categorySlug) conditions.push(eq(categories.slug, filters.categorySlug));
  // A listing with variants by its variants' prices, as in the catalogue.
  conditions.push(isListingPricedWithin({ minCents: filters.minPriceCents ?? undefined, maxCents: filters.maxPriceCents ?? undefined }, { isLive: true }));
  if (filters.conditions.length > 0) conditions.push(inArray(products.condition, filters.conditions));
  return and(...conditions);
}

/**
 * Listings that pass the filters and match at least one word, best first (newest first when the
 * query has no words). The service cuts the weak tail, applies the sort intent and pages.
 */
export async function findSearchCandidates(executor: Executor, filters: SearchFilters): Promise<SearchCandidate[]> {
  const score = scoreOf(filters);
  const isRanked = filters.concepts.length > 0 || filters.boostCategorySlugs.length > 0;
  const boost = categoryBoostOf(filters.boostCategorySlugs);
  // Only a recipient ("something for my nephew"): the answer is their categories, the kinds ranking first.
  const isRecipientOnly = boost !== null && !filters.concepts.some((concept) => !concept.isRelated);
  const matching = isRecipientOnly
    ? [boost]
    : [...(filters.concepts.length > 0 ? [sql`(${prefilterOf(filters.concepts)} and ${matchOf(filters.concepts)} > 0)`] : []), ...(boost ? [boost] : [])];
  const where = matching.length > 0 ? and(filtersOf(filters), sql`(${sql.join(matching, sql` or `)})`) : filtersOf(filters);
  const rows = await executor
    .select({
      id: products.id,
      score,
      isHeadMatch: sql<boolean>`${headMatchOf(filters.concepts)}`,
      closeMatchCount: sql<number>`${closeMatchCountOf(filters.concepts)}::int`,
      priceCents: products.priceCents,
      quantity: products.quantity,
      createdAt: products.createdAt,
      reviewCount: products.reviewCount,
      ratingSum: products.ratingSum,
      title: products.title,
      summary: sql<string>`left(${products.description}, 400)`,
    })
    .from(products)
    .innerJoin(categories, eq(categories.id, products.categoryId))
    .where(where)
    .orderBy(...(isRanked ? [desc(score)] : []), desc(products.createdAt), asc(products.id))
    .limit(filters.limit);
  return rows.map((row) => ({
    ...row,
    score: Number(row.score),
    isHeadMatch: row.isHeadMatch === true || String(row.isHeadMatch) === 't',
    closeMatchCount: Number(row.closeMatchCount),
  }));
}

/** The cards of these listings (category, seller and cover joined), in no particular order. */
export async function findSearchCards(executor: Executor, ids: string[]): Promise<SearchCardRecord[]> {
  if (ids.length === 0) return [];
  const [rows, covers] = await Promise.all([
    executor
      .select({
        id: products.id,
        title: products.title,
        priceCents: products.priceCents,
        quantity: products.quantity,
        condition: products.condition,
        status: products.status,
        retipLabel: products.retipLabel,
        retipPriceCents: products.retipPriceCents,
        createdAt: products.createdAt,
        reviewCount: products.reviewCount,
        ratingSum: products.ratingSum,
        hasVariants: products.hasVariants,
        category: { id: categories.id, name: categories.name, slug: categories.slug },
        seller: { id: users.id, companyName: users.companyName },
      })
      .from(products)
      .innerJoin(categories, eq(categories.id, products.categoryId))
      .innerJoin(users, eq(users.id, products.sellerId))
      .where(inArray(products.id, ids)),
    executor
      .selectDistinctOn([productImages.productId], {
        productId: productImages.productId,
        fileKey: productImages.fileKey,
        thumbnailKey: productImages.thumbnailKey,
      })
      .from(productImages)
      .where(inArray(productImages.productId, ids))
      .orderBy(asc(productImages.productId), asc(productImages.position), asc(productImages.createdAt), asc(productImages.id)),
  ]);
  const coverOf = new Map(covers.map((cover) => [cover.productId, { fileKey: cover.fileKey, thumbnailKey: cover.thumbnailKey }]));
  return rows.map((row) => ({ ...row, cover: coverOf.get(row.id) ?? null }));
}

/** Category names and slugs, so the parser knows categories an admin added after the demo. */
export async function findSearchCategories(executor: Executor): Promise<{ slug: string; name: string }[]> {
  return executor.select({ slug: categories.slug, name: categories.name }).from(categories).orderBy(asc(categories.name));
}

/**
 * Every word the active listings use, with how many listings use it: the speller corrects a typo
 * to one of these. Unstemmed ('simple') so a correction is a real word a buyer would recognise.
 */
export async function findCatalogVocabulary(executor: Executor): Promise<Map<string, number>> {
  const rows = await executor.execute<{ word: string; ndoc: number }>(
    sql`select word, ndoc from ts_stat($$select to_tsvector('simple', title || ' ' || description) from products where status = 'active'$$)`,
  );
  const list = Array.isArray(rows) ? rows : (rows as unknown as { rows: { word: string; ndoc: number }[] }).rows;
  return new Map(list.filter((row) => /^[a-z][a-z'-]*$/.test(row.word)).map((row) => [row.word, Number(row.ndoc)]));
}

/**
 * Each category with the words its active listings' titles use, most used first: a search that finds
 * nothing points to the category whose kinds of product are nearest to what was asked.
 */
export async function findCategoryTitleWords(executor: Executor): Promise<Array<{ slug: string; name: string; words: string[] }>> {
  type Row = { slug: string; name: string; word: string; uses: number };
  const rows = await executor.execute<Row>(
    sql`select c.slug, c.name, w.word, count(*)::int as uses
        from ${products} p
        join ${categories} c on c.id = p.category_id
        cross join lateral unnest(tsvector_to_array(to_tsvector('simple', p.title))) as w(word)
        where p.status = 'active'
        group by c.slug, c.name, w.word
        order by c.slug, uses desc, w.word`,
  );
  const list: Row[] = Array.isArray(rows) ? (rows as Row[]) : (rows as unknown as { rows: Row[] }).rows;
  const bySlug = new Map<string, { slug: string; name: string; words: string[] }>();
  for (const row of list) {
    if (!/^[a-z][a-z'-]*$/.test(row.word)) continue;
    const entry = bySlug.get(row.slug) ?? { slug: row.slug, name: row.name, words: [] };
    entry.words.push(row.word);
    bySlug.set(row.slug, entry);
  }
  return [...bySlug.values()];
}
