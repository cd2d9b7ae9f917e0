import { z } from 'zod';
import { DISPUTE_REASONS, DISPUTE_STATUSES } from '@marketplace/domain/enums';
import { roleSchema } from './auth';
import { dollarsSchema, plainTextSchema, tablePageQuerySchema } from './common';
import { paginationSchema } from './users';

// Disputes: a buyer's claim about one order item, answered by the seller and decided by an
// admin. Money in answers is dollars with at most 2 decimals.

export { DISPUTE_REASONS, DISPUTE_STATUSES };
export const DISPUTE_REASON_LABELS: Record<(typeof DISPUTE_REASONS)[number], string> = {
  not_received: 'Item not received',
  damaged: 'Item arrived damaged',
  not_as_described: 'Item not as described',
  other: 'Other',
};
export const DISPUTE_STATUS_LABELS: Record<(typeof DISPUTE_STATUSES)[number], string> = {
  open: 'Open',
  seller_responded: 'Seller responded',
  under_review: 'Under review',
  resolved_refunded: 'Resolved: refunded',
  resolved_rejected: 'Resolved: rejected',
};
export const DISPUTE_MAX_PHOTOS = 5;
export const DISPUTE_DESCRIPTION_MIN = 10;
export const DISPUTE_DESCRIPTION_MAX = 2000;

export const disputeReasonSchema = z.enum(DISPUTE_REASONS, { error: `Reason must be one of ${DISPUTE_REASONS.join(', ')}` });
export const disputeStatusSchema = z.enum(DISPUTE_STATUSES);
export type DisputeStatus = z.infer<typeof disputeStatusSchema>;

/** POST /api/disputes (buyer): multipart fields `orderItemId`, `reason`, `description` and up to 5 image `files`. */
export const openDisputeFieldsSchema = z.object({
  orderItemId: z.guid('Choose the item this dispute is about'),
  reason: disputeReasonSchema,
  description: plainTextSchema({ error: 'Describe the problem' })
    .trim()
    .min(DISPUTE_DESCRIPTION_MIN, `Describe the problem in at least ${DISPUTE_DESCRIPTION_MIN} characters`)
    .max(DISPUTE_DESCRIPTION_MAX, `The description can be at most ${DISPUTE_DESCRIPTION_MAX} characters`),
});
export type OpenDisputeFields = z.infer<typeof openDisputeFieldsSchema>;

/** GET /api/disputes?status&page&limit: the buyer's own, the seller's own, or (admin) all; newest first. */
export const disputesQuerySchema = tablePageQuerySchema.extend({
  status: z.preprocess((value) => (value === '' || value === 'all' ? undefined : value), z.enum([...DISPUTE_STATUSES, 'active', 'resolved']).optional()),
});

const photoSchema = z.object({ id: z.string(), url: z.string(), thumbnailUrl: z.string(), name: z.string() });
const personSchema = z.object({ id: z.string(), name: z.string(), email: z.string(), companyName: z.string().nullable() });

