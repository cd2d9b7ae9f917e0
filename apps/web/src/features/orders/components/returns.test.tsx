import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Provider } from 'react-redux';
import { describe, expect, it, vi } from 'vitest';
import type { ReturnEligibility, ReturnRequestView } from '@marketplace/contracts/returns';
import { configureStore } from '@reduxjs/toolkit';
import { ToastList } from '../../../components/toast-list';
import { api } from '../../../lib/api';
import { jsonResponse, mockApi, renderApp, type ApiHandler } from '../../../test/render-app';
import { logInAs } from '../../../test/tokens';
import { ReturnRequestDialog } from './return-request-dialog';
import { ReturnStatusPanel } from './return-status-panel';
import { timeLimit } from '../../../test/time-limit';

// Returns in the browser: the buyer's request dialog and status panel, the seller's Returns
// page and the Returns section of the seller's settings.

const ITEM_ID = 'a0000000-0000-4000-8000-000000000001';
const RETURN_ID = 'b0000000-0000-4000-8000-000000000002';

const ELIGIBLE: ReturnEligibility = {
  canReturn: true,
  reason: null,
  returnWindowDays: 30,
  returnWindowEndsAt: '2026-04-01T12:00:00.000Z',
  restockingFeePercent: 10,
  restockingFee: 10,
  estimatedRefund: 98,
};

function makeReturn(overrides: Partial<ReturnRequestView> = {}): ReturnRequestView {
  return {
    id: RETURN_ID,
    status: 'requested',
    reason: 'does_not_fit',
    description: 'The board is too small for my counter.',
    photos: [],
    orderId: 'c0000000-0000-4000-8000-000000000003',
    orderItemId: ITEM_ID,
    item: { title: 'Walnut board', quantity: 2, price: 50, lineTotal: 100, image: null },
    buyer: { id: 'user-buyer', name: 'Bea Buyer', email: 'buyer@example.com', companyName: null },
    seller: { id: 'user-seller', name: 'Sam Seller', email: 'seller@example.com', companyName: 'Northwind' },
    createdAt: '2026-03-05T12:00:00.000Z',
    updatedAt: '2026-03-05T12:00:00.000Z',
    decidedAt: null,
    refusalReason: null,
    restockingFeePercent: 10,
    restockingFee: 10,
    refundAmount: 98,
    refundedAt: null,
    refundDueAt: null,
    conditionConfirmedAt: null,
    shipment: null,
    actions: { accept: false, refuse: false, cancel: true, printLabel: false, track: false, confirm: false },
    ...overrides,
  };
}

const ACCEPTED = makeReturn({
  status: 'accepted',
  decidedAt: '2026-03-06T12:00:00.000Z',
  shipment: {
    carrier: 'UPS',
    trackingNumber: '1ZSANDBX0348535837',
    serviceDescription: 'UPS Ground',
    labelAvailable: true,
    returnTo: { name: 'Northwind', line1: '100 Peachtree St NW', line2: null, city: 'Atlanta', state: 'GA', postalCode: '30303' },
    events: [
      {
        status: 'created',
        description: 'Shipper created a label, UPS has not received the package yet.',
        occurredAt: '2026-03-06T12:00:00.000Z',
        location: null,
      },
    ],
    lastTrackedAt: null,
    deliveredAt: null,
  },
  actions: { accept: false, refuse: false, cancel: true, printLabel: true, track: true, confirm: false },
});

/** The component alone, with just the API slice (a feature does not import the app's store). */
function renderAlone(element: React.ReactElement, handler: ApiHandler) {
  logInAs('buyer');
  const fetchSpy = mockApi(handler);
  const user = userEvent.setup();
  const store = configureStore({ reducer: { [api.reducerPath]: api.reducer }, middleware: (defaults) => defaults().concat(api.middleware) });
  render(
    <Provider store={store}>
      {element}
      <ToastList />
    </Provider>,
  );
  return { user, fetchSpy };
}

