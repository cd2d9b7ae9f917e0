import { z } from 'zod';
import { pageNumberSchema } from './common';
import { orderItemStatusSchema } from './orders';
import { paginationSchema } from './users';

// The analytics dashboard (docs/product/analytics.md, limits.md). Admins see the whole marketplace and may
// filter by seller; a seller always sees only their own sales (the seller filter is ignored).
// Revenue is price × quantity of the items not rejected, cancelled or refunded, in dollars.

/** docs/product/limits.md: the days-range options; 30 is the default. */
export const ANALYTICS_DAY_RANGES = [7, 30, 90, 365] as const;
export type AnalyticsDayRange = (typeof ANALYTICS_DAY_RANGES)[number];
export const DEFAULT_ANALYTICS_DAYS: AnalyticsDayRange = 30;
/** Sales over time shows one 30-day window per page: page 1 is the most recent 30 days. */
export const SALES_WINDOW_DAYS = 30;
export const TOP_PRODUCTS_PAGE_SIZE = 10;
export const MAX_ANALYTICS_PAGE = 1000;
export const MAX_FILTER_LENGTH = 100;

const emptyAsUndefined = (value: unknown) => (typeof value === 'string' && value.trim() === '' ? undefined : value);
const filterText = (name: string) =>
  z.preprocess(emptyAsUndefined, z.string().trim().max(MAX_FILTER_LENGTH, `${name} filter must be at most ${MAX_FILTER_LENGTH} characters`).optional());

const pageSchema = pageNumberSchema(MAX_ANALYTICS_PAGE);

/**
 * The three datasets' query: `seller` matches the seller's name or company, `category` the category's
 * name or slug (case-insensitive substrings; both optional).
 */
export const analyticsDatasetQuerySchema = z.object({
  seller: filterText('Seller'),
  category: filterText('Category'),
  page: pageSchema,
});
export type AnalyticsDatasetQuery = z.input<typeof analyticsDatasetQuerySchema>;

export const analyticsSummaryQuerySchema = z.object({
  seller: filterText('Seller'),
  days: z.coerce
    .number({ error: 'Days must be a number' })
    .refine((days): days is AnalyticsDayRange => (ANALYTICS_DAY_RANGES as readonly number[]).includes(days), {
      error: `Days must be one of ${ANALYTICS_DAY_RANGES.join(', ')}`,
    })
    .default(DEFAULT_ANALYTICS_DAYS),
});
export type AnalyticsSummaryQuery = z.input<typeof analyticsSummaryQuerySchema>;

/** GET /api/analytics/sales-over-time: one point per UTC day of the page's 30-day window, oldest first. */
export const salesPointSchema = z.object({
  date: z.string(),
  revenue: z.number(),
  /** Orders with at least one counted item created that day. */
  orders: z.number(),
});
export type SalesPoint = z.infer<typeof salesPointSchema>;

export const salesOverTimeResponseSchema = z.object({
  page: z.number(),
  /** First and last day of the window (YYYY-MM-DD, inclusive). */
  from: z.string(),
  to: z.string(),
  points: z.array(salesPointSchema),
  totals: z.object({ revenue: z.number(), orders: z.number() }),
  /** Whether any matching sale is older than this window (so the next page has something). */
  hasMore: z.boolean(),
});
export type SalesOverTimeResponse = z.infer<typeof salesOverTimeResponseSchema>;

/** GET /api/analytics/top-products: best sellers by revenue, 10 per page. */
export const topProductSchema = z.object({
  productId: z.string(),
  title: z.string(),
  seller: z.object({ id: z.string(), name: z.string() }),
  units: z.number(),
  revenue: z.number(),
  orders: z.number(),
  /** For a listing with variants: the units and revenue of each variant sold, by label, best first ([] without; decision 0043). */
  variants: z.array(z.object({ label: z.string(), units: z.number(), revenue: z.number() })),
});
export type TopProduct = z.infer<typeof topProductSchema>;

export const topProductsResponseSchema = z.object({ products: z.array(topProductSchema), pagination: paginationSchema });
export type TopProductsResponse = z.infer<typeof topProductsResponseSchema>;

/** GET /api/analytics/orders-by-status: order items per status (every status, zeros included). */
export const statusCountSchema = z.object({ status: orderItemStatusSchema, count: z.number() });
export type StatusCount = z.infer<typeof statusCountSchema>;

export const ordersByStatusResponseSchema = z.object({ page: z.number(), statuses: z.array(statusCountSchema), total: z.number() });
export type OrdersByStatusResponse = z.infer<typeof ordersByStatusResponseSchema>;

/** GET /api/analytics/summary: totals for the last `days` days and the change against the `days` before. */
export const summaryFiguresSchema = z.object({
  revenue: z.number(),
  orders: z.number(),
  itemsSold: z.number(),
  averageOrderValue: z.number(),
});
export type SummaryFigures = z.infer<typeof summaryFiguresSchema>;

/** Percent change, 1 decimal; null when the previous period had nothing to compare with. */
const changeSchema = z.number().nullable();

export const analyticsSummaryResponseSchema = z.object({
  days: z.number(),
  from: z.string(),
  to: z.string(),
  current: summaryFiguresSchema,
  previous: summaryFiguresSchema,
  change: z.object({ revenue: changeSchema, orders: changeSchema, itemsSold: changeSchema, averageOrderValue: changeSchema }),
});
export type AnalyticsSummaryResponse = z.infer<typeof analyticsSummaryResponseSchema>;
