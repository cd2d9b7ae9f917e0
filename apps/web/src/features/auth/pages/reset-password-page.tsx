import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { z } from 'zod';
import { ACCOUNT_ERROR_CODES, PASSWORD_MIN_LENGTH, resetPasswordRequestSchema } from '@marketplace/contracts/auth';
import { Alert } from '../../../components/alert';
import { Button } from '../../../components/button';
import { TextField } from '../../../components/field';
import { PasswordStrengthMeter } from '../../../components/password-strength-meter';
import { describeApiError } from '../../../lib/api-error';
import { useForm } from '../../../lib/use-form';
import { useResetPasswordMutation } from '../api';
import { AuthCard } from '../components/auth-card';

/** The API's password rules, and the two typings must match. */
const resetFormSchema = z
  .object({
    password: resetPasswordRequestSchema.shape.password,
    confirmPassword: z.string().min(1, 'Type the new password again'),
  })
  .refine((values) => values.password === values.confirmPassword, { path: ['confirmPassword'], message: 'The two passwords differ' });

const DEAD_LINK_CODES: ReadonlySet<string> = new Set([
  ACCOUNT_ERROR_CODES.resetTokenInvalid,
  ACCOUNT_ERROR_CODES.resetTokenExpired,
  ACCOUNT_ERROR_CODES.resetTokenUsed,
]);

const LINK = 'font-medium text-brand-700 underline-offset-2 hover:underline';

/** What the login page shows after a reset (it reads `passwordReset` from the location state). */
export interface PasswordResetLocationState {
  passwordReset: true;
}

/**
 * Chooses a new password with the link from the e-mail (docs/product/accounts.md). A reset signs the
 * account out everywhere, so the page sends the user to log in with the new password.
 */
export function ResetPasswordPage() {
  const { token = '' } = useParams();
  const navigate = useNavigate();
  const [resetPassword, { isLoading }] = useResetPasswordMutation();
  const form = useForm({ initialValues: { password: '', confirmPassword: '' }, schema: resetFormSchema });
  const [deadLink, setDeadLink] = useState<string | null>(null);

  const handleSubmit = form.handleSubmit(async ({ password }) => {
    try {
      await resetPassword({ token, password }).unwrap();
      const state: PasswordResetLocationState = { passwordReset: true };
      navigate('/login', { replace: true, state });
    } catch (error) {
      const details = describeApiError(error);
      // A link that cannot work any more: no form to retry, only a way to get a new link.
      if (details.code && DEAD_LINK_CODES.has(details.code)) setDeadLink(details.message);
      else if (details.code === ACCOUNT_ERROR_CODES.weakPassword) form.showErrors({ password: details.message });
      else throw error;
    }
  });

  if (deadLink) {
    return (
      <AuthCard title="This link cannot be used" description="Reset links work once, for one hour.">
        <div className="space-y-4">
          <Alert tone="error">{deadLink}</Alert>
          <div className="flex flex-wrap justify-between gap-3 text-sm">
            <Link to="/forgot-password" className={LINK}>
              Send me a new link
            </Link>
            <Link to="/login" className={LINK}>
              Back to log in
            </Link>
          </div>
        </div>
      </AuthCard>
    );
  }

  return (
    <AuthCard title="Choose a new password" description="Setting a new password signs your account out on every device.">
      <div className="space-y-4">
        {form.formError && <Alert tone="error">{form.formError}</Alert>}
        <form noValidate onSubmit={(event) => void handleSubmit(event)} className="space-y-4">
          <TextField
            label="New password"
            type="password"
            autoComplete="new-password"
            hint={`At least ${PASSWORD_MIN_LENGTH} characters`}
            {...form.field('password')}
          />
          <PasswordStrengthMeter password={form.values.password} />
          <TextField label="Confirm new password" type="password" autoComplete="new-password" {...form.field('confirmPassword')} />
          <Button type="submit" size="lg" className="w-full" isBusy={isLoading}>
            Set new password
          </Button>
        </form>
      </div>
    </AuthCard>
  );
}
