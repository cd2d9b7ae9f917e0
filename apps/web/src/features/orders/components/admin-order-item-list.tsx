import { Link } from 'react-router';
import { RefreshCw } from 'lucide-react';
import type { AdminOrderItemRow, AdminOrderItemsQuery } from '@marketplace/contracts/admin-orders';
import { shortId } from '@marketplace/domain/short-id';
import { Button } from '../../../components/button';
import { EmptyState, LoadError, LoadingState } from '../../../components/list-states';
import { PageHeader } from '../../../components/page-header';
import { Pagination } from '../../../components/pagination';
import { StatusBadge } from '../../../components/status-badge';
import { formatDate, formatDollars } from '../../../lib/format';
import { useListParams } from '../../../lib/use-list-params';
import { useListAdminOrderItemsQuery } from '../admin-api';

const PAGE_SIZE = 10;
const NO_FILTERS = [] as const;

interface AdminOrderItemListProps {
  status: AdminOrderItemsQuery['status'];
  title: string;
  description: string;
  emptyTitle: string;
  /** Rejected items show the seller's reason; refunded ones what went back to the buyer. */
  detail: 'reason' | 'refund';
}

function OrderLink({ item }: { item: AdminOrderItemRow }) {
  return (
    <Link
      to={`/admin/orders/orderItems/${item.orderId}`}
      aria-label={`View order ${shortId(item.orderId)}`}
      title={item.orderId}
      className="font-mono text-sm font-medium text-brand-700 hover:text-brand-800"
    >
      #{shortId(item.orderId)}
    </Link>
  );
}

function Detail({ item, detail }: { item: AdminOrderItemRow; detail: AdminOrderItemListProps['detail'] }) {
  if (detail === 'reason') return <span className="text-slate-700">{item.rejectionReason ?? <span className="text-slate-400">No reason given</span>}</span>;
  return <span className="font-medium tabular-nums">{item.refundedAmount === null ? '—' : formatDollars(item.refundedAmount)}</span>;
}

/** The rejected and refunded order item lists: the same table, one status each. */
export function AdminOrderItemList({ status, title, description, emptyTitle, detail }: AdminOrderItemListProps) {
  const { page, setPage } = useListParams(NO_FILTERS);
  const { data, error, isLoading, isFetching, refetch } = useListAdminOrderItemsQuery({ status, page, limit: PAGE_SIZE });
  const items = data?.items ?? [];
  const detailHeading = detail === 'reason' ? 'Reason' : 'Refunded';

  return (
    <div className="grid gap-6">
      <PageHeader
        title={title}
        description={description}
        actions={
          <Button variant="secondary" onClick={() => void refetch()} isBusy={isFetching && !isLoading}>
            <RefreshCw className="size-4" aria-hidden />
            Refresh
          </Button>
        }
      />
      {data && (
        <p className="text-sm text-slate-600">
          Total {title}: <span className="font-semibold text-slate-900">{data.pagination.totalItems}</span>
        </p>
      )}

      {isLoading ? (
        <LoadingState label={`Loading ${title.toLowerCase()}…`} />
      ) : error && !data ? (
        <LoadError title={`${title} could not be loaded`} error={error} onRetry={() => void refetch()} isRetrying={isFetching} />
      ) : items.length === 0 ? (
        <EmptyState title={emptyTitle} />
      ) : (
        <div className="grid gap-4">
          <div className="hidden overflow-x-auto rounded-xl border border-slate-200 bg-white shadow-sm md:block">
            <table className="w-full text-left text-sm">
              <caption className="sr-only">{title}</caption>
              <thead className="border-b border-slate-200 bg-slate-50 text-xs font-semibold tracking-wide text-slate-500 uppercase">
                <tr>
                  <th scope="col" className="px-4 py-3">Order ID</th>
                  <th scope="col" className="px-4 py-3">Item</th>
                  <th scope="col" className="px-4 py-3">Buyer</th>
                  <th scope="col" className="px-4 py-3">Seller</th>
                  <th scope="col" className="px-4 py-3 text-right">Amount</th>
                  <th scope="col" className="px-4 py-3">{detailHeading}</th>
                  <th scope="col" className="px-4 py-3">Status</th>
                  <th scope="col" className="px-4 py-3">Date</th>
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-100">
                {items.map((item) => (
                  <tr key={item.id} className="align-top">
                    <td className="px-4 py-3"><OrderLink item={item} /></td>
                    <td className="max-w-56 px-4 py-3">
                      <p className="line-clamp-2 font-medium text-slate-900">{item.title}</p>
                      <p className="text-xs text-slate-500">{item.quantity} × {formatDollars(item.price)}</p>
                    </td>
                    <td className="max-w-48 px-4 py-3">
                      <p className="truncate text-slate-900">{item.buyer.fullName}</p>
                      <p className="truncate text-xs text-slate-500">{item.buyer.email}</p>
                    </td>
                    <td className="max-w-48 px-4 py-3">
                      <p className="truncate text-slate-900">{item.seller.fullName}</p>
                      {item.seller.companyName && <p className="truncate text-xs text-slate-500">{item.seller.companyName}</p>}
                    </td>
                    <td className="px-4 py-3 text-right font-medium tabular-nums">{formatDollars(item.total)}</td>
                    <td className="max-w-56 px-4 py-3"><Detail item={item} detail={detail} /></td>
                    <td className="px-4 py-3"><StatusBadge status={item.status} /></td>
                    <td className="px-4 py-3 whitespace-nowrap text-slate-600">{formatDate(item.updatedAt)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>

          <ul className="grid gap-3 md:hidden" aria-label={title}>
            {items.map((item) => (
              <li key={item.id} className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
                <div className="flex items-start justify-between gap-3">
                  <div>
                    <OrderLink item={item} />
                    <p className="text-xs text-slate-500">{formatDate(item.updatedAt)}</p>
                  </div>
                  <StatusBadge status={item.status} />
                </div>
                <p className="mt-3 font-medium text-slate-900">{item.title}</p>
                <p className="text-sm text-slate-600">
                  {item.quantity} × {formatDollars(item.price)} · <span className="font-semibold text-slate-900">{formatDollars(item.total)}</span>
                </p>
                <dl className="mt-3 grid gap-2 border-t border-slate-100 pt-3 text-sm">
                  <div className="flex justify-between gap-3">
                    <dt className="text-slate-500">Buyer</dt>
                    <dd className="min-w-0 truncate text-right">{item.buyer.fullName}</dd>
                  </div>
                  <div className="flex justify-between gap-3">
                    <dt className="text-slate-500">Seller</dt>
                    <dd className="min-w-0 truncate text-right">{item.seller.companyName ?? item.seller.fullName}</dd>
                  </div>
                  <div className="flex justify-between gap-3">
                    <dt className="shrink-0 text-slate-500">{detailHeading}</dt>
                    <dd className="min-w-0 text-right"><Detail item={item} detail={detail} /></dd>
                  </div>
                </dl>
              </li>
            ))}
          </ul>

          <Pagination
            label={`${title} pages`}
            page={data?.pagination.page ?? page}
            totalPages={data?.pagination.totalPages ?? 1}
            totalItems={data?.pagination.totalItems ?? 0}
            pageSize={data?.pagination.limit ?? PAGE_SIZE}
            onPageChange={setPage}
          />
        </div>
      )}
    </div>
  );
}
