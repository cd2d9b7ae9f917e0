import type { CreatePayoutResponse, PickupChargeInfo, ShippedOrdersResponse } from '@marketplace/contracts/payouts';
import { api } from '../../lib/api';

// docs/product/api.md: the admin's shipped orders, an item's pickup charge and the payout itself ({provider} is
// stripe). Unlike the spec's client, page and limit are sent, so the server pages the list.

export interface ShippedOrdersQuery {
  page: number;
  limit: number;
}

export type PickupChargeResponse = PickupChargeInfo & { success: true };

export const shippedOrdersApi = api.injectEndpoints({
  endpoints: (build) => ({
    listShippedOrders: build.query<ShippedOrdersResponse, ShippedOrdersQuery>({
      query: (params) => ({ url: '/orders/get-all-shipped-orders', params }),
      providesTags: ['ShippedOrder'],
    }),
    getPickupCharge: build.query<PickupChargeResponse, string>({
      query: (orderItemId) => `/stripe-connect/pickup-charges/${encodeURIComponent(orderItemId)}`,
      providesTags: ['ShippedOrder'],
    }),
    // The server computes the amount from its own records; the client only names the item.
    createPayout: build.mutation<CreatePayoutResponse, { orderItemId: string }>({
      query: ({ orderItemId }) => ({ url: '/stripe-connect/payout', method: 'POST', body: { orderItemId } }),
      // docs/product/errors.md: the list refreshes after a successful payout; a refused one leaves everything as it was.
      invalidatesTags: (result) => (result ? ['ShippedOrder', 'Payout', 'PayoutStats'] : []),
    }),
  }),
});

export const { useListShippedOrdersQuery, useGetPickupChargeQuery, useCreatePayoutMutation } = shippedOrdersApi;
