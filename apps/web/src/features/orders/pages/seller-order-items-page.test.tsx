import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { jsonResponse, renderApp, type ApiHandler } from '../../../test/render-app';
import { logInAs } from '../../../test/tokens';
import { timeLimit } from '../../../test/time-limit';

const ORDER_ID = '5f0c2b7e-1a2b-4c3d-8e9f-0a1b2c3d4e5f';
const LAMP_ID = '11111111-2222-4333-8444-555555555555';
const MUG_ID = '66666666-7777-4888-8999-aaaaaaaaaaaa';

function item(orderItemId: string, itemTitle: string, orderStatus: string, rejectionReason: string | null = null) {
  return { orderItemId, itemTitle, image: null, quantity: 1, price: 20, itemTotal: 20, retipAdded: false, retipPrice: 0, orderStatus, rejectionReason };
}

function order(items: ReturnType<typeof item>[], promise: object | null = null) {
  return {
    success: true,
    data: {
      orderId: ORDER_ID,
      orderCreatedAt: '2025-03-01T10:00:00.000Z',
      status: { itemsOrderStatus: 'pending' },
      itemsSummary: { totalItemsCount: items.length, itemsPreview: items.map((entry) => entry.itemTitle).join(', ') },
      amounts: { orderTotal: 45.99, itemsTotal: 40, proportionalShipping: 5.99, retipTotal: 0 },
      buyer: { fullName: 'Bea Tester', email: 'buyer@example.com' },
      shippingInfo: {
        shippingAddress: { name: 'Bea Tester', line1: '1 Main St', line2: null, city: 'Austin', state: 'TX', postalCode: '78701', countryCode: 'US' },
      },
      promise,
      items,
    },
  };
}

interface Patch {
  orderItemId: string;
  body: unknown;
}

/** A server whose items change status when PATCHed, like the real one. */
function sellerOrderApi(patches: Patch[], answer?: (patch: Patch) => Response | null): ApiHandler {
  const items = [item(LAMP_ID, 'Desk lamp', 'pending'), item(MUG_ID, 'Enamel mug', 'pending')];
  return async (request) => {
    const { pathname } = new URL(request.url);
    if (pathname === `/api/seller/orders/${ORDER_ID}`) return jsonResponse(200, order(items));
    const match = /^\/api\/seller\/order-items\/(.+)$/.exec(pathname);
    if (match && request.method === 'PATCH') {
      const patch = { orderItemId: match[1]!, body: await request.json() };
      patches.push(patch);
      const custom = answer?.(patch);
      if (custom) return custom;
      const { status, reason } = patch.body as { status: string; reason?: string };
      const index = items.findIndex((entry) => entry.orderItemId === patch.orderItemId);
      items[index] = item(patch.orderItemId, items[index]!.itemTitle, status, reason ?? null);
      return jsonResponse(200, { success: true, data: { ...items[index], orderId: ORDER_ID } });
    }
    return jsonResponse(404, { error: 'Not found' });
  };
}

