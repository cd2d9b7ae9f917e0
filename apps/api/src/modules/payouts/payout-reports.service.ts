import { percentageChange } from '@marketplace/domain/payout-ledger';
import type { Database } from '../../db/client';
import type { Clock } from '../../lib/clock';
import { createMicroCache } from '../../lib/micro-cache';
import {
  countCompleteAccounts,
  countPayouts,
  countPayoutsByStatus,
  createShippedOrdersReader,
  findPayoutsPage,
  findSellers,
  paidInTwoMonths,
  paidPerDay,
  topPaidSellers,
  type PaidTotals,
  type PayoutFilters,
  type SellerSummary,
  type ShippedOrderLine,
  type TopSeller,
} from './payout-reports.repository';
import { withSellers, type PayoutState, type PayoutWithSeller } from './payouts.repository';

// The admin's payout views (docs/product/payouts.md): sellers, the payout history, the payout stats and
// the shipped orders waiting to be paid. Amounts are cents here; the routes answer in dollars.

/** The admin's aggregates (payout stats, the shipped-orders total) are at most this old (lib/micro-cache.ts). */
const ADMIN_CACHE_MS = 5_000;
const SHIPPED_TOTAL_KEY = 'shipped-total';
const DAY_MS = 86_400_000;
const TOP_SELLERS = 5;

export interface MonthComparison {
  current: PaidTotals;
  previous: PaidTotals;
  /** Percent change from last month to this one; null when last month had nothing. */
  amountChange: number | null;
  countChange: number | null;
}

export interface PayoutStatsReport {
  /** One entry per day of the range (oldest first), paid payouts only; days without payouts are 0. */
  days: Array<{ date: string } & PaidTotals>;
  topSellers: TopSeller[];
  /** Payouts created in the range, by status, every status listed. */
  statusCounts: Array<{ status: PayoutState; count: number }>;
  months: MonthComparison;
  /** Sellers with a paid payout in the range. */
  activeSellers: number;
}

export interface QuickStatsReport {
  months: MonthComparison;
  /** Sellers with a complete payment account. */
  activeSellers: number;
}

export interface Page<T> {
  rows: T[];
  totalItems: number;
}

const PAYOUT_STATES: readonly PayoutState[] = ['paid', 'pending', 'failed'];

