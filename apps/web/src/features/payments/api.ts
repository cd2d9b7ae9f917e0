import type { CommissionListResponse, CommissionUpdateResponse, UpdateCommissionRequest } from '@marketplace/contracts/catalog';
import { api } from '../../lib/api';

export const paymentsApi = api.injectEndpoints({
  endpoints: (build) => ({
    listCommissionRates: build.query<CommissionListResponse, void>({
      query: () => '/admin/commission',
      providesTags: ['Commission'],
    }),
    updateCommissionRate: build.mutation<CommissionUpdateResponse, UpdateCommissionRequest & { categorySlug: string }>({
      query: ({ categorySlug, ...body }) => ({ url: `/admin/commission/${encodeURIComponent(categorySlug)}`, method: 'PUT', body }),
      invalidatesTags: ['Commission'],
    }),
  }),
});

export const { useListCommissionRatesQuery, useUpdateCommissionRateMutation } = paymentsApi;
