import { toast } from '../../../components/toast';
import { updateProfileRequestSchema, type ProfileUser } from '@marketplace/contracts/users';
import { Alert } from '../../../components/alert';
import { Button } from '../../../components/button';
import { TextField } from '../../../components/field';
import { LoadError, LoadingState } from '../../../components/list-states';
import { useGetStoreDetailsQuery, useUpdateStoreDetailsMutation } from '../api';
import { useForm } from '../../../lib/use-form';

/** The profile call's rules for the two fields this form has. */
const storeDetailsSchema = updateProfileRequestSchema.pick({ companyName: true, phone: true });

function StoreDetailsFields({ user }: { user: ProfileUser }) {
  const form = useForm({ initialValues: { companyName: user.companyName ?? '', phone: user.phone ?? '' }, schema: storeDetailsSchema });
  const [updateStore, { isLoading }] = useUpdateStoreDetailsMutation();

  const submit = form.handleSubmit(async ({ companyName, phone }) => {
    const { user: saved } = await updateStore({ companyName, phone: phone || null }).unwrap();
    form.setValues({ companyName: saved.companyName ?? '', phone: saved.phone ?? '' });
    toast.success('Store details saved');
  });

  return (
    <form noValidate onSubmit={(event) => void submit(event)} className="mt-4 space-y-4">
      {form.formError && <Alert tone="error">{form.formError}</Alert>}
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField label="Company name" autoComplete="organization" {...form.field('companyName')} maxLength={200} hint="Shown to buyers on your listings and orders." />
        <TextField label="Store phone (optional)" type="tel" autoComplete="tel" {...form.field('phone')} hint="For the Marketplace team and UPS, if they need to reach you." />
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
