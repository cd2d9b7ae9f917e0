import { useEffect, useState, type ReactNode } from 'react';
import { ChartColumn, ChartLine, ChartPie, ChevronLeft, ChevronRight, Download, Table2 } from 'lucide-react';
import { ANALYTICS_DAY_RANGES, DEFAULT_ANALYTICS_DAYS, type AnalyticsDayRange } from '@marketplace/contracts/analytics';
import { Button } from '../../../components/button';
import { TextField } from '../../../components/field';
import { EmptyState, LoadError } from '../../../components/list-states';
import { SelectField } from '../../../components/select-field';
import { Spinner } from '../../../components/spinner';
import { formatDollars } from '../../../lib/format';
import { pluralise } from '../../../lib/plural';
import { useGetAnalyticsSummaryQuery, useGetOrdersByStatusQuery, useGetSalesOverTimeQuery, useGetTopProductsQuery } from '../api';
import { SalesChart, StatusChart, TopProductsChart, type ChartType } from './analytics-charts';
import { downloadCsv } from './csv';
import { DatasetTable } from './dataset-table';
import { SALES_COLUMNS, STATUS_COLUMNS, TOP_PRODUCT_COLUMNS, datasetCsv, formatDay, rankedProducts, statusLabel } from './datasets';
import { SummaryCards } from './summary-cards';

/** docs/product/limits.md ranges, labelled as on the payouts page. */
const DAY_RANGE_LABELS: Record<AnalyticsDayRange, { option: string; period: string }> = {
  7: { option: 'Last 7 days', period: '7 days' },
  30: { option: 'Last 30 days', period: '30 days' },
  90: { option: 'Last 3 months', period: '3 months' },
  365: { option: 'Last year', period: 'year' },
};
const DAY_RANGE_OPTIONS = ANALYTICS_DAY_RANGES.map((days) => ({ value: String(days), label: DAY_RANGE_LABELS[days].option }));
const isDayRange = (value: number): value is AnalyticsDayRange => (ANALYTICS_DAY_RANGES as readonly number[]).includes(value);

/** Text filters wait this long after the last keystroke before they load anything. */
export const FILTER_DEBOUNCE_MS = 300;

function useDebouncedValue(value: string, delay: number): string {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), delay);
    return () => clearTimeout(timer);
  }, [value, delay]);
  return debounced;
}

type ViewMode = 'chart' | 'table';

function Toggle<Value extends string>({
  label,
  value,
  options,
  onChange,
}: {
  label: string;
  value: Value;
  options: ReadonlyArray<{ value: Value; label: string; icon: ReactNode }>;
  onChange: (value: Value) => void;
}) {
  return (
    <div role="group" aria-label={label} className="inline-flex rounded-lg border border-slate-300 bg-white p-0.5 shadow-sm">
      {options.map((option) => (
        <button
          key={option.value}
          type="button"
          aria-pressed={option.value === value}
          onClick={() => onChange(option.value)}
          className={
            'inline-flex h-9 items-center gap-1.5 rounded-md px-3 text-sm font-medium transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 ' +
            (option.value === value ? 'bg-brand-700 text-white' : 'text-slate-700 hover:bg-slate-100')
          }
        >
          {option.icon}
          {option.label}
        </button>
      ))}
    </div>
  );
}

const VIEW_OPTIONS = [
  { value: 'chart', label: 'Chart', icon: <ChartLine className="size-4" aria-hidden /> },
  { value: 'table', label: 'Table', icon: <Table2 className="size-4" aria-hidden /> },
] as const satisfies ReadonlyArray<{ value: ViewMode; label: string; icon: ReactNode }>;

const CHART_OPTIONS = [
  { value: 'line', label: 'Line', icon: <ChartLine className="size-4" aria-hidden /> },
  { value: 'bar', label: 'Bar', icon: <ChartColumn className="size-4" aria-hidden /> },
  { value: 'pie', label: 'Pie', icon: <ChartPie className="size-4" aria-hidden /> },
] as const satisfies ReadonlyArray<{ value: ChartType; label: string; icon: ReactNode }>;

