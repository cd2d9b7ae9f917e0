import type { AnalyticsSummaryResponse, OrdersByStatusResponse, SalesOverTimeResponse, TopProductsResponse } from '@marketplace/contracts/analytics';
import type { SellerDashboardResponse } from '@marketplace/contracts/orders';
import { api } from '../../lib/api';

/** The three datasets' filters (docs/product/analytics.md): empty text filters are left out of the query. */
export interface AnalyticsDatasetArgs {
  seller: string;
  category: string;
  page: number;
}

export interface AnalyticsSummaryArgs {
  seller: string;
  days: number;
}

function query(path: string, params: Record<string, string | number>): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) if (value !== '') search.set(key, String(value));
  const text = search.toString();
  return text ? `${path}?${text}` : path;
}

export const analyticsApi = api.injectEndpoints({
  endpoints: (build) => ({
    getSellerDashboard: build.query<SellerDashboardResponse, void>({
      query: () => '/seller/dashboard',
      providesTags: ['SellerDashboard'],
    }),
    getSalesOverTime: build.query<SalesOverTimeResponse, AnalyticsDatasetArgs>({
      query: (args) => query('/analytics/sales-over-time', { ...args }),
    }),
    getTopProducts: build.query<TopProductsResponse, AnalyticsDatasetArgs>({
      query: (args) => query('/analytics/top-products', { ...args }),
    }),
    getOrdersByStatus: build.query<OrdersByStatusResponse, AnalyticsDatasetArgs>({
      query: (args) => query('/analytics/orders-by-status', { ...args }),
    }),
    getAnalyticsSummary: build.query<AnalyticsSummaryResponse, AnalyticsSummaryArgs>({
      query: (args) => query('/analytics/summary', { ...args }),
    }),
  }),
});

export const { useGetSellerDashboardQuery, useGetSalesOverTimeQuery, useGetTopProductsQuery, useGetOrdersByStatusQuery, useGetAnalyticsSummaryQuery } =
  analyticsApi;
