import { useState } from 'react';
import { Package, RefreshCw } from 'lucide-react';
import type { ShippedOrderItem } from '@marketplace/contracts/payouts';
import { Alert } from '../../../components/alert';
import { Button } from '../../../components/button';
import { EmptyState, LoadingState } from '../../../components/list-states';
import { PageHeader } from '../../../components/page-header';
import { Pagination } from '../../../components/pagination';
import { SelectField } from '../../../components/select-field';
import { apiErrorMessage } from '../../../lib/api-error';
import { useListParams } from '../../../lib/use-list-params';
import { OrderDetailsModal } from '../components/shipped-orders/order-details-modal';
import { ProcessPayoutModal } from '../components/shipped-orders/process-payout-modal';
import { ShippedOrdersList } from '../components/shipped-orders/shipped-orders-list';
import { useListShippedOrdersQuery } from '../shipped-orders-api';

/** docs/product/limits.md: page size options, default 10. */
const PAGE_SIZES = [10, 25, 50, 100] as const;
const DEFAULT_PAGE_SIZE = 10;
const PAGE_SIZE_OPTIONS = PAGE_SIZES.map((size) => ({ value: String(size), label: String(size) }));
const LIST_KEYS = ['limit'] as const;

function readPageSize(value: string): number {
  const size = Number(value);
  return (PAGE_SIZES as readonly number[]).includes(size) ? size : DEFAULT_PAGE_SIZE;
}

type OpenModal = { kind: 'details' | 'payout'; item: ShippedOrderItem } | null;

export function ShippedOrdersPage() {
  // Page and size live in the URL so a reload or the back button keeps the admin's place.
  const { filters, page, setFilter, setPage } = useListParams(LIST_KEYS);
  const limit = readPageSize(filters.limit);
  // While another page loads, the previous one stays on screen, dimmed (as ListResult does).
  const { data, error, isLoading, isFetching, refetch } = useListShippedOrdersQuery({ page, limit });
  const [openModal, setOpenModal] = useState<OpenModal>(null);

  const items = data?.data.orderItems ?? [];
  const pagination = data?.data.pagination;

  let content;
  if (error) {
    content = (
      <Alert
        tone="error"
        action={
          <Button variant="secondary" size="sm" onClick={() => void refetch()} isBusy={isFetching}>
            Try Again
          </Button>
        }
      >
        {apiErrorMessage(error, 'Failed to fetch shipped orders')}
      </Alert>
    );
  } else if (isLoading || !data) {
    content = <LoadingState label="Loading shipped orders…" />;
  } else if (items.length === 0) {
    content = <EmptyState title="No Shipped orders found">Items appear here once their sellers ship them.</EmptyState>;
  } else {
    content = (
      <div className={`grid gap-4 transition-opacity ${isFetching ? 'opacity-60' : ''}`} aria-busy={isFetching || undefined}>
        <ShippedOrdersList
          items={items}
          firstRowNumber={((pagination?.page ?? page) - 1) * (pagination?.limit ?? limit) + 1}
          onViewDetails={(item) => setOpenModal({ kind: 'details', item })}
          onProcessPayout={(item) => setOpenModal({ kind: 'payout', item })}
        />
        {pagination && (
          <Pagination
            label="Shipped orders pages"
            page={pagination.page}
            totalPages={pagination.totalPages}
            totalItems={pagination.totalItems}
            pageSize={pagination.limit}
            onPageChange={setPage}
          />
        )}
      </div>
    );
  }

  return (
    <div className="grid gap-6">
      <PageHeader
        title="Shipped Orders"
        description="Shipped order items, and whether each seller has been paid."
        actions={
          <Button variant="secondary" onClick={() => void refetch()} isBusy={isFetching && !isLoading} busyLabel="Refreshing…">
            <RefreshCw className="size-4" aria-hidden />
            Refresh
          </Button>
        }
      />

      <div className="flex items-end justify-between gap-3">
        <div className="flex min-w-0 items-center gap-3 rounded-xl border border-slate-200 bg-white px-4 py-3 shadow-sm">
          <span className="grid size-10 place-items-center rounded-lg bg-brand-50 text-brand-700">
            <Package className="size-5" aria-hidden />
          </span>
          <dl>
            <dt className="text-sm text-slate-500">Total Shipped Orders</dt>
            <dd className="text-2xl font-semibold text-slate-900 tabular-nums">{pagination ? pagination.totalItems : '—'}</dd>
          </dl>
        </div>
        <SelectField
          className="w-24 shrink-0 sm:w-32"
          label="Per page"
          options={PAGE_SIZE_OPTIONS}
          value={String(limit)}
          onChange={(event) => setFilter('limit', event.target.value === String(DEFAULT_PAGE_SIZE) ? '' : event.target.value)}
        />
      </div>

      {content}

      {openModal?.kind === 'details' && (
        <OrderDetailsModal item={openModal.item} onClose={() => setOpenModal(null)} onProcessPayout={(item) => setOpenModal({ kind: 'payout', item })} />
      )}
      {openModal?.kind === 'payout' && <ProcessPayoutModal item={openModal.item} onClose={() => setOpenModal(null)} />}
    </div>
  );
}
