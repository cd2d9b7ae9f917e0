import { useId, type ReactNode } from 'react';
import { Link } from 'react-router';
import { z } from 'zod';
import {
  createProductRequestSchema,
  MAX_PRICE_DOLLARS,
  PRODUCT_CONDITIONS,
  type CreateProductRequest,
  type UpdateProductRequest,
  type ProductCondition,
  type ProductDetail,
} from '@marketplace/contracts/catalog';
import { Alert } from '../../../components/alert';
import { Button } from '../../../components/button';
import { TextField } from '../../../components/field';
import { dollarsTextSchema } from '../../../lib/dollars-text';
import { handlingText, shippingRateText } from '../../../lib/shipping-profile-text';
import { useForm } from '../../../lib/use-form';
import { useListCategoriesQuery } from '../storefront-api';
import { useListShippingProfileChoicesQuery } from '../shipping-profiles-api';
import type { ShippingProfileListResponse } from '@marketplace/contracts/delivery';
import { CONDITION_LABELS } from './listing-badges';
import { formatNumber } from '@marketplace/domain/number-format';
import { readVariations, variationTextsOf, type VariantRowText, type VariationText } from './variation-rows';
import { OptionPhotos } from './option-photos';
import { VariationsEditor } from './variations-editor';
import {
  PersonalizationFields,
  personalizationFieldOf,
  personalizationFormSchema,
  personalizationInput,
  personalizationTextOf,
  type PersonalizationText,
} from './personalization-fields';
import type { FormSchema } from '../../../lib/use-form';

interface FormValues extends PersonalizationText {
  title: string;
  description: string;
  category: string;
  price: string;
  quantity: string;
  condition: ProductCondition | '';
  hasRetip: boolean;
  retipLabel: string;
  retipPrice: string;
  weightOunces: string;
  /** One of the seller's shipping profiles, or '' for the shop's default. */
  shippingProfileId: string;
  /** Its variations as typed, and a row of text per combination (variation-rows.ts, decision 0043). */
  variations: VariationText[];
  variants: Record<string, VariantRowText>;
}

function initialValues(product?: ProductDetail): FormValues {
  return {
    title: product?.title ?? '',
    description: product?.description ?? '',
    category: product?.category.slug ?? '',
    price: product ? product.price.toFixed(2) : '',
    quantity: product ? String(product.quantity) : '1',
    condition: product?.condition ?? 'new',
    hasRetip: Boolean(product?.retip),
    // No default name: buyers see exactly what the seller calls the service.
    retipLabel: product?.retip?.label ?? '',
    retipPrice: product?.retip ? product.retip.price.toFixed(2) : '',
    weightOunces: product ? String(product.weightOunces) : '',
    shippingProfileId: product?.shippingProfileId ?? '',
    ...(({ variations, rows }) => ({ variations, variants: rows }))(variationTextsOf(product)),
    ...personalizationTextOf(product),
  };
}

/**
 * What the form sends: a new listing's every field (CreateProductRequest), or a saved listing's edit, which leaves
 * out the stock its seller did not change (UpdateProductRequest).
 */
export type ListingRequest = CreateProductRequest | UpdateProductRequest;

const FORM_FIELDS: ReadonlySet<string> = new Set(Object.keys(initialValues()));

const wholeNumberText = (invalidMessage: string) => z.string().trim().regex(/^\d+$/, invalidMessage).transform(Number);

/**
 * The text fields read into the API request. Input the API's schema cannot judge (empty or
 * non-numeric text) gets its own message; everything else is checked by the shared contract, so the
 * browser and the API say the same thing.
 */
const rules = createProductRequestSchema.shape;
const productFormSchema = z.object({
  title: rules.title,
  description: rules.description,
  category: z.string().min(1, 'Choose a category').pipe(rules.category),
  price: dollarsTextSchema(rules.price.unwrap(), { empty: 'Enter a price', unreadable: 'Enter a price in dollars, like 19.99' }),
  quantity: z.string().trim().min(1, 'Enter how many you have in stock').pipe(wholeNumberText('Quantity must be a whole number')).pipe(rules.quantity.unwrap()),
  condition: z.string().min(1, 'Choose a condition').pipe(rules.condition),
  retipLabel: rules.retipLabel,
  retipPrice: dollarsTextSchema(rules.retipPrice.unwrap().unwrap(), {
    empty: 'Enter a price for the add-on',
    unreadable: 'Enter the add-on price in dollars, like 4.50',
  }).nullish(),
  weightOunces: wholeNumberText('Weight must be a whole number of ounces').pipe(rules.weightOunces.unwrap()).optional(),
  shippingProfileId: rules.shippingProfileId,
  personalization: personalizationFormSchema,
});

