import { Alert } from '../../../components/alert';
import { SIGN_IN_REASONS, type SignInIntent } from '../../../lib/sign-in-intent';

/** On the login and signup pages: why the guest was asked to log in, and what happens after. */
export function SignInReason({ intent }: { intent: SignInIntent }) {
  const reason = SIGN_IN_REASONS[intent.kind];
  return (
    <Alert tone="info" title={reason.why}>
      {reason.after}
    </Alert>
  );
}
