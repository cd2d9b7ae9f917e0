import type { AdminProductsQuery, AdminUpdateProductRequest, ProductDetail, ProductPage } from '@marketplace/contracts/catalog';
import { api } from '../../lib/api';

export const adminCatalogApi = api.injectEndpoints({
  endpoints: (build) => ({
    listAdminProducts: build.query<ProductPage, AdminProductsQuery>({
      query: (params) => ({ url: '/admin/products', params }),
      providesTags: ['AdminProduct'],
    }),
    /** Admins may open hidden listings too. */
    getAdminProduct: build.query<ProductDetail, string>({
      query: (id) => `/products/${encodeURIComponent(id)}`,
      providesTags: (_result, _error, id) => [{ type: 'AdminProduct', id }],
    }),
    updateAdminProductStatus: build.mutation<ProductDetail, AdminUpdateProductRequest & { id: string }>({
      query: ({ id, ...body }) => ({ url: `/admin/products/${encodeURIComponent(id)}`, method: 'PATCH', body }),
      invalidatesTags: ['AdminProduct'],
    }),
  }),
});

export const { useListAdminProductsQuery, useGetAdminProductQuery, useUpdateAdminProductStatusMutation } = adminCatalogApi;
