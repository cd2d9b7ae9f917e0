import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Payout, PayoutStats, QuickStats, SellerListEntry } from '@marketplace/contracts/payouts';
import { jsonResponse, renderApp, type ApiHandler } from '../../../test/render-app';
import { logInAs } from '../../../test/tokens';
import { timeLimit } from '../../../test/time-limit';

const PAGE = '/admin/payouts';
const SLOW_FIRST_LOAD = { timeout: 10_000 };
const ANA = '11111111-1111-4111-8111-111111111111';
const BEN = '22222222-2222-4222-8222-222222222222';

const SELLERS: SellerListEntry[] = [
  { id: ANA, first_name: 'Ana', last_name: 'Lopez', company_name: 'Lopez Goods' },
  { id: BEN, first_name: 'Ben', last_name: 'Stone', company_name: null },
];

const QUICK_STATS: QuickStats = {
  this_month: { amount: 1234.5, count: 12 },
  last_month: { amount: 1000, count: 9 },
  percentage_changes: { amount_change: 23.45, count_change: 33.3 },
  active_sellers: 7,
};

const STATS: PayoutStats = {
  time_series: [
    { date: '2026-11-20', amount: 100.1, count: 1 },
    { date: '2026-11-21', amount: 0, count: 0 },
    { date: '2026-11-22', amount: 50.2, count: 2 },
  ],
  top_sellers: [{ seller_id: ANA, seller_name: 'Ana Lopez', total_amount: 150.3, payout_count: 3 }],
  status_distribution: [
    { status: 'paid', count: 3 },
    { status: 'pending', count: 1 },
    { status: 'failed', count: 2 },
  ],
  this_month: { amount: 150.3, count: 3 },
  last_month: { amount: 0, count: 0 },
  percentage_changes: { amount_change: null, count_change: null },
  active_sellers: 1,
};

function payout(index: number, status: string, overrides: Partial<Payout> = {}): Payout {
  return {
    id: `payout-${index}`,
    status: status as Payout['status'],
    amount: 90,
    net_amount: 89.53,
    fee_amount: 0.47,
    shipping_credit_amount: 0,
    label_charge_amount: 0,
    adjustment_amount: 0,
    description: `Payout for item ${index}`,
    failure_reason: null,
    order_item_id: `item-${index}`,
    transfer_id: null,
    created_at: '2026-11-20T10:00:00.000Z',
    seller: { id: ANA, first_name: 'Ana', last_name: 'Lopez', email: 'ana@example.com', company_name: 'Lopez Goods' },
    ...overrides,
  };
}

interface FakeState {
  payouts: Payout[];
  totalItems?: number;
  payoutsStatus?: number;
  quickStats?: QuickStats;
}

/** A fake of the docs/product/api.md payout calls recording every request's path and query. */
function payoutServer(state: FakeState, calls: URL[]): ApiHandler {
  return (request) => {
    const url = new URL(request.url);
    calls.push(url);
    switch (url.pathname) {
      case '/api/user/sellers':
        return jsonResponse(200, { success: true, sellers: SELLERS });
      case '/api/admin/payoutStats/quick-stats':
        return jsonResponse(200, { success: true, data: state.quickStats ?? QUICK_STATS });
      case '/api/admin/payoutStats/stats':
        return jsonResponse(200, { success: true, data: STATS });
      case '/api/stripe-connect/admin/payouts': {
        if (state.payoutsStatus) return jsonResponse(state.payoutsStatus, { error: 'Boom' });
        const page = Number(url.searchParams.get('page'));
        const totalItems = state.totalItems ?? state.payouts.length;
        return jsonResponse(200, {
          success: true,
          data: { payouts: state.payouts, pagination: { page, limit: 10, totalItems, totalPages: Math.max(1, Math.ceil(totalItems / 10)) } },
        });
      }
      default:
        return jsonResponse(404, { error: 'Not found' });
    }
  };
}

function queriesTo(calls: URL[], path: string): Record<string, string>[] {
  return calls.filter((url) => url.pathname === path).map((url) => Object.fromEntries(url.searchParams));
}

