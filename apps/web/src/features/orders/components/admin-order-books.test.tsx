import { configureStore } from '@reduxjs/toolkit';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Provider } from 'react-redux';
import { describe, expect, it } from 'vitest';
import type { AdminOrderDetailResponse } from '@marketplace/contracts/admin-orders';
import type { OrderBooksResponse } from '@marketplace/contracts/payouts';
import { api } from '../../../lib/api';
import { jsonResponse, mockApi, renderApp, type ApiHandler } from '../../../test/render-app';
import { timeLimit } from '../../../test/time-limit';
import { logInAs } from '../../../test/tokens';
import { AdminOrderBooks } from './admin-order-books';

const ORDER_ID = '0a1b2c3d-1111-4111-8111-111111111111';
const BOOKS_PATH = `/api/admin/orders/${ORDER_ID}/books`;

// docs/product/money.md's worked example, with Brightside's part refunded in full: the buyer gets its $48.00 back,
// its payout is $0 and its $9.35 label is the marketplace's to recover; Northwind bought a label, voided it and
// bought another.
const BOOKS: OrderBooksResponse = {
  orderId: ORDER_ID,
  shops: [
    {
      sellerId: 'seller-northwind',
      shopName: 'Northwind',
      paidCents: 5395,
      refundedCents: 0,
      payoutsCents: 4015,
      shippingCreditedCents: 895,
      labelsChargedCents: 1020,
      platformCents: 1505,
      transferredCents: 3890,
      items: [
        {
          orderItemId: 'item-board',
          title: 'Walnut serving board',
          paidCents: 5395,
          refundedCents: 0,
          payoutCents: 4015,
          shippingCreditCents: 895,
          payoutStatus: 'paid',
        },
      ],
      labels: [
        { shipmentId: 'ship-1', trackingNumber: '1ZNORTHWIND0000001', chargesCents: 1020, voided: true },
        { shipmentId: 'ship-2', trackingNumber: '1ZNORTHWIND0000002', chargesCents: 1020, voided: false },
      ],
    },
    {
      sellerId: 'seller-brightside',
      shopName: 'Brightside',
      paidCents: 4800,
      refundedCents: 4800,
      payoutsCents: 0,
      shippingCreditedCents: 0,
      labelsChargedCents: 935,
      platformCents: 935,
      transferredCents: 0,
      items: [
        {
          orderItemId: 'item-mugs',
          title: 'Stoneware mug',
          paidCents: 4800,
          refundedCents: 4800,
          payoutCents: 0,
          shippingCreditCents: 0,
          payoutStatus: null,
        },
      ],
      labels: [{ shipmentId: 'ship-3', trackingNumber: '1ZBRIGHTSIDE000003', chargesCents: 935, voided: false }],
    },
  ],
  totals: {
    paidCents: 10195,
    refundedCents: 4800,
    payoutsCents: 4015,
    shippingCreditedCents: 895,
    labelsChargedCents: 1955,
    platformCents: 2440,
  },
};

const BALANCED = 'Balanced: $101.95 = $40.15 payouts + $8.95 shipping − $19.55 labels + $24.40 marketplace + $48.00 refunds';

/** The component alone, with just the API slice (a feature does not import the app's store). */
function renderBooks(handler: ApiHandler) {
  logInAs('admin');
  const fetchSpy = mockApi(handler);
  const user = userEvent.setup();
  const store = configureStore({ reducer: { [api.reducerPath]: api.reducer }, middleware: (defaults) => defaults().concat(api.middleware) });
  render(
    <Provider store={store}>
      <AdminOrderBooks orderId={ORDER_ID} />
    </Provider>,
  );
  return { user, fetchSpy };
}

const answerBooks =
  (books: OrderBooksResponse): ApiHandler =>
  (request) =>
    new URL(request.url).pathname === BOOKS_PATH ? jsonResponse(200, books) : jsonResponse(404, { error: 'Not found' });

/** The figure a `<dt>` of `scope` names, as shown (not those of the lists inside it: a shop's items have their own). */
function figure(scope: HTMLElement, term: string): string | null | undefined {
  const terms = within(scope)
    .getAllByText(term, { selector: 'dt' })
    .filter((dt) => {
      const list = dt.closest('ul');
      return !list || !scope.contains(list);
    });
  expect(terms).toHaveLength(1);
  return terms[0]!.nextElementSibling?.textContent;
}

