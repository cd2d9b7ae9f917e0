import { Link } from 'react-router';
import { RefreshCw } from 'lucide-react';
import type { AdminOrderItemRow, AdminOrderItemsQuery } from '@marketplace/contracts/admin-orders';
import { shortId } from '@marketplace/domain/short-id';
import { Button } from '../../../components/button';
import { DataTable, type DataColumn } from '../../../components/data-table';
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

const DETAIL_HEADING: Record<AdminOrderItemListProps['detail'], string> = { reason: 'Reason', refund: 'Refunded' };

/** The laptop table's columns; the detail column shows what the list's status is about. */
function itemColumns(detail: AdminOrderItemListProps['detail']): DataColumn<AdminOrderItemRow>[] {
  return [
    { header: 'Order ID', cell: (item) => <OrderLink item={item} /> },
    {
      header: 'Item',
      className: 'max-w-56',
      cell: (item) => (
        <>
          <p className="line-clamp-2 font-medium text-slate-900">{item.title}</p>
          <p className="text-xs text-slate-500">
            {item.quantity} × {formatDollars(item.price)}
          </p>
        </>
      ),
    },
    {
      header: 'Buyer',
      className: 'max-w-48',
      cell: (item) => (
        <>
          <p className="truncate text-slate-900">{item.buyer.fullName}</p>
          <p className="truncate text-xs text-slate-500">{item.buyer.email}</p>
        </>
      ),
    },
    {
      header: 'Seller',
      className: 'max-w-48',
      cell: (item) => (
        <>
          <p className="truncate text-slate-900">{item.seller.fullName}</p>
          {item.seller.companyName && <p className="truncate text-xs text-slate-500">{item.seller.companyName}</p>}
        </>
      ),
    },
    { header: 'Amount', align: 'right', className: 'font-medium tabular-nums', cell: (item) => formatDollars(item.total) },
    { header: DETAIL_HEADING[detail], className: 'max-w-56', cell: (item) => <Detail item={item} detail={detail} /> },
    { header: 'Status', cell: (item) => <StatusBadge status={item.status} /> },
    { header: 'Date', className: 'whitespace-nowrap text-slate-600', cell: (item) => formatDate(item.updatedAt) },
  ];
}

/** The rejected and refunded order item lists: the same table, one status each. */
export function AdminOrderItemList({ status, title, description, emptyTitle, detail }: AdminOrderItemListProps) {
  const { page, setPage } = useListParams(NO_FILTERS);
  const { data, error, isLoading, isFetching, refetch } = useListAdminOrderItemsQuery({ status, page, limit: PAGE_SIZE });
  const items = data?.items ?? [];
  const detailHeading = DETAIL_HEADING[detail];

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
          <DataTable caption={title} columns={itemColumns(detail)} rows={items} rowKey={(item) => item.id} rowClassName="align-top" />

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
                    <dd className="min-w-0 text-right">
                      <Detail item={item} detail={detail} />
                    </dd>
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
