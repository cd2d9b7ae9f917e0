import { z } from 'zod';
import {
  MAX_RETURN_INSPECTION_DAYS,
  MIN_RETURN_INSPECTION_DAYS,
  RETURN_REASONS,
  RETURN_STATUSES,
  type ReturnReason,
  type ReturnStatus,
} from '@marketplace/domain/returns';
import { errorResponseSchema, tablePageQuerySchema } from './common';
import { paginationSchema } from './users';

// Returns: a buyer sends a delivered item back within the seller's return window; the seller
// accepts (a UPS return label the buyer prints) or refuses; once the parcel is delivered back and the seller
// confirms its condition (or their inspection days pass) the refund, less the seller's restocking fee, is issued once. Money in answers is dollars with at most 2 decimals;
// the restocking fee is a percentage with at most 2 decimals.

export { RETURN_REASONS, RETURN_STATUSES, type ReturnReason, type ReturnStatus };
export const RETURN_REASON_LABELS: Record<ReturnReason, string> = {
  changed_mind: 'I changed my mind',
  not_as_described: 'Not as described',
  damaged: 'Arrived damaged',
  wrong_item: 'Wrong item sent',
  does_not_fit: 'Does not fit',
  other: 'Other',
};

export const RETURN_STATUS_LABELS: Record<ReturnStatus, string> = {
  requested: 'Waiting for the seller',
  refused: 'Refused',
  accepted: 'Accepted: label ready',
  in_transit: 'On its way back',
  delivered: 'Received by the seller',
  refunded: 'Refunded',
  cancelled: 'Cancelled',
};

export const RETURN_MAX_PHOTOS = 3;
export const RETURN_DESCRIPTION_MIN = 10;
export const RETURN_DESCRIPTION_MAX = 2000;
export const RETURN_REFUSAL_MIN = 5;
export const MAX_RETURN_WINDOW_DAYS = 365;
export const MAX_RESTOCKING_FEE_PERCENT = 50;

/** Every refusal of a returns call: `{ error, code }` (and `issues` for invalid input). */
export const returnErrorResponseSchema = errorResponseSchema.extend({ code: z.string().optional() });

export const returnReasonSchema = z.enum(RETURN_REASONS, { error: 'Choose a reason' });
export const returnStatusSchema = z.enum(RETURN_STATUSES);

// ── the seller's policy ────────────────────────────────────────────────────────────────────────
export const RETURN_POLICY_MESSAGES = {
  windowDays: `The return window is a whole number of days from 0 to ${MAX_RETURN_WINDOW_DAYS}`,
  restockingFeePercent: `The restocking fee is a percentage from 0 to ${MAX_RESTOCKING_FEE_PERCENT}, with at most 2 decimals`,
  inspectionDays: `The days to check a returned item are a whole number from ${MIN_RETURN_INSPECTION_DAYS} to ${MAX_RETURN_INSPECTION_DAYS}`,
} as const;

/** GET/PUT /api/returns/policy (seller): how long after delivery buyers may return, and the fee kept. */
export const returnPolicySchema = z.object({
  windowDays: z
    .number({ error: RETURN_POLICY_MESSAGES.windowDays })
    .int(RETURN_POLICY_MESSAGES.windowDays)
    .min(0, RETURN_POLICY_MESSAGES.windowDays)
    .max(MAX_RETURN_WINDOW_DAYS, RETURN_POLICY_MESSAGES.windowDays),
  restockingFeePercent: z
    .number({ error: RETURN_POLICY_MESSAGES.restockingFeePercent })
    .min(0, RETURN_POLICY_MESSAGES.restockingFeePercent)
    .max(MAX_RESTOCKING_FEE_PERCENT, RETURN_POLICY_MESSAGES.restockingFeePercent)
    .refine((value) => Math.abs(Math.round(value * 100) - value * 100) < 1e-6, RETURN_POLICY_MESSAGES.restockingFeePercent),
  /** Days after UPS delivers a return back before it is refunded by itself, unless the seller confirms sooner (3 by default; kept when not sent). */
  inspectionDays: z
    .number({ error: RETURN_POLICY_MESSAGES.inspectionDays })
    .int(RETURN_POLICY_MESSAGES.inspectionDays)
    .min(MIN_RETURN_INSPECTION_DAYS, RETURN_POLICY_MESSAGES.inspectionDays)
    .max(MAX_RETURN_INSPECTION_DAYS, RETURN_POLICY_MESSAGES.inspectionDays)
    .optional(),
});
export type ReturnPolicy = z.infer<typeof returnPolicySchema>;

// ── asking for a return ────────────────────────────────────────────────────────────────────────
/** POST /api/returns (buyer): multipart fields `orderItemId`, `reason`, `description`, and up to 3 image `files`. */
export const openReturnFieldsSchema = z.object({
  orderItemId: z.guid('Choose the item to return'),
  reason: returnReasonSchema,
  description: z
    .string({ error: 'Tell the seller why you are returning the item' })
    .trim()
    .min(RETURN_DESCRIPTION_MIN, `Tell the seller why in at least ${RETURN_DESCRIPTION_MIN} characters`)
    .max(RETURN_DESCRIPTION_MAX, `The description can be at most ${RETURN_DESCRIPTION_MAX} characters`),
});
export type OpenReturnFields = z.infer<typeof openReturnFieldsSchema>;

