import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { PickupChargeInfo, ShippedOrderItem } from '@marketplace/contracts/payouts';
import { jsonResponse, renderApp, type ApiHandler } from '../../../test/render-app';
import { logInAs } from '../../../test/tokens';
import { timeLimit } from '../../../test/time-limit';

// The first visit downloads the lazy route and its layout, which can take a while on a busy machine.
const SLOW_FIRST_LOAD = { timeout: 5000 };
const PAGE = '/admin/shipped-orders';

const RATES = [
  { category: 'Electronics', slug: 'electronics', commission_rate: 10 },
  { category: 'Home & Kitchen', slug: 'home-kitchen', commission_rate: 12.5 },
];

function idFor(index: number, prefix: string): string {
  return `${prefix}${String(index).padStart(7, '0')}-1111-4111-8111-111111111111`;
}

function makeItem(index: number, overrides: Partial<ShippedOrderItem> = {}): ShippedOrderItem {
  return {
    orderId: idFor(index, 'a'),
    orderItemId: idFor(index, 'b'),
    itemTitle: `Desk lamp ${index}`,
    category: 'Electronics',
    categorySlug: 'electronics',
    quantity: 2,
    price: 50,
    grandTotal: 100,
    refunded_cents: 0,
    refunded: 0,
    orderStatus: 'shipped',
    seller_paid: false,
    orderDate: '2025-03-01T10:00:00.000Z',
    buyer: { fullName: `Bea Buyer ${index}`, email: `bea${index}@example.com`, phone: '+1 512 555 0100' },
    seller: { id: 'seller-1', fullName: 'Sam Seller', companyName: 'Sam’s Supplies', email: 'sam@example.com', phone: '+1 512 555 0199' },
    sellerAccountStatus: 'complete',
    hasOpenDispute: false,
    sellerPendingAdjustments: [],
    shippingCreditCents: 0,
    sellerOpenLabelCents: [],
    shippingAddress: {
      name: 'Bea Buyer',
      email: 'bea@example.com',
      address: { line1: '1 Main St', line2: 'Apt 4', city: 'Austin', state: 'TX', postal_code: '78701', country: 'US' },
    },
    payout: null,
    ...overrides,
  };
}

function pickupInfo(allocated: number, overrides: Partial<PickupChargeInfo> = {}): PickupChargeInfo {
  return {
    hasPickup: allocated > 0,
    pickupRequestNumber: allocated > 0 ? 'PRN-7731' : null,
    isConsolidatedPickup: true,
    shipmentsCount: 2,
    packageCount: 2,
    totalPickupCharge: allocated * 2,
    currency: 'USD',
    source: 'fallback calculation',
    rateDetails: null,
    consolidationDiscount: 0,
    allocation: { allocatedPickupCharge: allocated, totalOrderItemsInPickup: 2, totalOrderValueInPickup: 200, currentItemValue: 100, pickupChargeRatio: 0.5 },
    ...overrides,
  };
}

interface Call {
  method: string;
  path: string;
  query: Record<string, string>;
  body: unknown;
}

interface FakeState {
  items: ShippedOrderItem[];
  /** Overrides totalItems, to page through more items than the fake holds. */
  totalItems?: number;
  pickupAllocated?: number;
  failList?: Response[];
  failCommission?: boolean;
  failPickup?: boolean;
  payoutAnswer?: () => Response;
}

