import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderApp, type ApiHandler } from '../../../test/render-app';
import { logInAs } from '../../../test/tokens';
import { toCsv } from './csv';
// The dashboards' pages and the chart library under them load with this file, not inside the first
// test's wait for a chart: the app imports them lazily, and the first import of the chart library on a
// busy machine took longer than a findBy waits for a page to draw.
import '../pages/admin-dashboard-page';
import '../pages/seller-dashboard-page';

type Endpoint = 'sales-over-time' | 'top-products' | 'orders-by-status' | 'summary';
const ENDPOINTS: Endpoint[] = ['sales-over-time', 'top-products', 'orders-by-status', 'summary'];

function salesOverTime(page: number) {
  const points = Array.from({ length: 30 }, (_, index) => ({
    date: `2026-01-${String(index + 1).padStart(2, '0')}`,
    revenue: index === 29 ? 50 : index === 0 ? 12.5 : 0,
    orders: index === 29 ? 2 : index === 0 ? 1 : 0,
  }));
  return { page, from: '2026-01-01', to: '2026-01-30', points, totals: { revenue: 62.5, orders: 3 }, hasMore: page < 3 };
}

function topProducts(page: number) {
  return {
    products: [
      {
        productId: 'p1',
        title: 'Rake, steel',
        seller: { id: 's1', name: 'Green "Thumb" Co' },
        units: 6,
        revenue: 90,
        orders: 3,
        variants: [
          { label: 'Handle: Ash', units: 4, revenue: 60 },
          { label: 'Handle: Oak', units: 2, revenue: 30 },
        ],
      },
      { productId: 'p2', title: 'Novel', seller: { id: 's2', name: 'Stone Reads' }, units: 1, revenue: 20.5, orders: 1, variants: [] },
    ],
    pagination: { page, limit: 10, totalPages: 1, totalItems: 2 },
  };
}

const ORDERS_BY_STATUS = {
  page: 1,
  total: 5,
  statuses: ['pending', 'approved', 'rejected', 'shipped', 'delivered', 'completed', 'refunded', 'cancelled'].map((status) => ({
    status,
    count: status === 'pending' ? 2 : status === 'shipped' ? 3 : 0,
  })),
};

const SUMMARY = {
  days: 30,
  from: '2026-01-01',
  to: '2026-01-30',
  current: { revenue: 62.5, orders: 3, itemsSold: 7, averageOrderValue: 20.83 },
  previous: { revenue: 50, orders: 3, itemsSold: 5, averageOrderValue: 16.67 },
  change: { revenue: 25, orders: 0, itemsSold: 40, averageOrderValue: null },
};

/** Answers the four analytics calls and records each request's query per endpoint. */
function analyticsServer(calls: Record<Endpoint, URLSearchParams[]>, failing: Endpoint[] = []): ApiHandler {
  return (request) => {
    const url = new URL(request.url);
    const endpoint = ENDPOINTS.find((name) => url.pathname === `/api/analytics/${name}`);
    if (!endpoint) return jsonResponse(404, { error: 'Not found' });
    calls[endpoint].push(url.searchParams);
    if (failing.includes(endpoint)) return jsonResponse(500, { error: 'The reports are resting' });
    const page = Number(url.searchParams.get('page') ?? 1);
    if (endpoint === 'sales-over-time') return jsonResponse(200, salesOverTime(page));
    if (endpoint === 'top-products') return jsonResponse(200, topProducts(page));
    if (endpoint === 'orders-by-status') return jsonResponse(200, { ...ORDERS_BY_STATUS, page });
    return jsonResponse(200, { ...SUMMARY, days: Number(url.searchParams.get('days')) });
  };
}

function newCalls(): Record<Endpoint, URLSearchParams[]> {
  return { 'sales-over-time': [], 'top-products': [], 'orders-by-status': [], summary: [] };
}

/** jsdom's Blob has no text(); FileReader reads it. */
function readBlob(blob: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error);
    reader.readAsText(blob);
  });
}

const counts = (calls: Record<Endpoint, URLSearchParams[]>) => Object.fromEntries(ENDPOINTS.map((name) => [name, calls[name].length]));

async function openAdminDashboard(failing: Endpoint[] = []) {
  logInAs('admin');
  const calls = newCalls();
  const app = renderApp('/admin/dashboard', { api: analyticsServer(calls, failing) });
  await screen.findByRole('img', { name: /Revenue per day, Jan 1, 2026 to Jan 30, 2026: \$62\.50 from 3 orders/ });
  return { ...app, calls };
}

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
});

