import type { ProductPage } from '@marketplace/contracts/catalog';
import { api } from '../../lib/api';

/** Search results for a plain-language query; today the catalogue's typo-tolerant text search. */
export const searchApi = api.injectEndpoints({
  endpoints: (build) => ({
    searchByDescription: build.query<ProductPage, { q: string; page: number; limit: number }>({
      query: ({ q, page, limit }) => ({ url: '/products', params: { q, page, limit } }),
    }),
  }),
});

export const { useSearchByDescriptionQuery } = searchApi;
