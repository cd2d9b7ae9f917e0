import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { jsonResponse, renderApp } from '../../../test/render-app';
import { makeAuthResponse, makeToken, logInAs, secondsFromNow } from '../../../test/tokens';
import { timeLimit } from '../../../test/time-limit';

/** The profile page of a signed-in buyer over an API that answers PUT /api/users/me/password with `answer`. */
function setUp(answer: { status: number; body: unknown }) {
  logInAs('buyer');
  const { user: account } = makeAuthResponse('buyer');
  const bodies: unknown[] = [];
  const rendered = renderApp('/profile', {
    api: async (request) => {
      const { pathname } = new URL(request.url);
      if (pathname === '/api/users/me' && request.method === 'GET')
        return jsonResponse(200, { user: { ...account, phone: null, createdAt: '2025-01-15T10:00:00.000Z', handlingDays: null } });
      if (pathname === '/api/users/me/addresses') return jsonResponse(200, { addresses: [] });
      if (pathname === '/api/auth/me') return jsonResponse(200, { user: { ...account, emailVerified: true, pendingEmail: null } });
      if (pathname === '/api/users/me/password' && request.method === 'PUT') {
        bodies.push(await request.json());
        return jsonResponse(answer.status, answer.body);
      }
      return jsonResponse(404, { error: 'Not found', code: 'not_found' });
    },
  });
  return { ...rendered, bodies };
}

async function change(user: ReturnType<typeof setUp>['user'], newPassword: string) {
  const section = within(await screen.findByRole('region', { name: 'Change password' }));
  await user.type(section.getByLabelText('Current password'), 'factory-password');
  await user.type(section.getByLabelText('New password'), newPassword);
  await user.type(section.getByLabelText('Confirm new password'), newPassword);
  await user.click(section.getByRole('button', { name: 'Change password' }));
  return section;
}

describe('PasswordForm', { timeout: timeLimit(30_000) }, () => {
  it('keeps this browser signed in with the token the change answers (every other session ended)', async () => {
    const freshToken = makeToken({ sub: 'user-buyer', role: 'buyer', sv: 1, exp: secondsFromNow(3600) });
    const { user, bodies } = setUp({ status: 200, body: { token: freshToken, user: makeAuthResponse('buyer').user } });
    await change(user, 'walnut-harbour-quietly');

    expect(await screen.findByText(/Your password was changed/)).toBeInTheDocument();
    expect(bodies).toEqual([{ currentPassword: 'factory-password', newPassword: 'walnut-harbour-quietly' }]);
    expect(localStorage.getItem('token')).toBe(freshToken);
    expect(sessionStorage.getItem('jwtToken')).toBe(freshToken);
  });

  it('shows the strength meter as the new password is typed, and the server refusal under the field', async () => {
    const message = 'Choose a stronger password: it is one of the most common passwords';
    const { user } = setUp({ status: 400, body: { error: message, code: 'weak_password', issues: [{ path: 'newPassword', message }] } });
    const section = await change(user, 'password');

    expect(await section.findByRole('meter', { name: 'Password strength' }, { timeout: 10_000 })).toHaveAttribute('aria-valuetext', 'Too weak');
    await expect.poll(() => section.getByLabelText('New password')).toHaveAccessibleDescription(new RegExp(message));
    // Said once, under the field, not again in an alert above the form.
    expect(section.queryByRole('alert')).not.toBeInTheDocument();
    expect(localStorage.getItem('token')).not.toBeNull();
  });
});
