import { sql } from 'drizzle-orm';
import { LATE_REFUND_PAYERS, ORDER_STATUSES, PAYMENT_STATUSES, REFUND_STATUSES } from '@marketplace/domain/enums';
import { ORDER_ITEM_STATES } from '@marketplace/domain/order-item-state';
import { boolean, check, date, index, integer, pgEnum, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { timestamps } from '../../db/columns';
import { categories, products } from '../catalog/catalog.schema';
import { users } from '../users/users.schema';

// The orders module's tables (docs/decisions/0035): orders, their items and the buyers' payments and
// refunds. The checkout module, a layer above, places orders through the orders service.
// An order item's status moves only through the transition table in packages/domain/src/order-item-state.ts
// (docs/product/orders.md), applied by the orders service alone.
export const orderItemStatus = pgEnum('order_item_status', ORDER_ITEM_STATES);
export const orderStatus = pgEnum('order_status', ORDER_STATUSES);

export const orders = pgTable(
  'orders',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    buyerId: uuid('buyer_id')
      .notNull()
      .references(() => users.id),
    status: orderStatus('status').notNull().default('pending'),
    // The client's Idempotency-Key: a retried checkout finds this order instead of paying again.
    idempotencyKey: text('idempotency_key'),
    // The SHA-256 of the checkout request that key came with: the same key with another request is refused (422).
    idempotencyRequestHash: text('idempotency_request_hash'),
    // A snapshot: later edits to the address book never change where an order ships.
    shippingName: text('shipping_name').notNull(),
    shippingEmail: text('shipping_email'),
    shippingPhone: text('shipping_phone'),
    shippingLine1: text('shipping_line1').notNull(),
    shippingLine2: text('shipping_line2'),
    shippingCity: text('shipping_city').notNull(),
    shippingState: text('shipping_state').notNull(),
    shippingPostalCode: text('shipping_postal_code').notNull(),
    shippingCountry: text('shipping_country').notNull().default('US'),
    itemsTotalCents: integer('items_total_cents').notNull(),
    shippingCents: integer('shipping_cents').notNull().default(0),
    retipTotalCents: integer('retip_total_cents').notNull().default(0),
    totalCents: integer('total_cents').notNull(),
    ...timestamps,
  },
  (table) => [
    index('orders_buyer_idx').on(table.buyerId, table.createdAt),
    uniqueIndex('orders_buyer_idempotency_unique').on(table.buyerId, table.idempotencyKey),
    check('orders_total_consistent', sql`${table.totalCents} = ${table.itemsTotalCents} + ${table.shippingCents} + ${table.retipTotalCents}`),
  ],
);

export const orderItems = pgTable(
  'order_items',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    sellerId: uuid('seller_id')
      .notNull()
      .references(() => users.id),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id),
    // Snapshots taken at checkout, so reports and payouts never change when a listing is edited.
    title: text('title').notNull(),
    categoryId: uuid('category_id')
      .notNull()
      .references(() => categories.id),
    priceCents: integer('price_cents').notNull(),
    quantity: integer('quantity').notNull(),
    // The variant bought and its label ("Size: M, Colour: Red") at checkout (decision 0043); null without one.
    // No reference: the seller may take the combination out of the listing later, the order keeps its label.
    variantId: uuid('variant_id'),
    variantLabel: text('variant_label'),
    // What the buyer wrote for the seller (a name to engrave…), as it was at checkout; null without.
    personalization: text('personalization'),
    retipAdded: boolean('retip_added').notNull().default(false),
    retipPriceCents: integer('retip_price_cents').notNull().default(0),
    // The line's share of its shop's shipping (docs/product/money.md), split by line value when the order was placed;
    // null for an order placed before shops set their shipping, whose one shipping is split over all its lines.
    shippingCents: integer('shipping_cents'),
    // Sent without a marketplace label (docs/product/orders.md "Delivery"): the carrier the seller named and its
    // tracking number if they gave one; no carrier tracks it here, so the seller marks it delivered by hand.
    shippedWith: text('shipped_with'),
    shippedTrackingNumber: text('shipped_tracking_number'),
    status: orderItemStatus('status').notNull().default('pending'),
    rejectionReason: text('rejection_reason'),
    // What the buyer got back for this line so far (several partial refunds add up); never more than they paid.
    refundedCents: integer('refunded_cents').notNull().default(0),
    // The line's shipping given back because its shop's parcel came after the promise (docs/product/shipping.md
    // "A late parcel refunds its shipping"): a refund of the shipping only, kept apart from refunded_cents.
    lateShippingRefundCents: integer('late_shipping_refund_cents').notNull().default(0),
    // When the carrier (or the seller) reported the line delivered; kept when a refund changes the status later.
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
    // Flipped once by a successful payout (docs/product/statuses.md); the payouts module owns the payout rows.
    sellerPaid: boolean('seller_paid').notNull().default(false),
    ...timestamps,
  },
  (table) => [
    index('order_items_order_idx').on(table.orderId),
    index('order_items_seller_status_idx').on(table.sellerId, table.status),
    index('order_items_status_idx').on(table.status, table.updatedAt),
    // The admin's shipped-orders list, newest first (read backwards): an index over just those items.
    index('order_items_payable_recent_idx')
      .on(table.updatedAt, table.id)
      .where(sql`${table.status} in ('shipped', 'delivered', 'completed', 'partially_refunded')`),
    check('order_items_quantity_positive', sql`${table.quantity} > 0`),
    check('order_items_refunded_non_negative', sql`${table.refundedCents} >= 0`),
    check('order_items_price_non_negative', sql`${table.priceCents} >= 0`),
    check('order_items_shipping_non_negative', sql`${table.shippingCents} is null or ${table.shippingCents} >= 0`),
    check(
      'order_items_late_refund_within_shipping',
      sql`${table.lateShippingRefundCents} >= 0 and ${table.lateShippingRefundCents} <= coalesce(${table.shippingCents}, 0)`,
    ),
  ],
);

