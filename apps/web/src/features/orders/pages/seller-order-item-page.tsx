import { Link, useParams } from 'react-router';
import { ArrowLeft } from 'lucide-react';
import { shortId } from '@marketplace/domain/short-id';
import { LoadError, LoadingState } from '../../../components/list-states';
import { PageHeader } from '../../../components/page-header';
import { ProductImage } from '../../../components/product-image';
import { StatusBadge } from '../../../components/status-badge';
import { formatDateTime, formatDollars } from '../../../lib/format';
import { useGetSellerOrderItemQuery } from '../api';
import { AddressLines } from '../components/address-lines';
import { SellerItemActions } from '../components/seller-item-actions';

export function SellerOrderItemPage() {
  const { itemId = '' } = useParams();
  const { data: item, isLoading, isError, error, isFetching, refetch } = useGetSellerOrderItemQuery(itemId);

  return (
    <div className="space-y-6">
      {item && (
        <Link to={`/seller/orders/items/${item.orderId}`} className="inline-flex items-center gap-1 text-sm font-medium text-brand-700 hover:text-brand-800">
          <ArrowLeft className="size-4" aria-hidden /> Order #{shortId(item.orderId)}
        </Link>
      )}
      <PageHeader
        title={item ? item.itemTitle : 'Order item'}
        description={item ? `Ordered ${formatDateTime(item.orderCreatedAt)} by ${item.buyer.fullName}` : 'One item of an order.'}
      />
      {isLoading ? (
        <LoadingState label="Loading the item…" />
      ) : isError || !item ? (
        <LoadError title="The item could not be loaded" error={error} onRetry={() => void refetch()} isRetrying={isFetching} />
      ) : (
        <div className="grid gap-6 lg:grid-cols-[3fr_2fr]">
          <section aria-label="Item" className="space-y-4 rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
            <div className="flex gap-4">
              <ProductImage src={item.image} alt={item.itemTitle} className="size-24 shrink-0 rounded-lg" />
              <div className="min-w-0 space-y-1">
                <StatusBadge status={item.orderStatus} />
                <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
                  {item.variantLabel && (
                    <>
                      <dt className="text-slate-500">Variant</dt>
                      <dd>{item.variantLabel}</dd>
                    </>
                  )}
                  <dt className="text-slate-500">Quantity</dt>
                  <dd className="tabular-nums">{item.quantity}</dd>
                  <dt className="text-slate-500">Price</dt>
                  <dd className="tabular-nums">{formatDollars(item.price)} each</dd>
                  <dt className="text-slate-500">Add-on</dt>
                  <dd>{item.retipAdded ? formatDollars(item.retipPrice) : 'None'}</dd>
                  <dt className="font-medium text-slate-900">Item total</dt>
                  <dd className="font-semibold tabular-nums">{formatDollars(item.itemTotal)}</dd>
                  {item.refunded > 0 && (
                    <>
                      <dt className="text-slate-500">Refunded to the buyer</dt>
                      <dd className="tabular-nums text-red-700">−{formatDollars(item.refunded)}</dd>
                    </>
                  )}
                </dl>
              </div>
            </div>
            {item.rejectionReason && <p className="rounded-lg bg-red-50 p-3 text-sm text-red-800">Rejected: {item.rejectionReason}</p>}
            <SellerItemActions item={item} />
          </section>
          <section aria-labelledby="buyer-title" className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
            <h2 id="buyer-title" className="mb-2 font-semibold text-slate-900">
              Buyer
            </h2>
            <p className="text-sm text-slate-900">{item.buyer.fullName}</p>
            <p className="text-sm break-all text-slate-600">{item.buyer.email}</p>
            <h3 className="mt-4 mb-1 text-sm font-semibold text-slate-900">Ship to</h3>
            <AddressLines address={item.shippingAddress} />
          </section>
        </div>
      )}
    </div>
  );
}
