import { Link, useParams } from 'react-router';
import { ArrowLeft } from 'lucide-react';
import { shortId } from '@marketplace/domain/short-id';
import { LoadError, LoadingState } from '../../../components/list-states';
import { PageHeader } from '../../../components/page-header';
import { StatusBadge } from '../../../components/status-badge';
import { formatDate } from '../../../lib/format';
import { useGetMyOrderQuery } from '../buyer-orders-api';
import { BuyerOrderDetails } from '../components/buyer-order-details';

/** /myorders/:orderId: one of the buyer's orders, followed item by item (docs/decisions/0009). */
export function BuyerOrderPage() {
  const { orderId = '' } = useParams();
  const detail = useGetMyOrderQuery(orderId);
  const order = detail.data;

  return (
    <div className="space-y-6">
      <Link to="/myorders" className="inline-flex items-center gap-1 text-sm font-medium text-brand-700 hover:text-brand-800">
        <ArrowLeft className="size-4" aria-hidden /> My Orders
      </Link>
      <PageHeader
        title={`Order ${shortId(orderId)}`}
        description={
          order
            ? `Placed ${formatDate(order.createdAt)}. Follow every item from the seller's approval to your door.`
            : 'Follow every item from the seller\u2019s approval to your door.'
        }
        actions={order && <StatusBadge status={order.status} kind="order" />}
      />
      {detail.isLoading ? (
        <LoadingState label="Loading your order…" />
      ) : detail.isError || !order ? (
        <LoadError title="This order could not be loaded" error={detail.error} onRetry={() => void detail.refetch()} isRetrying={detail.isFetching} />
      ) : (
        <BuyerOrderDetails order={order} />
      )}
    </div>
  );
}
