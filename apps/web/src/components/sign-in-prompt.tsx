import { Link, useLocation } from 'react-router';
import { SIGN_IN_REASONS, signInState, type SignInIntent } from '../lib/sign-in-intent';
import { buttonClasses } from './button';
import { Modal } from './modal';

/**
 * Asks a guest to log in or sign up for something only an account can do, says why, and remembers
 * it: both links carry this page and the intent, so after logging in the guest is back here and the
 * page finishes the action (lib/sign-in-intent.ts).
 */
export function SignInPrompt({ intent, onClose }: { intent: SignInIntent; onClose: () => void }) {
  const state = signInState(useLocation(), intent);
  const reason = SIGN_IN_REASONS[intent.kind];
  return (
    <Modal
      title="Log in to continue"
      description={reason.why}
      onClose={onClose}
      footer={
        <>
          <Link to="/signup" state={state} className={buttonClasses({ variant: 'secondary' })}>
            Create an account
          </Link>
          <Link to="/login" state={state} className={buttonClasses()} data-autofocus>
            Log in
          </Link>
        </>
      }
    >
      <p className="text-sm text-slate-600">{reason.after}</p>
    </Modal>
  );
}
