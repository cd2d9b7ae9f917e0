import { useState } from 'react';
import { shortId } from '@marketplace/domain/short-id';
import { Button } from '../../../../components/button';
import { EmptyState, LoadError, LoadingState } from '../../../../components/list-states';
import { formatDate } from '../../../../lib/format';
import { pluralise } from '../../../../lib/plural';
import { useGetShippableOrdersQuery } from '../../api';
import { OrderDetailsModal } from './order-details-modal';
import { itemNamesSummary } from './shipment-display';

/** The seller's orders with approved items, each opening the order-details modal (docs/product/shipping.md). */
export function ReadyOrdersSection() {
  const { data: orders, error, isLoading, isFetching, refetch } = useGetShippableOrdersQuery();
  const [openOrderId, setOpenOrderId] = useState<string | null>(null);
  const ready = (orders ?? [])
    .map((order) => ({ ...order, approved: order.items.filter((item) => item.orderStatus === 'approved') }))
    .filter((order) => order.approved.length > 0);

  return (
    <section aria-labelledby="ready-orders-heading" className="space-y-3">
      <h2 id="ready-orders-heading" className="text-lg font-semibold text-slate-900">
        Orders ready to ship
      </h2>
      {isLoading && <LoadingState label="Loading orders…" />}
      {error && !orders && <LoadError title="Could not load your orders" error={error} onRetry={() => void refetch()} isRetrying={isFetching} />}
      {orders && ready.length === 0 && <EmptyState title="No orders ready to ship">Approve order items to ship them from here.</EmptyState>}
      {ready.length > 0 && (
        <ul className="divide-y divide-slate-200 rounded-xl border border-slate-200 bg-white">
          {ready.map((order) => {
            const quantity = order.approved.reduce((total, item) => total + item.quantity, 0);
            return (
              <li key={order.orderId} className="flex flex-col gap-2 p-4 sm:flex-row sm:items-center sm:justify-between">
                <div className="min-w-0">
                  <p className="font-mono text-sm font-semibold text-slate-900">Order #{shortId(order.orderId)}</p>
                  <p className="text-xs text-slate-500">
                    {formatDate(order.orderCreatedAt)} · {order.buyer.fullName}
                  </p>
                  <p className="mt-1 truncate text-sm text-slate-700">
                    {pluralise(quantity, 'approved unit')}: {itemNamesSummary(order.approved.map((item) => item.itemTitle))}
                  </p>
                </div>
                <Button
                  variant="secondary"
                  size="sm"
                  className="shrink-0"
                  onClick={() => setOpenOrderId(order.orderId)}
                  aria-label={`View order ${shortId(order.orderId)}`}
                >
                  View order
                </Button>
              </li>
            );
          })}
        </ul>
      )}
      {openOrderId && <OrderDetailsModal orderId={openOrderId} onClose={() => setOpenOrderId(null)} />}
    </section>
  );
}
