import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { BuyerOrder } from '@marketplace/contracts/orders';
import { jsonResponse, renderApp } from '../../../test/render-app';
import { apiRoutes, EMPTY_CART, EMPTY_WISHLIST } from '../../../test/shop-fixtures';
import { logInAs } from '../../../test/tokens';
import { listEntryOf, makeDetailItem, makeOrderDetail, makeShippedAndRefundedOrder } from '../test/order-fixtures';

const ORDER_ID = 'c0ffee00-0000-4000-8000-000000000001';

function makeOrder(status: BuyerOrder['status'], itemStatus: BuyerOrder['items'][number]['status']): BuyerOrder {
  return {
    id: ORDER_ID,
    status,
    createdAt: '2025-03-04T12:00:00.000Z',
    itemsTotal: 40,
    shipping: 5.99,
    retipTotal: 4.25,
    total: 50.24,
    items: [
      {
        id: 'i1',
        productId: 'p1',
        title: 'Walnut desk lamp',
        variantLabel: null,
        personalization: null,
        gift: null,
        image: null,
        price: 20,
        quantity: 2,
        retipAdded: true,
        retipPrice: 4.25,
        status: itemStatus,
        rejectionReason: null,
      },
    ],
  };
}

describe('MyOrdersPage', () => {
  it('lists orders with status colours, opens the detail and cancels after confirming', async () => {
    logInAs('buyer');
    let order = makeOrder('pending', 'pending');
    let cancelCalls = 0;
    const { user } = renderApp('/myorders', {
      api: apiRoutes({
        'GET /api/cart': () => jsonResponse(200, EMPTY_CART),
        'GET /api/wishlist': () => jsonResponse(200, EMPTY_WISHLIST),
        'GET /api/orders': () => jsonResponse(200, { orders: [order], pagination: { page: 1, totalPages: 1, totalItems: 1 } }),
        [`GET /api/orders/${ORDER_ID}`]: () => jsonResponse(200, makeOrderDetail({ ...order, items: order.items.map((item) => makeDetailItem(item)) })),
        [`POST /api/orders/${ORDER_ID}/cancel`]: () => {
          cancelCalls += 1;
          order = makeOrder('cancelled', 'cancelled');
          return jsonResponse(200, order);
        },
      }),
    });

    const card = await screen.findByRole('article', { name: 'Order c0ffee00' }, { timeout: 5000 });
    const badges = within(card).getAllByText('Pending');
    expect(badges[0]).toHaveAttribute('data-colour', 'yellow');
    expect(within(card).getByText('$50.24')).toBeInTheDocument();
    expect(within(card).getByRole('link', { name: 'Walnut desk lamp' })).toHaveAttribute('href', '/products/p1');

    await user.click(within(card).getByRole('button', { name: /Show details/ }));
    expect(await within(card).findByText('Portland, OR 97201', { exact: false })).toBeInTheDocument();

    await user.click(within(card).getByRole('button', { name: 'Cancel order' }));
    // Whichever dialog role the shared confirm dialog uses, it is named after the question.
    const dialogOf = async () => (await screen.findByRole('heading', { name: 'Cancel order c0ffee00?' })).closest<HTMLElement>('[aria-modal="true"]')!;
    const dialog = await dialogOf();
    await user.click(within(dialog).getByRole('button', { name: 'Keep order' }));
    expect(cancelCalls).toBe(0);

    await user.click(within(card).getByRole('button', { name: 'Cancel order' }));
    await user.click(within(await dialogOf()).getByRole('button', { name: 'Yes, cancel order' }));
    await waitFor(() => expect(cancelCalls).toBe(1));
    await waitFor(() => expect(within(card).queryByRole('button', { name: 'Cancel order' })).not.toBeInTheDocument());
    expect(within(card).getAllByText('Cancelled')[0]).toHaveAttribute('data-colour', 'neutral');
  });

  it('opens a shipped, partly refunded order: tracking number (copyable) and events, timeline with dates, refunds and totals', async () => {
    logInAs('buyer');
    const detail = makeShippedAndRefundedOrder();
    const { user } = renderApp('/myorders', {
      api: apiRoutes({
        'GET /api/orders': () => jsonResponse(200, { orders: [listEntryOf(detail)], pagination: { page: 1, totalPages: 1, totalItems: 1 } }),
        [`GET /api/orders/${ORDER_ID}`]: () => jsonResponse(200, detail),
      }),
    });
    const card = await screen.findByRole('article', { name: 'Order c0ffee00' });
    expect(within(card).getByText('Partially refunded')).toHaveAttribute('data-colour', 'green');
    await user.click(within(card).getByRole('button', { name: /Show details/ }));

    const item = await within(card).findByRole('article', { name: 'Oak side table' });
    const tracking = within(item).getByRole('region', { name: 'Tracking of Oak side table' });
    expect(within(tracking).getByText('1Z999AA10123456784')).toBeInTheDocument();
    expect(within(tracking).getByText('UPS tracking')).toBeInTheDocument();
    const events = within(tracking).getByRole('list', { name: 'Tracking events of Oak side table' });
    // Newest first, each with its place.
    expect(
      within(events)
        .getAllByRole('listitem')
        .map((event) => event.querySelector('p')?.textContent),
    ).toEqual(['Delivered', 'Departed from Facility', 'Pickup Scan']);
    expect(within(events).getByText(/Louisville, KY/)).toBeInTheDocument();
    const writeText = vi.spyOn(navigator.clipboard, 'writeText').mockResolvedValue();
    await user.click(within(tracking).getByRole('button', { name: 'Copy tracking number 1Z999AA10123456784' }));
    expect(writeText).toHaveBeenCalledWith('1Z999AA10123456784');

    const timeline = within(item).getByRole('list', { name: 'Timeline of Oak side table' });
    expect(
      within(timeline)
        .getAllByRole('listitem')
        .map((entry) => entry.querySelector('p')?.textContent),
    ).toEqual(['Order placed', 'Approved by the seller', 'Shipped', 'In transit', 'Delivered', 'Partially refunded $120.00']);
    expect(within(timeline).getByText(/^Oct 31, \d{4}, 2:00 PM$/)).toBeInTheDocument();

    expect(within(item).getByRole('region', { name: 'Refunds of Oak side table' })).toHaveTextContent('Refunded $120.00 on Nov 3 · Settled: scratched top');
    const amounts = within(card).getByLabelText('Amounts');
    expect(amounts).toHaveTextContent('Total paid$438.00');
    expect(amounts).toHaveTextContent('Refunded$120.00');
    expect(amounts).toHaveTextContent('Net paid$318.00');
    expect(within(card).getByText('Paid with Visa ending in 4242')).toBeInTheDocument();
    expect(within(card).getByRole('link', { name: 'Receipt' })).toHaveAttribute('href', `/myorders/${ORDER_ID}/receipt`);
  });

  it('offers no cancel once a seller has acted on an item', async () => {
    logInAs('buyer');
    renderApp('/myorders', {
      api: apiRoutes({
        'GET /api/orders': () => jsonResponse(200, { orders: [makeOrder('processing', 'approved')], pagination: { page: 1, totalPages: 1, totalItems: 1 } }),
      }),
    });
    const card = await screen.findByRole('article', { name: 'Order c0ffee00' }, { timeout: 5000 });
    expect(within(card).getByText('Processing')).toHaveAttribute('data-colour', 'blue');
    expect(within(card).queryByRole('button', { name: 'Cancel order' })).not.toBeInTheDocument();
  });

  it('invites a buyer with no orders to browse products', async () => {
    logInAs('buyer');
    renderApp('/myorders', {
      api: apiRoutes({ 'GET /api/orders': () => jsonResponse(200, { orders: [], pagination: { page: 1, totalPages: 1, totalItems: 0 } }) }),
    });
    expect(await screen.findByText('You have not ordered anything yet', {}, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Browse products' })).toHaveAttribute('href', '/products');
  });
});
