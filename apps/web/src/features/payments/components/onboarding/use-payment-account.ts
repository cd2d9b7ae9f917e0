import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { toast } from '../../../../components/toast';
import type { PaymentAccountStatus } from '@marketplace/contracts/payouts';
import {
  useCheckAccountQuery,
  useCreateDashboardLinkMutation,
  useCreateExpressAccountMutation,
  useCreateOnboardingLinkMutation,
  useRefreshAccountStatusMutation,
} from '../../connect-api';
import {
  CREATE_ACCOUNT_FAILED,
  CREATE_ACCOUNT_SUCCESS,
  DASHBOARD_LINK_FAILED,
  ONBOARDING_LINK_FAILED,
  REFRESH_FAILED,
  REFRESH_SUCCESS,
  connectErrorMessage,
} from './messages';

interface AccountView {
  accountId: string | null;
  status: PaymentAccountStatus;
}

/**
 * The seller's payment account and what the setup page can do with it (docs/product/payouts.md, api.md).
 * Stripe sends the seller back with `?onboarding=return` (re-read the status) or, when the link
 * expired, `?onboarding=refresh` (make a fresh link and go straight back).
 */
export function usePaymentAccount() {
  const check = useCheckAccountQuery();
  const [createAccount, { isLoading: isCreating }] = useCreateExpressAccountMutation();
  const [createOnboardingLink, { isLoading: isLinking }] = useCreateOnboardingLinkMutation();
  const [refreshAccountStatus] = useRefreshAccountStatusMutation();
  const [createDashboardLink, { isLoading: isOpeningDashboard }] = useCreateDashboardLinkMutation();

  // What later calls learned overrides the page-load answer until the next check-account read.
  const [latest, setLatest] = useState<AccountView | null>(null);
  const [requirements, setRequirements] = useState<string[]>([]);
  const [isRefreshing, setIsRefreshing] = useState(false);
  const [isReturning, setIsReturning] = useState(false);
  // The browser is leaving for Stripe: keep the overlay up until it does.
  const [isLeaving, setIsLeaving] = useState(false);

  const account: AccountView = latest ?? { accountId: check.data?.accountId ?? null, status: check.data?.status ?? 'none' };

  async function handleCreateAccount() {
    try {
      const created = await createAccount().unwrap();
      setLatest({ accountId: created.accountId, status: created.status });
      toast.success(CREATE_ACCOUNT_SUCCESS);
    } catch (error) {
      toast.error(connectErrorMessage(error, CREATE_ACCOUNT_FAILED));
    }
  }

  async function goToOnboarding(accountId: string | null) {
    // docs/product/validation.md: no account id, no onboarding link.
    if (!accountId) return;
    try {
      const { url } = await createOnboardingLink(accountId).unwrap();
      setIsLeaving(true);
      window.location.assign(url);
    } catch (error) {
      toast.error(connectErrorMessage(error, ONBOARDING_LINK_FAILED));
    }
  }

  /** Re-reads the provider; `quiet` skips the success toast (the automatic read after returning). */
  async function refreshStatus(accountId: string | null, { quiet = false } = {}): Promise<void> {
    try {
      if (accountId) {
        const answer = await refreshAccountStatus(accountId).unwrap();
        setLatest({ accountId: answer.accountId, status: answer.status });
        setRequirements(answer.requirements);
      } else {
        // Nothing to ask the provider about yet: re-read our own record instead.
        await check.refetch().unwrap();
        setLatest(null);
      }
      if (!quiet) toast.success(REFRESH_SUCCESS);
    } catch {
      toast.error(REFRESH_FAILED);
    }
  }

  async function handleRefresh() {
    setIsRefreshing(true);
    await refreshStatus(account.accountId);
    setIsRefreshing(false);
  }

  async function handleOpenDashboard() {
    try {
      const { loginUrl } = await createDashboardLink().unwrap();
      window.open(loginUrl, '_blank', 'noopener');
    } catch (error) {
      toast.error(connectErrorMessage(error, DASHBOARD_LINK_FAILED));
    }
  }

  const [searchParams, setSearchParams] = useSearchParams();
  const onboardingParam = searchParams.get('onboarding');
  const hasHandledReturn = useRef(false);
  const loadedAccountId = check.data?.accountId ?? null;
  const isLoaded = check.data !== undefined;

  useEffect(() => {
    if (!isLoaded || hasHandledReturn.current) return;
    if (onboardingParam !== 'return' && onboardingParam !== 'refresh') return;
    hasHandledReturn.current = true;
    // Drop the marker so a reload does not repeat it.
    setSearchParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete('onboarding');
        return next;
      },
      { replace: true },
    );
    if (onboardingParam === 'refresh') {
      void goToOnboarding(loadedAccountId);
      return;
    }
    if (!loadedAccountId) return;
    setIsReturning(true);
    void refreshStatus(loadedAccountId, { quiet: true }).finally(() => setIsReturning(false));
    // Runs once, when the first check-account answer arrives.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [isLoaded]);

  return {
    account,
    requirements,
    /** Whether the account is known: until then the overlay covers the page and no step or status is guessed. */
    isLoaded: Boolean(check.data) || latest !== null,
    loadError: check.error && !check.data ? check.error : null,
    isRetryingLoad: check.isFetching,
    retryLoad: () => void check.refetch(),
    isOverlayShown: check.isLoading || isCreating || isLinking || isReturning || isLeaving || isOpeningDashboard,
    isCreating,
    isLinking,
    isRefreshing,
    isOpeningDashboard,
    createAccount: () => void handleCreateAccount(),
    completeOnboarding: () => void goToOnboarding(account.accountId),
    refresh: () => void handleRefresh(),
    openDashboard: () => void handleOpenDashboard(),
  };
}
