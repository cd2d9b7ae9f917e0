import { asc, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { categories } from '../catalog/catalog.schema';
import { latePayerOfItemSql, orderItemNameSql } from '../orders';
import { orderItems, orders } from '../orders/orders.schema';
import { users } from '../users/users.schema';
import { payouts } from './payouts.schema';

// What the books of one order read (order-books.service.ts): its lines with their category's rate and their payout,
// and its sellers' names. The label lines come from label-charges.repository.ts.

/** The order's own shipping (an older order's one shipping is split over its lines), or null when there is no such order. */
export async function findOrderShipping(executor: Executor, orderId: string): Promise<{ shippingCents: number } | null> {
  const [row] = await executor.select({ shippingCents: orders.shippingCents }).from(orders).where(eq(orders.id, orderId)).limit(1);
  return row ?? null;
}

export async function findBookLinesOfOrder(executor: Executor, orderId: string) {
  return executor
    .select({
      orderItemId: orderItems.id,
      sellerId: orderItems.sellerId,
      shopName: users.companyName,
      firstName: users.firstName,
      lastName: users.lastName,
      title: orderItemNameSql(),
      priceCents: orderItems.priceCents,
      quantity: orderItems.quantity,
      retipAdded: orderItems.retipAdded,
      retipPriceCents: orderItems.retipPriceCents,
      shippingCents: orderItems.shippingCents,
      refundedCents: orderItems.refundedCents,
      lateShippingRefundCents: orderItems.lateShippingRefundCents,
      latePayer: latePayerOfItemSql(),
      categoryRateBps: categories.commissionRateBasisPoints,
      payoutStatus: payouts.status,
      payoutRateBps: payouts.commissionRateBps,
      payoutPickupCents: payouts.pickupChargeCents,
      payoutNetCents: payouts.netCents,
    })
    .from(orderItems)
    .innerJoin(users, eq(users.id, orderItems.sellerId))
    .innerJoin(categories, eq(categories.id, orderItems.categoryId))
    .leftJoin(payouts, eq(payouts.orderItemId, orderItems.id))
    .where(eq(orderItems.orderId, orderId))
    .orderBy(asc(orderItems.createdAt), asc(orderItems.id));
}

export type BookLineRow = Awaited<ReturnType<typeof findBookLinesOfOrder>>[number];
