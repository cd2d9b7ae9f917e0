import type { Address } from '@marketplace/contracts/users';
import { TextField } from '../../../components/field';
import type { Form } from '../../../lib/use-form';
import { ADDRESS_LABELS, type AddressField, type CheckoutFormOutput, type CheckoutFormValues } from '../checkout-form-schema';

/** The radio value of "A new address" among the saved ones. */
export const NEW_ADDRESS = 'new';

function oneLine(address: Address): string {
  return [address.line1, address.line2, `${address.city}, ${address.state} ${address.postal_code}`].filter(Boolean).join(', ');
}

interface AddressFieldsetProps {
  addresses: Address[];
  /** The chosen saved address's id, or NEW_ADDRESS. */
  choice: string;
  onChoose: (choice: string) => void;
  form: Form<CheckoutFormValues, CheckoutFormOutput>;
}

/** Where the order goes: a saved address to pick (filling the fields in), or a new one typed in. */
export function AddressFieldset({ addresses, choice, onChoose, form }: AddressFieldsetProps) {
  const addressField = (key: AddressField, props: Partial<Parameters<typeof TextField>[0]> = {}) => (
    <TextField label={ADDRESS_LABELS[key]} data-field={key} {...form.field(key)} {...props} />
  );

  return (
    <section aria-labelledby="shipping-title" className="space-y-4 rounded-2xl border border-slate-200 bg-white p-4 sm:p-5">
      <h2 id="shipping-title" className="text-lg font-semibold text-slate-900">
        Shipping address
      </h2>
      {addresses.length > 0 && (
        <fieldset className="space-y-2">
          <legend className="mb-2 text-sm font-medium text-slate-800">Ship to</legend>
          {addresses.map((saved) => (
            <label
              key={saved.id}
              className={`flex cursor-pointer items-start gap-3 rounded-lg border p-3 text-sm ${choice === saved.id ? 'border-brand-600 bg-brand-50' : 'border-slate-200'}`}
            >
              <input type="radio" name="saved-address" className="mt-0.5 accent-brand-700" checked={choice === saved.id} onChange={() => onChoose(saved.id)} />
              <span>
                <span className="font-medium text-slate-900">{saved.name}</span>
                {saved.isDefault && <span className="ml-2 rounded bg-slate-100 px-1.5 py-0.5 text-xs text-slate-600">Default</span>}
                <span className="block text-slate-600">{oneLine(saved)}</span>
              </span>
            </label>
          ))}
          <label
            className={`flex cursor-pointer items-center gap-3 rounded-lg border p-3 text-sm ${choice === NEW_ADDRESS ? 'border-brand-600 bg-brand-50' : 'border-slate-200'}`}
          >
            <input type="radio" name="saved-address" className="accent-brand-700" checked={choice === NEW_ADDRESS} onChange={() => onChoose(NEW_ADDRESS)} />
            <span className="font-medium text-slate-900">A new address</span>
          </label>
        </fieldset>
      )}
      <div className="grid gap-4 sm:grid-cols-2">
        {addressField('name', { autoComplete: 'shipping name', className: 'sm:col-span-2' })}
        {addressField('line1', { autoComplete: 'shipping address-line1', className: 'sm:col-span-2' })}
        {addressField('line2', { autoComplete: 'shipping address-line2', className: 'sm:col-span-2' })}
        {addressField('city', { autoComplete: 'shipping address-level2' })}
        {addressField('state', { autoComplete: 'shipping address-level1', placeholder: 'CA' })}
        {addressField('postal_code', { autoComplete: 'shipping postal-code', inputMode: 'numeric' })}
        {addressField('country', { autoComplete: 'shipping country', hint: 'We ship within the United States.' })}
      </div>
    </section>
  );
}
