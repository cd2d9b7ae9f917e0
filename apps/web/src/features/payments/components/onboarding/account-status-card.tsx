import { LayoutDashboard, RefreshCw } from 'lucide-react';
import type { PaymentAccountStatus } from '@marketplace/contracts/payouts';
import { Button } from '../../../../components/button';
import { StatusBadge } from '../../../../components/status-badge';

// docs/product/payouts.md: none → created → pending → complete.
const STATUS_HINT: Record<PaymentAccountStatus, string> = {
  none: 'No Stripe account yet.',
  created: 'Account created; onboarding not started.',
  pending: 'Stripe is waiting for your details or still checking them.',
  complete: 'Payouts are enabled.',
};

interface AccountStatusCardProps {
  accountId: string | null;
  status: PaymentAccountStatus;
  /** What the provider still needs, in its words (from the last refresh). */
  requirements: string[];
  isRefreshing: boolean;
  isOpeningDashboard: boolean;
  onRefresh: () => void;
  onOpenDashboard: () => void;
}

export function AccountStatusCard({ accountId, status, requirements, isRefreshing, isOpeningDashboard, onRefresh, onOpenDashboard }: AccountStatusCardProps) {
  return (
    <section aria-labelledby="account-status-title" className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5">
      <h2 id="account-status-title" className="font-semibold text-slate-900">
        Account Status
      </h2>
      <dl className="mt-3 grid gap-3 text-sm">
        <div>
          <dt className="text-slate-500">Status</dt>
          <dd className="mt-1 flex flex-wrap items-center gap-2">
            <StatusBadge kind="paymentAccount" status={status} />
            <span className="text-slate-600">{STATUS_HINT[status]}</span>
          </dd>
        </div>
        <div>
          <dt className="text-slate-500">Account ID</dt>
          <dd className="mt-1 font-mono text-sm break-all text-slate-900">{accountId ?? '—'}</dd>
        </div>
      </dl>
      {requirements.length > 0 && status !== 'complete' && (
        <div className="mt-3 rounded-lg bg-amber-50 p-3 text-sm text-amber-900">
          <p className="font-medium">Stripe still needs:</p>
          <ul className="mt-1 list-disc pl-5">
            {requirements.map((requirement) => (
              <li key={requirement}>{requirement}</li>
            ))}
          </ul>
        </div>
      )}
      <div className="mt-4 flex flex-col gap-2 sm:flex-row sm:flex-wrap">
        {/* The label itself changes (docs/product/payouts.md), so it is not passed as busyLabel with a spinner only. */}
        <Button variant="secondary" onClick={onRefresh} disabled={isRefreshing} aria-busy={isRefreshing || undefined}>
          <RefreshCw className={`size-4 ${isRefreshing ? 'animate-spin' : ''}`} aria-hidden />
          {isRefreshing ? 'Refreshing...' : 'Refresh Status'}
        </Button>
        {status === 'complete' && (
          <Button onClick={onOpenDashboard} isBusy={isOpeningDashboard}>
            <LayoutDashboard className="size-4" aria-hidden />
            Open Stripe Dashboard
          </Button>
        )}
      </div>
    </section>
  );
}