afterEach(() => {
  vi.restoreAllMocks();
});

describe('AnalyticsDashboard loads (docs/product/analytics.md)', () => {
  it('runs the three datasets on page and text-filter changes, and the summary on seller and days changes only', async () => {
    const { user, calls } = await openAdminDashboard();
    await waitFor(() => expect(counts(calls)).toEqual({ 'sales-over-time': 1, 'top-products': 1, 'orders-by-status': 1, summary: 1 }));
    expect(calls.summary[0]!.get('days')).toBe('30');
    expect(calls['top-products'][0]!.get('page')).toBe('1');

    // Page: the three datasets only.
    await user.click(screen.getByRole('button', { name: /Next/ }));
    await waitFor(() => expect(counts(calls)).toEqual({ 'sales-over-time': 2, 'top-products': 2, 'orders-by-status': 2, summary: 1 }));
    expect(calls['sales-over-time'][1]!.get('page')).toBe('2');
    expect(screen.getByText('Page 2')).toBeInTheDocument();

    // Second text filter (category), debounced: the three datasets only, back on page 1.
    await user.type(screen.getByLabelText('Category'), 'book');
    await waitFor(() => expect(counts(calls)).toEqual({ 'sales-over-time': 3, 'top-products': 3, 'orders-by-status': 3, summary: 1 }));
    expect(calls['orders-by-status'][2]!.get('category')).toBe('book');
    expect(calls['orders-by-status'][2]!.get('page')).toBe('1');

    // First text filter (seller): all four.
    await user.type(screen.getByLabelText('Seller'), 'stone');
    await waitFor(() => expect(counts(calls)).toEqual({ 'sales-over-time': 4, 'top-products': 4, 'orders-by-status': 4, summary: 2 }));
    expect(calls.summary[1]!.get('seller')).toBe('stone');
    expect(calls['top-products'][3]!.get('seller')).toBe('stone');

    // Days range: the summary only.
    await user.selectOptions(screen.getByLabelText('Date range'), 'Last 3 months');
    await waitFor(() => expect(counts(calls)).toEqual({ 'sales-over-time': 4, 'top-products': 4, 'orders-by-status': 4, summary: 3 }));
    expect(calls.summary[2]!.get('days')).toBe('90');

    // View and chart type switches load nothing. What shows it: a category typed after them loads its
    // three datasets and nothing else is counted. Anything a switch had started, at once or behind the same
    // debounce, would have been asked for before the category's loads.
    await user.click(within(screen.getByRole('group', { name: 'Chart type' })).getByRole('button', { name: 'Bar' }));
    await user.click(within(screen.getByRole('group', { name: 'View' })).getByRole('button', { name: 'Table' }));
    await user.type(screen.getByLabelText('Category'), 's');
    await waitFor(() =>
      expect(ENDPOINTS.filter((name) => name !== 'summary').map((name) => calls[name].at(-1)?.get('category'))).toEqual(['books', 'books', 'books']),
    );
    expect(counts(calls)).toEqual({ 'sales-over-time': 5, 'top-products': 5, 'orders-by-status': 5, summary: 3 });
  });

  it('shows a seller no seller filter and never sends one', async () => {
    logInAs('seller');
    const calls = newCalls();
    const { user } = renderApp('/seller/dashboard', { api: analyticsServer(calls) });
    await screen.findByRole('img', { name: /Revenue per day/ });
    expect(screen.queryByLabelText('Seller')).not.toBeInTheDocument();
    await user.selectOptions(screen.getByLabelText('Date range'), 'Last 7 days');
    await waitFor(() => expect(calls.summary).toHaveLength(2));
    expect(calls.summary.every((query) => !query.has('seller'))).toBe(true);
    expect(calls['sales-over-time']).toHaveLength(1);
  });
});

