import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { jsonResponse, renderApp, requestOf } from '../../../test/render-app';
import { apiRoutes } from '../../../test/shop-fixtures';
import { logInAs } from '../../../test/tokens';

async function choose(user: ReturnType<typeof renderApp>['user'], password: string, confirmation = password) {
  await user.type(await screen.findByLabelText('New password'), password);
  await user.type(screen.getByLabelText('Confirm new password'), confirmation);
  await user.click(screen.getByRole('button', { name: 'Set new password' }));
}

describe('ResetPasswordPage', () => {
  it('checks the new password before sending it', async () => {
    const { user, fetchSpy } = renderApp('/reset-password/link-token');
    await choose(user, 'short');
    expect(screen.getByLabelText('New password')).toHaveAccessibleDescription(/Password must be at least 8 characters/);
    await user.clear(screen.getByLabelText('New password'));
    await user.type(screen.getByLabelText('New password'), 'long-enough-password');
    await user.click(screen.getByRole('button', { name: 'Set new password' }));
    expect(screen.getByLabelText('Confirm new password')).toHaveAccessibleDescription('The two passwords differ');
    expect(fetchSpy).not.toHaveBeenCalled();
  });

  it('sets the password with the link token, then sends the user to log in with a message', async () => {
    const { user, router, fetchSpy } = renderApp('/reset-password/link-token', {
      api: apiRoutes({ 'POST /api/auth/reset-password': () => new Response(null, { status: 204 }) }),
    });
    await choose(user, 'a-brand-new-password');

    expect(await screen.findByRole('heading', { level: 1, name: 'Log in' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
    expect(screen.getByRole('status')).toHaveTextContent('Your password was changed');
    expect(await requestOf(fetchSpy).json()).toEqual({ token: 'link-token', password: 'a-brand-new-password' });
  });

  it.each([
    ['reset_token_expired', 'This password reset link has expired (links work for one hour). Ask for a new one.'],
    ['reset_token_used', 'This password reset link was already used.'],
    ['reset_token_invalid', 'This password reset link is not valid.'],
  ])('explains a dead link (%s) and offers a new one', async (code, message) => {
    const { user } = renderApp('/reset-password/link-token', {
      api: apiRoutes({ 'POST /api/auth/reset-password': () => jsonResponse(400, { error: message, code }) }),
    });
    await choose(user, 'a-brand-new-password');
    expect(await screen.findByRole('heading', { level: 1, name: 'This link cannot be used' })).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent(message);
    expect(screen.getByRole('link', { name: 'Send me a new link' })).toHaveAttribute('href', '/forgot-password');
  });

  it('rates the new password as it is typed, and shows the policy refusal under the field', async () => {
    const message = 'Choose a stronger password: it cannot be only spaces';
    const { user } = renderApp('/reset-password/link-token', {
      api: apiRoutes({
        'POST /api/auth/reset-password': () => jsonResponse(400, { error: message, code: 'weak_password', issues: [{ path: 'password', message }] }),
      }),
    });
    await choose(user, '        ');
    expect(await screen.findByRole('meter', { name: 'Password strength' }, { timeout: 10_000 })).toHaveAttribute('aria-valuetext', 'Too weak');
    await expect.poll(() => screen.getByLabelText('New password')).toHaveAccessibleDescription(new RegExp(message));
    expect(screen.getByRole('button', { name: 'Set new password' })).toBeInTheDocument();
  });

  it('keeps the form when the server cannot be reached', async () => {
    const { user } = renderApp('/reset-password/link-token', { api: () => Promise.reject(new TypeError('Failed to fetch')) });
    await choose(user, 'a-brand-new-password');
    expect(await screen.findByRole('alert')).toHaveTextContent('We could not reach Marketplace');
    expect(screen.getByRole('button', { name: 'Set new password' })).toBeInTheDocument();
  });

  it('is for the signed out: a signed-in user goes home', async () => {
    logInAs('buyer');
    const { router } = renderApp('/reset-password/link-token');
    await screen.findByRole('heading', { level: 1, name: 'Products' });
    expect(router.state.location.pathname).toBe('/products');
  });
});
