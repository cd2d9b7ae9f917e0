import type { AiSearchResponse } from '@marketplace/contracts/search';
import { api } from '../../lib/api';

export interface AiSearchArgs {
  q: string;
  /** Chip ids the buyer removed; the server searches without those parts of the query. */
  exclude: string[];
  page: number;
  limit: number;
}

/** Plain-language search: what the query was read as, and the ranked listings. */
export const searchApi = api.injectEndpoints({
  endpoints: (build) => ({
    aiSearch: build.query<AiSearchResponse, AiSearchArgs>({
      query: ({ q, exclude, page, limit }) => ({
        url: '/search/ai',
        params: { q, page, limit, ...(exclude.length > 0 ? { exclude: exclude.join(',') } : {}) },
      }),
    }),
  }),
});

export const { useAiSearchQuery } = searchApi;
