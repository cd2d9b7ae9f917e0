import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { AdminOrderDetailResponse, AdminOrderSummary } from '@marketplace/contracts/admin-orders';
import { jsonResponse, renderApp } from '../../../test/render-app';
import { logInAs } from '../../../test/tokens';
import { timeLimit } from '../../../test/time-limit';

// The first visit downloads the lazy route and its layout, which can take a while on a busy machine.
const SLOW_FIRST_LOAD = { timeout: 5000 };

function makeOrder(id: string, status: AdminOrderSummary['status'], total: number): AdminOrderSummary {
  return {
    id,
    createdAt: '2025-03-04T12:00:00.000Z',
    status,
    buyer: { id: 'user-bea', fullName: 'Bea Buyer', email: 'bea@example.com' },
    itemsCount: 2,
    total,
  };
}

const ORDERS = [
  makeOrder('0a1b2c3d-1111-4111-8111-111111111111', 'pending', 59.98),
  makeOrder('1b2c3d4e-2222-4222-8222-222222222222', 'shipped', 120.5),
  makeOrder('2c3d4e5f-3333-4333-8333-333333333333', 'refunded', 5.99),
  makeOrder('3d4e5f60-4444-4444-8444-444444444444', 'processing', 1234),
  makeOrder('4e5f6071-5555-4555-8555-555555555555', 'cancelled', 10),
];

describe('AdminOrdersPage', { timeout: timeLimit(30_000) }, () => {
  it('lists orders with short ids, totals, status colours and the results range', async () => {
    logInAs('admin');
    let lastUrl: URL | null = null;
    renderApp('/admin/orders?page=2', {
      api: (request) => {
        // Only the orders call (the chat socket also reads unread counts once logged in).
        if (new URL(request.url).pathname === '/api/admin/orders') lastUrl = new URL(request.url);
        return jsonResponse(200, { orders: ORDERS, pagination: { page: 2, limit: 10, totalPages: 7, totalItems: 65 } });
      },
    });

    const table = await screen.findByRole('table', { name: 'Orders' }, SLOW_FIRST_LOAD);
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(5);

    const first = within(rows[0]!);
    expect(first.getByText('#0a1b2c3d')).toBeInTheDocument();
    expect(first.getByText('Bea Buyer')).toBeInTheDocument();
    expect(first.getByText('$59.98')).toBeInTheDocument();
    expect(first.getByRole('link', { name: 'View order 0a1b2c3d' })).toHaveAttribute('href', '/admin/orders/orderItems/0a1b2c3d-1111-4111-8111-111111111111');

    // docs/product/statuses.md: shipped, refunded, completed green; pending yellow; rejected red; processing blue; others neutral.
    const colourOf = (row: HTMLElement, label: string) => within(row).getByText(label).getAttribute('data-colour');
    expect(colourOf(rows[0]!, 'Pending')).toBe('yellow');
    expect(colourOf(rows[1]!, 'Shipped')).toBe('green');
    expect(colourOf(rows[2]!, 'Refunded')).toBe('green');
    expect(colourOf(rows[3]!, 'Processing')).toBe('blue');
    expect(colourOf(rows[4]!, 'Cancelled')).toBe('neutral');
    expect(within(rows[3]!).getByText('$1,234.00')).toBeInTheDocument();

    expect(screen.getByText('Showing 11 to 20 of 65 results')).toBeInTheDocument();
    const pages = screen.getByRole('navigation', { name: 'Orders pages' });
    expect(
      within(pages)
        .getAllByRole('button', { name: /^Page \d+$/ })
        .map((button) => button.textContent),
    ).toEqual(['1', '2', '3', '4', '7']);
    expect(within(pages).getByRole('button', { name: 'Page 2' })).toHaveAttribute('aria-current', 'page');
    expect(Object.fromEntries(lastUrl!.searchParams)).toEqual({ page: '2', limit: '10' });
  });

  it('searches by order id or buyer and filters by status', async () => {
    logInAs('admin');
    const urls: URL[] = [];
    const { user, router } = renderApp('/admin/orders', {
      api: (request) => {
        urls.push(new URL(request.url));
        return jsonResponse(200, { orders: [], pagination: { page: 1, limit: 10, totalPages: 1, totalItems: 0 } });
      },
    });

    expect(await screen.findByText('No orders found', {}, SLOW_FIRST_LOAD)).toBeInTheDocument();
    await user.type(screen.getByRole('searchbox', { name: 'Search orders' }), '0a1b2c3d');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    await user.selectOptions(screen.getByLabelText('Status'), 'pending');

    expect(await screen.findByText('Try another search or clear the filters.')).toBeInTheDocument();
    expect(router.state.location.search).toBe('?q=0a1b2c3d&status=pending');
    expect(Object.fromEntries(urls.at(-1)!.searchParams)).toEqual({ q: '0a1b2c3d', status: 'pending', page: '1', limit: '10' });
  });
});

