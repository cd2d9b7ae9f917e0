import type {
  AdminOrderDetailResponse,
  AdminOrderItemsQuery,
  AdminOrderItemsResponse,
  AdminOrdersQuery,
  AdminOrdersResponse,
} from '@marketplace/contracts/admin-orders';
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
    listAdminOrderItems: build.query<AdminOrderItemsResponse, AdminOrderItemsQuery>({
      query: (params) => ({ url: '/admin/order-items', params }),
      providesTags: ['AdminOrder'],
    }),
  }),
});

export const { useListAdminOrdersQuery, useGetAdminOrderQuery, useListAdminOrderItemsQuery } = adminOrdersApi;