describe('AdminOrderBooks (docs/product/money.md, "The books of an order")', () => {
  it("shows each shop's books, its labels and items, then the order's totals and that they balance", async () => {
    const { fetchSpy } = renderBooks(answerBooks(BOOKS));

    const money = screen.getByRole('region', { name: 'Money' });
    expect(within(money).getByRole('status')).toHaveTextContent("Loading the order's money…");

    const northwind = await within(money).findByRole('article', { name: 'Northwind' });
    expect(figure(northwind, 'Buyer paid')).toBe('$53.95');
    expect(figure(northwind, 'Refunded')).toBe('$0.00');
    expect(figure(northwind, 'Seller payouts')).toBe('$40.15');
    expect(figure(northwind, 'Shipping credited')).toBe('+$8.95');
    expect(figure(northwind, 'Labels charged')).toBe('−$10.20');
    expect(figure(northwind, "Marketplace's take")).toBe('$15.05');
    expect(figure(northwind, 'Transferred so far')).toBe('$38.90');
    const northwindLabels = within(within(northwind).getByRole('list', { name: 'Labels of Northwind' })).getAllByRole('listitem');
    expect(northwindLabels.map((label) => label.textContent)).toEqual(['1ZNORTHWIND0000001$10.20 · voided, credited back', '1ZNORTHWIND0000002−$10.20']);
    const board = within(within(northwind).getByRole('list', { name: 'Items from Northwind' })).getByRole('listitem');
    expect(within(board).getByText('Walnut serving board')).toBeInTheDocument();
    expect(within(board).getByText('Payout paid')).toHaveAttribute('data-colour', 'green');
    expect(figure(board, 'Payout')).toBe('$40.15');
    expect(figure(board, 'Shipping credit')).toBe('$8.95');

    const brightside = within(money).getByRole('article', { name: 'Brightside' });
    expect(figure(brightside, 'Buyer paid')).toBe('$48.00');
    expect(figure(brightside, 'Refunded')).toBe('$48.00');
    expect(figure(brightside, 'Seller payouts')).toBe('$0.00');
    expect(figure(brightside, 'Shipping credited')).toBe('$0.00');
    expect(figure(brightside, 'Labels charged')).toBe('−$9.35');
    expect(figure(brightside, "Marketplace's take")).toBe('$9.35');
    expect(figure(brightside, 'Transferred so far')).toBe('$0.00');
    expect(within(within(brightside).getByRole('list', { name: 'Labels of Brightside' })).getByRole('listitem')).toHaveTextContent('1ZBRIGHTSIDE000003−$9.35');
    const mugs = within(within(brightside).getByRole('list', { name: 'Items from Brightside' })).getByRole('listitem');
    expect(figure(mugs, 'Refunded')).toBe('$48.00');
    expect(within(mugs).getByText('Not paid out')).toBeInTheDocument();
    // Every shop balances, so no shop warns.
    expect(within(money).queryByRole('status')).not.toBeInTheDocument();

    const totals = within(money).getByRole('article', { name: 'Order totals' });
    expect(figure(totals, 'Buyer paid')).toBe('$101.95');
    expect(figure(totals, 'Refunded')).toBe('$48.00');
    expect(figure(totals, 'Seller payouts')).toBe('$40.15');
    expect(figure(totals, 'Shipping credited')).toBe('+$8.95');
    expect(figure(totals, 'Labels charged')).toBe('−$19.55');
    expect(figure(totals, "Marketplace's take")).toBe('$24.40');
    expect(within(totals).getByText(BALANCED)).toBeInTheDocument();

    expect(fetchSpy.mock.calls.map(([input]) => new URL((input as Request).url).pathname)).toEqual([BOOKS_PATH]);
  });

  it('warns when the books do not balance', async () => {
    const shop = BOOKS.shops[0]!;
    const off: OrderBooksResponse = {
      orderId: ORDER_ID,
      shops: [{ ...shop, platformCents: shop.platformCents - 5 }],
      totals: { ...BOOKS.totals, paidCents: 5395, refundedCents: 0, labelsChargedCents: 1020, platformCents: 1500 },
    };
    renderBooks(answerBooks(off));

    const northwind = await screen.findByRole('article', { name: 'Northwind' });
    expect(within(northwind).getByRole('status')).toHaveTextContent("Northwind's books do not balance");
    expect(within(northwind).getByRole('status')).toHaveTextContent('$0.05 unaccounted for');
    const totals = screen.getByRole('article', { name: 'Order totals' });
    expect(within(totals).getByRole('status')).toHaveTextContent(
      "The order's books do not balance$53.95 ≠ $40.15 payouts + $8.95 shipping − $10.20 labels + $15.00 marketplace + $0.00 refunds: $0.05 unaccounted for.",
    );
    expect(screen.queryByText(/^Balanced:/)).not.toBeInTheDocument();
  });

  it('says when the books could not be loaded, and tries again', async () => {
    let calls = 0;
    const { user } = renderBooks((request) => {
      if (new URL(request.url).pathname !== BOOKS_PATH) return jsonResponse(404, { error: 'Not found' });
      calls += 1;
      return calls === 1 ? jsonResponse(500, { error: 'The books are closed for lunch', code: 'internal' }) : jsonResponse(200, BOOKS);
    });

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent("The order's money could not be loaded");
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText(BALANCED)).toBeInTheDocument();
    expect(calls).toBe(2);
  });
});

describe('The admin order page shows the books', { timeout: timeLimit(30_000) }, () => {
  it('has a Money section under the items', async () => {
    logInAs('admin');
    const detail: AdminOrderDetailResponse = {
      order: {
        id: ORDER_ID,
        createdAt: '2025-03-04T12:00:00.000Z',
        status: 'shipped',
        buyer: { id: 'user-bea', fullName: 'Bea Buyer', email: 'bea@example.com' },
        itemsCount: 3,
        total: 101.95,
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
        amounts: { itemsTotal: 93, shipping: 8.95, retipTotal: 0, total: 101.95, refunded: 48 },
        payment: null,
      },
      items: [],
    };
    renderApp(`/admin/orders/orderItems/${ORDER_ID}`, {
      api: (request) => {
        const path = new URL(request.url).pathname;
        if (path === `/api/admin/orders/${ORDER_ID}`) return jsonResponse(200, detail);
        if (path === BOOKS_PATH) return jsonResponse(200, BOOKS);
        return jsonResponse(404, { error: 'Not found' });
      },
    });

    const money = await screen.findByRole('region', { name: 'Money' }, { timeout: 5000 });
    expect(await within(money).findByText(BALANCED)).toBeInTheDocument();
    expect(within(money).getByRole('article', { name: 'Northwind' })).toBeInTheDocument();
    expect(within(money).getByRole('article', { name: 'Brightside' })).toBeInTheDocument();
  });
});
