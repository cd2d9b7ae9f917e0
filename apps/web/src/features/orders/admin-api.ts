import type {
  AdminOrderDetailResponse,
  AdminOrderItemsQuery,
  AdminOrderItemsResponse,
  AdminOrdersQuery,
  AdminOrdersResponse,
} from '@marketplace/contracts/admin-orders';
import type { OrderBooksResponse } from '@marketplace/contracts/payouts';
import { api } from '../../lib/api';

export const adminOrdersApi = api.injectEndpoints({
  endpoints: (build) => ({
    listAdminOrders: build.query<AdminOrdersResponse, AdminOrdersQuery>({
      query: (params) => ({ url: '/admin/orders', params }),
      providesTags: ['AdminOrder'],
    }),
    getAdminOrder: build.query<AdminOrderDetailResponse, string>({
      query: (orderId) => `/admin/orders/${encodeURIComponent(orderId)}`,
      providesTags: ['AdminOrder'],
    }),
    /** Where every cent of the order went, shop by shop (docs/product/money.md, "The books of an order"). */
    getAdminOrderBooks: build.query<OrderBooksResponse, string>({
      query: (orderId) => `/admin/orders/${encodeURIComponent(orderId)}/books`,
      // Payouts made and labels bought or voided change the books as much as the order itself does.
      providesTags: ['AdminOrder', 'Payout', 'Shipment'],
    }),
    listAdminOrderItems: build.query<AdminOrderItemsResponse, AdminOrderItemsQuery>({
      query: (params) => ({ url: '/admin/order-items', params }),
      providesTags: ['AdminOrder'],
    }),
  }),
});

export const { useListAdminOrdersQuery, useGetAdminOrderQuery, useGetAdminOrderBooksQuery, useListAdminOrderItemsQuery } = adminOrdersApi;
