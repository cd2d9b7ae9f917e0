import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { earliestPickupDate } from '@marketplace/domain/pickup-schedule';
import {
  ALREADY_PICKED_UP_MESSAGE,
  canConsolidate,
  consolidationSavingsCents,
  isAwaitingPickupRequest,
  shipmentActions,
} from '@marketplace/domain/shipment-rules';
import type { ShipmentStatus } from '@marketplace/domain/shipment-rules';
import { jsonResponse, renderApp, type ApiHandler } from '../../../../test/render-app';
import { logInAs } from '../../../../test/tokens';
import { makeLabelRateQuote, makePickupQuote, shipmentsPageFor, TEST_LABEL_URL } from '../dashboard/shipment-fixtures';
// The page loads with this file, not inside the first test's wait for it to draw: the app imports it
// lazily, and its first import on a busy machine took most of the time a findBy waits.
import '../../pages/shipment-management-page';
import { timeLimit } from '../../../../test/time-limit';

const SELLER_ID = 'user-seller';
const ORDER_ID = '5f0c2b7e-1a2b-4c3d-8e9f-0a1b2c3d4e5f';
const PAGE = `/seller/orders/items/${ORDER_ID}/shipments`;
const TRACKING = '1Z999AA10123456784';

function orderItem(orderItemId: string, itemTitle: string, orderStatus: string, quantity = 1, price = 20) {
  return {
    orderItemId,
    itemTitle,
    image: null,
    quantity,
    price,
    itemTotal: quantity * price,
    retipAdded: false,
    retipPrice: 0,
    orderStatus,
    rejectionReason: null,
  };
}

function order(items: ReturnType<typeof orderItem>[]) {
  return {
    success: true,
    data: {
      orderId: ORDER_ID,
      orderCreatedAt: '2025-03-01T10:00:00.000Z',
      status: { itemsOrderStatus: 'approved' },
      itemsSummary: { totalItemsCount: items.length, itemsPreview: '' },
      amounts: { orderTotal: 45.99, itemsTotal: 40, proportionalShipping: 5.99, retipTotal: 0 },
      buyer: { fullName: 'Bea Tester', email: 'buyer@example.com' },
      shippingInfo: {
        shippingAddress: { name: 'Bea Tester', line1: '1 Main St', line2: null, city: 'Austin', state: 'TX', postalCode: '78701', countryCode: 'US' },
      },
      items,
    },
  };
}

function shipment(
  id: string,
  status: ShipmentStatus,
  overrides: { trackingNumber?: string | null; pickupRequestNumber?: string | null; createdAt?: string } = {},
) {
  const trackingNumber = overrides.trackingNumber === undefined ? TRACKING : overrides.trackingNumber;
  const pickupRequestNumber = overrides.pickupRequestNumber ?? null;
  const createdAt = overrides.createdAt ?? new Date().toISOString();
  // The list carries no label bytes: hasLabel, and GET /api/shipments/label/:id answers them.
  const hasLabel = trackingNumber !== null;
  return {
    id,
    order_id: ORDER_ID,
    seller_id: SELLER_ID,
    status,
    created_at: createdAt,
    updated_at: createdAt,
    trackingNumber,
    tracking_number: trackingNumber,
    labelUrl: null,
    label_url: null,
    hasLabel,
    weight: 1.5,
    service_description: 'UPS Ground',
    charges: 12.5,
    pickup_date: pickupRequestNumber ? '2030-01-07' : null,
    pickup_request_number: pickupRequestNumber,
    shipper_address: null,
    recipient_address: null,
    total_quantity: 1,
    item_quantities: [1],
    item_count: 1,
    product_names: ['Desk lamp'],
    product_images: [null],
    item_details: [{ name: 'Desk lamp', image: null, quantity: 1, price: 20 }],
    items: [],
    shipment_items: [],
    tracking_events: [],
    actions: shipmentActions({ id, status, createdAt, trackingNumber, labelUrl: hasLabel ? TEST_LABEL_URL : null, pickupRequestNumber }, new Date()),
  };
}

type FakeShipment = ReturnType<typeof shipment>;

interface Call {
  method: string;
  path: string;
  query: Record<string, string>;
  body: unknown;
}

