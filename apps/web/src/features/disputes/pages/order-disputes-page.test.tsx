import { fireEvent, screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderApp } from '../../../test/render-app';
import { logInAs } from '../../../test/tokens';
import { DISPUTE_ID, ITEM_ID, ORDER_ID, disputeCase, disputesServer, summary, type Call } from '../test/dispute-fixtures';

const OTHER_ITEM = '3c3c3c3c-3333-4333-8333-000000000003';
const DISPUTED_ITEM = '4d4d4d4d-4444-4444-8444-000000000004';

function orderItem(id: string, title: string, status: string) {
  return { id, productId: `p-${id}`, title, image: null, price: 20, quantity: 2, retipAdded: false, retipPrice: 0, status, rejectionReason: null };
}

const orders = {
  orders: [
    {
      id: ORDER_ID,
      status: 'shipped',
      createdAt: '2025-03-01T10:00:00.000Z',
      itemsTotal: 60,
      shipping: 5.99,
      retipTotal: 0,
      total: 65.99,
      items: [orderItem(ITEM_ID, 'Desk lamp', 'delivered'), orderItem(OTHER_ITEM, 'Enamel mug', 'pending'), orderItem(DISPUTED_ITEM, 'Tea towel', 'shipped')],
    },
  ],
  pagination: { page: 1, totalPages: 1, totalItems: 1 },
};

/** The buyer's orders, plus one item that already has an open case. */
const ordersRoute = (call: Call) => {
  if (call.method === 'GET' && call.path === '/api/orders') return jsonResponse(200, orders);
  if (call.method === 'GET' && call.path === '/api/disputes' && call.search.get('status') === 'active') {
    return jsonResponse(200, {
      success: true,
      disputes: [summary({ id: 'other', orderItemId: DISPUTED_ITEM, itemTitle: 'Tea towel' })],
      pagination: { page: 1, limit: 100, totalPages: 1, totalItems: 1 },
    });
  }
  return undefined;
};

function photo(name: string, type = 'image/jpeg') {
  return new File(['photo-bytes'], name, { type });
}