export const disputeSummarySchema = z.object({
  id: z.string(),
  status: disputeStatusSchema,
  reason: disputeReasonSchema,
  orderId: z.string(),
  orderItemId: z.string(),
  itemTitle: z.string(),
  /** What the buyer paid for the line (price × quantity + add-on + shipping share): the most a refund can be. */
  refundable: z.number(),
  /** What was already given back for the item (this dispute's refund, earlier ones, a return). */
  alreadyRefunded: z.number(),
  /** The most a refund for this dispute can still be: refundable less what was already given back. */
  refundableNow: z.number(),
  refund: z.number().nullable(),
  buyer: personSchema,
  seller: personSchema,
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type DisputeSummary = z.infer<typeof disputeSummarySchema>;

export const disputesResponseSchema = z.object({ success: z.literal(true), disputes: z.array(disputeSummarySchema), pagination: paginationSchema });

export const disputeEventSchema = z.object({
  id: z.string(),
  type: z.string(),
  actor: z.object({ id: z.string(), name: z.string(), role: roleSchema }),
  note: z.string().nullable(),
  amount: z.number().nullable(),
  createdAt: z.string(),
});

/** GET /api/disputes/:id: the case page (buyer, seller of the item, or admin; anyone else 404). */
export const disputeCaseSchema = disputeSummarySchema.extend({
  description: z.string(),
  photos: z.array(photoSchema),
  sellerResponse: z.string().nullable(),
  sellerOffer: z.number().nullable(),
  resolutionNote: z.string().nullable(),
  item: z.object({ title: z.string(), quantity: z.number(), price: z.number(), status: z.string(), image: z.string().nullable() }),
  order: z.object({ id: z.string(), createdAt: z.string(), status: z.string(), total: z.number() }),
  shipment: z
    .object({
      id: z.string(),
      status: z.string(),
      trackingNumber: z.string().nullable(),
      carrier: z.string(),
      events: z.array(z.object({ status: z.string(), description: z.string(), occurredAt: z.string(), location: z.string().nullable().optional() })),
    })
    .nullable(),
  /** The buyer–seller chat messages (the last 50), oldest first. */
  messages: z.array(z.object({ id: z.string(), senderId: z.string(), content: z.string(), createdAt: z.string() })),
  timeline: z.array(disputeEventSchema),
  /** Set when the seller had been paid: what the refund takes back from their next payout. */
  adjustment: z.object({ amount: z.number(), settled: z.boolean(), settledAt: z.string().nullable() }).nullable(),
  /** What the caller may do now. */
  actions: z.object({
    respond: z.boolean(),
    escalate: z.boolean(),
    review: z.boolean(),
    resolve: z.boolean(),
    acceptOffer: z.boolean(),
    declineOffer: z.boolean(),
  }),
});
export type DisputeCase = z.infer<typeof disputeCaseSchema>;
export const disputeCaseResponseSchema = z.object({ success: z.literal(true), dispute: disputeCaseSchema });

/** POST /api/disputes/:id/respond (the item's seller, while open): offer a refund or contest. */
export const respondDisputeBodySchema = z.discriminatedUnion('action', [
  z.object({
    action: z.literal('offer_refund'),
    amount: dollarsSchema('The offer', { min: 0.01, error: 'Enter the refund you offer' }),
    statement: plainTextSchema().trim().max(DISPUTE_DESCRIPTION_MAX).optional(),
  }),
  z.object({
    action: z.literal('contest'),
    statement: plainTextSchema({ error: 'Explain why you contest the claim' })
      .trim()
      .min(DISPUTE_DESCRIPTION_MIN, `Explain in at least ${DISPUTE_DESCRIPTION_MIN} characters`)
      .max(DISPUTE_DESCRIPTION_MAX),
  }),
]);
export type RespondDisputeBody = z.infer<typeof respondDisputeBodySchema>;

/** POST /api/disputes/:id/escalate (the buyer, while open or seller_responded): ask the marketplace to decide. */
export const escalateDisputeBodySchema = z.object({ note: plainTextSchema().trim().max(DISPUTE_DESCRIPTION_MAX).optional() });

/**
 * POST /api/disputes/:id/accept-offer (the buyer, while the seller's refund offer stands): the offer is
 * refunded at once through the payment provider and the dispute is resolved. No body.
 * POST /api/disputes/:id/decline-offer (the buyer, same): the marketplace decides (under_review).
 */
export const declineOfferBodySchema = z.object({ note: plainTextSchema().trim().max(DISPUTE_DESCRIPTION_MAX).optional() });

/** POST /api/disputes/:id/resolve (admin, before resolved): refund (full or partial) or reject. */
export const resolveDisputeBodySchema = z.discriminatedUnion('outcome', [
  z.object({
    outcome: z.literal('refund'),
    amount: dollarsSchema('The refund', { min: 0.01, error: 'Enter the refund amount' }),
    note: plainTextSchema().trim().max(DISPUTE_DESCRIPTION_MAX).optional(),
  }),
  z.object({
    outcome: z.literal('reject'),
    note: plainTextSchema({ error: 'Explain the decision' }).trim().min(5, 'Explain the decision in at least 5 characters').max(DISPUTE_DESCRIPTION_MAX),
  }),
]);
export type ResolveDisputeBody = z.infer<typeof resolveDisputeBodySchema>;

/** POST /api/disputes/:id/review (admin): the marketplace takes the case (under_review). No body. */
export const disputeActionResponseSchema = z.object({ success: z.literal(true), message: z.string(), dispute: disputeCaseSchema });
export type DisputeActionResponse = z.infer<typeof disputeActionResponseSchema>;
