import { useMemo, useState } from 'react';
import { Link } from 'react-router';
import { ArrowLeft, RefreshCw } from 'lucide-react';
import { countShipmentsForStats, matchesShipmentSearch } from '@marketplace/domain/shipment-rules';
import { Button, buttonClasses } from '../../../components/button';
import { EmptyState, LoadError, LoadingState } from '../../../components/list-states';
import { PageHeader } from '../../../components/page-header';
import { sessionUserId, useGetSellerShipmentsQuery, useGetShippableOrdersQuery } from '../api';
import { ReadyOrdersSection } from '../components/dashboard/ready-orders-section';
import { ShipmentCard, type ShipmentView } from '../components/dashboard/shipment-card';
import { ShipmentStatCards } from '../components/dashboard/shipment-stats';
import { ShipmentToolbar } from '../components/dashboard/shipment-toolbar';

/** /seller/shipments — every shipment the seller has created, and the orders ready to ship (SPEC §2.7). */
export function ShipmentDashboardPage() {
  const userId = sessionUserId();
  const shipmentsQuery = useGetSellerShipmentsQuery(userId, { skip: userId === '' });
  const ordersQuery = useGetShippableOrdersQuery();
  const [query, setQuery] = useState('');
  const [status, setStatus] = useState('');
  const [view, setView] = useState<ShipmentView>('grid');

  const shipments = useMemo(() => shipmentsQuery.data ?? [], [shipmentsQuery.data]);
  const stats = useMemo(
    () => countShipmentsForStats(shipments.map((shipment) => ({ status: shipment.status, pickupRequestNumber: shipment.pickup_request_number }))),
    [shipments],
  );
  const visible = shipments.filter(
    (shipment) => (status === '' || shipment.status === status) && matchesShipmentSearch({ id: shipment.id, trackingNumber: shipment.tracking_number ?? shipment.trackingNumber }, query),
  );
  const isFiltering = status !== '' || query.trim() !== '';
  const isRefreshing = shipmentsQuery.isFetching || ordersQuery.isFetching;

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

      <ShipmentStatCards stats={stats} />

      <section aria-labelledby="shipments-heading" className="space-y-4">
        <h2 id="shipments-heading" className="sr-only">
          Shipments
        </h2>
        <ShipmentToolbar query={query} onQueryChange={setQuery} status={status} onStatusChange={setStatus} view={view} onViewChange={setView} />
        {shipmentsQuery.isLoading && <LoadingState label="Loading shipments…" />}
        {shipmentsQuery.error && !shipmentsQuery.data && (
          <LoadError title="Failed to fetch shipments" error={shipmentsQuery.error} onRetry={() => void shipmentsQuery.refetch()} isRetrying={shipmentsQuery.isFetching} />
        )}
        {shipmentsQuery.data &&
          visible.length === 0 &&
          (isFiltering ? (
            <EmptyState title="No Matching Shipments">Try adjusting your search or filter criteria.</EmptyState>
          ) : (
            <EmptyState title="No Shipments Yet">Create your first shipment to get started.</EmptyState>
          ))}
        {visible.length > 0 && (
          <ul aria-label="Shipments" className={view === 'grid' ? 'grid gap-4 sm:grid-cols-2 xl:grid-cols-3' : 'space-y-3'}>
            {visible.map((shipment) => (
              <li key={shipment.id}>
                <ShipmentCard shipment={shipment} view={view} />
              </li>
            ))}
          </ul>
        )}
      </section>

      {/* Below the list: wait for it, so the list's arrival does not push this section down (layout shift). Its data is already loading (ordersQuery). */}
      {!shipmentsQuery.isLoading && <ReadyOrdersSection />}
    </div>
  );
}
