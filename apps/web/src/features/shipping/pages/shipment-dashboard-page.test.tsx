import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { jsonResponse, renderApp, type ApiHandler } from '../../../test/render-app';
import { logInAs } from '../../../test/tokens';
import type { Shipment } from '../api';
import { makeShipment } from '../components/dashboard/shipment-fixtures';

const ORDER_ID = '5f0c2b7e-1a2b-4c3d-8e9f-0a1b2c3d4e5f';
const SHIPMENT_ID = 'aaaa1111-2222-4333-8444-555555555555';

const SHIPMENTS: Shipment[] = [
  makeShipment({ id: 'aaaa1111-0000-4000-8000-000000000001', status: 'created', tracking_number: '1ZAAA0000000000001' }),
  makeShipment({ id: 'bbbb2222-0000-4000-8000-000000000002', status: 'pickup_scheduled', pickup_request_number: 'PRN1', tracking_number: '1ZBBB0000000000002' }),
  makeShipment({ id: 'cccc3333-0000-4000-8000-000000000003', status: 'in_transit', tracking_number: '1ZCCC0000000000003' }),
  makeShipment({ id: 'dddd4444-0000-4000-8000-000000000004', status: 'out_for_delivery', tracking_number: '1ZDDD0000000000004' }),
  makeShipment({ id: 'eeee5555-0000-4000-8000-000000000005', status: 'delivered', tracking_number: '1ZEEE0000000000005' }),
];

const ORDER_DETAIL = {
  success: true,
  data: {
    orderId: ORDER_ID,
    orderCreatedAt: '2025-03-01T10:00:00.000Z',
    status: { itemsOrderStatus: 'processing' },
    itemsSummary: { totalItemsCount: 1, itemsPreview: 'Desk lamp' },
    amounts: { orderTotal: 45.99, itemsTotal: 38, proportionalShipping: 5.99, retipTotal: 2 },
    buyer: { fullName: 'Bea Tester', email: 'buyer@example.com' },
    shippingInfo: { shippingAddress: { name: 'Bea Tester', line1: '1 Main St', line2: null, city: 'Austin', state: 'TX', postalCode: '78701', countryCode: 'US' } },
    items: [{ orderItemId: 'item-1', itemTitle: 'Desk lamp', image: null, quantity: 2, price: 19, itemTotal: 40, retipAdded: true, retipPrice: 2, orderStatus: 'approved', rejectionReason: null }],
  },
};

const ORDER_LIST = {
  success: true,
  data: {
    orders: [{ orderId: ORDER_ID, orderCreatedAt: '2025-03-01T10:00:00.000Z', buyer: { fullName: 'Bea Tester' }, items: [{ orderItemId: 'item-1', itemTitle: 'Desk lamp', quantity: 2, price: 19, orderStatus: 'approved' }] }],
    pagination: { page: 1, totalPages: 1, totalItems: 1 },
  },
};

function dashboardApi(shipments: Shipment[], extra?: (request: Request, pathname: string) => Response | Promise<Response> | null): ApiHandler {
  return async (request) => {
    const { pathname } = new URL(request.url);
    const custom = await extra?.(request, pathname);
    if (custom) return custom;
    if (pathname === '/api/shipments/seller/user-seller') return jsonResponse(200, { success: true, shipments });
    if (pathname === '/api/seller/orders') return jsonResponse(200, shipments.length > 0 ? ORDER_LIST : { success: true, data: { orders: [], pagination: { page: 1, totalPages: 0, totalItems: 0 } } });
    if (pathname === `/api/seller/orders/${ORDER_ID}`) return jsonResponse(200, ORDER_DETAIL);
    return jsonResponse(404, { error: 'Not found' });
  };
}

function statValue(label: string): string {
  return screen.getByText(label, { selector: 'dt' }).nextElementSibling?.textContent ?? '';
}

