import { DISPUTE_STATUSES, DISPUTE_STATUS_LABELS } from '@marketplace/contracts/disputes';
import { Button } from '../../../components/button';
import { ListResult } from '../../../components/list-result';
import { Pagination } from '../../../components/pagination';
import { SelectField } from '../../../components/select-field';
import { useListParams } from '../../../lib/use-list-params';
import { useListDisputesQuery, type DisputeFilter } from '../api';
import { DisputesList, type DisputeParties } from './disputes-list';

const PAGE_SIZE = 10;
const FILTER_KEYS = ['status'] as const;
const FILTERS: readonly string[] = [...DISPUTE_STATUSES, 'active', 'resolved'];
const STATUS_OPTIONS = [
  { value: '', label: 'All' },
  { value: 'active', label: 'Active (not resolved)' },
  ...DISPUTE_STATUSES.map((status) => ({ value: status, label: DISPUTE_STATUS_LABELS[status] })),
  { value: 'resolved', label: 'All resolved' },
];

interface DisputesListSectionProps {
  casePath: (id: string) => string;
  parties: DisputeParties;
  /** Shown when there are no disputes at all (no filter). */
  emptyText: string;
}

/** The status filter, the page of disputes and paging, all kept in the URL. */
export function DisputesListSection({ casePath, parties, emptyText }: DisputesListSectionProps) {
  const { filters, page, hasFilters, setFilter, setPage, clearFilters } = useListParams(FILTER_KEYS);
  // An unknown ?status= from an old link lists everything rather than failing.
  const status = FILTERS.includes(filters.status) ? (filters.status as DisputeFilter) : undefined;
  const { data, error, isLoading, isFetching, refetch } = useListDisputesQuery({ status, page, limit: PAGE_SIZE });
  const disputes = data?.disputes ?? [];

  return (
    <section aria-label="Dispute list" className="grid gap-4">
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
        noun="disputes"
        isLoading={isLoading}
        isFetching={isFetching}
        error={error}
        hasData={Boolean(data)}
        isEmpty={disputes.length === 0}
        onRetry={() => void refetch()}
        emptyText={hasFilters ? 'No dispute has this status. Choose another status or clear the filter.' : emptyText}
      >
        <DisputesList disputes={disputes} casePath={casePath} parties={parties} />
        {data && (
          <Pagination
            label="Disputes pages"
            page={data.pagination.page}
            totalPages={data.pagination.totalPages}
            totalItems={data.pagination.totalItems}
            pageSize={data.pagination.limit}
            onPageChange={setPage}
          />
        )}
      </ListResult>
    </section>
  );
}