describe('AnalyticsDashboard views', () => {
  it('shows summary cards, line charts by default, and the palette-coloured chart types', async () => {
    const { user } = await openAdminDashboard();
    const summary = await screen.findByRole('list', { name: 'Summary' });
    expect(within(summary).getByRole('listitem', { name: 'Revenue' })).toHaveTextContent('$62.50+25% vs previous 30 days');
    expect(within(summary).getByRole('listitem', { name: 'Average order value' })).toHaveTextContent('$20.83No sales in the previous 30 days to compare');
    expect(screen.getByRole('img', { name: /Revenue per day/ })).toHaveAttribute('data-chart', 'line');
    expect(screen.getByRole('img', { name: 'Order items by status: 2 pending, 3 shipped' })).toHaveAttribute('data-chart', 'pie');

    await user.click(within(screen.getByRole('group', { name: 'Chart type' })).getByRole('button', { name: 'Pie' }));
    expect(screen.getByRole('img', { name: /Revenue per day/ })).toHaveAttribute('data-chart', 'pie');
    expect(screen.getByRole('img', { name: /Top products by revenue: Rake, steel \$90\.00, Novel \$20\.50/ })).toHaveAttribute('data-chart', 'pie');
    expect(screen.getByText(/shown by week/)).toBeInTheDocument();
  });

  it('shows the same data as tables', async () => {
    const { user } = await openAdminDashboard();
    await user.click(within(screen.getByRole('group', { name: 'View' })).getByRole('button', { name: 'Table' }));
    const products = screen.getByRole('table', { name: 'Top products' });
    expect(within(products).getAllByRole('row')[1]).toHaveTextContent('#1Rake, steelHandle: Ash × 4; Handle: Oak × 2Green "Thumb" Co6$90.003');
    expect(within(screen.getByRole('table', { name: 'Sales per day' })).getAllByRole('row')).toHaveLength(31);
    expect(within(screen.getByRole('table', { name: 'Order items by status' })).getAllByRole('row')[1]).toHaveTextContent('Pending2');
  });

  it('downloads a CSV of exactly the rows in view', async () => {
    const { user } = await openAdminDashboard();
    const blobs: Blob[] = [];
    URL.createObjectURL = vi.fn((blob: Blob) => {
      blobs.push(blob);
      return 'blob:analytics';
    });
    URL.revokeObjectURL = vi.fn();
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});

    await user.click(screen.getByRole('button', { name: 'Download CSV: Top products' }));
    expect(await readBlob(blobs[0]!)).toBe(
      'Rank,Product,Variants,Seller,Units,Revenue,Orders\r\n1,"Rake, steel",Handle: Ash × 4; Handle: Oak × 2,"Green ""Thumb"" Co",6,90.00,3\r\n2,Novel,,Stone Reads,1,20.50,1\r\n',
    );

    await user.click(screen.getByRole('button', { name: 'Download CSV: Orders by status' }));
    expect(await readBlob(blobs[1]!)).toBe(
      'Status,Order items\r\npending,2\r\napproved,0\r\nrejected,0\r\nshipped,3\r\ndelivered,0\r\ncompleted,0\r\nrefunded,0\r\ncancelled,0\r\n',
    );

    await user.click(screen.getByRole('button', { name: 'Download CSV: Sales over time' }));
    const sales = (await readBlob(blobs[2]!)).split('\r\n');
    expect(sales).toHaveLength(32);
    expect(sales.slice(0, 3)).toEqual(['Date,Revenue,Orders', '2026-01-01,12.50,1', '2026-01-02,0.00,0']);
    expect(sales[30]).toBe('2026-01-30,50.00,2');
  });

  it('shows a load error with Try again when a dataset fails', async () => {
    await openAdminDashboard(['top-products']);
    const panel = screen.getByRole('region', { name: /Top products/ });
    expect(await within(panel).findByText('Top products could not be loaded')).toBeInTheDocument();
    expect(within(panel).getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});

describe('toCsv', () => {
  it('never lets a title or a name read as a formula, and keeps amounts as numbers', () => {
    expect(
      toCsv(
        ['Product', 'Net'],
        [
          ['=HYPERLINK("http://x","y")', '-12.50'],
          ['@SUM(A1)', '3'],
          ['+1 lamp', 4],
          ['-cheap', '0.99'],
        ],
      ),
    ).toBe('Product,Net\r\n"\'=HYPERLINK(""http://x"",""y"")",-12.50\r\n\'@SUM(A1),3\r\n\'+1 lamp,4\r\n\'-cheap,0.99\r\n');
  });

  it('quotes commas, quotes and line breaks', () => {
    expect(
      toCsv(
        ['a', 'b'],
        [
          ['x,y', 'say "hi"'],
          ['line\nbreak', 3],
        ],
      ),
    ).toBe('a,b\r\n"x,y","say ""hi"""\r\n"line\nbreak",3\r\n');
  });
});
