import { and, count, desc, eq, max, sql, sum } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { products } from '../catalog/catalog.schema';
import { orderItems, orders, refunds } from '../orders/orders.schema';
import { users } from '../users/users.schema';
import { orderItemNameSql, isSale, sumNetSalesCents } from '../orders';

// Read-only aggregates over the orders and catalog tables for the admin's user insights page. Each
// figure is one aggregate query (never a query per order or per item).

const lineTotalCents = () =>
  sql<number>`${orderItems.priceCents} * ${orderItems.quantity} + case when ${orderItems.retipAdded} then ${orderItems.retipPriceCents} else 0 end`;

export interface BuyerTotals {
  ordersCount: number;
  orderedCents: number;
  refundedCents: number;
  lastOrderAt: Date | null;
}

export async function findBuyerTotals(executor: Executor, buyerId: string): Promise<BuyerTotals> {
  const [[orderRow], [refundRow]] = await Promise.all([
    executor
      .select({ ordersCount: count(), orderedCents: sum(orders.totalCents).mapWith(Number), lastOrderAt: max(orders.createdAt) })
      .from(orders)
      .where(eq(orders.buyerId, buyerId)),
    executor
      .select({ refundedCents: sum(refunds.amountCents).mapWith(Number) })
      .from(refunds)
      .innerJoin(orderItems, eq(orderItems.id, refunds.orderItemId))
      .innerJoin(orders, eq(orders.id, orderItems.orderId))
      .where(and(eq(orders.buyerId, buyerId), eq(refunds.status, 'succeeded'))),
  ]);
  return {
    ordersCount: orderRow?.ordersCount ?? 0,
    orderedCents: orderRow?.orderedCents ?? 0,
    refundedCents: refundRow?.refundedCents ?? 0,
    lastOrderAt: orderRow?.lastOrderAt ?? null,
  };
}

export async function findRecentOrdersOfBuyer(executor: Executor, buyerId: string, limit: number) {
  return executor
    .select({
      id: orders.id,
      createdAt: orders.createdAt,
      status: orders.status,
      totalCents: orders.totalCents,
      // Written with table names: drizzle leaves columns unqualified in a one-table select, which
      // would make the sub-select compare order_items with itself.
      itemsCount: sql<number>`(select coalesce(sum(oi.quantity), 0) from order_items oi where oi.order_id = "orders"."id")`.mapWith(Number),
    })
    .from(orders)
    .where(eq(orders.buyerId, buyerId))
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .limit(limit);
}

export interface SellerTotals {
  listingsCount: number;
  activeListings: number;
  itemsSold: number;
  revenueCents: number;
}

export async function findSellerTotals(executor: Executor, sellerId: string): Promise<SellerTotals> {
  const [[listingRow], [salesRow]] = await Promise.all([
    executor
      .select({
        listingsCount: count(),
        activeListings: sql<number>`count(*) filter (where ${products.status} = 'active')`.mapWith(Number),
      })
      .from(products)
      .where(eq(products.sellerId, sellerId)),
    executor
      // Units and revenue as every screen counts sales (orders/sales-figures.repository.ts).
      .select({ itemsSold: sum(orderItems.quantity).mapWith(Number), revenueCents: sumNetSalesCents().mapWith(Number) })
      .from(orderItems)
      .where(and(eq(orderItems.sellerId, sellerId), isSale())),
  ]);
  return {
    listingsCount: listingRow?.listingsCount ?? 0,
    activeListings: listingRow?.activeListings ?? 0,
    itemsSold: salesRow?.itemsSold ?? 0,
    revenueCents: salesRow?.revenueCents ?? 0,
  };
}

/** The seller's newest order items, whatever their status, with the order's date and the buyer. */
export async function findRecentSalesOfSeller(executor: Executor, sellerId: string, limit: number) {
  return executor
    .select({
      orderItemId: orderItems.id,
      orderId: orderItems.orderId,
      title: orderItemNameSql(),
      quantity: orderItems.quantity,
      totalCents: lineTotalCents().mapWith(Number),
      status: orderItems.status,
      createdAt: orders.createdAt,
      buyerFirstName: users.firstName,
      buyerLastName: users.lastName,
    })
    .from(orderItems)
    .innerJoin(orders, eq(orders.id, orderItems.orderId))
    .innerJoin(users, eq(users.id, orders.buyerId))
    .where(eq(orderItems.sellerId, sellerId))
    .orderBy(desc(orders.createdAt), desc(orderItems.id))
    .limit(limit);
}
