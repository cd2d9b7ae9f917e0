import type { FormEvent } from 'react';
import { toast } from '../../../components/toast';
import type { ProfileUser } from '@marketplace/contracts/users';
import { Alert } from '../../../components/alert';
import { Button } from '../../../components/button';
import { TextField } from '../../../components/field';
import { describeApiError } from '../../../lib/api-error';
import { readSession, saveSession } from '../../../lib/session';
import { useUpdateProfileMutation } from '../api';
import { useFormFields } from '../../../lib/use-form-fields';

type Field = 'firstName' | 'lastName' | 'phone' | 'companyName';

/** Name, phone and (for sellers) company; the email is the login and is shown, not edited. */
export function PersonalDetailsForm({ user }: { user: ProfileUser }) {
  const isSeller = user.role === 'seller';
  const { values, setValues, errors, setErrors, serverError, setServerError, change } = useFormFields<Field>({
    firstName: user.firstName,
    lastName: user.lastName,
    phone: user.phone ?? '',
    companyName: user.companyName ?? '',
  });
  const [updateProfile, { isLoading }] = useUpdateProfileMutation();

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setServerError(null);
    const found: Partial<Record<Field, string>> = {};
    if (!values.firstName.trim()) found.firstName = 'First name is required';
    if (!values.lastName.trim()) found.lastName = 'Last name is required';
    if (isSeller && !values.companyName.trim()) found.companyName = 'Company name is required for sellers';
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    try {
      const { user: saved } = await updateProfile({
        firstName: values.firstName.trim(),
        lastName: values.lastName.trim(),
        phone: values.phone.trim() || null,
        ...(isSeller ? { companyName: values.companyName.trim() } : {}),
      }).unwrap();
      // The header shows the stored name: keep it in step with the new one.
      const session = readSession();
      if (session) saveSession({ token: session.token, user: { id: saved.id, email: saved.email, firstName: saved.firstName, lastName: saved.lastName, role: saved.role, companyName: saved.companyName } });
      setValues((current) => ({ ...current, phone: saved.phone ?? '' }));
      toast.success('Your details were saved');
    } catch (error) {
      const details = describeApiError(error);
      setServerError(details.message);
      setErrors(details.fieldErrors as Partial<Record<Field, string>>);
    }
  }

  return (
    <section aria-labelledby="details-title" className="rounded-2xl border border-slate-200 bg-white p-4 sm:p-6">
      <h2 id="details-title" className="text-lg font-semibold text-slate-900">
        Personal details
      </h2>
      <form noValidate onSubmit={submit} className="mt-4 space-y-4">
        {serverError && <Alert tone="error">{serverError}</Alert>}
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField label="First name" autoComplete="given-name" value={values.firstName} error={errors.firstName} onChange={(event) => change('firstName', event.target.value)} />
          <TextField label="Last name" autoComplete="family-name" value={values.lastName} error={errors.lastName} onChange={(event) => change('lastName', event.target.value)} />
          <TextField label="Email" type="email" value={user.email} readOnly disabled hint="Your email is how you log in; it cannot be changed here." />
          <TextField label="Phone (optional)" type="tel" autoComplete="tel" value={values.phone} error={errors.phone} onChange={(event) => change('phone', event.target.value)} />
          {isSeller && (
            <TextField
              label="Company name"
              className="sm:col-span-2"
              autoComplete="organization"
              value={values.companyName}
              error={errors.companyName}
              onChange={(event) => change('companyName', event.target.value)}
            />
          )}
        </div>
        <Button type="submit" isBusy={isLoading}>
          Save details
        </Button>
      </form>
    </section>
  );
}