interface QueryState {
  isLoading: boolean;
  isFetching: boolean;
  error?: unknown;
  refetch: () => unknown;
}

/** One dataset's card: title, Download CSV, and its loading, error, empty or loaded state. */
function DatasetPanel({
  id,
  title,
  description,
  query,
  isEmpty,
  emptyText,
  onDownload,
  children,
}: {
  id: string;
  title: string;
  description: string;
  query: QueryState;
  isEmpty: boolean;
  emptyText: string;
  onDownload?: () => void;
  children: ReactNode;
}) {
  const headingId = `${id}-heading`;
  // The download is offered only when data is loaded, so it also says whether there is data to keep showing.
  const hasData = Boolean(onDownload);
  let body: ReactNode;
  if (query.isLoading) {
    body = (
      <div role="status" className="flex h-40 items-center justify-center gap-3 text-sm text-slate-600">
        <Spinner className="size-5 text-brand-700" /> Loading {title.toLowerCase()}…
      </div>
    );
  } else if (query.error && !hasData) {
    body = <LoadError title={`${title} could not be loaded`} error={query.error} onRetry={() => void query.refetch()} isRetrying={query.isFetching} />;
  } else if (isEmpty) {
    body = <EmptyState title={emptyText}>Try another page or clear the filters.</EmptyState>;
  } else {
    body = (
      <div className={`transition-opacity ${query.isFetching ? 'opacity-60' : ''}`} aria-busy={query.isFetching || undefined}>
        {children}
      </div>
    );
  }
  return (
    <section aria-labelledby={headingId} className="grid min-w-0 content-start gap-3 rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <h3 id={headingId} className="flex items-center gap-2 font-semibold text-slate-900">
            {title} {query.isFetching && !query.isLoading && <Spinner className="size-4 text-brand-700" />}
          </h3>
          <p className="text-sm text-slate-600">{description}</p>
        </div>
        <Button variant="secondary" size="sm" onClick={onDownload} disabled={!onDownload || isEmpty} aria-label={`Download CSV: ${title}`}>
          <Download className="size-4" aria-hidden /> Download CSV
        </Button>
      </div>
      {body}
    </section>
  );
}

/**
 * The analytics dashboard (docs/product/analytics.md): summary cards, then sales over time, top
 * products and orders by status as charts or tables. The three datasets load on first render and when
 * the page or either text filter changes; the summary loads on first render and when the seller filter
 * or the days range changes — RTK Query's arguments encode exactly that.
 */
