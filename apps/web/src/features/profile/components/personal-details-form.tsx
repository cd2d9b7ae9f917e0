import { toast } from '../../../components/toast';
import { updateProfileRequestSchema, type ProfileUser } from '@marketplace/contracts/users';
import { Alert } from '../../../components/alert';
import { Button } from '../../../components/button';
import { TextField } from '../../../components/field';
import { readSession, saveSession } from '../../../lib/session';
import { useUpdateProfileMutation } from '../api';
import { useForm } from '../../../lib/use-form';

/** Name, phone and (for sellers) company; the email is the login, shown here and changed in its own form. */
export function PersonalDetailsForm({ user }: { user: ProfileUser }) {
  const isSeller = user.role === 'seller';
  const form = useForm({
    initialValues: { firstName: user.firstName, lastName: user.lastName, phone: user.phone ?? '', companyName: user.companyName ?? '' },
    schema: updateProfileRequestSchema,
    // Only sellers have a company.
    toInput: ({ companyName, ...values }) => (isSeller ? { ...values, companyName } : values),
  });
  const [updateProfile, { isLoading }] = useUpdateProfileMutation();

  const submit = form.handleSubmit(async ({ firstName, lastName, phone, companyName }) => {
    const { user: saved } = await updateProfile({ firstName, lastName, phone: phone || null, ...(isSeller ? { companyName } : {}) }).unwrap();
    // The header shows the stored name: keep it in step with the new one.
    const session = readSession();
    if (session)
      saveSession({
        token: session.token,
        user: { id: saved.id, email: saved.email, firstName: saved.firstName, lastName: saved.lastName, role: saved.role, companyName: saved.companyName },
      });
    form.setValues((current) => ({ ...current, phone: saved.phone ?? '' }));
    toast.success('Your details were saved');
  });

  return (
    <section aria-labelledby="details-title" className="rounded-2xl border border-slate-200 bg-white p-4 sm:p-6">
      <h2 id="details-title" className="text-lg font-semibold text-slate-900">
        Personal details
      </h2>
      <form noValidate onSubmit={(event) => void submit(event)} className="mt-4 space-y-4">
        {form.formError && <Alert tone="error">{form.formError}</Alert>}
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField label="First name" autoComplete="given-name" {...form.field('firstName')} />
          <TextField label="Last name" autoComplete="family-name" {...form.field('lastName')} />
          <TextField
            label="Email"
            type="email"
            value={user.email}
            readOnly
            disabled
            hint="Your email is how you log in; to change it, use Change e-mail address below."
          />
          <TextField label="Phone (optional)" type="tel" autoComplete="tel" {...form.field('phone')} />
          {isSeller && <TextField label="Company name" className="sm:col-span-2" autoComplete="organization" {...form.field('companyName')} />}
        </div>
        <Button type="submit" isBusy={isLoading}>
          Save details
        </Button>
      </form>
    </section>
  );
}
