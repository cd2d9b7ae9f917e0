import { sql } from 'drizzle-orm';
import { LABEL_CHARGE_KINDS, PAYMENT_ACCOUNT_STATUSES, PAYOUT_STATUSES } from '@marketplace/domain/enums';
import { boolean, check, index, integer, jsonb, pgEnum, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { timestamps } from '../../db/columns';
import { disputes } from '../disputes/disputes.schema';
import { orderItems, orders } from '../orders/orders.schema';
import { shipments } from '../shipping/shipping.schema';
import { users } from '../users/users.schema';

// The payouts module's tables (docs/decisions/0035): getting sellers paid. A seller's debt points at the
// dispute that caused it: disputes sits beside payouts in their layer, and payouts reads it, never back.

export const paymentAccountStatus = pgEnum('payment_account_status', PAYMENT_ACCOUNT_STATUSES);

/** A seller's connected account with the payment provider (docs/product/payouts.md): one per seller. */
export const paymentAccounts = pgTable(
  'payment_accounts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    sellerId: uuid('seller_id')
      .notNull()
      .references(() => users.id),
    provider: text('provider').notNull(),
    accountId: text('account_id').notNull(),
    status: paymentAccountStatus('status').notNull().default('created'),
    detailsSubmitted: boolean('details_submitted').notNull().default(false),
    payoutsEnabled: boolean('payouts_enabled').notNull().default(false),
    requirementsDue: jsonb('requirements_due').$type<string[]>().notNull().default([]),
    lastPayoutFailure: text('last_payout_failure'),
    ...timestamps,
  },
  (table) => [uniqueIndex('payment_accounts_seller_unique').on(table.sellerId), uniqueIndex('payment_accounts_account_unique').on(table.accountId)],
);

export const payoutStatus = pgEnum('payout_status', PAYOUT_STATUSES);

/**
 * One payout per order item, ever (the unique index): a retry after a failure reuses the row with the
 * next attempt number, whose idempotency key the provider has not seen. Amounts in cents, as paid.
 */
export const payouts = pgTable(
  'payouts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderItemId: uuid('order_item_id')
      .notNull()
      .references(() => orderItems.id),
    sellerId: uuid('seller_id')
      .notNull()
      .references(() => users.id),
    accountId: text('account_id').notNull(),
    status: payoutStatus('status').notNull().default('pending'),
    itemTotalCents: integer('item_total_cents').notNull(),
    commissionRateBps: integer('commission_rate_bps').notNull(),
    commissionCents: integer('commission_cents').notNull(),
    pickupChargeCents: integer('pickup_charge_cents').notNull(),
    grossCents: integer('gross_cents').notNull(),
    feeCents: integer('fee_cents').notNull(),
    netCents: integer('net_cents').notNull(),
    // Refunds owed back by the seller (payout_adjustments) deducted from this payout: ≤ 0.
    adjustmentCents: integer('adjustment_cents').notNull().default(0),
    // The item's share of its shop's shipping the buyer kept paying, credited to the seller with this payout: ≥ 0.
    shippingCreditCents: integer('shipping_credit_cents').notNull().default(0),
    // The seller's label lines (label_charges) this payout settled: labels bought less voided ones credited back.
    labelChargeCents: integer('label_charge_cents').notNull().default(0),
    currency: text('currency').notNull().default('usd'),
    attempt: integer('attempt').notNull().default(1),
    transferId: text('transfer_id'),
    failureReason: text('failure_reason'),
    description: text('description'),
    createdBy: uuid('created_by').references(() => users.id),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    ...timestamps,
  },
  (table) => [
    uniqueIndex('payouts_order_item_unique').on(table.orderItemId),
    uniqueIndex('payouts_transfer_unique').on(table.transferId).where(sql`${table.transferId} is not null`),
    // status last: the admin stats count payouts by status over a created_at range from the index alone.
    index('payouts_seller_created_idx').on(table.sellerId, table.createdAt, table.status),
    index('payouts_status_created_idx').on(table.status, table.createdAt),
    index('payouts_created_idx').on(table.createdAt, table.status),
    // The admin stats sum paid payouts over a paid_at range, for everyone or one seller:
    // index-only range scans (drizzle has no INCLUDE, so the summed columns are trailing keys).
    index('payouts_paid_idx').on(table.paidAt, table.sellerId, table.netCents).where(sql`${table.status} = 'paid'`),
    index('payouts_seller_paid_idx').on(table.sellerId, table.paidAt, table.netCents).where(sql`${table.status} = 'paid'`),
    check('payouts_net_non_negative', sql`${table.netCents} >= 0 and ${table.feeCents} >= 0`),
    check('payouts_shipping_credit_non_negative', sql`${table.shippingCreditCents} >= 0`),
  ],
);

/** Provider webhook events already handled: a redelivered event is acknowledged and skipped. */
export const webhookEvents = pgTable('webhook_events', {
  id: text('id').primaryKey(),
  provider: text('provider').notNull(),
  type: text('type').notNull(),
  receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Money owed back by a seller who was already paid for an item later refunded: the next payout to that
 * seller deducts it (negative amount), and records which payout settled it.
 */
export const payoutAdjustments = pgTable(
  'payout_adjustments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    sellerId: uuid('seller_id')
      .notNull()
      .references(() => users.id),
    disputeId: uuid('dispute_id').references(() => disputes.id),
    orderItemId: uuid('order_item_id')
      .notNull()
      .references(() => orderItems.id),
    amountCents: integer('amount_cents').notNull(),
    reason: text('reason').notNull(),
    settledByPayoutId: uuid('settled_by_payout_id').references(() => payouts.id),
    settledAt: timestamp('settled_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('payout_adjustments_seller_idx').on(table.sellerId, table.settledAt), check('payout_adjustments_negative', sql`${table.amountCents} < 0`)],
);

export const labelChargeKind = pgEnum('label_charge_kind', LABEL_CHARGE_KINDS);

/**
 * A seller's label account (docs/product/money.md): each label they buy through the marketplace is charged to them
 * (negative), a voided one credited back (positive), at most once each (the unique index on shipment and kind,
 * written in the label's own transaction). A payout settles the open lines (shop-shipping-money.ts) and records which.
 */
export const labelCharges = pgTable(
  'label_charges',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    sellerId: uuid('seller_id')
      .notNull()
      .references(() => users.id),
    shipmentId: uuid('shipment_id')
      .notNull()
      .references(() => shipments.id),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id),
    kind: labelChargeKind('kind').notNull(),
    amountCents: integer('amount_cents').notNull(),
    trackingNumber: text('tracking_number'),
    settledByPayoutId: uuid('settled_by_payout_id').references(() => payouts.id),
    settledAt: timestamp('settled_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('label_charges_shipment_kind_unique').on(table.shipmentId, table.kind),
    index('label_charges_seller_idx').on(table.sellerId, table.settledAt, table.createdAt),
    index('label_charges_order_idx').on(table.orderId),
    check('label_charges_sign', sql`(${table.kind} = 'label' and ${table.amountCents} < 0) or (${table.kind} = 'void_credit' and ${table.amountCents} > 0)`),
  ],
);
