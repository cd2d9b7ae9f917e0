import type { AiSearchResponse } from '@marketplace/contracts/search';

/** What GET /api/search/ai reads from `keywords` with nothing else asked for: no chips, no filters, relevance. */
export function plainInterpretation(keywords: string[] = []): AiSearchResponse['interpretation'] {
  return {
    chips: [],
    keywords,
    relatedTerms: [],
    minPrice: null,
    maxPrice: null,
    category: null,
    condition: null,
    sort: 'relevance',
    attributes: [],
    corrections: [],
    isSemanticallyRanked: false,
  };
}

/** The AI search's answer when no listing matches `keywords`. */
export function nothingFoundAnswer(keywords: string[] = []): AiSearchResponse {
  return { interpretation: plainInterpretation(keywords), items: [], pagination: { page: 1, limit: 24, totalItems: 0, totalPages: 1 } };
}
