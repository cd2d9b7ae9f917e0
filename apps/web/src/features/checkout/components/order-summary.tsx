import type { CheckoutShop, CheckoutSummaryResponse } from '@marketplace/contracts/orders';
import { formatArrivalRange } from '@marketplace/domain/delivery-dates';
import { Truck } from 'lucide-react';
import { ProductImage } from '../../../components/product-image';
import { formatDollars } from '../../../lib/format';

type SummaryItem = CheckoutSummaryResponse['items'][number];

/** The cart's lines shop by shop, in the order the summary lists the shops (a line of a shop it does not name comes last). */
function partsOf(summary: CheckoutSummaryResponse): { shop: CheckoutShop | null; items: SummaryItem[] }[] {
  const parts = summary.shops.map((shop) => ({ shop: shop as CheckoutShop | null, items: summary.items.filter((item) => item.seller.id === shop.sellerId) }));
  const named = new Set(summary.shops.map((shop) => shop.sellerId));
  const rest = summary.items.filter((item) => !named.has(item.seller.id));
  return rest.length > 0 ? [...parts, { shop: null, items: rest }] : parts;
}

const shippingText = (shipping: number | null) => (shipping === null ? 'At the address step' : shipping === 0 ? 'Free' : formatDollars(shipping));

function Line({ item }: { item: SummaryItem }) {
  return (
    <li className="flex gap-3 py-3">
      <ProductImage src={item.image} alt="" className="size-14 shrink-0 rounded-lg" />
      <div className="min-w-0 flex-1 text-sm">
        <p className="line-clamp-2 font-medium text-slate-900">{item.title}</p>
        {item.variant_label && <p className="text-slate-700">{item.variant_label}</p>}
        {item.personalization && (
          <p className="break-words whitespace-pre-line text-slate-700">
            <span className="font-medium">Personalisation:</span> {item.personalization}
          </p>
        )}
        <p className="text-slate-600">
          {item.quantity} × {formatDollars(item.price)}
        </p>
        {item.retip_added && item.retip_label && (
          <p className="text-slate-600">
            + {item.retip_label} ({formatDollars(item.retip_price)})
          </p>
        )}
      </div>
    </li>
  );
}

/**
 * Each shop's part — its lines, its shipping and the days it arrives between (docs/product/shipping.md) — then the
 * four totals: items, add-ons, shipping (the shops' sum) and the order total.
 */
export function OrderSummary({ summary, isUpdating = false }: { summary: CheckoutSummaryResponse; isUpdating?: boolean }) {
  const parts = partsOf(summary);
  return (
    <section aria-labelledby="summary-title" aria-busy={isUpdating} className="rounded-2xl border border-slate-200 bg-white p-4 sm:p-5">
      <h2 id="summary-title" className="text-lg font-semibold text-slate-900">
        Order summary
      </h2>
      <div className="mt-1 divide-y divide-slate-200">
        {parts.map(({ shop, items }) => (
          <div key={shop?.sellerId ?? 'other'} className="py-2">
            {shop && parts.length > 1 && <h3 className="pt-1 text-sm font-semibold text-slate-800">{shop.shopName || 'Shop'}</h3>}
            <ul className="divide-y divide-slate-100">
              {items.map((item) => (
                <Line key={item.id} item={item} />
              ))}
            </ul>
            {shop && (
              <div className="flex items-start gap-2 rounded-lg bg-slate-50 px-3 py-2 text-sm">
                <Truck className="mt-0.5 size-4 shrink-0 text-slate-500" aria-hidden />
                <div className="min-w-0 flex-1">
                  <p className="flex justify-between gap-2">
                    <span className="text-slate-700">Shipping{parts.length > 1 ? ` from ${shop.shopName || 'this shop'}` : ''}</span>
                    <span className="tabular-nums text-slate-900">{shippingText(shop.shipping)}</span>
                  </p>
                  {shop.arrivesBy ? (
                    <p className="font-medium text-emerald-800">Arrives {formatArrivalRange(shop.arrivesBy)}</p>
                  ) : (
                    <p className="text-slate-600">Delivery dates show once we know your ZIP code.</p>
                  )}
                </div>
              </div>
            )}
          </div>
        ))}
      </div>
      <dl className="mt-2 space-y-1.5 border-t border-slate-200 pt-3 text-sm">
        <div className="flex justify-between">
          <dt className="text-slate-600">Items total</dt>
          <dd className="tabular-nums">{formatDollars(summary.itemsTotal)}</dd>
        </div>
        <div className="flex justify-between">
          <dt className="text-slate-600">Add-on services</dt>
          <dd className="tabular-nums">{formatDollars(summary.retipTotal)}</dd>
        </div>
        <div className="flex justify-between">
          <dt className="text-slate-600">Shipping</dt>
          <dd className="tabular-nums">
            {summary.shippingCalculated ? (summary.shipping === 0 ? 'Free' : formatDollars(summary.shipping)) : `${formatDollars(summary.shipping)} so far`}
          </dd>
        </div>
        <div className="flex justify-between border-t border-slate-200 pt-2 text-base font-semibold text-slate-900">
          <dt>Order total</dt>
          <dd className="tabular-nums">{formatDollars(summary.orderTotal)}</dd>
        </div>
      </dl>
      {!summary.shippingCalculated && summary.shippingNote && <p className="mt-2 text-xs text-slate-600">{summary.shippingNote}</p>}
    </section>
  );
}
