import { z } from 'zod';
import { ORDER_ITEM_STATES } from '@marketplace/domain/order-item-state';
import { SHIPMENT_STATUSES } from '@marketplace/domain/shipment-rules';
import { emptyAsAbsent, pageQueryWith } from './common';

// The seller's shipment calls (/api/shipments/…, docs/product/shipping.md): labels, pickups, void and
// tracking through the carrier ({carrier} is "ups"). Every answer is a strict object: the API sends
// exactly these fields and the web reads them from here. Amounts are dollars with cents (numbers), as
// the shipment screens show them; weights are pounds.

const dollars = z.number();
const count = z.number().int();
const ok = z.literal(true);

export const shipmentStatusSchema = z.enum(SHIPMENT_STATUSES);

// ── requests ──────────────────────────────────────────────────────────────────────────────────

export const shipmentParamsSchema = z.object({ shipmentId: z.guid({ error: 'Shipment not found' }) });
/** DELETE /cancel-pickup/:id names the shipment `id`. */
export const cancelPickupParamsSchema = z.object({ id: z.guid({ error: 'Shipment not found' }) });
export const shipmentOrderParamsSchema = z.object({ orderId: z.guid({ error: 'Order not found' }) });
export const shipmentSellerParamsSchema = z.object({ userId: z.guid({ error: 'Seller not found' }) });
export const shipmentSellerOrderParamsSchema = z.object({ userId: z.guid({ error: 'Seller not found' }), orderId: z.guid({ error: 'Order not found' }) });

export const DEFAULT_SHIPMENT_PAGE_SIZE = 20;
export const MAX_SHIPMENT_PAGE_SIZE = 100;

/** GET /seller/:userId's optional narrowing: a page, one status, a search (id or tracking number), one order. */
export const shipmentListQuerySchema = pageQueryWith({ defaultLimit: DEFAULT_SHIPMENT_PAGE_SIZE, maxLimit: MAX_SHIPMENT_PAGE_SIZE, maxPage: 1_000_000 }).extend(
  {
    status: z.preprocess(emptyAsAbsent, z.enum(SHIPMENT_STATUSES, { error: `Status must be one of: ${SHIPMENT_STATUSES.join(', ')}` }).optional()),
    q: z.preprocess(emptyAsAbsent, z.string().trim().max(100, 'Search text must be at most 100 characters').optional()),
    orderId: z.preprocess(emptyAsAbsent, z.guid({ error: 'Order not found' }).optional()),
  },
);
export type ShipmentListQuery = z.infer<typeof shipmentListQuerySchema>;

/**
 * The pickup form (body of schedule-pickup and schedule-consolidated-pickup, query of the pickup quotes):
 * the date as YYYYMMDD or YYYY-MM-DD, times as hhmm00, HHMM or HH:MM; ready and close times are optional.
 */
export const pickupFormSchema = z.object({
  pickupDate: z.string({ error: 'Pickup date is required.' }).trim().min(1, 'Pickup date is required.').max(20),
  readyTime: z.string().max(10).optional(),
  closeTime: z.string().max(10).optional(),
});
export type PickupForm = z.infer<typeof pickupFormSchema>;

/** PUT /track/:shipmentId: an empty body refreshes from the carrier; simulateStatus (development only) moves the parcel. */
export const trackShipmentBodySchema = z.object({ simulateStatus: z.string().trim().min(1).max(40).optional() }).nullish();

// ── the shipment ──────────────────────────────────────────────────────────────────────────────

export const chargeLineSchema = z.strictObject({ description: z.string(), amount: dollars });
export type ChargeLine = z.infer<typeof chargeLineSchema>;

export const shipmentTrackingEventSchema = z.strictObject({
  status: z.string(),
  description: z.string(),
  /** ISO timestamp. */
  occurredAt: z.string(),
  location: z.string().nullable(),
});
export type ShipmentTrackingEvent = z.infer<typeof shipmentTrackingEventSchema>;

/** What a seller may do with the shipment now (the domain's shipment rules, decided by the API). */
export const shipmentActionsSchema = z.strictObject({
  canSchedulePickup: z.boolean(),
  canCancelPickup: z.boolean(),
  canVoid: z.boolean(),
  /** Why void is refused, for the "Cannot Void Shipment" panel; null when it is allowed. */
  voidRefusalReason: z.string().nullable(),
  canTrack: z.boolean(),
  canViewLabel: z.boolean(),
});

const productImagesSchema = z.array(z.string());

export const shipmentLineItemSchema = z.strictObject({
  id: z.string(),
  quantity: count,
  order_item: z.strictObject({
    id: z.string(),
    title: z.string(),
    price: dollars,
    status: z.enum(ORDER_ITEM_STATES),
    images: productImagesSchema,
    product: z.strictObject({ id: z.string(), title: z.string(), images: productImagesSchema }),
  }),
});
export type ShipmentLineItem = z.infer<typeof shipmentLineItemSchema>;

