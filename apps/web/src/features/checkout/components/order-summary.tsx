import type { CheckoutSummaryResponse } from '@marketplace/contracts/orders';
import { ProductImage } from '../../../components/product-image';
import { formatDollars } from '../../../lib/format';

/** The lines and the four totals: items, add-ons, shipping and the order total. */
export function OrderSummary({ summary }: { summary: CheckoutSummaryResponse }) {
  return (
    <section aria-labelledby="summary-title" className="rounded-2xl border border-slate-200 bg-white p-4 sm:p-5">
      <h2 id="summary-title" className="text-lg font-semibold text-slate-900">
        Order summary
      </h2>
      <ul className="mt-3 divide-y divide-slate-100">
        {summary.items.map((item) => (
          <li key={item.id} className="flex gap-3 py-3">
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
        ))}
      </ul>
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
          <dd className="tabular-nums">{summary.shipping === 0 ? 'Free' : formatDollars(summary.shipping)}</dd>
        </div>
        <div className="flex justify-between border-t border-slate-200 pt-2 text-base font-semibold text-slate-900">
          <dt>Order total</dt>
          <dd className="tabular-nums">{formatDollars(summary.orderTotal)}</dd>
        </div>
      </dl>
      {summary.shipping > 0 && <p className="mt-2 text-xs text-slate-500">Free shipping on orders with items totalling $50.00 or more.</p>}
    </section>
  );
}
