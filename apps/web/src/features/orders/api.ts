import type {
  OrderItemStatus,
  SellerOrderDetailResponse,
  SellerOrderItemResponse,
  SellerOrderListResponse,
  UpdateSellerOrderItemRequest,
} from '@marketplace/contracts/orders';
import { api } from '../../lib/api';

// ── the seller's side of orders ──────────────────────────────────────────────────────

export type SellerOrderPage = SellerOrderListResponse['data'];
export type SellerOrderSummary = SellerOrderPage['orders'][number];
export type SellerOrderDetail = SellerOrderDetailResponse['data'];
export type SellerOrderItem = SellerOrderDetail['items'][number];
export type SellerOrderItemDetail = SellerOrderItemResponse['data'];
export type SellerShippingAddress = SellerOrderDetail['shippingInfo']['shippingAddress'];

export const sellerOrdersApi = api.injectEndpoints({
  endpoints: (build) => ({
    listSellerOrders: build.query<SellerOrderPage, { status?: OrderItemStatus; page: number; limit: number }>({
      query: ({ status, page, limit }) => ({ url: '/seller/orders', params: { ...(status ? { status } : {}), page, limit } }),
      transformResponse: (response: SellerOrderListResponse) => response.data,
      providesTags: [{ type: 'SellerOrder', id: 'LIST' }],
    }),
    getSellerOrder: build.query<SellerOrderDetail, string>({
      query: (orderId) => `/seller/orders/${encodeURIComponent(orderId)}`,
      transformResponse: (response: SellerOrderDetailResponse) => response.data,
      providesTags: (_result, _error, orderId) => [{ type: 'SellerOrder', id: orderId }],
    }),
    getSellerOrderItem: build.query<SellerOrderItemDetail, string>({
      query: (orderItemId) => `/seller/order-items/${encodeURIComponent(orderItemId)}`,
      transformResponse: (response: SellerOrderItemResponse) => response.data,
      providesTags: (_result, _error, orderItemId) => [{ type: 'SellerOrder', id: `item-${orderItemId}` }],
    }),
    updateSellerOrderItem: build.mutation<SellerOrderItemDetail, UpdateSellerOrderItemRequest & { orderItemId: string }>({
      query: ({ orderItemId, ...body }) => ({
        url: `/seller/order-items/${encodeURIComponent(orderItemId)}`,
        method: 'PATCH',
        // Only what was given: { status }, with a rejection's reason or a shipment's carrier and tracking number.
        body: Object.fromEntries(Object.entries(body).filter(([, value]) => value !== undefined)),
      }),
      transformResponse: (response: SellerOrderItemResponse) => response.data,
      // An item's change moves its order's status and totals, the list and the dashboard; rejecting restores stock too.
      invalidatesTags: (_result, error) => (error ? [] : ['SellerOrder', 'SellerDashboard', 'SellerProductList', 'SellerProduct']),
    }),
  }),
});

export const { useListSellerOrdersQuery, useGetSellerOrderQuery, useGetSellerOrderItemQuery, useUpdateSellerOrderItemMutation } = sellerOrdersApi;
