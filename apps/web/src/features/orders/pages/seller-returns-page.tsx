import { RETURN_STATUSES, RETURN_STATUS_LABELS, type ReturnsFilter } from '@marketplace/contracts/returns';
import { Button } from '../../../components/button';
import { ListResult } from '../../../components/list-result';
import { PageHeader } from '../../../components/page-header';
import { Pagination } from '../../../components/pagination';
import { SelectField } from '../../../components/select-field';
import { useListParams } from '../../../lib/use-list-params';
import { SellerReturnCard } from '../components/seller-return-card';
import { useGetReturnSimulationStatusesQuery, useListReturnsQuery } from '../returns-api';

// /seller/returns (decision 0010): the returns buyers asked for, those waiting for an answer first.

const PAGE_SIZE = 10;
const FILTER_KEYS = ['status'] as const;
const FILTERS: readonly string[] = [...RETURN_STATUSES, 'open', 'closed'];
const STATUS_OPTIONS = [
  { value: '', label: 'All' },
  { value: 'open', label: 'In progress' },
  ...RETURN_STATUSES.map((status) => ({ value: status, label: RETURN_STATUS_LABELS[status] })),
  { value: 'closed', label: 'All closed' },
];

export function SellerReturnsPage() {
  const { filters, page, hasFilters, setFilter, setPage, clearFilters } = useListParams(FILTER_KEYS);
  // An unknown ?status= from an old link lists everything rather than failing.
  const status = FILTERS.includes(filters.status) ? (filters.status as ReturnsFilter) : undefined;
  const { data, error, isLoading, isFetching, refetch } = useListReturnsQuery({ status, page, limit: PAGE_SIZE });
  // Development only (the API answers 404 in production, which hides the control).
  const simulation = useGetReturnSimulationStatusesQuery();
  const returns = data?.returns ?? [];

  return (
    <div className="grid gap-6">
      <PageHeader
        title="Returns"
        description="Items buyers want to send back: accept (a UPS return label is created for them) or refuse, follow the parcel back to you, then check the item and confirm to refund the buyer."
      />
      <section aria-label="Return list" className="grid gap-4">
        <div className="flex flex-wrap items-end gap-3">
          <SelectField
            className="w-full sm:w-64"
            label="Status"
            options={STATUS_OPTIONS}
            value={status ?? ''}
            onChange={(event) => setFilter('status', event.target.value)}
          />
          {hasFilters && (
            <Button variant="ghost" onClick={clearFilters}>
              Clear filter
            </Button>
          )}
        </div>
        <ListResult
          noun="returns"
          isLoading={isLoading}
          isFetching={isFetching}
          error={error}
          hasData={Boolean(data)}
          isEmpty={returns.length === 0}
          onRetry={() => void refetch()}
          emptyText={hasFilters ? 'No return has this status. Choose another status or clear the filter.' : 'No buyer has asked to return one of your items.'}
        >
          <ul className="grid gap-4">
            {returns.map((returnRequest) => (
              <SellerReturnCard key={returnRequest.id} returnRequest={returnRequest} simulationStatuses={simulation.data} />
            ))}
          </ul>
          {data && (
            <Pagination
              label="Returns pages"
              page={data.pagination.page}
              totalPages={data.pagination.totalPages}
              totalItems={data.pagination.totalItems}
              pageSize={data.pagination.limit}
              onPageChange={setPage}
            />
          )}
        </ListResult>
      </section>
    </div>
  );
}
