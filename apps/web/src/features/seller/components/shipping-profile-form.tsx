import { useEffect, useId, useRef, type ReactNode } from 'react';
import { Link } from 'react-router';
import { shippingProfileRequestSchema, type ShippingProfile, type ShippingProfileRequest } from '@marketplace/contracts/delivery';
import type { Address } from '@marketplace/contracts/users';
import { parseDollars } from '@marketplace/domain/money';
import { SHIPPING_PROFILE_LIMITS } from '@marketplace/domain/shipping-profiles';
import { Alert } from '../../../components/alert';
import { Button } from '../../../components/button';
import { TextField } from '../../../components/field';
import { toast } from '../../../components/toast';
import { useForm, type FormSchema } from '../../../lib/use-form';
import { useCreateShippingProfileMutation, useUpdateShippingProfileMutation } from '../shipping-profiles-api';

// The add/edit form of a shipping profile (the Shipping profiles section of /seller/settings, shipping-profiles.tsx):
// name, handling time, how it charges, where it ships from and the box, checked by the API's own schema.

type RateType = ShippingProfile['rate']['type'];

interface ProfileValues {
  name: string;
  handlingMin: string;
  handlingMax: string;
  rateType: RateType;
  first: string;
  additional: string;
  freeFrom: string;
  handlingFee: string;
  shipFrom: 'default' | 'other';
  fromName: string;
  fromLine1: string;
  fromLine2: string;
  fromCity: string;
  fromState: string;
  fromPostalCode: string;
  boxLength: string;
  boxWidth: string;
  boxHeight: string;
  isDefault: boolean;
}

const RATE_CHOICES: ReadonlyArray<{ type: RateType; label: string; explanation: string }> = [
  { type: 'flat', label: 'Flat rate', explanation: 'A set price for the first item in an order, and one for each item after it.' },
  { type: 'free', label: 'Free shipping', explanation: 'You pay the postage. Optionally only from an order size: below it, buyers pay the UPS rate.' },
  {
    type: 'calculated',
    label: 'Calculated by UPS',
    explanation: 'Buyers pay the UPS Ground rate for the parcel’s weight and box to their ZIP code, plus your handling fee if you set one.',
  },
];

/** The form field each of the API's issue paths (and the schema's) belongs to. */
const FIELD_OF_PATH: Readonly<Record<string, keyof ProfileValues>> = {
  name: 'name',
  handlingDays: 'handlingMin',
  'handlingDays.min': 'handlingMin',
  'handlingDays.max': 'handlingMax',
  rate: 'rateType',
  'rate.type': 'rateType',
  'rate.first': 'first',
  'rate.additional': 'additional',
  'rate.minimumItemsTotal': 'freeFrom',
  'rate.handlingFee': 'handlingFee',
  shipFrom: 'shipFrom',
  'shipFrom.name': 'fromName',
  'shipFrom.line1': 'fromLine1',
  'shipFrom.line2': 'fromLine2',
  'shipFrom.city': 'fromCity',
  'shipFrom.state': 'fromState',
  'shipFrom.postal_code': 'fromPostalCode',
  box: 'boxLength',
  'box.length': 'boxLength',
  'box.width': 'boxWidth',
  'box.height': 'boxHeight',
  isDefault: 'isDefault',
};

const moneyText = (dollars: number) => dollars.toFixed(2);

function valuesOf(profile: ShippingProfile | null): ProfileValues {
  const rate = profile?.rate;
  const from = profile?.shipFrom;
  return {
    name: profile?.name ?? '',
    handlingMin: String(profile?.handlingDays.min ?? 1),
    handlingMax: String(profile?.handlingDays.max ?? 3),
    rateType: rate?.type ?? 'flat',
    first: rate?.type === 'flat' ? moneyText(rate.first) : '',
    additional: rate?.type === 'flat' ? moneyText(rate.additional) : '',
    freeFrom: rate?.type === 'free' && rate.minimumItemsTotal !== null ? moneyText(rate.minimumItemsTotal) : '',
    handlingFee: rate?.type === 'calculated' && rate.handlingFee > 0 ? moneyText(rate.handlingFee) : '',
    shipFrom: from ? 'other' : 'default',
    fromName: from?.name ?? '',
    fromLine1: from?.line1 ?? '',
    fromLine2: from?.line2 ?? '',
    fromCity: from?.city ?? '',
    fromState: from?.state ?? '',
    fromPostalCode: from?.postal_code ?? '',
    boxLength: profile?.box ? String(profile.box.length) : '',
    boxWidth: profile?.box ? String(profile.box.width) : '',
    boxHeight: profile?.box ? String(profile.box.height) : '',
    isDefault: false,
  };
}

