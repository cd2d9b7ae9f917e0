import { z } from 'zod';

// What a seller is told a shipment will cost before committing to it: the label's rate before Create
// Shipment buys it, and a pickup's charge (with each item's share of it, which the item's payout will
// carry) before Schedule Pickup books it. Amounts are dollars with cents, as the shipment calls answer.

const dollars = z.number();

export const chargeLineSchema = z.object({ description: z.string(), amount: dollars });
export type ChargeLine = z.infer<typeof chargeLineSchema>;

/** GET /api/shipments/rate-quote/:orderId — the label Create Shipment would buy for the order's approved items. */
export const labelRateQuoteResponseSchema = z.object({
  success: z.literal(true),
  orderId: z.string(),
  /** The shipment that will get the label when one is already waiting for it; null when Create Shipment makes a new one. */
  shipmentId: z.string().nullable(),
  items: z.array(z.object({ orderItemId: z.string(), title: z.string(), quantity: z.number().int() })),
  /** Pounds, as the items weigh. */
  weight: z.number(),
  rate: z.object({
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

/** The pickup form, as a query: the date as YYYYMMDD or YYYY-MM-DD, times as hhmm00, HHMM or HH:MM (SPEC §5). */
export const pickupQuoteQuerySchema = z.object({
  pickupDate: z.string({ error: 'Pickup date is required.' }).trim().min(1, 'Pickup date is required.').max(20),
  readyTime: z.string().max(10).optional(),
  closeTime: z.string().max(10).optional(),
});

/** An item's share of the pickup charge (SPEC §3 "allocation"), as its payout will deduct it. */
export const pickupChargeShareSchema = z.object({
  orderItemId: z.string(),
  shipmentId: z.string(),
  title: z.string(),
  quantity: z.number().int(),
  /** price × quantity. */
  itemValue: dollars,
  allocatedPickupCharge: dollars,
  /** 0 to 1. */
  pickupChargeRatio: z.number(),
});
export type PickupChargeShare = z.infer<typeof pickupChargeShareSchema>;

/**
 * GET /api/shipments/pickup-quote/:shipmentId and GET /api/shipments/consolidated-pickup-quote/:userId/:orderId —
 * what the carrier charges for the pickup and how the charge is split between the items it collects.
 */
export const pickupQuoteResponseSchema = z.object({
  success: z.literal(true),
  isConsolidatedPickup: z.boolean(),
  shipmentsCount: z.number().int(),
  pickupDate: z.string(),
  readyTime: z.string(),
  closeTime: z.string(),
  /** SPEC §9's sources: "carrier real-time API" (UPS) or "carrier API" (the sandbox). */
  source: z.string(),
  rate: z.object({
    total: dollars,
    currency: z.string(),
    baseRate: dollars,
    additionalCharges: dollars,
    taxes: dollars,
    incentives: dollars,
    consolidationDiscount: dollars,
    chargeDetails: z.array(chargeLineSchema),
  }),
  allocation: z.object({
    totalOrderItemsInPickup: z.number().int(),
    totalOrderValueInPickup: dollars,
    items: z.array(pickupChargeShareSchema),
  }),
});
export type PickupQuote = z.infer<typeof pickupQuoteResponseSchema>;

/**
 * Refusals of the shipment calls carry a `code` beside the message, so a screen can tell them apart:
 * invalid_request (bad input), no_items_ready, no_ship_from, shipment_voided (409), label_voided (410 Gone),
 * pickup_not_available, too_few_shipments, invalid_pickup_window, carrier_refused, carrier_unavailable.
 */
export const shipmentErrorSchema = z.object({
  error: z.string(),
  code: z.string().optional(),
  field: z.string().optional(),
  retryable: z.boolean().optional(),
  issues: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
});
