import { ShieldCheck } from 'lucide-react';
import { Button } from '../../../components/button';
import { Modal } from '../../../components/modal';
import { formatDollars } from '../../../lib/format';

/**
 * The sandbox's stand-in for the bank's 3-D Secure page (Stripe shows a test page with the same two
 * choices for its test cards). Closing it abandons the step, which fails it, as with a real bank.
 */
export function SandboxAuthenticationDialog({ amount, onAnswer }: { amount: number; onAnswer: (outcome: 'complete' | 'fail') => void }) {
  return (
    <Modal
      title="Confirm your payment"
      description={`Your bank asks you to confirm the payment of ${formatDollars(amount)}.`}
      onClose={() => onAnswer('fail')}
      footer={
        <>
          <Button variant="secondary" onClick={() => onAnswer('fail')}>
            Fail authentication
          </Button>
          <Button onClick={() => onAnswer('complete')} data-autofocus>
            Complete authentication
          </Button>
        </>
      }
    >
      <div className="flex gap-3 text-sm text-slate-600">
        <ShieldCheck className="size-5 shrink-0 text-slate-500" aria-hidden />
        <p>This is the sandbox’s test authentication (3-D Secure). No real bank is asked: choose how the check ends.</p>
      </div>
    </Modal>
  );
}
