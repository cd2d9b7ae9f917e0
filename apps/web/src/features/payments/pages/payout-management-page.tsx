import { useEffect, useState } from 'react';
import { toast } from '../../../components/toast';
import type { PayoutStatus } from '@marketplace/contracts/payouts';
import { PageHeader } from '../../../components/page-header';
import { useListParams } from '../../../lib/use-list-params';
import { PayoutAnalyticsPanel, type PayoutDateRange } from '../components/payouts/payout-analytics-panel';
import type { ChartType } from '../components/payouts/payout-chart';
import { PayoutHistoryPanel, type HistoryView } from '../components/payouts/payout-history-panel';
import { PayoutSummaryCards } from '../components/payouts/payout-summary-cards';
import { useGetPayoutQuickStatsQuery, useGetPayoutStatsQuery, useListAdminPayoutsQuery, useListSellersQuery } from '../payouts-api';

/** docs/product/limits.md: payout history pages hold 10. */
const PAGE_SIZE = 10;
const HISTORY_FILTERS = ['seller', 'status'] as const;
const PAYOUTS_LOAD_TOAST = 'payouts-load-failed';

/** Phones start on cards: the history table, a column per figure of the payout, does not fit 390 px. */
function initialHistoryView(): HistoryView {
  return typeof window.matchMedia === 'function' && window.matchMedia('(max-width: 767px)').matches ? 'cards' : 'table';
}

/** docs/product/errors.md: sellers, stats and quick-stats failures are only logged; their panels show nothing or zeros. */
function useLogFailure(error: unknown, what: string) {
  useEffect(() => {
    if (error) console.error(`Failed to fetch ${what}`, error);
  }, [error, what]);
}

export function PayoutManagementPage() {
  // Analytics filters are a view setting; the history's filters and page live in the URL like every admin list.
  const [analyticsSellerId, setAnalyticsSellerId] = useState('');
  const [dateRange, setDateRange] = useState<PayoutDateRange>(30);
  const [chartType, setChartType] = useState<ChartType>('line');
  const [view, setView] = useState<HistoryView>(initialHistoryView);
  const { filters, page, hasFilters, setFilter, setPage, clearFilters } = useListParams(HISTORY_FILTERS);

  const sellersQuery = useListSellersQuery();
  const quickStatsQuery = useGetPayoutQuickStatsQuery({ sellerId: analyticsSellerId || undefined });
  const statsQuery = useGetPayoutStatsQuery({ dateRange, sellerId: analyticsSellerId || undefined });
  const payoutsQuery = useListAdminPayoutsQuery({
    page,
    limit: PAGE_SIZE,
    sellerId: filters.seller || undefined,
    status: (filters.status || undefined) as PayoutStatus | undefined,
  });

  useLogFailure(sellersQuery.error, 'sellers');
  useLogFailure(statsQuery.error, 'payout stats');
  useLogFailure(quickStatsQuery.error, 'payout quick stats');

  const payoutsError = payoutsQuery.error;
  useEffect(() => {
    // One toast per failure; the id keeps a retry that fails again from stacking a second one.
    if (payoutsError) toast.error('Failed to fetch payouts', { id: PAYOUTS_LOAD_TOAST });
  }, [payoutsError]);

  const sellers = sellersQuery.data ?? [];

  // Grid items grow to their content's width unless told otherwise (min-width: auto): min-w-0 keeps a long
  // seller name from widening the page past a 390 px phone; the names truncate instead.
  return (
    <div className="grid gap-6 [&>*]:min-w-0">
      <PageHeader title="Payout Management" description="Seller payouts sent through Stripe Connect." />

      <PayoutSummaryCards quickStats={quickStatsQuery.data} isLoading={quickStatsQuery.isLoading} />

      <PayoutAnalyticsPanel
        sellers={sellers}
        sellerId={analyticsSellerId}
        onSellerChange={setAnalyticsSellerId}
        dateRange={dateRange}
        onDateRangeChange={setDateRange}
        chartType={chartType}
        onChartTypeChange={setChartType}
        stats={statsQuery.isError ? undefined : statsQuery.data}
        isLoading={statsQuery.isLoading}
        isFetching={statsQuery.isFetching}
      />

      <PayoutHistoryPanel
        sellers={sellers}
        sellerId={filters.seller}
        status={filters.status}
        onFilterChange={setFilter}
        canReset={hasFilters || page > 1}
        onReset={clearFilters}
        view={view}
        onViewChange={setView}
        payouts={payoutsQuery.data?.payouts ?? []}
        pagination={payoutsQuery.data?.pagination}
        onPageChange={setPage}
        isLoading={payoutsQuery.isLoading}
        isFetching={payoutsQuery.isFetching}
        error={payoutsError}
        onRetry={() => void payoutsQuery.refetch()}
      />
    </div>
  );
}
