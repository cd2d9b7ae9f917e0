import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { ArrowLeft, RefreshCw } from 'lucide-react';
import { STATUS_FILTER_OPTIONS, type ShipmentStats } from '@marketplace/domain/shipment-rules';
import { Button, buttonClasses } from '../../../components/button';
import { EmptyState, LoadError, LoadingState } from '../../../components/list-states';
import { PageHeader } from '../../../components/page-header';
import { Pagination } from '../../../components/pagination';
import { useListParams } from '../../../lib/use-list-params';
import { sessionUserId, useGetSellerShipmentsQuery, useGetShippableOrdersQuery } from '../api';
import { ReadyOrdersSection } from '../components/dashboard/ready-orders-section';
import { ShipmentCard, type ShipmentView } from '../components/dashboard/shipment-card';
import { ShipmentStatCards } from '../components/dashboard/shipment-stats';
import { ShipmentToolbar } from '../components/dashboard/shipment-toolbar';

/** Shipments per page: fills the 2- and 3-column grids, and keeps a phone's first load small. */
export const SHIPMENTS_PAGE_SIZE = 12;
/** The search box asks the server once typing pauses this long. */
export const SHIPMENT_SEARCH_DEBOUNCE_MS = 300;

const LIST_KEYS = ['q', 'status'] as const;
const NO_STATS: ShipmentStats = { total: 0, readyToShip: 0, inTransit: 0, pendingPickup: 0, delivered: 0 };

/**
 * /seller/shipments — the seller's shipments, a page at a time, and the orders ready to ship
 * (docs/product/shipping.md). Search, status filter and page live in the URL and are answered by the server; the
 * stat cards count all the seller's shipments (docs/decisions/0006).
 */
export function ShipmentDashboardPage() {
  const userId = sessionUserId();
  const { filters, page, setFilter, setPage } = useListParams(LIST_KEYS);
  const status = (STATUS_FILTER_OPTIONS as readonly string[]).includes(filters.status) ? filters.status : '';
  const [searchText, setSearchText] = useState(filters.q);
  const [appliedSearch, setAppliedSearch] = useState(filters.q);
  // Back/forward change the applied search: show it (unless it is what the box already says).
  if (filters.q !== appliedSearch) {
    setAppliedSearch(filters.q);
    if (filters.q !== searchText.trim()) setSearchText(filters.q);
  }
  useEffect(() => {
    const wanted = searchText.trim();
    if (wanted === filters.q) return undefined;
    const timer = window.setTimeout(() => setFilter('q', wanted), SHIPMENT_SEARCH_DEBOUNCE_MS);
    return () => window.clearTimeout(timer);
  }, [searchText, filters.q, setFilter]);

  const shipmentsQuery = useGetSellerShipmentsQuery(
    { userId, page, limit: SHIPMENTS_PAGE_SIZE, ...(status ? { status } : {}), ...(filters.q ? { q: filters.q } : {}) },
    { skip: userId === '' },
  );
  const ordersQuery = useGetShippableOrdersQuery();
  const [view, setView] = useState<ShipmentView>('grid');

  const data = shipmentsQuery.data;
  const shipments = data?.shipments ?? [];
  const pagination = data?.pagination;
  const isRefreshing = shipmentsQuery.isFetching || ordersQuery.isFetching;

  // A page past the end (the last shipment of the last page voided elsewhere, an old link): go to the last one.
  useEffect(() => {
    if (pagination && pagination.totalPages >= 1 && page > pagination.totalPages) setPage(pagination.totalPages);
  }, [pagination, page, setPage]);

  function refresh() {
    if (userId !== '') void shipmentsQuery.refetch();
    void ordersQuery.refetch();
  }

  return (
    <div className="space-y-6">
      <Link to="/seller/dashboard" className={buttonClasses({ variant: 'ghost', size: 'sm', className: '-ml-3' })}>
        <ArrowLeft className="size-4" aria-hidden />
        Back to Dashboard
      </Link>
      <PageHeader
        title="Shipment Dashboard"
        description="Every UPS shipment you have created, from label to delivery."
        actions={
          <Button variant="secondary" onClick={refresh} isBusy={isRefreshing}>
            {!isRefreshing && <RefreshCw className="size-4" aria-hidden />}
            Refresh
          </Button>
        }
      />

      <ShipmentStatCards stats={data?.stats ?? NO_STATS} />

      <section aria-labelledby="shipments-heading" aria-busy={shipmentsQuery.isFetching} className="space-y-4">
        <h2 id="shipments-heading" className="sr-only">
          Shipments
        </h2>
        <ShipmentToolbar
          query={searchText}
          onQueryChange={setSearchText}
          status={status}
          onStatusChange={(next) => setFilter('status', next)}
          view={view}
          onViewChange={setView}
        />
        {shipmentsQuery.isLoading && <LoadingState label="Loading shipments…" />}
        {shipmentsQuery.error && !data && (
          <LoadError
            title="Failed to fetch shipments"
            error={shipmentsQuery.error}
            onRetry={() => void shipmentsQuery.refetch()}
            isRetrying={shipmentsQuery.isFetching}
          />
        )}
        {data &&
          shipments.length === 0 &&
          // 'No Shipments Yet' only when the seller has none at all; otherwise the search or filter found nothing.
          (data.stats.total === 0 ? (
            <EmptyState title="No Shipments Yet">Create your first shipment to get started.</EmptyState>
          ) : (
            <EmptyState title="No Matching Shipments">Try adjusting your search or filter criteria.</EmptyState>
          ))}
        {shipments.length > 0 && (
          <ul aria-label="Shipments" className={view === 'grid' ? 'grid gap-4 sm:grid-cols-2 xl:grid-cols-3' : 'space-y-3'}>
            {shipments.map((shipment) => (
              <li key={shipment.id}>
                <ShipmentCard shipment={shipment} view={view} />
              </li>
            ))}
          </ul>
        )}
        {pagination && pagination.total > 0 && (
          <Pagination
            page={pagination.page}
            totalPages={pagination.totalPages}
            totalItems={pagination.total}
            pageSize={pagination.limit}
            onPageChange={setPage}
            label="Shipment pages"
          />
        )}
      </section>

      {/* Below the list: wait for it, so the list's arrival does not push this section down (layout shift). Its data is already loading (ordersQuery). */}
      {!shipmentsQuery.isLoading && <ReadyOrdersSection />}
    </div>
  );
}
