import type { FormEvent } from 'react';
import { toast } from '../../../components/toast';
import { PASSWORD_MIN_LENGTH } from '@marketplace/contracts/auth';
import { Alert } from '../../../components/alert';
import { Button } from '../../../components/button';
import { TextField } from '../../../components/field';
import { describeApiError } from '../../../lib/api-error';
import { useChangePasswordMutation } from '../api';
import { useFormFields } from '../../../lib/use-form-fields';

type Field = 'currentPassword' | 'newPassword' | 'confirmPassword';
const EMPTY: Record<Field, string> = { currentPassword: '', newPassword: '', confirmPassword: '' };

export function PasswordForm() {
  const { values, setValues, errors, setErrors, serverError, setServerError, change } = useFormFields<Field>(EMPTY);
  const [changePassword, { isLoading }] = useChangePasswordMutation();


  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setServerError(null);
    const found: Partial<Record<Field, string>> = {};
    if (!values.currentPassword) found.currentPassword = 'Enter your current password';
    if (values.newPassword.length < PASSWORD_MIN_LENGTH) found.newPassword = `Use at least ${PASSWORD_MIN_LENGTH} characters`;
    else if (values.newPassword === values.currentPassword) found.newPassword = 'New password must be different from the current one';
    if (values.confirmPassword !== values.newPassword) found.confirmPassword = 'The passwords do not match';
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    try {
      await changePassword({ currentPassword: values.currentPassword, newPassword: values.newPassword }).unwrap();
      setValues(EMPTY);
      toast.success('Your password was changed');
    } catch (error) {
      const details = describeApiError(error);
      if (details.message === 'Current password is incorrect') setErrors({ currentPassword: details.message });
      else {
        setServerError(details.message);
        setErrors(details.fieldErrors as Partial<Record<Field, string>>);
      }
    }
  }

  return (
    <section aria-labelledby="password-title" className="rounded-2xl border border-slate-200 bg-white p-4 sm:p-6">
      <h2 id="password-title" className="text-lg font-semibold text-slate-900">
        Change password
      </h2>
      <form noValidate onSubmit={submit} className="mt-4 space-y-4">
        {serverError && <Alert tone="error">{serverError}</Alert>}
        <TextField label="Current password" type="password" autoComplete="current-password" value={values.currentPassword} error={errors.currentPassword} onChange={(event) => change('currentPassword', event.target.value)} />
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            label="New password"
            type="password"
            autoComplete="new-password"
            hint={`At least ${PASSWORD_MIN_LENGTH} characters.`}
            value={values.newPassword}
            error={errors.newPassword}
            onChange={(event) => change('newPassword', event.target.value)}
          />
          <TextField label="Confirm new password" type="password" autoComplete="new-password" value={values.confirmPassword} error={errors.confirmPassword} onChange={(event) => change('confirmPassword', event.target.value)} />
        </div>
        <Button type="submit" isBusy={isLoading}>
          Change password
        </Button>
      </form>
    </section>
  );
}