/**
 * One shipment. The two seller screens read differing spellings of some fields, so both are sent
 * (trackingNumber / tracking_number, labelUrl / label_url, items / shipment_items) with the same value.
 * A list leaves the label bytes out (labelUrl and label_url null, `hasLabel` says whether there is one):
 * GET /label/:shipmentId answers them. A voided shipment has no label any more.
 */
export const shipmentSchema = z.strictObject({
  id: z.string(),
  order_id: z.string(),
  seller_id: z.string(),
  status: shipmentStatusSchema,
  created_at: z.string(),
  updated_at: z.string(),
  carrier: z.string(),
  trackingNumber: z.string().nullable(),
  tracking_number: z.string().nullable(),
  /** A data URL of the label (GIF by default). */
  labelUrl: z.string().nullable(),
  label_url: z.string().nullable(),
  hasLabel: z.boolean(),
  label_format: z.string().nullable(),
  /** Pounds. */
  weight: z.number(),
  service_code: z.string(),
  service_description: z.string(),
  /** What the label cost; null before it is bought. */
  charges: dollars.nullable(),
  pickup_date: z.string().nullable(),
  pickup_request_number: z.string().nullable(),
  pickup_ready_time: z.string().nullable(),
  pickup_close_time: z.string().nullable(),
  is_consolidated_pickup: z.boolean(),
  shipper_address: z.strictObject({ line1: z.string(), line2: z.string().nullable(), city: z.string(), state: z.string(), postalCode: z.string() }).nullable(),
  recipient_address: z.strictObject({
    name: z.string(),
    line1: z.string(),
    line2: z.string().nullable(),
    city: z.string(),
    state: z.string(),
    postalCode: z.string(),
    countryCode: z.string(),
  }),
  total_quantity: count,
  item_quantities: z.array(count),
  item_count: count,
  product_names: z.array(z.string()),
  product_images: z.array(z.string().nullable()),
  item_details: z.array(z.strictObject({ name: z.string(), image: z.string().nullable(), quantity: count, price: dollars })),
  items: z.array(shipmentLineItemSchema),
  shipment_items: z.array(shipmentLineItemSchema),
  tracking_events: z.array(shipmentTrackingEventSchema),
  voided_at: z.string().nullable(),
  actions: shipmentActionsSchema,
});
export type Shipment = z.infer<typeof shipmentSchema>;

/** A pickup's charge and its breakdown (docs/product/shipping.md "The pickup"). */
export const pickupRateSchema = z.strictObject({
  total: dollars,
  currency: z.string(),
  baseRate: dollars,
  additionalCharges: dollars,
  taxes: dollars,
  incentives: dollars,
  consolidationDiscount: dollars,
  chargeDetails: z.array(chargeLineSchema),
});
export type PickupRate = z.infer<typeof pickupRateSchema>;

// ── answers ───────────────────────────────────────────────────────────────────────────────────

/** GET /simulation-statuses (404 in production). */
export const simulationStatusesResponseSchema = z.strictObject({ success: ok, statuses: z.array(z.string()) });
export type SimulationStatusesResponse = z.infer<typeof simulationStatusesResponseSchema>;

export const shipmentListStatsSchema = z.strictObject({
  total: count,
  readyToShip: count,
  inTransit: count,
  pendingPickup: count,
  delivered: count,
  byStatus: z.record(shipmentStatusSchema, count),
});
export type ShipmentListStats = z.infer<typeof shipmentListStatsSchema>;

/** GET /seller/:userId — a page of the seller's shipments (newest first, no label bytes) and the stat cards' counts over all of them (or the order's). */
export const shipmentListResponseSchema = z.strictObject({
  success: ok,
  shipments: z.array(shipmentSchema),
  pagination: z.strictObject({ page: count, limit: count, total: count, totalPages: count }),
  stats: shipmentListStatsSchema,
});
export type ShipmentListResponse = z.infer<typeof shipmentListResponseSchema>;

/** GET /label/:shipmentId — the label as a data URL, in both spellings. */
export const shipmentLabelResponseSchema = z.strictObject({ success: ok, labelUrl: z.string(), label_url: z.string() });
export type ShipmentLabelResponse = z.infer<typeof shipmentLabelResponseSchema>;

/** POST /create/:orderId — the seller's new shipment (or, repeated, the ones already made). */
export const createShipmentsResponseSchema = z.strictObject({ success: ok, shipments: z.array(shipmentSchema), message: z.string() });
export type CreateShipmentsResponse = z.infer<typeof createShipmentsResponseSchema>;

/** POST /process-ups/:shipmentId — the label bought (once) and the shipment as it now is. */
export const processLabelResponseSchema = z.strictObject({
  success: ok,
  trackingNumber: z.string(),
  labelUrl: z.string().nullable(),
  message: z.string(),
  shipment: shipmentSchema,
});
export type ProcessLabelResponse = z.infer<typeof processLabelResponseSchema>;

/** POST /schedule-pickup/:shipmentId */
export const schedulePickupResponseSchema = z.strictObject({
  success: ok,
  message: z.string(),
  pickupRequestNumber: z.string(),
  pickupDate: z.string(),
  readyTime: z.string(),
  closeTime: z.string(),
  rate: pickupRateSchema,
});
export type SchedulePickupResponse = z.infer<typeof schedulePickupResponseSchema>;