/**
 * The form's rules: the listing's own (without a price and a stock when it has variations: each combination
 * has its own) and its variations' (variation-rows.ts). A saved listing whose variations were all removed is
 * sent `variations: [], variants: []`, so it has one price and stock again.
 */
function listingFormSchema(saved: FormValues | null): FormSchema<ListingRequest> {
  const hadVariations = (saved?.variations.length ?? 0) > 0;
  return {
    safeParse(input) {
      const { variations, variants, ...rest } = input as ReturnType<typeof productInput>;
      const read = readVariations(variations, variants, saved?.variants);
      const withVariations = !read.ok || read.variations.length > 0;
      const base = (withVariations ? productFormSchema.omit({ price: true, quantity: true }) : productFormSchema).safeParse(rest);
      const issues = [...(base.success ? [] : base.error.issues), ...(read.ok ? [] : [{ path: [read.path], message: read.message }])];
      if (!base.success || !read.ok) return { success: false, error: { issues } };
      const sent =
        read.variations.length > 0 || hadVariations
          ? { variations: read.variations.map((variation) => ({ name: variation.name, options: [...variation.options] })), variants: read.variants }
          : {};
      const data: ListingRequest = { ...base.data, ...sent };
      // A saved listing's stock is sent only when its seller changed it: units sold while the form was open stay sold.
      if (saved && 'quantity' in data && typeof rest.quantity === 'string' && rest.quantity.trim() === saved.quantity.trim()) delete data.quantity;
      return { success: true, data };
    },
  };
}

/**
 * The profile the listing ships with: the one chosen, or null for the shop's default. A profile no longer among
 * the seller's (deleted since the form opened) is the default too: its listings went back to it.
 */
function shippingProfileOf(chosen: string, profileIds: ReadonlySet<string> | null): string | null {
  if (chosen === '') return null;
  return profileIds === null || profileIds.has(chosen) ? chosen : null;
}

function productInput(
  {
    hasRetip,
    retipLabel,
    retipPrice,
    weightOunces,
    shippingProfileId,
    asksPersonalization,
    personalizationRequired,
    personalizationInstructions,
    personalizationMaxLength,
    ...values
  }: FormValues,
  isEditing: boolean,
  profileIds: ReadonlySet<string> | null,
) {
  return {
    ...values,
    ...personalizationInput({ asksPersonalization, personalizationRequired, personalizationInstructions, personalizationMaxLength }, isEditing),
    weightOunces: weightOunces.trim() || undefined,
    shippingProfileId: shippingProfileOf(shippingProfileId, profileIds),
    // Unticking the add-on removes it from a saved listing.
    ...(hasRetip ? { retipLabel, retipPrice } : isEditing ? { retipLabel: null, retipPrice: null } : {}),
  };
}

interface ProductFormProps {
  product?: ProductDetail;
  submitLabel: string;
  busyLabel: string;
  /** Saves the listing; a rejected promise (an RTK Query error) is shown on the form. */
  onSubmit: (request: ListingRequest) => Promise<unknown>;
  /** Extra buttons beside the submit button, e.g. Cancel. */
  secondaryAction?: ReactNode;
}

const CONTROL =
  'block w-full rounded-lg border bg-white px-3 text-base text-slate-900 shadow-sm transition-colors focus:outline-2 focus:outline-offset-0 sm:text-sm';
const controlTone = (error?: string) =>
  error ? 'border-red-500 focus:border-red-600 focus:outline-red-200' : 'border-slate-300 focus:border-brand-600 focus:outline-brand-200';

/** A labelled select or textarea styled like TextField, with the same hint/error wiring. */
function LabelledControl({
  label,
  error,
  hint,
  children,
}: {
  label: string;
  error?: string;
  hint?: ReactNode;
  children: (props: { id: string; 'aria-invalid'?: boolean; 'aria-describedby'?: string; className: string }) => ReactNode;
}) {
  const id = useId();
  const describedBy = [hint && !error ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(' ') || undefined;
  return (
    <div>
      <label htmlFor={id} className="mb-1.5 block text-sm font-medium text-slate-800">
        {label}
      </label>
      {children({ id, 'aria-invalid': error ? true : undefined, 'aria-describedby': describedBy, className: `${CONTROL} ${controlTone(error)}` })}
      {hint && !error && (
        <p id={`${id}-hint`} className="mt-1.5 text-sm text-slate-500">
          {hint}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} className="mt-1.5 text-sm font-medium text-red-700">
          {error}
        </p>
      )}
    </div>
  );
}

/**
 * The listing's Shipping choice: the shop's default (whichever profile that is when a buyer orders), or one of
 * the seller's profiles by name, with what the chosen one charges said under it.
 */
