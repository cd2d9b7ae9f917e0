import { act, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { PaymentAccountStatus } from '@marketplace/contracts/payouts';
import { jsonResponse, renderApp, type ApiHandler } from '../../../test/render-app';
import { logInAs } from '../../../test/tokens';
import { LOADING_MESSAGES } from '../components/onboarding/messages';
import { timeLimit } from '../../../test/time-limit';

const ACCOUNT_ID = 'acct_sandbox_123';
const ONBOARDING_URL = 'http://localhost/sandbox/connect/onboard-token';
const DASHBOARD_URL = 'http://localhost/sandbox/connect/dashboard-token';

interface Call {
  method: string;
  path: string;
  body: unknown;
}

interface FakeAccount {
  accountId: string | null;
  status: PaymentAccountStatus;
  /** What account-status answers next (the provider may have moved on since page load). */
  providerStatus?: PaymentAccountStatus;
}

type Override = (request: Request) => Response | undefined | Promise<Response | undefined>;

/** A fake of docs/product/api.md that records every call; `override` answers first when it returns something. */
function connectServer(state: FakeAccount, calls: Call[], override: Override = () => undefined): ApiHandler {
  return async (request) => {
    const { pathname } = new URL(request.url);
    if (!pathname.startsWith('/api/stripe-connect/')) return jsonResponse(404, { error: 'Not found' });
    const text = request.method === 'GET' ? '' : await request.text();
    calls.push({ method: request.method, path: pathname, body: text ? JSON.parse(text) : null });
    const answer = await override(request);
    if (answer) return answer;
    if (pathname === '/api/stripe-connect/check-account') {
      return jsonResponse(200, { success: true, hasAccount: state.accountId !== null, accountId: state.accountId, status: state.status });
    }
    if (pathname === '/api/stripe-connect/create-express-account') {
      Object.assign(state, { accountId: ACCOUNT_ID, status: 'created' });
      return jsonResponse(200, { success: true, accountId: ACCOUNT_ID, onboardingUrl: ONBOARDING_URL, status: 'created', message: 'Account created' });
    }
    if (pathname === '/api/stripe-connect/create-onboarding-link') return jsonResponse(200, { success: true, url: ONBOARDING_URL });
    if (pathname === `/api/stripe-connect/account-status/${ACCOUNT_ID}`) {
      const status = state.providerStatus ?? state.status;
      state.status = status;
      const isComplete = status === 'complete';
      return jsonResponse(200, {
        success: true,
        status,
        accountId: ACCOUNT_ID,
        detailsSubmitted: isComplete,
        payoutsEnabled: isComplete,
        requirements: isComplete ? [] : ['external_account'],
      });
    }
    if (pathname === '/api/stripe-connect/create-stripe-dashboard-link') return jsonResponse(200, { success: true, loginUrl: DASHBOARD_URL });
    return jsonResponse(404, { error: 'Not found' });
  };
}

function open(state: FakeAccount, { path = '/seller/onboarding', override }: { path?: string; override?: Override } = {}) {
  logInAs('seller');
  const calls: Call[] = [];
  const assign = vi.fn();
  vi.stubGlobal('location', { ...window.location, assign });
  const rendered = renderApp(path, { api: connectServer(state, calls, override) });
  return { ...rendered, calls, assign };
}

function step(title: string) {
  const heading = screen.getByRole('heading', { name: new RegExp(title) });
  const item = heading.closest('li');
  if (!item) throw new Error(`no step ${title}`);
  return item;
}

async function pageLoaded() {
  expect(await screen.findByRole('heading', { name: 'Stripe Setup', level: 1 }, { timeout: 5000 })).toBeInTheDocument();
  await screen.findByRole('heading', { name: 'Account Status' });
}

describe('StripeSetupPage', { timeout: timeLimit(30_000) }, () => {
  it('starts with step 1 current, step 2 locked and step 3 waiting when there is no account', async () => {
    const { calls } = open({ accountId: null, status: 'none' });
    await pageLoaded();
    expect(await screen.findByRole('button', { name: 'Create Express Account' })).toBeEnabled();

    expect(step('Create Express Account')).toHaveAttribute('data-state', 'current');
    expect(within(step('Create Express Account')).getByText('Current step')).toBeInTheDocument();
    expect(step('Complete Onboarding')).toHaveAttribute('data-state', 'locked');
    expect(within(step('Complete Onboarding')).getByText('Complete Step 1 first to proceed')).toBeInTheDocument();
    expect(within(step('Complete Onboarding')).queryByRole('button')).not.toBeInTheDocument();
    expect(within(step('Ready for Payouts')).getByText('Complete onboarding to enable payouts')).toBeInTheDocument();

    const card = screen.getByRole('region', { name: 'Account Status' });
    expect(within(card).getByText('None')).toBeInTheDocument();
    expect(within(card).queryByRole('button', { name: 'Open Stripe Dashboard' })).not.toBeInTheDocument();
    expect(calls.map((call) => call.path)).toEqual(['/api/stripe-connect/check-account']);
  });

  it('creates the Express account with type express and country US, toasts, and unlocks step 2', async () => {
    const { user, calls } = open({ accountId: null, status: 'none' });
    await pageLoaded();
    await user.click(await screen.findByRole('button', { name: 'Create Express Account' }));

    expect(await screen.findByText('Express account created successfully! Please complete the onboarding process.')).toBeInTheDocument();
    expect(calls.find((call) => call.path === '/api/stripe-connect/create-express-account')).toEqual({
      method: 'POST',
      path: '/api/stripe-connect/create-express-account',
      body: { type: 'express', country: 'US' },
    });
    expect(step('Create Express Account')).toHaveAttribute('data-state', 'done');
    expect(step('Complete Onboarding')).toHaveAttribute('data-state', 'current');
    expect(within(step('Complete Onboarding')).getByRole('button', { name: 'Complete Onboarding' })).toBeEnabled();
    const card = screen.getByRole('region', { name: 'Account Status' });
    expect(within(card).getByText(ACCOUNT_ID)).toBeInTheDocument();
    expect(within(card).getByText('Created')).toBeInTheDocument();
  });

  it("shows the server's error, the fallback, or the network text when creation fails", async () => {
    let answer: () => Response | Promise<Response> = () => jsonResponse(409, { error: 'You already have a payment account' });
    const { user } = open(
      { accountId: null, status: 'none' },
      { override: (request) => (request.url.endsWith('/create-express-account') ? answer() : undefined) },
    );
    await pageLoaded();
    const button = await screen.findByRole('button', { name: 'Create Express Account' });

    // Each failure must leave the button usable again before the next try (slow machines included).
    const clickWhenReady = async () => {
      await waitFor(() => expect(button).toBeEnabled(), { timeout: 10_000 });
      await user.click(button);
    };
    await clickWhenReady();
    expect(await screen.findByText('You already have a payment account', {}, { timeout: 10_000 })).toBeInTheDocument();

    answer = () => jsonResponse(500, {});
    await clickWhenReady();
    expect(await screen.findByText('Failed to create Express account', {}, { timeout: 10_000 })).toBeInTheDocument();

    answer = () => Promise.reject(new TypeError('Failed to fetch'));
    await clickWhenReady();
    expect(await screen.findByText('Network error. Please try again.', {}, { timeout: 10_000 })).toBeInTheDocument();
    expect(step('Complete Onboarding')).toHaveAttribute('data-state', 'locked');
  });

  it('asks for an onboarding link for the account and sends the browser to it', async () => {
    const { user, calls, assign } = open({ accountId: ACCOUNT_ID, status: 'created' });
    await pageLoaded();
    await user.click(await screen.findByRole('button', { name: 'Complete Onboarding' }));

    await vi.waitFor(() => expect(assign).toHaveBeenCalledWith(ONBOARDING_URL));
    expect(calls.find((call) => call.path === '/api/stripe-connect/create-onboarding-link')?.body).toEqual({ accountId: ACCOUNT_ID });
  });

  it("shows the server's error or the fallback when the onboarding link fails", async () => {
    let answer = jsonResponse(403, { error: 'This account is not yours' });
    const { user, assign } = open(
      { accountId: ACCOUNT_ID, status: 'pending' },
      { override: (request) => (request.url.endsWith('/create-onboarding-link') ? answer.clone() : undefined) },
    );
    await pageLoaded();
    await user.click(await screen.findByRole('button', { name: 'Complete Onboarding' }));
    expect(await screen.findByText('This account is not yours')).toBeInTheDocument();

    answer = jsonResponse(502, { nothing: true });
    await user.click(screen.getByRole('button', { name: 'Complete Onboarding' }));
    expect(await screen.findByText('Failed to generate onboarding link')).toBeInTheDocument();
    expect(assign).not.toHaveBeenCalled();
  });

  it("reads 'Refreshing...' while busy, then shows the new status with a success toast", async () => {
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    const { user } = open(
      { accountId: ACCOUNT_ID, status: 'pending', providerStatus: 'complete' },
      {
        override: async (request) => {
          if (request.url.includes('/account-status/')) await held;
          return undefined;
        },
      },
    );
    await pageLoaded();
    const card = screen.getByRole('region', { name: 'Account Status' });
    expect(within(card).getByText('Pending')).toBeInTheDocument();
    expect(within(card).queryByRole('button', { name: 'Open Stripe Dashboard' })).not.toBeInTheDocument();

    await user.click(within(card).getByRole('button', { name: 'Refresh Status' }));
    expect(await within(card).findByRole('button', { name: 'Refreshing...' })).toBeDisabled();
    release();

    expect(await screen.findByText('Account status updated successfully!')).toBeInTheDocument();
    // The toast may come a render before the card has the new status.
    expect(await within(card).findByRole('button', { name: 'Refresh Status' })).toBeEnabled();
    expect(await within(card).findByText('Complete')).toBeInTheDocument();
    expect(within(step('Ready for Payouts')).getByText('Your account is ready to receive payouts!')).toBeInTheDocument();
    expect(step('Complete Onboarding')).toHaveAttribute('data-state', 'done');
    expect(within(card).getByRole('button', { name: 'Open Stripe Dashboard' })).toBeInTheDocument();
  });

  it('toasts the failure when the status cannot be refreshed', async () => {
    const { user } = open(
      { accountId: ACCOUNT_ID, status: 'pending' },
      { override: (request) => (request.url.includes('/account-status/') ? jsonResponse(502, { error: 'Stripe is unavailable' }) : undefined) },
    );
    await pageLoaded();
    await user.click(screen.getByRole('button', { name: 'Refresh Status' }));
    expect(await screen.findByText('Failed to refresh account status')).toBeInTheDocument();
    expect(within(screen.getByRole('region', { name: 'Account Status' })).getByText('Pending')).toBeInTheDocument();
  });

  it('opens the Stripe dashboard in a new tab only for a complete account', async () => {
    const openWindow = vi.spyOn(window, 'open').mockReturnValue(null);
    const { user, calls } = open({ accountId: ACCOUNT_ID, status: 'complete' });
    await pageLoaded();
    expect(within(step('Ready for Payouts')).getByText('Your account is ready to receive payouts!')).toBeInTheDocument();
    expect(within(step('Complete Onboarding')).queryByRole('button')).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Open Stripe Dashboard' }));
    await vi.waitFor(() => expect(openWindow).toHaveBeenCalledWith(DASHBOARD_URL, '_blank', 'noopener'));
    expect(calls.some((call) => call.path === '/api/stripe-connect/create-stripe-dashboard-link')).toBe(true);
  });

  it("shows the server's error or the fallback when the dashboard link fails", async () => {
    const openWindow = vi.spyOn(window, 'open').mockReturnValue(null);
    let answer = jsonResponse(409, { error: 'Finish onboarding first' });
    const { user } = open(
      { accountId: ACCOUNT_ID, status: 'complete' },
      { override: (request) => (request.url.endsWith('/create-stripe-dashboard-link') ? answer.clone() : undefined) },
    );
    await pageLoaded();
    await user.click(screen.getByRole('button', { name: 'Open Stripe Dashboard' }));
    expect(await screen.findByText('Finish onboarding first')).toBeInTheDocument();
    answer = jsonResponse(500, {});
    await user.click(screen.getByRole('button', { name: 'Open Stripe Dashboard' }));
    expect(await screen.findByText('Failed to generate dashboard link')).toBeInTheDocument();
    expect(openWindow).not.toHaveBeenCalled();
  });

  it('re-reads the status from Stripe once when the seller comes back with ?onboarding=return', async () => {
    const { calls, router } = open({ accountId: ACCOUNT_ID, status: 'pending', providerStatus: 'complete' }, { path: '/seller/onboarding?onboarding=return' });
    await pageLoaded();
    expect(await screen.findByText('Your account is ready to receive payouts!')).toBeInTheDocument();
    expect(within(screen.getByRole('region', { name: 'Account Status' })).getByText('Complete')).toBeInTheDocument();
    expect(calls.filter((call) => call.path === `/api/stripe-connect/account-status/${ACCOUNT_ID}`)).toHaveLength(1);
    await vi.waitFor(() => expect(router.state.location.search).toBe(''));
  });

  it('makes a fresh onboarding link and goes to it when the old one expired (?onboarding=refresh)', async () => {
    const { calls, assign } = open({ accountId: ACCOUNT_ID, status: 'pending' }, { path: '/seller/onboarding?onboarding=refresh' });
    await vi.waitFor(() => expect(assign).toHaveBeenCalledWith(ONBOARDING_URL), { timeout: 5000 });
    expect(calls.filter((call) => call.path === '/api/stripe-connect/create-onboarding-link')).toHaveLength(1);
  });

  it('skips the onboarding link when there is no account id (?onboarding=refresh without an account)', async () => {
    const { calls, assign } = open({ accountId: null, status: 'none' }, { path: '/seller/onboarding?onboarding=refresh' });
    await pageLoaded();
    expect(await screen.findByRole('button', { name: 'Create Express Account' })).toBeInTheDocument();
    expect(calls.map((call) => call.path)).toEqual(['/api/stripe-connect/check-account']);
    expect(assign).not.toHaveBeenCalled();
  });

  it('covers the page with an overlay whose message changes every 2 seconds while the account loads', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    open(
      { accountId: null, status: 'none' },
      { override: (request) => (request.url.endsWith('/check-account') ? new Promise<Response>(() => {}) : undefined) },
    );

    const overlay = await screen.findByText(LOADING_MESSAGES[0], {}, { timeout: 5000 });
    const status = overlay.closest('[role="status"]');
    expect(status).toHaveAttribute('aria-live', 'polite');
    // Nothing behind it guesses the account: no status card, no step offered, until check-account answers.
    expect(screen.queryByRole('region', { name: 'Account Status' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Create Express Account' })).not.toBeInTheDocument();
    // Half a period, then the other half: the message changes at 2 s, not before (the real time
    // shouldAdvanceTime lets through between steps is far below a second).
    let shown: string = LOADING_MESSAGES[0];
    for (const message of [...LOADING_MESSAGES.slice(1), LOADING_MESSAGES[0]]) {
      await act(async () => {
        await vi.advanceTimersByTimeAsync(1000);
      });
      expect(screen.getByText(shown)).toBeInTheDocument();
      await act(async () => {
        await vi.advanceTimersByTimeAsync(1000);
      });
      expect(screen.getByText(message)).toBeInTheDocument();
      expect(status).toHaveTextContent(message);
      shown = message;
    }
  });

  it('cycles through exactly the seven messages of the spec', () => {
    expect(LOADING_MESSAGES).toEqual([
      'Loading Please wait...',
      'Fetching data...',
      'Processing request...',
      'Almost there...',
      'Preparing content...',
      'Just a moment...',
      'Getting things ready...',
    ]);
  });
});
