import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderApp, type ApiHandler } from '../../../test/render-app';
import { logInAs } from '../../../test/tokens';
import type { Shipment } from '../api';
import { makeLabelRateQuote, makeShipment, shipmentsPageFor, TEST_LABEL_URL } from '../components/dashboard/shipment-fixtures';
import { timeLimit } from '../../../test/time-limit';

const ORDER_ID = '5f0c2b7e-1a2b-4c3d-8e9f-0a1b2c3d4e5f';
const SHIPMENT_ID = 'aaaa1111-2222-4333-8444-555555555555';

const SHIPMENTS: Shipment[] = [
  makeShipment({ id: 'aaaa1111-0000-4000-8000-000000000001', status: 'created', tracking_number: '1ZAAA0000000000001' }),
  makeShipment({
    id: 'bbbb2222-0000-4000-8000-000000000002',
    status: 'pickup_scheduled',
    pickup_request_number: 'PRN1',
    tracking_number: '1ZBBB0000000000002',
  }),
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
    shippingInfo: {
      shippingAddress: { name: 'Bea Tester', line1: '1 Main St', line2: null, city: 'Austin', state: 'TX', postalCode: '78701', countryCode: 'US' },
    },
    items: [
      {
        orderItemId: 'item-1',
        itemTitle: 'Desk lamp',
        image: null,
        quantity: 2,
        price: 19,
        itemTotal: 40,
        retipAdded: true,
        retipPrice: 2,
        orderStatus: 'approved',
        rejectionReason: null,
      },
    ],
  },
};

const ORDER_LIST = {
  success: true,
  data: {
    orders: [
      {
        orderId: ORDER_ID,
        orderCreatedAt: '2025-03-01T10:00:00.000Z',
        buyer: { fullName: 'Bea Tester' },
        items: [{ orderItemId: 'item-1', itemTitle: 'Desk lamp', quantity: 2, price: 19, orderStatus: 'approved' }],
      },
    ],
    pagination: { page: 1, totalPages: 1, totalItems: 1 },
  },
};

function dashboardApi(shipments: Shipment[], extra?: (request: Request, pathname: string) => Response | Promise<Response> | null): ApiHandler {
  return async (request) => {
    const { pathname } = new URL(request.url);
    const custom = await extra?.(request, pathname);
    if (custom) return custom;
    if (pathname === '/api/shipments/seller/user-seller') return jsonResponse(200, shipmentsPageFor(shipments, new URL(request.url).searchParams));
    if (pathname === '/api/seller/orders')
      return jsonResponse(
        200,
        shipments.length > 0 ? ORDER_LIST : { success: true, data: { orders: [], pagination: { page: 1, totalPages: 0, totalItems: 0 } } },
      );
    if (pathname === `/api/seller/orders/${ORDER_ID}`) return jsonResponse(200, ORDER_DETAIL);
    if (pathname === `/api/shipments/rate-quote/${ORDER_ID}`) return jsonResponse(200, makeLabelRateQuote(ORDER_ID));
    return jsonResponse(404, { error: 'Not found' });
  };
}

function statValue(label: string): string {
  return screen.getByText(label, { selector: 'dt' }).nextElementSibling?.textContent ?? '';
}

/** The query strings of the list requests so far, as objects. */
function listRequests(fetchSpy: ReturnType<typeof renderApp>['fetchSpy']): Record<string, string>[] {
  return fetchSpy.mock.calls
    .map(([input]) => new URL((input as Request).url))
    .filter((url) => url.pathname === '/api/shipments/seller/user-seller')
    .map((url) => Object.fromEntries(url.searchParams));
}

/** 30 shipments, newest first: ids 00000000-…-000000000001 to …30, every third delivered. */
const MANY: Shipment[] = Array.from({ length: 30 }, (_, index) => {
  const number = String(index + 1).padStart(2, '0');
  return makeShipment({
    id: `000000${number}-0000-4000-8000-0000000000${number}`,
    status: index % 3 === 0 ? 'delivered' : 'in_transit',
    tracking_number: `1ZMANY00000000000${number}`,
  });
});

