import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { jsonResponse, renderApp } from '../../../test/render-app';
import { logInAs } from '../../../test/tokens';
import { timeLimit } from '../../../test/time-limit';

const SLOW_FIRST_LOAD = { timeout: 5000 };
const SETTINGS = { marketplaceName: 'Marketplace', supportEmail: 'help@market.example', supportPhone: '+1 (800) 555-0199' };

describe('HelpAndSupportPage', { timeout: timeLimit(30_000) }, () => {
  it('shows a card per part of the seller centre, each opening a drawer with a Go to link', async () => {
    logInAs('seller');
    const { user, router } = renderApp('/seller/help-and-support', {
      api: (request) => (new URL(request.url).pathname === '/api/settings/public' ? jsonResponse(200, SETTINGS) : jsonResponse(404, { error: 'Not found' })),
    });

    const cards = await screen.findByRole('list', { name: 'Help topics' }, SLOW_FIRST_LOAD);
    expect(within(cards).getAllByRole('button')).toHaveLength(6);
    const expected: Array<[string, string]> = [
      ['Dashboard', '/seller/dashboard'],
      ['Inventory', '/seller/product-list'],
      ['Product List', '/seller/listing'],
      ['Orders', '/seller/orders'],
      ['Messages', '/seller/chats'],
      ['Onboarding', '/seller/onboarding'],
    ];
    for (const [title, path] of expected) {
      await user.click(within(cards).getByRole('button', { name: new RegExp(`^${title}`) }));
      const drawer = screen.getByRole('dialog', { name: title });
      expect(within(drawer).getAllByRole('heading', { level: 3 }).length).toBeGreaterThan(0);
      expect(within(drawer).getByRole('link', { name: `Go to ${title}` })).toHaveAttribute('href', path);
      await user.click(within(drawer).getByRole('button', { name: 'Close' }));
      expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    }

    await user.click(within(cards).getByRole('button', { name: /^Orders/ }));
    await user.click(within(screen.getByRole('dialog', { name: 'Orders' })).getByRole('link', { name: 'Go to Orders' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/seller/orders'), SLOW_FIRST_LOAD);
  });

  it('shows the support email and phone from the settings with the weekday hours', async () => {
    logInAs('seller');
    renderApp('/seller/help-and-support', {
      api: (request) => (new URL(request.url).pathname === '/api/settings/public' ? jsonResponse(200, SETTINGS) : jsonResponse(404, { error: 'Not found' })),
    });
    const email = await screen.findByRole('link', { name: 'help@market.example' }, SLOW_FIRST_LOAD);
    expect(email).toHaveAttribute('href', 'mailto:help@market.example');
    expect(screen.getByRole('link', { name: '+1 (800) 555-0199' })).toHaveAttribute('href', 'tel:+18005550199');
    expect(screen.getByText('weekdays, 9am-5pm EST')).toBeInTheDocument();
  });

  it('offers a retry when the contact details cannot be loaded', async () => {
    logInAs('seller');
    renderApp('/seller/help-and-support', { api: () => jsonResponse(500, { error: 'Internal server error' }) });
    expect(await screen.findByText('Contact details could not be loaded', {}, SLOW_FIRST_LOAD)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});
