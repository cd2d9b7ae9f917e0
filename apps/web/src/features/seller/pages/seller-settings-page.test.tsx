import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Address, ProfileUser } from '@marketplace/contracts/users';
import { jsonResponse, renderApp, type ApiHandler } from '../../../test/render-app';
import { logInAs } from '../../../test/tokens';
import { timeLimit } from '../../../test/time-limit';

const SLOW_FIRST_LOAD = { timeout: 5000 };

const PROFILE: ProfileUser = {
  id: 'user-seller',
  email: 'seller@example.com',
  firstName: 'Sam',
  lastName: 'Tester',
  role: 'seller',
  companyName: 'Sam’s Supplies',
  phone: null,
  createdAt: '2025-01-15T10:00:00.000Z',
  handlingDays: null,
};
const ADDRESS: Address = {
  id: 'address-1',
  name: 'Sam’s Supplies',
  line1: '500 Market St',
  line2: null,
  city: 'San Francisco',
  state: 'CA',
  postal_code: '94105',
  country: 'US',
  phone: null,
  isDefault: true,
};
const PREFERENCES = { newOrder: true, newMessage: true, payoutSent: true, disputeOpened: true, weeklySummary: false };

/** A fake API that records the bodies it was sent. */
function fakeApi(addresses: Address[]) {
  const sent: Record<string, unknown[]> = { profile: [], preferences: [], vacation: [] };
  let vacation: { until: string; message: string | null } | null = null;
  let profile = PROFILE;
  let preferences = PREFERENCES;
  const handler: ApiHandler = async (request) => {
    const url = new URL(request.url);
    if (url.pathname === '/api/users/me' && request.method === 'GET') return jsonResponse(200, { user: profile });
    if (url.pathname === '/api/users/me' && request.method === 'PUT') {
      const body = (await request.json()) as Partial<ProfileUser>;
      sent.profile!.push(body);
      profile = { ...profile, ...body };
      return jsonResponse(200, { user: profile });
    }
    if (url.pathname === '/api/users/me/addresses') return jsonResponse(200, { addresses });
    if (url.pathname === '/api/users/me/notification-preferences' && request.method === 'GET') return jsonResponse(200, preferences);
    if (url.pathname === '/api/users/me/notification-preferences' && request.method === 'PUT') {
      preferences = (await request.json()) as typeof PREFERENCES;
      sent.preferences!.push(preferences);
      return jsonResponse(200, preferences);
    }
    if (url.pathname === '/api/seller/vacation' && request.method === 'GET') return jsonResponse(200, { vacation });
    if (url.pathname === '/api/seller/vacation' && request.method === 'PUT') {
      const body = (await request.json()) as { until: string; message: string | null };
      sent.vacation!.push(body);
      if (body.until <= '2026-12-07') {
        const error = 'The date your shop opens again must be after today.';
        return jsonResponse(400, { error, code: 'validation_failed', issues: [{ path: 'until', message: error }] });
      }
      vacation = { until: body.until, message: body.message };
      return jsonResponse(200, { vacation });
    }
    // The Shipping profiles section has its own tests (components/shipping-profiles.test.tsx).
    if (url.pathname === '/api/seller/shipping-profiles') {
      return jsonResponse(200, { profiles: [], standardRate: '$5.99 per order from your shop, free from $50.00' });
    }
    if (url.pathname === '/api/seller/vacation' && request.method === 'DELETE') {
      vacation = null;
      return jsonResponse(200, { vacation });
    }
    return jsonResponse(404, { error: 'Not found' });
  };
  return { handler, sent };
}

