import { useState } from 'react';
import { ACCOUNT_ERROR_CODES, changeEmailRequestSchema } from '@marketplace/contracts/auth';
import { CURRENT_PASSWORD_INCORRECT_MESSAGE } from '@marketplace/contracts/users';
import { Alert } from '../../../components/alert';
import { Button } from '../../../components/button';
import { TextField } from '../../../components/field';
import { describeApiError } from '../../../lib/api-error';
import { useForm } from '../../../lib/use-form';
import { useRequestEmailChangeMutation } from '../api';

const EMPTY = { email: '', currentPassword: '' };

export const SAME_EMAIL_MESSAGE = 'This is already your e-mail address';
export const EMAIL_TAKEN_MESSAGE = 'Another account already uses this e-mail address';
const SERVER_FAILED_MESSAGE = 'We could not send the link just now. Please try again in a few minutes.';

/** The API's rules, plus the one the form can tell at once: the new address is not the current one. */
function changeEmailFormSchema(currentEmail: string) {
  return changeEmailRequestSchema.superRefine(
    (value, context) => {
      if (value.email === currentEmail.trim().toLowerCase()) context.addIssue({ code: 'custom', path: ['email'], message: SAME_EMAIL_MESSAGE });
    },
    { when: () => true },
  );
}

/** "in 42 minutes", from the refusal's `retryAfterSeconds`. */
function waitText(retryAfterSeconds: unknown): string {
  if (typeof retryAfterSeconds !== 'number' || !(retryAfterSeconds > 0)) return 'later';
  const minutes = Math.ceil(retryAfterSeconds / 60);
  return `in ${minutes} ${minutes === 1 ? 'minute' : 'minutes'}`;
}

/**
 * A new sign-in address (docs/product/accounts.md): the current password proves it is the owner. A link
 * goes to the new address and the old one is told; nothing changes until the link is opened.
 */
export function ChangeEmailForm({ currentEmail }: { currentEmail: string }) {
  const form = useForm({ initialValues: EMPTY, schema: changeEmailFormSchema(currentEmail) });
  const [requestEmailChange, { isLoading }] = useRequestEmailChangeMutation();
  const [pendingEmail, setPendingEmail] = useState<string | null>(null);

  const submit = form.handleSubmit(async (body) => {
    setPendingEmail(null);
    try {
      const answer = await requestEmailChange(body).unwrap();
      form.reset(EMPTY);
      setPendingEmail(answer.pendingEmail);
    } catch (error) {
      const details = describeApiError(error);
      const fieldErrors = Object.fromEntries(Object.entries(details.fieldErrors).filter(([field]) => field in EMPTY));
      if (details.code === ACCOUNT_ERROR_CODES.currentPasswordIncorrect) form.showErrors({ currentPassword: CURRENT_PASSWORD_INCORRECT_MESSAGE });
      else if (details.code === ACCOUNT_ERROR_CODES.emailTaken) form.showErrors({ email: EMAIL_TAKEN_MESSAGE });
      else if (details.code === ACCOUNT_ERROR_CODES.rateLimited)
        form.setFormError(`Too many e-mails were sent for your account. Try again ${waitText(details.body.retryAfterSeconds)}.`);
      else if (details.isNetworkError || details.status === null || details.status >= 500)
        form.setFormError(details.isNetworkError ? details.message : SERVER_FAILED_MESSAGE);
      else if (Object.keys(fieldErrors).length > 0) form.showErrors(fieldErrors);
      else form.setFormError(details.message);
    }
  });

  return (
    <section aria-labelledby="change-email-title" className="rounded-2xl border border-slate-200 bg-white p-4 sm:p-6">
      <h2 id="change-email-title" className="text-lg font-semibold text-slate-900">
        Change e-mail address
      </h2>
      <p className="mt-1 text-sm text-slate-600">
        You sign in with <span className="font-medium text-slate-900">{currentEmail}</span>. We send a link to the new address; it takes over when you open the
        link.
      </p>
      <form noValidate onSubmit={(event) => void submit(event)} className="mt-4 space-y-4">
        {pendingEmail && (
          <Alert tone="success" title="Check your new inbox">
            We sent a link to <span className="font-medium">{pendingEmail}</span>; your address changes when you open it. Until then you sign in with{' '}
            {currentEmail}, and we let that address know too.
          </Alert>
        )}
        {form.formError && <Alert tone="error">{form.formError}</Alert>}
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField label="New e-mail address" type="email" autoComplete="email" inputMode="email" {...form.field('email')} />
          <TextField label="Current password" type="password" autoComplete="current-password" {...form.field('currentPassword')} />
        </div>
        <Button type="submit" isBusy={isLoading}>
          Send confirmation link
        </Button>
      </form>
    </section>
  );
}
