import { cloneElement } from 'react';
import type * as Recharts from 'recharts';
import { render, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ORDER_ITEM_STATUSES } from '@marketplace/contracts/orders';
import { statusChartColour, statusColourHex } from '@marketplace/domain/status-colours';
import { StatusChart, statusChartData } from './analytics-charts';

// jsdom lays nothing out, so recharts' ResponsiveContainer measures 0 × 0 and draws nothing: give the
// chart a fixed size instead, and skip the entry animation, and it renders its SVG as in the browser.
vi.mock('recharts', async (importOriginal) => {
  const recharts = await importOriginal<typeof Recharts>();
  return {
    ...recharts,
    ResponsiveContainer: ({ children }: { children: React.ReactElement<{ width?: number; height?: number }> }) =>
      cloneElement(children, { width: 600, height: 280 }),
    Pie: (props: React.ComponentProps<typeof recharts.Pie>) => <recharts.Pie {...props} isAnimationActive={false} />,
    Bar: (props: React.ComponentProps<typeof recharts.Bar>) => <recharts.Bar {...props} isAnimationActive={false} />,
  };
});

const STATUSES = [
  { status: 'pending', count: 2 },
  { status: 'approved', count: 0 },
  { status: 'rejected', count: 1 },
  { status: 'shipped', count: 3 },
  { status: 'delivered', count: 4 },
  { status: 'refunded', count: 1 },
] as const;

describe('the order-status chart uses the status colours of packages/domain', () => {
  it('colours each status as its badge does, whatever its position (Shipped was red, Rejected amber)', () => {
    const data = statusChartData(STATUSES);
    expect(data.map((entry) => entry.status)).toEqual(['pending', 'rejected', 'shipped', 'delivered', 'refunded']);
    for (const entry of data) expect(entry.fill).toBe(statusChartColour(entry.status, 'orderItem'));
    expect(data.find((entry) => entry.status === 'shipped')?.fill).toBe(statusColourHex.green);
    expect(data.find((entry) => entry.status === 'rejected')?.fill).toBe(statusColourHex.red);
    expect(data.find((entry) => entry.status === 'pending')?.fill).toBe(statusColourHex.yellow);
  });

  it('has a distinct colour for every order-item status', () => {
    const data = statusChartData(ORDER_ITEM_STATUSES.map((status) => ({ status, count: 1 })));
    expect(new Set(data.map((entry) => entry.fill)).size).toBe(ORDER_ITEM_STATUSES.length);
  });

  it.each(['pie', 'bar'] as const)('draws the %s with those colours', async (type) => {
    const { container } = render(<StatusChart statuses={STATUSES} type={type} summary="Order items by status" />);
    const fillsDrawn = () =>
      [...container.querySelectorAll('path[fill]')]
        .filter((path) => path.closest('.recharts-pie-sector, .recharts-bar-rectangle'))
        .map((shape) => shape.getAttribute('fill'));
    // The shapes appear once recharts' entry animation has run.
    await waitFor(() => expect(fillsDrawn()).toEqual(statusChartData(STATUSES).map((entry) => entry.fill)));
    expect(fillsDrawn()).not.toContain('#ff7f50');
  });
});
