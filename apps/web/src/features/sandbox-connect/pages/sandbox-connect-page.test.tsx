import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { SANDBOX_TEST_ACCOUNT_NUMBER, SANDBOX_TEST_ROUTING_NUMBER, type SandboxLinkResponse } from '@marketplace/contracts/payouts';
import { jsonResponse, renderApp, type ApiHandler } from '../../../test/render-app';

const TOKEN = 'link-token-abc';
const LINK_PATH = `/api/sandbox/connect/links/${TOKEN}`;
const RETURN_URL = 'http://localhost/seller/onboarding?onboarding=return';
const REFRESH_URL = 'http://localhost/seller/onboarding?onboarding=refresh';

function link(overrides: Partial<SandboxLinkResponse> = {}): SandboxLinkResponse {
  return {
    success: true,
    kind: 'onboarding',
    account: {
      id: 'acct_sandbox_123',
      email: 'seller@example.com',
      businessName: null,
      businessType: null,
      bankLast4: null,
      detailsSubmitted: false,
      payoutsEnabled: false,
    },
    returnUrl: RETURN_URL,
    refreshUrl: REFRESH_URL,
    balance: null,
    transfers: [],
    payouts: [],
    ...overrides,
  };
}

interface Sent {
  path: string;
  body: unknown;
}

function sandboxServer(answer: () => Response | Promise<Response>, sent: Sent[] = [], complete?: () => Response): ApiHandler {
  return async (request) => {
    const { pathname } = new URL(request.url);
    if (pathname === LINK_PATH && request.method === 'GET') return answer();
    if (pathname === `${LINK_PATH}/complete` && request.method === 'POST') {
      sent.push({ path: pathname, body: JSON.parse(await request.text()) });
      return complete ? complete() : jsonResponse(200, { success: true, returnUrl: RETURN_URL });
    }
    return jsonResponse(404, { error: 'Not found' });
  };
}

function open(api: ApiHandler) {
  const assign = vi.fn();
  vi.stubGlobal('location', { ...window.location, assign });
  return { ...renderApp(`/sandbox/connect/${TOKEN}`, { api }), assign };
}

describe('SandboxConnectPage: onboarding', () => {
  it('is clearly the Stripe sandbox, public, with test bank hints and a way back without finishing', async () => {
    open(sandboxServer(() => jsonResponse(200, link())));
    expect(await screen.findByRole('heading', { name: 'Set up payouts for Marketplace' }, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.getByText('Stripe sandbox')).toBeInTheDocument();
    expect(screen.getByText(`Test routing number: ${SANDBOX_TEST_ROUTING_NUMBER}`)).toBeInTheDocument();
    expect(screen.getByText(`Test account number: ${SANDBOX_TEST_ACCOUNT_NUMBER}`)).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: 'Individual' })).not.toBeChecked();
    expect(screen.getByRole('radio', { name: 'Company' })).not.toBeChecked();
    expect(screen.getByRole('link', { name: 'Return without finishing' })).toHaveAttribute('href', RETURN_URL);
  });

  it('checks every field with the contract messages before sending anything', async () => {
    const sent: Sent[] = [];
    const { user } = open(sandboxServer(() => jsonResponse(200, link()), sent));
    await screen.findByRole('heading', { name: 'Set up payouts for Marketplace' }, { timeout: 5000 });

    await user.type(screen.getByLabelText('Business name'), 'A');
    await user.type(screen.getByLabelText('Routing number'), '12345');
    await user.type(screen.getByLabelText('Account number'), '12');
    await user.click(screen.getByRole('button', { name: 'Agree and submit' }));

    expect(await screen.findByText('Choose individual or company')).toBeInTheDocument();
    expect(screen.getByText('Business name must be at least 2 characters')).toBeInTheDocument();
    expect(screen.getByText('Routing number must be 9 digits')).toBeInTheDocument();
    expect(screen.getByText('Account number must be 4 to 17 digits')).toBeInTheDocument();
    expect(screen.getByLabelText('Business name')).toHaveAttribute('aria-invalid', 'true');
    expect(sent).toHaveLength(0);
  });

  it('sends the details and goes to the return URL', async () => {
    const sent: Sent[] = [];
    const { user, assign } = open(sandboxServer(() => jsonResponse(200, link({ account: { ...link().account, businessName: 'Sam’s Supplies' } })), sent));
    await screen.findByRole('heading', { name: 'Set up payouts for Marketplace' }, { timeout: 5000 });
    expect(screen.getByLabelText('Business name')).toHaveValue('Sam’s Supplies');

    await user.click(screen.getByRole('radio', { name: 'Company' }));
    await user.click(screen.getByRole('button', { name: 'Use test bank details' }));
    expect(screen.getByLabelText('Routing number')).toHaveValue(SANDBOX_TEST_ROUTING_NUMBER);
    await user.click(screen.getByRole('button', { name: 'Agree and submit' }));

    await vi.waitFor(() => expect(assign).toHaveBeenCalledWith(RETURN_URL));
    expect(sent).toEqual([
      {
        path: `${LINK_PATH}/complete`,
        body: {
          businessType: 'company',
          businessName: 'Sam’s Supplies',
          routingNumber: SANDBOX_TEST_ROUTING_NUMBER,
          accountNumber: SANDBOX_TEST_ACCOUNT_NUMBER,
        },
      },
    ]);
  });

  it("shows the server's refusal and its field errors", async () => {
    const { user, assign } = open(
      sandboxServer(
        () => jsonResponse(200, link()),
        [],
        () => jsonResponse(400, { error: 'The bank account was declined', details: [{ path: ['accountNumber'], message: 'Use the test account number' }] }),
      ),
    );
    await screen.findByRole('heading', { name: 'Set up payouts for Marketplace' }, { timeout: 5000 });
    await user.click(screen.getByRole('radio', { name: 'Individual' }));
    await user.type(screen.getByLabelText('Business name'), 'Sam Tester');
    await user.type(screen.getByLabelText('Routing number'), SANDBOX_TEST_ROUTING_NUMBER);
    await user.type(screen.getByLabelText('Account number'), '99999999');
    await user.click(screen.getByRole('button', { name: 'Agree and submit' }));

    expect(await screen.findByText('The bank account was declined')).toBeInTheDocument();
    expect(screen.getByText('Use the test account number')).toBeInTheDocument();
    expect(assign).not.toHaveBeenCalled();
  });
});

