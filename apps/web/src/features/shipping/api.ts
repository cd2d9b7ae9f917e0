import type { SellerOrderDetailResponse, SellerOrderListResponse } from '@marketplace/contracts/orders';
import type {
  CancelPickupResponse,
  ConsolidatedPickupStatusResponse,
  CreateShipmentsResponse,
  LabelRateQuote,
  PickupForm,
  PickupQuote,
  ProcessLabelResponse,
  ScheduleConsolidatedPickupResponse,
  SchedulePickupResponse,
  Shipment,
  ShipmentLabelResponse,
  ShipmentListResponse,
  SimulationStatusesResponse,
  TrackShipmentResponse,
  VoidShipmentResponse,
} from '@marketplace/contracts/shipping';
import { api } from '../../lib/api';
import { apiErrorMessage as readApiErrorMessage, GENERIC_ERROR_MESSAGE } from '../../lib/api-error';
import { readSession } from '../../lib/session';

// The seller's shipment calls, exactly as the screens make them ({carrier} is "ups"); every answer's
// type is @marketplace/contracts/shipping's, the schema the API answers with. Amounts in these answers
// are dollars (numbers), as the API sends them.

export type { LabelRateQuote, PickupQuote, Shipment };
export type CreateShipmentResponse = CreateShipmentsResponse;
export type ProcessShipmentResponse = ProcessLabelResponse;

/** The list's optional narrowing (docs/decisions/0006); empty values are not sent. */
export interface SellerShipmentsArgs {
  userId: string;
  page?: number;
  limit?: number;
  status?: string;
  q?: string;
  orderId?: string;
}

/** A page of the seller's shipments, and the stat cards' counts over all of them (or the order's). */
export type SellerShipmentsPage = Omit<ShipmentListResponse, 'success'>;

/** The pickup form's body: pickupDate YYYYMMDD (or YYYY-MM-DD), times hhmm00. */
export type PickupRequestBody = PickupForm;

/** What a pickup quote is asked for: one created shipment, or all of an order's created shipments in one pickup. */
export type PickupQuoteTarget = { kind: 'shipment'; shipmentId: string } | { kind: 'consolidated'; userId: string; orderId: string };

/** The signed-in seller's id, as the stored session has it (docs/product/data.md); '' when signed out. */
export function sessionUserId(): string {
  return readSession()?.userId ?? '';
}

/** A seller order with approved items, as GET /api/seller/orders?status=approved lists it. */
export type ShippableOrder = SellerOrderListResponse['data']['orders'][number];
/** GET /api/seller/orders/:orderId — what the order-details modal of docs/product/shipping.md shows. */
export type ShipmentOrderDetail = SellerOrderDetailResponse['data'];

/** How many approved orders the dashboard's "Orders ready to ship" section asks for (the API's page maximum). */
export const SHIPPABLE_ORDERS_LIMIT = 100;

const seg = encodeURIComponent;

// A shipment change moves its items' statuses, so the seller's orders and dashboard refresh too.
const afterShipmentChange = ['Shipment', 'SellerOrder', 'SellerDashboard'] as const;

