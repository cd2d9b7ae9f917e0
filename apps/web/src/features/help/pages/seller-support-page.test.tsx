import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { SupportRequest } from '@marketplace/contracts/workspace';
import { jsonResponse, renderApp } from '../../../test/render-app';
import { logInAs } from '../../../test/tokens';
import { timeLimit } from '../../../test/time-limit';

const SLOW_FIRST_LOAD = { timeout: 5000 };
const SETTINGS = { marketplaceName: 'Marketplace', supportEmail: 'help@market.example', supportPhone: '+1 (800) 555-0199' };

function makeRequest(overrides: Partial<SupportRequest>): SupportRequest {
  return {
    id: 'request-1',
    topic: 'payouts',
    subject: 'Missing payout',
    message: 'My payout for order 123 has not arrived.',
    status: 'open',
    createdAt: '2025-03-01T10:00:00.000Z',
    closedAt: null,
    seller: { id: 'user-seller', name: 'Sam Tester', email: 'seller@example.com', companyName: 'Sam’s Supplies' },
    ...overrides,
  };
}

describe('SellerSupportPage', { timeout: timeLimit(30_000) }, () => {
  it('checks the form, sends the request and lists it with its status', async () => {
    logInAs('seller');
    const requests: SupportRequest[] = [
      makeRequest({ id: 'request-old', subject: 'Label question', topic: 'shipping', status: 'closed', closedAt: '2025-03-02T10:00:00.000Z' }),
    ];
    const posted: unknown[] = [];
    const { user } = renderApp('/seller/support', {
      api: async (request) => {
        const url = new URL(request.url);
        if (url.pathname === '/api/settings/public') return jsonResponse(200, SETTINGS);
        if (url.pathname === '/api/support/requests' && request.method === 'GET') {
          return jsonResponse(200, {
            requests,
            pagination: { page: 1, limit: 20, totalItems: requests.length, totalPages: 1 },
            openCount: requests.filter((item) => item.status === 'open').length,
          });
        }
        if (url.pathname === '/api/support/requests' && request.method === 'POST') {
          const body = (await request.json()) as { topic: SupportRequest['topic']; subject: string; message: string };
          posted.push(body);
          const created = makeRequest({ id: 'request-new', ...body });
          requests.unshift(created);
          return jsonResponse(201, { request: created });
        }
        return jsonResponse(404, { error: 'Not found' });
      },
    });

    const list = await screen.findByRole('list', { name: 'Your support requests' }, SLOW_FIRST_LOAD);
    expect(within(list).getByText('Label question')).toBeInTheDocument();
    expect(within(list).getByText('Closed')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Send request' }));
    expect(screen.getByText('Choose a topic', { selector: 'p' })).toBeInTheDocument();
    expect(screen.getByText('Subject must be 3 to 120 characters')).toBeInTheDocument();
    expect(screen.getByText('Message must be 10 to 5000 characters')).toBeInTheDocument();
    expect(posted).toHaveLength(0);

    await user.selectOptions(screen.getByLabelText('Topic'), 'payouts');
    await user.type(screen.getByLabelText('Subject'), 'Missing payout');
    await user.type(screen.getByLabelText('Message'), 'My payout for order 123 has not arrived.');
    await user.click(screen.getByRole('button', { name: 'Send request' }));

    expect(await screen.findByText('Your request was sent')).toBeInTheDocument();
    expect(posted).toEqual([{ topic: 'payouts', subject: 'Missing payout', message: 'My payout for order 123 has not arrived.' }]);
    const refreshed = await screen.findByText('Missing payout', { selector: 'li p' });
    expect(within(refreshed.closest('li')!).getByText('Open')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Send another request' }));
    expect(screen.getByLabelText('Subject')).toHaveValue('');
  });

  it('shows the server’s field messages', async () => {
    logInAs('seller');
    const { user } = renderApp('/seller/support', {
      api: (request) => {
        const url = new URL(request.url);
        if (url.pathname === '/api/support/requests' && request.method === 'GET') {
          return jsonResponse(200, { requests: [], pagination: { page: 1, limit: 20, totalItems: 0, totalPages: 1 }, openCount: 0 });
        }
        if (url.pathname === '/api/support/requests')
          return jsonResponse(400, {
            error: 'Invalid request — subject: Subject is not allowed',
            issues: [{ path: 'subject', message: 'Subject is not allowed' }],
          });
        return jsonResponse(404, { error: 'Not found' });
      },
    });
    expect(await screen.findByText('No requests yet', {}, SLOW_FIRST_LOAD)).toBeInTheDocument();
    await user.selectOptions(screen.getByLabelText('Topic'), 'other');
    await user.type(screen.getByLabelText('Subject'), 'Hello there');
    await user.type(screen.getByLabelText('Message'), 'A long enough message.');
    await user.click(screen.getByRole('button', { name: 'Send request' }));
    expect(await screen.findByText('Subject is not allowed')).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('Invalid request — subject: Subject is not allowed');
  });
});
