import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { users } from '../users/users.schema';
import { orderItems, orderShopShipping, payments, refunds } from './orders.schema';

// Reads behind the buyer's order details (buyer-order-details.ts): the items' refunds and dates, and the card that paid.

export interface FollowUpItemRecord {
  id: string;
  sellerId: string;
  status: (typeof orderItems.$inferSelect)['status'];
  rejectionReason: string | null;
  refundedCents: number;
  deliveredAt: Date | null;
  updatedAt: Date;
}

/** An item with what its share of shipping is worked out from (packages/domain/src/item-paid.ts). */
export interface FollowUpItemWithMoney extends FollowUpItemRecord {
  priceCents: number;
  quantity: number;
  retipAdded: boolean;
  retipPriceCents: number;
  shippingCents: number | null;
  /** Sent without a marketplace label: the carrier the seller named and its tracking number. */
  shippedWith: string | null;
  shippedTrackingNumber: string | null;
}

export interface SucceededRefundRecord {
  orderItemId: string;
  amountCents: number;
  reason: string | null;
  createdAt: Date;
}

export async function findFollowUpItemsOfOrder(executor: Executor, orderId: string): Promise<FollowUpItemWithMoney[]> {
  return executor
    .select({
      id: orderItems.id,
      sellerId: orderItems.sellerId,
      status: orderItems.status,
      rejectionReason: orderItems.rejectionReason,
      // Everything that went back for the item: its refunds and a late parcel's shipping (the buyer got both).
      refundedCents: sql<number>`${orderItems.refundedCents} + ${orderItems.lateShippingRefundCents}`.mapWith(Number),
      deliveredAt: orderItems.deliveredAt,
      updatedAt: orderItems.updatedAt,
      priceCents: orderItems.priceCents,
      quantity: orderItems.quantity,
      retipAdded: orderItems.retipAdded,
      retipPriceCents: orderItems.retipPriceCents,
      shippingCents: orderItems.shippingCents,
      shippedWith: orderItems.shippedWith,
      shippedTrackingNumber: orderItems.shippedTrackingNumber,
    })
    .from(orderItems)
    .where(eq(orderItems.orderId, orderId))
    .orderBy(asc(orderItems.id));
}

/** Refunds that reached the buyer (not pending or failed attempts), oldest first. */
export async function findSucceededRefundsOfItems(executor: Executor, orderItemIds: readonly string[]): Promise<SucceededRefundRecord[]> {
  if (orderItemIds.length === 0) return [];
  return executor
    .select({ orderItemId: refunds.orderItemId, amountCents: refunds.amountCents, reason: refunds.reason, createdAt: refunds.createdAt })
    .from(refunds)
    .where(and(inArray(refunds.orderItemId, [...orderItemIds]), eq(refunds.status, 'succeeded')))
    .orderBy(asc(refunds.createdAt), asc(refunds.id));
}

/** The card of the order's successful payment (brand and last four digits are all that is stored). */
export async function findPaymentCardOfOrder(executor: Executor, orderId: string): Promise<{ cardBrand: string | null; cardLast4: string | null } | null> {
  const [row] = await executor
    .select({ cardBrand: payments.cardBrand, cardLast4: payments.cardLast4 })
    .from(payments)
    .where(and(eq(payments.orderId, orderId), inArray(payments.status, ['succeeded', 'partially_refunded', 'refunded'])))
    .orderBy(asc(payments.createdAt))
    .limit(1);
  return row ?? null;
}

/** Each shop's part of the order as promised at checkout, with the shop's name; none for an order placed before. */
export async function findShopPartsOfOrder(executor: Executor, orderId: string) {
  return executor
    .select({
      sellerId: orderShopShipping.sellerId,
      shopName: users.companyName,
      shippingCents: orderShopShipping.shippingCents,
      rateDescription: orderShopShipping.rateDescription,
      shipBy: orderShopShipping.shipBy,
      arrivesEarliest: orderShopShipping.arrivesEarliest,
      arrivesLatest: orderShopShipping.arrivesLatest,
      deliveredOn: orderShopShipping.deliveredOn,
      lateRefundCents: orderShopShipping.lateRefundCents,
      lateRefundPaidBy: orderShopShipping.lateRefundPaidBy,
    })
    .from(orderShopShipping)
    .innerJoin(users, eq(users.id, orderShopShipping.sellerId))
    .where(eq(orderShopShipping.orderId, orderId))
    .orderBy(asc(orderShopShipping.arrivesLatest), asc(orderShopShipping.sellerId));
}
