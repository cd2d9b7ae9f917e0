import { Link } from 'react-router';
import { ClipboardList, DollarSign, PackageOpen, ShoppingBag, TriangleAlert, Truck, type LucideIcon } from 'lucide-react';
import type { SellerDashboardResponse } from '@marketplace/contracts/orders';
import { dollarsToCents } from '@marketplace/domain/money';
import { formatNumber } from '@marketplace/domain/number-format';
import { buttonClasses } from '../../../components/button';
import { LoadError, LoadingState } from '../../../components/list-states';
import { PageHeader } from '../../../components/page-header';
import { formatDollars } from '../../../lib/format';
import { pluralise } from '../../../lib/plural';
import { useGetSellerDashboardQuery } from '../api';
import { AnalyticsDashboard } from '../components/analytics-dashboard';

function StatCard({ label, value, detail, icon: Icon, to }: { label: string; value: string; detail: string; icon: LucideIcon; to?: string }) {
  const body = (
    <>
      <div className="flex items-center justify-between gap-2">
        <p className="text-sm font-medium text-slate-600">{label}</p>
        <span className="grid size-9 place-items-center rounded-lg bg-brand-50 text-brand-700">
          <Icon className="size-[18px]" aria-hidden />
        </span>
      </div>
      <p className="mt-2 text-2xl font-semibold tabular-nums text-slate-900 sm:text-3xl">{value}</p>
      <p className="mt-0.5 text-sm text-slate-500">{detail}</p>
    </>
  );
  const className = 'block rounded-xl border border-slate-200 bg-white p-4 shadow-sm';
  return to ? (
    <Link to={to} className={`${className} transition hover:border-brand-300 hover:shadow-md`}>
      {body}
    </Link>
  ) : (
    <div className={className}>{body}</div>
  );
}

/**
 * The share of the shop's parts delivered by the last day promised: "94%", "17 of 18 parts delivered by the promised
 * day in the last 90 days" (docs/product/shipping.md "A late parcel refunds its shipping").
 */
function OnTimeDeliveryCard({ days, delivered, onTime, ratePercent }: SellerDashboardResponse['onTimeDelivery']) {
  const detail =
    ratePercent === null
      ? `No deliveries in the last ${days} days yet`
      : `${formatNumber(onTime)} of ${pluralise(delivered, 'part')} delivered by the promised day in the last ${days} days`;
  return <StatCard label="On-time delivery" value={ratePercent === null ? '—' : `${ratePercent}%`} detail={detail} icon={Truck} />;
}

const dayFormat = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' });
const formatDay = (date: string) => dayFormat.format(new Date(`${date}T00:00:00Z`));

