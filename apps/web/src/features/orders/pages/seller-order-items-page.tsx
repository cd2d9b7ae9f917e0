import type { ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import { ArrowLeft, CalendarClock, FileText, Gift, Truck } from 'lucide-react';
import { formatArrivalRange, formatDay } from '@marketplace/domain/delivery-dates';
import { shortId } from '@marketplace/domain/short-id';
import { buttonClasses } from '../../../components/button';
import { LoadError, LoadingState } from '../../../components/list-states';
import { PageHeader } from '../../../components/page-header';
import { ProductImage } from '../../../components/product-image';
import { StatusBadge } from '../../../components/status-badge';
import { formatDateTime, formatDollars } from '../../../lib/format';
import { pluralise } from '../../../lib/plural';
import type { SellerOrderDetailResponse } from '@marketplace/contracts/orders';
import { useGetSellerOrderQuery } from '../api';
import { AddressLines } from '../components/address-lines';
import { SellerItemActions } from '../components/seller-item-actions';

function Amount({ label, value, isTotal = false }: { label: string; value: number; isTotal?: boolean }) {
  return (
    <div className={`flex justify-between gap-4 ${isTotal ? 'border-t border-slate-200 pt-2 font-semibold text-slate-900' : 'text-slate-700'}`}>
      <dt>{label}</dt>
      <dd className="tabular-nums">{formatDollars(value)}</dd>
    </div>
  );
}

/**
 * The seller's order detail. The app shell passes the shipping feature's panel in `shipments`
 * (docs/product/shipping.md last paragraph: the same shipment actions as Shipment Management).
 */
export function SellerOrderItemsPage({ shipments }: { shipments?: ReactNode }) {
  const { orderId = '' } = useParams();
  const { data: order, isLoading, isError, error, isFetching, refetch } = useGetSellerOrderQuery(orderId);

  return (
    <div className="space-y-6">
      <Link to="/seller/orders" className="inline-flex items-center gap-1 text-sm font-medium text-brand-700 hover:text-brand-800">
        <ArrowLeft className="size-4" aria-hidden /> All orders
      </Link>
      <PageHeader
        title={order ? `Order #${shortId(order.orderId)}` : 'Order'}
        description={
          order
            ? `Placed ${formatDateTime(order.orderCreatedAt)} · ${pluralise(order.itemsSummary.totalItemsCount, 'item')} from your shop`
            : 'Your items in this order.'
        }
        actions={
          order && (
            <>
              <StatusBadge status={order.status.itemsOrderStatus} />
              <Link to={`/seller/orders/items/${order.orderId}/shipments`} className={buttonClasses({ variant: 'secondary', size: 'sm' })}>
                <Truck className="size-4" aria-hidden /> Manage shipments
              </Link>
              <Link to={`/seller/orders/items/${order.orderId}/packing-slip`} className={buttonClasses({ variant: 'secondary', size: 'sm' })}>
                <FileText className="size-4" aria-hidden /> Packing slip
              </Link>
            </>
          )
        }
      />
      {isLoading ? (
        <LoadingState label="Loading the order…" />
      ) : isError || !order ? (
        <LoadError title="The order could not be loaded" error={error} onRetry={() => void refetch()} isRetrying={isFetching} />
      ) : (
        <div className="grid gap-6 lg:grid-cols-[3fr_2fr]">
          <section aria-labelledby="items-title" className="overflow-hidden rounded-xl border border-slate-200 bg-white shadow-sm">
            <h2 id="items-title" className="border-b border-slate-200 px-4 py-3 font-semibold text-slate-900">
              Items
            </h2>
            <ul className="divide-y divide-slate-200">
              {order.items.map((item) => (
                <li key={item.orderItemId} className="flex gap-3 p-4">
                  <ProductImage src={item.image} alt="" className="size-16 shrink-0 rounded-lg" />
                  <div className="min-w-0 flex-1 space-y-2">
                    <div className="flex flex-wrap items-start justify-between gap-2">
                      <div className="min-w-0">
                        <Link to={`/seller/orders/items/view/${item.orderItemId}`} className="font-medium text-slate-900 hover:text-brand-700">
                          {item.itemTitle}
                        </Link>
                        {item.variantLabel && <p className="text-sm text-slate-700">{item.variantLabel}</p>}
                        {item.personalization && (
                          <p className="mt-1 rounded-md bg-slate-50 px-2 py-1 text-sm break-words whitespace-pre-line text-slate-800">
                            <span className="font-medium">Personalisation:</span> {item.personalization}
                          </p>
                        )}
                        <p className="text-sm text-slate-600 tabular-nums">
                          {item.quantity} × {formatDollars(item.price)}
                          {item.retipAdded && ` + add-on ${formatDollars(item.retipPrice)}`} = {formatDollars(item.itemTotal)}
                        </p>
                      </div>
                      <StatusBadge status={item.orderStatus} />
                    </div>
                    {item.refunded > 0 && item.orderStatus !== 'rejected' && item.orderStatus !== 'cancelled' && (
                      <p className="text-sm text-slate-600">Refunded to the buyer: {formatDollars(item.refunded)}</p>
                    )}
                    {item.rejectionReason && <p className="text-sm text-red-800">Rejected: {item.rejectionReason}</p>}
                    {item.orderStatus === 'approved' && <p className="text-sm text-slate-600">Approved — ready to ship.</p>}
                    <SellerItemActions item={item} />
                  </div>
                </li>
              ))}
            </ul>
          </section>
          <div className="space-y-6">
            {order.promise && (
              <section aria-labelledby="promise-title" className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
                <h2 id="promise-title" className="flex items-center gap-2 font-semibold text-slate-900">
                  <CalendarClock className="size-4 text-slate-600" aria-hidden /> Delivery promise
                </h2>
                <p className="mt-2 text-sm text-slate-800">
                  Ship by <span className="font-semibold">{formatArrivalRange({ earliest: order.promise.shipBy, latest: order.promise.shipBy })}</span>
                </p>
                <p className="text-sm text-slate-700">The buyer was told it arrives {formatArrivalRange(order.promise.arrivesBy)}.</p>
                <PromiseOutcome promise={order.promise} />
              </section>
            )}
            {order.gift && (
              <section aria-labelledby="gift-note-title" className="rounded-xl border border-brand-200 bg-brand-50 p-4 shadow-sm">
                <h2 id="gift-note-title" className="flex items-center gap-2 font-semibold text-slate-900">
                  <Gift className="size-4 text-brand-700" aria-hidden /> This is a gift
                </h2>
                {order.gift.message ? (
                  <p className="mt-2 text-sm break-words whitespace-pre-line text-slate-800">“{order.gift.message}”</p>
                ) : (
                  <p className="mt-2 text-sm text-slate-700">The buyer added no message.</p>
                )}
                <p className="mt-2 text-xs text-slate-600">Its packing slip shows the message and no prices.</p>
              </section>
            )}
            <section aria-labelledby="amounts-title" className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
              <h2 id="amounts-title" className="mb-3 font-semibold text-slate-900">
                Your share of the order
              </h2>
              <dl className="space-y-1.5 text-sm">
                <Amount label="Items" value={order.amounts.itemsTotal} />
                <Amount label="Add-ons" value={order.amounts.retipTotal} />
                <Amount label="Shipping (your share)" value={order.amounts.proportionalShipping} />
                <Amount label="Total" value={order.amounts.orderTotal} isTotal />
              </dl>
            </section>
            <section aria-labelledby="buyer-title" className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
              <h2 id="buyer-title" className="mb-2 font-semibold text-slate-900">
                Buyer
              </h2>
              <p className="text-sm text-slate-900">{order.buyer.fullName}</p>
              <p className="text-sm break-all text-slate-600">{order.buyer.email}</p>
              <h3 className="mt-4 mb-1 text-sm font-semibold text-slate-900">Ship to</h3>
              <AddressLines address={order.shippingInfo.shippingAddress} />
            </section>
          </div>
          {shipments && (
            <section aria-labelledby="order-shipments-title" className="space-y-4 lg:col-span-2">
              <h2 id="order-shipments-title" className="text-lg font-semibold text-slate-900">
                Shipping
              </h2>
              {shipments}
            </section>
          )}
        </div>
      )}
    </div>
  );
}

type SellerPromise = NonNullable<SellerOrderDetailResponse['data']['promise']>;

/** Whether the promise was kept, as the carrier's delivery scan tells it, and who paid back a late part's shipping. */
function PromiseOutcome({ promise }: { promise: SellerPromise }) {
  if (promise.state === 'waiting' || !promise.deliveredOn) return null;
  const delivered = formatDay(promise.deliveredOn);
  if (promise.state === 'kept') return <p className="mt-2 text-sm text-slate-800">{`Delivered ${delivered}: on time.`}</p>;
  if (!promise.lateRefund) return <p className="mt-2 text-sm text-amber-900">{`Delivered ${delivered}, after ${formatDay(promise.arrivesBy.latest)}.`}</p>;
  const amount = formatDollars(promise.lateRefund.amount);
  return (
    <p className="mt-2 text-sm text-amber-900">
      {`Delivered ${delivered}, after ${formatDay(promise.arrivesBy.latest)}: the buyer got its ${amount} shipping back. `}
      {promise.lateRefund.paidBy === 'seller'
        ? `UPS first scanned it after ${formatDay(promise.shipBy)}, so it comes off your shipping credit.`
        : 'It was with UPS in time, so the marketplace paid it.'}
    </p>
  );
}
