import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { EarningRow, EarningsResponse, LabelLine } from '@marketplace/contracts/earnings';
import { formatDate } from '../../../lib/format';
import { jsonResponse, renderApp, type ApiHandler } from '../../../test/render-app';
import { logInAs } from '../../../test/tokens';
import { timeLimit } from '../../../test/time-limit';

// The first visit downloads the lazy route and its layout, which can take a while on a busy machine.
const SLOW_FIRST_LOAD = { timeout: 5000 };
const PAGE = '/seller/earnings';

function idFor(index: number, prefix: string): string {
  return `${prefix}${String(index).padStart(7, '0')}-1111-4111-8111-111111111111`;
}

function makeRow(index: number, overrides: Partial<EarningRow> = {}): EarningRow {
  return {
    orderItemId: idFor(index, 'b'),
    orderId: idFor(index, 'a'),
    title: `Desk lamp ${index}`,
    quantity: 2,
    unitPriceCents: 4999,
    soldAt: '2025-03-02T10:00:00.000Z',
    itemStatus: 'delivered',
    deliveredAt: '2025-03-05T10:00:00.000Z',
    refundedCents: 0,
    categoryName: 'Lighting',
    itemTotalCents: 9998,
    commissionRateBasisPoints: 1250,
    commissionCents: 1250,
    pickupChargeCents: 598,
    grossCents: 8150,
    feeCents: 45,
    payoutCents: 8105,
    shippingCreditCents: 0,
    labelChargeCents: 0,
    adjustmentCents: 0,
    netCents: 8105,
    commissionWarning: null,
    clawbackCents: 0,
    clawbackSettled: false,
    state: 'ready',
    holdReason: null,
    notPayableReason: null,
    scheduledFor: null,
    paidAt: null,
    transferId: null,
    stateText: 'Ready: waiting for the marketplace to pay it',
    ...overrides,
  };
}

function answer(items: EarningRow[], overrides: Partial<EarningsResponse> = {}): EarningsResponse {
  return {
    success: true,
    schedule: { payoutOnDelivery: false, delayDays: 3 },
    payoutAccountReady: true,
    owedBackCents: 0,
    labelsOpenCents: 0,
    labels: [],
    totals: {
      thisMonth: { month: '2025-03', paidNetCents: 123456, pendingNetCents: 8105 },
      lastMonth: { month: '2025-02', paidNetCents: 5000, pendingNetCents: 0 },
    },
    items,
    pagination: { page: 1, limit: 10, totalItems: items.length, totalPages: 1 },
    ...overrides,
  };
}

function makeLabel(index: number, overrides: Partial<LabelLine> = {}): LabelLine {
  return {
    id: `label-${index}`,
    orderId: idFor(index, 'a'),
    shipmentId: `shipment-${index}`,
    trackingNumber: `1Z99900${index}`,
    kind: 'label',
    amountCents: -1234,
    createdAt: '2025-03-03T10:00:00.000Z',
    settledAt: null,
    text: `UPS label 1Z99900${index} for order #a000000${index}: taken from your next payout`,
    ...overrides,
  };
}

/** The cell of `row` under the column headed `header`. */
function cellUnder(table: HTMLElement, row: HTMLElement, header: string): HTMLElement {
  const headers = within(table)
    .getAllByRole('columnheader')
    .map((cell) => cell.textContent);
  const index = headers.indexOf(header);
  if (index < 0) throw new Error(`No column ${header} in ${headers.join(', ')}`);
  return within(row).getAllByRole('cell')[index]!;
}

/** The value beside the figure `label` of a phone card. */
function figureOf(card: HTMLElement, label: string): string {
  return within(card).getByText(label, { selector: 'dt' }).nextElementSibling?.textContent ?? '';
}