describe('AdminOrderItemsPage', { timeout: timeLimit(30_000) }, () => {
  it('shows the order, its address, amounts and each item with its seller, reason and payout', async () => {
    logInAs('admin');
    const detail: AdminOrderDetailResponse = {
      order: {
        ...ORDERS[0]!,
        status: 'processing',
        shippingAddress: {
          name: 'Bea Buyer',
          line1: '1 Main St',
          line2: null,
          city: 'Springfield',
          state: 'IL',
          postal_code: '62701',
          country: 'US',
          email: null,
          phone: null,
        },
        amounts: { itemsTotal: 54, shipping: 5.99, retipTotal: 0, total: 59.99, refunded: 20 },
        payment: null,
      },
      items: [
        {
          id: 'item-1',
          productId: 'p1',
          title: 'Wool blanket',
          image: null,
          quantity: 1,
          price: 34,
          retipAdded: false,
          retipPrice: 0,
          total: 34,
          seller: { id: 'user-sam', fullName: 'Sam Seller', companyName: 'Sam’s Supplies' },
          status: 'shipped',
          rejectionReason: null,
          sellerPaid: true,
          refundedAmount: null,
        },
        {
          id: 'item-2',
          productId: 'p2',
          title: 'Tea set',
          image: null,
          quantity: 2,
          price: 10,
          retipAdded: false,
          retipPrice: 0,
          total: 20,
          seller: { id: 'user-tom', fullName: 'Tom Trader', companyName: null },
          status: 'rejected',
          rejectionReason: 'Out of stock in the warehouse',
          sellerPaid: false,
          refundedAmount: 20,
        },
      ],
    };
    renderApp(`/admin/orders/orderItems/${detail.order.id}`, {
      api: (request) =>
        new URL(request.url).pathname === `/api/admin/orders/${detail.order.id}` ? jsonResponse(200, detail) : jsonResponse(404, { error: 'Not found' }),
    });

    expect(await screen.findByRole('heading', { level: 1, name: 'Order #0a1b2c3d' }, SLOW_FIRST_LOAD)).toBeInTheDocument();
    expect(within(screen.getByRole('region', { name: 'Shipping address' })).getByText(/Springfield, IL 62701/)).toBeInTheDocument();
    const amounts = within(screen.getByRole('region', { name: 'Amounts' }));
    expect(amounts.getByText('$59.99')).toBeInTheDocument();
    expect(amounts.getByText('−$20.00')).toBeInTheDocument();

    const rows = within(screen.getByRole('table', { name: 'Items in this order' }))
      .getAllByRole('row')
      .slice(1);
    expect(within(rows[0]!).getByText('Sam’s Supplies')).toBeInTheDocument();
    expect(within(rows[0]!).getByText('Paid')).toBeInTheDocument();
    expect(within(rows[1]!).getByText('Rejected')).toHaveAttribute('data-colour', 'red');
    expect(within(rows[1]!).getByText('Reason: Out of stock in the warehouse')).toBeInTheDocument();
    expect(within(rows[1]!).getByText('Unpaid')).toBeInTheDocument();
  });

  it('says so when the order does not exist', async () => {
    logInAs('admin');
    renderApp('/admin/orders/orderItems/0a1b2c3d-1111-4111-8111-111111111111', { api: () => jsonResponse(404, { error: 'Order not found' }) });
    expect(await screen.findByText(/This order does not exist/, {}, SLOW_FIRST_LOAD)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to orders' })).toHaveAttribute('href', '/admin/orders');
  });
});
