import type { SellerOrderDetailResponse, SellerOrderListResponse } from '@marketplace/contracts/orders';
import type { LabelRateQuote, PickupQuote } from '@marketplace/contracts/shipping-quotes';
import type { ShipmentActions, ShipmentStats, ShipmentStatus } from '@marketplace/domain/shipment-rules';
import { api } from '../../lib/api';
import { readSession } from '../../lib/session';

// SPEC §7.5, exactly as the seller's shipment screens call them; {carrier} is "ups".
// Amounts in these answers are dollars (numbers), as the API sends them.

export interface ShipmentAddress {
  name?: string;
  line1: string;
  line2?: string | null;
  city: string;
  state: string;
  postalCode: string;
  countryCode?: string;
}

export interface ShipmentTrackingEvent {
  status: string;
  description: string;
  occurredAt: string;
  location?: string | null;
}

export interface ShipmentItemDetail {
  name: string;
  image: string | null;
  quantity: number;
  price: number;
}

export interface ShipmentLineItem {
  id: string;
  quantity: number;
  order_item: {
    id: string;
    title: string;
    price: number;
    status: string;
    images: string[];
    product?: { id: string; title: string; images: string[] };
  };
}

/**
 * One shipment as GET /api/shipments/seller/:userId lists it (SPEC §3 "shipment", both spellings).
 * The list leaves the label bytes out (labelUrl/label_url null, `hasLabel` says whether there is
 * one): GET /api/shipments/label/:shipmentId answers them (docs/decisions/0006).
 */
export interface Shipment {
  id: string;
  order_id: string;
  seller_id: string;
  status: ShipmentStatus;
  created_at: string;
  updated_at: string;
  carrier?: string;
  trackingNumber: string | null;
  tracking_number: string | null;
  labelUrl: string | null;
  label_url: string | null;
  hasLabel?: boolean;
  label_format?: string | null;
  /** Pounds. */
  weight: number;
  service_code?: string | null;
  service_description: string;
  /** Dollars, or null before the label is bought. */
  charges: number | null;
  pickup_date: string | null;
  pickup_request_number: string | null;
  pickup_ready_time?: string | null;
  pickup_close_time?: string | null;
  is_consolidated_pickup?: boolean;
  shipper_address: ShipmentAddress | null;
  recipient_address: ShipmentAddress | null;
  total_quantity: number;
  item_quantities: number[];
  item_count: number;
  product_names: string[];
  product_images: (string | null)[];
  item_details: ShipmentItemDetail[];
  items: ShipmentLineItem[];
  shipment_items: ShipmentLineItem[];
  tracking_events: ShipmentTrackingEvent[];
  voided_at?: string | null;
  actions: ShipmentActions;
}

/** The list's optional narrowing (docs/decisions/0006); empty values are not sent. */
export interface SellerShipmentsArgs {
  userId: string;
  page?: number;
  limit?: number;
  status?: string;
  q?: string;
  orderId?: string;
}

export interface ShipmentListStats extends ShipmentStats {
  byStatus: Record<ShipmentStatus, number>;
}

/** A page of the seller's shipments, and the stat cards' counts over all of them (or the order's). */
export interface SellerShipmentsPage {
  shipments: Shipment[];
  pagination: { page: number; limit: number; total: number; totalPages: number };
  stats: ShipmentListStats;
}

export interface PickupRate {
  total: number;
  currency: string;
  baseRate: number;
  additionalCharges: number;
  taxes: number;
  incentives: number;
  consolidationDiscount: number;
  chargeDetails: { description: string; amount: number }[];
}

/** The pickup form's body: pickupDate YYYYMMDD (or YYYY-MM-DD), times hhmm00 (SPEC §5). */
export interface PickupRequestBody {
  pickupDate: string;
  readyTime?: string;
  closeTime?: string;
}

export interface CreateShipmentResponse {
  success: true;
  shipments: Shipment[];
  message: string;
}
export interface ProcessShipmentResponse {
  success: true;
  trackingNumber: string;
  labelUrl: string | null;
  message: string;
}
export interface SchedulePickupResponse {
  success: true;
  message: string;
  pickupRequestNumber: string;
  pickupDate: string;
  rate: PickupRate;
}
export interface MessageResponse {
  success: true;
  message: string;
}
export interface ConsolidatedPickupStatus {
  success: true;
  canConsolidate: boolean;
  /** Dollars. */
  potentialSavings: number;
  shipmentsCount: number;
}
export interface ScheduleConsolidatedPickupResponse {
  success: true;
  shipmentsCount: number;
  /** Dollars. */
  savings: number;
  pickupRequestNumber: string;
  message: string;
  rate?: PickupRate;
}
export interface TrackShipmentResponse {
  success: true;
  status: string;
  events: ShipmentTrackingEvent[];
  message: string;
}

