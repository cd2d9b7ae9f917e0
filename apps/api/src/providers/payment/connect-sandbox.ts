import { createHash, randomBytes } from 'node:crypto';
import { SANDBOX_TEST_ROUTING_NUMBER, type SandboxLinkResponse, type SandboxOnboardingBody } from '@marketplace/contracts/payouts';
import { HttpError } from '../../lib/http-errors';
import { parseHttpOrigin } from '../../lib/public-origin';
import type { Clock } from '../../lib/clock';
import { ConnectError, type ConnectAccount, type ConnectProvider } from './connect-port';
import { createStripeConnectProvider } from './stripe-connect';

/**
 * The embedded stand-in for Stripe Connect (the default with no keys): Express accounts, onboarding on
 * a local page where the seller enters business details and a test bank account, an Express-style
 * dashboard, and transfers that are idempotent by key. Its records live in its own store
 * (`SandboxConnectStore`; connect-sandbox.repository.ts keeps them in the `sandbox_connect_*` tables),
 * as Stripe keeps accounts in its own systems. Webhooks are verified exactly as Stripe signs them (with
 * STRIPE_WEBHOOK_SECRET), so the endpoint can be exercised locally.
 */

const ONBOARDING_LINK_MINUTES = 30;
const DASHBOARD_LINK_MINUTES = 10;
/** Transfers reach the seller's bank two days later, as Stripe's standard payout schedule. */
const PAYOUT_DELAY_MS = 2 * 24 * 60 * 60 * 1000;
const REQUIREMENTS = ['business_type', 'business_profile.name', 'external_account', 'tos_acceptance.date'];

export interface SandboxAccountRecord {
  id: string;
  email: string;
  businessType: string | null;
  businessName: string | null;
  bankLast4: string | null;
  detailsSubmitted: boolean;
  payoutsEnabled: boolean;
}

export interface SandboxLinkRecord {
  /** The link's token is never stored, only its SHA-256. */
  tokenHash: string;
  accountId: string;
  kind: 'onboarding' | 'dashboard';
  returnUrl: string;
  refreshUrl: string;
  expiresAt: Date;
  usedAt: Date | null;
}

export interface SandboxTransferRecord {
  id: string;
  accountId: string;
  amountCents: number;
  currency: string;
  idempotencyKey: string;
  /** What the key is bound to: the same key with other parameters is refused. */
  fingerprint: string;
  description: string | null;
  transferGroup: string | null;
  createdAt: Date;
}

/** Where the sandbox keeps its accounts, links and transfers. */
export interface SandboxConnectStore {
  findAccount(accountId: string): Promise<SandboxAccountRecord | null>;
  /** Creates the account of an idempotency key once; answers that key's account. */
  createAccountOnce(values: { id: string; email: string; idempotencyKey: string; now: Date }): Promise<SandboxAccountRecord | null>;
  insertLink(link: Omit<SandboxLinkRecord, 'usedAt'> & { createdAt: Date }): Promise<void>;
  findLink(tokenHash: string): Promise<SandboxLinkRecord | null>;
  findTransferByKey(idempotencyKey: string): Promise<SandboxTransferRecord | null>;
  /** Records a transfer unless its key was used; answers the key's transfer (the one that won a race). */
  insertTransferOnce(transfer: SandboxTransferRecord): Promise<SandboxTransferRecord | null>;
  /** Newest first. */
  findRecentTransfersOf(accountId: string, limit: number): Promise<SandboxTransferRecord[]>;
  /** The account's details are in and the onboarding link is used, together. */
  completeOnboarding(input: {
    accountId: string;
    tokenHash: string;
    details: { businessType: string; businessName: string; bankLast4: string };
    now: Date;
  }): Promise<void>;
  /** Deletes the links that expired at or before `before`; answers how many. */
  deleteLinksExpiredBy(before: Date): Promise<number>;
}

export interface SandboxConnectProvider extends ConnectProvider {
  readonly name: 'sandbox';
  /** What the local onboarding or dashboard page shows for a link token. */
  describeLink(token: string): Promise<SandboxLinkResponse>;
  /** The onboarding form: the account becomes complete; answers where to send the seller back. */
  completeOnboarding(token: string, body: SandboxOnboardingBody): Promise<{ returnUrl: string }>;
  /**
   * The clean-up job: links that expired more than a day ago are deleted. For that day an old link still
   * answers "expired, start again" with its refresh link; after it, "not valid, start again". Answers how many.
   */
  deleteExpiredLinks(): Promise<number>;
}

/** How long an expired onboarding or dashboard link is kept, so its page still says it expired. */
export const EXPIRED_LINK_KEPT_MS = 24 * 60 * 60 * 1000;

