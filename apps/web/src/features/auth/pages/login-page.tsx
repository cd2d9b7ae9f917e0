import { useEffect, useRef, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { z } from 'zod';
import { loginRequestSchema } from '@marketplace/contracts/auth';
import { Alert } from '../../../components/alert';
import { Button } from '../../../components/button';
import { TextField } from '../../../components/field';
import { areaOfPath, pathAfterLogin } from '../../../lib/access';
import { acknowledgeSessionExpiry, didSessionExpire, saveSession } from '../../../lib/session';
import { readSignInIntent } from '../../../lib/sign-in-intent';
import { useForm } from '../../../lib/use-form';
import { useLoginMutation } from '../api';
import { AuthCard } from '../components/auth-card';
import { DemoAccounts } from '../components/demo-accounts';
import { SignInReason } from '../components/sign-in-reason';

/** The API's login rules, with the form's words for an empty field. */
const loginFormSchema = loginRequestSchema.extend({
  email: z.string().trim().min(1, 'Enter your email address').pipe(loginRequestSchema.shape.email),
  password: z.string().min(1, 'Enter your password').pipe(loginRequestSchema.shape.password),
});

/** What the login guard, the session-expiry check and a "log in to …" prompt leave in the location state. */
interface LoginLocationState {
  from?: unknown;
  /** What a guest was doing (lib/sign-in-intent.ts); passed on with the state to the page they return to. */
  intent?: unknown;
  /** Set by the reset-password page after a new password was set. */
  passwordReset?: boolean;
}

export function LoginPage() {
  const navigate = useNavigate();
  const location = useLocation();
  const state = (location.state ?? null) as LoginLocationState | null;
  const [login, { isLoading }] = useLoginMutation();
  const form = useForm({ initialValues: { email: '', password: '' }, schema: loginFormSchema });
  const [isExpired] = useState(didSessionExpire);
  // Told: the person may leave for the catalogue as a guest now.
  useEffect(() => acknowledgeSessionExpiry(), []);
  const intent = readSignInIntent(state);
  // Sent here by the login guard from a page behind login (not by the header's "Log in").
  const isForPage = typeof state?.from === 'string' && areaOfPath(state.from) !== null;
  const submitRef = useRef<HTMLButtonElement>(null);

  const handleSubmit = form.handleSubmit(async (credentials) => {
    const auth = await login(credentials).unwrap();
    const session = saveSession(auth);
    // The state goes along, so the page returned to can finish what the guest started.
    navigate(pathAfterLogin(session.role, state?.from), { replace: true, state: location.state });
  });

  function fillDemoAccount(demoEmail: string, demoPassword: string) {
    form.reset({ email: demoEmail, password: demoPassword });
    submitRef.current?.focus();
  }

  return (
    <AuthCard title="Log in" description="Welcome back. Log in to shop, sell or run the marketplace." footer={<DemoAccounts onPick={fillDemoAccount} />}>
      <div className="space-y-4">
        {state?.passwordReset && !form.formError && (
          <Alert tone="success">Your password was changed and every device was signed out. Log in with your new password.</Alert>
        )}
        {isExpired && !state?.passwordReset && !form.formError && (
          <Alert tone="info">Your session has expired. Log in again to carry on where you left off.</Alert>
        )}
        {!isExpired &&
          !form.formError &&
          (intent ? <SignInReason intent={intent} /> : isForPage && <Alert tone="info">Log in to open that page. You’ll go straight there afterwards.</Alert>)}
        {form.formError && <Alert tone="error">{form.formError}</Alert>}

        <form noValidate onSubmit={(event) => void handleSubmit(event)} className="space-y-4">
          <TextField label="Email" type="email" autoComplete="email" inputMode="email" {...form.field('email')} />
          <TextField
            label="Password"
            type="password"
            autoComplete="current-password"
            labelAside={
              <Link to="/forgot-password" className="text-sm font-medium text-brand-700 underline-offset-2 hover:underline">
                Forgot your password?
              </Link>
            }
            {...form.field('password')}
          />
          <Button ref={submitRef} type="submit" size="lg" className="w-full" isBusy={isLoading}>
            Log in
          </Button>
        </form>

        <p className="text-center text-sm text-slate-600">
          New to Marketplace?{' '}
          <Link to="/signup" state={state} className="font-medium text-brand-700 underline-offset-2 hover:underline">
            Create an account
          </Link>
        </p>
      </div>
    </AuthCard>
  );
}
