import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { jsonResponse, renderApp, requestOf, type ApiHandler } from '../../../test/render-app';
import { makeAuthResponse, type TestRole } from '../../../test/tokens';

function answerLogin(status: number, body: unknown): ApiHandler {
  return (request) => (request.url.endsWith('/api/auth/login') ? jsonResponse(status, body) : jsonResponse(404, { error: 'Not found' }));
}

async function fillAndSubmit(user: ReturnType<typeof renderApp>['user'], email: string, password: string) {
  await user.type(await screen.findByLabelText('Email'), email);
  await user.type(screen.getByLabelText('Password'), password);
  await user.click(screen.getByRole('button', { name: 'Log in' }));
}

describe('LoginPage', () => {
  it('asks for the empty fields without calling the API', async () => {
    const { user, fetchSpy } = renderApp('/login');
    await user.click(await screen.findByRole('button', { name: 'Log in' }));

    expect(screen.getByLabelText('Email')).toHaveAccessibleDescription('Enter your email address');
    expect(screen.getByLabelText('Email')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('Password')).toHaveAccessibleDescription('Enter your password');
    expect(screen.getByLabelText('Email')).toHaveFocus();
    expect(fetchSpy).not.toHaveBeenCalled();
  });

  it("shows the server's 401 message and stays on the page", async () => {
    const { user, router, fetchSpy } = renderApp('/login', { api: answerLogin(401, { error: 'Invalid email or password' }) });
    await fillAndSubmit(user, 'buyer@example.com', 'wrong-password');

    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid email or password');
    expect(router.state.location.pathname).toBe('/login');
    expect(localStorage.getItem('token')).toBeNull();

    const request = requestOf(fetchSpy);
    expect(request.method).toBe('POST');
    expect(request.headers.has('Authorization')).toBe(false);
    expect(await request.json()).toEqual({ email: 'buyer@example.com', password: 'wrong-password' });
  });

  it("shows the server's lock-out message after too many attempts (429)", async () => {
    const message = 'Too many failed login attempts. Try again in 15 minutes.';
    const { user } = renderApp('/login', { api: answerLogin(429, { error: message }) });
    await fillAndSubmit(user, 'buyer@example.com', 'wrong-password');
    expect(await screen.findByRole('alert')).toHaveTextContent(message);
  });

  it('says so when the server cannot be reached', async () => {
    const { user } = renderApp('/login', { api: () => Promise.reject(new TypeError('Failed to fetch')) });
    await fillAndSubmit(user, 'buyer@example.com', 'marketplace-demo');
    expect(await screen.findByRole('alert')).toHaveTextContent('We could not reach Marketplace');
  });

  it.each([
    ['seller', '/seller/product-list', 'Product List'],
    ['buyer', '/products', 'Products'],
    ['admin', '/products', 'Products'],
  ] as const)('saves the session and sends a %s to %s', async (role: TestRole, path, title) => {
    const auth = makeAuthResponse(role);
    const { user, router } = renderApp('/login', { api: answerLogin(200, auth) });
    await fillAndSubmit(user, `${role}@example.com`, 'marketplace-demo');

    expect(await screen.findByRole('heading', { level: 1, name: title })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe(path);
    expect(localStorage.getItem('token')).toBe(auth.token);
    expect(localStorage.getItem('role')).toBe(role);
    expect(sessionStorage.getItem('jwtToken')).toBe(auth.token);
  });

  it('returns to the page the login guard remembered', async () => {
    const { user, router } = renderApp('/orderDisputes', { api: answerLogin(200, makeAuthResponse('buyer')) });
    await fillAndSubmit(user, 'buyer@example.com', 'marketplace-demo');

    expect(await screen.findByRole('heading', { level: 1, name: 'Disputes' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/orderDisputes');
  });

  it("goes home instead when the remembered page is another role's", async () => {
    const { user, router } = renderApp('/admin/payouts', { api: answerLogin(200, makeAuthResponse('seller')) });
    await fillAndSubmit(user, 'seller@example.com', 'marketplace-demo');

    expect(await screen.findByRole('heading', { level: 1, name: 'Product List' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/seller/product-list');
  });

  it('fills in a demo account with one click', async () => {
    const { user } = renderApp('/login');
    await user.click(await screen.findByRole('button', { name: /seller@example\.com/ }));

    expect(screen.getByLabelText('Email')).toHaveValue('seller@example.com');
    expect(screen.getByLabelText('Password')).toHaveValue('marketplace-demo');
  });

  it('links to signup', async () => {
    renderApp('/login');
    expect(await screen.findByRole('link', { name: 'Create an account' })).toHaveAttribute('href', '/signup');
  });
});