function lastQueryTo(calls: URL[], path: string): Record<string, string> | undefined {
  return queriesTo(calls, path).at(-1);
}

async function openPage(state: FakeState) {
  const calls: URL[] = [];
  const app = renderApp(PAGE, { api: payoutServer(state, calls) });
  await screen.findByRole('heading', { level: 1, name: 'Payout Management' }, SLOW_FIRST_LOAD);
  const analytics = screen.getByRole('region', { name: 'Payout Analytics' });
  const history = screen.getByRole('region', { name: 'Payout History' });
  return { ...app, calls, analytics, history };
}

describe('Payout Management (docs/product/payouts.md)', { timeout: timeLimit(30_000) }, () => {
  beforeEach(() => {
    logInAs('admin');
    vi.spyOn(console, 'error').mockImplementation(() => {});
    vi.spyOn(console, 'warn').mockImplementation(() => {});
  });
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('shows the quick-stats numbers in the three summary cards', async () => {
    await openPage({ payouts: [] });

    const thisMonth = screen.getByRole('region', { name: 'This Month' });
    expect(await within(thisMonth).findByText('$1,234.50')).toBeInTheDocument();
    expect(within(thisMonth).getByText('12 payouts')).toBeInTheDocument();
    expect(within(thisMonth).getByText('+23.5% vs last month')).toBeInTheDocument();
    const lastMonth = screen.getByRole('region', { name: 'Last Month' });
    expect(within(lastMonth).getByText('$1,000.00')).toBeInTheDocument();
    expect(within(lastMonth).getByText('9 payouts')).toBeInTheDocument();
    expect(within(screen.getByRole('region', { name: 'Active Sellers' })).getByText('7')).toBeInTheDocument();
  });

  it('shows no change when last month had nothing', async () => {
    await openPage({ payouts: [], quickStats: { ...QUICK_STATS, percentage_changes: { amount_change: null, count_change: null } } });

    const thisMonth = screen.getByRole('region', { name: 'This Month' });
    expect(await within(thisMonth).findByText('$1,234.50')).toBeInTheDocument();
    expect(within(thisMonth).queryByText(/vs last month/)).not.toBeInTheDocument();
  });

  it('queries stats for 30 days by default, then re-queries on seller and date range, and switches the chart', async () => {
    const { user, calls, analytics } = await openPage({ payouts: [] });

    const chart = await within(analytics).findByRole('img', { name: 'Paid payouts, last 30 days: $150.30 across 3 payouts' });
    expect(chart).toHaveAttribute('data-chart', 'line');
    expect(queriesTo(calls, '/api/admin/payoutStats/stats')).toEqual([{ dateRange: '30' }]);
    expect(queriesTo(calls, '/api/admin/payoutStats/quick-stats')).toEqual([{}]);
    expect(within(analytics).getByRole('list', { name: 'Top sellers' })).toHaveTextContent('Ana Lopez3 payouts$150.30');

    const range = within(analytics).getByLabelText('Date range');
    expect(
      within(range)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Last 7 days', 'Last 30 days', 'Last 3 months', 'Last year']);
    await user.selectOptions(range, 'Last 3 months');
    await waitFor(() => expect(lastQueryTo(calls, '/api/admin/payoutStats/stats')).toEqual({ dateRange: '90' }));

    const seller = within(analytics).getByLabelText('Seller');
    expect(
      within(seller)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['All sellers', 'Ana Lopez (Lopez Goods)', 'Ben Stone']);
    await user.selectOptions(seller, 'Ben Stone');
    await waitFor(() => expect(lastQueryTo(calls, '/api/admin/payoutStats/stats')).toEqual({ dateRange: '90', sellerId: BEN }));
    await waitFor(() => expect(lastQueryTo(calls, '/api/admin/payoutStats/quick-stats')).toEqual({ sellerId: BEN }));

    const chartType = within(analytics).getByRole('group', { name: 'Chart type' });
    expect(within(chartType).getByRole('button', { name: 'Line' })).toHaveAttribute('aria-pressed', 'true');
    await user.click(within(chartType).getByRole('button', { name: 'Bar' }));
    expect(within(chartType).getByRole('button', { name: 'Bar' })).toHaveAttribute('aria-pressed', 'true');
    expect(within(chartType).getByRole('button', { name: 'Line' })).toHaveAttribute('aria-pressed', 'false');
    expect(await within(analytics).findByRole('img', { name: 'Paid payouts, last 3 months: $150.30 across 3 payouts' })).toHaveAttribute('data-chart', 'bar');

    await user.click(within(chartType).getByRole('button', { name: 'Pie' }));
    expect(within(analytics).getByRole('img', { name: 'Payouts by status, last 3 months: 3 paid, 1 pending, 2 failed' })).toHaveAttribute('data-chart', 'pie');
  });

  it('lists payouts with amounts, status colours and the failure reason', async () => {
    const payouts = [
      payout(1, 'paid'),
      payout(2, 'pending', { seller: { id: BEN, first_name: 'Ben', last_name: 'Stone', email: 'ben@example.com', company_name: null } }),
      payout(3, 'failed', { failure_reason: 'Account closed' }),
      payout(4, 'reversed'),
    ];
    const { calls, history } = await openPage({ payouts });

    const table = await within(history).findByRole('table', { name: 'Payouts' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Date', 'Seller', 'Description', 'Amount', 'Fee', 'Shipping credited', 'Labels', 'Owed back', 'Net', 'Status']);
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(4);
    expect(within(rows[1]!).getByText('Ben Stone')).toBeInTheDocument();
    expect(within(rows[1]!).getByText('ben@example.com')).toBeInTheDocument();
    expect(within(rows[0]!).getByText('Payout for item 1')).toBeInTheDocument();
    expect(within(rows[0]!).getByText('$90.00')).toBeInTheDocument();
    expect(within(rows[0]!).getByText('$0.47')).toBeInTheDocument();
    expect(within(rows[0]!).getByText('$89.53')).toBeInTheDocument();
    expect(within(rows[0]!).getByText('Paid')).toHaveAttribute('data-colour', 'green');
    expect(within(rows[1]!).getByText('Pending')).toHaveAttribute('data-colour', 'yellow');
    expect(within(rows[2]!).getByText('Failed')).toHaveAttribute('data-colour', 'red');
    expect(within(rows[2]!).getByText('Account closed')).toBeInTheDocument();
    expect(within(rows[3]!).getByText('Reversed')).toHaveAttribute('data-colour', 'neutral');
    expect(queriesTo(calls, '/api/stripe-connect/admin/payouts')).toEqual([{ page: '1', limit: '10' }]);
  });

  it('lays out Amount − Fee + Shipping credited + Labels + Owed back = Net for each payout', async () => {
    // $90.00 − $0.47 + $7.99 − $12.50 − $5.00 = $80.02; a voided label credited back is added.
    const payouts = [
      payout(1, 'paid', { shipping_credit_amount: 7.99, label_charge_amount: -12.5, adjustment_amount: -5, net_amount: 80.02 }),
      payout(2, 'paid', { label_charge_amount: 3, net_amount: 92.53 }),
    ];
    const { user, history } = await openPage({ payouts });

    const table = await within(history).findByRole('table', { name: 'Payouts' });
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((cell) => cell.textContent);
    const figures = (row: HTMLElement) =>
      Object.fromEntries(
        ['Amount', 'Fee', 'Shipping credited', 'Labels', 'Owed back', 'Net'].map((header) => [
          header,
          within(row).getAllByRole('cell')[headers.indexOf(header)]?.textContent,
        ]),
      );
    const [first, second] = within(table).getAllByRole('row').slice(1);
    expect(figures(first!)).toEqual({ Amount: '$90.00', Fee: '$0.47', 'Shipping credited': '+$7.99', Labels: '−$12.50', 'Owed back': '−$5.00', Net: '$80.02' });
    expect(figures(second!)).toEqual({ Amount: '$90.00', Fee: '$0.47', 'Shipping credited': '—', Labels: '+$3.00', 'Owed back': '—', Net: '$92.53' });

    await user.click(within(history).getByRole('button', { name: 'Cards' }));
    const card = within(within(history).getByRole('list', { name: 'Payouts' })).getAllByRole('listitem')[0]!;
    const figureOf = (label: string) => within(card).getByText(label, { selector: 'dt' }).nextElementSibling?.textContent;
    expect(['Amount', 'Fee', 'Shipping credited', 'Labels', 'Owed back', 'Net'].map(figureOf)).toEqual([
      '$90.00',
      '$0.47',
      '+$7.99',
      '−$12.50',
      '−$5.00',
      '$80.02',
    ]);
  });

  it('switches to cards', async () => {
    const { user, history } = await openPage({ payouts: [payout(1, 'paid')] });

    await within(history).findByRole('table', { name: 'Payouts' });
    await user.click(within(history).getByRole('button', { name: 'Cards' }));
    expect(within(history).getByRole('button', { name: 'Cards' })).toHaveAttribute('aria-pressed', 'true');
    expect(within(history).queryByRole('table')).not.toBeInTheDocument();
    const card = within(within(history).getByRole('list', { name: 'Payouts' })).getByRole('listitem');
    expect(within(card).getByText('Ana Lopez')).toBeInTheDocument();
    expect(within(card).getByText('$89.53')).toBeInTheDocument();
  });

  it('filters and pages with at most 5 page buttons, and Reset Filters goes back to everything on page 1', async () => {
    const payouts = Array.from({ length: 10 }, (_, index) => payout(index + 1, 'paid'));
    const { user, calls, history } = await openPage({ payouts, totalItems: 95 });

    const pages = await within(history).findByRole('navigation', { name: 'Payout pages' });
    expect(within(pages).getAllByRole('button', { name: /^Page \d+$/ }).length).toBeLessThanOrEqual(5);
    expect(within(pages).getByText('Showing 1 to 10 of 95 results')).toBeInTheDocument();
    expect(within(history).getByRole('button', { name: 'Reset Filters' })).toBeDisabled();

    await user.click(within(pages).getByRole('button', { name: 'Page 2' }));
    await waitFor(() => expect(lastQueryTo(calls, '/api/stripe-connect/admin/payouts')).toEqual({ page: '2', limit: '10' }));

    await user.selectOptions(within(history).getByLabelText('Seller'), 'Ana Lopez (Lopez Goods)');
    await waitFor(() => expect(lastQueryTo(calls, '/api/stripe-connect/admin/payouts')).toEqual({ page: '1', limit: '10', sellerId: ANA }));
    await user.selectOptions(within(history).getByLabelText('Status'), 'Failed');
    await waitFor(() => expect(lastQueryTo(calls, '/api/stripe-connect/admin/payouts')).toEqual({ page: '1', limit: '10', sellerId: ANA, status: 'failed' }));

    await user.click(within(history).getByRole('button', { name: 'Page 3' }));
    await waitFor(() => expect(lastQueryTo(calls, '/api/stripe-connect/admin/payouts')).toEqual({ page: '3', limit: '10', sellerId: ANA, status: 'failed' }));

    await user.click(within(history).getByRole('button', { name: 'Reset Filters' }));
    expect(within(history).getByLabelText('Seller')).toHaveValue('');
    expect(within(history).getByLabelText('Status')).toHaveValue('');
    // The unfiltered first page was fetched on arrival, so it may come from the cache rather than a new call.
    await waitFor(() => expect(within(history).getByRole('button', { name: 'Page 1' })).toHaveAttribute('aria-current', 'page'));
    expect(within(history).getByText('Showing 1 to 10 of 95 results')).toBeInTheDocument();
    expect(within(history).getByRole('button', { name: 'Reset Filters' })).toBeDisabled();
  });

  it("shows 'No payouts found' with 'Try adjusting your filters' when there are none", async () => {
    const { history } = await openPage({ payouts: [] });

    expect(await within(history).findByText('No payouts found')).toBeInTheDocument();
    expect(within(history).getByText('Try adjusting your filters')).toBeInTheDocument();
  });

  it("toasts 'Failed to fetch payouts' when the list fails", async () => {
    await openPage({ payouts: [], payoutsStatus: 500 });

    expect(await screen.findByText('Failed to fetch payouts')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /close/i })).toBeInTheDocument();
  });
});