/** A fake of the docs/product/api.md calls the page makes, recording every request. */
function shippedOrdersServer(state: FakeState, calls: Call[]): ApiHandler {
  return async (request) => {
    const url = new URL(request.url);
    const text = request.method === 'GET' ? '' : await request.text();
    calls.push({ method: request.method, path: url.pathname, query: Object.fromEntries(url.searchParams), body: text ? JSON.parse(text) : null });

    if (url.pathname === '/api/orders/get-all-shipped-orders') {
      const failure = state.failList?.shift();
      if (failure) return failure;
      const page = Number(url.searchParams.get('page') ?? 1);
      const limit = Number(url.searchParams.get('limit') ?? 10);
      const totalItems = state.totalItems ?? state.items.length;
      const orderItems = state.items.slice((page - 1) * limit, page * limit);
      return jsonResponse(200, {
        success: true,
        message: 'Shipped orders fetched',
        data: { orderItems, pagination: { page, limit, totalItems, totalPages: Math.max(1, Math.ceil(totalItems / limit)) } },
      });
    }
    if (url.pathname === '/api/admin/commission') {
      return state.failCommission ? jsonResponse(500, { error: 'Database unavailable' }) : jsonResponse(200, { success: true, data: RATES });
    }
    if (url.pathname.startsWith('/api/stripe-connect/pickup-charges/')) {
      return state.failPickup ? jsonResponse(502, { error: 'Carrier down' }) : jsonResponse(200, { success: true, ...pickupInfo(state.pickupAllocated ?? 0) });
    }
    if (url.pathname === '/api/stripe-connect/payout' && request.method === 'POST') {
      if (state.payoutAnswer) return state.payoutAnswer();
      const { orderItemId } = JSON.parse(text) as { orderItemId: string };
      state.items = state.items.map((item) => (item.orderItemId === orderItemId ? { ...item, seller_paid: true } : item));
      return jsonResponse(200, { success: true, message: 'Payout of $85.53 sent to Sam Seller', payout: {} });
    }
    return jsonResponse(404, { error: 'Not found' });
  };
}

function renderPage(state: FakeState, entry = PAGE) {
  logInAs('admin');
  const calls: Call[] = [];
  const rendered = renderApp(entry, { api: shippedOrdersServer(state, calls) });
  return { ...rendered, calls, listCalls: () => calls.filter((call) => call.path === '/api/orders/get-all-shipped-orders') };
}

async function findTable() {
  return screen.findByRole('table', { name: 'Shipped orders' }, SLOW_FIRST_LOAD);
}

/** The data rows of the table (the header row excluded). */
function bodyRows(table: HTMLElement) {
  return within(table).getAllByRole('row').slice(1);
}

/** The amount shown beside a label in the payout calculation. */
function amountFor(dialog: HTMLElement, label: string): string {
  const term = within(dialog).getByText(label, { selector: 'dt' });
  return term.parentElement?.querySelector('dd')?.textContent ?? '';
}

const twentyThree = () => Array.from({ length: 23 }, (_, index) => makeItem(index + 1));

afterEach(() => {
  vi.restoreAllMocks();
});

