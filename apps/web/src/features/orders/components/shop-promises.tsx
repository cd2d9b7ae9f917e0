import type { BuyerOrderDetail, BuyerOrderDetailItem, OrderShopPart } from '@marketplace/contracts/orders';
import { formatArrivalRange, formatDay } from '@marketplace/domain/delivery-dates';
import { Alert } from '../../../components/alert';
import { formatDollars } from '../../../lib/format';
import { CancelItemsButton, cancelRefundCents } from './cancel-items-button';

// The delivery promise of each shop's part of an order, as the checkout showed it, and whether it was kept
// (docs/product/shipping.md "A late parcel refunds its shipping").

type Parcel = OrderShopPart['promise']['parcels'][number];

/** The shop's part an item belongs to, or null (an order placed before shops set their shipping). */
export function shopPartOf(order: BuyerOrderDetail, itemId: string): OrderShopPart | null {
  return order.shops.find((shop) => shop.itemIds.includes(itemId)) ?? null;
}

/** "Arrived Dec 14 — on time", or "Arrived Dec 18 — after the Dec 16 we promised". */
function arrivalText(deliveredOn: string, kept: boolean, latest: string): string {
  return kept ? `Arrived ${formatDay(deliveredOn)} — on time` : `Arrived ${formatDay(deliveredOn)} — after the ${formatDay(latest)} we promised`;
}

/** One arrival, in the success tone when it came by the last day promised and the warning tone after it. */
function Arrival({ deliveredOn, kept, latest, lateRefund = null }: { deliveredOn: string; kept: boolean; latest: string; lateRefund?: number | null }) {
  const text = arrivalText(deliveredOn, kept, latest);
  if (kept) return <Alert tone="success">{text}</Alert>;
  if (lateRefund === null) return <Alert tone="warning">{text}</Alert>;
  return (
    <Alert tone="warning" title={text}>
      We refunded its {formatDollars(lateRefund)} shipping to your card.
    </Alert>
  );
}

/** The parcel an item went in, once it has a label. */
function parcelOf(part: OrderShopPart, item: BuyerOrderDetailItem): Parcel | null {
  if (!item.tracking_number) return null;
  return part.promise.parcels.find((parcel) => parcel.trackingNumber === item.tracking_number) ?? null;
}

/**
 * Beside an item: "Expected Dec 12–16" while it is on its way, then when its parcel arrived and whether that kept the
 * promise; nothing for an item that will not come (or one marked delivered without a carrier's scan).
 */
export function ItemPromise({ part, item }: { part: OrderShopPart | null; item: BuyerOrderDetailItem }) {
  if (!part) return null;
  const parcel = parcelOf(part, item);
  if (parcel?.deliveredOn) return <Arrival deliveredOn={parcel.deliveredOn} kept={parcel.kept !== false} latest={part.arrivesBy.latest} />;
  if (!['pending', 'approved', 'shipped'].includes(item.status)) return null;
  return (
    <p className="text-sm text-slate-700">
      Expected <span className="font-semibold text-slate-900">{formatArrivalRange(part.arrivesBy)}</span>
    </p>
  );
}

/** "Dec 14, on time", "Dec 18, late" or "on its way". */
function parcelOutcome(parcel: Parcel): string {
  if (!parcel.deliveredOn) return 'on its way';
  return `${formatDay(parcel.deliveredOn)}, ${parcel.kept === false ? 'late' : 'on time'}`;
}

/** A part sent in several parcels: each one's tracking number and the day it came. */
function Parcels({ part }: { part: OrderShopPart }) {
  const { parcels } = part.promise;
  if (parcels.length < 2) return null;
  return (
    <ul aria-label={`Parcels from ${part.shopName || 'the shop'}`} className="mt-1 space-y-0.5 text-slate-600">
      {parcels.map((parcel) => (
        <li key={parcel.trackingNumber} className="flex flex-wrap justify-between gap-x-2">
          <span className="font-mono text-xs break-all text-slate-700">{parcel.trackingNumber}</span>
          <span>{parcelOutcome(parcel)}</span>
        </li>
      ))}
    </ul>
  );
}

/** Where a shop's part stands against its promise: the days it should arrive between, or when it came. */
function PartOutcome({ part }: { part: OrderShopPart }) {
  const { state, deliveredOn, lateRefund } = part.promise;
  if (state === 'waiting' || !deliveredOn) {
    return (
      <p className="text-slate-600">
        Arrives {formatArrivalRange(part.arrivesBy)} · {part.rateDescription}
      </p>
    );
  }
  return <Arrival deliveredOn={deliveredOn} kept={state === 'kept'} latest={part.arrivesBy.latest} lateRefund={lateRefund} />;
}

/** Every item of the part was cancelled (or rejected): no parcel comes, so no date is promised any more. */
function isCancelledPart(order: BuyerOrderDetail, part: OrderShopPart): boolean {
  const items = order.items.filter((item) => part.itemIds.includes(item.id));
  return items.length > 0 && items.every((item) => item.status === 'cancelled' || item.status === 'rejected');
}

/** A shop's part that still waits for its seller, with two or more items: the buyer may cancel it at once (one item has its own button). */
function CancelShopPart({ order, part }: { order: BuyerOrderDetail; part: OrderShopPart }) {
  const items = order.items.filter((item) => part.itemIds.includes(item.id));
  const pending = items.filter((item) => item.status === 'pending');
  if (pending.length < 2 || items.some((item) => item.status !== 'pending' && item.status !== 'cancelled')) return null;
  const shopName = part.shopName || 'the shop';
  const what = `${pending.length} items from ${shopName}`;
  return (
    <CancelItemsButton
      orderId={order.id}
      choice={{ sellerId: part.sellerId }}
      label={`Cancel these ${pending.length} items`}
      ariaLabel={`Cancel the ${what}`}
      what={what}
      refundCents={cancelRefundCents(pending)}
      className="-ml-2.5"
    />
  );
}

/** Each shop's shipping and the days its part should arrive between (or when it came), in the order's summary. */
export function ShopPromises({ order }: { order: BuyerOrderDetail }) {
  if (order.shops.length === 0) return null;
  return (
    <div>
      <h4 className="text-sm font-medium text-slate-900">Delivery</h4>
      <ul className="mt-1 space-y-2 text-sm">
        {order.shops.map((shop) => (
          <li key={shop.sellerId} className="space-y-1">
            <p className="flex justify-between gap-2">
              <span className="text-slate-700">{shop.shopName || 'Shop'}</span>
              <span className="tabular-nums text-slate-900">{shop.shipping === 0 ? 'Free' : formatDollars(shop.shipping)}</span>
            </p>
            {isCancelledPart(order, shop) ? <p className="text-slate-600">Cancelled: nothing from this shop will ship</p> : <PartOutcome part={shop} />}
            <Parcels part={shop} />
            <CancelShopPart order={order} part={shop} />
          </li>
        ))}
      </ul>
    </div>
  );
}