describe('Seller order detail: approving and rejecting items', { timeout: timeLimit(20_000) }, () => {
  beforeEach(() => {
    logInAs('seller');
  });

  it('approves a pending item and shows its new status', async () => {
    const patches: Patch[] = [];
    const { user } = renderApp(`/seller/orders/items/${ORDER_ID}`, { api: sellerOrderApi(patches) });
    await user.click(await screen.findByRole('button', { name: 'Approve Desk lamp' }, { timeout: 5000 }));

    expect(patches).toEqual([{ orderItemId: LAMP_ID, body: { status: 'approved' } }]);
    expect(await screen.findByText('Approved Desk lamp')).toBeInTheDocument();
    expect(await screen.findByText('Approved — ready to ship.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Approve Desk lamp' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Approve Enamel mug' })).toBeInTheDocument();
  });

  it('shows the day to ship by and the days the buyer was told, as promised at checkout', async () => {
    const promise = {
      shipBy: '2026-12-10',
      arrivesBy: { earliest: '2026-12-15', latest: '2026-12-17' },
      state: 'waiting',
      deliveredOn: null,
      lateRefund: null,
    };
    renderApp(`/seller/orders/items/${ORDER_ID}`, {
      api: async (request) =>
        new URL(request.url).pathname === `/api/seller/orders/${ORDER_ID}`
          ? jsonResponse(200, order([item(LAMP_ID, 'Desk lamp', 'pending')], promise))
          : jsonResponse(404, { error: 'Not found' }),
    });
    const section = (await screen.findByRole('heading', { name: 'Delivery promise' }, { timeout: 5000 })).closest('section')!;
    expect(section).toHaveTextContent('Ship by Dec 10');
    expect(section).toHaveTextContent('The buyer was told it arrives Dec 15–17.');
    expect(section).not.toHaveTextContent('Delivered');
  });

  it.each([
    ['kept', '2026-12-16', null, 'Delivered Dec 16: on time.'],
    [
      'late',
      '2026-12-18',
      { amount: 4.95, paidBy: 'seller' },
      'Delivered Dec 18, after Dec 17: the buyer got its $4.95 shipping back. UPS first scanned it after Dec 10, so it comes off your shipping credit.',
    ],
    ['late', '2026-12-18', { amount: 4.95, paidBy: 'marketplace' }, 'It was with UPS in time, so the marketplace paid it.'],
  ])('says whether the promise was kept (%s, delivered %s) and who paid back a late part’s shipping', async (state, deliveredOn, lateRefund, text) => {
    const promise = { shipBy: '2026-12-10', arrivesBy: { earliest: '2026-12-15', latest: '2026-12-17' }, state, deliveredOn, lateRefund };
    renderApp(`/seller/orders/items/${ORDER_ID}`, {
      api: async (request) =>
        new URL(request.url).pathname === `/api/seller/orders/${ORDER_ID}`
          ? jsonResponse(200, order([item(LAMP_ID, 'Desk lamp', 'delivered')], promise))
          : jsonResponse(404, { error: 'Not found' }),
    });
    const section = (await screen.findByRole('heading', { name: 'Delivery promise' }, { timeout: 5000 })).closest('section')!;
    expect(section).toHaveTextContent(text);
  });

  it('asks for a reason before rejecting, then sends it', async () => {
    const patches: Patch[] = [];
    const { user } = renderApp(`/seller/orders/items/${ORDER_ID}`, { api: sellerOrderApi(patches) });
    await user.click(await screen.findByRole('button', { name: 'Reject Enamel mug' }, { timeout: 5000 }));

    const dialog = screen.getByRole('dialog', { name: 'Reject this item?' });
    const reason = within(dialog).getByLabelText('Reason for rejecting');
    expect(reason).toHaveFocus();
    await user.click(within(dialog).getByRole('button', { name: 'Reject item' }));
    expect(reason).toHaveAccessibleDescription('Tell the buyer why you are rejecting this item');
    expect(patches).toEqual([]);

    await user.type(reason, 'Chipped in storage');
    await user.click(within(dialog).getByRole('button', { name: 'Reject item' }));

    expect(patches).toEqual([{ orderItemId: MUG_ID, body: { status: 'rejected', reason: 'Chipped in storage' } }]);
    expect(await screen.findByText('Rejected Enamel mug. The buyer has been refunded.')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(await screen.findByText('Rejected: Chipped in storage')).toBeInTheDocument();
  });

  it('keeps the item as it was and says why when the server refuses', async () => {
    const patches: Patch[] = [];
    const { user } = renderApp(`/seller/orders/items/${ORDER_ID}`, {
      api: sellerOrderApi(patches, () => jsonResponse(409, { error: 'An item that is cancelled cannot be marked approved' })),
    });
    await user.click(await screen.findByRole('button', { name: 'Approve Desk lamp' }, { timeout: 5000 }));

    expect(await screen.findByText('An item that is cancelled cannot be marked approved')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Approve Desk lamp' })).toBeEnabled());
  });

  it('cancelling the reject dialog sends nothing', async () => {
    const patches: Patch[] = [];
    const { user } = renderApp(`/seller/orders/items/${ORDER_ID}`, { api: sellerOrderApi(patches) });
    await user.click(await screen.findByRole('button', { name: 'Reject Desk lamp' }, { timeout: 5000 }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Cancel' }));

    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(patches).toEqual([]);
    expect(screen.getByRole('button', { name: 'Reject Desk lamp' })).toHaveFocus();
  });
});

describe('Seller order detail: delivery is what the carrier says', { timeout: timeLimit(20_000) }, () => {
  beforeEach(() => {
    logInAs('seller');
  });

  function shippedApi(patches: Patch[]): ApiHandler {
    const lamp = { ...item(LAMP_ID, 'Desk lamp', 'shipped'), parcel: { carrier: 'UPS', trackingNumber: '1ZSANDBX0350528573' } };
    let mug = { ...item(MUG_ID, 'Enamel mug', 'shipped'), parcel: null };
    return async (request) => {
      const { pathname } = new URL(request.url);
      if (pathname === `/api/seller/orders/${ORDER_ID}`) return jsonResponse(200, order([lamp, mug] as never));
      if (pathname === `/api/seller/order-items/${MUG_ID}` && request.method === 'PATCH') {
        patches.push({ orderItemId: MUG_ID, body: await request.json() });
        mug = { ...item(MUG_ID, 'Enamel mug', 'delivered'), parcel: null };
        return jsonResponse(200, { success: true, data: { ...mug, orderId: ORDER_ID } });
      }
      return jsonResponse(404, { error: 'Not found' });
    };
  }

  it('offers no hand delivery for a parcel UPS tracks, and asks before marking an untracked one delivered', async () => {
    const patches: Patch[] = [];
    const { user } = renderApp(`/seller/orders/items/${ORDER_ID}`, { api: shippedApi(patches) });
    expect(await screen.findByText('UPS marks it delivered when it scans the parcel delivered.', undefined, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Mark Desk lamp delivered' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Mark Enamel mug delivered' }));
    const dialog = await screen.findByRole('dialog', { name: 'Mark Enamel mug delivered?' });
    expect(dialog).toHaveTextContent('Only for a parcel no carrier tracks, once you know the buyer has it');
    await user.click(within(dialog).getByRole('button', { name: 'Not yet' }));
    expect(patches).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Mark Enamel mug delivered' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Mark Enamel mug delivered?' })).getByRole('button', { name: 'Yes, it was delivered' }));
    await waitFor(() => expect(patches).toEqual([{ orderItemId: MUG_ID, body: { status: 'delivered' } }]));
    expect(await screen.findByText('Marked Enamel mug as delivered')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('marks an approved item shipped another way, with the carrier it names, after asking for it', async () => {
    const patches: Patch[] = [];
    let bowl: Record<string, unknown> = { ...item(LAMP_ID, 'Desk lamp', 'approved'), parcel: null, shippedAnotherWay: null };
    const { user } = renderApp(`/seller/orders/items/${ORDER_ID}`, {
      api: async (request) => {
        const { pathname } = new URL(request.url);
        if (pathname === `/api/seller/orders/${ORDER_ID}`) return jsonResponse(200, order([bowl] as never));
        if (pathname === `/api/seller/order-items/${LAMP_ID}` && request.method === 'PATCH') {
          const body = (await request.json()) as { carrier: string; trackingNumber?: string };
          patches.push({ orderItemId: LAMP_ID, body });
          bowl = {
            ...item(LAMP_ID, 'Desk lamp', 'shipped'),
            parcel: null,
            shippedAnotherWay: { carrier: body.carrier, trackingNumber: body.trackingNumber ?? null },
          };
          return jsonResponse(200, { success: true, data: { ...bowl, orderId: ORDER_ID } });
        }
        return jsonResponse(404, { error: 'Not found' });
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Desk lamp was sent without a UPS label' }, { timeout: 5000 }));
    const dialog = await screen.findByRole('dialog', { name: 'Sent without a UPS label?' });
    await user.click(within(dialog).getByRole('button', { name: 'Mark shipped' }));
    expect(within(dialog).getByText('Name the carrier you sent it with')).toBeInTheDocument();
    expect(patches).toEqual([]);
    await user.type(within(dialog).getByLabelText('Carrier'), 'USPS');
    await user.type(within(dialog).getByLabelText('Tracking number (optional)'), '9400100000000000000000');
    await user.click(within(dialog).getByRole('button', { name: 'Mark shipped' }));
    await waitFor(() =>
      expect(patches).toEqual([{ orderItemId: LAMP_ID, body: { status: 'shipped', carrier: 'USPS', trackingNumber: '9400100000000000000000' } }]),
    );
    expect(await screen.findByText('Marked Desk lamp as shipped')).toBeInTheDocument();
    // Now no carrier tracks it: the seller says when it arrived.
    expect(await screen.findByText(/Sent with USPS/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Mark Desk lamp delivered' })).toBeInTheDocument();
  });
});