/** The body that leaves a saved profile as it is (for "Make default"). */
export function requestOf(profile: ShippingProfile): ShippingProfileRequest {
  return { name: profile.name, handlingDays: profile.handlingDays, rate: profile.rate, shipFrom: profile.shipFrom, box: profile.box };
}

type Issue = { path: string[]; message: string };

/**
 * What the form's text makes of a request, and the issues of text that is no number at all. Numbers that
 * are wrong (a third decimal, 31 days) are left to the contract's schema, so the form says what the API would.
 */
interface Draft {
  request: Record<string, unknown>;
  issues: Issue[];
}

/** A count typed into a field (days, inches): NaN for text that is none (the contract's "must be a number"), null when empty. */
function countOf(text: string): number | null {
  const trimmed = text.trim();
  return trimmed === '' ? null : Number(trimmed);
}

/** An amount typed into a field ("4.50", "$4.50"), the same way: NaN for text that is none, null when empty. */
function dollarsOf(text: string): number | null {
  const cents = parseDollars(text.trim());
  return cents !== null ? cents / 100 : countOf(text);
}

function draftOf(values: ProfileValues, defaultChoice: 'keep' | 'first' | 'ask'): Draft {
  const issues: Issue[] = [];
  const required = (read: (text: string) => number | null, text: string, path: string[], message: string): number => {
    const value = read(text);
    if (value === null) issues.push({ path, message });
    return value ?? Number.NaN;
  };
  const handlingDays = {
    min: required(countOf, values.handlingMin, ['handlingDays', 'min'], 'Enter the fewest business days you take to ship'),
    max: required(countOf, values.handlingMax, ['handlingDays', 'max'], 'Enter the most business days you take to ship'),
  };
  const rate =
    values.rateType === 'flat'
      ? {
          type: 'flat',
          first: required(dollarsOf, values.first, ['rate', 'first'], 'Enter what the first item costs to ship'),
          additional: required(dollarsOf, values.additional, ['rate', 'additional'], 'Enter what each additional item costs to ship (0 for nothing)'),
        }
      : values.rateType === 'free'
        ? { type: 'free', minimumItemsTotal: dollarsOf(values.freeFrom) }
        : { type: 'calculated', handlingFee: dollarsOf(values.handlingFee) };
  const shipFrom =
    values.shipFrom === 'default'
      ? null
      : {
          name: values.fromName,
          line1: values.fromLine1,
          line2: values.fromLine2.trim() || null,
          city: values.fromCity,
          state: values.fromState,
          postal_code: values.fromPostalCode,
          country: 'US',
        };
  const sides = { length: values.boxLength, width: values.boxWidth, height: values.boxHeight };
  const isBoxEmpty = Object.values(sides).every((side) => side.trim() === '');
  const box = isBoxEmpty
    ? null
    : Object.fromEntries(
        Object.entries(sides).map(([side, text]) => [side, required(countOf, text, ['box', side], `Enter the box’s ${side} too, or leave all three empty`)]),
      );
  return {
    request: {
      name: values.name,
      handlingDays,
      rate,
      shipFrom,
      box,
      // The default stays the default until another is made it (the API refuses to unmark it).
      ...(defaultChoice === 'keep' ? {} : { isDefault: defaultChoice === 'first' || values.isDefault }),
    },
    issues,
  };
}

/** The form's rules: its own for text that is no number, then the API's schema for everything else. */
const profileFormSchema: FormSchema<ShippingProfileRequest> = {
  safeParse(input) {
    const { request, issues } = input as Draft;
    const parsed = shippingProfileRequestSchema.safeParse(request);
    const all = [...issues, ...(parsed.success ? [] : parsed.error.issues)];
    if (all.length > 0 || !parsed.success) return { success: false, error: { issues: all } };
    return { success: true, data: parsed.data };
  },
};

export function addressLine(address: Pick<Address, 'line1' | 'city' | 'state' | 'postal_code'>): string {
  return `${address.line1}, ${address.city}, ${address.state} ${address.postal_code}`;
}

/** A radio with its explanation, the chosen one outlined. */
function Choice({
  name,
  checked,
  onChoose,
  label,
  explanation,
}: {
  name: string;
  checked: boolean;
  onChoose: () => void;
  label: string;
  explanation: ReactNode;
}) {
  const id = useId();
  // Named by its title alone; the explanation is its description.
  return (
    <label
      className={`flex cursor-pointer items-start gap-3 rounded-lg border p-3 text-sm ${checked ? 'border-brand-600 bg-brand-50' : 'border-slate-200 bg-white'}`}
    >
      <input
        type="radio"
        name={name}
        className="mt-0.5 size-4 shrink-0 accent-brand-700"
        checked={checked}
        onChange={onChoose}
        aria-labelledby={`${id}-label`}
        aria-describedby={`${id}-explanation`}
      />
      <span>
        <span id={`${id}-label`} className="font-medium text-slate-900">
          {label}
        </span>
        <span id={`${id}-explanation`} className="block text-slate-600">
          {explanation}
        </span>
      </span>
    </label>
  );
}

