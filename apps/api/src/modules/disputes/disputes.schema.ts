import { sql } from 'drizzle-orm';
import { DISPUTE_REASONS, DISPUTE_STATUSES } from '@marketplace/domain/enums';
import { check, index, integer, jsonb, pgEnum, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { timestamps } from '../../db/columns';
import { orderItems, orders } from '../orders/orders.schema';
import { userRole, users } from '../users/users.schema';

// The disputes module's tables (docs/decisions/0035): a buyer's dispute about an item, and its trail.

export const disputeStatus = pgEnum('dispute_status', DISPUTE_STATUSES);
export const disputeReason = pgEnum('dispute_reason', DISPUTE_REASONS);

export interface DisputePhotoRecord {
  id: string;
  fileKey: string;
  thumbnailKey: string;
  name: string;
}

/** A buyer's dispute about one order item; at most one that is not resolved per item. */
export const disputes = pgTable(
  'disputes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderItemId: uuid('order_item_id')
      .notNull()
      .references(() => orderItems.id),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id),
    buyerId: uuid('buyer_id')
      .notNull()
      .references(() => users.id),
    sellerId: uuid('seller_id')
      .notNull()
      .references(() => users.id),
    reason: disputeReason('reason').notNull(),
    description: text('description').notNull(),
    photos: jsonb('photos').$type<DisputePhotoRecord[]>().notNull().default([]),
    status: disputeStatus('status').notNull().default('open'),
    // The seller's answer: a refund offer (cents) or a statement contesting the claim.
    sellerResponse: text('seller_response'),
    sellerOfferCents: integer('seller_offer_cents'),
    // The admin's decision.
    refundCents: integer('refund_cents'),
    resolutionNote: text('resolution_note'),
    resolvedBy: uuid('resolved_by').references(() => users.id),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
    ...timestamps,
  },
  (table) => [
    uniqueIndex('disputes_one_open_per_item').on(table.orderItemId).where(sql`${table.status} not in ('resolved_refunded', 'resolved_rejected')`),
    index('disputes_buyer_idx').on(table.buyerId, table.createdAt),
    index('disputes_seller_idx').on(table.sellerId, table.createdAt),
    index('disputes_status_idx').on(table.status, table.createdAt),
    check('disputes_refund_non_negative', sql`${table.refundCents} is null or ${table.refundCents} >= 0`),
  ],
);

/** Every step of a dispute, who did it and when (the audit trail and the case timeline). */
export const disputeEvents = pgTable(
  'dispute_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    disputeId: uuid('dispute_id')
      .notNull()
      .references(() => disputes.id, { onDelete: 'cascade' }),
    actorId: uuid('actor_id')
      .notNull()
      .references(() => users.id),
    actorRole: userRole('actor_role').notNull(),
    type: text('type').notNull(),
    note: text('note'),
    amountCents: integer('amount_cents'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('dispute_events_dispute_idx').on(table.disputeId, table.createdAt)],
);
