import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { CurrentUser } from '@marketplace/contracts/auth';
import { jsonResponse, renderApp } from '../../../test/render-app';
import { makeAuthResponse, logInAs, type TestRole } from '../../../test/tokens';
import { timeLimit } from '../../../test/time-limit';

type Answer = { status: number; body: unknown };

/**
 * The profile page of `role` over an API that answers POST /api/auth/change-email with `answer`
 * (and, once a change was accepted, names the waiting address in GET /api/auth/me as the server does).
 */
function setUp(answer: Answer, { role = 'buyer', entry = '/profile' }: { role?: TestRole; entry?: string } = {}) {
  logInAs(role);
  const { user: account } = makeAuthResponse(role);
  const changeBodies: unknown[] = [];
  let pendingEmail: string | null = null;
  const rendered = renderApp(entry, {
    api: async (request) => {
      const { pathname } = new URL(request.url);
      if (pathname === '/api/users/me') return jsonResponse(200, { user: { ...account, phone: null, createdAt: '2025-01-15T10:00:00.000Z' } });
      if (pathname === '/api/users/me/addresses') return jsonResponse(200, { addresses: [] });
      if (pathname === '/api/auth/me') return jsonResponse(200, { user: { ...account, emailVerified: true, pendingEmail } satisfies CurrentUser });
      if (request.method === 'POST' && pathname === '/api/auth/change-email') {
        const body = (await request.json()) as { email: string };
        changeBodies.push(body);
        if (answer.status === 202) pendingEmail = body.email;
        return jsonResponse(answer.status, answer.body);
      }
      return jsonResponse(404, { error: 'Not found', code: 'not_found' });
    },
  });
  return { ...rendered, changeBodies, account };
}

async function fillAndSend(user: ReturnType<typeof setUp>['user'], email: string, password: string) {
  const section = within(await screen.findByRole('region', { name: 'Change e-mail address' }));
  if (email) await user.type(section.getByLabelText('New e-mail address'), email);
  if (password) await user.type(section.getByLabelText('Current password'), password);
  await user.click(section.getByRole('button', { name: 'Send confirmation link' }));
  return section;
}

describe('ChangeEmailForm', { timeout: timeLimit(30_000) }, () => {
  it('sends the new address with the current password and says a link waits in the new inbox', async () => {
    const { user, changeBodies } = setUp({ status: 202, body: { pendingEmail: 'bea.new@example.com' } });
    const section = await fillAndSend(user, '  Bea.New@Example.com ', 'correct horse');

    expect(await section.findByText(/We sent a link to/)).toHaveTextContent(
      'We sent a link to bea.new@example.com; your address changes when you open it. Until then you sign in with buyer@example.com',
    );
    expect(changeBodies).toEqual([{ email: 'bea.new@example.com', currentPassword: 'correct horse' }]);
    expect(section.getByLabelText('Current password')).toHaveValue('');
    expect(section.getByLabelText('New e-mail address')).toHaveValue('');
    // The banner above every page re-reads the account and names the waiting address.
    expect(await screen.findByText(/open the link we sent to bea\.new@example\.com/)).toBeInTheDocument();
  });

  it('puts a wrong current password under its field', async () => {
    const { user } = setUp({
      status: 400,
      body: {
        error: 'Current password is incorrect',
        code: 'current_password_incorrect',
        issues: [{ path: 'currentPassword', message: 'Current password is incorrect' }],
      },
    });
    const section = await fillAndSend(user, 'bea.new@example.com', 'wrong');
    const password = section.getByLabelText('Current password');
    await waitFor(() => expect(password).toHaveAttribute('aria-invalid', 'true'));
    expect(password).toHaveAccessibleDescription('Current password is incorrect');
    expect(section.queryByRole('alert')).not.toBeInTheDocument();
    expect(section.queryByText(/We sent a link/)).not.toBeInTheDocument();
  });

  it('puts an address another account holds under the e-mail field', async () => {
    const { user } = setUp({ status: 409, body: { error: 'An account with this email already exists', code: 'email_taken', field: 'email' } });
    const section = await fillAndSend(user, 'taken@example.com', 'correct horse');
    const email = section.getByLabelText('New e-mail address');
    await waitFor(() => expect(email).toHaveAccessibleDescription('Another account already uses this e-mail address'));
    expect(email).toHaveAttribute('aria-invalid', 'true');
  });

  it('checks the fields before sending anything', async () => {
    const { user, changeBodies } = setUp({ status: 202, body: { pendingEmail: 'x@example.com' } });
    let section = await fillAndSend(user, '', '');
    expect(section.getByLabelText('New e-mail address')).toHaveAccessibleDescription('Enter a valid email address');
    expect(section.getByLabelText('Current password')).toHaveAccessibleDescription('Current password is required');

    section = await fillAndSend(user, 'BUYER@example.com', 'correct horse');
    expect(section.getByLabelText('New e-mail address')).toHaveAccessibleDescription('This is already your e-mail address');
    expect(changeBodies).toEqual([]);
  });

  it('shows the server’s field message for a refused address', async () => {
    const { user } = setUp({
      status: 400,
      body: { error: 'This is already your e-mail address', code: 'bad_request', issues: [{ path: 'email', message: 'This is already your e-mail address' }] },
    });
    const section = await fillAndSend(user, 'other@example.com', 'correct horse');
    await waitFor(() => expect(section.getByLabelText('New e-mail address')).toHaveAccessibleDescription('This is already your e-mail address'));
  });

  it('says how long to wait when too many e-mails were asked for', async () => {
    const { user } = setUp({
      status: 429,
      body: { error: 'Too many e-mails asked for. Try again in 42 minutes.', code: 'rate_limited', retryAfterSeconds: 2501 },
    });
    const section = await fillAndSend(user, 'bea.new@example.com', 'correct horse');
    expect(await section.findByRole('alert')).toHaveTextContent('Too many e-mails were sent for your account. Try again in 42 minutes.');
  });

  it('never shows a server failure’s internals', async () => {
    const { user } = setUp({ status: 500, body: { error: 'Internal Server Error', code: 'internal' } });
    const section = await fillAndSend(user, 'bea.new@example.com', 'correct horse');
    const alert = await section.findByRole('alert');
    expect(alert).toHaveTextContent('We could not send the link just now. Please try again in a few minutes.');
    expect(alert).not.toHaveTextContent(/500|Internal/);
  });

  it('is on the seller’s profile too', async () => {
    const { user, changeBodies } = setUp({ status: 202, body: { pendingEmail: 'sam.new@example.com' } }, { role: 'seller', entry: '/seller/profile' });
    const section = await fillAndSend(user, 'sam.new@example.com', 'correct horse');
    expect(await section.findByText(/We sent a link to/)).toHaveTextContent('sam.new@example.com');
    expect(changeBodies).toHaveLength(1);
  });
});
