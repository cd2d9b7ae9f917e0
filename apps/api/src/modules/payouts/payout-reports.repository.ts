import { and, asc, count, desc, eq, gte, inArray, lt, sql, type SQL } from 'drizzle-orm';
import { PAYABLE_STATES } from '@marketplace/domain/order-item-state';
import type { Database, Executor } from '../../db/client';
import { categories } from '../catalog/catalog.schema';
import { orderItems, orders } from '../orders/orders.schema';
import { users } from '../users/users.schema';
import { paymentAccounts, payoutAdjustments, payouts, labelCharges } from './payouts.schema';
import { openDisputeIdOf } from '../disputes';
import { latePayerOfItemSql } from '../orders';
import type { PaymentAccountState, PayoutRecord, PayoutState } from './payouts.repository';

// The admin's reads: sellers, the payout history, the payout stats and the shipped-orders page. The
// shipped-orders page is a read model over several modules' rows (items, orders, buyers, sellers,
// categories, accounts, payouts, what sellers owe back; open disputes through the disputes module's own
// subquery) in one statement: reading each module through its service would cost a round trip per
// module on the admin's busiest page.

export interface SellerSummary {
  id: string;
  firstName: string;
  lastName: string;
  companyName: string | null;
}

export async function findSellers(executor: Executor): Promise<SellerSummary[]> {
  const rows = await executor.select().from(users).where(eq(users.role, 'seller')).orderBy(asc(users.firstName), asc(users.lastName));
  return rows.map((row) => ({ id: row.id, firstName: row.firstName, lastName: row.lastName, companyName: row.companyName }));
}

// ── the payout history ─────────────────────────────────────────────────────────────────────────

export interface PayoutFilters {
  sellerId?: string | undefined;
  status?: PayoutState | undefined;
}

const payoutFilter = (filters: PayoutFilters) =>
  and(filters.sellerId ? eq(payouts.sellerId, filters.sellerId) : undefined, filters.status ? eq(payouts.status, filters.status) : undefined);

export async function countPayouts(executor: Executor, filters: PayoutFilters): Promise<number> {
  const [total] = await executor.select({ value: count() }).from(payouts).where(payoutFilter(filters));
  return total?.value ?? 0;
}

/** Newest first. */
export async function findPayoutsPage(executor: Executor, filters: PayoutFilters, page: { limit: number; offset: number }): Promise<PayoutRecord[]> {
  return executor.select().from(payouts).where(payoutFilter(filters)).orderBy(desc(payouts.createdAt), desc(payouts.id)).limit(page.limit).offset(page.offset);
}

// ── payout stats ───────────────────────────────────────────────────────────────────────────────

/** Paid payouts whose paid_at is in [from, to): the partial indexes payouts_paid_idx / payouts_seller_paid_idx cover these reads. */
function paidBetween(from: Date, to: Date, sellerId: string | undefined) {
  return and(eq(payouts.status, 'paid'), gte(payouts.paidAt, from), lt(payouts.paidAt, to), sellerId ? eq(payouts.sellerId, sellerId) : undefined);
}

/** Sum of cents as a JS number (bigint in SQL, so a large month or year cannot overflow an int4). */
const sumCents = (filter?: SQL) => sql<number>`coalesce(sum(${payouts.netCents})${filter ? sql` filter (where ${filter})` : sql``}, 0)`.mapWith(Number);
const countRows = (filter?: SQL) => sql<number>`count(*)${filter ? sql` filter (where ${filter})` : sql``}`.mapWith(Number);

export interface PaidTotals {
  amountCents: number;
  count: number;
}

/** Paid payouts of two adjacent months, [previousStart, currentStart) and [currentStart, nextStart): one index range scan over both. */
export async function paidInTwoMonths(
  executor: Executor,
  months: { previousStart: Date; currentStart: Date; nextStart: Date },
  sellerId: string | undefined,
): Promise<{ current: PaidTotals; previous: PaidTotals }> {
  const inThisMonth = gte(payouts.paidAt, months.currentStart);
  const inLastMonth = lt(payouts.paidAt, months.currentStart);
  const [row] = await executor
    .select({
      currentCents: sumCents(inThisMonth),
      currentCount: countRows(inThisMonth),
      previousCents: sumCents(inLastMonth),
      previousCount: countRows(inLastMonth),
    })
    .from(payouts)
    .where(paidBetween(months.previousStart, months.nextStart, sellerId));
  return {
    current: { amountCents: row?.currentCents ?? 0, count: row?.currentCount ?? 0 },
    previous: { amountCents: row?.previousCents ?? 0, count: row?.previousCount ?? 0 },
  };
}

