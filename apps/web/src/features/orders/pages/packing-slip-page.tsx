import { Link, useParams } from 'react-router';
import { ArrowLeft, Gift, Printer } from 'lucide-react';
import { shortId } from '@marketplace/domain/short-id';
import { Button } from '../../../components/button';
import { LoadError, LoadingState } from '../../../components/list-states';
import { useDocumentTitle } from '../../../lib/document-title';
import { formatDate, formatDollars } from '../../../lib/format';
import { useGetSellerOrderQuery } from '../api';
import { AddressLines } from '../components/address-lines';

/**
 * /seller/orders/items/:orderId/packing-slip: the sheet that goes in the parcel (docs/product/checkout.md
 * "Gifts"): the shop, the order, where it ships, and the seller's items with their variant and the buyer's
 * personalisation. A gift shows the buyer's message and no prices.
 */
export function PackingSlipPage() {
  const { orderId = '' } = useParams();
  const { data: order, isLoading, isError, error, isFetching, refetch } = useGetSellerOrderQuery(orderId);
  useDocumentTitle(order ? `Packing slip · Order #${shortId(order.orderId)}` : 'Packing slip');
  const isGift = order?.gift != null;

  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-center justify-between gap-3 print:hidden">
        <Link to={`/seller/orders/items/${orderId}`} className="inline-flex items-center gap-1 text-sm font-medium text-brand-700 hover:text-brand-800">
          <ArrowLeft className="size-4" aria-hidden /> Back to the order
        </Link>
        {order && (
          <Button variant="secondary" size="sm" onClick={() => window.print()}>
            <Printer className="size-4" aria-hidden /> Print
          </Button>
        )}
      </div>
      <article
        aria-labelledby="slip-title"
        className="space-y-6 rounded-xl border border-slate-200 bg-white p-5 shadow-sm sm:p-8 print:border-0 print:p-0 print:shadow-none"
      >
        <header className="flex flex-wrap items-start justify-between gap-4 border-b border-slate-200 pb-4">
          <div>
            <p className="text-sm font-medium text-slate-500">{order?.shopName}</p>
            <h1 id="slip-title" className="text-2xl font-semibold text-slate-900">
              Packing slip
            </h1>
          </div>
          {order && (
            <dl className="text-sm sm:text-right">
              <div>
                <dt className="inline text-slate-500">Order </dt>
                <dd className="inline font-medium text-slate-900">#{shortId(order.orderId)}</dd>
              </div>
              <div>
                <dt className="inline text-slate-500">Placed </dt>
                <dd className="inline text-slate-900">{formatDate(order.orderCreatedAt)}</dd>
              </div>
            </dl>
          )}
        </header>
        {isLoading ? (
          <LoadingState label="Loading the order…" />
        ) : isError || !order ? (
          <LoadError title="The order could not be loaded" error={error} onRetry={() => void refetch()} isRetrying={isFetching} />
        ) : (
          <>
            <section aria-labelledby="ship-to-title">
              <h2 id="ship-to-title" className="mb-1 text-sm font-semibold text-slate-900">
                Ship to
              </h2>
              <AddressLines address={order.shippingInfo.shippingAddress} />
            </section>
            {order.gift && (
              <section aria-labelledby="gift-title" className="rounded-lg border border-brand-200 bg-brand-50 p-4 print:border-slate-400 print:bg-white">
                <h2 id="gift-title" className="flex items-center gap-2 font-semibold text-slate-900">
                  <Gift className="size-4 text-brand-700 print:hidden" aria-hidden /> A gift for you
                </h2>
                {order.gift.message ? (
                  <p className="mt-2 break-words whitespace-pre-line text-slate-800">{order.gift.message}</p>
                ) : (
                  <p className="mt-2 text-slate-600">Sent with love — no message was added.</p>
                )}
              </section>
            )}
            <section aria-labelledby="slip-items-title">
              <h2 id="slip-items-title" className="mb-2 text-sm font-semibold text-slate-900">
                In this parcel
              </h2>
              <table className="w-full text-left text-sm">
                <thead className="border-b border-slate-300 text-slate-600">
                  <tr>
                    <th scope="col" className="py-2 pr-3 font-medium">
                      Item
                    </th>
                    <th scope="col" className="py-2 pr-3 text-right font-medium">
                      Qty
                    </th>
                    {!isGift && (
                      <th scope="col" className="py-2 text-right font-medium">
                        Price
                      </th>
                    )}
                  </tr>
                </thead>
                <tbody className="divide-y divide-slate-200">
                  {order.items.map((item) => (
                    <tr key={item.orderItemId} className="align-top">
                      <td className="py-3 pr-3">
                        <p className="font-medium text-slate-900">{item.itemTitle}</p>
                        {item.variantLabel && <p className="text-slate-700">{item.variantLabel}</p>}
                        {item.retipAdded && <p className="text-slate-700">With the add-on service</p>}
                        {item.personalization && (
                          <p className="mt-1 break-words whitespace-pre-line text-slate-900">
                            <span className="font-medium">Personalisation:</span> {item.personalization}
                          </p>
                        )}
                      </td>
                      <td className="py-3 pr-3 text-right tabular-nums">{item.quantity}</td>
                      {!isGift && <td className="py-3 text-right tabular-nums">{formatDollars(item.itemTotal)}</td>}
                    </tr>
                  ))}
                </tbody>
                {!isGift && (
                  <tfoot className="border-t border-slate-300">
                    <tr>
                      <th scope="row" colSpan={2} className="py-2 pr-3 text-right font-medium text-slate-600">
                        Shipping
                      </th>
                      <td className="py-2 text-right tabular-nums">{formatDollars(order.amounts.proportionalShipping)}</td>
                    </tr>
                    <tr>
                      <th scope="row" colSpan={2} className="py-2 pr-3 text-right font-semibold text-slate-900">
                        Total
                      </th>
                      <td className="py-2 text-right font-semibold tabular-nums">{formatDollars(order.amounts.orderTotal)}</td>
                    </tr>
                  </tfoot>
                )}
              </table>
            </section>
            <p className="border-t border-slate-200 pt-4 text-sm text-slate-600">Thank you for your order from {order.shopName}.</p>
          </>
        )}
      </article>
    </div>
  );
}
