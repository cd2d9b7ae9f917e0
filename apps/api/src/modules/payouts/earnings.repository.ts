import { and, count, desc, eq, gte, isNotNull, isNull, lt, or, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { categories } from '../catalog/catalog.schema';
import { orderItems } from '../orders/orders.schema';
import { payoutAdjustments, payouts } from './payouts.schema';
import { openDisputeIdOf } from '../disputes';
import { isSale, latePayerOfItemSql, orderItemNameSql } from '../orders';
import { openReturnIdOf } from '../returns';
import type { PayoutState } from './payouts.repository';

// A seller's earnings, item by item (docs/product/payouts.md, "Earnings page"): a read model over the
// seller's order items, their categories, payouts and what they owe back, and whether a dispute or a
// return holds each item (through those modules' own subqueries), in one statement per page.
//
// The items listed are the seller's sales as every report counts them (orders' isSale: not rejected,
// cancelled or refunded in full), and any item a payout was made for, even when a refund later took it
// all back: that payout's money shows on the page, so its item does too.

export interface EarningLine {
  orderItemId: string;
  orderId: string;
  title: string;
  quantity: number;
  priceCents: number;
  status: (typeof orderItems.$inferSelect)['status'];
  refundedCents: number;
  /** The add-on when chosen (0 otherwise) and the line's share of its shop's shipping (null: an older order's). */
  addOnCents: number;
  shippingCents: number | null;
  /** A late parcel's shipping given back for the line, and who pays it. */
  lateShippingRefundCents: number;
  latePayer: 'seller' | 'marketplace' | null;
  deliveredAt: Date | null;
  soldAt: Date;
  categoryName: string;
  commissionRateBasisPoints: number;
  payout: {
    status: PayoutState;
    itemTotalCents: number;
    commissionRateBps: number;
    commissionCents: number;
    pickupChargeCents: number;
    grossCents: number;
    feeCents: number;
    netCents: number;
    adjustmentCents: number;
    shippingCreditCents: number;
    labelChargeCents: number;
    transferId: string | null;
    paidAt: Date | null;
  } | null;
  /** What the item owes back after refunds made once it was paid (≤ 0), and the part no payout deducted yet. */
  clawbackCents: number;
  clawbackUnsettledCents: number;
  hasOpenDispute: boolean;
  hasOpenReturn: boolean;
}

export interface SoldBetween {
  from: Date;
  to: Date;
}

function earningsOf(sellerId: string, soldBetween: SoldBetween | undefined): SQL | undefined {
  return and(
    eq(orderItems.sellerId, sellerId),
    or(isSale(), isNotNull(payouts.id)),
    soldBetween ? gte(orderItems.createdAt, soldBetween.from) : undefined,
    soldBetween ? lt(orderItems.createdAt, soldBetween.to) : undefined,
  );
}

const clawbackSum = (filter?: SQL) =>
  sql<string>`(select coalesce(sum(${payoutAdjustments.amountCents}), 0) from ${payoutAdjustments} where ${payoutAdjustments.orderItemId} = ${orderItems.id}${filter ? sql` and ${filter}` : sql``})`;

export async function countSellerEarnings(executor: Executor, sellerId: string, soldBetween?: SoldBetween): Promise<number> {
  const [row] = await executor
    .select({ value: count() })
    .from(orderItems)
    .leftJoin(payouts, eq(payouts.orderItemId, orderItems.id))
    .where(earningsOf(sellerId, soldBetween));
  return row?.value ?? 0;
}

/** The seller's items, newest sale first; `page` absent = all of them (the totals read two months whole). */
export async function findSellerEarnings(
  executor: Executor,
  sellerId: string,
  soldBetween: SoldBetween | undefined,
  page?: { limit: number; offset: number },
): Promise<EarningLine[]> {
  const query = executor
    .select({
      orderItemId: orderItems.id,
      orderId: orderItems.orderId,
      title: orderItemNameSql(),
      quantity: orderItems.quantity,
      priceCents: orderItems.priceCents,
      status: orderItems.status,
      refundedCents: orderItems.refundedCents,
      retipAdded: orderItems.retipAdded,
      retipPriceCents: orderItems.retipPriceCents,
      shippingCents: orderItems.shippingCents,
      lateShippingRefundCents: orderItems.lateShippingRefundCents,
      latePayer: latePayerOfItemSql(),
      deliveredAt: orderItems.deliveredAt,
      soldAt: orderItems.createdAt,
      categoryName: categories.name,
      commissionRateBasisPoints: categories.commissionRateBasisPoints,
      payoutId: payouts.id,
      payoutStatus: payouts.status,
      itemTotalCents: payouts.itemTotalCents,
      commissionRateBps: payouts.commissionRateBps,
      commissionCents: payouts.commissionCents,
      pickupChargeCents: payouts.pickupChargeCents,
      grossCents: payouts.grossCents,
      feeCents: payouts.feeCents,
      netCents: payouts.netCents,
      adjustmentCents: payouts.adjustmentCents,
      shippingCreditCents: payouts.shippingCreditCents,
      labelChargeCents: payouts.labelChargeCents,
      transferId: payouts.transferId,
      paidAt: payouts.paidAt,
      clawbackCents: clawbackSum(),
      clawbackUnsettledCents: clawbackSum(isNull(payoutAdjustments.settledAt)),
      openDisputeId: openDisputeIdOf(orderItems.id),
      openReturnId: openReturnIdOf(orderItems.id),
    })
    .from(orderItems)
    .innerJoin(categories, eq(categories.id, orderItems.categoryId))
    .leftJoin(payouts, eq(payouts.orderItemId, orderItems.id))
    .where(earningsOf(sellerId, soldBetween))
    .orderBy(desc(orderItems.createdAt), desc(orderItems.id))
    .$dynamic();
  const rows = page ? await query.limit(page.limit).offset(page.offset) : await query;
  return rows.map((row) => ({
    orderItemId: row.orderItemId,
    orderId: row.orderId,
    title: row.title,
    quantity: row.quantity,
    priceCents: row.priceCents,
    status: row.status,
    refundedCents: row.refundedCents,
    addOnCents: row.retipAdded ? row.retipPriceCents : 0,
    shippingCents: row.shippingCents,
    lateShippingRefundCents: row.lateShippingRefundCents,
    latePayer: row.latePayer,
    deliveredAt: row.deliveredAt,
    soldAt: row.soldAt,
    categoryName: row.categoryName,
    commissionRateBasisPoints: row.commissionRateBasisPoints,
    payout:
      row.payoutId && row.payoutStatus
        ? {
            status: row.payoutStatus,
            itemTotalCents: row.itemTotalCents ?? 0,
            commissionRateBps: row.commissionRateBps ?? 0,
            commissionCents: row.commissionCents ?? 0,
            pickupChargeCents: row.pickupChargeCents ?? 0,
            grossCents: row.grossCents ?? 0,
            feeCents: row.feeCents ?? 0,
            netCents: row.netCents ?? 0,
            adjustmentCents: row.adjustmentCents ?? 0,
            shippingCreditCents: row.shippingCreditCents ?? 0,
            labelChargeCents: row.labelChargeCents ?? 0,
            transferId: row.transferId,
            paidAt: row.paidAt,
          }
        : null,
    clawbackCents: Number(row.clawbackCents),
    clawbackUnsettledCents: Number(row.clawbackUnsettledCents),
    hasOpenDispute: row.openDisputeId !== null,
    hasOpenReturn: row.openReturnId !== null,
  }));
}
