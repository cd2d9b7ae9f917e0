import type { AdminPayoutsResponse, PayoutStats, PayoutStatus, QuickStats, SellerListEntry } from '@marketplace/contracts/payouts';
import { api } from '../../lib/api';

// docs/product/api.md, the admin's Payout Management calls; {provider} is "stripe". Amounts are dollars.

export interface AdminPayoutsArgs {
  page: number;
  limit: number;
  sellerId?: string;
  status?: PayoutStatus;
}

export interface PayoutStatsArgs {
  dateRange: number;
  sellerId?: string;
}

/** Empty filters are left out of the query string rather than sent as `sellerId=`. */
function withoutEmpty(params: Record<string, string | number | undefined>): Record<string, string | number> {
  return Object.fromEntries(Object.entries(params).filter((entry): entry is [string, string | number] => entry[1] !== undefined && entry[1] !== ''));
}

export const payoutsApi = api.injectEndpoints({
  endpoints: (build) => ({
    listSellers: build.query<SellerListEntry[], void>({
      query: () => '/user/sellers',
      transformResponse: (response: { sellers: SellerListEntry[] }) => response.sellers,
      providesTags: ['Seller'],
    }),
    listAdminPayouts: build.query<AdminPayoutsResponse['data'], AdminPayoutsArgs>({
      query: ({ page, limit, sellerId, status }) => ({ url: '/stripe-connect/admin/payouts', params: withoutEmpty({ page, limit, sellerId, status }) }),
      transformResponse: (response: AdminPayoutsResponse) => response.data,
      providesTags: ['Payout'],
    }),
    getPayoutStats: build.query<PayoutStats, PayoutStatsArgs>({
      query: ({ dateRange, sellerId }) => ({ url: '/admin/payoutStats/stats', params: withoutEmpty({ dateRange, sellerId }) }),
      transformResponse: (response: { data: PayoutStats }) => response.data,
      providesTags: ['PayoutStats'],
    }),
    getPayoutQuickStats: build.query<QuickStats, { sellerId?: string }>({
      query: ({ sellerId }) => ({ url: '/admin/payoutStats/quick-stats', params: withoutEmpty({ sellerId }) }),
      transformResponse: (response: { data: QuickStats }) => response.data,
      providesTags: ['PayoutStats'],
    }),
  }),
});

export const { useListSellersQuery, useListAdminPayoutsQuery, useGetPayoutStatsQuery, useGetPayoutQuickStatsQuery } = payoutsApi;
