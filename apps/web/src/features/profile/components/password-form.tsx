import { z } from 'zod';
import { toast } from '../../../components/toast';
import { ACCOUNT_ERROR_CODES, PASSWORD_MIN_LENGTH } from '@marketplace/contracts/auth';
import { changePasswordRequestSchema, CURRENT_PASSWORD_INCORRECT_MESSAGE } from '@marketplace/contracts/users';
import { Alert } from '../../../components/alert';
import { Button } from '../../../components/button';
import { TextField } from '../../../components/field';
import { PasswordStrengthMeter } from '../../../components/password-strength-meter';
import { describeApiError } from '../../../lib/api-error';
import { saveSession } from '../../../lib/session';
import { useChangePasswordMutation } from '../api';
import { useForm } from '../../../lib/use-form';

const EMPTY = { currentPassword: '', newPassword: '', confirmPassword: '' };

/** The API's password rules, the form's wording, and the confirmation the API never sees. */
const passwordFormSchema = changePasswordRequestSchema
  .safeExtend({
    currentPassword: z.string().min(1, 'Enter your current password').max(200),
    newPassword: z.string().min(PASSWORD_MIN_LENGTH, `Use at least ${PASSWORD_MIN_LENGTH} characters`).max(200, 'New password must be at most 200 characters'),
    confirmPassword: z.string(),
  })
  .superRefine(
    (value, context) => {
      if (value.confirmPassword !== value.newPassword) context.addIssue({ code: 'custom', path: ['confirmPassword'], message: 'The passwords do not match' });
    },
    // Said together with the other fields' messages, not only once they are right.
    { when: () => true },
  );

export function PasswordForm() {
  const form = useForm({ initialValues: EMPTY, schema: passwordFormSchema });
  const [changePassword, { isLoading }] = useChangePasswordMutation();

  const submit = form.handleSubmit(async ({ currentPassword, newPassword }) => {
    try {
      // Every other session of the account has ended; this browser goes on with the token the answer carries.
      saveSession(await changePassword({ currentPassword, newPassword }).unwrap());
      form.reset(EMPTY);
      toast.success('Your password was changed. Every other device was signed out.');
    } catch (error) {
      const details = describeApiError(error);
      if (details.message === CURRENT_PASSWORD_INCORRECT_MESSAGE) form.showErrors({ currentPassword: details.message });
      // The policy's refusal says what to change; it belongs under the field, as the meter's words do.
      else if (details.code === ACCOUNT_ERROR_CODES.weakPassword) form.showErrors({ newPassword: details.message });
      else form.showServerError(error);
    }
  });

  return (
    <section aria-labelledby="password-title" className="rounded-2xl border border-slate-200 bg-white p-4 sm:p-6">
      <h2 id="password-title" className="text-lg font-semibold text-slate-900">
        Change password
      </h2>
      <p className="mt-1 text-sm text-slate-500">Changing it signs your account out on every other device; this one stays signed in.</p>
      <form noValidate onSubmit={(event) => void submit(event)} className="mt-4 space-y-4">
        {form.formError && <Alert tone="error">{form.formError}</Alert>}
        <TextField label="Current password" type="password" autoComplete="current-password" {...form.field('currentPassword')} />
        <div className="grid gap-4 sm:grid-cols-2">
          <div>
            <TextField
              label="New password"
              type="password"
              autoComplete="new-password"
              hint={`At least ${PASSWORD_MIN_LENGTH} characters.`}
              {...form.field('newPassword')}
            />
            <PasswordStrengthMeter password={form.values.newPassword} />
          </div>
          <TextField label="Confirm new password" type="password" autoComplete="new-password" {...form.field('confirmPassword')} />
        </div>
        <Button type="submit" isBusy={isLoading}>
          Change password
        </Button>
      </form>
    </section>
  );
}
