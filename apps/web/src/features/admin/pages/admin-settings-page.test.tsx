import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { AdminSettings, SupportRequest } from '@marketplace/contracts/workspace';
import { jsonResponse, renderApp, type ApiHandler } from '../../../test/render-app';
import { logInAs } from '../../../test/tokens';
import { timeLimit } from '../../../test/time-limit';

const SLOW_FIRST_LOAD = { timeout: 5000 };
const SETTINGS: AdminSettings = {
  marketplaceName: 'Marketplace',
  supportEmail: 'support@example.com',
  supportPhone: '+1 (800) 555-0199',
  payoutOnDelivery: false,
  payoutDelayDays: 3,
  updatedAt: '2025-03-01T10:00:00.000Z',
};

function makeRequest(overrides: Partial<SupportRequest>): SupportRequest {
  return {
    id: 'request-1',
    topic: 'payouts',
    subject: 'Missing payout',
    message: 'My payout for order 123 has not arrived.',
    status: 'open',
    createdAt: '2025-03-01T10:00:00.000Z',
    closedAt: null,
    seller: { id: 'user-sam', name: 'Sam Seller', email: 'sam@example.com', companyName: 'Sam’s Supplies' },
    ...overrides,
  };
}

function fakeApi(extraRequests: SupportRequest[] = []) {
  let settings = SETTINGS;
  const settingsBodies: unknown[] = [];
  const closed: string[] = [];
  const statusQueries: string[] = [];
  const pageQueries: string[] = [];
  const requests = [
    makeRequest({}),
    ...extraRequests,
    makeRequest({ id: 'request-2', subject: 'Printer trouble', topic: 'shipping', status: 'closed', closedAt: '2025-03-02T10:00:00.000Z' }),
  ];
  const handler: ApiHandler = async (request) => {
    const url = new URL(request.url);
    if (url.pathname === '/api/admin/settings' && request.method === 'GET') return jsonResponse(200, settings);
    if (url.pathname === '/api/admin/settings' && request.method === 'PUT') {
      const body = (await request.json()) as Omit<AdminSettings, 'updatedAt'>;
      settingsBodies.push(body);
      if (body.supportEmail === 'taken@example.com')
        return jsonResponse(400, {
          error: 'Invalid request — supportEmail: Enter a valid support email address',
          issues: [{ path: 'supportEmail', message: 'Enter a valid support email address' }],
        });
      // As the server does: what the body leaves out keeps its saved value.
      settings = { ...settings, ...body, updatedAt: '2025-03-05T10:00:00.000Z' };
      return jsonResponse(200, settings);
    }
    if (url.pathname === '/api/support/requests') {
      const status = url.searchParams.get('status') ?? '';
      statusQueries.push(status);
      // As the server does: one page (page, limit), the pagination and the open count of all.
      const page = Number(url.searchParams.get('page') ?? 1);
      const limit = Number(url.searchParams.get('limit') ?? 20);
      pageQueries.push(`${page}/${limit}`);
      const matching = requests.filter((item) => !status || item.status === status);
      return jsonResponse(200, {
        requests: matching.slice((page - 1) * limit, page * limit),
        pagination: { page, limit, totalItems: matching.length, totalPages: Math.max(1, Math.ceil(matching.length / limit)) },
        openCount: requests.filter((item) => item.status === 'open').length,
      });
    }
    const match = /^\/api\/admin\/support\/requests\/(.+)$/.exec(url.pathname);
    if (match && request.method === 'PATCH') {
      const index = requests.findIndex((item) => item.id === match[1]);
      closed.push(match[1]!);
      requests[index] = { ...requests[index]!, status: 'closed', closedAt: '2025-03-05T10:00:00.000Z' };
      return jsonResponse(200, { request: requests[index] });
    }
    return jsonResponse(404, { error: 'Not found' });
  };
  return { handler, settingsBodies, closed, statusQueries, pageQueries };
}

