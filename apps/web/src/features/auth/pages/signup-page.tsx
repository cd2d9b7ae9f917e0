import { useState, type FormEvent } from 'react';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import { ShoppingBag, Store, type LucideIcon } from 'lucide-react';
import { PASSWORD_MIN_LENGTH, signupRequestSchema } from '@marketplace/contracts/auth';
import { Alert } from '../../../components/alert';
import { Button } from '../../../components/button';
import { TextField } from '../../../components/field';
import { pathAfterLogin } from '../../../lib/access';
import { describeApiError } from '../../../lib/api-error';
import { saveSession } from '../../../lib/session';
import { useSignupMutation } from '../api';
import { AuthCard } from '../components/auth-card';

type SignupRole = 'buyer' | 'seller';
type SignupField = 'firstName' | 'lastName' | 'email' | 'password' | 'companyName';
type FieldErrors = Partial<Record<SignupField | 'role', string>>;

const ROLE_OPTIONS: { value: SignupRole; label: string; description: string; icon: LucideIcon }[] = [
  { value: 'buyer', label: 'Buyer', description: 'Shop from independent sellers', icon: ShoppingBag },
  { value: 'seller', label: 'Seller', description: 'List products and get paid', icon: Store },
];

const FIELD_ORDER: SignupField[] = ['firstName', 'lastName', 'email', 'password', 'companyName'];

export function SignupPage() {
  const navigate = useNavigate();
  const location = useLocation();
  const [searchParams] = useSearchParams();
  const [signup, { isLoading }] = useSignupMutation();

  // "Sell on Marketplace" links here with ?role=seller.
  const [role, setRole] = useState<SignupRole>(searchParams.get('role') === 'seller' ? 'seller' : 'buyer');
  const [values, setValues] = useState<Record<SignupField, string>>({
    firstName: '',
    lastName: '',
    email: '',
    password: '',
    companyName: '',
  });
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>({});
  const [serverError, setServerError] = useState<string | null>(null);

  const isSeller = role === 'seller';

  function update(field: SignupField, value: string) {
    setValues((current) => ({ ...current, [field]: value }));
    setFieldErrors((current) => ({ ...current, [field]: undefined }));
  }

  function focusFirstError(errors: FieldErrors) {
    const first = FIELD_ORDER.find((field) => errors[field]);
    if (first) document.querySelector<HTMLInputElement>(`form[data-signup] [name="${first}"]`)?.focus();
  }

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setServerError(null);

    // The same schema the API validates with, so the two always agree on what is acceptable.
    const parsed = signupRequestSchema.safeParse({
      ...values,
      role,
      companyName: isSeller ? values.companyName : undefined,
    });
    if (!parsed.success) {
      const errors: FieldErrors = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[0] as SignupField | 'role' | undefined;
        if (field && !errors[field]) errors[field] = issue.message;
      }
      setFieldErrors(errors);
      focusFirstError(errors);
      return;
    }

    setFieldErrors({});
    try {
      const auth = await signup(parsed.data).unwrap();
      const session = saveSession(auth);
      const state = location.state as { from?: unknown } | null;
      navigate(pathAfterLogin(session.role, state?.from), { replace: true });
    } catch (error) {
      const details = describeApiError(error);
      if (details.status === 409) {
        setFieldErrors({ email: details.message });
        focusFirstError({ email: details.message });
        return;
      }
      const serverFieldErrors = details.fieldErrors as FieldErrors;
      const hasFieldErrors = Object.keys(serverFieldErrors).length > 0;
      setFieldErrors(serverFieldErrors);
      focusFirstError(serverFieldErrors);
      setServerError(hasFieldErrors ? 'Please correct the highlighted fields.' : details.message);
    }
  }

  return (
    <AuthCard
      wide
      title="Create your account"
      description="Join Marketplace to shop from independent sellers, or to open your own store."
      footer={
        <p className="text-center text-sm text-slate-600">
          Already have an account?{' '}
          <Link to="/login" state={location.state} className="font-medium text-brand-700 underline-offset-2 hover:underline">
            Log in
          </Link>
        </p>
      }
    >
      <form noValidate onSubmit={handleSubmit} data-signup className="space-y-5">
        {serverError && <Alert tone="error">{serverError}</Alert>}

        <fieldset>
          <legend className="mb-1.5 text-sm font-medium text-slate-800">I want to join as</legend>
          <div className="grid grid-cols-2 gap-2 rounded-xl bg-slate-100 p-1">
            {ROLE_OPTIONS.map(({ value, label, description, icon: Icon }) => (
              <label
                key={value}
                className={
                  'flex cursor-pointer items-start gap-2.5 rounded-lg px-3 py-2.5 transition-colors ' +
                  'has-focus-visible:outline-2 has-focus-visible:outline-offset-2 has-focus-visible:outline-brand-600 ' +
                  (role === value ? 'bg-white shadow-sm ring-1 ring-brand-600' : 'text-slate-600 hover:bg-white/60')
                }
              >
                <input
                  type="radio"
                  name="role"
                  value={value}
                  checked={role === value}
                  onChange={() => {
                    setRole(value);
                    setFieldErrors((current) => ({ ...current, companyName: undefined, role: undefined }));
                  }}
                  className="sr-only"
                  aria-labelledby={`signup-role-${value}`}
                  aria-describedby={`signup-role-${value}-description`}
                />
                <Icon className={`mt-0.5 size-4 shrink-0 ${role === value ? 'text-brand-700' : 'text-slate-500'}`} aria-hidden />
                <span className="min-w-0">
                  <span id={`signup-role-${value}`} className="block text-sm font-semibold text-slate-900">
                    {label}
                  </span>
                  <span id={`signup-role-${value}-description`} className="block text-xs text-slate-600">
                    {description}
                  </span>
                </span>
              </label>
            ))}
          </div>
          {fieldErrors.role && <p className="mt-1.5 text-sm font-medium text-red-700">{fieldErrors.role}</p>}
        </fieldset>

        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            label="First name"
            name="firstName"
            autoComplete="given-name"
            value={values.firstName}
            error={fieldErrors.firstName}
            onChange={(event) => update('firstName', event.target.value)}
          />
          <TextField
            label="Last name"
            name="lastName"
            autoComplete="family-name"
            value={values.lastName}
            error={fieldErrors.lastName}
            onChange={(event) => update('lastName', event.target.value)}
          />
        </div>

        {isSeller && (
          <TextField
            label="Company name"
            name="companyName"
            autoComplete="organization"
            required
            hint="Buyers see this on your products and orders."
            value={values.companyName}
            error={fieldErrors.companyName}
            onChange={(event) => update('companyName', event.target.value)}
          />
        )}

        <TextField
          label="Email"
          name="email"
          type="email"
          inputMode="email"
          autoComplete="email"
          value={values.email}
          error={fieldErrors.email}
          onChange={(event) => update('email', event.target.value)}
        />
        <TextField
          label="Password"
          name="password"
          type="password"
          autoComplete="new-password"
          minLength={PASSWORD_MIN_LENGTH}
          hint={`At least ${PASSWORD_MIN_LENGTH} characters. A short phrase is easy to remember and hard to guess.`}
          value={values.password}
          error={fieldErrors.password}
          onChange={(event) => update('password', event.target.value)}
        />

        <Button type="submit" size="lg" className="w-full" isBusy={isLoading}>
          Create account
        </Button>
      </form>
    </AuthCard>
  );
}
