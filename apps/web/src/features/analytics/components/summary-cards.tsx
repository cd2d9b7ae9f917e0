import { DollarSign, Package, Receipt, ShoppingBag, type LucideIcon } from 'lucide-react';
import type { AnalyticsSummaryResponse } from '@marketplace/contracts/analytics';
import { formatDollars } from '../../../lib/format';

type Figure = keyof AnalyticsSummaryResponse['current'];

const CARDS: Array<{ figure: Figure; label: string; icon: LucideIcon; format: (value: number) => string }> = [
  { figure: 'revenue', label: 'Revenue', icon: DollarSign, format: formatDollars },
  { figure: 'orders', label: 'Orders', icon: ShoppingBag, format: String },
  { figure: 'itemsSold', label: 'Items sold', icon: Package, format: String },
  { figure: 'averageOrderValue', label: 'Average order value', icon: Receipt, format: formatDollars },
];

function ChangeLine({ change, rangeLabel }: { change: number | null; rangeLabel: string }) {
  const previous = `vs previous ${rangeLabel}`;
  if (change === null) return <p className="mt-0.5 text-sm text-slate-500">No sales in the previous {rangeLabel} to compare</p>;
  const tone = change > 0 ? 'text-emerald-700' : change < 0 ? 'text-red-700' : 'text-slate-600';
  const sign = change > 0 ? '+' : '';
  return (
    <p className="mt-0.5 text-sm text-slate-500">
      <span className={`font-medium ${tone}`}>{`${sign}${change}%`}</span> {previous}
    </p>
  );
}

/** Totals for the chosen days range, each with its change against the same number of days before. */
export function SummaryCards({ summary, rangeLabel }: { summary: AnalyticsSummaryResponse; rangeLabel: string }) {
  return (
    <ul aria-label="Summary" className="grid grid-cols-1 gap-3 min-[420px]:grid-cols-2 lg:grid-cols-4">
      {CARDS.map(({ figure, label, icon: Icon, format }) => (
        <li key={figure} aria-label={label} className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
          <div className="flex items-center justify-between gap-2">
            <p className="text-sm font-medium text-slate-600">{label}</p>
            <span className="grid size-9 place-items-center rounded-lg bg-brand-50 text-brand-700">
              <Icon className="size-[18px]" aria-hidden />
            </span>
          </div>
          <p className="mt-2 text-2xl font-semibold tabular-nums text-slate-900">{format(summary.current[figure])}</p>
          <ChangeLine change={summary.change[figure]} rangeLabel={rangeLabel} />
        </li>
      ))}
    </ul>
  );
}
