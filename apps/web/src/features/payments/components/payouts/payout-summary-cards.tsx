import type { ReactNode } from 'react';
import { CalendarClock, CalendarDays, TrendingDown, TrendingUp, Users } from 'lucide-react';
import type { QuickStats } from '@marketplace/contracts/payouts';
import { formatDollars } from '../../../../lib/format';
import { pluralise } from '../../../../lib/plural';
import { formatPercentageChange } from './payout-format';

/** What the cards show when quick-stats failed: zeros (docs/product/errors.md only logs that failure). */
const NO_QUICK_STATS: QuickStats = {
  this_month: { amount: 0, count: 0 },
  last_month: { amount: 0, count: 0 },
  percentage_changes: { amount_change: null, count_change: null },
  active_sellers: 0,
};

interface SummaryCardProps {
  title: string;
  icon: ReactNode;
  value: string;
  detail?: ReactNode;
  isLoading: boolean;
}

function SummaryCard({ title, icon, value, detail, isLoading }: SummaryCardProps) {
  return (
    <section aria-label={title} aria-busy={isLoading || undefined} className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5">
      <div className="flex items-center justify-between gap-3">
        <h2 className="text-sm font-medium text-slate-600">{title}</h2>
        <span className="rounded-lg bg-slate-50 p-2 text-slate-500">{icon}</span>
      </div>
      <p className="mt-2 text-2xl font-semibold tracking-tight text-slate-900">{isLoading ? '…' : value}</p>
      {!isLoading && detail && <div className="mt-1 text-sm text-slate-600">{detail}</div>}
    </section>
  );
}

function AmountChange({ change }: { change: number | null }) {
  if (change === null) return null;
  const isUp = change >= 0;
  const Icon = isUp ? TrendingUp : TrendingDown;
  return (
    <span className={`inline-flex items-center gap-1 font-medium ${isUp ? 'text-emerald-700' : 'text-red-700'}`}>
      <Icon className="size-4" aria-hidden />
      {`${formatPercentageChange(change)} vs last month`}
    </span>
  );
}

/** This Month, Last Month and Active Sellers (docs/product/payouts.md), from quick-stats. */
export function PayoutSummaryCards({ quickStats, isLoading }: { quickStats: QuickStats | undefined; isLoading: boolean }) {
  const stats = quickStats ?? NO_QUICK_STATS;
  return (
    <div className="grid gap-3 sm:grid-cols-3 sm:gap-4">
      <SummaryCard
        title="This Month"
        icon={<CalendarDays className="size-5" aria-hidden />}
        value={formatDollars(stats.this_month.amount)}
        isLoading={isLoading}
        detail={
          <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
            <span>{pluralise(stats.this_month.count, 'payout')}</span>
            <AmountChange change={stats.percentage_changes.amount_change} />
          </div>
        }
      />
      <SummaryCard
        title="Last Month"
        icon={<CalendarClock className="size-5" aria-hidden />}
        value={formatDollars(stats.last_month.amount)}
        isLoading={isLoading}
        detail={pluralise(stats.last_month.count, 'payout')}
      />
      <SummaryCard
        title="Active Sellers"
        icon={<Users className="size-5" aria-hidden />}
        value={String(stats.active_sellers)}
        isLoading={isLoading}
        detail="With a complete Stripe account"
      />
    </div>
  );
}
