import type { BuyerOrder, BuyerOrderDetail, BuyerOrderListResponse, CancelOrderRequest } from '@marketplace/contracts/orders';
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
    /** The whole order (an id alone), or some of its items or one shop's part (docs/product/orders.md "Cancelling"). */
    cancelMyOrder: build.mutation<BuyerOrder, string | { id: string; choice: NonNullable<CancelOrderRequest> }>({
      query: (arg) =>
        typeof arg === 'string'
          ? { url: `/orders/${encodeURIComponent(arg)}/cancel`, method: 'POST' }
          : { url: `/orders/${encodeURIComponent(arg.id)}/cancel`, method: 'POST', body: arg.choice },
      invalidatesTags: (_result, error, arg) =>
        error
          ? []
          : [
              { type: 'BuyerOrder', id: 'LIST' },
              { type: 'BuyerOrder', id: typeof arg === 'string' ? arg : arg.id },
            ],
    }),
  }),
});

export const { useListMyOrdersQuery, useGetMyOrderQuery, useCancelMyOrderMutation } = buyerOrdersApi;