/** GET /api/returns/eligibility/:orderItemId (the item's buyer): whether it can be returned, and on what terms. */
export const returnEligibilitySchema = z.object({
  canReturn: z.boolean(),
  /** Why not, in words, when canReturn is false. */
  reason: z.string().nullable(),
  returnWindowDays: z.number(),
  returnWindowEndsAt: z.string().nullable(),
  restockingFeePercent: z.number(),
  restockingFee: z.number(),
  /** What the buyer gets back once the seller receives the item (at today's figures). */
  estimatedRefund: z.number(),
});
export type ReturnEligibility = z.infer<typeof returnEligibilitySchema>;

/**
 * What the buyer's order page shows per item (the orders module asks the returns module for it):
 * whether a return can be asked for now, until when, and the latest return of the item.
 */
export const orderItemReturnInfoSchema = z.object({
  canReturn: z.boolean(),
  returnWindowEndsAt: z.string().nullable(),
  returnRequest: z
    .object({
      id: z.string(),
      status: z.string(),
      reason: z.string(),
      createdAt: z.string(),
      labelAvailable: z.boolean(),
      refundAmount: z.number().nullable(),
      restockingFee: z.number().nullable(),
    })
    .nullable(),
});
export type OrderItemReturnInfo = z.infer<typeof orderItemReturnInfoSchema>;

// ── answers ────────────────────────────────────────────────────────────────────────────────────
const personSchema = z.object({ id: z.string(), name: z.string(), email: z.string(), companyName: z.string().nullable() });
const photoSchema = z.object({ id: z.string(), url: z.string(), thumbnailUrl: z.string(), name: z.string() });
export const returnTrackingEventSchema = z.object({ status: z.string(), description: z.string(), occurredAt: z.string(), location: z.string().nullable() });

export const returnRequestSchema = z.object({
  id: z.string(),
  status: returnStatusSchema,
  reason: returnReasonSchema,
  description: z.string(),
  photos: z.array(photoSchema),
  orderId: z.string(),
  orderItemId: z.string(),
  item: z.object({ title: z.string(), quantity: z.number(), price: z.number(), lineTotal: z.number(), image: z.string().nullable() }),
  buyer: personSchema,
  seller: personSchema,
  createdAt: z.string(),
  updatedAt: z.string(),
  decidedAt: z.string().nullable(),
  refusalReason: z.string().nullable(),
  restockingFeePercent: z.number(),
  /** The fee the seller keeps (dollars). */
  restockingFee: z.number(),
  /** What the buyer gets back: the amount issued once refunded, else what it would be at today's figures. */
  refundAmount: z.number(),
  refundedAt: z.string().nullable(),
  /** Back with the seller and not refunded yet: when it is refunded by itself unless the seller confirms its condition sooner. */
  refundDueAt: z.string().nullable(),
  /** When the seller confirmed the item came back as expected (which refunds it at once), or null. */
  conditionConfirmedAt: z.string().nullable(),
  /** The return parcel, once the seller accepted. */
  shipment: z
    .object({
      carrier: z.string(),
      trackingNumber: z.string().nullable(),
      serviceDescription: z.string().nullable(),
      labelAvailable: z.boolean(),
      /** Where the parcel goes back to (the seller's address), for the buyer to check. */
      returnTo: z
        .object({ name: z.string(), line1: z.string(), line2: z.string().nullable(), city: z.string(), state: z.string(), postalCode: z.string() })
        .nullable(),
      events: z.array(returnTrackingEventSchema),
      lastTrackedAt: z.string().nullable(),
      deliveredAt: z.string().nullable(),
    })
    .nullable(),
  /** What the caller may do now. */
  actions: z.object({ accept: z.boolean(), refuse: z.boolean(), cancel: z.boolean(), printLabel: z.boolean(), track: z.boolean(), confirm: z.boolean() }),
});
export type ReturnRequestView = z.infer<typeof returnRequestSchema>;

export const returnResponseSchema = z.object({ success: z.literal(true), return: returnRequestSchema });
export const returnActionResponseSchema = z.object({ success: z.literal(true), message: z.string(), return: returnRequestSchema });
export type ReturnActionResponse = z.infer<typeof returnActionResponseSchema>;

/** GET /api/returns?status&page&limit: the buyer's own, the seller's own, or (admin) all; newest first. */
export const returnsQuerySchema = tablePageQuerySchema.extend({
  status: z.preprocess((value) => (value === '' || value === 'all' ? undefined : value), z.enum([...RETURN_STATUSES, 'open', 'closed']).optional()),
});
export type ReturnsFilter = ReturnStatus | 'open' | 'closed';
export const returnsResponseSchema = z.object({ success: z.literal(true), returns: z.array(returnRequestSchema), pagination: paginationSchema });
export type ReturnsResponse = z.infer<typeof returnsResponseSchema>;

// ── the seller's answer, tracking ──────────────────────────────────────────────────────────────
/** POST /api/returns/:id/refuse (the item's seller, while requested). */
export const refuseReturnBodySchema = z.object({
  reason: z
    .string({ error: 'Tell the buyer why you refuse the return' })
    .trim()
    .min(RETURN_REFUSAL_MIN, `Tell the buyer why in at least ${RETURN_REFUSAL_MIN} characters`)
    .max(RETURN_DESCRIPTION_MAX, `The reason can be at most ${RETURN_DESCRIPTION_MAX} characters`),
});
export type RefuseReturnBody = z.infer<typeof refuseReturnBodySchema>;

/** PUT /api/returns/:id/track: asks the carrier again; in development `simulateStatus` moves the sandbox parcel. */
export const trackReturnBodySchema = z.object({ simulateStatus: z.string().trim().min(1).max(40).optional() }).nullish();
