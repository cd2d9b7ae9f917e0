import { act, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { expireSession, saveSession } from '../lib/session';
import { jsonResponse, renderApp } from '../test/render-app';
import { logInAs, makeAuthResponse, makeToken, secondsFromNow } from '../test/tokens';
import { SESSION_CHECK_INTERVAL_MS } from './use-session-expiry-check';

function expectNoSessionStored() {
  for (const key of ['token', 'role', 'userId', 'userName']) expect(localStorage.getItem(key)).toBeNull();
  expect(sessionStorage.getItem('jwtToken')).toBeNull();
}

describe('guest guard (/login, /signup)', () => {
  it.each(['/login', '/signup'])('sends a logged-in seller from %s to /seller/product-list', async (path) => {
    logInAs('seller');
    const { router } = renderApp(path);
    expect(await screen.findByRole('heading', { level: 1, name: 'Product List' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/seller/product-list');
  });

  it.each([
    ['buyer', '/login'],
    ['buyer', '/signup'],
    ['admin', '/login'],
  ] as const)('sends a logged-in %s from %s to /products', async (role, path) => {
    logInAs(role);
    const { router } = renderApp(path);
    expect(await screen.findByRole('heading', { level: 1, name: 'Products' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/products');
  });

  it('shows the login form to a visitor', async () => {
    renderApp('/login');
    expect(await screen.findByRole('button', { name: 'Log in' })).toBeInTheDocument();
  });

  it('clears an expired session and shows the login form instead of redirecting', async () => {
    logInAs('seller', { expiresInSeconds: -10 });
    const { router } = renderApp('/login');
    expect(await screen.findByRole('button', { name: 'Log in' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
    await waitFor(expectNoSessionStored);
  });
});

describe('login guard', () => {
  it.each([
    '/seller/shipments',
    '/admin/payouts',
    '/products/checkout',
    '/profile',
    '/myorders',
    '/myorders/o-1/receipt',
    '/user/chats?chat=c-1',
    '/orderDisputes',
  ])('sends a visitor from %s to /login and remembers the page', async (path) => {
    const { router } = renderApp(path);
    expect(await screen.findByRole('button', { name: 'Log in' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
    expect(router.state.location.state).toEqual({ from: path });
  });

  it.each(['/seller', '/admin'])('redirects the %s index to /login (docs/product/routes.md)', async (path) => {
    const { router } = renderApp(path);
    expect(await screen.findByRole('button', { name: 'Log in' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
  });

  it('says on the login page why, and returns there after logging in', async () => {
    const { user, router } = renderApp('/products/checkout', {
      api: (request) => (request.url.endsWith('/api/auth/login') ? jsonResponse(200, makeAuthResponse('buyer')) : jsonResponse(404, { error: 'Not found' })),
    });
    expect(await screen.findByText(/Log in to open that page/)).toBeInTheDocument();
    await user.type(screen.getByLabelText('Email'), 'buyer@example.com');
    await user.type(screen.getByLabelText('Password'), 'marketplace-demo');
    await user.click(screen.getByRole('button', { name: 'Log in' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Checkout' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/products/checkout');
  });

  it('lets the public pages through without a login', async () => {
    renderApp('/mobile-upload/some-token');
    // The API answers 404 for every call here, so the page settles on its invalid-link state.
    expect(await screen.findByRole('heading', { level: 1, name: 'Invalid Upload Link' })).toBeInTheDocument();
  });
});

describe('the public catalogue (docs/product/routes.md, "The catalogue is public")', () => {
  it.each([
    ['/products', 'Products'],
    ['/products?category=home-kitchen', 'Products'],
    ['/products/p-1', 'Product Details'],
  ])('shows %s to a visitor, with Log in and Sign up instead of an account', async (path, title) => {
    const { router, fetchSpy } = renderApp(path);
    expect(await screen.findByRole('heading', { level: 1, name: title })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe(path.split('?')[0]);
    // Both come back here after logging in.
    expect(screen.getByRole('link', { name: 'Log in' })).toHaveAttribute('href', '/login');
    expect(screen.getByRole('link', { name: 'Sign up' })).toHaveAttribute('href', '/signup');
    expect(screen.queryByRole('button', { name: /account menu/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Notifications/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Cart/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'My Orders' })).not.toBeInTheDocument();
    // Nothing personal is asked of the API for a visitor.
    const paths = fetchSpy.mock.calls.map(([input]) => new URL((input as Request).url).pathname);
    expect(paths.filter((called) => /^\/api\/(cart|wishlist|notifications|auth\/me|chat)/.test(called))).toEqual([]);
  });

  it("the header's Log in comes back to the product page", async () => {
    const { user, router } = renderApp('/products/p-1?ref=home', {
      api: (request) => (request.url.endsWith('/api/auth/login') ? jsonResponse(200, makeAuthResponse('buyer')) : jsonResponse(404, { error: 'Not found' })),
    });
    await user.click(await screen.findByRole('link', { name: 'Log in' }));
    await user.type(await screen.findByLabelText('Email'), 'buyer@example.com');
    expect(router.state.location.state).toEqual({ from: '/products/p-1?ref=home' });
    // Not a page behind login: no "log in to open that page" here.
    expect(screen.queryByText(/Log in to open that page/)).not.toBeInTheDocument();
    await user.type(screen.getByLabelText('Password'), 'marketplace-demo');
    await user.click(screen.getByRole('button', { name: 'Log in' }));
    await waitFor(() => expect(screen.getByRole('heading', { level: 1, name: 'Product Details' })).toBeInTheDocument());
    expect(router.state.location.pathname).toBe('/products/p-1');
    expect(router.state.location.search).toBe('?ref=home');
    expect(await screen.findByRole('button', { name: /account menu/ })).toBeInTheDocument();
  });

  it('still ends an expired session there and sends to /login, returning afterwards', async () => {
    logInAs('buyer', { expiresInSeconds: -10 });
    const { router } = renderApp('/products/p-1');
    expect(await screen.findByRole('button', { name: 'Log in' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
    expect(router.state.location.state).toEqual({ from: '/products/p-1' });
    expectNoSessionStored();
    expect(screen.getByRole('status')).toHaveTextContent('Your session has expired');
  });

  it('sends a tab whose session just expired to /login even when the page loads again first; once told, the person may browse', async () => {
    // The session ended in this tab, then the page loaded again (a click before the app took it over, a
    // reload) before the login page came: a fresh app, no session, the tab's note that it expired.
    logInAs('buyer', { expiresInSeconds: -10 });
    expireSession();

    const { router } = renderApp('/products');
    expect(await screen.findByRole('button', { name: 'Log in' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
    expect(router.state.location.state).toEqual({ from: '/products' });
    expect(screen.getByRole('status')).toHaveTextContent('Your session has expired');

    // Told, the person leaves for the catalogue as a guest.
    await act(() => router.navigate('/products'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Products' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/products');
  });
});

describe('role check', () => {
  it.each([
    ['buyer', '/seller/dashboard'],
    ['buyer', '/admin/users'],
    ['admin', '/seller/shipments'],
    ['seller', '/admin/payouts'],
    ['seller', '/myorders'],
    ['seller', '/products/checkout'],
    ['seller', '/profile'],
  ] as const)('shows a %s "Access denied" on %s, with a way home', async (role, path) => {
    logInAs(role);
    const { router } = renderApp(path);
    expect(await screen.findByRole('heading', { level: 1, name: 'Access denied' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe(path);
    const homeLink = role === 'seller' ? 'Go to my product list' : 'Browse products';
    expect(screen.getByRole('link', { name: homeLink })).toHaveAttribute('href', role === 'seller' ? '/seller/product-list' : '/products');
  });

  it.each([
    ['seller', '/seller/shipments', 'Shipment Dashboard'],
    ['admin', '/admin/payouts', 'Payout Management'],
    ['admin', '/admin/shipped-orders', 'Shipped Orders'],
    ['buyer', '/myorders', 'My Orders'],
    ['admin', '/myorders', 'My Orders'],
    ['seller', '/products', 'Products'],
    ['seller', '/products/p-1', 'Product Details'],
  ] as const)('lets a %s open %s', async (role, path, title) => {
    logInAs(role);
    renderApp(path);
    expect(await screen.findByRole('heading', { level: 1, name: title })).toBeInTheDocument();
  });
});

describe('session expiry on render (docs/product/roles.md)', () => {
  it.each([
    ['an expired token', makeToken({ sub: 'user-seller', role: 'seller', exp: secondsFromNow(-1) })],
    ['an undecodable token', 'not-a-jwt'],
  ])('clears all session data and goes to /login for %s', async (_label, token) => {
    saveSession({ ...makeAuthResponse('seller'), token });
    const { router } = renderApp('/seller/shipments');

    expect(await screen.findByRole('button', { name: 'Log in' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
    expectNoSessionStored();
    expect(screen.getByRole('status')).toHaveTextContent('Your session has expired');
  });

  it('ends the session when the API rejects the token with 401', async () => {
    logInAs('seller');
    const { router } = renderApp('/seller/shipments', {
      api: (request) => (request.url.endsWith('/api/auth/me') ? jsonResponse(401, { error: 'Unauthorized' }) : jsonResponse(404, { error: 'Not found' })),
    });

    expect(await screen.findByRole('button', { name: 'Log in' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
    expect(router.state.location.state).toEqual({ from: '/seller/shipments' });
    expectNoSessionStored();
  });
});

describe('session expiry while a page is open', () => {
  it('ends the session at the 60-second check and shows why on the login page', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    logInAs('admin', { expiresInSeconds: 20 });
    const { router } = renderApp('/admin/payouts');
    expect(await screen.findByRole('heading', { level: 1, name: 'Payout Management' })).toBeInTheDocument();

    await act(() => vi.advanceTimersByTimeAsync(SESSION_CHECK_INTERVAL_MS));

    expect(await screen.findByRole('button', { name: 'Log in' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
    expect(router.state.location.state).toEqual({ from: '/admin/payouts' });
    expect(screen.getByRole('status')).toHaveTextContent('Your session has expired');
    expectNoSessionStored();
  });
});
