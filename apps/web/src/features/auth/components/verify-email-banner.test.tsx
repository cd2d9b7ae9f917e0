import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { CurrentUser } from '@marketplace/contracts/auth';
import { jsonResponse, renderApp } from '../../../test/render-app';
import { authApi } from '../api';
import { apiRoutes, EMPTY_CART, EMPTY_WISHLIST } from '../../../test/shop-fixtures';
import { logInAs, makeAuthResponse, type TestRole } from '../../../test/tokens';

function currentUser(role: TestRole, overrides: Partial<CurrentUser> = {}): { user: CurrentUser } {
  return { user: { ...makeAuthResponse(role).user, emailVerified: false, pendingEmail: null, ...overrides } };
}

function shopAs(role: TestRole, me: { user: CurrentUser }, resend: () => Response = () => new Response(null, { status: 204 })) {
  logInAs(role);
  return renderApp('/products', {
    api: apiRoutes({
      'GET /api/auth/me': () => jsonResponse(200, me),
      'POST /api/auth/resend-verification': resend,
      'GET /api/products': () => jsonResponse(200, { items: [], total: 0, page: 1, totalPages: 1 }),
      'GET /api/categories': () => jsonResponse(200, { categories: [] }),
      'GET /api/cart': () => jsonResponse(200, EMPTY_CART),
      'GET /api/wishlist': () => jsonResponse(200, EMPTY_WISHLIST),
    }),
  });
}

describe('VerifyEmailBanner', () => {
  it('asks an unverified buyer to verify, and resends the link', async () => {
    const { user, fetchSpy } = shopAs('buyer', currentUser('buyer'));
    expect(await screen.findByText('Please verify your e-mail address: open the link we sent to buyer@example.com.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Resend link' }));
    expect(await screen.findByText('We sent a new link to buyer@example.com.')).toBeInTheDocument();
    expect(
      fetchSpy.mock.calls.some(([input]) => (input as Request).method === 'POST' && (input as Request).url.endsWith('/api/auth/resend-verification')),
    ).toBe(true);
  });

  it('shows the refusal when too many links were asked for', async () => {
    const message = 'Too many e-mails asked for. Try again in 42 minutes.';
    const { user } = shopAs('buyer', currentUser('buyer'), () => jsonResponse(429, { error: message, code: 'rate_limited', retryAfterSeconds: 2520 }));
    await user.click(await screen.findByRole('button', { name: 'Resend link' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(message);
  });

  it('tells a seller their listings wait for it', async () => {
    logInAs('seller');
    renderApp('/seller/product-list', {
      api: apiRoutes({
        'GET /api/auth/me': () => jsonResponse(200, currentUser('seller')),
        'GET /api/seller/products': () => jsonResponse(200, { items: [], total: 0, page: 1, totalPages: 1 }),
        'GET /api/categories': () => jsonResponse(200, { categories: [] }),
      }),
    });
    expect(await screen.findByText(/Verify your e-mail address to put listings live/)).toBeInTheDocument();
  });

  it('names a new address that waits for its link', async () => {
    shopAs('buyer', currentUser('buyer', { emailVerified: true, pendingEmail: 'new@example.com' }));
    expect(await screen.findByText(/open the link we sent to new@example.com\. Until then you sign in with buyer@example.com/)).toBeInTheDocument();
  });

  it('is not shown to a verified user', async () => {
    const { store } = shopAs('buyer', currentUser('buyer', { emailVerified: true }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Products' })).toBeInTheDocument();
    // On the shop's pages only the banner asks who is signed in, once its code has loaded: with that
    // answer in the store it has drawn what it will draw for this user.
    await waitFor(() => expect(authApi.endpoints.getCurrentUser.select()(store.getState()).isSuccess).toBe(true));
    expect(screen.queryByText(/verify your e-mail address/i)).not.toBeInTheDocument();
  });
});
