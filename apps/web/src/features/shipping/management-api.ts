import type { SellerOrderDetailResponse } from '@marketplace/contracts/orders';
import { api } from '../../lib/api';

// The one call Shipment Management needs beyond docs/product/api.md: the seller's order, for the approved items
// ready to ship (docs/product/data.md "order item in the seller panel"). Features do not import each other, so
// this reads GET /api/seller/orders/:orderId itself, under the same cache tag as the orders feature.

export type ShipmentOrder = SellerOrderDetailResponse['data'];
export type ShipmentOrderItem = ShipmentOrder['items'][number];

export const shipmentManagementApi = api.injectEndpoints({
  endpoints: (build) => ({
    getShipmentOrder: build.query<ShipmentOrder, string>({
      query: (orderId) => `/seller/orders/${encodeURIComponent(orderId)}`,
      transformResponse: (response: SellerOrderDetailResponse) => response.data,
      providesTags: (_result, _error, orderId) => [{ type: 'SellerOrder', id: orderId }],
    }),
  }),
});

export const { useGetShipmentOrderQuery } = shipmentManagementApi;