const hashOf = (token: string) => createHash('sha256').update(token).digest('hex');
const randomId = (prefix: string) => `${prefix}_sbx_${randomBytes(12).toString('hex')}`;
const fingerprintOf = (value: unknown) => createHash('sha256').update(JSON.stringify(value)).digest('hex');
/** "http://192.168.1.20:3000" for "http://192.168.1.20:3000/seller/onboarding?onboarding=return". */
const originOf = (url: string) => {
  try {
    return parseHttpOrigin(new URL(url).origin);
  } catch {
    return null;
  }
};
/** What a transfer's idempotency key is bound to (exported for the demo seed's transfer history). */
export const transferFingerprint = (accountId: string, amountCents: number, currency: string) => fingerprintOf({ accountId, amountCents, currency });

function accountOf(row: SandboxAccountRecord): ConnectAccount {
  return {
    id: row.id,
    detailsSubmitted: row.detailsSubmitted,
    payoutsEnabled: row.payoutsEnabled,
    transfersActive: row.detailsSubmitted,
    requirementsDue: row.detailsSubmitted ? [] : [...REQUIREMENTS],
    disabledReason: null,
  };
}

export function createSandboxConnectProvider(deps: {
  store: SandboxConnectStore;
  clock: Clock;
  publicUrl: string;
  webhookSecret: string | null;
  connectWebhookSecret?: string | null;
}): SandboxConnectProvider {
  const { store, clock } = deps;
  // Only parseWebhook is used: it checks the signature locally and never calls Stripe.
  const webhookVerifier = createStripeConnectProvider({
    secretKey: 'sk_test_sandbox_webhooks_only',
    webhookSecret: deps.webhookSecret,
    connectWebhookSecret: deps.connectWebhookSecret ?? null,
  });

  async function findAccount(accountId: string) {
    const row = await store.findAccount(accountId);
    if (!row) throw new ConnectError(`No such account: '${accountId}'`, 'account_not_found', false);
    return row;
  }

  async function createLink(accountId: string, kind: 'onboarding' | 'dashboard', returnUrl: string, refreshUrl: string, minutes: number) {
    const token = randomBytes(24).toString('base64url');
    const expiresAt = new Date(clock.now().getTime() + minutes * 60_000);
    await store.insertLink({ tokenHash: hashOf(token), accountId, kind, returnUrl, refreshUrl, expiresAt, createdAt: clock.now() });
    // The sandbox's pages are served by this app, so they live where the seller will come back to (the
    // return link's origin: the address the seller's browser is on), not necessarily at PUBLIC_URL.
    return { url: `${originOf(returnUrl) ?? deps.publicUrl.replace(/\/$/, '')}/sandbox/connect/${token}`, expiresAt: expiresAt.toISOString() };
  }

  /** A usable link: 404 unknown, 410 expired or (onboarding) already used. */
  async function usableLink(token: string) {
    const link = await store.findLink(hashOf(token));
    if (!link) throw new HttpError(404, 'This link is not valid. Start again from the marketplace.');
    if (link.expiresAt.getTime() <= clock.now().getTime() || link.usedAt) {
      throw new HttpError(410, 'This link has expired. Start again from the marketplace.', { refreshUrl: link.refreshUrl });
    }
    return link;
  }

  return {
    name: 'sandbox',

    async createExpressAccount(request) {
      if (request.country !== 'US') throw new ConnectError('Only US accounts are supported.', 'invalid_request', false);
      const row = await store.createAccountOnce({ id: randomId('acct'), email: request.email, idempotencyKey: request.idempotencyKey, now: clock.now() });
      if (!row) throw new ConnectError('The sandbox could not create the account.', 'provider_unavailable', true);
      return accountOf(row);
    },

    async retrieveAccount(accountId) {
      return accountOf(await findAccount(accountId));
    },

    async createOnboardingLink(request) {
      await findAccount(request.accountId);
      return createLink(request.accountId, 'onboarding', request.returnUrl, request.refreshUrl, ONBOARDING_LINK_MINUTES);
    },

    async createLoginLink(accountId) {
      const account = await findAccount(accountId);
      if (!account.detailsSubmitted)
        throw new ConnectError('Cannot create a login link for an account that has not completed onboarding.', 'account_not_ready', false);
      const back = `${deps.publicUrl.replace(/\/$/, '')}/seller/onboarding`;
      const { url } = await createLink(accountId, 'dashboard', back, back, DASHBOARD_LINK_MINUTES);
      return { url };
    },

    async transfer(request) {
      if (!Number.isSafeInteger(request.amountCents) || request.amountCents <= 0)
        throw new ConnectError('Amount must be a positive whole number of cents.', 'invalid_request', false);
      if (request.currency !== 'usd') throw new ConnectError('Only usd transfers are supported.', 'invalid_request', false);
      const fingerprint = transferFingerprint(request.accountId, request.amountCents, request.currency);
      const replay = await store.findTransferByKey(request.idempotencyKey);
      if (replay) {
        if (replay.fingerprint !== fingerprint)
          throw new ConnectError('Keys for idempotent requests can only be used with the same parameters they were first used with.', 'invalid_request', false);
        return { id: replay.id, amountCents: replay.amountCents };
      }
      const account = await findAccount(request.accountId);
      if (!account.payoutsEnabled)
        throw new ConnectError("The destination account's transfers capability is not active: onboarding is not complete.", 'account_not_ready', false);
      // Two racing requests with one key: both read the single transfer that won.
      const row = await store.insertTransferOnce({
        id: randomId('tr'),
        accountId: request.accountId,
        amountCents: request.amountCents,
        currency: request.currency,
        idempotencyKey: request.idempotencyKey,
        fingerprint,
        description: request.description,
        transferGroup: request.transferGroup,
        createdAt: clock.now(),
      });
      if (!row) throw new ConnectError('The sandbox could not record the transfer.', 'provider_unavailable', true);
      if (row.fingerprint !== fingerprint)
        throw new ConnectError('Keys for idempotent requests can only be used with the same parameters they were first used with.', 'invalid_request', false);
      return { id: row.id, amountCents: row.amountCents };
    },

    parseWebhook(rawBody, signatureHeader) {
      return webhookVerifier.parseWebhook(rawBody, signatureHeader);
    },

    async describeLink(token) {
      const link = await usableLink(token);
      const account = await findAccount(link.accountId);
      const base: SandboxLinkResponse = {
        success: true,
        kind: link.kind,
        account: {
          id: account.id,
          email: account.email,
          businessName: account.businessName,
          businessType: account.businessType === 'individual' || account.businessType === 'company' ? account.businessType : null,
          bankLast4: account.bankLast4,
          detailsSubmitted: account.detailsSubmitted,
          payoutsEnabled: account.payoutsEnabled,
        },
        returnUrl: link.returnUrl,
        refreshUrl: link.refreshUrl,
        balance: null,
        transfers: [],
        payouts: [],
      };
      if (link.kind !== 'dashboard') return base;
      const transfers = await store.findRecentTransfersOf(account.id, 200);
      const now = clock.now().getTime();
      // Each transfer is paid out to the bank two days later.
      const pendingCents = transfers.filter((row) => row.createdAt.getTime() + PAYOUT_DELAY_MS > now).reduce((sum, row) => sum + row.amountCents, 0);
      return {
        ...base,
        balance: { available: 0, pending: pendingCents / 100 },
        transfers: transfers.map((row) => ({
          id: row.id,
          amount: row.amountCents / 100,
          description: row.description,
          created_at: row.createdAt.toISOString(),
        })),
        payouts: transfers.map((row) => {
          const arrival = row.createdAt.getTime() + PAYOUT_DELAY_MS;
          return {
            id: row.id.replace(/^tr_/, 'po_'),
            amount: row.amountCents / 100,
            status: arrival <= now ? ('paid' as const) : arrival - now < PAYOUT_DELAY_MS / 2 ? ('in_transit' as const) : ('pending' as const),
            arrival_date: new Date(arrival).toISOString().slice(0, 10),
          };
        }),
      };
    },

    async completeOnboarding(token, body) {
      const link = await usableLink(token);
      if (link.kind !== 'onboarding') throw new HttpError(400, 'This link does not open onboarding.');
      if (body.routingNumber !== SANDBOX_TEST_ROUTING_NUMBER) {
        throw new HttpError(400, `Use the test routing number ${SANDBOX_TEST_ROUTING_NUMBER} in the sandbox.`, {
          issues: [{ path: 'routingNumber', message: `Use the test routing number ${SANDBOX_TEST_ROUTING_NUMBER}` }],
        });
      }
      const now = clock.now();
      await store.completeOnboarding({
        accountId: link.accountId,
        tokenHash: link.tokenHash,
        details: { businessType: body.businessType, businessName: body.businessName, bankLast4: body.accountNumber.slice(-4) },
        now,
      });
      return { returnUrl: link.returnUrl };
    },

    deleteExpiredLinks() {
      return store.deleteLinksExpiredBy(new Date(clock.now().getTime() - EXPIRED_LINK_KEPT_MS));
    },
  };
}
