import type { BuyerOrderDetail, OrderShopPart } from '@marketplace/contracts/orders';
import { formatArrivalRange } from '@marketplace/domain/delivery-dates';
import { formatDollars } from '../../../lib/format';

// The delivery promise of each shop's part of an order, as the checkout showed it (docs/product/shipping.md).

/** The shop's part an item belongs to, or null (an order placed before shops set their shipping). */
export function shopPartOf(order: BuyerOrderDetail, itemId: string): OrderShopPart | null {
  return order.shops.find((shop) => shop.itemIds.includes(itemId)) ?? null;
}

/** "Expected Dec 12–16" beside an item still on its way; nothing once it arrived or will not come. */
export function ItemPromise({ part, status }: { part: OrderShopPart | null; status: string }) {
  if (!part || !['pending', 'approved', 'shipped'].includes(status)) return null;
  return (
    <p className="text-sm text-slate-700">
      Expected <span className="font-semibold text-slate-900">{formatArrivalRange(part.arrivesBy)}</span>
    </p>
  );
}

/** Each shop's shipping and the days its part should arrive between, in the order's summary. */
export function ShopPromises({ order }: { order: BuyerOrderDetail }) {
  if (order.shops.length === 0) return null;
  return (
    <div>
      <h4 className="text-sm font-medium text-slate-900">Delivery</h4>
      <ul className="mt-1 space-y-2 text-sm">
        {order.shops.map((shop) => (
          <li key={shop.sellerId}>
            <p className="flex justify-between gap-2">
              <span className="text-slate-700">{shop.shopName || 'Shop'}</span>
              <span className="tabular-nums text-slate-900">{shop.shipping === 0 ? 'Free' : formatDollars(shop.shipping)}</span>
            </p>
            <p className="text-slate-600">
              Arrives {formatArrivalRange(shop.arrivesBy)} · {shop.rateDescription}
            </p>
          </li>
        ))}
      </ul>
    </div>
  );
}