export function createPayoutReportsService(deps: {
  db: Database;
  clock: Clock;
  /** How long the admin's aggregates are kept (lib/micro-cache.ts); 0 = computed on every request. */
  adminCacheMs?: number;
  /** Tells the other instances that payouts changed, after this one dropped its stats (lib/cache-bus.ts). */
  announceStatsChange?: () => void;
}) {
  const { db, clock } = deps;
  const adminCacheMs = deps.adminCacheMs ?? ADMIN_CACHE_MS;
  // The stats answer per (day, range, seller), dropped whenever payouts are written; and the
  // shipped-orders total, which no payout write changes (only item status changes, elsewhere).
  const statsCache = createMicroCache<PayoutStatsReport>({ ttlMs: adminCacheMs, maxEntries: 500, clock });
  const shippedTotalCache = createMicroCache<number>({ ttlMs: adminCacheMs, maxEntries: 1, clock });
  const shippedOrders = createShippedOrdersReader(db);

  /** This month against last month (UTC), paid payouts. */
  async function monthComparison(sellerId: string | undefined, now = clock.now()): Promise<MonthComparison> {
    const months = {
      previousStart: new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 1)),
      currentStart: new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1)),
      nextStart: new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1)),
    };
    const { current, previous } = await paidInTwoMonths(db, months, sellerId);
    return {
      current,
      previous,
      amountChange: percentageChange(current.amountCents, previous.amountCents),
      countChange: percentageChange(current.count, previous.count),
    };
  }

  /**
   * The stats, from four statements run side by side: paid per day, the top sellers (with the number of
   * active sellers counted over the same groups), payouts by status, and the two months. Each reads one
   * index range (see the payouts indexes in payouts.schema.ts), never the whole table.
   */
  async function computePayoutStats(query: { dateRange: number; sellerId?: string | undefined }, now: Date): Promise<PayoutStatsReport> {
    const today = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
    const from = new Date(today.getTime() - (query.dateRange - 1) * DAY_MS);
    const to = new Date(today.getTime() + DAY_MS);
    const [daily, top, distribution, months] = await Promise.all([
      paidPerDay(db, from, to, query.sellerId),
      topPaidSellers(db, from, to, query.sellerId, TOP_SELLERS),
      countPayoutsByStatus(db, from, to, query.sellerId),
      monthComparison(query.sellerId, now),
    ]);
    const byDay = new Map(daily.map((row) => [row.date, row]));
    const counts = new Map(distribution.map((row) => [row.status, row.count]));
    return {
      days: Array.from({ length: query.dateRange }, (_, index) => {
        const date = new Date(from.getTime() + index * DAY_MS).toISOString().slice(0, 10);
        const entry = byDay.get(date);
        return { date, amountCents: entry?.amountCents ?? 0, count: entry?.count ?? 0 };
      }),
      topSellers: top.sellers,
      statusCounts: PAYOUT_STATES.map((status) => ({ status, count: counts.get(status) ?? 0 })),
      months,
      activeSellers: top.paidSellers,
    };
  }

  return {
    /** Payouts were written here: drop the stats and tell the other instances. */
    payoutsChanged(): void {
      statsCache.invalidate();
      deps.announceStatsChange?.();
    },

    /** Another instance wrote payouts: drop the stats this one keeps (lib/cache-bus.ts). */
    dropCachedStats(): void {
      statsCache.invalidate();
    },

    async listSellers(): Promise<SellerSummary[]> {
      return findSellers(db);
    },

    /** The payout history, newest first. */
    async listPayouts(query: { page: number; limit: number } & PayoutFilters): Promise<Page<PayoutWithSeller>> {
      const filters = { sellerId: query.sellerId, status: query.status };
      const totalItems = await countPayouts(db, filters);
      const rows = await findPayoutsPage(db, filters, { limit: query.limit, offset: (query.page - 1) * query.limit });
      return { rows: await withSellers(db, rows), totalItems };
    },

    async payoutStats(query: { dateRange: number; sellerId?: string | undefined }): Promise<PayoutStatsReport> {
      const now = clock.now();
      // Cached a few seconds (see lib/micro-cache.ts), keyed by the day too: the range ends today.
      const key = `${now.toISOString().slice(0, 10)}|${query.dateRange}|${query.sellerId ?? ''}`;
      return statsCache.getOrLoad(key, () => computePayoutStats(query, now));
    },

    async quickStats(query: { sellerId?: string | undefined }): Promise<QuickStatsReport> {
      const [months, activeSellers] = await Promise.all([monthComparison(query.sellerId), countCompleteAccounts(db, query.sellerId)]);
      return { months, activeSellers };
    },

    /** Shipped, delivered and partly refunded items, newest change first, with their payout state. */
    async shippedOrders(query: { page: number; limit: number }): Promise<Page<ShippedOrderLine>> {
      // The total is a count over every shipped or delivered item (~10 ms at 100,000 of them), so it is
      // kept a few seconds (lib/micro-cache.ts: one count at a time, the last one answered while the next
      // runs, so the admins' requests never all count at once when it expires). The rows are always
      // read fresh, and the total is exact whenever the page tells it: a page that is not full is the
      // last one (total = offset + rows), and a full page never shows fewer than offset + rows. Only the
      // total seen from a full page can lag a status change made elsewhere, by the cache's lifetime.
      const offset = (query.page - 1) * query.limit;
      const generation = shippedTotalCache.generation;
      const rows = await shippedOrders.findPage({ limit: query.limit, offset });
      let totalItems: number;
      if ((rows.length > 0 && rows.length < query.limit) || (rows.length === 0 && offset === 0)) {
        totalItems = offset + rows.length;
        shippedTotalCache.store(SHIPPED_TOTAL_KEY, totalItems, generation);
      } else {
        const known = await shippedTotalCache.getOrLoad(SHIPPED_TOTAL_KEY, shippedOrders.countPayable);
        // A full page: at least offset + rows exist. Past the last page: the known total, if it agrees.
        if (rows.length > 0) totalItems = Math.max(known, offset + rows.length);
        else totalItems = known <= offset ? known : await shippedOrders.countPayable();
      }
      return { rows, totalItems };
    },
  };
}

export type PayoutReportsService = ReturnType<typeof createPayoutReportsService>;
