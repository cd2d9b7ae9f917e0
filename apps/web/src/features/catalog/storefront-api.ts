import type { ProductDetailForViewer, ProductPage, ProductSort } from '@marketplace/contracts/catalog';
import { api } from '../../lib/api';

// The buyer's side of the catalogue: categories, search and one product (public calls). The seller's
// endpoints live in seller-api.ts, the admin's in admin-api.ts.

export interface Category {
  id: string | number;
  name: string;
  slug: string;
}

export interface ProductSearchArgs {
  q?: string;
  category?: string;
  minPrice?: string;
  maxPrice?: string;
  sort?: ProductSort;
  page?: number;
  limit?: number;
  /** One seller's listings (their shop page). */
  sellerId?: string;
}

/** Leaves out empty filters so the URL the API sees matches what the buyer chose. */
function searchParamsFor(args: ProductSearchArgs): Record<string, string | number> {
  const params: Record<string, string | number> = {};
  for (const [key, value] of Object.entries(args)) {
    if (value !== undefined && value !== '') params[key] = value as string | number;
  }
  return params;
}

export const storefrontApi = api.injectEndpoints({
  endpoints: (build) => ({
    listCategories: build.query<Category[], void>({
      query: () => '/categories',
      transformResponse: (response: { categories: Category[] }) => response.categories,
      providesTags: ['Category'],
    }),
    searchProducts: build.query<ProductPage, ProductSearchArgs>({
      query: (args) => ({ url: '/products', params: searchParamsFor(args) }),
    }),
    /** With `isDraft` only for the listing's seller (the preview) and admins. */
    getProduct: build.query<ProductDetailForViewer, string>({
      query: (id) => `/products/${encodeURIComponent(id)}`,
    }),
  }),
});

export const { useListCategoriesQuery, useSearchProductsQuery, useGetProductQuery } = storefrontApi;
