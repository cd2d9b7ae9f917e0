import type { Database, Executor } from '../../db/client';
import type { Clock } from '../../lib/clock';
import { badRequest, HttpError, notFound } from '../../lib/http-errors';
import { ConnectError, isAccountComplete, type ConnectAccount, type ConnectProvider } from '../../providers/payment/connect-port';
import { PAYOUT_MESSAGES } from './payout-messages';
import { findAccountOfSeller, insertAccountOnce, updateAccount, type PaymentAccountRecord, type PaymentAccountState } from './payouts.repository';

// The seller's Stripe Connect account (docs/product/payouts.md): created once, onboarded on the
// provider's pages, its status read back from the provider, and a link to its Express dashboard.
// Provider calls never run inside a database transaction.

/** created → pending (onboarding under way) → complete, from what the provider says of the account. */
export function accountStateFrom(account: ConnectAccount, previous: PaymentAccountState): PaymentAccountState {
  if (isAccountComplete(account)) return 'complete';
  return previous === 'created' && !account.detailsSubmitted ? 'created' : 'pending';
}

/** Writes what the provider says of an account onto its row (a status refresh, or the account.updated webhook). */
export async function syncPaymentAccount(executor: Executor, row: PaymentAccountRecord, account: ConnectAccount, now: Date): Promise<PaymentAccountRecord> {
  const updated = await updateAccount(executor, row.id, {
    status: accountStateFrom(account, row.status),
    detailsSubmitted: account.detailsSubmitted,
    payoutsEnabled: account.payoutsEnabled,
    requirementsDue: account.requirementsDue,
    updatedAt: now,
  });
  return updated ?? row;
}

function connectFailure(error: unknown, fallback: string): HttpError {
  if (error instanceof ConnectError) {
    if (error.code === 'account_not_found') return new HttpError(404, PAYOUT_MESSAGES.accountNotFound);
    if (error.code === 'provider_unavailable') return new HttpError(502, `${fallback}: Stripe did not answer. Please try again.`);
    return new HttpError(400, `${fallback}: ${error.message}`);
  }
  return new HttpError(502, fallback);
}

export function createConnectAccountsService(deps: { db: Database; clock: Clock; connect: ConnectProvider; publicUrl: string }) {
  const { db, clock, connect } = deps;

  /**
   * Stripe sends the seller back to these after onboarding: on the address the seller's browser
   * is on (the route passes it; PUBLIC_URL when set), so a seller on a phone is not sent to localhost.
   */
  const onboardingLinksFor = (origin: string = deps.publicUrl) => {
    const base = origin.replace(/\/+$/, '');
    return { returnUrl: `${base}/seller/onboarding?onboarding=return`, refreshUrl: `${base}/seller/onboarding?onboarding=refresh` };
  };

  /** The caller's own account by id; anyone else's is a 404. */
  async function ownAccount(sellerId: string, accountId: string) {
    const row = await findAccountOfSeller(db, sellerId);
    if (!row || row.accountId !== accountId) throw notFound(PAYOUT_MESSAGES.accountNotFound);
    return row;
  }

  async function onboardingLink(accountId: string, origin: string | undefined): Promise<string> {
    try {
      return (await connect.createOnboardingLink({ accountId, ...onboardingLinksFor(origin) })).url;
    } catch (error) {
      throw connectFailure(error, 'Failed to generate onboarding link');
    }
  }

  return {
    /** The seller's account, or null before step 1. */
    async accountOf(sellerId: string): Promise<PaymentAccountRecord | null> {
      return findAccountOfSeller(db, sellerId);
    },

    /** Creates the seller's Express account once (a retry finds it) and a link to onboard it. */
    async createExpressAccount(seller: { id: string; email: string }, origin?: string): Promise<{ account: PaymentAccountRecord; onboardingUrl: string }> {
      let row = await findAccountOfSeller(db, seller.id);
      if (!row) {
        let account: ConnectAccount;
        try {
          // One account per seller whatever is retried: the key is the seller's.
          account = await connect.createExpressAccount({
            email: seller.email,
            country: 'US',
            idempotencyKey: `connect-account-${seller.id}`,
            metadata: { sellerId: seller.id },
          });
        } catch (error) {
          throw connectFailure(error, 'Failed to create Express account');
        }
        await insertAccountOnce(db, { sellerId: seller.id, provider: connect.name, accountId: account.id, now: clock.now() });
        row = await findAccountOfSeller(db, seller.id);
        if (!row) throw new HttpError(500, 'Failed to create Express account');
      }
      return { account: row, onboardingUrl: await onboardingLink(row.accountId, origin) };
    },

    /** A fresh onboarding link for the seller's own account; the account is pending from then on. */
    async createOnboardingLink(sellerId: string, accountId: string, origin?: string): Promise<{ url: string }> {
      const row = await ownAccount(sellerId, accountId);
      const url = await onboardingLink(accountId, origin);
      if (row.status === 'created') await updateAccount(db, row.id, { status: 'pending', updatedAt: clock.now() });
      return { url };
    },

    /** Reads the account again from the provider and keeps what it says. */
    async refreshAccount(sellerId: string, accountId: string): Promise<{ account: PaymentAccountRecord; provider: ConnectAccount }> {
      const row = await ownAccount(sellerId, accountId);
      let account: ConnectAccount;
      try {
        account = await connect.retrieveAccount(accountId);
      } catch (error) {
        throw connectFailure(error, 'Failed to refresh account status');
      }
      return { account: await syncPaymentAccount(db, row, account, clock.now()), provider: account };
    },

    /** A login link to the provider's Express dashboard, for a complete account only. */
    async dashboardLink(sellerId: string): Promise<{ url: string }> {
      const row = await findAccountOfSeller(db, sellerId);
      if (!row) throw badRequest(PAYOUT_MESSAGES.noAccount);
      if (row.status !== 'complete') throw badRequest(PAYOUT_MESSAGES.notComplete);
      try {
        return { url: (await connect.createLoginLink(row.accountId)).url };
      } catch (error) {
        throw connectFailure(error, 'Failed to generate dashboard link');
      }
    },
  };
}

export type ConnectAccountsService = ReturnType<typeof createConnectAccountsService>;