describe('AdminSettingsPage', { timeout: timeLimit(30_000) }, () => {
  it('validates and saves the marketplace settings', async () => {
    logInAs('admin');
    const fake = fakeApi();
    const { user } = renderApp('/admin/settings', { api: fake.handler });

    const name = await screen.findByLabelText('Marketplace name', {}, SLOW_FIRST_LOAD);
    expect(name).toHaveValue('Marketplace');
    await user.clear(name);
    await user.type(name, 'M');
    const phone = screen.getByLabelText('Support phone');
    await user.clear(phone);
    await user.type(phone, 'call me');
    await user.click(screen.getByRole('button', { name: 'Save settings' }));
    expect(screen.getByText('Marketplace name must be 2 to 60 characters')).toBeInTheDocument();
    expect(screen.getByText('Support phone must be 7 to 30 characters: digits, spaces, + ( ) and -')).toBeInTheDocument();
    expect(fake.settingsBodies).toHaveLength(0);

    await user.type(name, 'y Market');
    await user.clear(phone);
    await user.type(phone, '+1 (212) 555-0100');
    const email = screen.getByLabelText('Support email');
    await user.clear(email);
    await user.type(email, 'taken@example.com');
    await user.click(screen.getByRole('button', { name: 'Save settings' }));
    expect(await screen.findByText('Enter a valid support email address', { selector: 'p' })).toBeInTheDocument();

    await user.clear(screen.getByLabelText('Support email'));
    await user.type(screen.getByLabelText('Support email'), 'help@my.example');
    await user.click(screen.getByRole('button', { name: 'Save settings' }));
    expect(await screen.findByText('Settings saved')).toBeInTheDocument();
    expect(fake.settingsBodies.at(-1)).toEqual({ marketplaceName: 'My Market', supportEmail: 'help@my.example', supportPhone: '+1 (212) 555-0100' });
    expect(await screen.findByLabelText('Marketplace name')).toHaveValue('My Market');
    // Commission is set per category on the Commission page (docs/product/limits.md: no rate means 0 %), not here.
    expect(screen.queryByLabelText(/commission/i)).not.toBeInTheDocument();
  });

  it('refuses a pasted marketplace name with a tab or another control character before sending it', async () => {
    logInAs('admin');
    const fake = fakeApi();
    const { user } = renderApp('/admin/settings', { api: fake.handler });
    const name = await screen.findByLabelText('Marketplace name', {}, SLOW_FIRST_LOAD);
    await user.clear(name);
    await user.click(name);
    await user.paste('Corner\tMarket\u0007');
    await user.click(screen.getByRole('button', { name: 'Save settings' }));
    expect(screen.getByText('Marketplace name cannot contain line breaks, tabs or other control characters')).toBeInTheDocument();
    expect(fake.settingsBodies).toHaveLength(0);
  });

  it('lists support requests, reads one and closes it', async () => {
    logInAs('admin');
    const fake = fakeApi();
    const { user } = renderApp('/admin/settings', { api: fake.handler });

    const table = await screen.findByRole('table', { name: 'Support requests' }, SLOW_FIRST_LOAD);
    const rows = within(table).getAllByRole('row').slice(1);
    expect(within(rows[0]!).getByText('Missing payout')).toBeInTheDocument();
    expect(within(rows[0]!).getByText('Open')).toBeInTheDocument();
    expect(within(rows[1]!).getByText('Closed')).toBeInTheDocument();

    await user.click(within(table).getByRole('button', { name: 'Read “Missing payout”' }));
    const drawer = screen.getByRole('dialog', { name: 'Missing payout' });
    expect(within(drawer).getByText('My payout for order 123 has not arrived.')).toBeInTheDocument();
    expect(within(drawer).getByRole('link', { name: 'Reply by email' })).toHaveAttribute('href', expect.stringContaining('mailto:sam@example.com'));
    await user.click(within(drawer).getByRole('button', { name: 'Close request' }));

    expect(await screen.findByText('Support request closed')).toBeInTheDocument();
    expect(fake.closed).toEqual(['request-1']);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    // findAll resolves as soon as one matches (the second row was closed already): wait for both.
    await waitFor(() => expect(within(table).getAllByText('Closed')).toHaveLength(2));

    await user.selectOptions(screen.getByLabelText('Show'), 'open');
    expect(await screen.findByText('No support requests found')).toBeInTheDocument();
    expect(fake.statusQueries).toContain('open');
  });

  it('pages through the support requests, 20 at a time, and starts again at page 1 for another status', async () => {
    logInAs('admin');
    const extra = Array.from({ length: 24 }, (_, index) => makeRequest({ id: `request-extra-${index}`, subject: `Question number ${index}` }));
    const fake = fakeApi(extra);
    const { user } = renderApp('/admin/settings', { api: fake.handler });

    const table = await screen.findByRole('table', { name: 'Support requests' }, SLOW_FIRST_LOAD);
    expect(within(table).getAllByRole('row').slice(1)).toHaveLength(20);
    expect(screen.getByText(/25 open\./)).toBeInTheDocument();
    const pages = screen.getByRole('navigation', { name: 'Support request pages' });
    expect(within(pages).getByText('Showing 1 to 20 of 26 results')).toBeInTheDocument();

    await user.click(within(pages).getByRole('button', { name: 'Page 2' }));
    await waitFor(() => expect(within(table).getAllByRole('row').slice(1)).toHaveLength(6));
    expect(within(table).getByText('Printer trouble')).toBeInTheDocument();
    expect(fake.pageQueries).toContain('2/20');

    await user.selectOptions(screen.getByLabelText('Show'), 'closed');
    await waitFor(() => expect(fake.pageQueries.at(-1)).toBe('1/20'));
    expect(fake.statusQueries.at(-1)).toBe('closed');
  });

  it('turns payout on delivery on with a delay of 1 to 30 days, keeping the name and contact as saved', async () => {
    logInAs('admin');
    const fake = fakeApi();
    const { user } = renderApp('/admin/settings', { api: fake.handler });

    const payouts = within(await screen.findByRole('region', { name: 'Payouts' }, SLOW_FIRST_LOAD));
    const toggle = await payouts.findByRole('switch', { name: 'Payout on delivery' });
    expect(toggle).toHaveAttribute('aria-checked', 'false');
    expect(payouts.getByText('Off: you pay each item with Process Payout on Shipped Orders.')).toBeInTheDocument();
    const delay = payouts.getByLabelText('Days after delivery');
    expect(delay).toHaveValue(3);
    // Nothing changed yet: nothing to save.
    expect(payouts.getByRole('button', { name: 'Save payout settings' })).toBeDisabled();

    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-checked', 'true');
    for (const bad of ['0', '31', '2.5']) {
      await user.clear(delay);
      await user.type(delay, bad);
      await user.click(payouts.getByRole('button', { name: 'Save payout settings' }));
      expect(payouts.getByText('The payout delay must be a whole number of days from 1 to 30')).toBeInTheDocument();
    }
    expect(fake.settingsBodies).toHaveLength(0);

    await user.clear(delay);
    await user.type(delay, '7');
    await user.click(payouts.getByRole('button', { name: 'Save payout settings' }));
    expect(await screen.findByText('Payout settings saved')).toBeInTheDocument();
    expect(fake.settingsBodies).toEqual([
      { marketplaceName: 'Marketplace', supportEmail: 'support@example.com', supportPhone: '+1 (800) 555-0199', payoutOnDelivery: true, payoutDelayDays: 7 },
    ]);
    await waitFor(() => expect(payouts.getByRole('switch', { name: 'Payout on delivery' })).toHaveAttribute('aria-checked', 'true'));
    expect(payouts.getByLabelText('Days after delivery')).toHaveValue(7);
    expect(payouts.getByText('Items are paid automatically after delivery, unless a dispute or return is open.')).toBeInTheDocument();

    // Saving the marketplace's name afterwards sends only its own fields: the payout mode stays on.
    const name = screen.getByLabelText('Marketplace name');
    await user.clear(name);
    await user.type(name, 'Corner Market');
    await user.click(screen.getByRole('button', { name: 'Save settings' }));
    await waitFor(() => expect(fake.settingsBodies).toHaveLength(2));
    expect(fake.settingsBodies[1]).toEqual({ marketplaceName: 'Corner Market', supportEmail: 'support@example.com', supportPhone: '+1 (800) 555-0199' });
    await waitFor(() => expect(screen.getByLabelText('Marketplace name')).toHaveValue('Corner Market'));
    expect(within(screen.getByRole('region', { name: 'Payouts' })).getByRole('switch', { name: 'Payout on delivery' })).toHaveAttribute('aria-checked', 'true');
  });
});