describe('Seller shipment dashboard (SPEC §2.7)', { timeout: 20_000 }, () => {
  beforeEach(() => {
    logInAs('seller');
  });

  it('counts the five stats from the list and shows a card per shipment', async () => {
    const { fetchSpy } = renderApp('/seller/shipments', { api: dashboardApi(SHIPMENTS) });
    const list = await screen.findByRole('list', { name: 'Shipments' });
    expect(within(list).getAllByRole('article')).toHaveLength(5);
    expect(statValue('Total Shipments')).toBe('5');
    expect(statValue('Ready to Ship')).toBe('2');
    expect(statValue('In Transit')).toBe('2');
    expect(statValue('Pending Pickup')).toBe('1');
    expect(statValue('Delivered')).toBe('1');
    const urls = fetchSpy.mock.calls.map(([input]) => (input as Request).url);
    expect(urls.some((url) => url.endsWith('/api/seller/orders?status=approved&page=1&limit=100'))).toBe(true);
    expect(screen.getByRole('link', { name: 'Back to Dashboard' })).toHaveAttribute('href', '/seller/dashboard');
  });

  it('searches by id or tracking number, filters by status, and says when nothing matches', async () => {
    const { user } = renderApp('/seller/shipments', { api: dashboardApi(SHIPMENTS) });
    const list = await screen.findByRole('list', { name: 'Shipments' });
    const search = screen.getByRole('searchbox', { name: 'Search shipments' });

    await user.type(search, 'CCC3333');
    expect(within(list).getAllByRole('article').map((card) => card.getAttribute('aria-label'))).toEqual(['Shipment cccc3333']);

    await user.clear(search);
    await user.type(search, '1zeee');
    expect(screen.getAllByRole('article').map((card) => card.getAttribute('aria-label'))).toEqual(['Shipment eeee5555']);

    await user.clear(search);
    await user.selectOptions(screen.getByRole('combobox', { name: 'Status' }), 'Pickup scheduled');
    expect(screen.getAllByRole('article').map((card) => card.getAttribute('aria-label'))).toEqual(['Shipment bbbb2222']);

    await user.type(search, 'zzz');
    expect(screen.getByText('No Matching Shipments')).toBeInTheDocument();
    expect(screen.getByText('Try adjusting your search or filter criteria.')).toBeInTheDocument();
    expect(screen.queryByRole('article')).not.toBeInTheDocument();
  });

  it('switches between grid and list', async () => {
    const { user } = renderApp('/seller/shipments', { api: dashboardApi(SHIPMENTS) });
    await screen.findByRole('list', { name: 'Shipments' });
    expect(screen.getByRole('button', { name: 'Grid' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.queryByText('Pickup date')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'List' }));
    expect(screen.getByRole('button', { name: 'List' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getAllByText('Pickup date')).toHaveLength(5);
  });

  it('shows No Shipments Yet when the seller has none', async () => {
    renderApp('/seller/shipments', { api: dashboardApi([]) });
    expect(await screen.findByText('No Shipments Yet')).toBeInTheDocument();
    expect(screen.getByText('Create your first shipment to get started.')).toBeInTheDocument();
    expect(statValue('Total Shipments')).toBe('0');
  });

  it('opens an approved order, shows its amounts, and creates then labels its shipment', async () => {
    const calls: string[] = [];
    const { user } = renderApp('/seller/shipments', {
      api: dashboardApi(SHIPMENTS, (request, pathname) => {
        if (request.method !== 'POST') return null;
        calls.push(pathname);
        if (pathname === `/api/shipments/create/${ORDER_ID}`) {
          return jsonResponse(200, { success: true, message: 'Shipment created', shipments: [makeShipment({ id: SHIPMENT_ID, status: 'pending', tracking_number: null, label_url: null })] });
        }
        if (pathname === `/api/shipments/process-ups/${SHIPMENT_ID}`) {
          return jsonResponse(200, { success: true, trackingNumber: '1Z999AA10123456784', labelUrl: null, message: 'UPS shipment created. Tracking: 1Z999AA10123456784' });
        }
        return null;
      }),
    });
    await user.click(await screen.findByRole('button', { name: 'View order 5f0c2b7e' }));
    const dialog = await screen.findByRole('dialog', { name: 'Order #5f0c2b7e' });
    expect(await within(dialog).findByText('buyer@example.com')).toBeInTheDocument();
    for (const [label, amount] of [['Items total', '$38.00'], ['Shipping', '$5.99'], ['Retip total', '$2.00'], ['Order total', '$45.99']]) {
      expect(within(dialog).getByText(label!, { selector: 'dt' }).nextElementSibling).toHaveTextContent(amount!);
    }
    await user.click(within(dialog).getByRole('button', { name: 'Create Shipment' }));

    expect(await screen.findByText('UPS shipment created. Tracking: 1Z999AA10123456784')).toBeInTheDocument();
    expect(calls).toEqual([`/api/shipments/create/${ORDER_ID}`, `/api/shipments/process-ups/${SHIPMENT_ID}`]);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('words a refused create as SPEC §8 does and keeps the modal open', async () => {
    const { user } = renderApp('/seller/shipments', {
      api: dashboardApi(SHIPMENTS, (request, pathname) =>
        request.method === 'POST' && pathname.startsWith('/api/shipments/create/') ? jsonResponse(400, { error: 'No approved items to ship' }) : null,
      ),
    });
    await user.click(await screen.findByRole('button', { name: 'View order 5f0c2b7e' }));
    const dialog = await screen.findByRole('dialog', { name: 'Order #5f0c2b7e' });
    await user.click(await within(dialog).findByRole('button', { name: 'Create Shipment' }));
    expect(await screen.findByText('Failed to create shipment: No approved items to ship')).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Order #5f0c2b7e' })).toBeInTheDocument();
  });
});
