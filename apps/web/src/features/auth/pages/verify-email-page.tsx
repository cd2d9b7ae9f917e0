import { useEffect, useRef } from 'react';
import { Link, useParams } from 'react-router';
import { Alert } from '../../../components/alert';
import { buttonClasses } from '../../../components/button';
import { Spinner } from '../../../components/spinner';
import { pathAfterLogin } from '../../../lib/access';
import { describeApiError } from '../../../lib/api-error';
import { useSession } from '../../../lib/use-session';
import { useVerifyEmailMutation } from '../api';
import { AuthCard } from '../components/auth-card';

/**
 * Opens the link from a verification e-mail (docs/product/accounts.md): sign-up's, or the one sent to a
 * new address. Works signed in or not; the link's token is the credential.
 */
export function VerifyEmailPage() {
  const { token = '' } = useParams();
  const session = useSession();
  const [verify, { data, error, isUninitialized, isLoading }] = useVerifyEmailMutation();
  // Once per token, also when React runs effects twice in development.
  const verifiedToken = useRef<string | null>(null);

  useEffect(() => {
    if (verifiedToken.current === token) return;
    verifiedToken.current = token;
    void verify({ token });
  }, [token, verify]);

  const next = session ? { to: pathAfterLogin(session.role, undefined), label: 'Continue to Marketplace' } : { to: '/login', label: 'Log in' };

  if (isUninitialized || isLoading) {
    return (
      <AuthCard title="Verifying your e-mail address" description="One moment…">
        <div className="flex justify-center py-4">
          <Spinner />
        </div>
      </AuthCard>
    );
  }

  if (data) {
    return (
      <AuthCard title="E-mail address verified" description="Thank you for confirming your address.">
        <div className="space-y-4">
          <Alert tone="success">
            <strong>{data.email}</strong> is verified. Sellers can now put their listings live.
          </Alert>
          <Link to={next.to} className={buttonClasses({ size: 'lg', className: 'w-full' })}>
            {next.label}
          </Link>
        </div>
      </AuthCard>
    );
  }

  const details = describeApiError(error);
  return (
    <AuthCard title="We could not verify this link" description="Verification links work once, for 48 hours.">
      <div className="space-y-4">
        <Alert tone="error">{details.message}</Alert>
        <p className="text-sm text-slate-600">
          {session ? 'Ask for a new link from the banner at the top of the shop.' : 'Log in and ask for a new link from the banner at the top of the shop.'}
        </p>
        <Link to={next.to} className={buttonClasses({ variant: 'secondary', size: 'lg', className: 'w-full' })}>
          {next.label}
        </Link>
      </div>
    </AuthCard>
  );
}