describe('/orderDisputes (buyer)', () => {
  beforeEach(() => {
    logInAs('buyer');
    let next = 0;
    URL.createObjectURL = vi.fn(() => `blob:preview-${next++}`);
    URL.revokeObjectURL = vi.fn();
  });

  it('lists the buyer’s disputes with their status, linking to each case', async () => {
    const calls: Call[] = [];
    renderApp('/orderDisputes', {
      api: disputesServer(calls, { list: [summary(), summary({ id: 'd2', itemTitle: 'Enamel mug', status: 'resolved_refunded', refund: 5.5 })] }),
    });

    const table = await screen.findByRole('table', { name: 'Disputes' });
    expect(within(table).getByRole('link', { name: 'Dispute about Desk lamp' })).toHaveAttribute('href', `/orderDisputes/${DISPUTE_ID}`);
    expect(within(table).getByText('Open')).toHaveAttribute('data-status', 'open');
    expect(within(table).getByText('Resolved: refunded')).toHaveAttribute('data-status', 'resolved_refunded');
    expect(within(table).getByText('$5.50 refunded')).toBeInTheDocument();
    expect(within(table).getAllByText('Mar 3, 2025')).toHaveLength(2);
    const cards = screen.getByRole('list', { name: 'Disputes' });
    expect(within(cards).getAllByRole('link')).toHaveLength(2);
    const list = calls.find((call) => call.path === '/api/disputes');
    expect(list?.search.get('page')).toBe('1');
  });

  it('filters the list by status through the URL', async () => {
    const calls: Call[] = [];
    const { user } = renderApp('/orderDisputes', { api: disputesServer(calls, { list: [summary()] }) });
    await screen.findByRole('table', { name: 'Disputes' });
    await user.selectOptions(screen.getByLabelText('Status'), 'active');
    await vi.waitFor(() => expect(calls.some((call) => call.path === '/api/disputes' && call.search.get('status') === 'active')).toBe(true));
  });

  it('validates the form with the contract’s messages and offers only shipped, delivered or completed items without an open case', async () => {
    const calls: Call[] = [];
    const { user } = renderApp('/orderDisputes', { api: disputesServer(calls, { routes: [ordersRoute] }) });
    await user.click(await screen.findByRole('button', { name: 'Open a dispute' }));

    const form = await screen.findByRole('form', { name: 'Open a dispute' });
    const itemSelect = within(form).getByLabelText('Item');
    const options = within(itemSelect)
      .getAllByRole('option')
      .map((option) => option.textContent);
    expect(options).toHaveLength(2);
    expect(options[1]).toContain('Desk lamp');
    expect(options.join()).not.toContain('Enamel mug');
    expect(options.join()).not.toContain('Tea towel');

    await user.click(within(form).getByRole('button', { name: 'Open dispute' }));
    expect(within(form).getByText('Choose the item this dispute is about')).toBeInTheDocument();
    expect(within(form).getByText('Choose a reason', { selector: 'p' })).toBeInTheDocument();
    expect(within(form).getByText('Describe the problem in at least 10 characters')).toBeInTheDocument();
    expect(calls.some((call) => call.method === 'POST')).toBe(false);

    await user.type(within(form).getByLabelText('What went wrong?'), 'Cracked');
    expect(within(form).getByText('7 / 2000 characters')).toBeInTheDocument();
  });

  it('sends a multipart request with the fields and the photos, then opens the new case', async () => {
    const calls: Call[] = [];
    const created = disputeCase();
    const { user, router } = renderApp('/orderDisputes', {
      api: disputesServer(calls, {
        dispute: created,
        routes: [
          ordersRoute,
          (call) =>
            call.method === 'POST' && call.path === '/api/disputes'
              ? jsonResponse(201, { success: true, message: 'Dispute opened', dispute: created })
              : undefined,
        ],
      }),
    });
    await user.click(await screen.findByRole('button', { name: 'Open a dispute' }));
    const form = await screen.findByRole('form', { name: 'Open a dispute' });

    await user.selectOptions(within(form).getByLabelText('Item'), ITEM_ID);
    await user.selectOptions(within(form).getByLabelText('Reason'), 'damaged');
    await user.type(within(form).getByLabelText('What went wrong?'), 'The lamp arrived with a cracked shade.');

    const input = within(form).getByLabelText('Add photos');
    fireEvent.change(input, { target: { files: [photo('notes.pdf', 'application/pdf')] } });
    expect(within(form).getByText('Only images can be attached')).toBeInTheDocument();
    fireEvent.change(input, { target: { files: [photo('crack.jpg'), photo('box.png', 'image/png')] } });
    expect(within(form).queryByText('Only images can be attached')).not.toBeInTheDocument();
    const chosen = within(form).getByRole('list', { name: 'Chosen photos' });
    expect(within(chosen).getAllByRole('img')).toHaveLength(2);
    await user.click(within(form).getByRole('button', { name: 'Remove box.png' }));
    expect(within(chosen).getAllByRole('img')).toHaveLength(1);
    fireEvent.change(input, { target: { files: [1, 2, 3, 4, 5].map((index) => photo(`p${index}.jpg`)) } });
    expect(within(form).getByText('You can attach up to 5 photos')).toBeInTheDocument();

    await user.click(within(form).getByRole('button', { name: 'Open dispute' }));

    expect(await screen.findByText('Dispute opened')).toBeInTheDocument();
    const post = calls.find((call) => call.method === 'POST');
    expect(post?.path).toBe('/api/disputes');
    expect(post?.form?.get('orderItemId')).toBe(ITEM_ID);
    expect(post?.form?.get('reason')).toBe('damaged');
    expect(post?.form?.get('description')).toBe('The lamp arrived with a cracked shade.');
    expect(post?.form?.getAll('files')).toHaveLength(1);
    await vi.waitFor(() => expect(router.state.location.pathname).toBe(`/orderDisputes/${DISPUTE_ID}`));
    expect(await screen.findByRole('heading', { level: 1, name: 'Dispute about Desk lamp' })).toBeInTheDocument();
  });

  it('preselects the item from ?orderItemId= and shows the server’s refusal as a toast', async () => {
    const calls: Call[] = [];
    const { user } = renderApp(`/orderDisputes?orderItemId=${ITEM_ID}`, {
      api: disputesServer(calls, {
        routes: [ordersRoute, (call) => (call.method === 'POST' ? jsonResponse(409, { error: 'This item already has an open dispute' }) : undefined)],
      }),
    });
    const form = await screen.findByRole('form', { name: 'Open a dispute' });
    await vi.waitFor(() => expect(within(form).getByLabelText('Item')).toHaveValue(ITEM_ID));
    await user.selectOptions(within(form).getByLabelText('Reason'), 'not_received');
    await user.type(within(form).getByLabelText('What went wrong?'), 'It never arrived at my door.');
    await user.click(within(form).getByRole('button', { name: 'Open dispute' }));
    expect(await screen.findByText('This item already has an open dispute')).toBeInTheDocument();
    expect(screen.getByRole('form', { name: 'Open a dispute' })).toBeInTheDocument();
  });

  it('says so when the linked item cannot be disputed', async () => {
    renderApp(`/orderDisputes?orderItemId=${OTHER_ITEM}`, { api: disputesServer([], { routes: [ordersRoute] }) });
    expect(await screen.findByText(/That item cannot be disputed here/)).toBeInTheDocument();
  });
});
