import { and, asc, desc, eq, gte, inArray, lte, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { categories, productImages, products, users } from '../../db/schema';

// The search module is a read model over the catalogue: it reads listings (never writes them) with
// its own ranking, which the catalogue's exact-filter search does not need.

export type ListingCondition = (typeof products.$inferSelect)['condition'];

export interface SearchTerm {
  term: string;
  /** A word the buyer did not type but an interest implies ("coffee" → "mug"); it counts less. */
  isRelated: boolean;
}

export interface SearchFilters {
  terms: SearchTerm[];
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
  priceCents: number;
  quantity: number;
  createdAt: Date;
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
  category: { id: string; name: string; slug: string };
  seller: { id: string; companyName: string | null };
  cover: { fileKey: string; thumbnailKey: string | null } | null;
}

// ── ranking ─────────────────────────────────────────────────────────────────────────────────────
// Each word scores the listing by where it is found: a stemmed full-text hit in the title (1),
// a close trigram match in the title, which forgives typos ("lether" ~ "Leather", 0.7), a stemmed
// hit in the description (0.45), or a very close trigram match in the description (0.3). A word
// the buyer typed counts fully, a related word 0.6. The whole query's trigram closeness to the
// title breaks ties between listings that match the same words.
const TITLE_FUZZY_THRESHOLD = 0.55;
const DESCRIPTION_FUZZY_THRESHOLD = 0.75;
const RELATED_WEIGHT = 0.6;

const titleDocument = sql`to_tsvector('english', ${products.title})`;
const descriptionDocument = sql`to_tsvector('english', ${products.description})`;

function termScore({ term, isRelated }: SearchTerm): SQL {
  const query = sql`plainto_tsquery('english', ${term})`;
  const weight = sql.raw(String(isRelated ? RELATED_WEIGHT : 1));
  return sql`(${weight} * (case
    when ${titleDocument} @@ ${query} then 1.0
    when word_similarity(${term}, ${products.title}) >= ${sql.raw(String(TITLE_FUZZY_THRESHOLD))} then word_similarity(${term}, ${products.title})
    when ${descriptionDocument} @@ ${query} then 0.45
    when word_similarity(${term}, ${products.description}) >= ${sql.raw(String(DESCRIPTION_FUZZY_THRESHOLD))} then 0.3
    else 0 end))`;
}

/** How well the listing matches the words; above 0 only when at least one word is found. */
function matchOf(terms: SearchTerm[]): SQL {
  return sql`(${sql.join(terms.map(termScore), sql` + `)})`;
}

function scoreOf(terms: SearchTerm[]): SQL {
  if (terms.length === 0) return sql`0`;
  const typed = terms.filter((entry) => !entry.isRelated).map((entry) => entry.term);
  const closeness = typed.length > 0 ? sql` + 0.3 * word_similarity(${typed.join(' ')}, ${products.title})` : sql``;
  return sql`(${matchOf(terms)}${closeness})::float8`;
}

function filtersOf(filters: SearchFilters): SQL | undefined {
  const conditions: (SQL | undefined)[] = [eq(products.status, 'active')];
  if (filters.categorySlug) conditions.push(eq(categories.slug, filters.categorySlug));
  if (filters.minPriceCents !== null) conditions.push(gte(products.priceCents, filters.minPriceCents));
  if (filters.maxPriceCents !== null) conditions.push(lte(products.priceCents, filters.maxPriceCents));
  if (filters.conditions.length > 0) conditions.push(inArray(products.condition, filters.conditions));
  return and(...conditions);
}

/**
 * Listings that pass the filters and match at least one word, best first (newest first when the
 * query has no words). The service cuts the weak tail, applies the sort intent and pages.
 */
export async function findSearchCandidates(executor: Executor, filters: SearchFilters): Promise<SearchCandidate[]> {
  const score = scoreOf(filters.terms);
  const where = filters.terms.length > 0 ? and(filtersOf(filters), sql`${matchOf(filters.terms)} > 0`) : filtersOf(filters);
  const rows = await executor
    .select({
      id: products.id,
      score,
      priceCents: products.priceCents,
      quantity: products.quantity,
      createdAt: products.createdAt,
      title: products.title,
      summary: sql<string>`left(${products.description}, 400)`,
    })
    .from(products)
    .innerJoin(categories, eq(categories.id, products.categoryId))
    .where(where)
    .orderBy(...(filters.terms.length > 0 ? [desc(score)] : []), desc(products.createdAt), asc(products.id))
    .limit(filters.limit);
  return rows.map((row) => ({ ...row, score: Number(row.score) }));
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
        category: { id: categories.id, name: categories.name, slug: categories.slug },
        seller: { id: users.id, companyName: users.companyName },
      })
      .from(products)
      .innerJoin(categories, eq(categories.id, products.categoryId))
      .innerJoin(users, eq(users.id, products.sellerId))
      .where(inArray(products.id, ids)),
    executor
      .selectDistinctOn([productImages.productId], { productId: productImages.productId, fileKey: productImages.fileKey, thumbnailKey: productImages.thumbnailKey })
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
