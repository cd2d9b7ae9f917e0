import type { z } from 'zod';
import type { ProductSummary } from '@marketplace/contracts/catalog';
import type { AiSearchResponse, aiSearchQuerySchema } from '@marketplace/contracts/search';
import { centsToDollars } from '@marketplace/domain/money';
import { conditionsFor, correctSpelling, parseSearchQuery, searchTermsOf, type ParsedSearchQuery } from '@marketplace/domain/search-query';
import type { Database } from '../../db/client';
import type { FileStore } from '../../providers/files/port';
import { toProductSummary } from '../catalog';
import { cosineSimilarity, type EmbeddingProvider } from './embedding-provider';
import { findCatalogVocabulary, findSearchCandidates, findSearchCards, findSearchCategories, type SearchCandidate, type SearchCardRecord, type SearchTerm } from './search.repository';

type SearchQuery = z.output<typeof aiSearchQuerySchema>;

/** Enough for any page a person reads; the count shown is of these. */
const MAX_CANDIDATES = 500;
/** Listings scoring under this share of the best one are noise (one related word in a description). */
const RELATIVE_SCORE_CUTOFF = 0.2;
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
}

function orderBySortIntent(candidates: SearchCandidate[], parsed: ParsedSearchQuery): SearchCandidate[] {
  const byNewest = (a: SearchCandidate, b: SearchCandidate) => b.createdAt.getTime() - a.createdAt.getTime() || a.id.localeCompare(b.id);
  const sorted = [...candidates];
  switch (parsed.sort) {
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

export function createSearchService({ db, files, embeddings = null, warn = () => {}, now = Date.now }: SearchServiceDependencies): SearchService {
  const vectorCache = new Map<string, number[]>();
  let vocabulary: { words: Promise<Map<string, number>>; loadedAt: number } | null = null;

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

  /** The buyer's words with typos replaced by the catalogue word they most likely mean. */
  const correctTerms = async (terms: SearchTerm[]) => {
    const words = await catalogVocabulary();
    const corrections: { from: string; to: string }[] = [];
    const corrected = terms.map((entry) => {
      if (entry.isRelated || entry.term.includes(' ')) return entry;
      const fix = correctSpelling(entry.term, words);
      if (!fix) return entry;
      corrections.push({ from: entry.term, to: fix });
      return { ...entry, term: fix };
    });
    return { terms: corrected, corrections };
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
      const categories = await findSearchCategories(db);
      const parsed = parseSearchQuery(query.q, { categories, excludedChipIds: query.exclude });
      const { terms, corrections } = await correctTerms(searchTermsOf(parsed));
      const candidates = await findSearchCandidates(db, {
        terms,
        minPriceCents: parsed.minPriceCents,
        maxPriceCents: parsed.maxPriceCents,
        categorySlug: parsed.category?.slug ?? null,
        conditions: parsed.condition ? conditionsFor(parsed.condition) : [],
        limit: MAX_CANDIDATES,
      });
      const bestScore = candidates[0]?.score ?? 0;
      const relevant = terms.length > 0 ? candidates.filter((candidate) => candidate.score >= bestScore * RELATIVE_SCORE_CUTOFF) : candidates;
      let ordered = orderBySortIntent(relevant, parsed);

      const offset = (query.page - 1) * query.limit;
      let isSemanticallyRanked = false;
      if (embeddings && parsed.sort === 'relevance' && terms.length > 0 && offset < RERANK_WINDOW && ordered.length > 1) {
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
          sort: parsed.sort,
          attributes: parsed.attributes,
          corrections,
          isSemanticallyRanked,
        },
        items,
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
