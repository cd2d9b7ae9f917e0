import type { BuyerOrder, BuyerOrderDetail, BuyerOrderListResponse } from '@marketplace/contracts/orders';
import { api } from '../../lib/api';

// The buyer's own orders (/myorders). The seller's and admin's order endpoints live in api.ts.

export const buyerOrdersApi = api.injectEndpoints({
  endpoints: (build) => ({
    listMyOrders: build.query<BuyerOrderListResponse, { page: number; limit: number }>({
      query: ({ page, limit }) => ({ url: '/orders', params: { page, limit } }),
      providesTags: [{ type: 'BuyerOrder', id: 'LIST' }],
    }),
    getMyOrder: build.query<BuyerOrderDetail, string>({
      query: (id) => `/orders/${encodeURIComponent(id)}`,
      providesTags: (_result, _error, id) => [{ type: 'BuyerOrder', id }],
    }),
    cancelMyOrder: build.mutation<BuyerOrder, string>({
      query: (id) => ({ url: `/orders/${encodeURIComponent(id)}/cancel`, method: 'POST' }),
      invalidatesTags: (_result, error, id) =>
        error
          ? []
          : [
              { type: 'BuyerOrder', id: 'LIST' },
              { type: 'BuyerOrder', id },
            ],
    }),
  }),
});

export const { useListMyOrdersQuery, useGetMyOrderQuery, useCancelMyOrderMutation } = buyerOrdersApi;
