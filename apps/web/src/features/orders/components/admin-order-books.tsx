import { useId, type ReactNode } from 'react';
import { CircleCheck } from 'lucide-react';
import type { OrderBooksResponse, OrderBooksShop } from '@marketplace/contracts/payouts';
import { formatCents } from '@marketplace/domain/money';
import { unaccountedCents } from '@marketplace/domain/order-books';
import { Alert } from '../../../components/alert';
import { LoadError, LoadingState } from '../../../components/list-states';
import { StatusBadge, statusLabel } from '../../../components/status-badge';
import { useGetAdminOrderBooksQuery } from '../admin-api';

// The books of an order on the admin's order page (docs/product/money.md, "The books of an order"): where every
// cent the buyer paid went, shop by shop, and that it adds up:
//   buyer paid = sellers' payouts + shipping credited − labels charged + the marketplace's take + refunds.

type BookFigures = OrderBooksResponse['totals'];
type BookItem = OrderBooksShop['items'][number];
type BookLabel = OrderBooksShop['labels'][number];

/** An amount with the sign it takes in the books: `+$8.95` added, `−$19.55` taken away, `$0.00` for nothing. */
function signed(cents: number, sign: '+' | '−'): string {
  if (cents === 0) return formatCents(0);
  const shown = cents > 0 ? sign : sign === '+' ? '−' : '+';
  return `${shown}${formatCents(Math.abs(cents))}`;
}

/** "$101.95 = $80.60 payouts + $8.95 shipping − $19.55 labels + $31.95 marketplace + $0.00 refunds" */
function equation(figures: BookFigures, relation: '=' | '≠'): string {
  return (
    `${formatCents(figures.paidCents)} ${relation} ${formatCents(figures.payoutsCents)} payouts` +
    ` + ${formatCents(figures.shippingCreditedCents)} shipping` +
    ` − ${formatCents(figures.labelsChargedCents)} labels` +
    ` + ${formatCents(figures.platformCents)} marketplace` +
    ` + ${formatCents(figures.refundedCents)} refunds`
  );
}

/** The one-line check in words; a warning when the figures do not add up. */
function BalanceCheck({ figures, scope }: { figures: BookFigures; scope: string }) {
  const gap = unaccountedCents(figures);
  if (gap === 0) {
    return (
      <p className="flex items-start gap-2 text-sm text-emerald-800">
        <CircleCheck className="mt-0.5 size-4 shrink-0" aria-hidden />
        <span className="min-w-0 break-words">{`Balanced: ${equation(figures, '=')}`}</span>
      </p>
    );
  }
  return (
    <Alert tone="warning" title={`${scope} do not balance`}>
      <span className="break-words">{`${equation(figures, '≠')}: ${formatCents(Math.abs(gap))} ${gap > 0 ? 'unaccounted for' : 'too much accounted for'}.`}</span>
    </Alert>
  );
}

/** One figure of a shop's books; `children` (its labels) goes under it, across the row. */
function Row({
  term,
  value,
  strong = false,
  className = '',
  children,
}: {
  term: string;
  value: string;
  strong?: boolean;
  className?: string;
  children?: ReactNode;
}) {
  return (
    <div className={`grid grid-cols-[minmax(0,1fr)_auto] items-baseline gap-x-4 ${strong ? 'font-semibold text-slate-900' : ''} ${className}`}>
      <dt className={strong ? undefined : 'text-slate-500'}>{term}</dt>
      <dd className="text-right tabular-nums">{value}</dd>
      {children && <dd className="col-span-2">{children}</dd>}
    </div>
  );
}

function LabelList({ labels, shopName }: { labels: BookLabel[]; shopName: string }) {
  return (
    <ul aria-label={`Labels of ${shopName}`} className="mt-1 grid gap-1 border-l-2 border-slate-100 pl-3 text-xs text-slate-500">
      {labels.map((label) => (
        <li key={label.shipmentId} className="flex flex-wrap items-baseline justify-between gap-x-3">
          <span className="min-w-0 font-mono break-all">{label.trackingNumber ?? 'No tracking number'}</span>
          <span className="tabular-nums">{label.voided ? `${formatCents(label.chargesCents)} · voided, credited back` : signed(label.chargesCents, '−')}</span>
        </li>
      ))}
    </ul>
  );
}

function PayoutState({ status }: { status: BookItem['payoutStatus'] }) {
  if (status === null) return <span className="text-xs whitespace-nowrap text-slate-500">Not paid out</span>;
  return <StatusBadge kind="payout" status={status} label={`Payout ${statusLabel(status).toLowerCase()}`} />;
}

