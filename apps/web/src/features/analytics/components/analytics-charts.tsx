import { Bar, BarChart, CartesianGrid, Cell, Legend, Line, LineChart, Pie, PieChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { statusChartColour } from '@marketplace/domain/status-colours';
import { formatDollars } from '../../../lib/format';
import { formatShortDay, revenueByWeek, statusLabel, type SalesRow, type StatusRow, type TopProductRow } from './datasets';

/** Long product titles would overlap on the axis: the chart shows the start, the table the whole. */
const shortLabel = (title: string) => (title.length > 20 ? `${title.slice(0, 19)}…` : title);

export const CHART_TYPES = ['line', 'bar', 'pie'] as const;
export type ChartType = (typeof CHART_TYPES)[number];

/** docs/product/limits.md: the chart palette is exactly coral, green, amber, red, purple. */
export const CHART_PALETTE = ['#ff7f50', '#22c55e', '#f59e0b', '#ef4444', '#8b5cf6'] as const;
const [CORAL] = CHART_PALETTE;
const colourAt = (index: number) => CHART_PALETTE[index % CHART_PALETTE.length]!;
const CHART_HEIGHT = 280;
const AXIS_TICK = { fontSize: 12, fill: '#64748b' };

function formatAxisDollars(value: number): string {
  return value >= 1000 ? `$${Math.round(value / 100) / 10}k` : `$${value}`;
}

const dollarsTooltip = (value: unknown) => formatDollars(Number(value));

/** The drawing is for the eye; `summary` is its accessible name (tests and screen readers read it). */
function ChartFrame({ summary, type, children }: { summary: string; type: string; children: React.ReactElement }) {
  return (
    <div role="img" aria-label={summary} data-chart={type} className="min-w-0">
      <ResponsiveContainer width="100%" height={CHART_HEIGHT}>
        {children}
      </ResponsiveContainer>
    </div>
  );
}

function RevenuePie({ data, summary }: { data: Array<{ name: string; value: number }>; summary: string }) {
  return (
    <ChartFrame summary={summary} type="pie">
      <PieChart>
        <Pie data={data} dataKey="value" nameKey="name" innerRadius="40%" outerRadius="75%" paddingAngle={2}>
          {data.map((entry, index) => (
            <Cell key={entry.name} fill={colourAt(index)} />
          ))}
        </Pie>
        <Tooltip formatter={dollarsTooltip} />
        <Legend verticalAlign="bottom" wrapperStyle={{ fontSize: 12 }} />
      </PieChart>
    </ChartFrame>
  );
}

/** Revenue per day as a line or bars; the pie shows revenue per week of the window. */
export function SalesChart({ points, type, summary }: { points: readonly SalesRow[]; type: ChartType; summary: string }) {
  if (type === 'pie') {
    const weeks = revenueByWeek(points).map((week) => ({ name: week.name, value: week.revenue }));
    return <RevenuePie data={weeks.filter((week) => week.value > 0)} summary={summary} />;
  }
  const data = points.map((point) => ({ ...point, day: formatShortDay(point.date) }));
  const axes = [
    <CartesianGrid key="grid" strokeDasharray="3 3" stroke="#e2e8f0" vertical={false} />,
    <XAxis key="x" dataKey="day" tick={AXIS_TICK} tickLine={false} minTickGap={16} />,
    <YAxis key="y" tickFormatter={formatAxisDollars} tick={AXIS_TICK} tickLine={false} axisLine={false} width={56} />,
    <Tooltip key="tooltip" formatter={(value) => [formatDollars(Number(value)), 'Revenue']} />,
  ];
  return (
    <ChartFrame summary={summary} type={type}>
      {type === 'line' ? (
        <LineChart data={data} margin={{ top: 8, right: 12, bottom: 0, left: 0 }}>
          {axes}
          <Line type="monotone" dataKey="revenue" name="Revenue" stroke={CORAL} strokeWidth={2} dot={false} activeDot={{ r: 4 }} />
        </LineChart>
      ) : (
        <BarChart data={data} margin={{ top: 8, right: 12, bottom: 0, left: 0 }}>
          {axes}
          <Bar dataKey="revenue" name="Revenue" fill={CORAL} radius={[4, 4, 0, 0]} />
        </BarChart>
      )}
    </ChartFrame>
  );
}

/** Revenue per product: bars (for line and bar) or a pie. */
export function TopProductsChart({ products, type, summary }: { products: readonly TopProductRow[]; type: ChartType; summary: string }) {
  if (type === 'pie') return <RevenuePie data={products.map((product) => ({ name: product.title, value: product.revenue }))} summary={summary} />;
  return (
    <ChartFrame summary={summary} type="bar">
      <BarChart data={[...products]} layout="vertical" margin={{ top: 4, right: 12, bottom: 0, left: 0 }}>
        <CartesianGrid strokeDasharray="3 3" stroke="#e2e8f0" horizontal={false} />
        <XAxis type="number" tickFormatter={formatAxisDollars} tick={AXIS_TICK} tickLine={false} />
        <YAxis type="category" dataKey="title" tick={AXIS_TICK} tickLine={false} axisLine={false} width={130} interval={0} tickFormatter={shortLabel} />
        <Tooltip formatter={(value) => [formatDollars(Number(value)), 'Revenue']} />
        <Bar dataKey="revenue" name="Revenue" radius={[0, 4, 4, 0]}>
          {products.map((product, index) => (
            <Cell key={product.productId} fill={colourAt(index)} />
          ))}
        </Bar>
      </BarChart>
    </ChartFrame>
  );
}

/**
 * The status chart's slices or bars: statuses with no items are left out, and each status is drawn in
 * its own colour from packages/domain (the same as its badge), not the palette: the palette's order would
 * paint whichever status came first coral and the fourth red.
 */
export function statusChartData(statuses: readonly StatusRow[]): Array<{ status: string; name: string; value: number; fill: string }> {
  return statuses
    .filter((entry) => entry.count > 0)
    .map((entry) => ({ status: entry.status, name: statusLabel(entry.status), value: entry.count, fill: statusChartColour(entry.status, 'orderItem') }));
}

const legendText = (value: string) => <span className="text-slate-700">{value}</span>;

/** Order items per status: a pie (for line and pie) or bars. */
export function StatusChart({ statuses, type, summary }: { statuses: readonly StatusRow[]; type: ChartType; summary: string }) {
  const data = statusChartData(statuses);
  if (type === 'bar') {
    return (
      <ChartFrame summary={summary} type="bar">
        <BarChart data={data} margin={{ top: 8, right: 12, bottom: 0, left: 0 }}>
          <CartesianGrid strokeDasharray="3 3" stroke="#e2e8f0" vertical={false} />
          <XAxis dataKey="name" tick={AXIS_TICK} tickLine={false} interval={0} />
          <YAxis allowDecimals={false} tick={AXIS_TICK} tickLine={false} axisLine={false} width={40} />
          <Tooltip />
          <Bar dataKey="value" name="Order items" radius={[4, 4, 0, 0]}>
            {data.map((entry) => (
              <Cell key={entry.status} fill={entry.fill} data-status={entry.status} />
            ))}
          </Bar>
        </BarChart>
      </ChartFrame>
    );
  }
  return (
    <ChartFrame summary={summary} type="pie">
      <PieChart>
        <Pie data={data} dataKey="value" nameKey="name" innerRadius="40%" outerRadius="75%" paddingAngle={2}>
          {data.map((entry) => (
            <Cell key={entry.status} fill={entry.fill} data-status={entry.status} />
          ))}
        </Pie>
        <Tooltip />
        {/* The swatch carries the colour, the text stays readable even for the lightest shades; statuses in their order. */}
        <Legend
          verticalAlign="bottom"
          wrapperStyle={{ fontSize: 12 }}
          formatter={legendText}
          itemSorter={(item) => data.findIndex((entry) => entry.name === item.value)}
        />
      </PieChart>
    </ChartFrame>
  );
}
