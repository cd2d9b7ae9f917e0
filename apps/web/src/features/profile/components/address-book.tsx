import { useState } from 'react';
import { z } from 'zod';
import { MapPin, Plus } from 'lucide-react';
import { toast } from '../../../components/toast';
import { createAddressRequestSchema, type Address } from '@marketplace/contracts/users';
import { Alert } from '../../../components/alert';
import { Button } from '../../../components/button';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { TextField } from '../../../components/field';
import { EmptyState, LoadError, LoadingState } from '../../../components/list-states';
import { Modal } from '../../../components/modal';
import { describeApiError } from '../../../lib/api-error';
import { useForm } from '../../../lib/use-form';
import { useCreateAddressMutation, useDeleteAddressMutation, useListAddressesQuery, useUpdateAddressMutation } from '../api';

type Field = 'name' | 'line1' | 'line2' | 'city' | 'state' | 'postal_code' | 'country' | 'phone';
type Values = Record<Field, string> & { makeDefault: boolean };

const LABELS: Record<Field, string> = {
  name: 'Full name',
  line1: 'Address line 1',
  line2: 'Address line 2 (optional)',
  city: 'City',
  state: 'State',
  postal_code: 'ZIP code',
  country: 'Country',
  phone: 'Phone (optional)',
};
const EMPTY: Values = { name: '', line1: '', line2: '', city: '', state: '', postal_code: '', country: 'US', phone: '', makeDefault: false };

/** The API's address rules, with the form's label in the name's message. */
const addressFormSchema = createAddressRequestSchema.extend({
  name: z.string().trim().min(1, `${LABELS.name} is required`).max(200, 'Name must be at most 200 characters'),
});

function valuesOf(address: Address): Values {
  return { ...address, line2: address.line2 ?? '', phone: address.phone ?? '', makeDefault: false };
}

function AddressForm({ address, onClose }: { address: Address | null; onClose: () => void }) {
  const form = useForm({
    initialValues: address ? valuesOf(address) : EMPTY,
    schema: addressFormSchema,
    toInput: ({ makeDefault, ...fields }: Values) => ({
      ...fields,
      line2: fields.line2.trim() || null,
      phone: fields.phone.trim() || null,
      ...(makeDefault ? { isDefault: true } : {}),
    }),
  });
  const [createAddress, creating] = useCreateAddressMutation();
  const [updateAddress, updating] = useUpdateAddressMutation();
  const formId = 'address-form';

  const submit = form.handleSubmit(async (body) => {
    if (address) await updateAddress({ id: address.id, body }).unwrap();
    else await createAddress(body).unwrap();
    toast.success(address ? 'Address updated' : 'Address added');
    onClose();
  });

  const field = (key: Field, props: Partial<Parameters<typeof TextField>[0]> = {}) => <TextField label={LABELS[key]} {...form.field(key)} {...props} />;

  return (
    <Modal
      title={address ? 'Edit address' : 'Add an address'}
      onClose={onClose}
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" form={formId} isBusy={creating.isLoading || updating.isLoading}>
            {address ? 'Save address' : 'Add address'}
          </Button>
        </>
      }
    >
      <form id={formId} noValidate onSubmit={(event) => void submit(event)} className="max-h-[60dvh] space-y-3 overflow-y-auto px-0.5">
        {form.formError && <Alert tone="error">{form.formError}</Alert>}
        {field('name', { autoComplete: 'name' })}
        {field('line1', { autoComplete: 'address-line1' })}
        {field('line2', { autoComplete: 'address-line2' })}
        <div className="grid grid-cols-2 gap-3">
          {field('city', { autoComplete: 'address-level2' })}
          {field('state', { autoComplete: 'address-level1', placeholder: 'CA' })}
          {field('postal_code', { autoComplete: 'postal-code', inputMode: 'numeric' })}
          {field('country', { autoComplete: 'country' })}
        </div>
        {field('phone', { type: 'tel', autoComplete: 'tel' })}
        {!address?.isDefault && (
          <label className="flex items-center gap-2 text-sm text-slate-700">
            <input
              type="checkbox"
              className="size-4 accent-brand-700"
              checked={form.values.makeDefault}
              onChange={(event) => form.setValue('makeDefault', event.target.checked)}
            />
            Use as my default address
          </label>
        )}
      </form>
    </Modal>
  );
}