describe('ShippedOrdersPage', { timeout: timeLimit(30_000) }, () => {
  it('lists shipped items with every column and sends page and limit', async () => {
    const items = twentyThree();
    items[1] = makeItem(2, { seller_paid: true, orderStatus: 'completed', seller: { ...items[1]!.seller, companyName: null } });
    const { listCalls } = renderPage({ items });

    const table = await findTable();
    expect(screen.getByRole('heading', { level: 1, name: 'Shipped Orders' })).toBeInTheDocument();
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['#', 'Order ID', 'Item', 'Customer', 'Seller', 'Amount', 'Order Status', 'Seller Payout', 'Date', 'Actions']);
    const rows = bodyRows(table);
    expect(rows).toHaveLength(10);

    const cells = within(rows[0]!)
      .getAllByRole('cell')
      .map((cell) => cell.textContent);
    expect(cells.slice(0, 9)).toEqual([
      '1',
      'a0000001',
      'Desk lamp 1Electronics2 x $50.00',
      'Bea Buyer 1bea1@example.com',
      'Sam SellerSam’s Supplies',
      '$100.00',
      'Shipped',
      'Unpaid',
      'Mar 1, 2025',
    ]);
    expect(within(rows[0]!).getByText('Shipped')).toHaveAttribute('data-colour', 'green');
    expect(within(rows[0]!).getByRole('button', { name: 'View Details' })).toBeInTheDocument();
    expect(within(rows[0]!).getByRole('button', { name: 'Process Payout' })).toBeInTheDocument();
    // A paid seller has no payout action.
    expect(within(rows[1]!).getByText('Paid')).toBeInTheDocument();
    expect(within(rows[1]!).queryByRole('button', { name: 'Process Payout' })).not.toBeInTheDocument();

    expect(screen.getByText('Total Shipped Orders').nextElementSibling).toHaveTextContent('23');
    expect(screen.getByText('Showing 1 to 10 of 23 results')).toBeInTheDocument();
    expect(listCalls()[0]?.query).toEqual({ page: '1', limit: '10' });
    // Phones get the same rows as cards.
    expect(within(screen.getByRole('list', { name: 'Shipped orders' })).getAllByRole('listitem')).toHaveLength(10);
  });

  it('re-queries with the chosen page size and keeps it in the address', async () => {
    const { user, listCalls, router } = renderPage({ items: twentyThree() });
    await findTable();

    await user.selectOptions(screen.getByLabelText('Per page'), '25');

    expect(await screen.findByText('Showing 1 to 23 of 23 results')).toBeInTheDocument();
    expect(listCalls().at(-1)?.query).toEqual({ page: '1', limit: '25' });
    expect(router.state.location.search).toBe('?limit=25');
    expect(bodyRows(await findTable())).toHaveLength(23);
  });

  it('numbers the pages with ellipses when there are more than 5 and asks for the page chosen', async () => {
    const items = Array.from({ length: 95 }, (_, index) => makeItem(index + 1));
    const { user, listCalls } = renderPage({ items });
    await findTable();

    const pages = () => screen.getByRole('navigation', { name: 'Shipped orders pages' });
    // The ellipses are hidden from screen readers (the page buttons say where they go), so read the markup.
    const buttons = () => Array.from(pages().querySelectorAll('li'), (entry) => entry.textContent);
    expect(buttons()).toEqual(['Previous page', '1', '2', '3', '4', '…', '10', 'Next page']);

    await user.click(within(pages()).getByRole('button', { name: 'Page 4' }));
    expect(await screen.findByText('Showing 31 to 40 of 95 results')).toBeInTheDocument();
    expect(listCalls().at(-1)?.query).toEqual({ page: '4', limit: '10' });
    expect(within(bodyRows(await findTable())[0]!).getAllByRole('cell')[0]).toHaveTextContent('31');
    expect(buttons()).toEqual(['Previous page', '1', '…', '3', '4', '5', '…', '10', 'Next page']);
  });

  it('shows the order, item, customer, seller and shipping address in View Details', async () => {
    const { user } = renderPage({ items: [makeItem(1)] });
    const table = await findTable();

    await user.click(within(bodyRows(table)[0]!).getByRole('button', { name: 'View Details' }));
    const dialog = screen.getByRole('dialog', { name: 'Order Details' });

    const order = within(dialog).getByRole('region', { name: 'Order information' });
    expect(order).toHaveTextContent('a0000001-1111-4111-8111-111111111111');
    expect(order).toHaveTextContent('Mar 1, 2025');
    expect(within(order).getByText('Shipped')).toBeInTheDocument();
    const item = within(dialog).getByRole('region', { name: 'Item details' });
    expect(item).toHaveTextContent('Desk lamp 1');
    expect(item).toHaveTextContent('Electronics');
    expect(item).toHaveTextContent('$50.00');
    const customer = within(dialog).getByRole('region', { name: 'Customer' });
    expect(customer).toHaveTextContent('Bea Buyer 1');
    expect(customer).toHaveTextContent('bea1@example.com');
    expect(customer).toHaveTextContent('+1 512 555 0100');
    const seller = within(dialog).getByRole('region', { name: 'Seller' });
    for (const text of ['Sam Seller', 'Sam’s Supplies', 'sam@example.com', '+1 512 555 0199']) expect(seller).toHaveTextContent(text);
    const address = within(dialog).getByRole('region', { name: 'Shipping address' });
    for (const text of ['1 Main St', 'Apt 4', 'Austin, TX 78701', 'US']) expect(address).toHaveTextContent(text);

    // The footer's Close, after the corner's.
    await user.click(within(dialog).getAllByRole('button', { name: 'Close' }).at(-1)!);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('shows the payout calculation: 2 × $50.00 at 10% with a $4.00 pickup pays $85.53', async () => {
    const { user } = renderPage({ items: [makeItem(1)], pickupAllocated: 4 });
    const table = await findTable();

    await user.click(within(bodyRows(table)[0]!).getByRole('button', { name: 'Process Payout' }));
    const dialog = screen.getByRole('dialog', { name: 'Process Payout' });
    await within(dialog).findByText('Seller payout', { selector: 'dt' });

    expect(amountFor(dialog, 'Item total')).toBe('$100.00');
    expect(amountFor(dialog, 'Commission (10%)')).toContain('$10.00');
    expect(amountFor(dialog, 'Pickup charge')).toContain('$4.00');
    expect(within(dialog).getByText(/Pickup PRN-7731 \(consolidated\)/)).toBeInTheDocument();
    expect(amountFor(dialog, 'Gross payout')).toBe('$86.00');
    expect(amountFor(dialog, 'Transfer fee')).toContain('$0.47');
    expect(within(dialog).getByText('0.25% + $0.25')).toBeInTheDocument();
    expect(amountFor(dialog, 'Seller payout')).toBe('$85.53');
    // Nothing added or taken off: the payout rule's result is what is sent.
    for (const label of ['Item payout', 'Shipping the buyer paid', 'Shipping labels', 'Refunds owed back']) {
      expect(within(dialog).queryByText(label, { selector: 'dt' })).not.toBeInTheDocument();
    }
    expect(within(dialog).getByText(/within 2-7 business days/)).toHaveTextContent('This action cannot be undone.');
    expect(within(dialog).queryByText(/No commission rate found/)).not.toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Confirm Payout' })).toBeEnabled();
  });

  it('adds the shipping the buyer paid, then settles the labels and the refunds owed back as the server does: $79.02', async () => {
    // $85.53 + $7.99 shipping = $93.52; the $3.00 voided label first (+$3.00), then the $12.50 label (−$12.50); the
    // $90.00 one does not fit and waits. Then the $5.00 owed back: $93.52 − $9.50 − $5.00 = $79.02.
    const item = makeItem(1, { shippingCreditCents: 799, sellerOpenLabelCents: [-1250, 300, -9000], sellerPendingAdjustments: [-5] });
    const { user } = renderPage({ items: [item], pickupAllocated: 4 });
    const table = await findTable();

    await user.click(within(bodyRows(table)[0]!).getByRole('button', { name: 'Process Payout' }));
    const dialog = screen.getByRole('dialog', { name: 'Process Payout' });
    await within(dialog).findByText('Seller payout', { selector: 'dt' });

    const terms = Array.from(within(dialog).getByRole('region', { name: 'Payout calculation' }).querySelectorAll('dt'), (term) => term.firstChild?.textContent);
    expect(terms.slice(-6)).toEqual(['Transfer fee', 'Item payout', 'Shipping the buyer paid', 'Shipping labels', 'Refunds owed back', 'Seller payout']);
    expect(amountFor(dialog, 'Item payout')).toBe('$85.53');
    expect(amountFor(dialog, 'Shipping the buyer paid')).toBe('+ plus $7.99');
    expect(amountFor(dialog, 'Shipping labels')).toBe('− minus $9.50');
    expect(within(dialog).getByText('Labels the seller bought, oldest first')).toBeInTheDocument();
    expect(amountFor(dialog, 'Refunds owed back')).toBe('− minus $5.00');
    expect(amountFor(dialog, 'Seller payout')).toBe('$79.02');
  });

  it('adds voided labels credited back, and shows no shipping line when the buyer paid none', async () => {
    const { user } = renderPage({ items: [makeItem(1, { sellerOpenLabelCents: [250] })], pickupAllocated: 4 });
    const table = await findTable();

    await user.click(within(bodyRows(table)[0]!).getByRole('button', { name: 'Process Payout' }));
    const dialog = screen.getByRole('dialog', { name: 'Process Payout' });
    await within(dialog).findByText('Seller payout', { selector: 'dt' });

    expect(amountFor(dialog, 'Item payout')).toBe('$85.53');
    expect(within(dialog).queryByText('Shipping the buyer paid', { selector: 'dt' })).not.toBeInTheDocument();
    expect(amountFor(dialog, 'Shipping labels')).toBe('+ plus $2.50');
    expect(within(dialog).getByText('Voided labels credited back')).toBeInTheDocument();
    expect(within(dialog).queryByText('Refunds owed back', { selector: 'dt' })).not.toBeInTheDocument();
    expect(amountFor(dialog, 'Seller payout')).toBe('$88.03');
  });

  it('pays a partly refunded item on what the buyer kept: $100 less a $30 refund at 10% pays $62.59', async () => {
    const { user } = renderPage({ items: [makeItem(1, { orderStatus: 'partially_refunded', refunded_cents: 3000, refunded: 30 })] });
    const table = await findTable();

    await user.click(within(bodyRows(table)[0]!).getByRole('button', { name: 'Process Payout' }));
    const dialog = screen.getByRole('dialog', { name: 'Process Payout' });
    await within(dialog).findByText('Seller payout', { selector: 'dt' });

    expect(amountFor(dialog, 'Item total')).toBe('$100.00');
    expect(amountFor(dialog, 'Refunded to the buyer')).toContain('$30.00');
    expect(amountFor(dialog, 'Item total kept')).toBe('$70.00');
    expect(amountFor(dialog, 'Commission (10%)')).toContain('$7.00');
    expect(amountFor(dialog, 'Gross payout')).toBe('$63.00');
    expect(amountFor(dialog, 'Transfer fee')).toContain('$0.41');
    expect(amountFor(dialog, 'Seller payout')).toBe('$62.59');
  });

  it('warns and uses 0% when the category has no commission rate', async () => {
    const item = makeItem(1, { category: 'Garden', categorySlug: 'garden' });
    const { user } = renderPage({ items: [item] });
    const table = await findTable();

    await user.click(within(bodyRows(table)[0]!).getByRole('button', { name: 'Process Payout' }));
    const dialog = screen.getByRole('dialog', { name: 'Process Payout' });

    expect(await within(dialog).findByText('No commission rate found for category Garden. Using 0% commission.')).toBeInTheDocument();
    expect(amountFor(dialog, 'Commission (0%)')).toContain('$0.00');
    // $100.00 gross: fee 25¢ + 25¢.
    expect(amountFor(dialog, 'Seller payout')).toBe('$99.50');
  });

  it('treats failed commission and pickup loads as 0% and no pickup charge', async () => {
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => {});
    const { user } = renderPage({ items: [makeItem(1)], failCommission: true, failPickup: true });
    const table = await findTable();

    await user.click(within(bodyRows(table)[0]!).getByRole('button', { name: 'Process Payout' }));
    const dialog = screen.getByRole('dialog', { name: 'Process Payout' });

    expect(await within(dialog).findByText('No commission rate found for category Electronics. Using 0% commission.')).toBeInTheDocument();
    expect(amountFor(dialog, 'Pickup charge')).toContain('$0.00');
    expect(amountFor(dialog, 'Seller payout')).toBe('$99.50');
    expect(consoleError).toHaveBeenCalled();
  });

  it('pays with a body of exactly the order item id, toasts the server message and marks the row Paid', async () => {
    const { user, calls } = renderPage({ items: [makeItem(1), makeItem(2)], pickupAllocated: 4 });
    const table = await findTable();

    await user.click(within(bodyRows(table)[0]!).getByRole('button', { name: 'Process Payout' }));
    const dialog = screen.getByRole('dialog', { name: 'Process Payout' });
    await within(dialog).findByText('Seller payout', { selector: 'dt' });
    await user.click(within(dialog).getByRole('button', { name: 'Confirm Payout' }));

    expect(await screen.findByText('Payout of $85.53 sent to Sam Seller')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    const posts = calls.filter((call) => call.method === 'POST');
    expect(posts).toEqual([{ method: 'POST', path: '/api/stripe-connect/payout', query: {}, body: { orderItemId: 'b0000001-1111-4111-8111-111111111111' } }]);

    const firstRow = () => bodyRows(screen.getByRole('table', { name: 'Shipped orders' }))[0]!;
    expect(await within(firstRow()).findByText('Paid')).toBeInTheDocument();
    expect(within(firstRow()).queryByRole('button', { name: 'Process Payout' })).not.toBeInTheDocument();
    expect(within(bodyRows(screen.getByRole('table', { name: 'Shipped orders' }))[1]!).getByRole('button', { name: 'Process Payout' })).toBeInTheDocument();
  });

  it('keeps the modal open and toasts the server error when the payout fails', async () => {
    const { user, listCalls } = renderPage({
      items: [makeItem(1)],
      payoutAnswer: () => jsonResponse(409, { error: 'This item has already been paid' }),
    });
    const table = await findTable();

    await user.click(within(bodyRows(table)[0]!).getByRole('button', { name: 'Process Payout' }));
    const dialog = screen.getByRole('dialog', { name: 'Process Payout' });
    await within(dialog).findByText('Seller payout', { selector: 'dt' });
    const listCallsBefore = listCalls().length;
    await user.click(within(dialog).getByRole('button', { name: 'Confirm Payout' }));

    expect(await screen.findByText('This item has already been paid')).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Process Payout' })).toBeInTheDocument();
    expect(listCalls()).toHaveLength(listCallsBefore);
  });

  it('falls back to "Failed to create payout" when the server gives no error', async () => {
    const { user } = renderPage({ items: [makeItem(1)], payoutAnswer: () => new Response('Bad gateway', { status: 502 }) });
    const table = await findTable();

    await user.click(within(bodyRows(table)[0]!).getByRole('button', { name: 'Process Payout' }));
    const dialog = screen.getByRole('dialog', { name: 'Process Payout' });
    await within(dialog).findByText('Seller payout', { selector: 'dt' });
    await user.click(within(dialog).getByRole('button', { name: 'Confirm Payout' }));

    expect(await screen.findByText('Failed to create payout')).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Process Payout' })).toBeInTheDocument();
  });

  it('will not confirm for a seller who has not completed payment setup', async () => {
    const { user, calls } = renderPage({ items: [makeItem(1, { sellerAccountStatus: 'pending' })] });
    const table = await findTable();

    await user.click(within(bodyRows(table)[0]!).getByRole('button', { name: 'Process Payout' }));
    const dialog = screen.getByRole('dialog', { name: 'Process Payout' });
    await within(dialog).findByText('Seller payout', { selector: 'dt' });

    expect(within(dialog).getByText('Seller payment setup incomplete')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Confirm Payout' })).toBeDisabled();
    expect(calls.some((call) => call.method === 'POST')).toBe(false);
  });

  it('shows the server message with Try Again when the list fails, and recovers', async () => {
    const { user } = renderPage({
      items: [makeItem(1)],
      failList: [jsonResponse(500, { error: 'Database unavailable' }), new Response('oops', { status: 500 })],
    });

    const alert = await screen.findByRole('alert', {}, SLOW_FIRST_LOAD);
    expect(alert).toHaveTextContent('Database unavailable');
    await user.click(within(alert).getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByText('Failed to fetch shipped orders')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(bodyRows(await findTable())).toHaveLength(1);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('says so when nothing has shipped yet', async () => {
    renderPage({ items: [] });

    expect(await screen.findByText('No Shipped orders found', {}, SLOW_FIRST_LOAD)).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });
});