describe('Seller shipment dashboard (docs/product/shipping.md)', { timeout: timeLimit(20_000) }, () => {
  beforeEach(() => {
    logInAs('seller');
  });

  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('shows the five stats the server counts and a card per shipment of the page', async () => {
    const { fetchSpy } = renderApp('/seller/shipments', { api: dashboardApi(SHIPMENTS) });
    const list = await screen.findByRole('list', { name: 'Shipments' });
    expect(within(list).getAllByRole('article')).toHaveLength(5);
    expect(listRequests(fetchSpy)).toEqual([{ page: '1', limit: '12' }]);
    expect(statValue('Total Shipments')).toBe('5');
    expect(statValue('Ready to Ship')).toBe('2');
    expect(statValue('In Transit')).toBe('2');
    expect(statValue('Pending Pickup')).toBe('1');
    expect(statValue('Delivered')).toBe('1');
    const urls = fetchSpy.mock.calls.map(([input]) => (input as Request).url);
    expect(urls.some((url) => url.endsWith('/api/seller/orders?status=approved&page=1&limit=100'))).toBe(true);
    expect(screen.getByRole('link', { name: 'Back to Dashboard' })).toHaveAttribute('href', '/seller/dashboard');
  });

  it('pages on the server: the stats count all shipments, and page 2 asks for page 2', async () => {
    const { user, fetchSpy, router } = renderApp('/seller/shipments', { api: dashboardApi(MANY) });
    const list = await screen.findByRole('list', { name: 'Shipments' });
    expect(within(list).getAllByRole('article')).toHaveLength(12);
    expect(statValue('Total Shipments')).toBe('30');
    expect(statValue('Delivered')).toBe('10');
    expect(statValue('In Transit')).toBe('20');
    const pages = screen.getByRole('navigation', { name: 'Shipment pages' });
    expect(within(pages).getByText('Showing 1 to 12 of 30 results')).toBeInTheDocument();

    await user.click(within(pages).getByRole('button', { name: 'Page 2' }));
    expect(await screen.findByRole('article', { name: 'Shipment 00000013' })).toBeInTheDocument();
    expect(screen.queryByRole('article', { name: 'Shipment 00000001' })).not.toBeInTheDocument();
    expect(screen.getByText('Showing 13 to 24 of 30 results')).toBeInTheDocument();
    expect(listRequests(fetchSpy).at(-1)).toEqual({ page: '2', limit: '12' });
    expect(router.state.location.search).toBe('?page=2');

    await user.click(screen.getByRole('button', { name: 'Page 3' }));
    expect(await screen.findByText('Showing 25 to 30 of 30 results')).toBeInTheDocument();
    expect(within(screen.getByRole('list', { name: 'Shipments' })).getAllByRole('article')).toHaveLength(6);
  });

  it('sends the search (once typing pauses) and the status filter to the server, back on page 1, and says when nothing matches', async () => {
    const { user, fetchSpy } = renderApp('/seller/shipments?page=2', { api: dashboardApi(MANY) });
    await screen.findByRole('list', { name: 'Shipments' });
    expect(listRequests(fetchSpy)).toEqual([{ page: '2', limit: '12' }]);
    const search = screen.getByRole('searchbox', { name: 'Search shipments' });

    await user.type(search, '1zmany0000000000003');
    // The answer to the search replaces the page (which may hold that shipment too): wait for the list of one.
    await waitFor(() => expect(screen.getAllByRole('article')).toHaveLength(1));
    expect(screen.getByRole('article', { name: 'Shipment 00000003' })).toBeInTheDocument();
    // One request for the whole word, not one per key.
    expect(listRequests(fetchSpy).filter((query) => 'q' in query)).toEqual([{ page: '1', limit: '12', q: '1zmany0000000000003' }]);

    await user.clear(search);
    await waitFor(() => expect(screen.getAllByRole('article')).toHaveLength(12));
    await user.selectOptions(screen.getByRole('combobox', { name: 'Status' }), 'Delivered');
    await waitFor(() => expect(listRequests(fetchSpy).at(-1)).toEqual({ page: '1', limit: '12', status: 'delivered' }));
    expect(await screen.findByText('Showing 1 to 10 of 10 results')).toBeInTheDocument();
    // The stats still count every shipment.
    expect(statValue('Total Shipments')).toBe('30');

    await user.type(search, 'zzz');
    expect(await screen.findByText('No Matching Shipments')).toBeInTheDocument();
    expect(screen.getByText('Try adjusting your search or filter criteria.')).toBeInTheDocument();
    expect(screen.queryByRole('article')).not.toBeInTheDocument();
    expect(screen.queryByText('No Shipments Yet')).not.toBeInTheDocument();
    expect(listRequests(fetchSpy).at(-1)).toEqual({ page: '1', limit: '12', status: 'delivered', q: 'zzz' });
  });

  it('fetches the label on click into a tab opened before the fetch', async () => {
    const events: string[] = [];
    const popup = { location: { href: '' }, document: { title: '', body: { textContent: '' } }, opener: {}, close: vi.fn() };
    vi.spyOn(window, 'open').mockImplementation(() => {
      events.push('open');
      return popup as unknown as Window;
    });
    URL.createObjectURL = vi.fn(() => 'blob:label');
    URL.revokeObjectURL = vi.fn();
    const { user, fetchSpy } = renderApp('/seller/shipments', {
      api: dashboardApi(SHIPMENTS, (_request, pathname) => {
        if (pathname !== `/api/shipments/label/${SHIPMENTS[2]!.id}`) return null;
        events.push('fetch');
        return jsonResponse(200, { success: true, labelUrl: TEST_LABEL_URL, label_url: TEST_LABEL_URL });
      }),
    });
    await screen.findByRole('list', { name: 'Shipments' });
    const labelCalls = () => fetchSpy.mock.calls.filter(([input]) => new URL((input as Request).url).pathname.startsWith('/api/shipments/label/'));
    expect(labelCalls()).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Label for shipment cccc3333' }));
    await waitFor(() => expect(popup.location.href).toBe('blob:label'));
    expect(events).toEqual(['open', 'fetch']);
    expect(labelCalls()).toHaveLength(1);
    expect(popup.close).not.toHaveBeenCalled();
  });

  it('closes the tab and says so when the server has no label', async () => {
    const popup = { location: { href: '' }, document: { title: '', body: { textContent: '' } }, opener: {}, close: vi.fn() };
    vi.spyOn(window, 'open').mockReturnValue(popup as unknown as Window);
    const { user } = renderApp('/seller/shipments', {
      api: dashboardApi(SHIPMENTS, (_request, pathname) =>
        pathname.startsWith('/api/shipments/label/') ? jsonResponse(404, { error: 'No label URL available' }) : null,
      ),
    });
    await user.click(await screen.findByRole('button', { name: 'Label for shipment aaaa1111' }));
    expect(await screen.findByText('No label URL available')).toBeInTheDocument();
    expect(popup.close).toHaveBeenCalled();
    expect(popup.location.href).toBe('');
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
    expect(screen.queryByRole('navigation', { name: 'Shipment pages' })).not.toBeInTheDocument();
  });

  it('shows No Shipments Yet, not No Matching Shipments, when a search finds nothing because there is nothing', async () => {
    const { fetchSpy } = renderApp('/seller/shipments?q=1z', { api: dashboardApi([]) });
    expect(await screen.findByText('No Shipments Yet')).toBeInTheDocument();
    expect(listRequests(fetchSpy)).toEqual([{ page: '1', limit: '12', q: '1z' }]);
    expect(screen.getByRole('searchbox', { name: 'Search shipments' })).toHaveValue('1z');
  });

  it('opens an approved order, shows its amounts, and creates then labels its shipment', async () => {
    const calls: string[] = [];
    const { user } = renderApp('/seller/shipments', {
      api: dashboardApi(SHIPMENTS, (request, pathname) => {
        if (request.method !== 'POST') return null;
        calls.push(pathname);
        if (pathname === `/api/shipments/create/${ORDER_ID}`) {
          return jsonResponse(200, {
            success: true,
            message: 'Shipment created',
            shipments: [makeShipment({ id: SHIPMENT_ID, status: 'pending', tracking_number: null, label_url: null })],
          });
        }
        if (pathname === `/api/shipments/process-ups/${SHIPMENT_ID}`) {
          return jsonResponse(200, {
            success: true,
            trackingNumber: '1Z999AA10123456784',
            labelUrl: null,
            message: 'UPS shipment created. Tracking: 1Z999AA10123456784',
          });
        }
        return null;
      }),
    });
    await user.click(await screen.findByRole('button', { name: 'View order 5f0c2b7e' }));
    const dialog = await screen.findByRole('dialog', { name: 'Order #5f0c2b7e' });
    expect(await within(dialog).findByText('buyer@example.com')).toBeInTheDocument();
    for (const [label, amount] of [
      ['Items total', '$38.00'],
      ['Shipping', '$5.99'],
      ['Retip total', '$2.00'],
      ['Order total', '$45.99'],
    ]) {
      expect(within(dialog).getByText(label!, { selector: 'dt' }).nextElementSibling).toHaveTextContent(amount!);
    }
    // What the label will cost, before Create Shipment buys it.
    const rate = await within(dialog).findByRole('region', { name: 'Label rate' });
    expect(within(rate).getByText('Billing weight').nextElementSibling).toHaveTextContent('4 lbs');
    expect(within(rate).getByText('Label total').nextElementSibling).toHaveTextContent('$13.17');
    expect(calls).toEqual([]);
    await user.click(within(dialog).getByRole('button', { name: 'Create Shipment' }));

    expect(await screen.findByText('UPS shipment created. Tracking: 1Z999AA10123456784')).toBeInTheDocument();
    expect(calls).toEqual([`/api/shipments/create/${ORDER_ID}`, `/api/shipments/process-ups/${SHIPMENT_ID}`]);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('keeps Create Shipment disabled until the label rate is shown, with a retry when it fails', async () => {
    let quotes = 0;
    const { user } = renderApp('/seller/shipments', {
      api: dashboardApi(SHIPMENTS, (_request, pathname) => {
        if (pathname !== `/api/shipments/rate-quote/${ORDER_ID}`) return null;
        quotes += 1;
        return quotes === 1 ? jsonResponse(502, { error: 'Failed to get the label rate: UPS could not be reached', code: 'carrier_unavailable' }) : null;
      }),
    });
    await user.click(await screen.findByRole('button', { name: 'View order 5f0c2b7e' }));
    const dialog = await screen.findByRole('dialog', { name: 'Order #5f0c2b7e' });
    const failed = await within(dialog).findByRole('alert');
    expect(failed).toHaveTextContent('Failed to get the label rate: UPS could not be reached');
    expect(within(dialog).getByRole('button', { name: 'Create Shipment' })).toBeDisabled();
    await user.click(within(failed).getByRole('button', { name: 'Try again' }));
    expect(await within(dialog).findByRole('region', { name: 'Label rate' })).toHaveTextContent('$13.17');
    expect(within(dialog).getByRole('button', { name: 'Create Shipment' })).toBeEnabled();
  });

  it('words a refused create as docs/product/errors.md does and keeps the modal open', async () => {
    const { user } = renderApp('/seller/shipments', {
      api: dashboardApi(SHIPMENTS, (request, pathname) =>
        request.method === 'POST' && pathname.startsWith('/api/shipments/create/') ? jsonResponse(400, { error: 'No approved items to ship' }) : null,
      ),
    });
    await user.click(await screen.findByRole('button', { name: 'View order 5f0c2b7e' }));
    const dialog = await screen.findByRole('dialog', { name: 'Order #5f0c2b7e' });
    await within(dialog).findByRole('region', { name: 'Label rate' });
    await user.click(within(dialog).getByRole('button', { name: 'Create Shipment' }));
    expect(await screen.findByText('Failed to create shipment: No approved items to ship')).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Order #5f0c2b7e' })).toBeInTheDocument();
  });
});