/** The buyer's saved delivery addresses: add, edit, delete, choose the default. */
export function AddressBook() {
  const addresses = useListAddressesQuery();
  const [editing, setEditing] = useState<Address | 'new' | null>(null);
  const [deleting, setDeleting] = useState<Address | null>(null);
  const [deleteAddress, { isLoading: isDeleting }] = useDeleteAddressMutation();
  const [updateAddress] = useUpdateAddressMutation();

  async function setDefault(address: Address) {
    try {
      await updateAddress({ id: address.id, body: { isDefault: true } }).unwrap();
      toast.success(`${address.name}’s address is now your default`);
    } catch (error) {
      toast.error(describeApiError(error).message);
    }
  }

  async function confirmDelete() {
    if (!deleting) return;
    try {
      await deleteAddress(deleting.id).unwrap();
      toast.success('Address deleted');
    } catch (error) {
      toast.error(describeApiError(error).message);
    }
    setDeleting(null);
  }

  const list = addresses.data ?? [];

  return (
    <section aria-labelledby="addresses-title" className="rounded-2xl border border-slate-200 bg-white p-4 sm:p-6">
      <div className="flex items-center justify-between gap-3">
        <h2 id="addresses-title" className="text-lg font-semibold text-slate-900">
          Address book
        </h2>
        <Button size="sm" variant="secondary" onClick={() => setEditing('new')}>
          <Plus className="size-4" aria-hidden />
          Add address
        </Button>
      </div>
      <div className="mt-4">
        {addresses.isLoading ? (
          <LoadingState label="Loading your addresses…" />
        ) : addresses.isError ? (
          <LoadError
            title="Your addresses could not be loaded"
            error={addresses.error}
            onRetry={() => void addresses.refetch()}
            isRetrying={addresses.isFetching}
          />
        ) : list.length === 0 ? (
          <EmptyState title="No saved addresses">Add one and checkout fills it in for you.</EmptyState>
        ) : (
          <ul className="grid gap-3 sm:grid-cols-2">
            {list.map((address) => (
              <li key={address.id} className={`rounded-xl border p-4 text-sm ${address.isDefault ? 'border-brand-300 bg-brand-50/50' : 'border-slate-200'}`}>
                <div className="flex items-start gap-2">
                  <MapPin className="mt-0.5 size-4 shrink-0 text-slate-400" aria-hidden />
                  <div className="min-w-0 flex-1">
                    <p className="font-medium text-slate-900">
                      {address.name}
                      {address.isDefault && <span className="ml-2 rounded bg-brand-100 px-1.5 py-0.5 text-xs font-medium text-brand-800">Default</span>}
                    </p>
                    <address className="mt-1 text-slate-600 not-italic">
                      {address.line1}
                      {address.line2 && <>, {address.line2}</>}
                      <br />
                      {address.city}, {address.state} {address.postal_code}, {address.country}
                      {address.phone && (
                        <>
                          <br />
                          {address.phone}
                        </>
                      )}
                    </address>
                  </div>
                </div>
                <div className="mt-3 flex flex-wrap gap-2">
                  <Button size="sm" variant="ghost" onClick={() => setEditing(address)}>
                    Edit<span className="sr-only"> address of {address.name}</span>
                  </Button>
                  {!address.isDefault && (
                    <Button size="sm" variant="ghost" onClick={() => void setDefault(address)}>
                      Set as default<span className="sr-only"> ({address.line1})</span>
                    </Button>
                  )}
                  <Button size="sm" variant="ghost" className="text-red-700 hover:bg-red-50" onClick={() => setDeleting(address)}>
                    Delete<span className="sr-only"> address of {address.name}</span>
                  </Button>
                </div>
              </li>
            ))}
          </ul>
        )}
      </div>
      {editing && <AddressForm address={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />}
      <ConfirmDialog
        isOpen={deleting !== null}
        title="Delete this address?"
        confirmLabel="Delete address"
        confirmVariant="danger"
        isBusy={isDeleting}
        onConfirm={() => void confirmDelete()}
        onCancel={() => setDeleting(null)}
      >
        {deleting ? `${deleting.name}, ${deleting.line1}, ${deleting.city} will be removed from your address book.` : ''}
      </ConfirmDialog>
    </section>
  );
}