/** A fake of the docs/product/api.md calls and the seller's order, recording every request. */
function shippingServer(
  state: { shipments: FakeShipment[]; items: ReturnType<typeof orderItem>[] },
  calls: Call[],
  hooks: { onCreate?: () => Promise<void>; onQuote?: () => Promise<Response | void> } = {},
): ApiHandler {
  return async (request) => {
    const { pathname, searchParams } = new URL(request.url);
    const text = request.method === 'GET' || request.method === 'HEAD' ? '' : await request.text();
    calls.push({ method: request.method, path: pathname, query: Object.fromEntries(searchParams), body: text ? JSON.parse(text) : null });
    if (pathname === `/api/seller/orders/${ORDER_ID}`) return jsonResponse(200, order(state.items));
    if (pathname === `/api/shipments/rate-quote/${ORDER_ID}`) return (await hooks.onQuote?.()) ?? jsonResponse(200, makeLabelRateQuote(ORDER_ID));
    const pickupQuoteMatch = /^\/api\/shipments\/pickup-quote\/(.+)$/.exec(pathname);
    if (pickupQuoteMatch)
      return (
        (await hooks.onQuote?.()) ??
        jsonResponse(200, makePickupQuote({ shipmentIds: [pickupQuoteMatch[1]!], pickupDate: searchParams.get('pickupDate') ?? '' }))
      );
    if (pathname === `/api/shipments/consolidated-pickup-quote/${SELLER_ID}/${ORDER_ID}`) {
      const awaiting = state.shipments.filter((entry) => isAwaitingPickupRequest({ status: entry.status, pickupRequestNumber: entry.pickup_request_number }));
      return (
        (await hooks.onQuote?.()) ??
        jsonResponse(
          200,
          makePickupQuote({ shipmentIds: awaiting.map((entry) => entry.id), pickupDate: searchParams.get('pickupDate') ?? '', consolidated: true }),
        )
      );
    }
    if (pathname === `/api/shipments/seller/${SELLER_ID}`) return jsonResponse(200, shipmentsPageFor(state.shipments, new URL(request.url).searchParams));
    const labelMatch = /^\/api\/shipments\/label\/(.+)$/.exec(pathname);
    if (labelMatch) {
      const found = state.shipments.find((entry) => entry.id === labelMatch[1]);
      return found?.hasLabel
        ? jsonResponse(200, { success: true, labelUrl: TEST_LABEL_URL, label_url: TEST_LABEL_URL })
        : jsonResponse(404, { error: 'No label URL available' });
    }
    if (pathname === `/api/shipments/consolidated-pickup-status/${SELLER_ID}/${ORDER_ID}`) {
      const facts = state.shipments.map((entry) => ({ status: entry.status, pickupRequestNumber: entry.pickup_request_number }));
      const count = facts.filter(isAwaitingPickupRequest).length;
      const possible = canConsolidate(facts);
      return jsonResponse(200, {
        success: true,
        canConsolidate: possible,
        potentialSavings: possible ? consolidationSavingsCents(count) / 100 : 0,
        shipmentsCount: count,
      });
    }
    if (pathname === `/api/shipments/create/${ORDER_ID}` && request.method === 'POST') {
      await hooks.onCreate?.();
      const created = shipment('9a8b7c6d-0000-4000-8000-000000000001', 'pending', { trackingNumber: null });
      state.shipments = [created, ...state.shipments];
      return jsonResponse(200, { success: true, shipments: [created], message: 'Shipment created' });
    }
    const processMatch = /^\/api\/shipments\/process-ups\/(.+)$/.exec(pathname);
    if (processMatch && request.method === 'POST') {
      state.shipments = state.shipments.map((entry) => (entry.id === processMatch[1] ? shipment(entry.id, 'created') : entry));
      state.items = state.items.map((entry) => ({ ...entry, orderStatus: 'shipped' }));
      return jsonResponse(200, { success: true, trackingNumber: TRACKING, labelUrl: 'data:image/gif;base64,R0lGODlhAQABAAAAACw=', message: 'Label created' });
    }
    const pickupMatch = /^\/api\/shipments\/schedule-pickup\/(.+)$/.exec(pathname);
    if (pickupMatch && request.method === 'POST') {
      state.shipments = state.shipments.map((entry) =>
        entry.id === pickupMatch[1] ? shipment(entry.id, 'pickup_scheduled', { pickupRequestNumber: 'PRN1' }) : entry,
      );
      return jsonResponse(200, { success: true, message: 'Pickup scheduled', pickupRequestNumber: 'PRN1', pickupDate: '2030-01-07', rate: {} });
    }
    if (pathname === `/api/shipments/schedule-consolidated-pickup/${SELLER_ID}/${ORDER_ID}` && request.method === 'POST') {
      const count = state.shipments.filter((entry) =>
        isAwaitingPickupRequest({ status: entry.status, pickupRequestNumber: entry.pickup_request_number }),
      ).length;
      state.shipments = state.shipments.map((entry) =>
        entry.status === 'created' ? shipment(entry.id, 'pickup_scheduled', { pickupRequestNumber: 'PRN2' }) : entry,
      );
      return jsonResponse(200, {
        success: true,
        shipmentsCount: count,
        savings: consolidationSavingsCents(count) / 100,
        pickupRequestNumber: 'PRN2',
        message: 'ok',
      });
    }
    const cancelPickupMatch = /^\/api\/shipments\/cancel-pickup\/(.+)$/.exec(pathname);
    if (cancelPickupMatch && request.method === 'DELETE') {
      state.shipments = state.shipments.map((entry) => (entry.id === cancelPickupMatch[1] ? shipment(entry.id, 'created') : entry));
      return jsonResponse(200, { success: true, message: 'Pickup cancelled successfully', pickupRequestNumber: 'PRN1' });
    }
    const voidMatch = /^\/api\/shipments\/void\/(.+)$/.exec(pathname);
    if (voidMatch && request.method === 'DELETE') {
      state.shipments = state.shipments.map((entry) => (entry.id === voidMatch[1] ? shipment(entry.id, 'cancelled') : entry));
      state.items = state.items.map((entry) => ({ ...entry, orderStatus: 'approved' }));
      return jsonResponse(200, { success: true, message: 'Shipment voided successfully', shipmentId: voidMatch[1], status: 'cancelled' });
    }
    if (pathname === '/api/shipments/simulation-statuses')
      return jsonResponse(200, { success: true, statuses: ['in_transit', 'out_for_delivery', 'delivered', 'exception', 'returned'] });
    const trackMatch = /^\/api\/shipments\/track\/(.+)$/.exec(pathname);
    if (trackMatch && request.method === 'PUT') {
      const simulated = (JSON.parse(text || '{}') as { simulateStatus?: ShipmentStatus }).simulateStatus;
      const status: ShipmentStatus = simulated ?? 'in_transit';
      state.shipments = state.shipments.map((entry) => (entry.id === trackMatch[1] ? shipment(entry.id, status) : entry));
      return jsonResponse(200, { success: true, status, trackingNumber: TRACKING, estimatedDeliveryDate: null, events: [], message: 'Tracking updated' });
    }
    return jsonResponse(404, { error: 'Not found' });
  };
}