describe('SandboxConnectPage: refused links', () => {
  it("shows the server's message for an expired link and offers a fresh one", async () => {
    open(sandboxServer(() => jsonResponse(410, { error: 'This link has expired', refreshUrl: REFRESH_URL })));
    expect(await screen.findByRole('alert', {}, { timeout: 5000 })).toHaveTextContent('This link has expired');
    expect(screen.getByRole('link', { name: 'Get a new link' })).toHaveAttribute('href', REFRESH_URL);
  });

  it('sends the seller back to Stripe Setup when no refresh URL is known', async () => {
    open(sandboxServer(() => jsonResponse(404, { error: 'Link not found' })));
    expect(await screen.findByRole('alert', {}, { timeout: 5000 })).toHaveTextContent('Link not found');
    expect(screen.getByRole('link', { name: 'Back to Stripe Setup' })).toHaveAttribute('href', '/seller/onboarding');
  });
});

describe('SandboxConnectPage: dashboard', () => {
  it('shows the account, balance, transfers and payouts, and a way back', async () => {
    open(
      sandboxServer(() =>
        jsonResponse(
          200,
          link({
            kind: 'dashboard',
            account: {
              ...link().account,
              businessName: 'Sam’s Supplies',
              businessType: 'company',
              bankLast4: '6789',
              detailsSubmitted: true,
              payoutsEnabled: true,
            },
            balance: { available: 1234.5, pending: 20.25 },
            transfers: [{ id: 'tr_1', amount: 95.4, description: 'Payout for order item 1a2b3c4d', created_at: '2025-03-02T12:00:00.000Z' }],
            payouts: [{ id: 'po_1', amount: 95.4, status: 'in_transit', arrival_date: '2025-03-05T12:00:00.000Z' }],
          }),
        ),
      ),
    );
    expect(await screen.findByRole('heading', { name: 'Sam’s Supplies' }, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.getByText('acct_sandbox_123')).toBeInTheDocument();
    expect(screen.getByText('$1,234.50')).toBeInTheDocument();
    expect(screen.getByText('$20.25')).toBeInTheDocument();

    const [transfersTable, payoutsTable] = screen.getAllByRole('table');
    expect(
      within(transfersTable!)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Date', 'Description', 'Amount']);
    expect(within(transfersTable!).getByRole('row', { name: /Mar 2, 2025 Payout for order item 1a2b3c4d \$95\.40/ })).toBeInTheDocument();
    expect(
      within(payoutsTable!)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Arrival date', 'Amount', 'Status']);
    expect(within(payoutsTable!).getByRole('row', { name: /Mar 5, 2025 \$95\.40 In transit/ })).toBeInTheDocument();

    // Phones get the same rows as cards.
    expect(within(screen.getByRole('list', { name: 'Transfers' })).getByText('Payout for order item 1a2b3c4d')).toBeInTheDocument();
    expect(within(screen.getByRole('list', { name: 'Payouts' })).getByText('In transit')).toBeInTheDocument();

    expect(screen.getByRole('link', { name: 'Back to marketplace' })).toHaveAttribute('href', RETURN_URL);
  });

  it('says so when nothing has moved yet', async () => {
    open(sandboxServer(() => jsonResponse(200, link({ kind: 'dashboard', balance: { available: 0, pending: 0 } }))));
    expect(await screen.findByText('No transfers yet', {}, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.getByText('No payouts yet')).toBeInTheDocument();
  });
});
