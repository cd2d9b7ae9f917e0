import type { AdminProductDetail, AdminProductPage, AdminProductsQuery, AdminUpdateProductRequest } from '@marketplace/contracts/catalog';
import { api } from '../../lib/api';

export const adminCatalogApi = api.injectEndpoints({
  endpoints: (build) => ({
    listAdminProducts: build.query<AdminProductPage, AdminProductsQuery>({
      query: (params) => ({ url: '/admin/products', params }),
      providesTags: ['AdminProduct'],
    }),
    /** Admins may open hidden listings too, and get them with their draft mark (`isDraft`). */
    getAdminProduct: build.query<AdminProductDetail, string>({
      query: (id) => `/products/${encodeURIComponent(id)}`,
      providesTags: (_result, _error, id) => [{ type: 'AdminProduct', id }],
    }),
    updateAdminProductStatus: build.mutation<AdminProductDetail, AdminUpdateProductRequest & { id: string }>({
      query: ({ id, ...body }) => ({ url: `/admin/products/${encodeURIComponent(id)}`, method: 'PATCH', body }),
      invalidatesTags: ['AdminProduct'],
    }),
  }),
});

export const { useListAdminProductsQuery, useGetAdminProductQuery, useUpdateAdminProductStatusMutation } = adminCatalogApi;
