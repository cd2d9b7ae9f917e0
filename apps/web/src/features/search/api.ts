import type { ProductSort } from '@marketplace/contracts/catalog';
import type { AiSearchResponse } from '@marketplace/contracts/search';
import { api } from '../../lib/api';

export interface AiSearchArgs {
  q: string;
  /** Chip ids the buyer removed; the server searches without those parts of the query. */
  exclude: string[];
  /** A sort the buyer chose on the page; without it, the server sorts as the words ask ("cheapest"), else by relevance. */
  sort?: ProductSort;
  page: number;
  limit: number;
}

/** Plain-language search: what the query was read as, and the ranked listings. */
export const searchApi = api.injectEndpoints({
  endpoints: (build) => ({
    aiSearch: build.query<AiSearchResponse, AiSearchArgs>({
      query: ({ q, exclude, sort, page, limit }) => ({
        url: '/search/ai',
        params: { q, page, limit, ...(exclude.length > 0 ? { exclude: exclude.join(',') } : {}), ...(sort ? { sort } : {}) },
      }),
    }),
  }),
});

export const { useAiSearchQuery } = searchApi;