export function AnalyticsDashboard({ showSellerFilter }: { showSellerFilter: boolean }) {
  const [sellerText, setSellerText] = useState('');
  const [categoryText, setCategoryText] = useState('');
  const [days, setDays] = useState<AnalyticsDayRange>(DEFAULT_ANALYTICS_DAYS);
  const [page, setPage] = useState(1);
  const [view, setView] = useState<ViewMode>('chart');
  const [chartType, setChartType] = useState<ChartType>('line');

  const seller = useDebouncedValue(showSellerFilter ? sellerText.trim() : '', FILTER_DEBOUNCE_MS);
  const category = useDebouncedValue(categoryText.trim(), FILTER_DEBOUNCE_MS);
  // A new filter starts over from the first page (in the same render, so it is one load, not two).
  const [filtersOfPage, setFiltersOfPage] = useState({ seller, category });
  if (filtersOfPage.seller !== seller || filtersOfPage.category !== category) {
    setFiltersOfPage({ seller, category });
    setPage(1);
  }

  const datasetArgs = { seller, category, page };
  const options = { refetchOnMountOrArgChange: true } as const;
  const sales = useGetSalesOverTimeQuery(datasetArgs, options);
  const topProducts = useGetTopProductsQuery(datasetArgs, options);
  const statuses = useGetOrdersByStatusQuery(datasetArgs, options);
  const summary = useGetAnalyticsSummaryQuery({ seller, days }, options);

  const period = DAY_RANGE_LABELS[days].period;
  const hasNextPage = Boolean(sales.data?.hasMore) || (topProducts.data ? topProducts.data.pagination.totalPages > page : false);
  const products = topProducts.data ? rankedProducts(topProducts.data) : [];
  const salesPoints = sales.data?.points ?? [];
  const statusRows = statuses.data?.statuses ?? [];
  const fileSuffix = `page-${page}.csv`;

  const salesSummary = sales.data
    ? `Revenue per day, ${formatDay(sales.data.from)} to ${formatDay(sales.data.to)}: ${formatDollars(sales.data.totals.revenue)} from ${pluralise(sales.data.totals.orders, 'order')}`
    : '';
  const productsSummary = `Top products by revenue: ${products.map((product) => `${product.title} ${formatDollars(product.revenue)}`).join(', ')}`;
  const statusSummary = `Order items by status: ${
    statusRows
      .filter((row) => row.count > 0)
      .map((row) => `${row.count} ${statusLabel(row.status).toLowerCase()}`)
      .join(', ') || 'none'
  }`;

  return (
    <section aria-labelledby="analytics-heading" className="grid gap-5">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h2 id="analytics-heading" className="text-lg font-semibold text-slate-900">
            Analytics
          </h2>
          <p className="text-sm text-slate-600">{showSellerFilter ? 'Sales across the marketplace.' : 'Your sales, products and order statuses.'}</p>
        </div>
        <div className="flex flex-wrap gap-2">
          <Toggle label="View" value={view} options={VIEW_OPTIONS} onChange={setView} />
          {view === 'chart' && <Toggle label="Chart type" value={chartType} options={CHART_OPTIONS} onChange={setChartType} />}
        </div>
      </div>

      <div className={`grid gap-3 sm:grid-cols-2 lg:items-end ${showSellerFilter ? 'lg:grid-cols-[1fr_1fr_1fr_auto]' : 'lg:grid-cols-[1fr_1fr_auto]'}`}>
        {showSellerFilter && (
          <TextField
            label="Seller"
            type="search"
            placeholder="Name or company"
            value={sellerText}
            onChange={(event) => setSellerText(event.target.value)}
            maxLength={100}
          />
        )}
        <TextField
          label="Category"
          type="search"
          placeholder="Name or slug"
          value={categoryText}
          onChange={(event) => setCategoryText(event.target.value)}
          maxLength={100}
        />
        <SelectField
          label="Date range"
          options={DAY_RANGE_OPTIONS}
          value={String(days)}
          onChange={(event) => {
            const value = Number(event.target.value);
            if (isDayRange(value)) setDays(value);
          }}
        />
        <nav aria-label="Analytics pages" className="flex items-center justify-between gap-2 sm:col-span-2 lg:col-span-1">
          <Button variant="secondary" size="sm" onClick={() => setPage((current) => Math.max(1, current - 1))} disabled={page <= 1}>
            <ChevronLeft className="size-4" aria-hidden /> Previous
          </Button>
          <span className="px-1 text-sm font-medium text-slate-700 tabular-nums" aria-live="polite">
            Page {page}
          </span>
          <Button variant="secondary" size="sm" onClick={() => setPage((current) => current + 1)} disabled={!hasNextPage}>
            Next <ChevronRight className="size-4" aria-hidden />
          </Button>
        </nav>
      </div>

      <div className="grid gap-2">
        <h3 className="text-sm font-medium text-slate-700">{DAY_RANGE_LABELS[days].option}</h3>
        {summary.isLoading ? (
          <div role="status" className="flex h-24 items-center justify-center gap-3 rounded-xl border border-slate-200 bg-white text-sm text-slate-600">
            <Spinner className="size-5 text-brand-700" /> Loading summary…
          </div>
        ) : summary.data ? (
          <div className={summary.isFetching ? 'opacity-60 transition-opacity' : 'transition-opacity'}>
            <SummaryCards summary={summary.data} rangeLabel={period} />
          </div>
        ) : (
          <LoadError title="Summary could not be loaded" error={summary.error} onRetry={() => void summary.refetch()} isRetrying={summary.isFetching} />
        )}
      </div>

      <DatasetPanel
        id="sales-over-time"
        title="Sales over time"
        description={
          sales.data
            ? `${formatDay(sales.data.from)} – ${formatDay(sales.data.to)} · ${formatDollars(sales.data.totals.revenue)} · ${pluralise(sales.data.totals.orders, 'order')}`
            : '30 days per page, newest first.'
        }
        query={sales}
        isEmpty={false}
        emptyText="No sales"
        onDownload={sales.data ? () => downloadCsv(`sales-over-time-${fileSuffix}`, datasetCsv(SALES_COLUMNS, salesPoints)) : undefined}
      >
        {view === 'chart' ? (
          sales.data && sales.data.totals.revenue === 0 ? (
            <EmptyState title="No sales in these 30 days">Try another page or clear the filters.</EmptyState>
          ) : (
            <figure className="grid gap-2">
              <SalesChart points={salesPoints} type={chartType} summary={salesSummary} />
              <figcaption className="text-sm text-slate-600">{chartType === 'pie' ? `${salesSummary}, shown by week` : salesSummary}</figcaption>
            </figure>
          )
        ) : (
          <DatasetTable caption="Sales per day" columns={SALES_COLUMNS} rows={salesPoints} rowKey={(row) => row.date} />
        )}
      </DatasetPanel>

      <div className="grid gap-5 xl:grid-cols-[3fr_2fr]">
        <DatasetPanel
          id="top-products"
          title="Top products"
          description={
            topProducts.data ? `${pluralise(topProducts.data.pagination.totalItems, 'product')} sold · 10 per page` : 'Best sellers by revenue, 10 per page.'
          }
          query={topProducts}
          isEmpty={Boolean(topProducts.data) && products.length === 0}
          emptyText="No products sold"
          onDownload={topProducts.data ? () => downloadCsv(`top-products-${fileSuffix}`, datasetCsv(TOP_PRODUCT_COLUMNS, products)) : undefined}
        >
          {view === 'chart' ? (
            <figure className="grid gap-2">
              <TopProductsChart products={products} type={chartType} summary={productsSummary} />
              <figcaption className="sr-only">{productsSummary}</figcaption>
            </figure>
          ) : (
            <DatasetTable caption="Top products" columns={TOP_PRODUCT_COLUMNS} rows={products} rowKey={(row) => row.productId} />
          )}
        </DatasetPanel>

        <DatasetPanel
          id="orders-by-status"
          title="Orders by status"
          description={statuses.data ? `${pluralise(statuses.data.total, 'order item')}` : 'Order items in each status.'}
          query={statuses}
          isEmpty={Boolean(statuses.data) && statuses.data?.total === 0}
          emptyText="No orders"
          onDownload={statuses.data ? () => downloadCsv(`orders-by-status-${fileSuffix}`, datasetCsv(STATUS_COLUMNS, statusRows)) : undefined}
        >
          {view === 'chart' ? (
            <figure className="grid gap-2">
              <StatusChart statuses={statusRows} type={chartType} summary={statusSummary} />
              <figcaption className="text-sm text-slate-600">
                {statusRows
                  .filter((row) => row.count > 0)
                  .map((row) => `${statusLabel(row.status)}: ${row.count}`)
                  .join(' · ')}
              </figcaption>
            </figure>
          ) : (
            <DatasetTable caption="Order items by status" columns={STATUS_COLUMNS} rows={statusRows} rowKey={(row) => row.status} />
          )}
        </DatasetPanel>
      </div>
    </section>
  );
}