/** Paid payouts per UTC day in [from, to), days without payouts left out; dates as YYYY-MM-DD. */
export async function paidPerDay(executor: Executor, from: Date, to: Date, sellerId: string | undefined): Promise<Array<{ date: string } & PaidTotals>> {
  // Grouped by the UTC date, formatted once per day (to_char on every row costs more than the scan).
  const paidDay = sql`(${payouts.paidAt} at time zone 'UTC')::date`;
  const day = sql<string>`to_char(${paidDay}, 'YYYY-MM-DD')`;
  const rows = await executor
    .select({ date: day, amount: sumCents(), count: countRows() })
    .from(payouts)
    .where(paidBetween(from, to, sellerId))
    .groupBy(paidDay);
  return rows.map((row) => ({ date: row.date, amountCents: row.amount, count: row.count }));
}

export interface TopSeller extends PaidTotals {
  sellerId: string;
  firstName: string;
  lastName: string;
  companyName: string | null;
}

/** The `limit` sellers paid most in [from, to), and how many sellers were paid at all (counted over the same groups). */
export async function topPaidSellers(
  executor: Executor,
  from: Date,
  to: Date,
  sellerId: string | undefined,
  limit: number,
): Promise<{ sellers: TopSeller[]; paidSellers: number }> {
  // Every seller paid in the range, ranked; `sellers` counts the groups before the limit (= active sellers).
  const ranked = executor
    .select({
      sellerId: payouts.sellerId,
      amount: sumCents().as('amount'),
      count: countRows().as('payout_count'),
      sellers: sql<number>`count(*) over ()`.mapWith(Number).as('sellers'),
    })
    .from(payouts)
    .where(paidBetween(from, to, sellerId))
    .groupBy(payouts.sellerId)
    .orderBy(desc(sql`sum(${payouts.netCents})`), asc(payouts.sellerId))
    .limit(limit)
    .as('ranked');
  const rows = await executor
    .select({
      sellerId: ranked.sellerId,
      firstName: users.firstName,
      lastName: users.lastName,
      companyName: users.companyName,
      amount: ranked.amount,
      count: ranked.count,
      sellers: ranked.sellers,
    })
    .from(ranked)
    .innerJoin(users, eq(users.id, ranked.sellerId))
    .orderBy(desc(ranked.amount), asc(ranked.sellerId));
  return {
    sellers: rows.map((row) => ({
      sellerId: row.sellerId,
      firstName: row.firstName,
      lastName: row.lastName,
      companyName: row.companyName,
      amountCents: row.amount,
      count: row.count,
    })),
    paidSellers: rows[0]?.sellers ?? 0,
  };
}

/** Payouts created in [from, to), counted by status (statuses without payouts left out). */
export async function countPayoutsByStatus(
  executor: Executor,
  from: Date,
  to: Date,
  sellerId: string | undefined,
): Promise<Array<{ status: PayoutState; count: number }>> {
  return executor
    .select({ status: payouts.status, count: countRows() })
    .from(payouts)
    .where(and(gte(payouts.createdAt, from), lt(payouts.createdAt, to), sellerId ? eq(payouts.sellerId, sellerId) : undefined))
    .groupBy(payouts.status);
}

/** Sellers with a complete payment account (or whether this one has one). */
export async function countCompleteAccounts(executor: Executor, sellerId: string | undefined): Promise<number> {
  const [row] = await executor
    .select({ value: count() })
    .from(paymentAccounts)
    .where(and(eq(paymentAccounts.status, 'complete'), sellerId ? eq(paymentAccounts.sellerId, sellerId) : undefined));
  return row?.value ?? 0;
}

// ── shipped orders ─────────────────────────────────────────────────────────────────────────────

/** Shipped, delivered, or partly refunded: the seller is paid for what the buyer kept (packages/domain). */
const payableItems = () => inArray(orderItems.status, [...PAYABLE_STATES]);

