import type { OrdersByStatusResponse, SalesOverTimeResponse, TopProductsResponse } from '@marketplace/contracts/analytics';
import { centsToDollars, dollarsToCents } from '@marketplace/domain/money';
import { statusLabel as badgeStatusLabel } from '../../../components/status-badge';
import { formatDollars } from '../../../lib/format';
import { csvDollars, toCsv, type CsvCell } from './csv';

/** One column of a dataset: how it reads in the table (and phone cards) and in the CSV. */
export interface DatasetColumn<Row> {
  header: string;
  cell: (row: Row, index: number) => string;
  csv: (row: Row, index: number) => CsvCell;
  isNumeric?: boolean;
}

export type SalesRow = SalesOverTimeResponse['points'][number];
export type TopProductRow = TopProductsResponse['products'][number] & { rank: number };
export type StatusRow = OrdersByStatusResponse['statuses'][number];

const dayFormat = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' });
/** "2026-01-15" → "Jan 15, 2026" (the API's days are UTC dates). */
export const formatDay = (date: string) => dayFormat.format(new Date(`${date}T00:00:00Z`));
const shortDayFormat = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' });
export const formatShortDay = (date: string) => shortDayFormat.format(new Date(`${date}T00:00:00Z`));

/** "refunded" → "Refunded", "partially_refunded" → "Partially refunded" (the badges' label). */
export const statusLabel = (status: string) => badgeStatusLabel(status);

export const SALES_COLUMNS: DatasetColumn<SalesRow>[] = [
  { header: 'Date', cell: (row) => formatDay(row.date), csv: (row) => row.date },
  { header: 'Revenue', cell: (row) => formatDollars(row.revenue), csv: (row) => csvDollars(row.revenue), isNumeric: true },
  { header: 'Orders', cell: (row) => String(row.orders), csv: (row) => row.orders, isNumeric: true },
];

const variantsText = (row: TopProductRow) => row.variants.map((variant) => `${variant.label} × ${variant.units}`).join('; ');

export const TOP_PRODUCT_COLUMNS: DatasetColumn<TopProductRow>[] = [
  { header: 'Rank', cell: (row) => `#${row.rank}`, csv: (row) => row.rank, isNumeric: true },
  { header: 'Product', cell: (row) => row.title, csv: (row) => row.title },
  // A listing with variants: which of them sold ("Size: M × 3; Size: L × 1"), best first.
  { header: 'Variants', cell: (row) => variantsText(row) || '—', csv: (row) => variantsText(row) },
  { header: 'Seller', cell: (row) => row.seller.name, csv: (row) => row.seller.name },
  { header: 'Units', cell: (row) => String(row.units), csv: (row) => row.units, isNumeric: true },
  { header: 'Revenue', cell: (row) => formatDollars(row.revenue), csv: (row) => csvDollars(row.revenue), isNumeric: true },
  { header: 'Orders', cell: (row) => String(row.orders), csv: (row) => row.orders, isNumeric: true },
];

export const STATUS_COLUMNS: DatasetColumn<StatusRow>[] = [
  { header: 'Status', cell: (row) => statusLabel(row.status), csv: (row) => row.status },
  { header: 'Order items', cell: (row) => String(row.count), csv: (row) => row.count, isNumeric: true },
];

/** The CSV of exactly the rows on screen, with the same columns as the table. */
export function datasetCsv<Row>(columns: readonly DatasetColumn<Row>[], rows: readonly Row[]): string {
  return toCsv(
    columns.map((column) => column.header),
    rows.map((row, index) => columns.map((column) => column.csv(row, index))),
  );
}

/** Top products with their rank across pages (page 2 starts at #11). */
export function rankedProducts(data: TopProductsResponse): TopProductRow[] {
  const offset = (data.pagination.page - 1) * data.pagination.limit;
  return data.products.map((product, index) => ({ ...product, rank: offset + index + 1 }));
}

/** The 30 days grouped into weeks from the window's first day (the last group may be shorter), for the pie. */
export function revenueByWeek(points: readonly SalesRow[]): Array<{ name: string; revenue: number }> {
  const weeks: Array<{ name: string; revenue: number }> = [];
  for (let start = 0; start < points.length; start += 7) {
    const week = points.slice(start, start + 7);
    const first = week[0]!;
    const last = week[week.length - 1]!;
    const cents = week.reduce((total, point) => total + dollarsToCents(point.revenue), 0);
    weeks.push({ name: `${formatShortDay(first.date)} – ${formatShortDay(last.date)}`, revenue: centsToDollars(cents) });
  }
  return weeks;
}
