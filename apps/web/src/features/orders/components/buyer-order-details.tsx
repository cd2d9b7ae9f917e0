import { Link, useSearchParams } from 'react-router';
import { Receipt } from 'lucide-react';
import type { BuyerOrderDetail, BuyerOrderDetailItem, OrderItemStatus, OrderShopPart } from '@marketplace/contracts/orders';
import type { MyReview } from '@marketplace/contracts/reviews';
import { formatCents } from '@marketplace/domain/money';
import { buttonClasses } from '../../../components/button';
import { PostalAddress } from '../../../components/postal-address';
import { formatDollars, formatShortDate } from '../../../lib/format';
import { useListOrderReviewsQuery } from '../reviews-api';
import { BuyerItemActions } from './buyer-item-actions';
import { ItemReview, wasDelivered } from './item-review';
import { OrderAmounts } from './order-amounts';
import { OrderItemSummary } from './order-item-summary';
import { OrderItemTimeline } from './order-item-timeline';
import { OrderItemTracking } from './order-item-tracking';
import { ReturnStatusPanel } from './return-status-panel';
import { ItemPromise, ShopPromises, shopPartOf } from './shop-promises';

export function cardLabel(payment: BuyerOrderDetail['payment']): string | null {
  if (!payment?.cardLast4) return null;
  const brand = payment.cardBrand ? payment.cardBrand.charAt(0).toUpperCase() + payment.cardBrand.slice(1) : 'Card';
  return `${brand} ending in ${payment.cardLast4}`;
}

function noTrackingText(status: OrderItemStatus): string {
  if (status === 'pending' || status === 'approved') return 'The tracking number appears here as soon as the seller ships the item.';
  if (status === 'rejected' || status === 'cancelled') return 'This item was not shipped.';
  return 'No tracking number is recorded for this item.';
}

function ItemRefunds({ item }: { item: BuyerOrderDetailItem }) {
  if (item.refunds.length === 0) return null;
  return (
    <section aria-label={`Refunds of ${item.title}`} className="rounded-lg bg-emerald-50 p-3 text-sm text-emerald-900">
      <ul className="space-y-1">
        {item.refunds.map((refund, index) => (
          <li key={`${refund.createdAt}-${index}`}>
            <span className="font-medium">
              Refunded {formatDollars(refund.amount)} on {formatShortDate(refund.createdAt)}
            </span>
            {refund.reason && <span className="text-emerald-800"> · {refund.reason}</span>}
          </li>
        ))}
      </ul>
      {item.refunds.length > 1 && <p className="mt-1 text-emerald-800">In all {formatCents(item.refunded_cents)} back to your card for this item.</p>}
    </section>
  );
}

/** Where the item's return stands (the returns feature's panel), or until when it may be returned. */
function ItemReturn({ item }: { item: BuyerOrderDetailItem }) {
  const info = item.returnInfo;
  if (!info) return null;
  if (info.returnRequest) return <ReturnStatusPanel returnId={info.returnRequest.id} />;
  if (info.canReturn && info.returnWindowEndsAt) {
    return <p className="text-sm text-slate-600">You can return this item until {formatShortDate(info.returnWindowEndsAt)}.</p>;
  }
  return null;
}

interface OrderItemPanelProps {
  orderId: string;
  item: BuyerOrderDetailItem;
  /** Its shop's part of the order, with the days it should arrive between; null for an older order. */
  part: OrderShopPart | null;
  /** The buyer's review of the item; undefined while none (or while the reviews load). */
  review: MyReview | undefined;
  /** Whether the buyer's reviews of this order are known (the review part waits for them). */
  reviewsLoaded: boolean;
  isReviewLinked: boolean;
}

function OrderItemPanel({ orderId, item, part, review, reviewsLoaded, isReviewLinked }: OrderItemPanelProps) {
  return (
    <li>
      <article
        aria-label={item.title}
        className="space-y-4 rounded-xl border border-slate-200 bg-white p-4 sm:p-5 print:break-inside-avoid print:border-slate-400"
      >
        <OrderItemSummary item={item} imageClassName="print:hidden" />
        <div className="grid gap-5 md:grid-cols-2">
          <div>
            <h4 className="mb-2 text-xs font-semibold tracking-wide text-slate-500 uppercase">Progress</h4>
            <OrderItemTimeline steps={item.timeline} itemTitle={item.title} />
          </div>
          <div className="space-y-3">
            <h4 className="text-xs font-semibold tracking-wide text-slate-500 uppercase">Delivery</h4>
            <ItemPromise part={part} item={item} />
            {item.tracking_number ? (
              <OrderItemTracking item={item} />
            ) : item.shippedAnotherWay ? (
              <p className="text-sm text-slate-700">
                The seller sent it with <span className="font-medium text-slate-900">{item.shippedAnotherWay.carrier}</span>
                {item.shippedAnotherWay.trackingNumber && (
                  <>
                    , tracking number <span className="font-mono break-all select-all">{item.shippedAnotherWay.trackingNumber}</span>
                  </>
                )}
                . That carrier’s scans are not shown here.
              </p>
            ) : (
              <p className="text-sm text-slate-600">{noTrackingText(item.status)}</p>
            )}
          </div>
        </div>
        <ItemRefunds item={item} />
        <ItemReturn item={item} />
        {reviewsLoaded && (review || wasDelivered(item)) && <ItemReview orderId={orderId} item={item} review={review} isLinked={isReviewLinked} />}
        <BuyerItemActions orderId={orderId} item={item} />
      </article>
    </li>
  );
}

/** Everything about one order for its buyer: each item's road, parcel, refunds and actions, then the money and the address. */
export function BuyerOrderDetails({ order }: { order: BuyerOrderDetail }) {
  const card = cardLabel(order.payment);
  const address = order.shippingAddress;
  const [searchParams] = useSearchParams();
  const linkedItemId = searchParams.get('review');
  const hasDelivered = order.items.some(wasDelivered);
  const reviews = useListOrderReviewsQuery(order.id, { skip: !hasDelivered });
  const reviewOf = (itemId: string) => reviews.data?.items.find((review) => review.orderItemId === itemId);
  return (
    <div className="grid gap-5 lg:grid-cols-[minmax(0,1fr)_18rem]">
      <ul className="space-y-4" aria-label="Items">
        {order.items.map((item) => (
          <OrderItemPanel
            key={item.id}
            orderId={order.id}
            item={item}
            part={shopPartOf(order, item.id)}
            review={reviewOf(item.id)}
            reviewsLoaded={reviews.data !== undefined}
            isReviewLinked={linkedItemId === item.id}
          />
        ))}
      </ul>
      <aside aria-label="Order summary" className="space-y-4 self-start rounded-xl border border-slate-200 bg-white p-4 sm:p-5">
        <OrderAmounts order={order} />
        {card && <p className="text-sm text-slate-600">Paid with {card}</p>}
        <ShopPromises order={order} />
        <div>
          <h4 className="text-sm font-medium text-slate-900">Shipping to</h4>
          <PostalAddress className="mt-1 text-sm text-slate-600" address={{ ...address, postalCode: address.postal_code }} />
        </div>
        <Link to={`/myorders/${order.id}/receipt`} className={buttonClasses({ variant: 'secondary', size: 'sm', className: 'w-full' })}>
          <Receipt className="size-4" aria-hidden />
          Receipt
        </Link>
      </aside>
    </div>
  );
}