function FieldError({ id, message }: { id: string; message?: string }) {
  if (!message) return null;
  return (
    <p id={id} className="mt-2 text-sm font-medium text-red-700">
      {message}
    </p>
  );
}

interface ProfileFormProps {
  /** The profile edited, or null for a new one. */
  profile: ShippingProfile | null;
  /** True when the shop has no profile yet: the new one becomes the default whatever is asked. */
  isFirst: boolean;
  /** The seller's default address ("My default address"), null when they have none, undefined while it loads. */
  defaultAddress: Address | null | undefined;
  onClose: () => void;
}

export function ProfileForm({ profile, isFirst, defaultAddress, onClose }: ProfileFormProps) {
  const defaultChoice = profile?.isDefault ? 'keep' : isFirst ? 'first' : 'ask';
  const form = useForm({
    initialValues: () => valuesOf(profile),
    schema: profileFormSchema,
    toInput: (values: ProfileValues) => draftOf(values, defaultChoice),
    fieldOf: (path: string) => FIELD_OF_PATH[path],
  });
  const [createProfile, creating] = useCreateShippingProfileMutation();
  const [updateProfile, updating] = useUpdateShippingProfileMutation();
  const { values, errors } = form;
  const titleId = useId();
  const rateErrorId = useId();
  const shipFromErrorId = useId();
  const panelRef = useRef<HTMLDivElement>(null);

  // Opened beside the list: bring it into view with the name ready to type, and give the focus back to
  // what opened it (Add or Edit) when it closes.
  useEffect(() => {
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const panel = panelRef.current;
    panel?.scrollIntoView?.({ block: 'nearest' });
    panel?.querySelector<HTMLInputElement>('input[name="name"]')?.focus();
    return () => {
      if (opener?.isConnected) opener.focus();
    };
  }, []);

  const submit = form.handleSubmit(async (body) => {
    try {
      if (profile) await updateProfile({ id: profile.id, body }).unwrap();
      else await createProfile(body).unwrap();
      toast.success(profile ? 'Shipping profile saved' : 'Shipping profile added');
      onClose();
    } catch (error) {
      const details = form.showServerError(error);
      if (Object.keys(details.fieldErrors).some((path) => FIELD_OF_PATH[path])) form.setFormError('Some details need fixing. Check the highlighted fields.');
    }
  });

  const text = (
    name: Exclude<keyof ProfileValues, 'rateType' | 'shipFrom' | 'isDefault'>,
    label: string,
    props: Partial<Parameters<typeof TextField>[0]> = {},
  ) => <TextField label={label} {...form.field(name)} {...props} />;

  return (
    <div ref={panelRef} role="group" aria-labelledby={titleId} className="scroll-mt-20 rounded-xl border border-slate-300 bg-slate-50 p-3 sm:p-5">
      <h3 id={titleId} className="text-base font-semibold text-slate-900">
        {profile ? `Edit “${profile.name}”` : 'Add a shipping profile'}
      </h3>
      <form noValidate onSubmit={(event) => void submit(event)} className="mt-4 grid gap-5">
        {form.formError && <Alert tone="error">{form.formError}</Alert>}
        {text('name', 'Profile name', {
          maxLength: SHIPPING_PROFILE_LIMITS.nameLength,
          hint: 'For you only, e.g. “Small parcels” or “Furniture”.',
        })}

        <fieldset>
          <legend className="text-sm font-semibold text-slate-900">Handling time (business days)</legend>
          <p className="mt-1 text-sm text-slate-600">How long after an order you hand its parcel to UPS; weekends and US federal holidays do not count.</p>
          <div className="mt-3 grid grid-cols-2 gap-3 sm:max-w-md">
            {text('handlingMin', 'From (days)', { inputMode: 'numeric' })}
            {text('handlingMax', 'To (days)', { inputMode: 'numeric' })}
          </div>
        </fieldset>

        <fieldset aria-describedby={errors.rateType ? rateErrorId : undefined}>
          <legend className="text-sm font-semibold text-slate-900">How it charges</legend>
          <div className="mt-2 grid gap-2">
            {RATE_CHOICES.map((choice) => (
              <Choice
                key={choice.type}
                name="rateType"
                checked={values.rateType === choice.type}
                onChoose={() => {
                  form.setValue('rateType', choice.type);
                  form.clearErrors('first', 'additional', 'freeFrom', 'handlingFee');
                }}
                label={choice.label}
                explanation={choice.explanation}
              />
            ))}
          </div>
          <FieldError id={rateErrorId} message={errors.rateType} />
          <div className="mt-3 grid gap-3 sm:grid-cols-2">
            {values.rateType === 'flat' && (
              <>
                {text('first', 'First item (USD)', { inputMode: 'decimal', placeholder: '0.00' })}
                {text('additional', 'Each additional item (USD)', { inputMode: 'decimal', placeholder: '0.00' })}
              </>
            )}
            {values.rateType === 'free' &&
              text('freeFrom', 'Free from (USD, optional)', {
                inputMode: 'decimal',
                placeholder: '0.00',
                hint: 'Your items’ total in one order from which shipping is free. Leave empty to ship every order free.',
                className: 'sm:col-span-2 sm:max-w-sm',
              })}
            {values.rateType === 'calculated' &&
              text('handlingFee', 'Handling fee (USD, optional)', {
                inputMode: 'decimal',
                placeholder: '0.00',
                hint: 'Added to the UPS rate; leave empty for none.',
                className: 'sm:col-span-2 sm:max-w-sm',
              })}
          </div>
        </fieldset>

        <fieldset aria-describedby={errors.shipFrom ? shipFromErrorId : undefined}>
          <legend className="text-sm font-semibold text-slate-900">Ships from</legend>
          <div className="mt-2 grid gap-2">
            <Choice
              name="shipFrom"
              checked={values.shipFrom === 'default'}
              onChoose={() => form.setValue('shipFrom', 'default')}
              label="My default address"
              explanation={
                defaultAddress === undefined ? (
                  'The default address in your address book.'
                ) : defaultAddress ? (
                  addressLine(defaultAddress)
                ) : (
                  <>
                    You have no default address yet:{' '}
                    <Link to="/seller/profile" className="font-medium text-brand-700 underline">
                      add one on your profile
                    </Link>
                    .
                  </>
                )
              }
            />
            <Choice
              name="shipFrom"
              checked={values.shipFrom === 'other'}
              onChoose={() => form.setValue('shipFrom', 'other')}
              label="Another address"
              explanation="A workshop or warehouse these parcels leave from."
            />
          </div>
          <FieldError id={shipFromErrorId} message={errors.shipFrom} />
          {values.shipFrom === 'other' && (
            <div className="mt-3 grid gap-3 sm:grid-cols-6">
              {text('fromName', 'Name', { autoComplete: 'section-ship-from name', className: 'sm:col-span-6' })}
              {text('fromLine1', 'Address line 1', { autoComplete: 'section-ship-from address-line1', className: 'sm:col-span-6' })}
              {text('fromLine2', 'Address line 2 (optional)', { autoComplete: 'section-ship-from address-line2', className: 'sm:col-span-6' })}
              {text('fromCity', 'City', { autoComplete: 'section-ship-from address-level2', className: 'sm:col-span-3' })}
              {text('fromState', 'State', { autoComplete: 'section-ship-from address-level1', placeholder: 'CA', className: 'sm:col-span-1' })}
              {text('fromPostalCode', 'ZIP code', { autoComplete: 'section-ship-from postal-code', inputMode: 'numeric', className: 'sm:col-span-2' })}
            </div>
          )}
        </fieldset>

        <fieldset>
          <legend className="text-sm font-semibold text-slate-900">Box (optional)</legend>
          <p className="mt-1 text-sm text-slate-600">The box these parcels go in, in whole inches. UPS prices by its size; leave empty for its standard box.</p>
          <div className="mt-3 grid grid-cols-3 gap-2 sm:max-w-md sm:gap-3">
            {text('boxLength', 'Length (in)', { inputMode: 'numeric' })}
            {text('boxWidth', 'Width (in)', { inputMode: 'numeric' })}
            {text('boxHeight', 'Height (in)', { inputMode: 'numeric' })}
          </div>
        </fieldset>

        {defaultChoice === 'keep' ? (
          <p className="text-sm text-slate-600">This is your default profile: listings without a profile of their own ship with it.</p>
        ) : defaultChoice === 'first' ? (
          <p className="text-sm text-slate-600">Your first profile is your default: every listing ships with it until you choose another on the listing.</p>
        ) : (
          <label className="flex items-start gap-3 text-sm text-slate-800">
            <input
              type="checkbox"
              name="isDefault"
              checked={values.isDefault}
              onChange={(event) => form.setValue('isDefault', event.target.checked)}
              className="mt-0.5 size-4 shrink-0 accent-brand-700"
            />
            <span>
              <span className="font-medium">Make this my default</span>
              <span className="block text-slate-600">Listings without a profile of their own ship with it.</span>
            </span>
          </label>
        )}

        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" isBusy={creating.isLoading || updating.isLoading}>
            {profile ? 'Save profile' : 'Add profile'}
          </Button>
        </div>
      </form>
    </div>
  );
}
