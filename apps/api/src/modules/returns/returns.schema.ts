import { sql } from 'drizzle-orm';
import { RETURN_REASONS, RETURN_STATUSES } from '@marketplace/domain/returns';
import { check, index, integer, jsonb, pgEnum, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { type ShippingAddressSnapshot, timestamps } from '../../db/columns';
import { orderItems, orders } from '../orders/orders.schema';
import { type ShipmentTrackingEvent } from '../shipping/shipping.schema';
import { users } from '../users/users.schema';

// The returns module's tables (docs/decisions/0035). A buyer sends a delivered item back within the
// seller's window; the seller accepts (a UPS Print Return Label) or refuses; once the parcel is delivered
// back the seller confirms its condition (or lets the inspection days pass) and the refund, less the restocking
// fee, is issued once. The label's address and tracking events have
// the shapes of the shipping module's (same layer, below returns).

export const returnStatus = pgEnum('return_status', RETURN_STATUSES);
export const returnReason = pgEnum('return_reason', RETURN_REASONS);

/** A seller's return policy (/seller/settings); a seller without a row has the defaults (30 days, no fee). */
export const returnPolicies = pgTable(
  'return_policies',
  {
    sellerId: uuid('seller_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    windowDays: integer('window_days').notNull().default(30),
    // Basis points of the item's line total (1250 = 12.5 %).
    restockingFeeBasisPoints: integer('restocking_fee_basis_points').notNull().default(0),
    // Days the seller has to check a returned item once it is delivered back; then it is refunded by itself.
    inspectionDays: integer('inspection_days').notNull().default(3),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check('return_policies_window_range', sql`${table.windowDays} between 0 and 365`),
    check('return_policies_fee_range', sql`${table.restockingFeeBasisPoints} between 0 and 5000`),
    check('return_policies_inspection_range', sql`${table.inspectionDays} between 1 and 14`),
  ],
);

export interface ReturnPhotoRecord {
  id: string;
  fileKey: string;
  thumbnailKey: string;
  name: string;
}

export const returnRequests = pgTable(
  'return_requests',
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
    reason: returnReason('reason').notNull(),
    description: text('description').notNull(),
    photos: jsonb('photos').$type<ReturnPhotoRecord[]>().notNull().default([]),
    status: returnStatus('status').notNull().default('requested'),
    // The seller's policy when the buyer asked: what the buyer was shown is what applies.
    windowDays: integer('window_days').notNull(),
    restockingFeeBasisPoints: integer('restocking_fee_basis_points').notNull(),
    inspectionDays: integer('inspection_days').notNull().default(3),
    refusalReason: text('refusal_reason'),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    // The return label (UPS Print Return Label), bought once the seller accepts.
    trackingNumber: text('tracking_number'),
    carrierShipmentId: text('carrier_shipment_id'),
    serviceDescription: text('service_description'),
    labelFormat: text('label_format'),
    labelBase64: text('label_base64'),
    labelChargesCents: integer('label_charges_cents'),
    shipperAddress: jsonb('shipper_address').$type<ShippingAddressSnapshot>(),
    recipientAddress: jsonb('recipient_address').$type<ShippingAddressSnapshot>(),
    labelCreatedAt: timestamp('label_created_at', { withTimezone: true }),
    voidedAt: timestamp('voided_at', { withTimezone: true }),
    trackingEvents: jsonb('tracking_events').$type<ShipmentTrackingEvent[]>().notNull().default([]),
    lastTrackedAt: timestamp('last_tracked_at', { withTimezone: true }),
    // Delivered back to the seller: the refund is fixed then (what was still refundable, less the fee).
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
    refundCents: integer('refund_cents'),
    restockingFeeCents: integer('restocking_fee_cents'),
    // The seller checked the item and confirmed its condition: the refund goes out at once (else inspection_days after delivery).
    conditionConfirmedAt: timestamp('condition_confirmed_at', { withTimezone: true }),
    refundedAt: timestamp('refunded_at', { withTimezone: true }),
    // Why the last refund attempt did not go through (it is tried again); null once refunded.
    refundFailure: text('refund_failure'),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    ...timestamps,
  },
  (table) => [
    uniqueIndex('return_requests_one_open_per_item').on(table.orderItemId).where(sql`${table.status} in ('requested', 'accepted', 'in_transit', 'delivered')`),
    uniqueIndex('return_requests_tracking_number_unique').on(table.trackingNumber).where(sql`${table.trackingNumber} is not null`),
    index('return_requests_buyer_idx').on(table.buyerId, table.createdAt),
    index('return_requests_seller_idx').on(table.sellerId, table.createdAt),
    index('return_requests_status_idx').on(table.status, table.lastTrackedAt),
    check('return_requests_refund_non_negative', sql`${table.refundCents} is null or ${table.refundCents} >= 0`),
  ],
);
