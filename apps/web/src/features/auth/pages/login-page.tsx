import { useRef, useState, type FormEvent } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { Alert } from '../../../components/alert';
import { Button } from '../../../components/button';
import { TextField } from '../../../components/field';
import { pathAfterLogin } from '../../../lib/access';
import { describeApiError } from '../../../lib/api-error';
import { didSessionExpire, saveSession } from '../../../lib/session';
import { useLoginMutation } from '../api';
import { AuthCard } from '../components/auth-card';
import { DemoAccounts } from '../components/demo-accounts';

type LoginField = 'email' | 'password';
type FieldErrors = Partial<Record<LoginField, string>>;

/** What the login guard and the session-expiry check leave in the location state. */
interface LoginLocationState {
  from?: unknown;
}

function findEmptyFields(email: string, password: string): FieldErrors {
  const errors: FieldErrors = {};
  if (!email.trim()) errors.email = 'Enter your email address';
  if (!password) errors.password = 'Enter your password';
  return errors;
}

export function LoginPage() {
  const navigate = useNavigate();
  const location = useLocation();
  const state = (location.state ?? null) as LoginLocationState | null;
  const [login, { isLoading }] = useLoginMutation();

  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>({});
  const [serverError, setServerError] = useState<string | null>(null);
  const [isExpired] = useState(didSessionExpire);
  const emailRef = useRef<HTMLInputElement>(null);
  const passwordRef = useRef<HTMLInputElement>(null);
  const submitRef = useRef<HTMLButtonElement>(null);

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setServerError(null);
    const errors = findEmptyFields(email, password);
    setFieldErrors(errors);
    if (errors.email) return emailRef.current?.focus();
    if (errors.password) return passwordRef.current?.focus();

    try {
      const auth = await login({ email: email.trim(), password }).unwrap();
      const session = saveSession(auth);
      navigate(pathAfterLogin(session.role, state?.from), { replace: true });
    } catch (error) {
      const details = describeApiError(error);
      setServerError(details.message);
      setFieldErrors({ email: details.fieldErrors.email, password: details.fieldErrors.password });
    }
  }

  function fillDemoAccount(demoEmail: string, demoPassword: string) {
    setEmail(demoEmail);
    setPassword(demoPassword);
    setFieldErrors({});
    setServerError(null);
    submitRef.current?.focus();
  }


  return (
    <AuthCard
      title="Log in"
      description="Welcome back. Log in to shop, sell or run the marketplace."
      footer={<DemoAccounts onPick={fillDemoAccount} />}
    >
      <div className="space-y-4">
        {isExpired && !serverError && (
          <Alert tone="info">Your session has expired. Log in again to carry on where you left off.</Alert>
        )}
        {serverError && <Alert tone="error">{serverError}</Alert>}

        <form noValidate onSubmit={handleSubmit} className="space-y-4">
          <TextField
            ref={emailRef}
            label="Email"
            name="email"
            type="email"
            autoComplete="email"
            inputMode="email"
            value={email}
            error={fieldErrors.email}
            onChange={(event) => {
              setEmail(event.target.value);
              setFieldErrors((current) => ({ ...current, email: undefined }));
            }}
          />
          <TextField
            ref={passwordRef}
            label="Password"
            name="password"
            type="password"
            autoComplete="current-password"
            value={password}
            error={fieldErrors.password}
            onChange={(event) => {
              setPassword(event.target.value);
              setFieldErrors((current) => ({ ...current, password: undefined }));
            }}
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
