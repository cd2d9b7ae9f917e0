import { and, asc, desc, eq, gte, ilike, inArray, isNotNull, lt, or, sql, type SQL } from 'drizzle-orm';
import type { PgSelect } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/client';
import { categories, products } from '../catalog/catalog.schema';
import { orderItems } from '../orders/orders.schema';
import { users } from '../users/users.schema';
import { isSale, sumNetSalesCents } from '../orders';

/** Which order items a report reads: one seller's (by id), and/or the admin's text filters. */
export interface AnalyticsScope {
  sellerId?: string;
  /** Case-insensitive substring of the seller's full name or company name. */
  sellerText?: string;
  /** Case-insensitive substring of the category's name or slug. */
  categoryText?: string;
}

type OrderItemStatusValue = (typeof orderItems.$inferSelect)['status'];

// Revenue is net sales, and which items are sales, as every screen counts them (orders/sales-figures.repository.ts).
const revenueCents = sumNetSalesCents();
const distinctOrders = sql<string>`count(distinct ${orderItems.orderId})`;
const unitsSold = sql<string>`coalesce(sum(${orderItems.quantity}), 0)`;

/** `%`, `_` and `\` typed by the user match themselves, not any text. */
function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
}

function scopeConditions(scope: AnalyticsScope): SQL[] {
  const conditions: SQL[] = [];
  if (scope.sellerId) conditions.push(eq(orderItems.sellerId, scope.sellerId));
  if (scope.sellerText) {
    const pattern = containsPattern(scope.sellerText);
    conditions.push(or(ilike(sql`${users.firstName} || ' ' || ${users.lastName}`, pattern), ilike(users.companyName, pattern))!);
  }
  if (scope.categoryText) {
    const pattern = containsPattern(scope.categoryText);
    conditions.push(or(ilike(categories.name, pattern), ilike(categories.slug, pattern))!);
  }
  return conditions;
}

function saleConditions(scope: AnalyticsScope, from?: Date, to?: Date): SQL[] {
  const conditions = [...scopeConditions(scope), isSale()];
  if (from) conditions.push(gte(orderItems.createdAt, from));
  if (to) conditions.push(lt(orderItems.createdAt, to));
  return conditions;
}

/** Joins what the text filters read (the seller and the category) onto an order-items query. */
function joinScope<T extends PgSelect>(query: T) {
  return query.innerJoin(users, eq(users.id, orderItems.sellerId)).innerJoin(categories, eq(categories.id, orderItems.categoryId));
}

/** Revenue and orders per UTC day in [from, to). */
export async function findDailySales(
  executor: Executor,
  scope: AnalyticsScope,
  from: Date,
  to: Date,
): Promise<Array<{ day: string; revenueCents: number; orders: number }>> {
  const day = sql<string>`to_char(${orderItems.createdAt} at time zone 'UTC', 'YYYY-MM-DD')`;
  const rows = await joinScope(executor.select({ day, revenueCents, orders: distinctOrders }).from(orderItems).$dynamic())
    .where(and(...saleConditions(scope, from, to)))
    .groupBy(day);
  return rows.map((row) => ({ day: row.day, revenueCents: Number(row.revenueCents), orders: Number(row.orders) }));
}

/** Whether any matching sale happened before `before`. */
export async function hasSalesBefore(executor: Executor, scope: AnalyticsScope, before: Date): Promise<boolean> {
  const rows = await joinScope(executor.select({ id: orderItems.id }).from(orderItems).$dynamic())
    .where(and(...saleConditions(scope, undefined, before)))
    .limit(1);
  return rows.length > 0;
}

export interface TopProductRow {
  productId: string;
  title: string;
  sellerId: string;
  sellerName: string;
  revenueCents: number;
  units: number;
  orders: number;
}

/** Products by revenue (then units, then title), one page, with the number of products that sold. */
export async function findTopProducts(
  executor: Executor,
  scope: AnalyticsScope,
  page: number,
  limit: number,
): Promise<{ rows: TopProductRow[]; total: number }> {
  const conditions = and(...saleConditions(scope));
  const sellerName = sql<string>`coalesce(nullif(${users.companyName}, ''), trim(${users.firstName} || ' ' || ${users.lastName}))`;
  const [rows, totals] = await Promise.all([
    joinScope(
      executor
        .select({
          productId: orderItems.productId,
          title: products.title,
          sellerId: users.id,
          sellerName,
          revenueCents,
          units: unitsSold,
          orders: distinctOrders,
        })
        .from(orderItems)
        .$dynamic(),
    )
      .innerJoin(products, eq(products.id, orderItems.productId))
      .where(conditions)
      .groupBy(orderItems.productId, products.title, users.id, users.companyName, users.firstName, users.lastName)
      .orderBy(desc(revenueCents), desc(unitsSold), asc(products.title), asc(orderItems.productId))
      .limit(limit)
      .offset((page - 1) * limit),
    joinScope(
      executor
        .select({ value: sql<string>`count(distinct ${orderItems.productId})` })
        .from(orderItems)
        .$dynamic(),
    ).where(conditions),
  ]);
  return {
    rows: rows.map((row) => ({ ...row, revenueCents: Number(row.revenueCents), units: Number(row.units), orders: Number(row.orders) })),
    total: Number(totals[0]?.value ?? 0),
  };
}

/** The variants sold of these listings, by label (the label at checkout), with the same scope as the page. */
export async function findTopProductVariants(
  executor: Executor,
  scope: AnalyticsScope,
  productIds: readonly string[],
): Promise<Array<{ productId: string; label: string; units: number; revenueCents: number }>> {
  if (productIds.length === 0) return [];
  const rows = await joinScope(
    executor
      .select({ productId: orderItems.productId, label: sql<string>`${orderItems.variantLabel}`, revenueCents, units: unitsSold })
      .from(orderItems)
      .$dynamic(),
  )
    .where(and(...saleConditions(scope), inArray(orderItems.productId, [...productIds]), isNotNull(orderItems.variantLabel)))
    .groupBy(orderItems.productId, orderItems.variantLabel)
    .orderBy(desc(revenueCents), desc(unitsSold), asc(orderItems.variantLabel));
  return rows.map((row) => ({ ...row, revenueCents: Number(row.revenueCents), units: Number(row.units) }));
}

/** Order items per status, every status (sales or not). */
export async function countItemsByStatus(executor: Executor, scope: AnalyticsScope): Promise<Array<{ status: OrderItemStatusValue; count: number }>> {
  const conditions = scopeConditions(scope);
  const rows = await joinScope(executor.select({ status: orderItems.status, count: sql<string>`count(*)` }).from(orderItems).$dynamic())
    .where(conditions.length > 0 ? and(...conditions) : undefined)
    .groupBy(orderItems.status);
  return rows.map((row) => ({ status: row.status, count: Number(row.count) }));
}

/** Revenue, distinct orders and units sold in [from, to). */
export async function sumSales(
  executor: Executor,
  scope: AnalyticsScope,
  from: Date,
  to: Date,
): Promise<{ revenueCents: number; orders: number; units: number }> {
  const rows = await joinScope(executor.select({ revenueCents, orders: distinctOrders, units: unitsSold }).from(orderItems).$dynamic()).where(
    and(...saleConditions(scope, from, to)),
  );
  const row = rows[0];
  return { revenueCents: Number(row?.revenueCents ?? 0), orders: Number(row?.orders ?? 0), units: Number(row?.units ?? 0) };
}