/**
 * A shop's part of an order the buyer sent as a gift (docs/product/checkout.md "Gifts"), with their message for
 * the recipient ('' without one). Written with the order; the seller reads it beside the items and on the packing slip.
 */
export const orderGifts = pgTable(
  'order_gifts',
  {
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    sellerId: uuid('seller_id')
      .notNull()
      .references(() => users.id),
    message: text('message').notNull().default(''),
    ...timestamps,
  },
  (table) => [primaryKey({ columns: [table.orderId, table.sellerId] })],
);

export const lateRefundPayer = pgEnum('late_refund_payer', LATE_REFUND_PAYERS);

// Each shop's part of an order as the buyer paid for it (docs/product/shipping.md): its shipping (the order's
// `shipping_cents` is their sum) and the delivery promise the checkout showed — handling window, days in transit,
// the day it should be handed to the carrier by and the days it should arrive between. Written with the order.
export const orderShopShipping = pgTable(
  'order_shop_shipping',
  {
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    sellerId: uuid('seller_id')
      .notNull()
      .references(() => users.id),
    shippingCents: integer('shipping_cents').notNull(),
    // The rate it was charged by, in words ("Flat rate", "Free shipping", "UPS Ground, calculated", "Standard").
    rateDescription: text('rate_description').notNull(),
    handlingMinDays: integer('handling_min_days').notNull(),
    handlingMaxDays: integer('handling_max_days').notNull(),
    transitDays: integer('transit_days').notNull(),
    shipBy: date('ship_by').notNull(),
    arrivesEarliest: date('arrives_earliest').notNull(),
    arrivesLatest: date('arrives_latest').notNull(),
    // Whether the promise was kept, as the carrier's scans tell it: the first scan (the parcel handed over) and the day
    // the last parcel of the part was delivered (the carrier's day, America/New_York). Null until they happen.
    firstScanAt: timestamp('first_scan_at', { withTimezone: true }),
    deliveredOn: date('delivered_on'),
    // A late part's shipping given back to the buyer, once: who pays it (the seller when the first scan came after
    // ship_by, the marketplace otherwise), claimed before the refunds, and when the refunds were done.
    lateRefundPaidBy: lateRefundPayer('late_refund_paid_by'),
    lateRefundCents: integer('late_refund_cents'),
    lateRefundedAt: timestamp('late_refunded_at', { withTimezone: true }),
    ...timestamps,
  },
  (table) => [
    primaryKey({ columns: [table.orderId, table.sellerId] }),
    // Parts delivered but not yet looked at for lateness (the sweep), and a seller's delivered parts (the on-time rate).
    index('order_shop_shipping_delivered_idx').on(table.sellerId, table.deliveredOn).where(sql`${table.deliveredOn} is not null`),
    index('order_shop_shipping_seller_idx').on(table.sellerId),
    check('order_shop_shipping_valid', sql`${table.shippingCents} >= 0 and ${table.arrivesEarliest} <= ${table.arrivesLatest}`),
  ],
);

export const paymentStatus = pgEnum('payment_status', PAYMENT_STATUSES);

export const payments = pgTable(
  'payments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id').references(() => orders.id, { onDelete: 'set null' }),
    buyerId: uuid('buyer_id')
      .notNull()
      .references(() => users.id),
    provider: text('provider').notNull(),
    providerPaymentId: text('provider_payment_id').notNull(),
    amountCents: integer('amount_cents').notNull(),
    refundedCents: integer('refunded_cents').notNull().default(0),
    status: paymentStatus('status').notNull(),
    // Card brand and last four digits only; a card number is never stored.
    cardBrand: text('card_brand'),
    cardLast4: text('card_last4'),
    // Set by the provider's charge.dispute.created webhook; disputes themselves are the disputes module's.
    disputedAt: timestamp('disputed_at', { withTimezone: true }),
    ...timestamps,
  },
  (table) => [
    uniqueIndex('payments_provider_payment_unique').on(table.provider, table.providerPaymentId),
    index('payments_order_idx').on(table.orderId),
    check('payments_refund_within_amount', sql`${table.refundedCents} between 0 and ${table.amountCents}`),
  ],
);

export const refundStatus = pgEnum('refund_status', REFUND_STATUSES);

export const refunds = pgTable(
  'refunds',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    paymentId: uuid('payment_id')
      .notNull()
      .references(() => payments.id),
    orderItemId: uuid('order_item_id')
      .notNull()
      .references(() => orderItems.id),
    // What asked for the money back, once each: `rejection:<item>`, `cancellation:<item>`, `dispute:<id>`,
    // `return:<id>`. It is also the provider's idempotency key, so a retried refund never pays twice.
    refundKey: text('refund_key').notNull(),
    amountCents: integer('amount_cents').notNull(),
    // pending while the provider is being asked (claimed, outside any transaction); succeeded once it
    // answered; failed when it refused (nothing was refunded).
    status: refundStatus('status').notNull().default('succeeded'),
    providerRefundId: text('provider_refund_id'),
    reason: text('reason'),
    failureReason: text('failure_reason'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('refunds_refund_key_unique').on(table.refundKey),
    index('refunds_order_item_idx').on(table.orderItemId, table.createdAt),
    check('refunds_amount_positive', sql`${table.amountCents} > 0`),
  ],
);
