import { useState } from 'react';
import { Alert } from '../../../components/alert';
import { Button } from '../../../components/button';
import { describeApiError } from '../../../lib/api-error';
import { isSellerRole } from '../../../lib/session';
import { useGetCurrentUserQuery, useResendVerificationMutation } from '../api';

/**
 * Shown above every signed-in page while the account's address is unverified, or while a new address
 * waits for its link (docs/product/accounts.md). Buyers may shop meanwhile; sellers' listings cannot go
 * live until they verify, which the banner says to them.
 */
export function VerifyEmailBanner({ className = '' }: { className?: string }) {
  const { data } = useGetCurrentUserQuery();
  const [resend, { isLoading }] = useResendVerificationMutation();
  const [result, setResult] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);
  const user = data?.user;
  if (!user || (user.emailVerified && !user.pendingEmail)) return null;

  const address = user.pendingEmail ?? user.email;
  async function sendAgain() {
    setResult(null);
    try {
      await resend().unwrap();
      setResult({ tone: 'success', text: `We sent a new link to ${address}.` });
    } catch (error) {
      setResult({ tone: 'error', text: describeApiError(error).message });
    }
  }

  const message = user.pendingEmail
    ? `Confirm your new address: open the link we sent to ${user.pendingEmail}. Until then you sign in with ${user.email}.`
    : isSellerRole(user.role)
      ? `Verify your e-mail address to put listings live: open the link we sent to ${user.email}.`
      : `Please verify your e-mail address: open the link we sent to ${user.email}.`;

  return (
    <Alert
      tone="warning"
      title={user.pendingEmail ? 'New e-mail address waiting' : 'Verify your e-mail address'}
      className={className}
      action={
        <div className="flex flex-wrap items-center gap-3">
          <Button variant="secondary" size="sm" isBusy={isLoading} onClick={() => void sendAgain()}>
            Resend link
          </Button>
          {result && (
            <span role={result.tone === 'error' ? 'alert' : 'status'} className={result.tone === 'error' ? 'text-red-700' : 'text-emerald-800'}>
              {result.text}
            </span>
          )}
        </div>
      }
    >
      {message}
    </Alert>
  );
}
