import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { jsonResponse, renderApp } from '../../../test/render-app';
import { logInAs } from '../../../test/tokens';

// The packing slip (docs/product/checkout.md "Gifts"): the seller's items with their variant and the buyer's
// personalisation; a gift shows the buyer's message and no prices. The seller's order says it is a gift.
const ORDER_ID = '5f0c2b7e-1a2b-4c3d-8e9f-0a1b2c3d4e5f';

function sellerOrder(gift: { message: string } | null) {
  return {
    success: true,
    data: {
      orderId: ORDER_ID,
      orderCreatedAt: '2025-03-01T10:00:00.000Z',
      status: { itemsOrderStatus: 'pending' },
      itemsSummary: { totalItemsCount: 2, itemsPreview: 'Engraved walnut mug' },
      amounts: { orderTotal: 70.99, itemsTotal: 64, proportionalShipping: 5.99, retipTotal: 1 },
      buyer: { fullName: 'Bea Tester', email: 'buyer@example.com' },
      shippingInfo: {
        shippingAddress: { name: 'Anna Recipient', line1: '1 Main St', line2: null, city: 'Austin', state: 'TX', postalCode: '78701', countryCode: 'US' },
      },
      gift,
      shopName: 'Walnut & Co',
      items: [
        {
          orderItemId: '11111111-2222-4333-8444-555555555555',
          itemTitle: 'Engraved walnut mug',
          variantLabel: 'Size: Large',
          personalization: 'For Anna',
          image: null,
          quantity: 2,
          price: 32,
          itemTotal: 65,
          retipAdded: true,
          retipPrice: 1,
          orderStatus: 'pending',
          rejectionReason: null,
          refunded_cents: 0,
          refunded: 0,
        },
      ],
    },
  };
}

const api = (gift: { message: string } | null) => (request: Request) =>
  new URL(request.url).pathname === `/api/seller/orders/${ORDER_ID}` ? jsonResponse(200, sellerOrder(gift)) : jsonResponse(404, { error: 'Not found' });

describe('the packing slip', () => {
  beforeEach(() => {
    logInAs('seller');
  });

  it('lists the items with their variant, personalisation and prices, and where it ships', async () => {
    renderApp(`/seller/orders/items/${ORDER_ID}/packing-slip`, { api: api(null) });
    expect(await screen.findByRole('heading', { level: 1, name: 'Packing slip' }, { timeout: 5000 })).toBeInTheDocument();
    const table = await screen.findByRole('table');
    const row = within(table).getByRole('row', { name: /Engraved walnut mug/ });
    expect(within(row).getByText('Size: Large')).toBeInTheDocument();
    expect(within(row).getByText('For Anna', { exact: false })).toBeInTheDocument();
    expect(within(row).getByText('$65.00')).toBeInTheDocument();
    expect(within(table).getByText('$70.99')).toBeInTheDocument();
    expect(screen.getByText('Anna Recipient')).toBeInTheDocument();
    expect(screen.getByText('Walnut & Co')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: /A gift for you/ })).not.toBeInTheDocument();
  });

  it('for a gift, shows the buyer’s message and no prices', async () => {
    renderApp(`/seller/orders/items/${ORDER_ID}/packing-slip`, { api: api({ message: 'Happy birthday, Anna!' }) });
    expect(await screen.findByRole('heading', { name: /A gift for you/ }, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.getByText('Happy birthday, Anna!')).toBeInTheDocument();
    const table = screen.getByRole('table');
    expect(within(table).getByText('For Anna', { exact: false })).toBeInTheDocument();
    expect(within(table).queryByText(/\$/)).not.toBeInTheDocument();
    expect(within(table).queryByRole('columnheader', { name: 'Price' })).not.toBeInTheDocument();
  });

  it('is linked from the seller’s order, which says the order is a gift and shows the personalisation', async () => {
    renderApp(`/seller/orders/items/${ORDER_ID}`, { api: api({ message: 'Happy birthday, Anna!' }) });
    expect(await screen.findByRole('heading', { name: 'This is a gift' }, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.getByText('“Happy birthday, Anna!”')).toBeInTheDocument();
    expect(screen.getByText('For Anna', { exact: false })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Packing slip' })).toHaveAttribute('href', `/seller/orders/items/${ORDER_ID}/packing-slip`);
  });
});
