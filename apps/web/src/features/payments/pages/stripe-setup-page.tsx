import { LoadError } from '../../../components/list-states';
import { PageHeader } from '../../../components/page-header';
import { AccountStatusCard } from '../components/onboarding/account-status-card';
import { LoadingOverlay } from '../components/onboarding/loading-overlay';
import { SetupSteps } from '../components/onboarding/setup-steps';
import { usePaymentAccount } from '../components/onboarding/use-payment-account';

/** /seller/onboarding: the seller's Stripe Express account, from creation to payouts (docs/product/payouts.md). */
export function StripeSetupPage() {
  const setup = usePaymentAccount();
  const { account } = setup;

  return (
    <div className="space-y-6">
      <PageHeader title="Stripe Setup" description="Connect a Stripe Express account so Marketplace can pay out your sales." />

      {setup.loadError ? (
        <LoadError title="Your payment account could not be loaded" error={setup.loadError} onRetry={setup.retryLoad} isRetrying={setup.isRetryingLoad} />
      ) : setup.isLoaded ? (
        <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_22rem] lg:items-start">
          <SetupSteps
            accountId={account.accountId}
            status={account.status}
            isCreating={setup.isCreating}
            isLinking={setup.isLinking}
            onCreateAccount={setup.createAccount}
            onCompleteOnboarding={setup.completeOnboarding}
          />
          <AccountStatusCard
            accountId={account.accountId}
            status={account.status}
            requirements={setup.requirements}
            isRefreshing={setup.isRefreshing}
            isOpeningDashboard={setup.isOpeningDashboard}
            onRefresh={setup.refresh}
            onOpenDashboard={setup.openDashboard}
          />
        </div>
      ) : null}

      {setup.isOverlayShown && <LoadingOverlay />}
    </div>
  );
}
