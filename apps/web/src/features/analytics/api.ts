import type { SellerDashboardResponse } from '@marketplace/contracts/orders';
import { api } from '../../lib/api';

export const analyticsApi = api.injectEndpoints({
  endpoints: (build) => ({
    getSellerDashboard: build.query<SellerDashboardResponse, void>({
      query: () => '/seller/dashboard',
      providesTags: ['SellerDashboard'],
    }),
  }),
});

export const { useGetSellerDashboardQuery } = analyticsApi;
