import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import { ShoppingBag, Store, type LucideIcon } from 'lucide-react';
import { ACCOUNT_ERROR_CODES, PASSWORD_MIN_LENGTH, signupRequestSchema } from '@marketplace/contracts/auth';
import { Alert } from '../../../components/alert';
import { Button } from '../../../components/button';
import { TextField } from '../../../components/field';
import { PasswordStrengthMeter } from '../../../components/password-strength-meter';
import { pathAfterLogin } from '../../../lib/access';
import { describeApiError } from '../../../lib/api-error';
import { saveSession } from '../../../lib/session';
import { readSignInIntent } from '../../../lib/sign-in-intent';
import { useForm } from '../../../lib/use-form';
import { useSignupMutation } from '../api';
import { AuthCard } from '../components/auth-card';
import { SignInReason } from '../components/sign-in-reason';

type SignupRole = 'buyer' | 'seller';

const ROLE_OPTIONS: { value: SignupRole; label: string; description: string; icon: LucideIcon }[] = [
  { value: 'buyer', label: 'Buyer', description: 'Shop from independent sellers', icon: ShoppingBag },
  { value: 'seller', label: 'Seller', description: 'List products and get paid', icon: Store },
];

export function SignupPage() {
  const navigate = useNavigate();
  const location = useLocation();
  const [searchParams] = useSearchParams();
  const [signup, { isLoading }] = useSignupMutation();

  // The same schema the API validates with, so the two always agree on what is acceptable.
  const form = useForm({
    initialValues: {
      // "Sell on Marketplace" links here with ?role=seller.
      role: (searchParams.get('role') === 'seller' ? 'seller' : 'buyer') as SignupRole,
      firstName: '',
      lastName: '',
      email: '',
      password: '',
      companyName: '',
    },
    schema: signupRequestSchema,
    toInput: (values) => ({ ...values, companyName: values.role === 'seller' ? values.companyName : undefined }),
  });
  const { role } = form.values;
  const isSeller = role === 'seller';
  const intent = readSignInIntent(location.state);

  const handleSubmit = form.handleSubmit(async (request) => {
    try {
      const auth = await signup(request).unwrap();
      const session = saveSession(auth);
      const state = location.state as { from?: unknown } | null;
      // The state goes along, so the page returned to can finish what the guest started (lib/sign-in-intent.ts).
      navigate(pathAfterLogin(session.role, state?.from), { replace: true, state });
    } catch (error) {
      const details = describeApiError(error);
      // Another shop reads like this one (docs/product/shops.md): the company name must change, not the email.
      if (details.code === ACCOUNT_ERROR_CODES.shopNameTaken) {
        form.showErrors({ companyName: details.message });
        return;
      }
      if (details.status === 409) {
        form.showErrors({ email: details.message });
        return;
      }
      if (details.code === ACCOUNT_ERROR_CODES.weakPassword) {
        form.showErrors({ password: details.message });
        return;
      }
      form.showServerError(error);
      if (Object.keys(details.fieldErrors).length > 0) form.setFormError('Please correct the highlighted fields.');
    }
  });

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
      <form noValidate onSubmit={(event) => void handleSubmit(event)} className="space-y-5">
        {form.formError ? <Alert tone="error">{form.formError}</Alert> : intent && <SignInReason intent={intent} />}

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
                    form.setValue('role', value);
                    form.clearErrors('companyName');
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
          {form.errors.role && <p className="mt-1.5 text-sm font-medium text-red-700">{form.errors.role}</p>}
        </fieldset>

        <div className="grid gap-4 sm:grid-cols-2">
          <TextField label="First name" autoComplete="given-name" {...form.field('firstName')} />
          <TextField label="Last name" autoComplete="family-name" {...form.field('lastName')} />
        </div>

        {isSeller && (
          <TextField
            label="Company name"
            autoComplete="organization"
            required
            hint="Buyers see this on your products and orders."
            {...form.field('companyName')}
          />
        )}

        <TextField label="Email" type="email" inputMode="email" autoComplete="email" {...form.field('email')} />
        <TextField
          label="Password"
          type="password"
          autoComplete="new-password"
          minLength={PASSWORD_MIN_LENGTH}
          hint={`At least ${PASSWORD_MIN_LENGTH} characters. A short phrase is easy to remember and hard to guess.`}
          {...form.field('password')}
        />
        <PasswordStrengthMeter password={form.values.password} />

        <Button type="submit" size="lg" className="w-full" isBusy={isLoading}>
          Create account
        </Button>
      </form>
    </AuthCard>
  );
}
