import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { jsonResponse, renderApp, requestOf } from '../../../test/render-app';
import { apiRoutes } from '../../../test/shop-fixtures';

describe('ForgotPasswordPage', () => {
  it('is linked from the login page', async () => {
    const { user, router } = renderApp('/login');
    await user.click(await screen.findByRole('link', { name: 'Forgot your password?' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Forgot your password?' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/forgot-password');
  });

  it('asks for an address without calling the API', async () => {
    const { user, fetchSpy } = renderApp('/forgot-password');
    await user.click(await screen.findByRole('button', { name: 'Send reset link' }));
    expect(screen.getByLabelText('Email')).toHaveAccessibleDescription('Enter your email address');
    expect(fetchSpy).not.toHaveBeenCalled();
  });

  it('sends the address and says a link is on its way if it has an account', async () => {
    const { user, fetchSpy } = renderApp('/forgot-password', {
      api: apiRoutes({ 'POST /api/auth/forgot-password': () => new Response(null, { status: 204 }) }),
    });
    await user.type(await screen.findByLabelText('Email'), 'Buyer@Example.com');
    await user.click(screen.getByRole('button', { name: 'Send reset link' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Check your e-mail' })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('If buyer@example.com belongs to a Marketplace account');
    const request = requestOf(fetchSpy);
    expect(request.method).toBe('POST');
    expect(await request.json()).toEqual({ email: 'buyer@example.com' });

    await user.click(screen.getByRole('button', { name: 'Try another address' }));
    expect(await screen.findByRole('button', { name: 'Send reset link' })).toBeInTheDocument();
  });

  it("shows the server's refusal when too many links were asked for", async () => {
    const message = 'Too many e-mails asked for. Try again in 60 minutes.';
    const { user } = renderApp('/forgot-password', {
      api: apiRoutes({ 'POST /api/auth/forgot-password': () => jsonResponse(429, { error: message, code: 'rate_limited', retryAfterSeconds: 3600 }) }),
    });
    await user.type(await screen.findByLabelText('Email'), 'buyer@example.com');
    await user.click(screen.getByRole('button', { name: 'Send reset link' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(message);
    expect(screen.queryByRole('heading', { name: 'Check your e-mail' })).not.toBeInTheDocument();
  });
});