function ItemList({ items, shopName }: { items: BookItem[]; shopName: string }) {
  return (
    <ul aria-label={`Items from ${shopName}`} className="grid divide-y divide-slate-100">
      {items.map((item) => (
        <li key={item.orderItemId} className="grid gap-2 py-2.5 first:pt-0 last:pb-0">
          <div className="flex items-start justify-between gap-3">
            <p className="min-w-0 text-sm font-medium break-words text-slate-900">{item.title}</p>
            <PayoutState status={item.payoutStatus} />
          </div>
          <dl className="grid grid-cols-2 gap-x-4 gap-y-1 text-xs sm:grid-cols-4">
            {(
              [
                ['Paid', formatCents(item.paidCents)],
                ['Refunded', formatCents(item.refundedCents)],
                ['Payout', formatCents(item.payoutCents)],
                ['Shipping credit', formatCents(item.shippingCreditCents)],
              ] as const
            ).map(([term, value]) => (
              <div key={term} className="min-w-0">
                <dt className="text-slate-500">{term}</dt>
                <dd className="font-medium text-slate-900 tabular-nums">{value}</dd>
              </div>
            ))}
          </dl>
        </li>
      ))}
    </ul>
  );
}

function ShopBooks({ shop }: { shop: OrderBooksShop }) {
  const headingId = useId();
  return (
    <article aria-labelledby={headingId} className="grid min-w-0 content-start gap-3 rounded-lg border border-slate-200 p-3 sm:p-4">
      <h3 id={headingId} className="text-sm font-semibold break-words text-slate-900">
        {shop.shopName}
      </h3>
      <dl className="grid gap-1.5 text-sm">
        <Row term="Buyer paid" value={formatCents(shop.paidCents)} strong />
        <Row term="Refunded" value={formatCents(shop.refundedCents)} />
        <Row term="Seller payouts" value={formatCents(shop.payoutsCents)} />
        <Row term="Shipping credited" value={signed(shop.shippingCreditedCents, '+')} />
        <Row term="Labels charged" value={signed(shop.labelsChargedCents, '−')}>
          {shop.labels.length > 0 && <LabelList labels={shop.labels} shopName={shop.shopName} />}
        </Row>
        <Row term="Marketplace's take" value={formatCents(shop.platformCents)} />
        <Row term="Transferred so far" value={formatCents(shop.transferredCents)} strong className="mt-1 border-t border-slate-200 pt-2" />
      </dl>
      {unaccountedCents(shop) !== 0 && <BalanceCheck figures={shop} scope={`${shop.shopName}'s books`} />}
      {shop.items.length > 0 && <ItemList items={shop.items} shopName={shop.shopName} />}
    </article>
  );
}

function OrderTotals({ totals }: { totals: BookFigures }) {
  const headingId = useId();
  const tiles: [string, string][] = [
    ['Buyer paid', formatCents(totals.paidCents)],
    ['Refunded', formatCents(totals.refundedCents)],
    ['Seller payouts', formatCents(totals.payoutsCents)],
    ['Shipping credited', signed(totals.shippingCreditedCents, '+')],
    ['Labels charged', signed(totals.labelsChargedCents, '−')],
    ["Marketplace's take", formatCents(totals.platformCents)],
  ];
  return (
    <article aria-labelledby={headingId} className="grid gap-3 rounded-lg bg-slate-50 p-3 sm:p-4">
      <h3 id={headingId} className="text-sm font-semibold text-slate-900">
        Order totals
      </h3>
      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-3 xl:grid-cols-6">
        {tiles.map(([term, value]) => (
          <div key={term} className="min-w-0">
            <dt className="text-xs text-slate-500">{term}</dt>
            <dd className="text-base font-semibold text-slate-900 tabular-nums">{value}</dd>
          </div>
        ))}
      </dl>
      <BalanceCheck figures={totals} scope="The order's books" />
    </article>
  );
}

function Books({ books }: { books: OrderBooksResponse }) {
  return (
    <div className="grid gap-4">
      {books.shops.length > 0 ? (
        <div className="grid gap-4 lg:grid-cols-2">
          {books.shops.map((shop) => (
            <ShopBooks key={shop.sellerId} shop={shop} />
          ))}
        </div>
      ) : (
        <p className="text-sm text-slate-600">No shop has items in this order.</p>
      )}
      <OrderTotals totals={books.totals} />
    </div>
  );
}

/** The "Money" section of the admin's order page: the order's books, shop by shop, then the whole order's. */
export function AdminOrderBooks({ orderId }: { orderId: string }) {
  const headingId = useId();
  const { data, error, isLoading, isFetching, refetch } = useGetAdminOrderBooksQuery(orderId);
  return (
    <section aria-labelledby={headingId} className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5">
      <h2 id={headingId} className="text-base font-semibold text-slate-900">
        Money
      </h2>
      <p className="mt-1 text-sm text-slate-600">Where every cent the buyer paid went, shop by shop.</p>
      <div className="mt-3">
        {isLoading ? (
          <LoadingState label="Loading the order's money…" />
        ) : data ? (
          <Books books={data} />
        ) : (
          <LoadError title="The order's money could not be loaded" error={error} onRetry={() => void refetch()} isRetrying={isFetching} />
        )}
      </div>
    </section>
  );
}
