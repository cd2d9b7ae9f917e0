import { useId, useRef, useState, type ReactNode } from 'react';
import { Truck } from 'lucide-react';
import type { ProductDeliveryResponse } from '@marketplace/contracts/delivery';
import { formatArrivalRange, type HandlingDays } from '@marketplace/domain/delivery-dates';
import { normaliseUsPostalCode } from '@marketplace/domain/us-address';
import { Button } from '../../../components/button';
import { formatDollars } from '../../../lib/format';
import { pluralNoun } from '../../../lib/plural';
import { useForm, type FormSchema } from '../../../lib/use-form';
import { useSession } from '../../../lib/use-session';
import { useGetProductDeliveryQuery } from '../delivery-api';
import { DELIVERY_BOX_CLASSES, DeliveryPlaceholder } from './delivery-placeholder';
import { rememberDeliveryZip, useDeliveryZip } from './delivery-zip';

// The product page's delivery box: when one unit would arrive at the visitor's ZIP code, what it costs to ship
// and how soon the shop sends it. It loads in a chunk of its own once the page has started (the page's
// ProductDelivery), so the server's page and the first load carry none of it. Everything here is written
// without Intl, as on every public page (decision 0042).

/** "Ships in 1–3 business days"; a shop that ships the day of the order says so. */
export function handlingText({ min, max }: HandlingDays): string {
  if (max === 0) return 'Ships the same business day';
  if (min === max) return `Ships in ${max} business ${pluralNoun(max, 'day')}`;
  if (min === 0) return `Ships within ${max} business days`;
  return `Ships in ${min}–${max} business days`;
}

/** The shipping line, or null when the price waits on a ZIP code not given yet. */
function shippingText({ postalCode, shipping, freeFrom }: Pick<ProductDeliveryResponse, 'postalCode' | 'shipping' | 'freeFrom'>): string | null {
  // A ZIP code and still no price: the carrier gave none just now; the checkout asks it again.
  if (shipping === null) return postalCode === null ? null : 'Shipping: calculated at checkout';
  if (shipping === 0) return 'Free shipping';
  const price = `Shipping: ${formatDollars(shipping)}`;
  return freeFrom === null ? price : `${price} — free on orders of ${formatDollars(freeFrom)} or more from this shop`;
}

/** The first line: the days it arrives between, or why there are none yet. */
function arrivalOf({ postalCode, arrivesBy }: ProductDeliveryResponse, shipping: string | null): ReactNode {
  if (postalCode !== null && arrivesBy !== null)
    return (
      <>
        Arrives <strong className="font-semibold">{formatArrivalRange(arrivesBy)}</strong> to {postalCode}
      </>
    );
  if (postalCode !== null) return `Delivers to ${postalCode}`;
  return shipping === null ? 'Enter your ZIP code to see shipping and delivery' : 'Enter your ZIP code to see when it arrives';
}

interface ZipValues {
  zip: string;
}

const ZIP_MESSAGE = 'Enter a 5-digit ZIP code, e.g. 94107';

// The one rule of the field, the API's own (a ZIP+4 is taken as its first 5 digits). Written as the form hook's
// schema by hand: a public page loads no schema library.
const zipSchema: FormSchema<string> = {
  safeParse(input) {
    const zip = normaliseUsPostalCode((input as ZipValues).zip)?.slice(0, 5);
    return zip ? { success: true, data: zip } : { success: false, error: { issues: [{ path: ['zip'], message: ZIP_MESSAGE }] } };
  },
};

