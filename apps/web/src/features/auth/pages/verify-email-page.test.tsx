import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { jsonResponse, renderApp, requestOf } from '../../../test/render-app';
import { apiRoutes } from '../../../test/shop-fixtures';

describe('VerifyEmailPage', () => {
  it('verifies the link once and says so', async () => {
    const { fetchSpy } = renderApp('/verify-email/link-token', {
      api: apiRoutes({ 'POST /api/auth/verify-email': () => jsonResponse(200, { email: 'new@example.com' }) }),
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'E-mail address verified' })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('new@example.com is verified');
    expect(within(screen.getByRole('main')).getByRole('link', { name: 'Log in' })).toHaveAttribute('href', '/login');
    expect(fetchSpy).toHaveBeenCalledTimes(1);
    expect(await requestOf(fetchSpy).json()).toEqual({ token: 'link-token' });
  });

  it('shows why a link cannot be used', async () => {
    const message = 'This verification link has expired. Ask for a new one from your account.';
    renderApp('/verify-email/link-token', {
      api: apiRoutes({ 'POST /api/auth/verify-email': () => jsonResponse(400, { error: message, code: 'verification_token_expired' }) }),
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'We could not verify this link' })).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent(message);
  });
});
