import { Link } from 'react-router';
import { ChevronRight } from 'lucide-react';
import { ORDER_ITEM_STATUSES, type OrderItemStatus } from '@marketplace/contracts/orders';
import { dollarsToCents, formatCents } from '@marketplace/domain/money';
import { shortId } from '@marketplace/domain/short-id';
import { EmptyState, LoadError, LoadingState } from '../../../components/list-states';
import { PageHeader } from '../../../components/page-header';
import { Pagination } from '../../../components/pagination';
import { StatusBadge, statusLabel } from '../../../components/status-badge';
import { formatDateTime, formatDollars } from '../../../lib/format';
import { useListParams } from '../../../lib/use-list-params';
import { useListSellerOrdersQuery, type SellerOrderSummary } from '../api';

const PAGE_SIZE = 10;
const FILTER_KEYS = ['status'] as const;
const STATUS_TABS: { value: OrderItemStatus | ''; label: string }[] = [
  { value: '', label: 'All' },
  ...ORDER_ITEM_STATUSES.map((status) => ({ value: status, label: statusLabel(status) })),
];

function isOrderItemStatus(value: string): value is OrderItemStatus {
  return (ORDER_ITEM_STATUSES as readonly string[]).includes(value);
}

function OrderCard({ order }: { order: SellerOrderSummary }) {
  const totalCents = order.items.reduce((sum, item) => sum + dollarsToCents(item.price) * item.quantity, 0);
  const pendingCount = order.items.filter((item) => item.orderStatus === 'pending').length;
  return (
    <li className="overflow-hidden rounded-xl border border-slate-200 bg-white shadow-sm">
      <div className="flex flex-col gap-2 border-b border-slate-100 bg-slate-50 px-4 py-3 sm:flex-row sm:items-center sm:justify-between">
        <div className="min-w-0">
          <h2 className="font-semibold text-slate-900">
            <Link to={`/seller/orders/items/${order.orderId}`} className="hover:text-brand-700">
              Order #{shortId(order.orderId)}
            </Link>
          </h2>
          <p className="text-sm text-slate-600">
            {formatDateTime(order.orderCreatedAt)} · {order.buyer.fullName}
          </p>
        </div>
        <div className="flex items-center gap-3">
          {pendingCount > 0 && <span className="text-sm font-medium text-amber-800">{pendingCount} waiting for you</span>}
          <Link
            to={`/seller/orders/items/${order.orderId}`}
            className="inline-flex items-center gap-1 text-sm font-medium text-brand-700 hover:text-brand-800"
            aria-label={`View order ${shortId(order.orderId)}`}
          >
            View order <ChevronRight className="size-4" aria-hidden />
          </Link>
        </div>
      </div>
      <ul className="divide-y divide-slate-100">
        {order.items.map((item) => (
          <li key={item.orderItemId} className="flex flex-wrap items-center justify-between gap-2 px-4 py-3">
            <div className="min-w-0">
              <Link to={`/seller/orders/items/view/${item.orderItemId}`} className="font-medium text-slate-900 hover:text-brand-700">
                {item.itemTitle}
              </Link>
              {item.variantLabel && <p className="text-sm text-slate-700">{item.variantLabel}</p>}
              <p className="text-sm text-slate-600 tabular-nums">
                {item.quantity} × {formatDollars(item.price)}
              </p>
            </div>
            <StatusBadge status={item.orderStatus} />
          </li>
        ))}
      </ul>
      <p className="border-t border-slate-100 px-4 py-2 text-right text-sm text-slate-600">
        Items total <span className="font-semibold text-slate-900 tabular-nums">{formatCents(totalCents)}</span>
      </p>
    </li>
  );
}

export function SellerOrdersPage() {
  const { filters, page, setFilter, setPage } = useListParams(FILTER_KEYS);
  const status = isOrderItemStatus(filters.status) ? filters.status : undefined;
  const { data, isLoading, isError, error, isFetching, refetch } = useListSellerOrdersQuery({ status, page, limit: PAGE_SIZE });

  return (
    <div className="space-y-6">
      <PageHeader title="Orders" description="Orders for your products. Approve or reject new items, then ship them." />

      <div role="group" aria-label="Filter by status" className="-mx-4 flex gap-1.5 overflow-x-auto px-4 pb-1 sm:mx-0 sm:flex-wrap sm:px-0">
        {STATUS_TABS.map((tab) => {
          const isActive = (status ?? '') === tab.value;
          return (
            <button
              key={tab.value || 'all'}
              type="button"
              aria-pressed={isActive}
              onClick={() => setFilter('status', tab.value)}
              className={`h-9 shrink-0 rounded-full px-3.5 text-sm font-medium transition-colors ${
                isActive ? 'bg-brand-700 text-white' : 'border border-slate-300 bg-white text-slate-700 hover:bg-slate-50'
              }`}
            >
              {tab.label}
            </button>
          );
        })}
      </div>

      {isLoading ? (
        <LoadingState label="Loading orders…" />
      ) : isError || !data ? (
        <LoadError title="Orders could not be loaded" error={error} onRetry={() => void refetch()} isRetrying={isFetching} />
      ) : data.orders.length === 0 ? (
        <EmptyState title={status ? `No ${statusLabel(status).toLowerCase()} orders` : 'No orders yet'}>
          {status ? 'Try another status.' : 'When a buyer orders one of your products it appears here.'}
        </EmptyState>
      ) : (
        <div className={`space-y-4 ${isFetching ? 'opacity-60' : ''}`} aria-busy={isFetching}>
          <ul className="space-y-4" aria-label="Orders">
            {data.orders.map((order) => (
              <OrderCard key={order.orderId} order={order} />
            ))}
          </ul>
          <Pagination
            page={data.pagination.page}
            totalPages={data.pagination.totalPages}
            totalItems={data.pagination.totalItems}
            pageSize={PAGE_SIZE}
            onPageChange={setPage}
            label="Order pages"
          />
        </div>
      )}
    </div>
  );
}