describe('ReturnRequestDialog', () => {
  it('shows the terms, asks for a reason, sends the request with its photos and says the seller will answer', async () => {
    let sent: FormData | null = null;
    const onRequested = vi.fn();
    const onClose = vi.fn();
    const { user } = renderAlone(
      <ReturnRequestDialog orderItemId={ITEM_ID} itemTitle="Walnut board" onClose={onClose} onRequested={onRequested} />,
      async (request) => {
        const url = new URL(request.url);
        if (url.pathname === `/api/returns/eligibility/${ITEM_ID}`) return jsonResponse(200, ELIGIBLE);
        if (url.pathname === '/api/returns' && request.method === 'POST') {
          sent = await request.formData();
          return jsonResponse(201, { success: true, message: 'Return requested. The seller will answer your request.', return: makeReturn() });
        }
        return jsonResponse(404, { error: 'Not found' });
      },
    );

    const dialog = await screen.findByRole('dialog', { name: 'Return an item' });
    expect(await within(dialog).findByText('$10.00 (10%)')).toBeInTheDocument();
    expect(within(dialog).getByText('$98.00')).toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: 'Request return' }));
    // The empty option and, under the select, the error.
    expect(within(dialog).getAllByText('Choose a reason')).toHaveLength(2);
    expect(within(dialog).getByText('Tell the seller why in at least 10 characters')).toBeInTheDocument();

    await user.selectOptions(within(dialog).getByLabelText('Reason'), 'does_not_fit');
    await user.type(within(dialog).getByLabelText('Tell the seller more'), 'The board is too small for my counter.');
    const photo = new File([new Uint8Array([137, 80, 78, 71])], 'board.png', { type: 'image/png' });
    globalThis.URL.createObjectURL ??= () => 'blob:preview';
    globalThis.URL.revokeObjectURL ??= () => {};
    await user.upload(within(dialog).getByLabelText('Add photos'), photo);
    expect(within(dialog).getByText('Up to 3 images. 1 of 3 added.')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Request return' }));

    const done = await screen.findByRole('dialog', { name: 'Return requested' });
    expect(within(done).getByText('The seller will answer your request.')).toBeInTheDocument();
    expect(onRequested).toHaveBeenCalledWith(expect.objectContaining({ id: RETURN_ID, status: 'requested' }));
    const form = sent as FormData | null;
    expect(form?.get('orderItemId')).toBe(ITEM_ID);
    expect(form?.get('reason')).toBe('does_not_fit');
    // (jsdom's fetch drops the file name on the way; the photo itself is there.)
    expect(form?.getAll('files')).toHaveLength(1);
    await user.click(within(done).getByRole('button', { name: 'Done' }));
    expect(onClose).toHaveBeenCalled();
  });

  it('says why an item cannot be returned instead of showing the form', async () => {
    renderAlone(<ReturnRequestDialog orderItemId={ITEM_ID} itemTitle="Walnut board" onClose={() => {}} />, () =>
      jsonResponse(200, { ...ELIGIBLE, canReturn: false, reason: 'The return window closed on 2026-04-01.' }),
    );
    expect(await screen.findByText('The return window closed on 2026-04-01.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Request return' })).not.toBeInTheDocument();
  });
});

