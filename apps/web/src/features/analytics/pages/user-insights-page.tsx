import type { ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import { ArrowLeft, Mail, Phone, Store } from 'lucide-react';
import type { UserInsightsResponse } from '@marketplace/contracts/users';
import { shortId } from '@marketplace/domain/short-id';
import { LoadError, LoadingState } from '../../../components/list-states';
import { PageHeader } from '../../../components/page-header';
import { StatusBadge } from '../../../components/status-badge';
import { describeApiError } from '../../../lib/api-error';
import { formatDate, formatDollars } from '../../../lib/format';
import { useGetUserInsightsQuery } from '../admin-api';

type Insights = UserInsightsResponse;

const ROLE_DESCRIPTIONS: Record<Insights['user']['role'], string> = {
  buyer: 'Their orders and spending on the marketplace.',
  seller: 'Their listings and sales on the marketplace.',
  admin: 'An administrator of the marketplace.',
};

function BackToUsers() {
  return (
    <Link to="/admin/users" className="inline-flex items-center gap-1.5 text-sm font-medium text-brand-700 hover:text-brand-800">
      <ArrowLeft className="size-4" aria-hidden />
      Back to users
    </Link>
  );
}

function Panel({ title, children }: { title: string; children: ReactNode }) {
  const id = `insights-${title.toLowerCase().replaceAll(/\W+/g, '-')}`;
  return (
    <section aria-labelledby={id} className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5">
      <h2 id={id} className="text-base font-semibold text-slate-900">
        {title}
      </h2>
      <div className="mt-4">{children}</div>
    </section>
  );
}

function Stats({ stats }: { stats: [string, string][] }) {
  return (
    <dl className="grid grid-cols-2 gap-3 lg:grid-cols-4">
      {stats.map(([label, value]) => (
        <div key={label} className="rounded-lg bg-slate-50 p-3">
          <dt className="text-xs font-medium text-slate-500">{label}</dt>
          <dd className="mt-1 text-lg font-semibold text-slate-900 tabular-nums">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

function ProfileCard({ user }: { user: Insights['user'] }) {
  const name = `${user.firstName} ${user.lastName}`.trim();
  return (
    <section aria-label="Profile" className="flex flex-col gap-4 rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:flex-row sm:items-center sm:p-5">
      <span className="grid size-14 shrink-0 place-items-center rounded-full bg-brand-100 text-lg font-semibold text-brand-800" aria-hidden>
        {(user.firstName.charAt(0) + user.lastName.charAt(0)).toUpperCase() || '?'}
      </span>
      <div className="min-w-0 flex-1">
        <div className="flex flex-wrap items-center gap-2">
          <p className="text-lg font-semibold text-slate-900">{name || user.email}</p>
          <StatusBadge kind="role" status={user.role} />
          <StatusBadge kind="user" status={user.status} />
        </div>
        <ul className="mt-2 grid gap-1 text-sm text-slate-600 sm:flex sm:flex-wrap sm:gap-x-5">
          <li className="flex min-w-0 items-center gap-1.5">
            <Mail className="size-4 shrink-0 text-slate-400" aria-hidden />
            <a href={`mailto:${user.email}`} className="truncate hover:text-brand-700">
              {user.email}
            </a>
          </li>
          {user.phone && (
            <li className="flex items-center gap-1.5">
              <Phone className="size-4 text-slate-400" aria-hidden />
              {user.phone}
            </li>
          )}
          {user.companyName && (
            <li className="flex items-center gap-1.5">
              <Store className="size-4 text-slate-400" aria-hidden />
              {user.companyName}
            </li>
          )}
          <li>Member since {formatDate(user.createdAt)}</li>
        </ul>
      </div>
    </section>
  );
}

function OrderLink({ orderId }: { orderId: string }) {
  return (
    <Link
      to={`/admin/orders/orderItems/${orderId}`}
      aria-label={`View order ${shortId(orderId)}`}
      title={orderId}
      className="font-mono text-sm font-medium text-brand-700 hover:text-brand-800"
    >
      #{shortId(orderId)}
    </Link>
  );
}

function BuyerPanel({ buyer }: { buyer: NonNullable<Insights['buyer']> }) {
  return (
    <Panel title="As a buyer">
      <Stats
        stats={[
          ['Orders', String(buyer.ordersCount)],
          ['Total spent', formatDollars(buyer.totalSpent)],
          ['Last order', buyer.lastOrderAt ? formatDate(buyer.lastOrderAt) : 'Never'],
          ['Average order', buyer.ordersCount > 0 ? formatDollars(Math.round((buyer.totalSpent / buyer.ordersCount) * 100) / 100) : '—'],
        ]}
      />
      <h3 className="mt-5 text-sm font-semibold text-slate-900">Recent orders</h3>
      {buyer.recentOrders.length === 0 ? (
        <p className="mt-2 text-sm text-slate-500">No orders yet.</p>
      ) : (
        <ul className="mt-2 divide-y divide-slate-100" aria-label="Recent orders">
          {buyer.recentOrders.map((order) => (
            <li key={order.id} className="flex flex-wrap items-center justify-between gap-x-4 gap-y-1 py-2.5">
              <div className="flex items-center gap-3">
                <OrderLink orderId={order.id} />
                <span className="text-sm text-slate-500">{formatDate(order.createdAt)}</span>
              </div>
              <div className="flex items-center gap-3">
                <span className="text-sm text-slate-500">{`${order.itemsCount} ${order.itemsCount === 1 ? 'item' : 'items'}`}</span>
                <StatusBadge status={order.status} />
                <span className="w-24 text-right text-sm font-medium tabular-nums">{formatDollars(order.total)}</span>
              </div>
            </li>
          ))}
        </ul>
      )}
    </Panel>
  );
}

function SellerPanel({ seller }: { seller: NonNullable<Insights['seller']> }) {
  return (
    <Panel title="As a seller">
      <Stats
        stats={[
          ['Listings', String(seller.listingsCount)],
          ['Active listings', String(seller.activeListings)],
          ['Items sold', String(seller.itemsSold)],
          ['Revenue', formatDollars(seller.revenue)],
        ]}
      />
      <h3 className="mt-5 text-sm font-semibold text-slate-900">Recent sales</h3>
      {seller.recentSales.length === 0 ? (
        <p className="mt-2 text-sm text-slate-500">No sales yet.</p>
      ) : (
        <ul className="mt-2 divide-y divide-slate-100" aria-label="Recent sales">
          {seller.recentSales.map((sale) => (
            <li key={sale.orderItemId} className="grid gap-1 py-2.5 sm:grid-cols-[minmax(0,1fr)_auto] sm:items-center sm:gap-4">
              <div className="min-w-0">
                <p className="truncate text-sm font-medium text-slate-900">
                  {sale.quantity} × {sale.title}
                </p>
                <p className="text-xs text-slate-500">
                  <OrderLink orderId={sale.orderId} /> · {sale.buyer.fullName} · {formatDate(sale.createdAt)}
                </p>
              </div>
              <div className="flex items-center gap-3">
                <StatusBadge status={sale.status} />
                <span className="w-24 text-right text-sm font-medium tabular-nums">{formatDollars(sale.total)}</span>
              </div>
            </li>
          ))}
        </ul>
      )}
    </Panel>
  );
}

export function UserInsightsPage() {
  const { userId = '' } = useParams();
  const { data, error, isLoading, isFetching, refetch } = useGetUserInsightsQuery(userId);

  if (isLoading) {
    return (
      <div className="grid gap-6">
        <BackToUsers />
        <LoadingState label="Loading insights…" />
      </div>
    );
  }

  if (!data) {
    return (
      <div className="grid gap-6">
        <BackToUsers />
        <PageHeader title="User insights" description="What this person buys and sells on the marketplace." />
        {describeApiError(error).status === 404 ? (
          <p className="rounded-xl border border-dashed border-slate-300 bg-white p-6 text-center text-slate-600">
            This user does not exist. Find them in the users list.
          </p>
        ) : (
          <LoadError title="Insights could not be loaded" error={error} onRetry={() => void refetch()} isRetrying={isFetching} />
        )}
      </div>
    );
  }

  const { user, buyer, seller } = data;
  const name = `${user.firstName} ${user.lastName}`.trim() || user.email;

  return (
    <div className="grid gap-6">
      <BackToUsers />
      <PageHeader title={`Insights: ${name}`} description={ROLE_DESCRIPTIONS[user.role]} />
      <ProfileCard user={user} />
      {seller && <SellerPanel seller={seller} />}
      {buyer && <BuyerPanel buyer={buyer} />}
      {!buyer && !seller && (
        <p className="rounded-xl border border-dashed border-slate-300 bg-white p-6 text-center text-slate-600">
          Administrators neither buy nor sell, so there is nothing to show.
        </p>
      )}
    </div>
  );
}
