import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Provider } from 'react-redux';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { Toaster } from '../../../../components/toast';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { configureStore } from '@reduxjs/toolkit';
import { api } from '../../../../lib/api';
import { jsonResponse, mockApi } from '../../../../test/render-app';
import type { Shipment } from '../../api';
import { ShipmentCard, type ShipmentView } from './shipment-card';
import { makeShipment, TEST_LABEL_URL } from './shipment-fixtures';

const SIX_ITEMS = ['Desk lamp', 'Enamel mug', 'Wool blanket', 'Oak stool', 'Tea towel', 'Brass hook'];

function renderCard(shipment: Shipment, view: ShipmentView = 'grid') {
  const router = createMemoryRouter(
    [
      { path: '/seller/shipments', element: <ShipmentCard shipment={shipment} view={view} /> },
      { path: '/seller/orders/items/:orderId/shipments', element: <p>Order detail page</p> },
    ],
    { initialEntries: ['/seller/shipments'] },
  );
  const user = userEvent.setup();
  // The Label button fetches GET /api/shipments/label/:id; everything else is a 404.
  const fetchSpy = mockApi((request) =>
    new URL(request.url).pathname.startsWith('/api/shipments/label/')
      ? jsonResponse(200, { success: true, labelUrl: TEST_LABEL_URL, label_url: TEST_LABEL_URL })
      : jsonResponse(404, { error: 'Not found' }),
  );
  render(
    <Provider store={configureStore({ reducer: { [api.reducerPath]: api.reducer }, middleware: (defaults) => defaults().concat(api.middleware) })}>
      <RouterProvider router={router} />
      <Toaster />
    </Provider>,
  );
  return { user, router, fetchSpy };
}

