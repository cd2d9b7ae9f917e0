import { ChartColumn, ChartLine, ChartPie } from 'lucide-react';
import { PAYOUT_DATE_RANGES, type PayoutStats, type SellerListEntry } from '@marketplace/contracts/payouts';
import { SelectField } from '../../../../components/select-field';
import { Spinner } from '../../../../components/spinner';
import { PayoutChart, type ChartType } from './payout-chart';
import { SellerSelect } from './seller-select';
import { ToggleGroup, type ToggleOption } from './toggle-group';
import { TopSellersList } from './top-sellers-list';

export type PayoutDateRange = (typeof PAYOUT_DATE_RANGES)[number];

/** docs/product/payouts.md: the date-range labels. */
export const DATE_RANGE_LABELS: Record<PayoutDateRange, string> = {
  7: 'Last 7 days',
  30: 'Last 30 days',
  90: 'Last 3 months',
  365: 'Last year',
};
const DATE_RANGE_OPTIONS = PAYOUT_DATE_RANGES.map((days) => ({ value: String(days), label: DATE_RANGE_LABELS[days] }));

const CHART_TYPE_OPTIONS: readonly ToggleOption<ChartType>[] = [
  { value: 'line', label: 'Line', icon: <ChartLine className="size-4" aria-hidden /> },
  { value: 'bar', label: 'Bar', icon: <ChartColumn className="size-4" aria-hidden /> },
  { value: 'pie', label: 'Pie', icon: <ChartPie className="size-4" aria-hidden /> },
];

/** When stats fail to load the panel shows nothing drawn, only zeros (docs/product/errors.md only logs that failure). */
const NO_STATS: PayoutStats = {
  time_series: [],
  top_sellers: [],
  status_distribution: [],
  this_month: { amount: 0, count: 0 },
  last_month: { amount: 0, count: 0 },
  percentage_changes: { amount_change: null, count_change: null },
  active_sellers: 0,
};

function isDateRange(value: number): value is PayoutDateRange {
  return (PAYOUT_DATE_RANGES as readonly number[]).includes(value);
}

interface PayoutAnalyticsPanelProps {
  sellers: readonly SellerListEntry[];
  sellerId: string;
  onSellerChange: (sellerId: string) => void;
  dateRange: PayoutDateRange;
  onDateRangeChange: (dateRange: PayoutDateRange) => void;
  chartType: ChartType;
  onChartTypeChange: (chartType: ChartType) => void;
  stats: PayoutStats | undefined;
  isLoading: boolean;
  isFetching: boolean;
}

export function PayoutAnalyticsPanel({
  sellers,
  sellerId,
  onSellerChange,
  dateRange,
  onDateRangeChange,
  chartType,
  onChartTypeChange,
  stats,
  isLoading,
  isFetching,
}: PayoutAnalyticsPanelProps) {
  return (
    <section aria-labelledby="payout-analytics-heading" className="grid gap-4 rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5">
      <div className="flex items-center gap-2">
        <h2 id="payout-analytics-heading" className="text-lg font-semibold text-slate-900">
          Payout Analytics
        </h2>
        {isFetching && <Spinner className="size-4 text-brand-700" />}
      </div>

      <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-[minmax(0,1fr)_minmax(0,1fr)_auto] lg:items-end">
        <SellerSelect sellers={sellers} value={sellerId} onChange={onSellerChange} />
        <SelectField
          label="Date range"
          options={DATE_RANGE_OPTIONS}
          value={String(dateRange)}
          onChange={(event) => {
            const days = Number(event.target.value);
            if (isDateRange(days)) onDateRangeChange(days);
          }}
        />
        <div className="sm:col-span-2 lg:col-span-1">
          <ToggleGroup label="Chart type" options={CHART_TYPE_OPTIONS} value={chartType} onChange={onChartTypeChange} />
        </div>
      </div>

      {isLoading ? (
        <div role="status" className="flex h-72 items-center justify-center gap-3 text-sm text-slate-600">
          <Spinner className="size-5 text-brand-700" />
          Loading payout analytics…
        </div>
      ) : (
        <div className={`grid gap-6 transition-opacity lg:grid-cols-[minmax(0,2fr)_minmax(0,1fr)] [&>*]:min-w-0 ${isFetching ? 'opacity-60' : ''}`}>
          <PayoutChart stats={stats ?? NO_STATS} type={chartType} dateRangeLabel={DATE_RANGE_LABELS[dateRange]} />
          <TopSellersList sellers={(stats ?? NO_STATS).top_sellers} />
        </div>
      )}
    </section>
  );
}