/** 30 bars drawn with plain SVG; each bar has a tooltip and the numbers are also in a table for screen readers. */
function SalesChart({ daily }: { daily: SellerDashboardResponse['last30Days']['daily'] }) {
  const cents = daily.map((day) => dollarsToCents(day.sales));
  const max = Math.max(...cents, 0);
  const width = 600;
  const height = 180;
  const gap = 4;
  const barWidth = daily.length > 0 ? (width - gap * (daily.length - 1)) / daily.length : 0;
  const first = daily[0];
  const last = daily.at(-1);

  return (
    <figure>
      <svg viewBox={`0 0 ${width} ${height}`} className="h-44 w-full sm:h-56" preserveAspectRatio="none" aria-hidden>
        <line x1="0" y1={height - 0.5} x2={width} y2={height - 0.5} className="stroke-slate-200" />
        {daily.map((day, index) => {
          const barHeight = max > 0 ? Math.max((cents[index]! / max) * (height - 8), cents[index]! > 0 ? 2 : 0) : 0;
          return (
            <rect
              key={day.date}
              x={index * (barWidth + gap)}
              y={height - barHeight}
              width={barWidth}
              height={barHeight}
              rx="2"
              className={index === daily.length - 1 ? 'fill-brand-700' : 'fill-brand-400'}
            >
              <title>{`${formatDay(day.date)}: ${formatDollars(day.sales)}`}</title>
            </rect>
          );
        })}
      </svg>
      {first && last && (
        <div className="mt-1 flex justify-between text-xs text-slate-500" aria-hidden>
          <span>{formatDay(first.date)}</span>
          <span>{formatDay(last.date)}</span>
        </div>
      )}
      <figcaption className="sr-only">Sales per day for the last 30 days</figcaption>
      <table className="sr-only">
        <caption>Sales per day</caption>
        <thead>
          <tr>
            <th scope="col">Day</th>
            <th scope="col">Sales</th>
          </tr>
        </thead>
        <tbody>
          {daily.map((day) => (
            <tr key={day.date}>
              <td>{formatDay(day.date)}</td>
              <td>{formatDollars(day.sales)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </figure>
  );
}

export function SellerDashboardPage() {
  const { data, isLoading, isError, error, isFetching, refetch } = useGetSellerDashboardQuery();

  return (
    <div className="space-y-6">
      <PageHeader
        title="Dashboard"
        description="Your sales today and over the last 30 days, orders waiting for you, deliveries on time and stock running low."
      />
      {isLoading ? (
        <LoadingState label="Loading your dashboard…" />
      ) : isError || !data ? (
        <LoadError title="The dashboard could not be loaded" error={error} onRetry={() => void refetch()} isRetrying={isFetching} />
      ) : (
        <>
          <section aria-label="Key numbers" className="grid grid-cols-2 gap-3 lg:grid-cols-3 xl:grid-cols-6">
            <StatCard label="Sales today" value={formatDollars(data.today.sales)} detail={`${pluralise(data.today.orders, 'order')} today`} icon={DollarSign} />
            <StatCard label="Orders today" value={String(data.today.orders)} detail="Orders with your items" icon={ShoppingBag} />
            <StatCard
              label="Sales, last 30 days"
              value={formatDollars(data.last30Days.sales)}
              detail={pluralise(data.last30Days.orders, 'order')}
              icon={DollarSign}
            />
            <StatCard label="Orders, last 30 days" value={String(data.last30Days.orders)} detail="Orders with your items" icon={ShoppingBag} />
            <StatCard label="Open orders" value={String(data.openOrders)} detail="Waiting to be approved or shipped" icon={ClipboardList} to="/seller/orders" />
            <OnTimeDeliveryCard {...data.onTimeDelivery} />
          </section>

          <div className="grid gap-6 lg:grid-cols-[2fr_1fr]">
            <section aria-labelledby="chart-title" className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6">
              <h2 id="chart-title" className="font-semibold text-slate-900">
                Sales, last 30 days
              </h2>
              <p className="mb-4 text-sm text-slate-600">{formatDollars(data.last30Days.sales)} in total</p>
              <SalesChart daily={data.last30Days.daily} />
            </section>

            <section aria-labelledby="low-stock-title" className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6">
              <h2 id="low-stock-title" className="flex items-center gap-2 font-semibold text-slate-900">
                <TriangleAlert className="size-4 text-amber-600" aria-hidden /> Low stock
              </h2>
              {data.lowStock.length === 0 ? (
                <p className="mt-3 flex items-center gap-2 text-sm text-slate-600">
                  <PackageOpen className="size-4" aria-hidden /> Nothing is running low.
                </p>
              ) : (
                <ul className="mt-3 divide-y divide-slate-100">
                  {data.lowStock.map((product) => (
                    <li key={product.id} className="flex items-center justify-between gap-3 py-2">
                      <Link to={`/seller/listing/inventory/${product.id}`} className="min-w-0 truncate text-sm font-medium text-slate-900 hover:text-brand-700">
                        {product.title}
                      </Link>
                      <span className="shrink-0 text-sm text-amber-800 tabular-nums">{product.quantity} left</span>
                    </li>
                  ))}
                </ul>
              )}
              <Link to="/seller/inventory?lowStock=true" className={buttonClasses({ variant: 'secondary', size: 'sm', className: 'mt-4 w-full' })}>
                Open inventory
              </Link>
            </section>
          </div>
        </>
      )}
      <AnalyticsDashboard showSellerFilter={false} />
    </div>
  );
}