export const shipmentsApi = api.injectEndpoints({
  endpoints: (build) => ({
    getSimulationStatuses: build.query<string[], void>({
      query: () => '/shipments/simulation-statuses',
      transformResponse: (response: SimulationStatusesResponse) => response.statuses,
    }),
    getSellerShipments: build.query<SellerShipmentsPage, SellerShipmentsArgs>({
      query: ({ userId, ...params }) => ({
        url: `/shipments/seller/${seg(userId)}`,
        params: Object.fromEntries(Object.entries(params).filter(([, value]) => value !== undefined && value !== '')),
      }),
      transformResponse: (response: ShipmentListResponse) => ({ shipments: response.shipments, pagination: response.pagination, stats: response.stats }),
      providesTags: (result) => [
        { type: 'Shipment', id: 'LIST' },
        ...(result?.shipments ?? []).map((shipment) => ({ type: 'Shipment' as const, id: shipment.id })),
      ],
    }),
    // A label never changes once bought, so it is cached (briefly) and never invalidated.
    getShipmentLabel: build.query<string, string>({
      query: (shipmentId) => `/shipments/label/${seg(shipmentId)}`,
      transformResponse: (response: ShipmentLabelResponse) => response.labelUrl,
      keepUnusedDataFor: 60,
    }),
    // Quotes are asked afresh each time a modal opens (a rate can change); any shipment change drops them.
    getLabelRateQuote: build.query<LabelRateQuote, string>({
      query: (orderId) => `/shipments/rate-quote/${seg(orderId)}`,
      providesTags: [{ type: 'Shipment', id: 'QUOTE' }],
      keepUnusedDataFor: 0,
    }),
    getPickupQuote: build.query<PickupQuote, { target: PickupQuoteTarget } & PickupRequestBody>({
      query: ({ target, ...form }) => ({
        url:
          target.kind === 'shipment'
            ? `/shipments/pickup-quote/${seg(target.shipmentId)}`
            : `/shipments/consolidated-pickup-quote/${seg(target.userId)}/${seg(target.orderId)}`,
        params: Object.fromEntries(Object.entries(form).filter(([, value]) => value !== undefined && value !== '')),
      }),
      providesTags: [{ type: 'Shipment', id: 'QUOTE' }],
      keepUnusedDataFor: 0,
    }),
    createShipment: build.mutation<CreateShipmentResponse, string>({
      query: (orderId) => ({ url: `/shipments/create/${seg(orderId)}`, method: 'POST' }),
      invalidatesTags: (_result, error) => (error ? [] : [...afterShipmentChange]),
    }),
    processUps: build.mutation<ProcessShipmentResponse, string>({
      query: (shipmentId) => ({ url: `/shipments/process-ups/${seg(shipmentId)}`, method: 'POST' }),
      invalidatesTags: (_result, error) => (error ? [] : [...afterShipmentChange]),
    }),
    schedulePickup: build.mutation<SchedulePickupResponse, PickupRequestBody & { shipmentId: string }>({
      query: ({ shipmentId, ...body }) => ({ url: `/shipments/schedule-pickup/${seg(shipmentId)}`, method: 'POST', body }),
      invalidatesTags: (_result, error) => (error ? [] : [...afterShipmentChange]),
    }),
    cancelPickup: build.mutation<CancelPickupResponse, string>({
      query: (shipmentId) => ({ url: `/shipments/cancel-pickup/${seg(shipmentId)}`, method: 'DELETE' }),
      invalidatesTags: (_result, error) => (error ? [] : [...afterShipmentChange]),
    }),
    getConsolidatedPickupStatus: build.query<ConsolidatedPickupStatusResponse, { userId: string; orderId: string }>({
      query: ({ userId, orderId }) => `/shipments/consolidated-pickup-status/${seg(userId)}/${seg(orderId)}`,
      providesTags: [{ type: 'Shipment', id: 'CONSOLIDATION' }],
    }),
    scheduleConsolidatedPickup: build.mutation<ScheduleConsolidatedPickupResponse, PickupRequestBody & { userId: string; orderId: string }>({
      query: ({ userId, orderId, ...body }) => ({ url: `/shipments/schedule-consolidated-pickup/${seg(userId)}/${seg(orderId)}`, method: 'POST', body }),
      invalidatesTags: (_result, error) => (error ? [] : [...afterShipmentChange]),
    }),
    voidShipment: build.mutation<VoidShipmentResponse, string>({
      query: (shipmentId) => ({ url: `/shipments/void/${seg(shipmentId)}`, method: 'DELETE' }),
      invalidatesTags: (_result, error) => (error ? [] : [...afterShipmentChange]),
    }),
    trackShipment: build.mutation<TrackShipmentResponse, { shipmentId: string; simulateStatus?: string }>({
      query: ({ shipmentId, simulateStatus }) => ({
        url: `/shipments/track/${seg(shipmentId)}`,
        method: 'PUT',
        body: simulateStatus === undefined ? {} : { simulateStatus },
      }),
      invalidatesTags: (_result, error) => (error ? [] : [...afterShipmentChange]),
    }),
    // The seller's orders as the shipment screens read them (API; no other feature is imported).
    getShippableOrders: build.query<ShippableOrder[], void>({
      query: () => ({ url: '/seller/orders', params: { status: 'approved', page: 1, limit: SHIPPABLE_ORDERS_LIMIT } }),
      transformResponse: (response: SellerOrderListResponse) => response.data.orders,
      providesTags: [
        { type: 'SellerOrder', id: 'LIST' },
        { type: 'Shipment', id: 'LIST' },
      ],
    }),
    getOrderForShipment: build.query<ShipmentOrderDetail, string>({
      query: (orderId) => `/seller/orders/${seg(orderId)}`,
      transformResponse: (response: SellerOrderDetailResponse) => response.data,
      providesTags: (_result, _error, orderId) => [{ type: 'SellerOrder', id: orderId }],
    }),
  }),
});

export const {
  useGetShippableOrdersQuery,
  useGetOrderForShipmentQuery,
  useGetSimulationStatusesQuery,
  useGetSellerShipmentsQuery,
  useLazyGetShipmentLabelQuery,
  useGetLabelRateQuoteQuery,
  useGetPickupQuoteQuery,
  useCreateShipmentMutation,
  useProcessUpsMutation,
  useSchedulePickupMutation,
  useCancelPickupMutation,
  useGetConsolidatedPickupStatusQuery,
  useScheduleConsolidatedPickupMutation,
  useVoidShipmentMutation,
  useTrackShipmentMutation,
} = shipmentsApi;

/** The server's sentence for a failed shipment call, or the fallback (lib/api-error.ts reads it). */
export function apiErrorMessage(error: unknown, fallback = GENERIC_ERROR_MESSAGE): string {
  return readApiErrorMessage(error, fallback);
}
