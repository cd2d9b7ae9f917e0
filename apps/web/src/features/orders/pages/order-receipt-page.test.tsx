import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderApp } from '../../../test/render-app';
import { apiRoutes } from '../../../test/shop-fixtures';
import { logInAs } from '../../../test/tokens';
import { makeDetailItem, makeOrderDetail, ORDER_ID } from '../test/order-fixtures';

const ORDER = makeOrderDetail({
  itemsTotal: 55,
  shipping: 5.99,
  retipTotal: 4.25,
  total: 65.24,
  items: [makeDetailItem(), makeDetailItem({ id: 'i2', productId: 'p2', title: 'Linen napkins', price: 15, quantity: 1, retipAdded: false, retipPrice: 0 })],
  shippingAddress: { name: 'Bea Tester', line1: '1 Main St', line2: 'Apt 4', city: 'Portland', state: 'OR', postal_code: '97201', country: 'US' },
});

function renderReceipt(path: string, answer = () => jsonResponse(200, ORDER)) {
  logInAs('buyer');
  return renderApp(path, { api: apiRoutes({ [`GET /api/orders/${ORDER_ID}`]: answer }) });
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('OrderReceiptPage (/myorders/:orderId/receipt)', () => {
  it('right after checkout: thanks the buyer, with the order number, items, amounts, address, card, next steps and the way to My Orders', async () => {
    renderReceipt(`/myorders/${ORDER_ID}/receipt?placed=1`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Thank you, your order is placed' })).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Thank you, your order is placed · Marketplace'));
    expect(screen.getByText('c0ffee00')).toBeInTheDocument();

    const receipt = screen.getByRole('region', { name: 'Receipt' });
    const rows = within(receipt).getAllByRole('row').slice(1);
    expect(rows.map((row) => row.textContent)).toEqual(['Walnut desk lamp2 × $20.00 · add-on $4.25$44.25', 'Linen napkins1 × $15.00$15.00']);
    const amounts = within(receipt).getByLabelText('Amounts');
    expect(amounts).toHaveTextContent('Items$55.00');
    expect(amounts).toHaveTextContent('Shipping$5.99');
    expect(amounts).toHaveTextContent('Add-on services$4.25');
    expect(amounts).toHaveTextContent('Total paid$65.24');
    expect(amounts).not.toHaveTextContent('Refunded');
    expect(within(receipt).getByText('Visa ending in 4242')).toBeInTheDocument();
    expect(within(receipt).getByText('Portland, OR 97201', { exact: false })).toBeInTheDocument();
    expect(within(receipt).getByText('Apt 4', { exact: false })).toBeInTheDocument();

    const next = screen.getByRole('region', { name: 'What happens next' });
    expect(within(next).getAllByRole('listitem')).toHaveLength(3);
    expect(within(next).getByRole('link', { name: 'Follow your order in My Orders' })).toHaveAttribute('href', `/myorders/${ORDER_ID}`);
  });

  it('prints the receipt with the browser', async () => {
    const print = vi.spyOn(window, 'print').mockImplementation(() => {});
    const { user } = renderReceipt(`/myorders/${ORDER_ID}/receipt?placed=1`);
    await user.click(await screen.findByRole('button', { name: 'Print receipt' }));
    expect(print).toHaveBeenCalledTimes(1);
  });

  it('is the plain receipt when opened later, and loads the order by its id from the API (so a reload works)', async () => {
    const { fetchSpy } = renderReceipt(`/myorders/${ORDER_ID}/receipt`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Receipt' })).toBeInTheDocument();
    expect(await screen.findByText('Total paid')).toBeInTheDocument();
    const urls = fetchSpy.mock.calls.map(([input]) => new URL((input as Request).url).pathname);
    expect(urls).toContain(`/api/orders/${ORDER_ID}`);
  });

  it("shows no thanks for an order that is not the buyer's (the API answers 404)", async () => {
    renderReceipt(`/myorders/${ORDER_ID}/receipt?placed=1`, () => jsonResponse(404, { error: 'Order not found' }));
    expect(await screen.findByText('This order could not be loaded')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Receipt' })).toBeInTheDocument();
    expect(screen.queryByText('Thank you, your order is placed')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Print receipt' })).not.toBeInTheDocument();
  });
});
