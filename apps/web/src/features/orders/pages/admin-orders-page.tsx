import { Link } from 'react-router';
import { ChevronRight } from 'lucide-react';
import type { AdminOrderSummary, AdminOrdersQuery } from '@marketplace/contracts/admin-orders';
import { ORDER_STATUSES } from '@marketplace/contracts/orders';
import { shortId } from '@marketplace/domain/short-id';
import { buttonClasses } from '../../../components/button';
import { DataTable, type DataColumn } from '../../../components/data-table';
import { FilterBar } from '../../../components/filter-bar';
import { FilterSearch } from '../../../components/filter-search';
import { ListResult } from '../../../components/list-result';
import { PageHeader } from '../../../components/page-header';
import { Pagination } from '../../../components/pagination';
import { SelectField } from '../../../components/select-field';
import { StatusBadge, statusLabel } from '../../../components/status-badge';
import { formatDate, formatDollars } from '../../../lib/format';
import { useListParams } from '../../../lib/use-list-params';
import { useListAdminOrdersQuery } from '../admin-api';

const PAGE_SIZE = 10;
const FILTER_KEYS = ['q', 'status'] as const;
const STATUS_OPTIONS = [{ value: '', label: 'All statuses' }, ...ORDER_STATUSES.map((status) => ({ value: status, label: statusLabel(status) }))];

function unitsLabel(count: number): string {
  return `${count} ${count === 1 ? 'item' : 'items'}`;
}

function ViewOrderLink({ order }: { order: AdminOrderSummary }) {
  return (
    <Link
      to={`/admin/orders/orderItems/${order.id}`}
      aria-label={`View order ${shortId(order.id)}`}
      className={buttonClasses({ variant: 'secondary', size: 'sm' })}
    >
      View
      <ChevronRight className="size-4" aria-hidden />
    </Link>
  );
}

function OrderId({ id }: { id: string }) {
  return (
    <span className="font-mono text-sm font-medium text-slate-900" title={id}>
      #{shortId(id)}
    </span>
  );
}

const ORDER_COLUMNS: DataColumn<AdminOrderSummary>[] = [
  { header: 'Order ID', cell: (order) => <OrderId id={order.id} /> },
  {
    header: 'Buyer',
    className: 'max-w-64',
    cell: (order) => (
      <>
        <p className="truncate font-medium text-slate-900">{order.buyer.fullName}</p>
        <p className="truncate text-slate-500">{order.buyer.email}</p>
      </>
    ),
  },
  { header: 'Items', align: 'right', className: 'text-slate-700 tabular-nums', cell: (order) => order.itemsCount },
  { header: 'Total', align: 'right', className: 'font-medium text-slate-900 tabular-nums', cell: (order) => formatDollars(order.total) },
  { header: 'Status', cell: (order) => <StatusBadge status={order.status} /> },
  { header: 'Date', className: 'whitespace-nowrap text-slate-600', cell: (order) => formatDate(order.createdAt) },
  { header: 'Actions', hideHeader: true, align: 'right', cell: (order) => <ViewOrderLink order={order} /> },
];

function OrdersTable({ orders }: { orders: AdminOrderSummary[] }) {
  return <DataTable caption="Orders" columns={ORDER_COLUMNS} rows={orders} rowKey={(order) => order.id} />;
}

function OrderCards({ orders }: { orders: AdminOrderSummary[] }) {
  return (
    <ul className="grid gap-3 md:hidden" aria-label="Orders">
      {orders.map((order) => (
        <li key={order.id} className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
          <div className="flex items-start justify-between gap-3">
            <div className="min-w-0">
              <OrderId id={order.id} />
              <p className="mt-0.5 text-xs text-slate-500">{formatDate(order.createdAt)}</p>
            </div>
            <StatusBadge status={order.status} />
          </div>
          <p className="mt-3 truncate text-sm font-medium text-slate-900">{order.buyer.fullName}</p>
          <p className="truncate text-sm text-slate-500">{order.buyer.email}</p>
          <div className="mt-3 flex items-center justify-between gap-3 border-t border-slate-100 pt-3">
            <p className="text-sm text-slate-600">
              {unitsLabel(order.itemsCount)} · <span className="font-semibold text-slate-900">{formatDollars(order.total)}</span>
            </p>
            <ViewOrderLink order={order} />
          </div>
        </li>
      ))}
    </ul>
  );
}

export function AdminOrdersPage() {
  const { filters, page, hasFilters, setFilter, setPage, clearFilters } = useListParams(FILTER_KEYS);
  const { data, error, isLoading, isFetching, refetch } = useListAdminOrdersQuery({
    q: filters.q || undefined,
    status: (filters.status || undefined) as AdminOrdersQuery['status'],
    page,
    limit: PAGE_SIZE,
  });
  const orders = data?.orders ?? [];

  return (
    <div className="grid gap-6">
      <PageHeader title="Orders" description="Every order placed on the marketplace, with its status." />

      <FilterBar
        className="sm:grid-cols-[minmax(0,2fr)_minmax(0,1fr)] lg:grid-cols-[minmax(0,2fr)_minmax(0,1fr)_auto]"
        hasFilters={hasFilters}
        onClear={clearFilters}
      >
        <FilterSearch label="Search orders" placeholder="Order ID, buyer name or email" value={filters.q} onSearch={(query) => setFilter('q', query)} />
        <SelectField label="Status" options={STATUS_OPTIONS} value={filters.status} onChange={(event) => setFilter('status', event.target.value)} />
      </FilterBar>

      <ListResult
        noun="orders"
        isLoading={isLoading}
        isFetching={isFetching}
        error={error}
        hasData={Boolean(data)}
        isEmpty={orders.length === 0}
        onRetry={() => void refetch()}
        emptyText={hasFilters ? 'Try another search or clear the filters.' : 'Orders appear here as soon as buyers check out.'}
      >
        <OrdersTable orders={orders} />
        <OrderCards orders={orders} />
        {data && (
          <Pagination
            label="Orders pages"
            page={data.pagination.page}
            totalPages={data.pagination.totalPages}
            totalItems={data.pagination.totalItems}
            pageSize={data.pagination.limit}
            onPageChange={setPage}
          />
        )}
      </ListResult>
    </div>
  );
}
