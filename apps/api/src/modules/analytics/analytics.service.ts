import { ORDER_ITEM_STATUSES } from '@marketplace/contracts/orders';
import {
  SALES_WINDOW_DAYS,
  TOP_PRODUCTS_PAGE_SIZE,
  type AnalyticsSummaryResponse,
  type OrdersByStatusResponse,
  type SalesOverTimeResponse,
  type SummaryFigures,
  type TopProductsResponse,
} from '@marketplace/contracts/analytics';
import { centsToDollars } from '@marketplace/domain/money';
import { averageOrderCents as averageOrderCentsOf, percentChange } from '@marketplace/domain/sales-summary';
import type { Database } from '../../db/client';
import type { Clock } from '../../lib/clock';
import {
  countItemsByStatus,
  findDailySales,
  findTopProducts,
  findTopProductVariants,
  hasSalesBefore,
  sumSales,
  type AnalyticsScope,
} from './analytics.repository';

const DAY_MS = 24 * 60 * 60 * 1000;

/** Who is asking: a seller only ever sees their own items; an admin may narrow by seller name. */
export interface AnalyticsViewer {
  id: string;
  role: 'admin' | 'seller';
}

export interface AnalyticsFilters {
  seller?: string;
  category?: string;
}

export interface AnalyticsService {
  salesOverTime(viewer: AnalyticsViewer, query: AnalyticsFilters & { page: number }): Promise<SalesOverTimeResponse>;
  topProducts(viewer: AnalyticsViewer, query: AnalyticsFilters & { page: number }): Promise<TopProductsResponse>;
  ordersByStatus(viewer: AnalyticsViewer, query: AnalyticsFilters & { page: number }): Promise<OrdersByStatusResponse>;
  summary(viewer: AnalyticsViewer, query: { seller?: string; days: number }): Promise<AnalyticsSummaryResponse>;
}

function scopeFor(viewer: AnalyticsViewer, filters: AnalyticsFilters): AnalyticsScope {
  // A seller's seller filter is ignored: their own id is the only scope they get.
  const seller = viewer.role === 'seller' ? { sellerId: viewer.id } : { sellerText: filters.seller };
  return { ...seller, categoryText: filters.category };
}

const isoDay = (date: Date) => date.toISOString().slice(0, 10);

function figures(totals: { revenueCents: number; orders: number; units: number }): SummaryFigures & { averageOrderCents: number } {
  const averageOrderCents = averageOrderCentsOf(totals.revenueCents, totals.orders);
  return {
    revenue: centsToDollars(totals.revenueCents),
    orders: totals.orders,
    itemsSold: totals.units,
    averageOrderValue: centsToDollars(averageOrderCents),
    averageOrderCents,
  };
}

export function createAnalyticsService({ db, clock }: { db: Database; clock: Clock }): AnalyticsService {
  /** The start of tomorrow (UTC): every window ends there, so today is always in page 1. */
  const endOfToday = () => {
    const now = clock.now();
    return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()) + DAY_MS);
  };

  return {
    async salesOverTime(viewer, query) {
      const scope = scopeFor(viewer, query);
      const to = new Date(endOfToday().getTime() - (query.page - 1) * SALES_WINDOW_DAYS * DAY_MS);
      const from = new Date(to.getTime() - SALES_WINDOW_DAYS * DAY_MS);
      const [daily, hasMore] = await Promise.all([findDailySales(db, scope, from, to), hasSalesBefore(db, scope, from)]);
      const byDay = new Map(daily.map((row) => [row.day, row]));
      const days = Array.from({ length: SALES_WINDOW_DAYS }, (_, index) => isoDay(new Date(from.getTime() + index * DAY_MS)));
      const points = days.map((date) => ({ date, revenue: centsToDollars(byDay.get(date)?.revenueCents ?? 0), orders: byDay.get(date)?.orders ?? 0 }));
      return {
        page: query.page,
        from: days[0]!,
        to: days[days.length - 1]!,
        points,
        totals: {
          revenue: centsToDollars(daily.reduce((total, row) => total + row.revenueCents, 0)),
          // An item (so its order) has one creation day: the days' distinct counts add up.
          orders: daily.reduce((total, row) => total + row.orders, 0),
        },
        hasMore,
      };
    },

    async topProducts(viewer, query) {
      const scope = scopeFor(viewer, query);
      const { rows, total } = await findTopProducts(db, scope, query.page, TOP_PRODUCTS_PAGE_SIZE);
      const variants = await findTopProductVariants(
        db,
        scope,
        rows.map((row) => row.productId),
      );
      return {
        products: rows.map((row) => ({
          productId: row.productId,
          title: row.title,
          seller: { id: row.sellerId, name: row.sellerName },
          units: row.units,
          revenue: centsToDollars(row.revenueCents),
          orders: row.orders,
          variants: variants
            .filter((variant) => variant.productId === row.productId)
            .map((variant) => ({ label: variant.label, units: variant.units, revenue: centsToDollars(variant.revenueCents) })),
        })),
        pagination: { page: query.page, limit: TOP_PRODUCTS_PAGE_SIZE, totalPages: Math.ceil(total / TOP_PRODUCTS_PAGE_SIZE), totalItems: total },
      };
    },

    async ordersByStatus(viewer, query) {
      const rows = await countItemsByStatus(db, scopeFor(viewer, query));
      const counts = new Map(rows.map((row) => [row.status, row.count]));
      const statuses = ORDER_ITEM_STATUSES.map((status) => ({ status, count: counts.get(status) ?? 0 }));
      return { page: query.page, statuses, total: statuses.reduce((sum, entry) => sum + entry.count, 0) };
    },

    async summary(viewer, query) {
      const scope = scopeFor(viewer, { seller: query.seller });
      const to = endOfToday();
      const from = new Date(to.getTime() - query.days * DAY_MS);
      const previousFrom = new Date(from.getTime() - query.days * DAY_MS);
      const [currentTotals, previousTotals] = await Promise.all([sumSales(db, scope, from, to), sumSales(db, scope, previousFrom, from)]);
      const { averageOrderCents: currentAverage, ...current } = figures(currentTotals);
      const { averageOrderCents: previousAverage, ...previous } = figures(previousTotals);
      return {
        days: query.days,
        from: isoDay(from),
        to: isoDay(new Date(to.getTime() - DAY_MS)),
        current,
        previous,
        change: {
          revenue: percentChange(currentTotals.revenueCents, previousTotals.revenueCents),
          orders: percentChange(currentTotals.orders, previousTotals.orders),
          itemsSold: percentChange(currentTotals.units, previousTotals.units),
          averageOrderValue: percentChange(currentAverage, previousAverage),
        },
      };
    },
  };
}
