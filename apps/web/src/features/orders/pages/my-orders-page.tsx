import { useId, useState } from 'react';
import { Link } from 'react-router';
import { ChevronDown } from 'lucide-react';
import { toast } from '../../../components/toast';
import type { BuyerOrder } from '@marketplace/contracts/orders';
import { Button, buttonClasses } from '../../../components/button';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { EmptyState, LoadError, LoadingState } from '../../../components/list-states';
import { PageHeader } from '../../../components/page-header';
import { Pagination } from '../../../components/pagination';
import { StatusBadge } from '../../../components/status-badge';
import { Spinner } from '../../../components/spinner';
import { describeApiError } from '../../../lib/api-error';
import { formatDate, formatDollars } from '../../../lib/format';
import { useListParams } from '../../../lib/use-list-params';
import { useCancelMyOrderMutation, useGetMyOrderQuery, useListMyOrdersQuery } from '../buyer-orders-api';
import { BuyerOrderDetails } from '../components/buyer-order-details';
import { MessageSellerButton } from '../components/message-seller-button';
import { OrderItemSummary } from '../components/order-item-summary';

const PAGE_SIZE = 10;
const NO_FILTERS = [] as const;

function shortId(id: string): string {
  return id.slice(0, 8);
}

/** The full follow-up of one order (timeline, tracking, refunds, actions), loaded when the card opens. */
function OrderDetail({ orderId }: { orderId: string }) {
  const detail = useGetMyOrderQuery(orderId);
  if (detail.isLoading) {
    return (
      <p className="flex items-center gap-2 text-sm text-slate-600" role="status">
        <Spinner className="size-4" /> Loading the delivery details…
      </p>
    );
  }
  if (detail.isError || !detail.data) {
    return (
      <LoadError title="The order details could not be loaded" error={detail.error} onRetry={() => void detail.refetch()} isRetrying={detail.isFetching} />
    );
  }
  return <BuyerOrderDetails order={detail.data} />;
}

/** The order's lines at a glance, while its details are closed. */
function OrderItemsSummary({ order }: { order: BuyerOrder }) {
  return (
    <ul className="divide-y divide-slate-100 px-4 sm:px-5">
      {order.items.map((item) => (
        <li key={item.id} className="py-3">
          <OrderItemSummary item={item}>
            <MessageSellerButton orderId={order.id} productId={item.productId} itemTitle={item.title} />
          </OrderItemSummary>
        </li>
      ))}
    </ul>
  );
}

function OrderCard({ order }: { order: BuyerOrder }) {
  const [isExpanded, setIsExpanded] = useState(false);
  const [isConfirming, setIsConfirming] = useState(false);
  const [cancelOrder, { isLoading: isCancelling }] = useCancelMyOrderMutation();
  const detailId = useId();
  const canCancel = order.items.length > 0 && order.items.every((item) => item.status === 'pending');
  const label = `Order ${shortId(order.id)}`;

  async function confirmCancel() {
    try {
      await cancelOrder(order.id).unwrap();
      toast.success(`${label} was cancelled. Your refund is on its way.`);
      setIsConfirming(false);
    } catch (error) {
      toast.error(describeApiError(error).message);
      setIsConfirming(false);
    }
  }

  return (
    <li>
      <article aria-label={label} className="overflow-hidden rounded-2xl border border-slate-200 bg-white">
        <header className="flex flex-wrap items-center justify-between gap-x-6 gap-y-2 border-b border-slate-100 bg-slate-50 px-4 py-3 sm:px-5">
          <div className="flex flex-wrap items-center gap-x-6 gap-y-1 text-sm">
            <h3 className="font-semibold text-slate-900">
              <Link to={`/myorders/${order.id}`} className="hover:text-brand-800">
                {label}
              </Link>
            </h3>
            <span className="text-slate-600">Placed {formatDate(order.createdAt)}</span>
            <span className="text-slate-600">
              Total <span className="font-medium text-slate-900">{formatDollars(order.total)}</span>
            </span>
          </div>
          <StatusBadge status={order.status} kind="order" />
        </header>
        {isExpanded ? (
          <div id={detailId} className="bg-slate-50/60 px-4 py-4 sm:px-5">
            <OrderDetail orderId={order.id} />
          </div>
        ) : (
          <OrderItemsSummary order={order} />
        )}
        <div className="flex flex-wrap items-center justify-between gap-2 border-t border-slate-100 px-4 py-3 sm:px-5">
          <button
            type="button"
            aria-expanded={isExpanded}
            aria-controls={detailId}
            onClick={() => setIsExpanded((open) => !open)}
            className="inline-flex items-center gap-1 text-sm font-medium text-brand-700 hover:text-brand-800"
          >
            {isExpanded ? 'Hide details' : 'Show details'}
            <span className="sr-only"> of {label}</span>
            <ChevronDown className={`size-4 transition-transform ${isExpanded ? 'rotate-180' : ''}`} aria-hidden />
          </button>
          {canCancel && (
            <Button variant="secondary" size="sm" onClick={() => setIsConfirming(true)}>
              Cancel order
            </Button>
          )}
        </div>
      </article>
      <ConfirmDialog
        isOpen={isConfirming}
        title={`Cancel ${label.toLowerCase()}?`}
        confirmLabel="Yes, cancel order"
        cancelLabel="Keep order"
        confirmVariant="danger"
        isBusy={isCancelling}
        onConfirm={() => void confirmCancel()}
        onCancel={() => setIsConfirming(false)}
      >
        Every item is cancelled and {formatDollars(order.total)} is refunded to your card. This cannot be undone.
      </ConfirmDialog>
    </li>
  );
}

/** /myorders: the buyer's orders, newest first, with status colours (docs/product/statuses.md), detail and cancel. */
export function MyOrdersPage() {
  const { page, setPage } = useListParams(NO_FILTERS);
  const orders = useListMyOrdersQuery({ page, limit: PAGE_SIZE });
  const list = orders.data?.orders ?? [];

  let body;
  if (orders.isLoading) body = <LoadingState label="Loading your orders…" />;
  else if (orders.isError)
    body = <LoadError title="Your orders could not be loaded" error={orders.error} onRetry={() => void orders.refetch()} isRetrying={orders.isFetching} />;
  else if (list.length === 0)
    body = (
      <EmptyState
        title="You have not ordered anything yet"
        action={
          <Link to="/products" className={buttonClasses()}>
            Browse products
          </Link>
        }
      >
        When you place an order it shows up here with its status.
      </EmptyState>
    );
  else
    body = (
      <>
        <ul className="space-y-4" aria-label="Orders">
          {list.map((order) => (
            <OrderCard key={order.id} order={order} />
          ))}
        </ul>
        {orders.data && (
          <Pagination
            label="Order pages"
            page={orders.data.pagination.page}
            totalPages={orders.data.pagination.totalPages}
            totalItems={orders.data.pagination.totalItems}
            pageSize={PAGE_SIZE}
            onPageChange={(next) => {
              setPage(next);
              window.scrollTo({ top: 0 });
            }}
          />
        )}
      </>
    );

  return (
    <div className="space-y-6">
      <PageHeader title="My Orders" description="Everything you have ordered, with the status of every item." />
      {body}
    </div>
  );
}
