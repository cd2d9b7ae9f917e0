import { act, render, screen } from '@testing-library/react';
import { createMemoryRouter, Outlet, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { expireSession } from '../lib/session';
import { logInAs } from '../test/tokens';
import { SESSION_CHECK_INTERVAL_MS, useSessionExpiryCheck } from './use-session-expiry-check';

function Shell() {
  useSessionExpiryCheck();
  return <Outlet />;
}

function renderShell(path = '/private') {
  const router = createMemoryRouter(
    [
      {
        path: '/',
        Component: Shell,
        children: [
          { path: 'private', element: <h1>Private page</h1> },
          { path: 'login', element: <h1>Login page</h1> },
        ],
      },
    ],
    { initialEntries: [path] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

function expectNoSessionStored() {
  for (const key of ['token', 'role', 'userId', 'userName']) expect(localStorage.getItem(key)).toBeNull();
  expect(sessionStorage.getItem('jwtToken')).toBeNull();
}

describe('useSessionExpiryCheck', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(new Date('2030-01-01T12:00:00Z'));
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('checks every 60 seconds', () => {
    expect(SESSION_CHECK_INTERVAL_MS).toBe(60_000);
  });

  it('clears the session and sends the user to /login at the first check after the token expires', async () => {
    logInAs('buyer', { expiresInSeconds: 30 });
    const router = renderShell();
    expect(screen.getByRole('heading', { name: 'Private page' })).toBeInTheDocument();

    // The token expires after 30 s, but nothing looks before the 60 s check.
    await act(() => vi.advanceTimersByTimeAsync(SESSION_CHECK_INTERVAL_MS - 1));
    expect(router.state.location.pathname).toBe('/private');
    expect(localStorage.getItem('token')).not.toBeNull();

    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(router.state.location.pathname).toBe('/login');
    expect(router.state.location.state).toEqual({ from: '/private' });
    expect(screen.getByRole('heading', { name: 'Login page' })).toBeInTheDocument();
    expectNoSessionStored();
  });

  it('leaves a valid session alone', async () => {
    logInAs('seller', { expiresInSeconds: 3600 });
    const router = renderShell();

    await act(() => vi.advanceTimersByTimeAsync(SESSION_CHECK_INTERVAL_MS * 5));

    expect(router.state.location.pathname).toBe('/private');
    expect(localStorage.getItem('token')).not.toBeNull();
  });

  it('does nothing for a visitor without a session', async () => {
    const router = renderShell();
    await act(() => vi.advanceTimersByTimeAsync(SESSION_CHECK_INTERVAL_MS * 2));
    expect(router.state.location.pathname).toBe('/private');
  });

  it('sends the user to /login as soon as the session is ended elsewhere (an API 401)', async () => {
    logInAs('buyer');
    const router = renderShell();

    await act(async () => expireSession());

    expect(router.state.location.pathname).toBe('/login');
    expectNoSessionStored();
  });
});