describe('ReturnStatusPanel', () => {
  it('offers the accepted return’s label, fetched with the session, and its tracking', async () => {
    const popup = { opener: {}, document: { title: '', body: { textContent: '' } }, location: { href: '' }, close: vi.fn() };
    vi.spyOn(window, 'open').mockReturnValue(popup as unknown as Window);
    globalThis.URL.createObjectURL = () => 'blob:return-label';
    const { user, fetchSpy } = renderAlone(<ReturnStatusPanel returnId={RETURN_ID} />, (request) => {
      const url = new URL(request.url);
      if (url.pathname === `/api/returns/${RETURN_ID}`) return jsonResponse(200, { success: true, return: ACCEPTED });
      if (url.pathname === `/api/returns/${RETURN_ID}/label`)
        return new Response(new Uint8Array([71, 73, 70, 56, 57, 97]), { status: 200, headers: { 'Content-Type': 'image/gif' } });
      return jsonResponse(404, { error: 'Not found' });
    });
    expect(await screen.findByText(/The seller accepted\. Print the return label/)).toBeInTheDocument();
    expect(screen.getByText('1ZSANDBX0348535837')).toBeInTheDocument();
    expect(screen.getByText('Accepted: label ready')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Print return label' }));
    await waitFor(() => expect(popup.location.href).toBe('blob:return-label'));
    const labelCall = fetchSpy.mock.calls.find(([input]) => String(input instanceof Request ? input.url : input).endsWith('/label'));
    const init = labelCall?.[1] as RequestInit | undefined;
    expect(new Headers(init?.headers).get('Authorization')).toMatch(/^Bearer /);
  });

  it('tells the buyer a voided label is gone, and shows a refused return’s reason', async () => {
    vi.spyOn(window, 'open').mockReturnValue(null);
    const { user } = renderAlone(<ReturnStatusPanel returnId={RETURN_ID} />, (request) => {
      const url = new URL(request.url);
      if (url.pathname.endsWith('/label'))
        return jsonResponse(410, { error: 'This return was cancelled and its label voided: it can no longer be used.', code: 'label_voided' });
      return jsonResponse(200, { success: true, return: ACCEPTED });
    });
    await user.click(await screen.findByRole('button', { name: 'Print return label' }));
    expect(await screen.findByText('This return was cancelled and its label voided: it can no longer be used.')).toBeInTheDocument();
  });
});

describe('SellerReturnsPage', () => {
  it('lists returns, accepts one after showing the fee and the refund, and refuses another with a reason', { timeout: timeLimit(30_000) }, async () => {
    logInAs('seller');
    const requests: Array<{ method: string; path: string; body: unknown }> = [];
    const other = makeReturn({
      id: 'b0000000-0000-4000-8000-000000000009',
      item: { title: 'Oak tray', quantity: 1, price: 30, lineTotal: 30, image: null },
      actions: { accept: true, refuse: true, cancel: false, printLabel: false, track: false, confirm: false },
    });
    const waiting = makeReturn({ actions: { accept: true, refuse: true, cancel: false, printLabel: false, track: false, confirm: false } });
    const { user } = renderApp('/seller/returns', {
      api: async (request) => {
        const url = new URL(request.url);
        if (url.pathname === '/api/returns' && request.method === 'GET')
          return jsonResponse(200, { success: true, returns: [waiting, other], pagination: { page: 1, limit: 10, totalItems: 2, totalPages: 1 } });
        if (request.method === 'POST') {
          requests.push({
            method: request.method,
            path: url.pathname,
            body: request.headers.get('content-type')?.includes('json') ? await request.json() : null,
          });
          return jsonResponse(200, {
            success: true,
            message: url.pathname.endsWith('/accept')
              ? 'Return accepted. The buyer can now print the return label.'
              : 'Return refused. The buyer has been told why.',
            return: waiting,
          });
        }
        return jsonResponse(404, { error: 'Not found' });
      },
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Returns' })).toBeInTheDocument();
    const board = await screen.findByRole('article', { name: 'Return of Walnut board' });
    expect(within(board).getByText('The buyer gets back')).toBeInTheDocument();
    await user.click(within(board).getByRole('button', { name: 'Accept return' }));
    const confirm = await screen.findByRole('dialog', { name: 'Accept this return?' });
    expect(within(confirm).getByText('$98.00')).toBeInTheDocument();
    expect(within(confirm).getByText(/less your \$10\.00 restocking fee \(10%\)/)).toBeInTheDocument();
    await user.click(within(confirm).getByRole('button', { name: 'Accept and create label' }));
    expect(await screen.findByText('Return accepted. The buyer can now print the return label.')).toBeInTheDocument();

    const tray = screen.getByRole('article', { name: 'Return of Oak tray' });
    await user.click(within(tray).getByRole('button', { name: 'Refuse' }));
    const refuse = await screen.findByRole('dialog', { name: 'Refuse this return?' });
    await user.click(within(refuse).getByRole('button', { name: 'Refuse return' }));
    expect(within(refuse).getByText('Tell the buyer why in at least 5 characters')).toBeInTheDocument();
    await user.type(within(refuse).getByLabelText('Why do you refuse?'), 'The tray shows clear signs of use.');
    await user.click(within(refuse).getByRole('button', { name: 'Refuse return' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Refuse this return?' })).not.toBeInTheDocument());
    expect(requests).toEqual([
      { method: 'POST', path: `/api/returns/${RETURN_ID}/accept`, body: null },
      { method: 'POST', path: `/api/returns/${other.id}/refuse`, body: { reason: 'The tray shows clear signs of use.' } },
    ]);
  });
});

describe('a return back with the seller', () => {
  const BACK = makeReturn({
    ...ACCEPTED,
    status: 'delivered',
    shipment: { ...ACCEPTED.shipment!, labelAvailable: false, deliveredAt: '2026-03-09T15:00:00.000Z' },
    refundDueAt: '2026-03-12T15:00:00.000Z',
    actions: { accept: false, refuse: false, cancel: false, printLabel: false, track: false, confirm: true },
  });

  it('tells the buyer the refund waits for the seller’s check, with its last day', async () => {
    renderAlone(<ReturnStatusPanel returnId={RETURN_ID} />, () =>
      jsonResponse(200, { success: true, return: { ...BACK, actions: { ...BACK.actions, confirm: false } } }),
    );
    expect(
      await screen.findByText('The seller received the item. Your refund of $98.00 goes out once they check it, by Mar 12, 2026 at the latest.'),
    ).toBeInTheDocument();
  });

  it('lets the seller confirm the item after asking, which refunds the buyer now', { timeout: timeLimit(30_000) }, async () => {
    logInAs('seller');
    const posted: string[] = [];
    let current: ReturnRequestView = BACK;
    const { user } = renderApp('/seller/returns', {
      api: async (request) => {
        const url = new URL(request.url);
        if (url.pathname === '/api/returns' && request.method === 'GET')
          return jsonResponse(200, { success: true, returns: [current], pagination: { page: 1, limit: 10, totalItems: 1, totalPages: 1 } });
        if (request.method === 'POST' && url.pathname === `/api/returns/${RETURN_ID}/confirm`) {
          posted.push(url.pathname);
          current = {
            ...BACK,
            status: 'refunded',
            refundDueAt: null,
            conditionConfirmedAt: '2026-03-10T09:00:00.000Z',
            refundedAt: '2026-03-10T09:00:00.000Z',
            actions: { ...BACK.actions, confirm: false },
          };
          return jsonResponse(200, { success: true, message: 'The return arrived: $98.00 is on its way back to the buyer.', return: current });
        }
        return jsonResponse(404, { error: 'Not found' });
      },
    });
    const card = await screen.findByRole('article', { name: 'Return of Walnut board' });
    expect(card).toHaveTextContent('Check it and confirm to refund the buyer $98.00 now; otherwise the refund goes out by itself on Mar 12, 2026.');
    await user.click(within(card).getByRole('button', { name: 'Confirm and refund' }));
    const dialog = await screen.findByRole('dialog', { name: 'Confirm the item came back as expected?' });
    expect(dialog).toHaveTextContent('Bea Buyer is refunded $98.00 to their card now; you keep your $10.00 restocking fee.');
    expect(posted).toEqual([]);
    await user.click(within(dialog).getByRole('button', { name: 'Confirm and refund' }));
    expect(await screen.findByText('The return arrived: $98.00 is on its way back to the buyer.')).toBeInTheDocument();
    expect(posted).toEqual([`/api/returns/${RETURN_ID}/confirm`]);
    await waitFor(() =>
      expect(
        within(screen.getByRole('article', { name: 'Return of Walnut board' })).queryByRole('button', { name: 'Confirm and refund' }),
      ).not.toBeInTheDocument(),
    );
  });
});

describe('the Returns section of the seller’s settings', () => {
  it('shows the policy, refuses a fee above 50 % and saves the window, the fee and the days to check', { timeout: timeLimit(30_000) }, async () => {
    logInAs('seller');
    const saved: unknown[] = [];
    let policy = { windowDays: 30, restockingFeePercent: 0, inspectionDays: 3 };
    const { user } = renderApp('/seller/settings', {
      api: async (request) => {
        const url = new URL(request.url);
        if (url.pathname === '/api/returns/policy' && request.method === 'GET') return jsonResponse(200, policy);
        if (url.pathname === '/api/returns/policy' && request.method === 'PUT') {
          policy = (await request.json()) as typeof policy;
          saved.push(policy);
          return jsonResponse(200, policy);
        }
        return jsonResponse(404, { error: 'Not found' });
      },
    });
    const section = await screen.findByRole('region', { name: 'Returns' }, { timeout: 5000 });
    const windowDays = await within(section).findByLabelText('Return window (days after delivery)');
    expect(windowDays).toHaveValue('30');
    expect(within(section).getByText(/up to 30 days after delivery; buyers get everything they paid back/)).toBeInTheDocument();
    const fee = within(section).getByLabelText('Restocking fee (% of the item’s price)');
    await user.clear(fee);
    await user.type(fee, '60');
    await user.click(within(section).getByRole('button', { name: 'Save return policy' }));
    expect(within(section).getByText('The restocking fee is a percentage from 0 to 50, with at most 2 decimals')).toBeInTheDocument();
    await user.clear(fee);
    await user.type(fee, '12.5');
    await user.clear(windowDays);
    await user.type(windowDays, '14');
    const check = within(section).getByLabelText('Days to check a returned item');
    expect(check).toHaveValue('3');
    await user.clear(check);
    await user.type(check, '20');
    await user.click(within(section).getByRole('button', { name: 'Save return policy' }));
    expect(within(section).getByText('The days to check a returned item are a whole number from 1 to 14')).toBeInTheDocument();
    expect(saved).toEqual([]);
    await user.clear(check);
    await user.type(check, '5');
    await user.click(within(section).getByRole('button', { name: 'Save return policy' }));
    expect(await screen.findByText('Return policy saved')).toBeInTheDocument();
    expect(saved).toEqual([{ windowDays: 14, restockingFeePercent: 12.5, inspectionDays: 5 }]);
    expect(await within(section).findByText(/up to 14 days after delivery; a 12\.5% restocking fee.*you have 5 days to check it/)).toBeInTheDocument();
  });
});