const A = '11111111-aaaa-4aaa-8aaa-000000000001';
const B = '22222222-bbbb-4bbb-8bbb-000000000002';

describe('Shipment Management (docs/product/shipping.md)', { timeout: timeLimit(20_000) }, () => {
  beforeEach(() => {
    logInAs('seller');
  });

  it('shows the header, the summary cards and the empty state when no items are approved', async () => {
    const calls: Call[] = [];
    renderApp(PAGE, { api: shippingServer({ shipments: [], items: [orderItem('i1', 'Desk lamp', 'pending')] }, calls) });

    expect(await screen.findByRole('heading', { level: 1, name: 'Shipment Management' })).toBeInTheDocument();
    expect(screen.getByText(`Order #${ORDER_ID.slice(0, 8)}`)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to order details' })).toHaveAttribute('href', `/seller/orders/items/${ORDER_ID}`);
    expect(await screen.findByText('No Items Ready for Shipment')).toBeInTheDocument();
    expect(screen.getByText('Approve order items first to create shipments...')).toBeInTheDocument();
    for (const label of ['Total Shipments', 'Ready to Ship', 'In Transit', 'Pickup Ready']) expect(screen.getByText(label)).toBeInTheDocument();
  });

  it("asks only for this order's shipments and shows the server's counts of them", async () => {
    const calls: Call[] = [];
    const state = {
      shipments: [
        shipment(A, 'created'),
        shipment(B, 'in_transit'),
        { ...shipment('33333333-cccc-4ccc-8ccc-000000000003', 'delivered'), order_id: 'another-order' },
      ],
      items: [],
    };
    renderApp(PAGE, { api: shippingServer(state, calls) });
    await screen.findByRole('article', { name: 'Shipment #11111111' });
    const lists = calls.filter((call) => call.path === `/api/shipments/seller/${SELLER_ID}`);
    expect(lists.map((call) => call.query)).toEqual([{ orderId: ORDER_ID, limit: '100' }]);
    const summary = screen.getByLabelText('Shipment summary');
    const value = (label: string) => within(summary).getByText(label).nextElementSibling?.textContent;
    expect(value('Total Shipments')).toBe('2');
    expect(value('Ready to Ship')).toBe('1');
    expect(value('In Transit')).toBe('1');
    expect(value('Pickup Ready')).toBe('1');
    expect(screen.queryByRole('article', { name: 'Shipment #33333333' })).not.toBeInTheDocument();
  });

  it('creates a shipment in 3 steps: review, creating, success with the tracking number', async () => {
    const calls: Call[] = [];
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const state = {
      shipments: [] as FakeShipment[],
      items: [orderItem('i1', 'Desk lamp', 'approved', 2, 20), orderItem('i2', 'Enamel mug', 'approved', 1, 5.5)],
    };
    const { user } = renderApp(PAGE, { api: shippingServer(state, calls, { onCreate: () => gate }) });

    expect(await screen.findByText('2 approved items ready for shipment')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Create Shipment' }));

    const review = screen.getByRole('dialog', { name: 'Create Shipment' });
    expect(within(review).getByText('2 x $20.00')).toBeInTheDocument();
    expect(within(review).getByText('1 x $5.50')).toBeInTheDocument();
    expect(within(review).getByText('$45.50')).toBeInTheDocument();
    expect(within(review).getByText('3 items')).toBeInTheDocument();
    // The label's rate, before anything is bought.
    const rate = await within(review).findByRole('region', { name: 'Label rate' });
    expect(within(rate).getByText('Service').nextElementSibling).toHaveTextContent('UPS Ground');
    expect(within(rate).getByText('Billing weight').nextElementSibling).toHaveTextContent('4 lbs');
    expect(within(rate).getByText('3 additional lb').nextElementSibling).toHaveTextContent('$3.27');
    expect(within(rate).getByText('Label total').nextElementSibling).toHaveTextContent('$13.17');
    expect(calls.filter((call) => call.method === 'POST')).toEqual([]);
    await user.click(within(review).getByRole('button', { name: 'Create Shipment' }));

    expect(await screen.findByText('Creating Shipment...')).toBeInTheDocument();
    release();

    const success = await screen.findByRole('dialog', { name: 'Shipment Created!' });
    expect(within(success).getByText(TRACKING)).toBeInTheDocument();
    expect(within(success).getByText('UPS')).toBeInTheDocument();
    expect(within(success).getByText('Ground')).toBeInTheDocument();
    expect(within(success).getByRole('button', { name: 'Copy Tracking Number' })).toBeInTheDocument();
    expect(within(success).getByRole('button', { name: 'Schedule Pickup' })).toBeInTheDocument();
    const posts = calls.filter((call) => call.method === 'POST').map((call) => call.path);
    expect(posts).toEqual([`/api/shipments/create/${ORDER_ID}`, '/api/shipments/process-ups/9a8b7c6d-0000-4000-8000-000000000001']);

    await user.click(within(success).getByRole('button', { name: 'Done' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(await screen.findByRole('article', { name: 'Shipment #9a8b7c6d' })).toBeInTheDocument();
  });

  it('schedules a pickup with the date as YYYYMMDD and times as hhmm00, and needs a date', async () => {
    const calls: Call[] = [];
    const { user } = renderApp(PAGE, { api: shippingServer({ shipments: [shipment(A, 'created')], items: [] }, calls) });

    const card = await screen.findByRole('article', { name: 'Shipment #11111111' });
    await user.click(within(card).getByRole('button', { name: 'Schedule Pickup' }));
    const dialog = screen.getByRole('dialog', { name: 'Schedule Pickup' });
    const date = within(dialog).getByLabelText('Pickup date');
    const earliest = earliestPickupDate(new Date());
    expect(date).toHaveAttribute('type', 'date');
    expect(date).toHaveAttribute('min', earliest);
    expect(date).toHaveValue(earliest);
    expect(date).toHaveAccessibleDescription('Pickup must be scheduled at least 1 day in advance');
    expect(within(dialog).getByLabelText('Ready time')).toHaveValue('09:00');
    expect(within(dialog).getByLabelText('Close time')).toHaveValue('17:00');

    // The pickup's charge and each item's share of it, for the date and times in the form.
    const charge = await within(dialog).findByRole('region', { name: 'Pickup charge' });
    expect(within(charge).getByText('Pickup total').nextElementSibling).toHaveTextContent('$8.37');
    expect(within(charge).getByText('Online scheduling incentive').nextElementSibling).toHaveTextContent('-$0.50');
    const shares = within(dialog).getByRole('region', { name: 'Deducted from your payouts' });
    expect(within(shares).getByText('Desk lamp × 2')).toBeInTheDocument();
    expect(within(shares).getByText('$40.00 · 80% of $50.00')).toBeInTheDocument();
    expect(within(shares).getByText('−$6.70')).toBeInTheDocument();
    expect(within(shares).getByText('−$1.67')).toBeInTheDocument();
    expect(calls.find((call) => call.path === `/api/shipments/pickup-quote/${A}`)?.query).toEqual({
      pickupDate: earliest.replaceAll('-', ''),
      readyTime: '090000',
      closeTime: '170000',
    });

    fireEvent.change(date, { target: { value: '' } });
    expect(within(dialog).getByRole('button', { name: 'Schedule Pickup' })).toBeDisabled();
    expect(within(dialog).getByText('Choose a valid pickup date and times to see the pickup charge.')).toBeInTheDocument();
    fireEvent.change(date, { target: { value: earliest } });
    await within(dialog).findByRole('region', { name: 'Pickup charge' });
    await user.click(within(dialog).getByRole('button', { name: 'Schedule Pickup' }));

    expect(await screen.findByText('Pickup scheduled successfully!')).toBeInTheDocument();
    const post = calls.find((call) => call.path === `/api/shipments/schedule-pickup/${A}`);
    expect(post?.body).toEqual({ pickupDate: earliest.replaceAll('-', ''), readyTime: '090000', closeTime: '170000' });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it("disables Cancel Shipment and shows 'Cannot Void Shipment' with the reason when void is refused", async () => {
    const calls: Call[] = [];
    renderApp(PAGE, { api: shippingServer({ shipments: [shipment(A, 'in_transit'), shipment(B, 'created')], items: [] }, calls) });

    const refused = await screen.findByRole('article', { name: 'Shipment #11111111' });
    expect(within(refused).getByRole('button', { name: 'Cancel Shipment' })).toBeDisabled();
    expect(within(refused).getByText('Cannot Void Shipment')).toBeInTheDocument();
    expect(within(refused).getByText(ALREADY_PICKED_UP_MESSAGE)).toBeInTheDocument();
    expect(within(refused).queryByRole('button', { name: 'Schedule Pickup' })).not.toBeInTheDocument();

    const allowed = screen.getByRole('article', { name: 'Shipment #22222222' });
    expect(within(allowed).getByRole('button', { name: 'Cancel Shipment' })).toBeEnabled();
    expect(within(allowed).queryByText('Cannot Void Shipment')).not.toBeInTheDocument();
  });

  it('offers the consolidated pickup only with 2 or more created shipments without a pickup', async () => {
    const calls: Call[] = [];
    const one = renderApp(PAGE, {
      api: shippingServer({ shipments: [shipment(A, 'created'), shipment(B, 'pickup_scheduled', { pickupRequestNumber: 'PRN0' })], items: [] }, calls),
    });
    await screen.findByRole('article', { name: 'Shipment #22222222' });
    await screen.findByText('Pickup Ready');
    expect(calls.some((call) => call.path.startsWith('/api/shipments/consolidated-pickup-status/'))).toBe(true);
    expect(screen.queryByRole('button', { name: 'Schedule Consolidated Pickup' })).not.toBeInTheDocument();
    one.unmount();

    const { user } = renderApp(PAGE, { api: shippingServer({ shipments: [shipment(A, 'created'), shipment(B, 'created')], items: [] }, calls) });
    await user.click(await screen.findByRole('button', { name: 'Schedule Consolidated Pickup' }));
    expect(screen.getByText(/save up to \$3\.00 per additional shipment/)).toBeInTheDocument();
    expect(screen.getByText(/^2 shipments are waiting for a pickup\./)).toBeInTheDocument();
    const dialog = screen.getByRole('dialog', { name: 'Schedule Consolidated Pickup' });
    expect(
      within(dialog).getByText('One UPS pickup for the 2 shipments waiting for one. Save up to $3.00 per additional shipment ($3.00).'),
    ).toBeInTheDocument();
    const shares = await within(dialog).findByRole('region', { name: 'Deducted from your payouts' });
    expect(within(shares).getAllByRole('listitem')).toHaveLength(2);
    expect(calls.some((call) => call.path === `/api/shipments/consolidated-pickup-quote/${SELLER_ID}/${ORDER_ID}`)).toBe(true);
    await user.click(within(dialog).getByRole('button', { name: 'Schedule Consolidated Pickup' }));

    expect(await screen.findByText('Consolidated pickup scheduled for 2 shipments! Savings: $3.00')).toBeInTheDocument();
    const post = calls.find((call) => call.path === `/api/shipments/schedule-consolidated-pickup/${SELLER_ID}/${ORDER_ID}`);
    expect(post?.body).toMatchObject({ readyTime: '090000', closeTime: '170000' });
  });

  it('voids a shipment after confirmation: its actions go and the items are approved again', async () => {
    const calls: Call[] = [];
    const state = { shipments: [shipment(A, 'created')], items: [orderItem('i1', 'Desk lamp', 'shipped')] };
    const { user } = renderApp(PAGE, { api: shippingServer(state, calls) });

    const card = await screen.findByRole('article', { name: 'Shipment #11111111' });
    await user.click(within(card).getByRole('button', { name: 'Cancel Shipment' }));
    const dialog = screen.getByRole('dialog', { name: 'Cancel Shipment' });
    expect(within(dialog).getByText(/This cannot be undone\./)).toBeInTheDocument();
    // Keeping it sends nothing.
    await user.click(within(dialog).getByRole('button', { name: 'Keep Shipment' }));
    expect(calls.some((call) => call.method === 'DELETE')).toBe(false);

    await user.click(within(card).getByRole('button', { name: 'Cancel Shipment' }));
    await user.click(within(screen.getByRole('dialog', { name: 'Cancel Shipment' })).getByRole('button', { name: 'Void Shipment' }));
    expect(await screen.findByText('Shipment voided successfully!')).toBeInTheDocument();
    expect(calls.filter((call) => call.method === 'DELETE').map((call) => call.path)).toEqual([`/api/shipments/void/${A}`]);
    expect(await screen.findByText('1 approved item ready for shipment')).toBeInTheDocument();
    const voided = screen.getByRole('article', { name: 'Shipment #11111111' });
    for (const action of ['Cancel Shipment', 'View Label', 'Download Label', 'Track', 'Copy', 'Simulate Status', 'Schedule Pickup']) {
      expect(within(voided).queryByRole('button', { name: action }), action).not.toBeInTheDocument();
    }
    expect(within(voided).getByText('Shipment voided')).toBeInTheDocument();
  });

  it('offers no label, copy, tracking, simulation or pickup action on a voided shipment, and fetches no label', async () => {
    const calls: Call[] = [];
    renderApp(PAGE, {
      api: shippingServer({ shipments: [shipment(A, 'cancelled'), shipment(B, 'created')], items: [orderItem('i1', 'Desk lamp', 'approved')] }, calls),
    });

    const voided = await screen.findByRole('article', { name: 'Shipment #11111111' });
    const live = screen.getByRole('article', { name: 'Shipment #22222222' });
    // Simulation shows once the statuses arrive; it must stay away from the voided one.
    await within(live).findByRole('button', { name: 'Simulate Status' });
    expect(within(voided).queryAllByRole('button')).toEqual([]);
    expect(within(voided).getByText('Shipment voided')).toBeInTheDocument();
    expect(within(voided).getByText(TRACKING)).toHaveClass('line-through');
    expect(within(voided).queryByText('Cannot Void Shipment')).not.toBeInTheDocument();
    for (const action of ['View Label', 'Download Label', 'Track', 'Copy', 'Schedule Pickup', 'Cancel Shipment'])
      expect(within(live).getByRole('button', { name: action })).toBeInTheDocument();
    expect(calls.some((call) => call.path.startsWith('/api/shipments/label/'))).toBe(false);
  });

  it('shows the label rate before the seller confirms, and no Create Shipment without one', async () => {
    const calls: Call[] = [];
    let answer: Response | undefined = jsonResponse(400, {
      error: 'Add a ship-from address to your profile (Addresses) before creating a label',
      code: 'no_ship_from',
    });
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const onQuote = async () => {
      const now = answer;
      answer = undefined;
      if (!now) await gate;
      return now;
    };
    const { user } = renderApp(PAGE, { api: shippingServer({ shipments: [], items: [orderItem('i1', 'Desk lamp', 'approved')] }, calls, { onQuote }) });

    await user.click(await screen.findByRole('button', { name: 'Create Shipment' }));
    const review = screen.getByRole('dialog', { name: 'Create Shipment' });
    const failed = await within(review).findByRole('alert');
    expect(failed).toHaveTextContent('The label rate could not be loaded');
    expect(failed).toHaveTextContent('Add a ship-from address to your profile (Addresses) before creating a label');
    expect(within(review).getByRole('button', { name: 'Create Shipment' })).toBeDisabled();

    await user.click(within(failed).getByRole('button', { name: 'Try again' }));
    expect(await within(review).findByText('Getting the UPS rate…')).toBeInTheDocument();
    expect(within(review).getByRole('button', { name: 'Create Shipment' })).toBeDisabled();
    release();
    expect(await within(review).findByText('$13.17')).toBeInTheDocument();
    expect(within(review).getByRole('button', { name: 'Create Shipment' })).toBeEnabled();
    expect(calls.filter((call) => call.path === `/api/shipments/rate-quote/${ORDER_ID}`)).toHaveLength(2);
    expect(calls.some((call) => call.method === 'POST')).toBe(false);
  });

  it('waits for the pickup charge before Schedule Pickup, and says so when it cannot be had', async () => {
    const calls: Call[] = [];
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const onQuote = async () => {
      await gate;
      return jsonResponse(502, { error: 'Failed to get the pickup charge: UPS could not be reached', code: 'carrier_unavailable' });
    };
    const { user } = renderApp(PAGE, { api: shippingServer({ shipments: [shipment(A, 'created')], items: [] }, calls, { onQuote }) });

    const card = await screen.findByRole('article', { name: 'Shipment #11111111' });
    await user.click(within(card).getByRole('button', { name: 'Schedule Pickup' }));
    const dialog = screen.getByRole('dialog', { name: 'Schedule Pickup' });
    expect(within(dialog).getByText('Getting the UPS pickup charge…')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Schedule Pickup' })).toBeDisabled();
    release();
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Failed to get the pickup charge: UPS could not be reached');
    expect(within(dialog).getByRole('button', { name: 'Schedule Pickup' })).toBeDisabled();
    expect(calls.some((call) => call.method === 'POST')).toBe(false);
  });

  it('says all items have shipped once nothing waits, pointing at the shipments, and never asks to approve them', async () => {
    const calls: Call[] = [];
    const one = renderApp(PAGE, {
      api: shippingServer(
        {
          shipments: [shipment(A, 'in_transit'), shipment(B, 'cancelled')],
          items: [orderItem('i1', 'Desk lamp', 'shipped'), orderItem('i2', 'Enamel mug', 'rejected')],
        },
        calls,
      ),
    });
    expect(await screen.findByText('All items have shipped')).toBeInTheDocument();
    expect(screen.getByText('Every item of this order is in the shipment below.')).toBeInTheDocument();
    expect(screen.queryByText('No Items Ready for Shipment')).not.toBeInTheDocument();
    expect(screen.queryByText('Approve order items first to create shipments...')).not.toBeInTheDocument();
    expect(screen.getByRole('article', { name: 'Shipment #11111111' })).toHaveTextContent('1 item · 1.5 lbs');
    one.unmount();

    const two = renderApp(PAGE, {
      api: shippingServer(
        {
          shipments: [shipment(A, 'delivered'), shipment(B, 'in_transit')],
          items: [orderItem('i1', 'Desk lamp', 'delivered'), orderItem('i2', 'Enamel mug', 'shipped')],
        },
        calls,
      ),
    });
    expect(await screen.findByText('Every item of this order is in one of the 2 shipments below.')).toBeInTheDocument();
    two.unmount();

    renderApp(PAGE, { api: shippingServer({ shipments: [], items: [orderItem('i1', 'Desk lamp', 'rejected')] }, calls) });
    expect(await screen.findByText('Nothing to Ship')).toBeInTheDocument();
    expect(screen.getByText('None of your items in this order is waiting to be shipped.')).toBeInTheDocument();
  });

  it('cancels a scheduled pickup, and the shipment can be scheduled again', async () => {
    const calls: Call[] = [];
    const { user } = renderApp(PAGE, {
      api: shippingServer({ shipments: [shipment(A, 'pickup_scheduled', { pickupRequestNumber: 'PRN1' })], items: [] }, calls),
    });

    const card = await screen.findByRole('article', { name: 'Shipment #11111111' });
    expect(within(card).queryByRole('button', { name: 'Schedule Pickup' })).not.toBeInTheDocument();
    await user.click(within(card).getByRole('button', { name: 'Cancel Pickup' }));
    expect(await screen.findByText('Pickup cancelled successfully!')).toBeInTheDocument();
    expect(calls.find((call) => call.method === 'DELETE')?.path).toBe(`/api/shipments/cancel-pickup/${A}`);
    expect(await within(card).findByRole('button', { name: 'Schedule Pickup' })).toBeInTheDocument();
  });

  it('tracks a shipment and simulates a status in development', async () => {
    const calls: Call[] = [];
    const { user } = renderApp(PAGE, {
      api: shippingServer({ shipments: [shipment(A, 'pickup_scheduled', { pickupRequestNumber: 'PRN1' })], items: [] }, calls),
    });

    const card = await screen.findByRole('article', { name: 'Shipment #11111111' });
    await user.click(within(card).getByRole('button', { name: 'Track' }));
    expect(await screen.findByText('Tracking information updated!')).toBeInTheDocument();
    expect(calls.find((call) => call.method === 'PUT')).toMatchObject({ path: `/api/shipments/track/${A}`, body: {} });

    await user.click(await within(card).findByRole('button', { name: 'Simulate Status' }));
    const dialog = screen.getByRole('dialog', { name: 'Simulate Tracking Status' });
    await user.selectOptions(within(dialog).getByLabelText('Tracking status'), 'delivered');
    await user.click(within(dialog).getByRole('button', { name: 'Simulate' }));
    expect(await screen.findByText('Tracking simulated to status: Delivered')).toBeInTheDocument();
    expect(calls.filter((call) => call.method === 'PUT').at(-1)?.body).toEqual({ simulateStatus: 'delivered' });
  });

  it('fetches the label on click into a tab opened first, and downloads it as label-<tracking>.gif when the popup is blocked', async () => {
    const calls: Call[] = [];
    const opened: string[] = [];
    const downloads: string[] = [];
    const popup = { location: { href: '' }, document: { title: '', body: { textContent: '' } }, opener: {}, close: vi.fn() };
    const open = vi.spyOn(window, 'open').mockImplementation((url) => {
      opened.push(String(url));
      // The label fetch has not started yet: the tab opens inside the click.
      expect(calls.some((call) => call.path.startsWith('/api/shipments/label/'))).toBe(opened.length > 1);
      return opened.length === 1 ? (popup as unknown as Window) : null;
    });
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      downloads.push(this.download);
    });
    URL.createObjectURL = vi.fn(() => 'blob:label');
    URL.revokeObjectURL = vi.fn();
    try {
      const { user } = renderApp(PAGE, { api: shippingServer({ shipments: [shipment(A, 'created')], items: [] }, calls) });
      const card = await screen.findByRole('article', { name: 'Shipment #11111111' });
      expect(calls.some((call) => call.path.startsWith('/api/shipments/label/'))).toBe(false);
      await user.click(within(card).getByRole('button', { name: 'View Label' }));
      await waitFor(() => expect(popup.location.href).toBe('blob:label'));
      expect(opened).toEqual(['']);
      expect(downloads).toEqual([]);
      expect(calls.filter((call) => call.path === `/api/shipments/label/${A}`)).toHaveLength(1);

      await user.click(within(card).getByRole('button', { name: 'View Label' }));
      expect(downloads).toEqual([`label-${TRACKING}.gif`]);
      expect(await screen.findByText('Label download started as fallback')).toBeInTheDocument();

      await user.click(within(card).getByRole('button', { name: 'Download Label' }));
      expect(downloads).toEqual([`label-${TRACKING}.gif`, `label-${TRACKING}.gif`]);
      expect(await screen.findByText('Label downloaded successfully!')).toBeInTheDocument();
    } finally {
      open.mockRestore();
      click.mockRestore();
    }
  });

  it("is embedded in the seller's order detail with the same actions", async () => {
    const calls: Call[] = [];
    const state = {
      shipments: [shipment(A, 'created'), shipment(B, 'created')],
      items: [orderItem('i1', 'Desk lamp', 'approved'), orderItem('i2', 'Enamel mug', 'shipped')],
    };
    const { user } = renderApp(`/seller/orders/items/${ORDER_ID}`, { api: shippingServer(state, calls) });

    expect(await screen.findByRole('heading', { level: 1, name: `Order #${ORDER_ID.slice(0, 8)}` })).toBeInTheDocument();
    const shipping = await screen.findByRole('region', { name: 'Shipping' });
    expect(await within(shipping).findByText('1 approved item ready for shipment')).toBeInTheDocument();
    expect(within(shipping).getByRole('button', { name: 'Create Shipment' })).toBeInTheDocument();
    const card = await within(shipping).findByRole('article', { name: 'Shipment #11111111' });
    for (const action of ['Schedule Pickup', 'Track', 'Cancel Shipment', 'View Label'])
      expect(within(card).getByRole('button', { name: action })).toBeInTheDocument();
    expect(within(shipping).getByRole('button', { name: 'Schedule Consolidated Pickup' })).toBeInTheDocument();

    await user.click(within(card).getByRole('button', { name: 'Schedule Pickup' }));
    const dialog = screen.getByRole('dialog', { name: 'Schedule Pickup' });
    // The pickup is offered only once its charge is quoted.
    await within(dialog).findByRole('region', { name: 'Pickup charge' });
    await user.click(within(dialog).getByRole('button', { name: 'Schedule Pickup' }));
    expect(await screen.findByText('Pickup scheduled successfully!')).toBeInTheDocument();
    expect(calls.some((call) => call.path === `/api/shipments/schedule-pickup/${A}`)).toBe(true);
    expect(screen.getByRole('link', { name: 'Manage shipments' })).toHaveAttribute('href', `/seller/orders/items/${ORDER_ID}/shipments`);
  });
});
