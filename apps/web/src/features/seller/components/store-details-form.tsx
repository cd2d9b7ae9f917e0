import { toast } from '../../../components/toast';
import { updateProfileRequestSchema, type ProfileUser } from '@marketplace/contracts/users';
import { Alert } from '../../../components/alert';
import { Button } from '../../../components/button';
import { TextField } from '../../../components/field';
import { LoadError, LoadingState } from '../../../components/list-states';
import { useGetStoreDetailsQuery, useUpdateStoreDetailsMutation } from '../api';
import { useForm } from '../../../lib/use-form';

/** The profile call's rules for the fields this form has. */
const storeDetailsSchema = updateProfileRequestSchema.pick({ companyName: true, phone: true, handlingDays: true });

interface StoreDetailsValues {
  companyName: string;
  phone: string;
  /** Typed as text; empty means "not said" (null). */
  handlingDays: string;
}

const valuesOf = (user: ProfileUser): StoreDetailsValues => ({
  companyName: user.companyName ?? '',
  phone: user.phone ?? '',
  handlingDays: user.handlingDays === null ? '' : String(user.handlingDays),
});

function StoreDetailsFields({ user }: { user: ProfileUser }) {
  const form = useForm({
    initialValues: valuesOf(user),
    schema: storeDetailsSchema,
    // "" clears the handling time; anything else is read as a number and checked by the schema (1–30).
    toInput: ({ handlingDays, ...values }) => ({ ...values, handlingDays: handlingDays.trim() === '' ? null : Number(handlingDays.trim()) }),
  });
  const [updateStore, { isLoading }] = useUpdateStoreDetailsMutation();

  const submit = form.handleSubmit(async ({ companyName, phone, handlingDays }) => {
    const { user: saved } = await updateStore({ companyName, phone: phone || null, handlingDays: handlingDays ?? null }).unwrap();
    form.setValues(valuesOf(saved));
    toast.success('Store details saved');
  });

  return (
    <form noValidate onSubmit={(event) => void submit(event)} className="mt-4 space-y-4">
      {form.formError && <Alert tone="error">{form.formError}</Alert>}
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          label="Company name"
          autoComplete="organization"
          {...form.field('companyName')}
          maxLength={200}
          hint="Shown to buyers on your listings and orders."
        />
        <TextField
          label="Store phone (optional)"
          type="tel"
          autoComplete="tel"
          {...form.field('phone')}
          hint="For the Marketplace team and UPS, if they need to reach you."
        />
        <TextField
          label="Handling time (business days)"
          inputMode="numeric"
          {...form.field('handlingDays')}
          maxLength={2}
          hint="How soon an order leaves, 1 to 30 days. Your shop page shows it: “Ships within 2 business days”."
        />
      </div>
      <div className="flex justify-end">
        <Button type="submit" isBusy={isLoading} className="w-full sm:w-auto">
          Save store details
        </Button>
      </div>
    </form>
  );
}

/** Company name, phone and handling time, saved through the profile call (PUT /api/users/me). */
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
