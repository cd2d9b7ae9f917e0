import type { FormEvent } from 'react';
import { toast } from '../../../components/toast';
import type { ProfileUser } from '@marketplace/contracts/users';
import { Alert } from '../../../components/alert';
import { Button } from '../../../components/button';
import { TextField } from '../../../components/field';
import { LoadError, LoadingState } from '../../../components/list-states';
import { describeApiError } from '../../../lib/api-error';
import { useGetStoreDetailsQuery, useUpdateStoreDetailsMutation } from '../api';
import { useFormFields } from '../../../lib/use-form-fields';

type Field = 'companyName' | 'phone';

function StoreDetailsFields({ user }: { user: ProfileUser }) {
  const { values, setValues, errors, setErrors, serverError, setServerError, change } = useFormFields<Field>({ companyName: user.companyName ?? '', phone: user.phone ?? '' });
  const [updateStore, { isLoading }] = useUpdateStoreDetailsMutation();

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setServerError(null);
    if (!values.companyName.trim()) {
      setErrors({ companyName: 'Company name is required for sellers' });
      return;
    }
    try {
      const { user: saved } = await updateStore({ companyName: values.companyName.trim(), phone: values.phone.trim() || null }).unwrap();
      setValues({ companyName: saved.companyName ?? '', phone: saved.phone ?? '' });
      toast.success('Store details saved');
    } catch (error) {
      const details = describeApiError(error);
      setServerError(details.message);
      setErrors(details.fieldErrors as Partial<Record<Field, string>>);
    }
  }

  return (
    <form noValidate onSubmit={submit} className="mt-4 space-y-4">
      {serverError && <Alert tone="error">{serverError}</Alert>}
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField label="Company name" autoComplete="organization" value={values.companyName} error={errors.companyName} maxLength={200} onChange={(event) => change('companyName', event.target.value)} hint="Shown to buyers on your listings and orders." />
        <TextField label="Store phone (optional)" type="tel" autoComplete="tel" value={values.phone} error={errors.phone} onChange={(event) => change('phone', event.target.value)} hint="For the Marketplace team and UPS, if they need to reach you." />
      </div>
      <div className="flex justify-end">
        <Button type="submit" isBusy={isLoading} className="w-full sm:w-auto">
          Save store details
        </Button>
      </div>
    </form>
  );
}

/** Company name and phone, saved through the profile call (PUT /api/users/me). */
export function StoreDetailsForm() {
  const store = useGetStoreDetailsQuery();
  return (
    <section aria-labelledby="store-title" className="rounded-2xl border border-slate-200 bg-white p-4 sm:p-6">
      <h2 id="store-title" className="text-lg font-semibold text-slate-900">
        Store details
      </h2>
      {store.isLoading ? (
        <div className="mt-4">
          <LoadingState label="Loading your store details…" />
        </div>
      ) : store.isError || !store.data ? (
        <div className="mt-4">
          <LoadError title="Your store details could not be loaded" error={store.error} onRetry={() => void store.refetch()} isRetrying={store.isFetching} />
        </div>
      ) : (
        <StoreDetailsFields key={store.data.user.id} user={store.data.user} />
      )}
    </section>
  );
}