/** DELETE /cancel-pickup/:id */
export const cancelPickupResponseSchema = z.strictObject({ success: ok, message: z.string(), pickupRequestNumber: z.string() });
export type CancelPickupResponse = z.infer<typeof cancelPickupResponseSchema>;

/** GET /consolidated-pickup-status/:userId/:orderId */
export const consolidatedPickupStatusResponseSchema = z.strictObject({
  success: ok,
  canConsolidate: z.boolean(),
  potentialSavings: dollars,
  shipmentsCount: count,
});
export type ConsolidatedPickupStatusResponse = z.infer<typeof consolidatedPickupStatusResponseSchema>;

/** POST /schedule-consolidated-pickup/:userId/:orderId */
export const scheduleConsolidatedPickupResponseSchema = z.strictObject({
  success: ok,
  shipmentsCount: count,
  savings: dollars,
  pickupRequestNumber: z.string(),
  pickupDate: z.string(),
  rate: pickupRateSchema,
  message: z.string(),
});
export type ScheduleConsolidatedPickupResponse = z.infer<typeof scheduleConsolidatedPickupResponseSchema>;

/** DELETE /void/:shipmentId */
export const voidShipmentResponseSchema = z.strictObject({ success: ok, message: z.string(), shipmentId: z.string(), status: z.literal('cancelled') });
export type VoidShipmentResponse = z.infer<typeof voidShipmentResponseSchema>;

/** PUT /track/:shipmentId */
export const trackShipmentResponseSchema = z.strictObject({
  success: ok,
  status: shipmentStatusSchema,
  trackingNumber: z.string(),
  estimatedDeliveryDate: z.string().nullable(),
  events: z.array(shipmentTrackingEventSchema),
  message: z.string(),
});
export type TrackShipmentResponse = z.infer<typeof trackShipmentResponseSchema>;

// ── quotes: what a seller is told a label or a pickup will cost before committing to it ───────

/** GET /rate-quote/:orderId — the label Create Shipment would buy for the order's approved items (buys nothing). */
export const labelRateQuoteResponseSchema = z.strictObject({
  success: ok,
  orderId: z.string(),
  /** The shipment that will get the label when one is already waiting for it; null when Create Shipment makes a new one. */
  shipmentId: z.string().nullable(),
  items: z.array(z.strictObject({ orderItemId: z.string(), title: z.string(), quantity: count })),
  /** Pounds, as the items weigh. */
  weight: z.number(),
  rate: z.strictObject({
    serviceCode: z.string(),
    serviceDescription: z.string(),
    total: dollars,
    currency: z.string(),
    /** Pounds the carrier bills (whole pounds, or the dimensional weight of a bulky box). */
    billingWeight: z.number(),
    chargeDetails: z.array(chargeLineSchema),
  }),
});
export type LabelRateQuote = z.infer<typeof labelRateQuoteResponseSchema>;

/** An item's share of the pickup charge, as its payout will deduct it. */
export const pickupChargeShareSchema = z.strictObject({
  orderItemId: z.string(),
  shipmentId: z.string(),
  title: z.string(),
  quantity: count,
  /** price × quantity. */
  itemValue: dollars,
  allocatedPickupCharge: dollars,
  /** 0 to 1. */
  pickupChargeRatio: z.number(),
});
export type PickupChargeShare = z.infer<typeof pickupChargeShareSchema>;

/**
 * GET /pickup-quote/:shipmentId and GET /consolidated-pickup-quote/:userId/:orderId (query: the pickup form) —
 * what the carrier charges for the pickup and how the charge is split between the items it collects (books nothing).
 */
export const pickupQuoteResponseSchema = z.strictObject({
  success: ok,
  isConsolidatedPickup: z.boolean(),
  shipmentsCount: count,
  pickupDate: z.string(),
  readyTime: z.string(),
  closeTime: z.string(),
  /** Where the charge comes from: "carrier real-time API" (UPS) or "carrier API" (the sandbox). */
  source: z.string(),
  rate: pickupRateSchema,
  allocation: z.strictObject({
    totalOrderItemsInPickup: count,
    totalOrderValueInPickup: dollars,
    items: z.array(pickupChargeShareSchema),
  }),
});
export type PickupQuote = z.infer<typeof pickupQuoteResponseSchema>;

/**
 * Refusals of the shipment calls carry a `code` beside the message, so a screen can tell them apart:
 * invalid_request (bad input), no_items_ready, no_ship_from, shipment_voided (409), label_voided (410 Gone),
 * pickup_not_available, too_few_shipments, invalid_pickup_window, void_refused, void_period_expired,
 * already_picked_up, carrier_refused, carrier_unavailable, label_in_progress (409: the label is being bought
 * right now), pickup_in_progress (409: a pickup of the shipment is being booked right now).
 */
export const shipmentErrorSchema = z.object({
  error: z.string(),
  code: z.string().optional(),
  field: z.string().optional(),
  retryable: z.boolean().optional(),
  issues: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
});
export type ShipmentError = z.infer<typeof shipmentErrorSchema>;