/** The ZIP code form the box's button opens: Update with a valid one, Cancel or Escape to leave it as it was. */
function ZipForm({ id, initialZip, onDone }: { id: string; initialZip: string; onDone: (zip: string | null) => void }) {
  const form = useForm<ZipValues, string>({ initialValues: { zip: initialZip }, schema: zipSchema });
  const inputId = useId();
  const errorId = `${inputId}-error`;
  const { error, ...zip } = form.field('zip');
  return (
    <form
      id={id}
      noValidate
      onSubmit={form.handleSubmit((valid) => onDone(valid))}
      onKeyDown={(event) => {
        if (event.key === 'Escape') onDone(null);
      }}
      className="mt-3 border-t border-slate-100 pt-3"
    >
      <label htmlFor={inputId} className="mb-1.5 block text-sm font-medium text-slate-800">
        ZIP code
      </label>
      <div className="flex flex-wrap gap-2">
        <input
          id={inputId}
          {...zip}
          type="text"
          inputMode="numeric"
          autoComplete="postal-code"
          maxLength={10}
          // The visitor just asked for this field.
          autoFocus
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          className={
            'block h-10 w-32 rounded-lg border bg-white px-3 text-base text-slate-900 shadow-sm focus:outline-2 focus:outline-offset-0 sm:text-sm ' +
            (error ? 'border-red-500 focus:border-red-600 focus:outline-red-200' : 'border-slate-300 focus:border-brand-600 focus:outline-brand-200')
          }
        />
        <Button type="submit" variant="secondary">
          Update
        </Button>
        <Button variant="ghost" onClick={() => onDone(null)}>
          Cancel
        </Button>
      </div>
      {error && (
        <p id={errorId} className="mt-1.5 text-sm font-medium text-red-700">
          {error}
        </p>
      )}
    </form>
  );
}

/** The delivery box of the product `productId` (one unit of the listing, whichever variant is chosen). */
export function DeliveryBox({ productId }: { productId: string }) {
  const session = useSession();
  const typedZip = useDeliveryZip();
  const delivery = useGetProductDeliveryQuery({ productId, postalCode: typedZip, viewerId: session?.userId ?? null });
  const [isEditing, setIsEditing] = useState(false);
  const toggleRef = useRef<HTMLButtonElement>(null);
  const id = useId();

  if (!delivery.isError && !delivery.data) return <DeliveryPlaceholder />;
  const shown = delivery.isError ? null : delivery.data!;
  const zip = shown?.postalCode ?? typedZip;
  // Another ZIP code's answer stays in place, dimmed, until this one's arrives.
  const isUpdating = delivery.isFetching && !delivery.currentData;

  function finish(next: string | null) {
    if (next !== null) rememberDeliveryZip(next);
    setIsEditing(false);
    toggleRef.current?.focus();
  }

  const shipping = shown && shippingText(shown);
  return (
    <section aria-labelledby={`${id}-title`} className={`${DELIVERY_BOX_CLASSES} flex flex-col justify-center`}>
      <h2 id={`${id}-title`} className="sr-only">
        Delivery
      </h2>
      {/* Read out when a new ZIP code's estimate replaces the one shown. */}
      <div className={`transition-opacity ${isUpdating ? 'opacity-60' : ''}`} aria-live="polite" aria-busy={isUpdating}>
        <div className="flex items-start gap-3">
          <Truck className="mt-0.5 hidden size-5 shrink-0 text-slate-500 min-[400px]:block" aria-hidden />
          <p className={`min-w-0 flex-1 ${shown ? 'text-base text-slate-900' : 'text-sm text-slate-600'}`}>
            {shown ? arrivalOf(shown, shipping) : 'Delivery estimate unavailable right now'}
          </p>
          <button
            ref={toggleRef}
            type="button"
            className="-my-2 -mr-2 inline-flex min-h-10 shrink-0 items-center rounded-lg px-2 text-sm font-medium text-brand-700 hover:bg-brand-50 hover:text-brand-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
            // "Change" alone would not say what changes; the name starts with what the button shows.
            aria-label={zip ? 'Change ZIP code' : undefined}
            aria-expanded={isEditing}
            aria-controls={isEditing ? `${id}-zip` : undefined}
            onClick={() => setIsEditing((open) => !open)}
          >
            {zip ? 'Change' : 'Enter ZIP code'}
          </button>
        </div>
        {shown && (
          // Under the first line, the full width of the box: a phone has no room beside the button.
          <div className="mt-1 space-y-1 text-sm min-[400px]:pl-8">
            {shipping && <p className="text-slate-700">{shipping}</p>}
            <p className="text-slate-600">{handlingText(shown.handlingDays)}</p>
          </div>
        )}
      </div>
      {isEditing && <ZipForm id={`${id}-zip`} initialZip={zip ?? ''} onDone={finish} />}
    </section>
  );
}
