import { sql } from 'drizzle-orm';
import { PICKUP_CHARGE_SOURCES, PICKUP_STATUSES } from '@marketplace/domain/enums';
import { SHIPMENT_STATUSES } from '@marketplace/domain/shipment-rules';
import { boolean, check, date, index, integer, jsonb, pgEnum, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { type ShippingAddressSnapshot, timestamps } from '../../db/columns';
import { orderItems, orders } from '../orders/orders.schema';
import { users } from '../users/users.schema';

// The shipping module's tables (docs/decisions/0035): shipments, labels and carrier pickups (docs/product/data.md,
// shipping.md, api.md). An address on a label is db/columns.ts's ShippingAddressSnapshot, which lower modules build too.
export const shipmentStatus = pgEnum('shipment_status', SHIPMENT_STATUSES);
export const pickupStatus = pgEnum('pickup_status', PICKUP_STATUSES);
// docs/product/limits.md: where a pickup charge came from.
export const pickupChargeSource = pgEnum('pickup_charge_source', PICKUP_CHARGE_SOURCES);

export interface ShipmentTrackingEvent {
  status: string;
  description: string;
  occurredAt: string;
  location?: string | null;
}

export const pickups = pgTable(
  'pickups',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    sellerId: uuid('seller_id')
      .notNull()
      .references(() => users.id),
    pickupRequestNumber: text('pickup_request_number').notNull(),
    pickupDate: date('pickup_date', { mode: 'string' }).notNull(),
    // HH:MM, as the seller chose them (docs/product/data.md pickup form).
    readyTime: text('ready_time').notNull(),
    closeTime: text('close_time').notNull(),
    isConsolidated: boolean('is_consolidated').notNull().default(false),
    baseRateCents: integer('base_rate_cents').notNull().default(0),
    additionalChargesCents: integer('additional_charges_cents').notNull().default(0),
    taxesCents: integer('taxes_cents').notNull().default(0),
    incentivesCents: integer('incentives_cents').notNull().default(0),
    consolidationDiscountCents: integer('consolidation_discount_cents').notNull().default(0),
    totalCents: integer('total_cents').notNull().default(0),
    currency: text('currency').notNull().default('USD'),
    chargeDetails: jsonb('charge_details').$type<Array<{ description: string; amountCents: number }>>().notNull().default([]),
    source: pickupChargeSource('source').notNull().default('carrier API'),
    status: pickupStatus('status').notNull().default('scheduled'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('pickups_request_number_unique').on(table.pickupRequestNumber),
    index('pickups_seller_idx').on(table.sellerId, table.createdAt),
    check('pickups_total_non_negative', sql`${table.totalCents} >= 0`),
  ],
);

export const shipments = pgTable(
  'shipments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id),
    sellerId: uuid('seller_id')
      .notNull()
      .references(() => users.id),
    status: shipmentStatus('status').notNull().default('pending'),
    carrier: text('carrier').notNull().default('UPS'),
    trackingNumber: text('tracking_number'),
    carrierShipmentId: text('carrier_shipment_id'),
    serviceCode: text('service_code').notNull().default('03'),
    serviceDescription: text('service_description').notNull().default('UPS Ground'),
    labelFormat: text('label_format'),
    // The label bytes as base64 (a 4×6 GIF is a few tens of KB); answered as a data URL.
    labelBase64: text('label_base64'),
    weightOunces: integer('weight_ounces').notNull().default(0),
    chargesCents: integer('charges_cents'),
    currency: text('currency').notNull().default('USD'),
    pickupId: uuid('pickup_id').references(() => pickups.id),
    shipperAddress: jsonb('shipper_address').$type<ShippingAddressSnapshot>(),
    recipientAddress: jsonb('recipient_address').$type<ShippingAddressSnapshot>().notNull(),
    trackingEvents: jsonb('tracking_events').$type<ShipmentTrackingEvent[]>().notNull().default([]),
    lastTrackedAt: timestamp('last_tracked_at', { withTimezone: true }),
    // When the label was bought: the 24-hour void window (docs/product/limits.md) runs from here, else from created_at.
    labelCreatedAt: timestamp('label_created_at', { withTimezone: true }),
    // When a label purchase was claimed (the carrier is being asked, outside any transaction); cleared when the
    // label is recorded or the purchase failed. A claim with no label after a crash is resumed, never bought twice.
    labelRequestedAt: timestamp('label_requested_at', { withTimezone: true }),
    // When a pickup booking for this shipment was claimed (the carrier is being asked, outside any transaction);
    // cleared when the pickup is recorded or the booking failed. A claim left by a lost answer is resumed by asking
    // the carrier for the pickup it may have booked, never by booking blindly again.
    pickupRequestedAt: timestamp('pickup_requested_at', { withTimezone: true }),
    voidedAt: timestamp('voided_at', { withTimezone: true }),
    ...timestamps,
  },
  (table) => [
    // The seller's list in page order (read backwards: newest first, id breaks ties) and its stats by status, both
    // answered from the index alone.
    index('shipments_seller_idx').on(table.sellerId, table.createdAt, table.id),
    index('shipments_seller_status_idx').on(table.sellerId, table.status, table.pickupId),
    index('shipments_order_idx').on(table.orderId),
    index('shipments_pickup_idx').on(table.pickupId),
    index('shipments_status_idx').on(table.status),
    uniqueIndex('shipments_tracking_number_unique').on(table.trackingNumber).where(sql`${table.trackingNumber} is not null`),
    check('shipments_weight_non_negative', sql`${table.weightOunces} >= 0`),
  ],
);

export const shipmentItems = pgTable(
  'shipment_items',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    shipmentId: uuid('shipment_id')
      .notNull()
      .references(() => shipments.id, { onDelete: 'cascade' }),
    orderItemId: uuid('order_item_id')
      .notNull()
      .references(() => orderItems.id),
    quantity: integer('quantity').notNull(),
    // False once the shipment is voided, which releases the item for a new shipment.
    isActive: boolean('is_active').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('shipment_items_shipment_idx').on(table.shipmentId),
    // An order item is in at most one shipment that is not cancelled.
    uniqueIndex('shipment_items_active_order_item_unique').on(table.orderItemId).where(sql`${table.isActive}`),
    check('shipment_items_quantity_positive', sql`${table.quantity} > 0`),
  ],
);