export type { LabelRateQuote, PickupQuote };

/** What a pickup quote is asked for: one created shipment, or all of an order's created shipments in one pickup. */
export type PickupQuoteTarget = { kind: 'shipment'; shipmentId: string } | { kind: 'consolidated'; userId: string; orderId: string };

/** The signed-in seller's id, as the stored session has it (SPEC §3); '' when signed out. */
export function sessionUserId(): string {
  return readSession()?.userId ?? '';
}

/** A seller order with approved items, as GET /api/seller/orders?status=approved lists it. */
export type ShippableOrder = SellerOrderListResponse['data']['orders'][number];
/** GET /api/seller/orders/:orderId — what the order-details modal of §2.7 shows. */
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
      transformResponse: (response: { success: true; statuses: string[] }) => response.statuses,
    }),
    getSellerShipments: build.query<SellerShipmentsPage, SellerShipmentsArgs>({
      query: ({ userId, ...params }) => ({
        url: `/shipments/seller/${seg(userId)}`,
        params: Object.fromEntries(Object.entries(params).filter(([, value]) => value !== undefined && value !== '')),
      }),
      transformResponse: (response: { success: true } & SellerShipmentsPage) => ({ shipments: response.shipments, pagination: response.pagination, stats: response.stats }),
      providesTags: (result) => [{ type: 'Shipment', id: 'LIST' }, ...(result?.shipments ?? []).map((shipment) => ({ type: 'Shipment' as const, id: shipment.id }))],
    }),
    // A label never changes once bought, so it is cached (briefly) and never invalidated.
    getShipmentLabel: build.query<string, string>({
      query: (shipmentId) => `/shipments/label/${seg(shipmentId)}`,
      transformResponse: (response: { success: true; labelUrl: string; label_url?: string }) => response.labelUrl ?? response.label_url ?? '',
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
        url: target.kind === 'shipment' ? `/shipments/pickup-quote/${seg(target.shipmentId)}` : `/shipments/consolidated-pickup-quote/${seg(target.userId)}/${seg(target.orderId)}`,
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
    cancelPickup: build.mutation<MessageResponse, string>({
      query: (shipmentId) => ({ url: `/shipments/cancel-pickup/${seg(shipmentId)}`, method: 'DELETE' }),
      invalidatesTags: (_result, error) => (error ? [] : [...afterShipmentChange]),
    }),
    getConsolidatedPickupStatus: build.query<ConsolidatedPickupStatus, { userId: string; orderId: string }>({
      query: ({ userId, orderId }) => `/shipments/consolidated-pickup-status/${seg(userId)}/${seg(orderId)}`,
      providesTags: [{ type: 'Shipment', id: 'CONSOLIDATION' }],
    }),
    scheduleConsolidatedPickup: build.mutation<ScheduleConsolidatedPickupResponse, PickupRequestBody & { userId: string; orderId: string }>({
      query: ({ userId, orderId, ...body }) => ({ url: `/shipments/schedule-consolidated-pickup/${seg(userId)}/${seg(orderId)}`, method: 'POST', body }),
      invalidatesTags: (_result, error) => (error ? [] : [...afterShipmentChange]),
    }),
    voidShipment: build.mutation<MessageResponse, string>({
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
    // The seller's orders as the shipment screens read them (issue #3's API; no other feature is imported).
    getShippableOrders: build.query<ShippableOrder[], void>({
      query: () => ({ url: '/seller/orders', params: { status: 'approved', page: 1, limit: SHIPPABLE_ORDERS_LIMIT } }),
      transformResponse: (response: SellerOrderListResponse) => response.data.orders,
      providesTags: [{ type: 'SellerOrder', id: 'LIST' }, { type: 'Shipment', id: 'LIST' }],
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

/** The message of a failed call: the API's `{ error }` / `{ message }`, or the fallback. */
export function apiErrorMessage(error: unknown, fallback = 'Something went wrong. Please try again.'): string {
  if (typeof error === 'object' && error !== null && 'data' in error) {
    const data = (error as { data?: unknown }).data;
    if (typeof data === 'object' && data !== null) {
      const record = data as { error?: unknown; message?: unknown };
      if (typeof record.error === 'string' && record.error.trim() !== '') return record.error;
      if (typeof record.message === 'string' && record.message.trim() !== '') return record.message;
    }
  }
  return fallback;
}