/** Answers the earnings call from `respond`, recording each query. */
function fakeApi(respond: (url: URL) => Response | Promise<Response>) {
  const queries: URLSearchParams[] = [];
  const handler: ApiHandler = async (request) => {
    const url = new URL(request.url);
    if (url.pathname === '/api/seller/earnings') {
      queries.push(url.searchParams);
      return respond(url);
    }
    return jsonResponse(404, { error: 'Not found' });
  };
  return { handler, queries };
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('SellerEarningsPage', { timeout: timeLimit(30_000) }, () => {
  it('shows this month and last, and each item’s payout figure by figure with its state in words', async () => {
    logInAs('seller');
    const scheduled = makeRow(2, {
      title: 'Vase, "blue"',
      state: 'scheduled',
      scheduledFor: '2025-03-08T10:00:00.000Z',
      pickupChargeCents: 0,
      stateText: 'Scheduled for 2025-03-08',
    });
    const paid = makeRow(3, {
      title: 'Rug',
      state: 'paid',
      paidAt: '2025-03-09T10:00:00.000Z',
      transferId: 'tr_123abc',
      adjustmentCents: -500,
      netCents: 7605,
    });
    const held = makeRow(4, { title: 'Chair', state: 'on_hold', holdReason: 'dispute' });
    const fake = fakeApi(() => jsonResponse(200, answer([makeRow(1), scheduled, paid, held], { schedule: { payoutOnDelivery: true, delayDays: 3 } })));
    renderApp(PAGE, { api: fake.handler });

    expect(await screen.findByRole('heading', { level: 1, name: 'Earnings' }, SLOW_FIRST_LOAD)).toBeInTheDocument();
    const table = await screen.findByRole('table', { name: 'Earnings per item' }, SLOW_FIRST_LOAD);
    const thisMonth = screen.getByRole('region', { name: 'This month' });
    expect(within(thisMonth).getByText('$1,234.56')).toBeInTheDocument();
    expect(within(thisMonth).getByText('$81.05')).toBeInTheDocument();
    expect(within(thisMonth).getByText(/March 2025/)).toBeInTheDocument();
    expect(within(screen.getByRole('region', { name: 'Last month' })).getByText('$50.00')).toBeInTheDocument();
    expect(screen.getByText(/Items are paid automatically 3 days after delivery/)).toBeInTheDocument();

    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(4);
    const first = within(rows[0]!);
    expect(first.getByText('Desk lamp 1')).toBeInTheDocument();
    expect(first.getByText('$99.98')).toBeInTheDocument();
    expect(first.getByText('−$12.50')).toBeInTheDocument();
    expect(first.getByText('12.5%')).toBeInTheDocument();
    expect(first.getByText('−$5.98')).toBeInTheDocument();
    expect(first.getByText('−$0.45')).toBeInTheDocument();
    expect(cellUnder(table, rows[0]!, 'Payout')).toHaveTextContent('$81.05');
    expect(cellUnder(table, rows[0]!, 'Net')).toHaveTextContent('$81.05');
    expect(first.getByText('Ready')).toBeInTheDocument();
    expect(first.getByText('Ready: waiting for the marketplace to pay it')).toBeInTheDocument();

    // Dates in the page's own words, the same sentences as the CSV.
    expect(within(rows[1]!).getByText('Vase, "blue"')).toBeInTheDocument();
    expect(within(rows[1]!).getByText(`Scheduled for ${formatDate('2025-03-08T10:00:00.000Z')}`)).toBeInTheDocument();
    expect(within(rows[2]!).getByText(`Paid on ${formatDate('2025-03-09T10:00:00.000Z')} (transfer tr_123abc)`)).toBeInTheDocument();
    expect(within(rows[2]!).getByText('−$5.00')).toBeInTheDocument();
    expect(within(rows[2]!).getByText('$76.05')).toBeInTheDocument();
    expect(within(rows[3]!).getByText('On hold: a dispute is open')).toBeInTheDocument();

    // Phones get a card per item with the same figures (the table is for md and up).
    const cards = screen.getByRole('list', { name: 'Earnings per item' });
    expect(cards).toHaveClass('md:hidden');
    expect(table.closest('div')).toHaveClass('hidden', 'md:block');
    const card = within(within(cards).getAllByRole('listitem')[2]!);
    expect(card.getByText('Rug')).toBeInTheDocument();
    expect(card.getByText('Commission (12.5%)')).toBeInTheDocument();
    expect(card.getByText('$76.05')).toBeInTheDocument();
    expect(card.getByText('Paid')).toBeInTheDocument();
  });

  it('adds the shipping credited and takes the labels settled beside the payout, on laptop and phone', async () => {
    logInAs('seller');
    // $81.05 payout + $7.99 shipping − $12.34 labels − $5.00 owed back = $71.70.
    const shipped = makeRow(1, { shippingCreditCents: 799, labelChargeCents: -1234, adjustmentCents: -500, netCents: 7170 });
    const credited = makeRow(2, { title: 'Shelf', shippingCreditCents: 0, labelChargeCents: 250, netCents: 8355 });
    const fake = fakeApi(() => jsonResponse(200, answer([shipped, credited])));
    renderApp(PAGE, { api: fake.handler });

    const table = await screen.findByRole('table', { name: 'Earnings per item' }, SLOW_FIRST_LOAD);
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((cell) => cell.textContent);
    expect(headers).toEqual([
      'Item',
      'Item total',
      'Commission',
      'Pickup charge',
      'Transfer fee',
      'Payout',
      'Shipping credited',
      'Labels',
      'Adjustments',
      'Net',
      'State',
    ]);
    const [first, second] = within(table).getAllByRole('row').slice(1);
    expect(cellUnder(table, first!, 'Payout')).toHaveTextContent('$81.05');
    expect(cellUnder(table, first!, 'Shipping credited')).toHaveTextContent('+$7.99');
    expect(cellUnder(table, first!, 'Labels')).toHaveTextContent('−$12.34');
    expect(cellUnder(table, first!, 'Adjustments')).toHaveTextContent('−$5.00');
    expect(cellUnder(table, first!, 'Net')).toHaveTextContent('$71.70');
    // Nothing credited is a dash; a voided label credited back is added.
    expect(cellUnder(table, second!, 'Shipping credited')).toHaveTextContent('—');
    expect(cellUnder(table, second!, 'Labels')).toHaveTextContent('+$2.50');
    expect(cellUnder(table, second!, 'Net')).toHaveTextContent('$83.55');

    const cards = within(screen.getByRole('list', { name: 'Earnings per item' })).getAllByRole('listitem');
    expect(figureOf(cards[0]!, 'Payout')).toBe('$81.05');
    expect(figureOf(cards[0]!, 'Shipping credited')).toBe('+$7.99');
    expect(figureOf(cards[0]!, 'Labels')).toBe('−$12.34');
    expect(figureOf(cards[0]!, 'Adjustments')).toBe('−$5.00');
    expect(figureOf(cards[0]!, 'Net')).toBe('$71.70');
    expect(figureOf(cards[1]!, 'Labels')).toBe('+$2.50');
  });

  it('lists the shipping labels with their amounts, whether settled, and what the next payouts will take', async () => {
    logInAs('seller');
    const open = makeLabel(1);
    const settled = makeLabel(2, { amountCents: -899, createdAt: '2025-03-01T10:00:00.000Z', settledAt: '2025-03-09T10:00:00.000Z' });
    const voided = makeLabel(3, { kind: 'void_credit', amountCents: 500, trackingNumber: null });
    const fake = fakeApi(() => jsonResponse(200, answer([makeRow(1)], { labels: [open, voided, settled], labelsOpenCents: -734 })));
    renderApp(PAGE, { api: fake.handler });

    const section = await screen.findByRole('region', { name: 'Shipping labels' }, SLOW_FIRST_LOAD);
    expect(within(section).getByText('$7.34 in labels will be taken from your next payouts.')).toBeInTheDocument();
    const lines = within(within(section).getByRole('list', { name: 'Label lines' })).getAllByRole('listitem');
    expect(lines).toHaveLength(3);

    const first = within(lines[0]!);
    expect(first.getByText('UPS label 1Z999001 for order #a0000001: taken from your next payout')).toBeInTheDocument();
    expect(first.getByText(formatDate('2025-03-03T10:00:00.000Z'))).toBeInTheDocument();
    expect(first.getByText('−$12.34')).toBeInTheDocument();
    expect(first.getByText('Open')).toBeInTheDocument();

    const second = within(lines[1]!);
    expect(second.getByText('UPS label voided, credited back (order #a0000003): added to your next payout')).toBeInTheDocument();
    expect(second.getByText('+$5.00')).toBeInTheDocument();
    expect(second.getByText('Open')).toBeInTheDocument();

    // A settled line says which payout settled it, dated as the page dates everything.
    const third = within(lines[2]!);
    expect(third.getByText(`UPS label 1Z999002 for order #a0000002: settled by the payout of ${formatDate('2025-03-09T10:00:00.000Z')}`)).toBeInTheDocument();
    expect(third.getByText('−$8.99')).toBeInTheDocument();
    expect(third.getByText('Settled')).toBeInTheDocument();
  });

  it('says when there are no labels, and nothing about the next payouts when no label is open', async () => {
    logInAs('seller');
    const fake = fakeApi(() => jsonResponse(200, answer([makeRow(1)])));
    renderApp(PAGE, { api: fake.handler });

    const section = await screen.findByRole('region', { name: 'Shipping labels' }, SLOW_FIRST_LOAD);
    expect(within(section).getByText('You have not bought a shipping label through the marketplace yet.')).toBeInTheDocument();
    expect(within(section).queryByRole('list')).not.toBeInTheDocument();
    expect(within(section).queryByText(/next payouts/)).not.toBeInTheDocument();
  });

  it('pages and filters by the month sold through the URL, with an empty state for a month without sales', async () => {
    logInAs('seller');
    const fake = fakeApi((url) => {
      const page = Number(url.searchParams.get('page'));
      if (url.searchParams.get('month')) return jsonResponse(200, answer([], { pagination: { page: 1, limit: 10, totalItems: 0, totalPages: 1 } }));
      const items = Array.from({ length: page === 1 ? 10 : 2 }, (_, index) => makeRow((page - 1) * 10 + index + 1));
      return jsonResponse(200, answer(items, { pagination: { page, limit: 10, totalItems: 12, totalPages: 2 } }));
    });
    const { user, router } = renderApp(PAGE, { api: fake.handler });

    expect(await screen.findByText('Showing 1 to 10 of 12 results', {}, SLOW_FIRST_LOAD)).toBeInTheDocument();
    expect(fake.queries[0]?.get('limit')).toBe('10');
    await user.click(screen.getByRole('button', { name: 'Page 2' }));
    expect(await screen.findByText('Showing 11 to 12 of 12 results')).toBeInTheDocument();
    expect(router.state.location.search).toBe('?page=2');
    expect(fake.queries.at(-1)?.get('page')).toBe('2');

    const monthSelect = screen.getByLabelText('Month sold');
    const options = within(monthSelect).getAllByRole('option');
    expect(options[0]).toHaveTextContent('All months');
    expect(options).toHaveLength(13);
    const lastMonth = (options[2] as HTMLOptionElement).value;
    expect(lastMonth).toMatch(/^\d{4}-\d{2}$/);
    await user.selectOptions(monthSelect, lastMonth);
    expect(await screen.findByText('No earnings found')).toBeInTheDocument();
    expect(screen.getByText(/You sold nothing in/)).toBeInTheDocument();
    expect(screen.getByText(/^No shipping labels in /)).toBeInTheDocument();
    expect(fake.queries.at(-1)?.get('month')).toBe(lastMonth);
    // A new filter starts from the first page.
    expect(fake.queries.at(-1)?.get('page')).toBe('1');
    expect(router.state.location.search).toBe(`?month=${lastMonth}`);

    await user.click(screen.getByRole('button', { name: 'Clear filters' }));
    expect(await screen.findByText('Showing 1 to 10 of 12 results')).toBeInTheDocument();
  });

  it('shows loading, then an error with Try again, and the page once the retry works', async () => {
    logInAs('seller');
    let fail = true;
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const fake = fakeApi(async () => {
      await gate;
      return fail ? jsonResponse(500, { error: 'The database is resting', code: 'internal_error' }) : jsonResponse(200, answer([makeRow(1)]));
    });
    const { user } = renderApp(PAGE, { api: fake.handler });

    expect(await screen.findByText('Loading earnings…', {}, SLOW_FIRST_LOAD)).toBeInTheDocument();
    release();
    expect(await screen.findByText('Earnings could not be loaded')).toBeInTheDocument();
    expect(screen.getByText('The database is resting')).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('table', { name: 'Earnings per item' })).toBeInTheDocument();
  });

  it('says when there is nothing yet, when the seller cannot be paid, and what they owe back', async () => {
    logInAs('seller');
    const fake = fakeApi(() =>
      jsonResponse(200, answer([], { payoutAccountReady: false, owedBackCents: -1234, pagination: { page: 1, limit: 10, totalItems: 0, totalPages: 1 } })),
    );
    renderApp(PAGE, { api: fake.handler });

    expect(await screen.findByText('No earnings found', {}, SLOW_FIRST_LOAD)).toBeInTheDocument();
    expect(screen.getByText('When you sell an item, its payout shows here.')).toBeInTheDocument();
    expect(screen.getByText('You cannot be paid yet')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to Stripe Setup' })).toHaveAttribute('href', '/seller/onboarding');
    expect(screen.getByText(/You owe \$12\.34 back after refunds/)).toBeInTheDocument();
    expect(screen.getByText(/The marketplace team pays each delivered item/)).toBeInTheDocument();
  });

  it('downloads the CSV with the session’s token, for the month chosen, and says why when it cannot', async () => {
    logInAs('seller');
    const csvRequests: Request[] = [];
    let csvFails = false;
    const fake = fakeApi(() => jsonResponse(200, answer([makeRow(1)])));
    const handler: ApiHandler = (request) => {
      if (new URL(request.url).pathname === '/api/seller/earnings.csv') {
        csvRequests.push(request);
        if (csvFails) return jsonResponse(400, { error: 'Month must be YYYY-MM', code: 'validation_failed' });
        return new Response('\uFEFFSold on,Order\r\n', {
          status: 200,
          headers: {
            'Content-Type': 'text/csv; charset=utf-8',
            'Content-Disposition': 'attachment; filename="earnings-2025-03.csv"',
            'X-Earnings-Truncated': 'false',
          },
        });
      }
      return fake.handler(request);
    };
    const createObjectURL = vi.fn(() => 'blob:earnings');
    const revokeObjectURL = vi.fn();
    Object.assign(URL, { createObjectURL, revokeObjectURL });
    const clicked: HTMLAnchorElement[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(this);
    });
    const { user } = renderApp(`${PAGE}?month=2025-03`, { api: handler });

    await screen.findByRole('table', { name: 'Earnings per item' }, SLOW_FIRST_LOAD);
    await user.click(screen.getByRole('button', { name: 'Download CSV' }));
    expect(await screen.findByText('Earnings downloaded as CSV')).toBeInTheDocument();
    expect(csvRequests).toHaveLength(1);
    expect(new URL(csvRequests[0]!.url).searchParams.get('month')).toBe('2025-03');
    expect(csvRequests[0]!.headers.get('Authorization')).toMatch(/^Bearer /);
    expect(clicked).toHaveLength(1);
    expect(clicked[0]!.download).toBe('earnings-2025-03.csv');
    expect(clicked[0]!.href).toBe('blob:earnings');
    await waitFor(() => expect(revokeObjectURL).toHaveBeenCalledWith('blob:earnings'));

    csvFails = true;
    await user.click(screen.getByRole('button', { name: 'Download CSV' }));
    expect(await screen.findByText('Month must be YYYY-MM')).toBeInTheDocument();
    expect(clicked).toHaveLength(1);
  });
});
