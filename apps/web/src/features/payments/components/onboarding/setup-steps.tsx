import type { ReactNode } from 'react';
import { Check, ExternalLink, Lock, UserPlus } from 'lucide-react';
import type { PaymentAccountStatus } from '@marketplace/contracts/payouts';
import { Button } from '../../../../components/button';
import { STEP_2_LOCKED, STEP_3_READY, STEP_3_WAITING } from './messages';

export type StepState = 'done' | 'current' | 'locked';

const STATE_LABEL: Record<StepState, string> = { done: 'Done', current: 'Current step', locked: 'Locked' };

const STATE_STYLES: Record<StepState, { card: string; marker: string; label: string }> = {
  done: { card: 'border-emerald-200 bg-emerald-50/40', marker: 'bg-emerald-600 text-white', label: 'bg-emerald-100 text-emerald-800' },
  current: { card: 'border-brand-300 bg-white ring-2 ring-brand-100', marker: 'bg-brand-700 text-white', label: 'bg-brand-100 text-brand-800' },
  locked: { card: 'border-slate-200 bg-slate-50', marker: 'bg-slate-200 text-slate-500', label: 'bg-slate-200 text-slate-600' },
};

interface StepProps {
  number: number;
  title: string;
  state: StepState;
  children: ReactNode;
}

function Step({ number, title, state, children }: StepProps) {
  const styles = STATE_STYLES[state];
  return (
    <li className={`flex gap-4 rounded-xl border p-4 sm:p-5 ${styles.card}`} aria-current={state === 'current' ? 'step' : undefined} data-state={state}>
      <span className={`grid size-9 shrink-0 place-items-center rounded-full text-sm font-semibold ${styles.marker}`} aria-hidden>
        {state === 'done' ? <Check className="size-5" /> : state === 'locked' ? <Lock className="size-4" /> : number}
      </span>
      <div className="min-w-0 flex-1">
        <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
          <h2 className="font-semibold text-slate-900">
            <span className="sr-only">Step {number}: </span>
            {title}
          </h2>
          <span className={`rounded-md px-2 py-0.5 text-xs font-medium ${styles.label}`}>{STATE_LABEL[state]}</span>
        </div>
        <div className="mt-2 text-sm text-slate-600">{children}</div>
      </div>
    </li>
  );
}

interface SetupStepsProps {
  accountId: string | null;
  status: PaymentAccountStatus;
  isCreating: boolean;
  isLinking: boolean;
  onCreateAccount: () => void;
  onCompleteOnboarding: () => void;
}

/** docs/product/payouts.md: create the account, complete onboarding at the provider, then ready for payouts. */
export function SetupSteps({ accountId, status, isCreating, isLinking, onCreateAccount, onCompleteOnboarding }: SetupStepsProps) {
  const hasAccount = accountId !== null;
  const isComplete = status === 'complete';
  const step2: StepState = !hasAccount ? 'locked' : isComplete ? 'done' : 'current';
  const step3: StepState = isComplete ? 'done' : 'locked';

  return (
    <ol className="grid gap-3" aria-label="Setup steps">
      <Step number={1} title="Create Express Account" state={hasAccount ? 'done' : 'current'}>
        {hasAccount ? (
          <p>Your Stripe Express account is created.</p>
        ) : (
          <>
            <p>Create a Stripe Express account so we can send your earnings to your bank.</p>
            <Button className="mt-3 w-full sm:w-auto" onClick={onCreateAccount} isBusy={isCreating}>
              <UserPlus className="size-4" aria-hidden />
              Create Express Account
            </Button>
          </>
        )}
      </Step>

      <Step number={2} title="Complete Onboarding" state={step2}>
        {!hasAccount ? (
          <p className="flex items-center gap-1.5 font-medium text-slate-500">{STEP_2_LOCKED}</p>
        ) : isComplete ? (
          <p>Onboarding is complete.</p>
        ) : (
          <>
            <p>Give Stripe your business and bank details. You will come back here when you are done.</p>
            <Button className="mt-3 w-full sm:w-auto" onClick={onCompleteOnboarding} isBusy={isLinking}>
              <ExternalLink className="size-4" aria-hidden />
              Complete Onboarding
            </Button>
          </>
        )}
      </Step>

      <Step number={3} title="Ready for Payouts" state={step3}>
        <p className={isComplete ? 'font-medium text-emerald-800' : undefined}>{isComplete ? STEP_3_READY : STEP_3_WAITING}</p>
      </Step>
    </ol>
  );
}
