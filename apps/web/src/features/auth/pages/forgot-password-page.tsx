import { useState } from 'react';
import { Link } from 'react-router';
import { z } from 'zod';
import { forgotPasswordRequestSchema } from '@marketplace/contracts/auth';
import { Alert } from '../../../components/alert';
import { Button } from '../../../components/button';
import { TextField } from '../../../components/field';
import { useForm } from '../../../lib/use-form';
import { useForgotPasswordMutation } from '../api';
import { AuthCard } from '../components/auth-card';

/** The API's rule, with the form's words for an empty field. */
const forgotFormSchema = z.object({
  email: z.string().trim().min(1, 'Enter your email address').pipe(forgotPasswordRequestSchema.shape.email),
});

const LINK = 'font-medium text-brand-700 underline-offset-2 hover:underline';

/**
 * Asks for a reset link (docs/product/accounts.md). The answer is the same whether the address has an
 * account or not, so the page says "if", never "we found you".
 */
export function ForgotPasswordPage() {
  const [requestReset, { isLoading }] = useForgotPasswordMutation();
  const form = useForm({ initialValues: { email: '' }, schema: forgotFormSchema });
  const [sentTo, setSentTo] = useState<string | null>(null);

  const handleSubmit = form.handleSubmit(async ({ email }) => {
    await requestReset({ email }).unwrap();
    setSentTo(email);
  });

  if (sentTo) {
    return (
      <AuthCard title="Check your e-mail" description="A reset link is on its way if the address has an account.">
        <div className="space-y-4">
          <Alert tone="success">
            If <strong>{sentTo}</strong> belongs to a Marketplace account, we sent it a link to choose a new password. The link works once, for one hour.
          </Alert>
          <p className="text-sm text-slate-600">Nothing arrived after a few minutes? Look in your spam folder, or try again.</p>
          <div className="flex flex-wrap justify-between gap-3 text-sm">
            <button type="button" className={LINK} onClick={() => setSentTo(null)}>
              Try another address
            </button>
            <Link to="/login" className={LINK}>
              Back to log in
            </Link>
          </div>
        </div>
      </AuthCard>
    );
  }

  return (
    <AuthCard title="Forgot your password?" description="Enter the e-mail address you sign in with and we will send you a link to choose a new password.">
      <div className="space-y-4">
        {form.formError && <Alert tone="error">{form.formError}</Alert>}
        <form noValidate onSubmit={(event) => void handleSubmit(event)} className="space-y-4">
          <TextField label="Email" type="email" autoComplete="email" inputMode="email" {...form.field('email')} />
          <Button type="submit" size="lg" className="w-full" isBusy={isLoading}>
            Send reset link
          </Button>
        </form>
        <p className="text-center text-sm text-slate-600">
          Remembered it?{' '}
          <Link to="/login" className={LINK}>
            Log in
          </Link>
        </p>
      </div>
    </AuthCard>
  );
}