function ShippingField({
  value,
  error,
  choices,
  onChange,
}: {
  value: string;
  error?: string;
  choices: { data?: ShippingProfileListResponse; isLoading: boolean; isError: boolean };
  onChange: (id: string) => void;
}) {
  const profiles = choices.data?.profiles ?? [];
  const defaultProfile = profiles.find((profile) => profile.isDefault);
  // Until the list is in (or when it could not be loaded) the listing's own profile has no name to show.
  const isUnlisted = value !== '' && !profiles.some((profile) => profile.id === value);
  const shown = isUnlisted && choices.data ? '' : value;
  const chosen = shown === '' ? defaultProfile : profiles.find((profile) => profile.id === shown);
  const summary = choices.isLoading
    ? 'Loading your shipping profiles…'
    : !choices.data
      ? 'Your shipping profiles could not be loaded; the listing keeps the one it has.'
      : chosen
        ? `${shippingRateText(chosen.rate)}. ${handlingText(chosen.handlingDays)}.`
        : `The marketplace’s standard rate: ${choices.data.standardRate}.`;
  return (
    <LabelledControl
      label="Shipping"
      error={error}
      hint={
        <>
          {summary}{' '}
          <Link to="/seller/settings" className="font-medium text-brand-700 underline hover:text-brand-800">
            Manage shipping profiles
          </Link>
        </>
      }
    >
      {(props) => (
        <select
          {...props}
          name="shippingProfileId"
          value={shown}
          onChange={(event) => onChange(event.target.value)}
          className={`${props.className} h-11 sm:max-w-md`}
        >
          <option value="">{defaultProfile ? `Shop default (${defaultProfile.name})` : choices.data ? 'Standard rate' : 'Shop default'}</option>
          {profiles.map((profile) => (
            <option key={profile.id} value={profile.id}>
              {profile.name}
            </option>
          ))}
          {isUnlisted && !choices.data && <option value={value}>This listing’s profile</option>}
        </select>
      )}
    </LabelledControl>
  );
}