function prepareShippedPage(db: Database) {
  // The page's ids first, from the partial index order_items_payable_recent_idx alone (an index-only
  // scan, even deep into the list); the joins and the per-row reads then run for those rows only.
  const page = db
    .select({ id: orderItems.id })
    .from(orderItems)
    .where(payableItems())
    .orderBy(desc(orderItems.updatedAt), desc(orderItems.id))
    .limit(sql.placeholder('limit'))
    .offset(sql.placeholder('offset'))
    .as('page');
  // Only the page, its items and their orders are joined; every other read is a scalar subquery by
  // primary or unique key. Planning a nine-table join cost ~5–8 ms per request, this costs ~0.5 ms.
  return db
    .select({
      item: orderItems,
      order: orders,
      buyer: sql<{
        firstName: string;
        lastName: string;
        email: string;
        phone: string | null;
      }>`(select json_build_object('firstName', ${users.firstName}, 'lastName', ${users.lastName}, 'email', ${users.email}, 'phone', ${users.phone}) from ${users} where ${users.id} = ${orders.buyerId})`,
      seller: sql<{
        id: string;
        firstName: string;
        lastName: string;
        companyName: string | null;
        email: string;
        phone: string | null;
      }>`(select json_build_object('id', ${users.id}, 'firstName', ${users.firstName}, 'lastName', ${users.lastName}, 'companyName', ${users.companyName}, 'email', ${users.email}, 'phone', ${users.phone}) from ${users} where ${users.id} = ${orderItems.sellerId})`,
      category: sql<{
        name: string;
        slug: string;
      }>`(select json_build_object('name', ${categories.name}, 'slug', ${categories.slug}) from ${categories} where ${categories.id} = ${orderItems.categoryId})`,
      accountStatus: sql<PaymentAccountState | null>`(select ${paymentAccounts.status} from ${paymentAccounts} where ${paymentAccounts.sellerId} = ${orderItems.sellerId})`,
      payout: sql<{
        id: string;
        status: PayoutState;
        netCents: number;
        failureReason: string | null;
      } | null>`(select json_build_object('id', ${payouts.id}, 'status', ${payouts.status}, 'netCents', ${payouts.netCents}, 'failureReason', ${payouts.failureReason}) from ${payouts} where ${payouts.orderItemId} = ${orderItems.id})`,
      // The disputes module's subquery: at most one dispute per item is not resolved.
      openDisputeId: openDisputeIdOf(orderItems.id),
      // What the seller owes back, oldest first (payout_adjustments_seller_idx).
      owedCents: sql<
        number[]
      >`coalesce((select json_agg(${payoutAdjustments.amountCents} order by ${payoutAdjustments.createdAt}, ${payoutAdjustments.id}) from ${payoutAdjustments} where ${payoutAdjustments.sellerId} = ${orderItems.sellerId} and ${payoutAdjustments.settledAt} is null), '[]'::json)`,
      latePayer: latePayerOfItemSql(),
      // The seller's open label lines, oldest first (label_charges_seller_idx): the payout settles them too.
      openLabelCents: sql<
        number[]
      >`coalesce((select json_agg(${labelCharges.amountCents} order by ${labelCharges.createdAt}, ${labelCharges.id}) from ${labelCharges} where ${labelCharges.sellerId} = ${orderItems.sellerId} and ${labelCharges.settledAt} is null), '[]'::json)`,
    })
    .from(page)
    .innerJoin(orderItems, eq(orderItems.id, page.id))
    .innerJoin(orders, eq(orders.id, orderItems.orderId))
    .orderBy(desc(orderItems.updatedAt), desc(orderItems.id))
    .prepare('admin_shipped_page');
}

export type ShippedOrderLine = Awaited<ReturnType<ReturnType<typeof prepareShippedPage>['execute']>>[number];

/**
 * The shipped-orders page, newest change first. The admin's busiest read is a prepared statement: built
 * on first use, planned once per connection by PostgreSQL (planning it cost as much as running it).
 */
export function createShippedOrdersReader(db: Database) {
  let shippedPage: ReturnType<typeof prepareShippedPage> | undefined;
  return {
    findPage: (page: { limit: number; offset: number }): Promise<ShippedOrderLine[]> => (shippedPage ??= prepareShippedPage(db)).execute(page),
    async countPayable(): Promise<number> {
      const [row] = await db.select({ value: count() }).from(orderItems).where(payableItems());
      return row?.value ?? 0;
    },
  };
}
