import { Bar, BarChart, CartesianGrid, Legend, Line, LineChart, Pie, PieChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import type { PayoutStats } from '@marketplace/contracts/payouts';
import { statusChartColour } from '@marketplace/domain/status-colours';
import { formatDollars } from '../../../../lib/format';
import { statusLabel } from '../../../../components/status-badge';
import { pluralise } from '../../../../lib/plural';
import { formatDollarTotal, formatSeriesDay } from './payout-format';

export const CHART_TYPES = ['line', 'bar', 'pie'] as const;
export type ChartType = (typeof CHART_TYPES)[number];

/** docs/product/limits.md: the chart palette is coral, green, amber, red, purple. */
const PALETTE = { coral: '#ff7f50', green: '#22c55e', amber: '#f59e0b', red: '#ef4444', purple: '#8b5cf6' } as const;
const CHART_HEIGHT = 288;

function formatAxisDollars(value: number): string {
  return value >= 1000 ? `$${Math.round(value / 100) / 10}k` : `$${value}`;
}

/** The text alternative for the line and bar charts: what a sighted reader takes from them. */
export function describeTimeSeries(stats: PayoutStats, dateRangeLabel: string): string {
  const series = stats.time_series;
  const count = series.reduce((total, point) => total + point.count, 0);
  return `Paid payouts, ${dateRangeLabel.toLowerCase()}: ${formatDollarTotal(series.map((point) => point.amount))} across ${pluralise(count, 'payout')}`;
}

/** The text alternative for the pie chart: each status and its count. */
export function describeStatusDistribution(stats: PayoutStats, dateRangeLabel: string): string {
  const parts = stats.status_distribution.map((entry) => `${entry.count} ${entry.status}`);
  return `Payouts by status, ${dateRangeLabel.toLowerCase()}: ${parts.length > 0 ? parts.join(', ') : 'none'}`;
}

function TimeSeriesChart({ stats, type }: { stats: PayoutStats; type: 'line' | 'bar' }) {
  const data = stats.time_series.map((point) => ({ ...point, day: formatSeriesDay(point.date) }));
  const axes = (
    <>
      <CartesianGrid strokeDasharray="3 3" stroke="#e2e8f0" vertical={false} />
      <XAxis dataKey="day" tick={{ fontSize: 12, fill: '#64748b' }} tickLine={false} minTickGap={16} />
      <YAxis tickFormatter={formatAxisDollars} tick={{ fontSize: 12, fill: '#64748b' }} tickLine={false} axisLine={false} width={56} />
      <Tooltip formatter={(value) => [formatDollars(Number(value)), 'Amount']} />
    </>
  );
  return (
    <ResponsiveContainer width="100%" height={CHART_HEIGHT}>
      {type === 'line' ? (
        <LineChart data={data} margin={{ top: 8, right: 12, bottom: 0, left: 0 }}>
          {axes}
          <Line type="monotone" dataKey="amount" name="Amount" stroke={PALETTE.coral} strokeWidth={2} dot={false} activeDot={{ r: 4 }} />
        </LineChart>
      ) : (
        <BarChart data={data} margin={{ top: 8, right: 12, bottom: 0, left: 0 }}>
          {axes}
          <Bar dataKey="amount" name="Amount" fill={PALETTE.coral} radius={[4, 4, 0, 0]} />
        </BarChart>
      )}
    </ResponsiveContainer>
  );
}

function StatusPieChart({ stats }: { stats: PayoutStats }) {
  // Each status in its badge's colour (packages/domain), so Paid is the same green here as in the table.
  const data = stats.status_distribution.map((entry) => ({
    name: statusLabel(entry.status),
    value: entry.count,
    fill: statusChartColour(entry.status, 'payout'),
  }));
  return (
    <ResponsiveContainer width="100%" height={CHART_HEIGHT}>
      <PieChart>
        <Pie data={data} dataKey="value" nameKey="name" innerRadius="45%" outerRadius="80%" paddingAngle={2} />
        <Tooltip formatter={(value, name) => [String(value), String(name)]} />
        <Legend verticalAlign="bottom" height={28} formatter={(value: string) => <span className="text-slate-700">{value}</span>} />
      </PieChart>
    </ResponsiveContainer>
  );
}

/**
 * Amount per day (line or bar) or payouts by status (pie). The chart is drawn for the eye; its
 * summary is both the accessible name and a visible caption.
 */
export function PayoutChart({ stats, type, dateRangeLabel }: { stats: PayoutStats; type: ChartType; dateRangeLabel: string }) {
  const summary = type === 'pie' ? describeStatusDistribution(stats, dateRangeLabel) : describeTimeSeries(stats, dateRangeLabel);
  const isEmpty = type === 'pie' ? stats.status_distribution.every((entry) => entry.count === 0) : stats.time_series.length === 0;
  return (
    <figure className="grid gap-2">
      {isEmpty ? (
        <div className="flex h-72 items-center justify-center rounded-lg bg-slate-50 text-sm text-slate-500">No payouts in this period</div>
      ) : (
        <div role="img" aria-label={summary} data-chart={type} className="min-w-0">
          {type === 'pie' ? <StatusPieChart stats={stats} /> : <TimeSeriesChart stats={stats} type={type} />}
        </div>
      )}
      <figcaption className="text-sm text-slate-600">{summary}</figcaption>
    </figure>
  );
}