/** Create and edit share this form: title, description, category, price, stock, condition, weight, shipping, add-on. */
export function ProductForm({ product, submitLabel, busyLabel, onSubmit, secondaryAction }: ProductFormProps) {
  const isEditing = Boolean(product);
  const categories = useListCategoriesQuery();
  const shippingProfiles = useListShippingProfileChoicesQuery();
  // Null until the seller's profiles are in: a listing's own profile is kept as it is meanwhile.
  const profileIds = shippingProfiles.data ? new Set(shippingProfiles.data.profiles.map((profile) => profile.id)) : null;
  const form = useForm({
    initialValues: () => initialValues(product),
    schema: listingFormSchema(product ? initialValues(product) : null),
    toInput: (values: FormValues) => productInput(values, isEditing, profileIds),
    // The variations' and the combinations' messages (theirs and the API's) are said above their grid.
    fieldOf: (path: string): keyof FormValues | undefined => {
      const [first] = path.split('.');
      if (first === 'variations' || first === 'variants') return first;
      if (first === 'personalization') return personalizationFieldOf(path);
      const candidate = path.split('.').at(-1);
      return candidate && FORM_FIELDS.has(candidate) ? (candidate as keyof FormValues) : undefined;
    },
  });
  // With variations, each combination has its price and stock: the listing's own fields step aside.
  const hasVariations = form.values.variations.length > 0;
  const { values, errors } = form;
  const update = form.setValue;

  const handleSubmit = form.handleSubmit(async (request) => {
    try {
      await onSubmit(request);
    } catch (error) {
      const details = form.showServerError(error);
      if (Object.keys(details.fieldErrors).some((field) => field in values)) form.setFormError('Some details need fixing. Check the highlighted fields.');
    }
  });

  return (
    <form noValidate onSubmit={(event) => void handleSubmit(event)} className="space-y-6" aria-label={isEditing ? 'Listing details' : 'New listing'}>
      {form.formError && <Alert tone="error">{form.formError}</Alert>}

      <section className="space-y-4 rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6">
        <h2 className="text-base font-semibold text-slate-900">What you are selling</h2>
        <TextField
          label="Title"
          name="title"
          value={values.title}
          error={errors.title}
          maxLength={150}
          onChange={(event) => update('title', event.target.value)}
        />
        <LabelledControl label="Description" error={errors.description} hint="Size, materials, flaws — what a buyer would ask you.">
          {(props) => (
            <textarea
              {...props}
              name="description"
              rows={5}
              maxLength={5000}
              value={values.description}
              onChange={(event) => update('description', event.target.value)}
              className={`${props.className} py-2`}
            />
          )}
        </LabelledControl>
        <div className="grid gap-4 sm:grid-cols-2">
          <LabelledControl
            label="Category"
            error={errors.category ?? (categories.isError ? 'Categories could not be loaded. Reload the page to try again.' : undefined)}
          >
            {(props) => (
              <select
                {...props}
                name="category"
                value={values.category}
                onChange={(event) => update('category', event.target.value)}
                className={`${props.className} h-11`}
              >
                <option value="">{categories.isLoading ? 'Loading categories…' : 'Choose a category'}</option>
                {categories.data?.map((category) => (
                  <option key={category.slug} value={category.slug}>
                    {category.name}
                  </option>
                ))}
              </select>
            )}
          </LabelledControl>
          <LabelledControl label="Condition" error={errors.condition}>
            {(props) => (
              <select
                {...props}
                name="condition"
                value={values.condition}
                onChange={(event) => update('condition', event.target.value as ProductCondition)}
                className={`${props.className} h-11`}
              >
                {PRODUCT_CONDITIONS.map((condition) => (
                  <option key={condition} value={condition}>
                    {CONDITION_LABELS[condition]}
                  </option>
                ))}
              </select>
            )}
          </LabelledControl>
        </div>
      </section>

      <section className="space-y-4 rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6">
        <h2 className="text-base font-semibold text-slate-900">Price, stock and shipping</h2>
        {hasVariations && <p className="text-sm text-slate-600">Each combination of the variations below has its own price and stock.</p>}
        <div className="grid gap-4 sm:grid-cols-3">
          {!hasVariations && (
            <>
              <TextField
                label="Price (USD)"
                name="price"
                inputMode="decimal"
                placeholder="0.00"
                value={values.price}
                error={errors.price}
                hint={`Up to $${formatNumber(MAX_PRICE_DOLLARS)}.`}
                onChange={(event) => update('price', event.target.value)}
              />
              <TextField
                label="Quantity in stock"
                name="quantity"
                inputMode="numeric"
                value={values.quantity}
                error={errors.quantity}
                onChange={(event) => update('quantity', event.target.value)}
              />
            </>
          )}
          <TextField
            label="Weight (ounces)"
            name="weightOunces"
            inputMode="numeric"
            value={values.weightOunces}
            error={errors.weightOunces}
            hint="Optional; used for shipping labels."
            onChange={(event) => update('weightOunces', event.target.value)}
          />
        </div>
        <ShippingField
          value={values.shippingProfileId}
          error={errors.shippingProfileId}
          choices={shippingProfiles}
          onChange={(id) => update('shippingProfileId', id)}
        />
      </section>

      <section className="space-y-4 rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6" aria-labelledby="variations-title">
        <div>
          <h2 id="variations-title" className="text-base font-semibold text-slate-900">
            Variations
          </h2>
          <p className="mt-1 text-sm text-slate-500">
            Sizes, colours, materials: each combination gets its own price, stock and SKU, and you can stop offering one.
          </p>
        </div>
        <VariationsEditor
          variations={values.variations}
          rows={values.variants}
          onVariationsChange={(variations) => update('variations', variations)}
          onRowsChange={(rows) => update('variants', rows)}
          variationsError={errors.variations}
          variantsError={errors.variants}
        />
        <OptionPhotos variations={values.variations} rows={values.variants} images={product?.images ?? []} onRowsChange={(rows) => update('variants', rows)} />
      </section>

      <section className="space-y-4 rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6">
        <h2 className="text-base font-semibold text-slate-900">Add-on service</h2>
        <label className="flex items-start gap-3 text-sm text-slate-800">
          <input
            type="checkbox"
            name="hasRetip"
            checked={values.hasRetip}
            onChange={(event) => {
              update('hasRetip', event.target.checked);
              form.clearErrors('retipLabel', 'retipPrice');
            }}
            className="mt-0.5 size-4 rounded border-slate-300 accent-brand-700"
          />
          <span>
            <span className="font-medium">Offer a paid add-on service</span>
            <span className="block text-slate-500">
              For example gift wrapping, engraving or an extended warranty. Buyers tick it on the product page or in their cart, for the price you set.
            </span>
          </span>
        </label>
        {values.hasRetip && (
          <div className="grid gap-4 sm:grid-cols-2">
            <TextField
              label="Add-on name"
              name="retipLabel"
              placeholder="e.g. Gift wrapping"
              value={values.retipLabel}
              error={errors.retipLabel}
              hint="Buyers see this name beside the price."
              maxLength={100}
              onChange={(event) => update('retipLabel', event.target.value)}
            />
            <TextField
              label="Add-on price (USD)"
              name="retipPrice"
              inputMode="decimal"
              placeholder="0.00"
              value={values.retipPrice}
              error={errors.retipPrice}
              onChange={(event) => update('retipPrice', event.target.value)}
            />
          </div>
        )}
      </section>

      <PersonalizationFields values={values} errors={errors} onChange={(field, value) => update(field, value as FormValues[typeof field])} />

      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        {secondaryAction}
        <Button type="submit" size="lg" isBusy={form.isSubmitting} busyLabel={busyLabel}>
          {submitLabel}
        </Button>
      </div>
    </form>
  );
}