describe('SellerSettingsPage', { timeout: timeLimit(30_000) }, () => {
  it('saves the store details and the notification preferences', async () => {
    logInAs('seller');
    const { handler, sent } = fakeApi([ADDRESS]);
    const { user } = renderApp('/seller/settings', { api: handler });

    const company = await screen.findByLabelText('Company name', {}, SLOW_FIRST_LOAD);
    expect(company).toHaveValue('Sam’s Supplies');
    await user.clear(company);
    await user.click(screen.getByRole('button', { name: 'Save store details' }));
    expect(screen.getByText('Company name is required for sellers')).toBeInTheDocument();
    await user.type(company, 'Sam’s Goods');
    await user.type(screen.getByLabelText('Store phone (optional)'), '(415) 555-0100');
    await user.click(screen.getByRole('button', { name: 'Save store details' }));
    expect(await screen.findByText('Store details saved')).toBeInTheDocument();
    expect(sent.profile).toEqual([{ companyName: 'Sam’s Goods', phone: '(415) 555-0100', handlingDays: null }]);

    // The handling time the shop page shows: 1 to 30 business days, checked before sending.
    const handling = screen.getByLabelText('Handling time (business days)');
    await user.type(handling, '31');
    await user.click(screen.getByRole('button', { name: 'Save store details' }));
    expect(screen.getByText('Handling time is a whole number of business days from 1 to 30')).toBeInTheDocument();
    expect(sent.profile).toHaveLength(1);
    await user.clear(handling);
    await user.type(handling, '2');
    await user.click(screen.getByRole('button', { name: 'Save store details' }));
    await expect.poll(() => sent.profile).toHaveLength(2);
    expect(sent.profile![1]).toEqual({ companyName: 'Sam’s Goods', phone: '(415) 555-0100', handlingDays: 2 });
    expect(handling).toHaveValue('2');

    const weekly = await screen.findByRole('switch', { name: 'Weekly summary' });
    expect(weekly).toHaveAttribute('aria-checked', 'false');
    const save = screen.getByRole('button', { name: 'Save preferences' });
    expect(save).toBeDisabled();
    await user.click(weekly);
    await user.click(screen.getByRole('switch', { name: 'New orders' }));
    expect(weekly).toHaveAttribute('aria-checked', 'true');
    await user.click(save);
    expect(await screen.findByText('Notification preferences saved')).toBeInTheDocument();
    expect(sent.preferences).toEqual([{ ...PREFERENCES, newOrder: false, weeklySummary: true }]);
  });

  it('puts the shop on vacation until a day, with a message, and ends it early', async () => {
    logInAs('seller');
    const { handler, sent } = fakeApi([ADDRESS]);
    const { user } = renderApp('/seller/settings', { api: handler });

    const vacation = await screen.findByRole('region', { name: 'Vacation' }, SLOW_FIRST_LOAD);
    const openOn = await within(vacation).findByLabelText('Open again on', {}, SLOW_FIRST_LOAD);
    await user.click(within(vacation).getByRole('button', { name: 'Start vacation' }));
    expect(within(vacation).getByText('Choose the date your shop opens again.')).toBeInTheDocument();
    expect(sent.vacation).toEqual([]);

    // The server's refusal shows under the date.
    await user.type(openOn, '2026-12-07');
    await user.click(within(vacation).getByRole('button', { name: 'Start vacation' }));
    await expect.poll(() => openOn).toHaveAccessibleDescription(expect.stringContaining('must be after today'));

    await user.clear(openOn);
    await user.type(openOn, '2026-12-20');
    await user.type(within(vacation).getByLabelText('Message for buyers (optional)'), 'Back after the craft fair.');
    await user.click(within(vacation).getByRole('button', { name: 'Start vacation' }));
    expect(await within(vacation).findByText('Dec 20, 2026')).toBeInTheDocument();
    expect(sent.vacation![1]).toEqual({ until: '2026-12-20', message: 'Back after the craft fair.' });
    expect(within(vacation).getByText(/Back after the craft fair\./)).toBeInTheDocument();

    await user.click(within(vacation).getByRole('button', { name: 'End vacation now' }));
    expect(await within(vacation).findByLabelText('Open again on')).toHaveValue('');
    expect(await screen.findByText('Your shop is open again')).toBeInTheDocument();
  });

  it('shows a company name another shop has under the field, and saves nothing', async () => {
    logInAs('seller');
    const message = 'There is already a shop called “Northwind Outfitters” (or a name that reads the same). Choose another name.';
    const { handler } = fakeApi([ADDRESS]);
    const { user } = renderApp('/seller/settings', {
      api: (request) =>
        new URL(request.url).pathname === '/api/users/me' && request.method === 'PUT'
          ? jsonResponse(409, { error: message, code: 'shop_name_taken', field: 'companyName', issues: [{ path: 'companyName', message }] })
          : handler(request),
    });

    const company = await screen.findByLabelText('Company name', {}, SLOW_FIRST_LOAD);
    await user.clear(company);
    await user.type(company, 'Northwind Outfitters');
    await user.click(screen.getByRole('button', { name: 'Save store details' }));
    await expect.poll(() => company).toHaveAccessibleDescription(expect.stringContaining(message));
    expect(screen.queryByText('Store details saved')).not.toBeInTheDocument();
  });

  it('shows the default address as the ship-from address with a link to change it', async () => {
    logInAs('seller');
    const other: Address = { ...ADDRESS, id: 'address-2', line1: '1 Other Rd', isDefault: false };
    renderApp('/seller/settings', { api: fakeApi([other, ADDRESS]).handler });
    const section = (await screen.findByRole('heading', { name: 'Ship-from address' }, SLOW_FIRST_LOAD)).closest('section')!;
    expect(within(section).getByText(/printed as the sender on your UPS labels/i)).toBeInTheDocument();
    expect(await within(section).findByText('500 Market St')).toBeInTheDocument();
    expect(within(section).queryByText('1 Other Rd')).not.toBeInTheDocument();
    expect(within(section).getByRole('link', { name: 'Change address' })).toHaveAttribute('href', '/seller/profile');
  });

  it('asks for a ship-from address when there is none', async () => {
    logInAs('seller');
    renderApp('/seller/settings', { api: fakeApi([]).handler });
    expect(await screen.findByText('No ship-from address yet', {}, SLOW_FIRST_LOAD)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Add an address' })).toHaveAttribute('href', '/seller/profile');
  });
});
