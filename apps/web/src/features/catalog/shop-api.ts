import type { ShopResponse } from '@marketplace/contracts/shops';
import { api } from '../../lib/api';

// A seller's shop page: who they are and their policies (GET /api/shops/:sellerId, public). The
// listings come from the catalogue's search with a seller filter (storefront-api.ts).
export const shopsApi = api.injectEndpoints({
  endpoints: (build) => ({
    getShop: build.query<ShopResponse, string>({
      query: (sellerId) => `/shops/${encodeURIComponent(sellerId)}`,
    }),
  }),
});

export const { useGetShopQuery } = shopsApi;
