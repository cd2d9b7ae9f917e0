import { Link, useParams, useSearchParams } from 'react-router';
import { CircleCheck, Printer } from 'lucide-react';
import { lineWithAddOnCents } from '@marketplace/domain/item-settlement';
import type { BuyerOrderDetail } from '@marketplace/contracts/orders';
import { dollarsToCents, formatCents } from '@marketplace/domain/money';
import { shortId } from '@marketplace/domain/short-id';
import { Button, buttonClasses } from '../../../components/button';
import { LoadError, LoadingState } from '../../../components/list-states';
import { PageHeader } from '../../../components/page-header';
import { PostalAddress } from '../../../components/postal-address';
import { formatDateTime, formatDollars } from '../../../lib/format';
import { useGetMyOrderQuery } from '../buyer-orders-api';
import { cardLabel } from '../components/buyer-order-details';
import { OrderAmounts } from '../components/order-amounts';

/** The checkout comes here with ?placed=1, so the page thanks the buyer (and still does on reload). */
const JUST_PLACED_PARAM = 'placed';

const NEXT_STEPS = [
  'Each seller confirms their items, usually within a day. While every item is still waiting, you can cancel the order from My Orders.',
  'The seller ships with UPS. The tracking number and every scan of the parcel show in My Orders.',
  'If something is wrong with an item, message the seller or open a dispute from the order.',
];

function lineTotalCents(item: BuyerOrderDetail['items'][number]): number {
  return lineWithAddOnCents({
    unitPriceCents: dollarsToCents(item.price),
    quantity: item.quantity,
    addOnCents: item.retipAdded ? dollarsToCents(item.retipPrice) : 0,
  });
}

function Receipt({ order }: { order: BuyerOrderDetail }) {
  const card = cardLabel(order.payment);
  const address = order.shippingAddress;
  return (
    <section aria-label="Receipt" className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6 print:border-0 print:p-0 print:shadow-none">
      <header className="flex flex-wrap items-start justify-between gap-2 border-b border-slate-200 pb-3">
        <div>
          <h2 className="text-lg font-semibold text-slate-900">Receipt</h2>
          <p className="text-sm text-slate-600">Marketplace · order #{shortId(order.id)}</p>
        </div>
        <dl className="text-sm sm:text-right print:text-right">
          <dt className="sr-only">Placed</dt>
          <dd className="text-slate-900">{formatDateTime(order.createdAt)}</dd>
          {card && (
            <>
              <dt className="sr-only">Payment</dt>
              <dd className="text-slate-600">{card}</dd>
            </>
          )}
        </dl>
      </header>
      <table className="mt-3 w-full text-sm">
        <caption className="sr-only">Items</caption>
        <thead>
          <tr className="text-left text-xs tracking-wide text-slate-500 uppercase">
            <th scope="col" className="pb-2 font-semibold">
              Item
            </th>
            <th scope="col" className="pb-2 text-right font-semibold">
              Amount
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {order.items.map((item) => (
            <tr key={item.id}>
              <td className="py-2 pr-3 align-top">
                <span className="font-medium text-slate-900">{item.title}</span>
                {item.variantLabel && <span className="block text-slate-700">{item.variantLabel}</span>}
                <span className="block text-slate-600">
                  {item.quantity} × {formatDollars(item.price)}
                  {item.retipAdded && <> · add-on {formatDollars(item.retipPrice)}</>}
                </span>
              </td>
              <td className="py-2 text-right align-top tabular-nums">{formatCents(lineTotalCents(item))}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <div className="mt-3 grid gap-4 border-t border-slate-200 pt-3 sm:grid-cols-2 print:grid-cols-2">
        <div>
          <h3 className="text-sm font-medium text-slate-900">Shipping to</h3>
          <PostalAddress className="mt-1 text-sm text-slate-600" address={{ ...address, postalCode: address.postal_code }} />
        </div>
        <OrderAmounts order={order} />
      </div>
    </section>
  );
}

/**
 * /myorders/:orderId/receipt: the confirmation right after checkout ("?placed=1") and the order's
 * printable receipt at any later time. It reads the order from the API, so it survives a reload, and
 * only the buyer's own order is ever answered (docs/decisions/0009).
 */
export function OrderReceiptPage() {
  const { orderId = '' } = useParams();
  const [searchParams] = useSearchParams();
  const isJustPlaced = searchParams.get(JUST_PLACED_PARAM) === '1';
  const detail = useGetMyOrderQuery(orderId);
  const order = detail.data;
  const orderNumber = shortId(orderId);

  let title = 'Receipt';
  if (order && isJustPlaced) title = 'Thank you, your order is placed';

  return (
    <div className="mx-auto max-w-3xl space-y-6">
      <div className="print:hidden">
        <PageHeader
          title={title}
          description={
            order ? (
              <span className="inline-flex items-center gap-1.5">
                {isJustPlaced && <CircleCheck className="size-5 shrink-0 text-emerald-600" aria-hidden />}
                Order number <strong className="font-mono font-semibold text-slate-900">{orderNumber}</strong>
              </span>
            ) : (
              `Order ${orderNumber}`
            )
          }
          actions={
            order && (
              <Button variant="secondary" onClick={() => window.print()}>
                <Printer className="size-4" aria-hidden />
                Print receipt
              </Button>
            )
          }
        />
      </div>
      {detail.isLoading ? (
        <LoadingState label="Loading your order…" />
      ) : detail.isError || !order ? (
        <LoadError title="This order could not be loaded" error={detail.error} onRetry={() => void detail.refetch()} isRetrying={detail.isFetching} />
      ) : (
        <>
          <Receipt order={order} />
          <section aria-labelledby="next-steps-title" className="rounded-xl border border-slate-200 bg-white p-4 sm:p-6 print:hidden">
            <h2 id="next-steps-title" className="font-semibold text-slate-900">
              What happens next
            </h2>
            <ol className="mt-2 list-decimal space-y-1.5 pl-5 text-sm text-slate-700">
              {NEXT_STEPS.map((step) => (
                <li key={step}>{step}</li>
              ))}
            </ol>
            <div className="mt-4 flex flex-wrap gap-2">
              <Link to={`/myorders/${encodeURIComponent(order.id)}`} className={buttonClasses()}>
                Follow your order in My Orders
              </Link>
              <Link to="/products" className={buttonClasses({ variant: 'secondary' })}>
                Continue shopping
              </Link>
            </div>
          </section>
        </>
      )}
    </div>
  );
}