describe('Shipment card (docs/product/shipping.md)', () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('shows the short id, the first 3 thumbnails then +N, and the first 2 names then +N more', () => {
    renderCard(makeShipment({ id: 'abcdef12-3456-4789-8abc-def012345678', product_names: SIX_ITEMS, weight: 3.5 }));
    const card = screen.getByRole('article', { name: 'Shipment abcdef12' });
    const photos = within(card).getByRole('list', { name: 'Item photos' });
    expect(within(photos).getAllByRole('img')).toHaveLength(3);
    expect(within(photos).getByText('+3')).toBeInTheDocument();
    expect(within(card).getByText('Desk lamp, Enamel mug +4 more')).toBeInTheDocument();
    expect(within(card).getByText('3.5 lbs')).toBeInTheDocument();
    expect(within(card).getByText('UPS Ground')).toBeInTheDocument();
    expect(within(card).getByText('1Z999AA10123456784')).toBeInTheDocument();
    // The list view's extras are not in the grid.
    expect(within(card).queryByText('Pickup date')).not.toBeInTheDocument();
  });

  it('defaults the service to UPS Ground', () => {
    renderCard(makeShipment({ id: 'abcdef12-0000-4000-8000-000000000000', service_description: '' }));
    expect(screen.getByText('UPS Ground')).toBeInTheDocument();
  });

  it('lists the first 5 items then +N more items, the pickup date and the order in the list view', () => {
    renderCard(makeShipment({ id: 'abcdef12-3456-4789-8abc-def012345678', product_names: SIX_ITEMS, pickup_date: '2025-03-04' }), 'list');
    const card = screen.getByRole('article', { name: 'Shipment abcdef12' });
    expect(within(card).getByText('Tea towel')).toBeInTheDocument();
    expect(within(card).queryByText('Brass hook')).not.toBeInTheDocument();
    expect(within(card).getByText('+1 more item')).toBeInTheDocument();
    expect(within(card).getByText('Mar 4, 2025')).toBeInTheDocument();
    expect(within(card).getByText('#5f0c2b7e')).toBeInTheDocument();
  });

  it('copies the tracking number and says so', async () => {
    const { user } = renderCard(makeShipment({ id: 'abcdef12-3456-4789-8abc-def012345678' }));
    const writeText = vi.spyOn(navigator.clipboard, 'writeText').mockResolvedValue();
    await user.click(screen.getByRole('button', { name: 'Copy tracking number for shipment abcdef12' }));
    expect(writeText).toHaveBeenCalledWith('1Z999AA10123456784');
    expect(await screen.findByText('Tracking number copied!')).toBeInTheDocument();
  });

  it('says there is no label when the shipment has none, and neither opens nor fetches anything', async () => {
    const open = vi.spyOn(window, 'open').mockReturnValue(null);
    const { user, fetchSpy } = renderCard(makeShipment({ id: 'abcdef12-3456-4789-8abc-def012345678', hasLabel: false, tracking_number: null }));
    expect(screen.getByRole('button', { name: 'Copy tracking number for shipment abcdef12' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Label for shipment abcdef12' }));
    expect(await screen.findByText('No label URL available')).toBeInTheDocument();
    expect(open).not.toHaveBeenCalled();
    expect(fetchSpy).not.toHaveBeenCalled();
  });

  it('fetches the label on click and downloads label-<tracking>.gif when the popup is blocked', async () => {
    vi.spyOn(window, 'open').mockReturnValue(null);
    URL.createObjectURL = vi.fn(() => 'blob:label');
    URL.revokeObjectURL = vi.fn();
    const clicked: HTMLAnchorElement[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(this);
    });
    const { user, fetchSpy } = renderCard(makeShipment({ id: 'abcdef12-3456-4789-8abc-def012345678' }));
    expect(fetchSpy).not.toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: 'Label for shipment abcdef12' }));
    expect(await screen.findByText('Label download started as fallback')).toBeInTheDocument();
    expect(fetchSpy.mock.calls.map(([input]) => new URL((input as Request).url).pathname)).toEqual([
      '/api/shipments/label/abcdef12-3456-4789-8abc-def012345678',
    ]);
    expect(clicked.map((link) => [link.download, link.getAttribute('href')])).toEqual([['label-1Z999AA10123456784.gif', 'blob:label']]);
  });

  it('offers no Copy or Label on a voided shipment, only Manage, and says why', () => {
    const { fetchSpy } = renderCard(makeShipment({ id: 'abcdef12-3456-4789-8abc-def012345678', status: 'cancelled', hasLabel: false }), 'list');
    const card = screen.getByRole('article', { name: 'Shipment abcdef12' });
    expect(within(card).queryByRole('button', { name: 'Copy tracking number for shipment abcdef12' })).not.toBeInTheDocument();
    expect(within(card).queryByRole('button', { name: 'Label for shipment abcdef12' })).not.toBeInTheDocument();
    expect(within(card).queryAllByRole('button')).toEqual([]);
    expect(within(card).getByText('Voided: its label can no longer be used.')).toBeInTheDocument();
    expect(within(card).getByText('1Z999AA10123456784')).toHaveClass('line-through');
    expect(within(card).getByRole('link', { name: 'Manage shipment abcdef12' })).toBeInTheDocument();
    expect(fetchSpy).not.toHaveBeenCalled();
  });

  it('counts the items beyond the first 5 in the right number', () => {
    renderCard(makeShipment({ id: 'abcdef12-3456-4789-8abc-def012345678', product_names: [...SIX_ITEMS, 'Cedar box'] }), 'list');
    expect(within(screen.getByRole('article', { name: 'Shipment abcdef12' })).getByText('+2 more items')).toBeInTheDocument();
  });

  it('Manage opens the seller order detail of the shipment', async () => {
    const { user, router } = renderCard(makeShipment({ id: 'abcdef12-3456-4789-8abc-def012345678' }));
    await user.click(screen.getByRole('link', { name: 'Manage shipment abcdef12' }));
    expect(router.state.location.pathname).toBe('/seller/orders/items/5f0c2b7e-1a2b-4c3d-8e9f-0a1b2c3d4e5f/shipments');
    expect(screen.getByText('Order detail page')).toBeInTheDocument();
  });
});
