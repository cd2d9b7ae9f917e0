import { and, count, desc, eq, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/client';
import { users } from '../users/users.schema';
import { orderItemNameSql } from './item-name.repository';
import { orderItems, orders, payments } from './orders.schema';
import { coverKeyOf } from '../catalog';
import { likePatternOf } from '../users';

// Read-only queries behind the admin's order pages. Each page is a fixed number of queries whatever
// its size: per-order and per-item figures come from joins and correlated sub-selects, never a loop.

type OrderStatus = (typeof orders.$inferSelect)['status'];
type OrderItemStatus = (typeof orderItems.$inferSelect)['status'];

const buyers = alias(users, 'buyers');
const sellers = alias(users, 'sellers');

// Correlated sub-selects name their tables in plain SQL: drizzle leaves columns unqualified in a
// one-table select, which would make a sub-select compare its own table with itself.

/** Units in the order. */
const unitsInOrder = () => sql<number>`(select coalesce(sum(oi.quantity), 0) from order_items oi where oi.order_id = "orders"."id")`.mapWith(Number);

const lineTotalCents = () =>
  sql<number>`${orderItems.priceCents} * ${orderItems.quantity} + case when ${orderItems.retipAdded} then ${orderItems.retipPriceCents} else 0 end`.mapWith(
    Number,
  );

const orderSummaryColumns = {
  id: orders.id,
  createdAt: orders.createdAt,
  status: orders.status,
  totalCents: orders.totalCents,
  itemsCount: unitsInOrder(),
  buyerId: buyers.id,
  buyerFirstName: buyers.firstName,
  buyerLastName: buyers.lastName,
  buyerEmail: buyers.email,
};

export interface AdminOrderSearch {
  status?: OrderStatus | undefined;
  q?: string | undefined;
  limit: number;
  offset: number;
}

function orderSearchCondition(search: AdminOrderSearch): SQL | undefined {
  const conditions: SQL[] = [];
  if (search.status) conditions.push(eq(orders.status, search.status));
  if (search.q) {
    const pattern = likePatternOf(search.q);
    const matches: SQL[] = [ilike(buyers.email, pattern), ilike(sql`${buyers.firstName} || ' ' || ${buyers.lastName}`, pattern)];
    // Order ids are shown as their first 8 characters, often with a '#': "#3f2a9c1e" finds the order.
    const idPrefix = search.q.replace(/^#/, '').toLowerCase();
    if (/^[0-9a-f-]+$/.test(idPrefix)) matches.push(sql`${orders.id}::text like ${`${idPrefix}%`}`);
    conditions.push(or(...matches)!);
  }
  return conditions.length > 0 ? and(...conditions) : undefined;
}

export async function findAdminOrdersPage(executor: Executor, search: AdminOrderSearch) {
  const where = orderSearchCondition(search);
  const [rows, [totalRow]] = await Promise.all([
    executor
      .select(orderSummaryColumns)
      .from(orders)
      .innerJoin(buyers, eq(buyers.id, orders.buyerId))
      .where(where)
      .orderBy(desc(orders.createdAt), desc(orders.id))
      .limit(search.limit)
      .offset(search.offset),
    executor.select({ value: count() }).from(orders).innerJoin(buyers, eq(buyers.id, orders.buyerId)).where(where),
  ]);
  return { rows, total: totalRow?.value ?? 0 };
}

export async function findAdminOrder(executor: Executor, orderId: string) {
  const [row] = await executor
    .select({
      ...orderSummaryColumns,
      itemsTotalCents: orders.itemsTotalCents,
      shippingCents: orders.shippingCents,
      retipTotalCents: orders.retipTotalCents,
      shippingName: orders.shippingName,
      shippingEmail: orders.shippingEmail,
      shippingPhone: orders.shippingPhone,
      shippingLine1: orders.shippingLine1,
      shippingLine2: orders.shippingLine2,
      shippingCity: orders.shippingCity,
      shippingState: orders.shippingState,
      shippingPostalCode: orders.shippingPostalCode,
      shippingCountry: orders.shippingCountry,
    })
    .from(orders)
    .innerJoin(buyers, eq(buyers.id, orders.buyerId))
    .where(eq(orders.id, orderId))
    .limit(1);
  return row ?? null;
}

/** The order's payment: the latest one recorded against it (a checkout records exactly one). */
export async function findPaymentOfOrder(executor: Executor, orderId: string) {
  const [row] = await executor
    .select({
      provider: payments.provider,
      status: payments.status,
      amountCents: payments.amountCents,
      refundedCents: payments.refundedCents,
      cardBrand: payments.cardBrand,
      cardLast4: payments.cardLast4,
    })
    .from(payments)
    .where(eq(payments.orderId, orderId))
    .orderBy(desc(payments.createdAt))
    .limit(1);
  return row ?? null;
}

export async function findAdminOrderItems(executor: Executor, orderId: string) {
  return executor
    .select({
      id: orderItems.id,
      productId: orderItems.productId,
      title: orderItemNameSql(),
      coverKey: coverKeyOf(orderItems.productId),
      sellerId: sellers.id,
      sellerFirstName: sellers.firstName,
      sellerLastName: sellers.lastName,
      sellerCompanyName: sellers.companyName,
      quantity: orderItems.quantity,
      priceCents: orderItems.priceCents,
      retipAdded: orderItems.retipAdded,
      retipPriceCents: orderItems.retipPriceCents,
      totalCents: lineTotalCents(),
      status: orderItems.status,
      rejectionReason: orderItems.rejectionReason,
      sellerPaid: orderItems.sellerPaid,
      // What went back for the item in all (several partial refunds and a late parcel's shipping add up); null when nothing did.
      refundedCents: sql<number | null>`nullif(${orderItems.refundedCents} + ${orderItems.lateShippingRefundCents}, 0)`.mapWith((value: number | null) =>
        value === null ? null : Number(value),
      ),
    })
    .from(orderItems)
    .innerJoin(sellers, eq(sellers.id, orderItems.sellerId))
    .where(eq(orderItems.orderId, orderId))
    .orderBy(orderItems.createdAt, orderItems.id);
}

export async function findAdminOrderItemsPage(executor: Executor, search: { status: OrderItemStatus; limit: number; offset: number }) {
  // Refunded Orders lists every item money went back for: in full, or in part.
  const where = search.status === 'refunded' ? inArray(orderItems.status, ['refunded', 'partially_refunded']) : eq(orderItems.status, search.status);
  const [rows, [totalRow]] = await Promise.all([
    executor
      .select({
        id: orderItems.id,
        orderId: orderItems.orderId,
        title: orderItemNameSql(),
        quantity: orderItems.quantity,
        priceCents: orderItems.priceCents,
        totalCents: lineTotalCents(),
        status: orderItems.status,
        rejectionReason: orderItems.rejectionReason,
        updatedAt: orderItems.updatedAt,
        refundedCents: sql<number | null>`nullif(${orderItems.refundedCents} + ${orderItems.lateShippingRefundCents}, 0)`.mapWith((value: number | null) =>
          value === null ? null : Number(value),
        ),
        buyerId: buyers.id,
        buyerFirstName: buyers.firstName,
        buyerLastName: buyers.lastName,
        buyerEmail: buyers.email,
        sellerId: sellers.id,
        sellerFirstName: sellers.firstName,
        sellerLastName: sellers.lastName,
        sellerCompanyName: sellers.companyName,
      })
      .from(orderItems)
      .innerJoin(orders, eq(orders.id, orderItems.orderId))
      .innerJoin(buyers, eq(buyers.id, orders.buyerId))
      .innerJoin(sellers, eq(sellers.id, orderItems.sellerId))
      .where(where)
      .orderBy(desc(orderItems.updatedAt), desc(orderItems.id))
      .limit(search.limit)
      .offset(search.offset),
    executor.select({ value: count() }).from(orderItems).where(where),
  ]);
  return { rows, total: totalRow?.value ?? 0 };
}
