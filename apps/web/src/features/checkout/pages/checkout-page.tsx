import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { CreditCard, Lock } from 'lucide-react';
import { toast } from '../../../components/toast';
import type { Stripe } from '@stripe/stripe-js';
import type { CheckoutProblem, CheckoutRequest, CheckoutSummaryResponse } from '@marketplace/contracts/orders';
import type { Address } from '@marketplace/contracts/users';
import { Alert } from '../../../components/alert';
import { Button, buttonClasses } from '../../../components/button';
import { TextField } from '../../../components/field';
import { EmptyState, LoadError, LoadingState } from '../../../components/list-states';
import { PageHeader } from '../../../components/page-header';
import { describeApiError } from '../../../lib/api-error';
import { formatDollars } from '../../../lib/format';
import { useShop } from '../../../lib/shop';
import { useGetCheckoutConfigQuery, useGetCheckoutSummaryQuery, useListShippingAddressesQuery, usePlaceOrderMutation } from '../api';
import { formatCardNumber, formatExpiry, isExpired, parseExpiry } from '../card-input';
import { OrderSummary } from '../components/order-summary';
import type { StripeCardField, StripeCardHandle } from '../components/stripe-card-field';

interface AddressFields {
  name: string;
  line1: string;
  line2: string;
  city: string;
  state: string;
  postal_code: string;
  country: string;
}
type AddressKey = keyof AddressFields;
type CardKey = 'number' | 'expiry' | 'cvc';
type FieldErrors = Partial<Record<AddressKey | CardKey, string>>;

const EMPTY_ADDRESS: AddressFields = { name: '', line1: '', line2: '', city: '', state: '', postal_code: '', country: 'US' };
const NEW_ADDRESS = 'new';

const ADDRESS_LABELS: Record<AddressKey, string> = {
  name: 'Full name',
  line1: 'Address line 1',
  line2: 'Address line 2 (optional)',
  city: 'City',
  state: 'State',
  postal_code: 'ZIP code',
  country: 'Country',
};

function fieldsOf(address: Address): AddressFields {
  return {
    name: address.name,
    line1: address.line1,
    line2: address.line2 ?? '',
    city: address.city,
    state: address.state,
    postal_code: address.postal_code,
    country: address.country,
  };
}

function oneLine(address: Address): string {
  return [address.line1, address.line2, `${address.city}, ${address.state} ${address.postal_code}`].filter(Boolean).join(', ');
}

/** A checkout attempt is one cart content; a changed cart is a new attempt with a new key. */
function fingerprintOf(summary: CheckoutSummaryResponse): string {
  return summary.items.map((item) => `${item.id}:${item.quantity}:${item.retip_added}:${item.price}`).join('|');
}

function newIdempotencyKey(): string {
  return crypto.randomUUID();
}

interface ConflictItem {
  title: string;
  requested: number;
  available: number;
}

type StripeCard =
  | { status: 'loading' }
  | { status: 'ready'; stripe: Stripe; Field: typeof StripeCardField }
  | { status: 'unavailable' };

const STRIPE_UNAVAILABLE = 'Card payments are unavailable right now: Stripe could not be loaded. Please try again later.';

/**
 * Stripe.js and the card field, fetched only when the server takes cards with Stripe: the module that
 * imports @stripe/* is its own chunk, so the sandbox never downloads it.
 */
function useStripeCard(publishableKey: string | null): StripeCard & { markUnavailable: () => void } {
  const [loaded, setLoaded] = useState<{ key: string; card: StripeCard } | null>(null);

  useEffect(() => {
    if (!publishableKey) return;
    let isCurrent = true;
    import('../components/stripe-card-field')
      .then(async (module) => ({ stripe: await module.loadStripeOnce(publishableKey), Field: module.StripeCardField }))
      .then(
        ({ stripe, Field }) => isCurrent && setLoaded({ key: publishableKey, card: { status: 'ready', stripe, Field } }),
        () => isCurrent && setLoaded({ key: publishableKey, card: { status: 'unavailable' } }),
      );
    return () => {
      isCurrent = false;
    };
  }, [publishableKey]);

  const card: StripeCard = loaded && loaded.key === publishableKey ? loaded.card : { status: 'loading' };
  return {
    ...card,
    markUnavailable: () => publishableKey && setLoaded({ key: publishableKey, card: { status: 'unavailable' } }),
  };
}

type SubmitProblem = { kind: 'declined'; message: string } | { kind: 'stock'; message: string; items: ConflictItem[] } | { kind: 'other'; message: string };

function ProblemsAlert({ problems, onUpdateCart }: { problems: CheckoutProblem[]; onUpdateCart: () => void }) {
  const isBlocking = problems.some((problem) => problem.kind !== 'price_changed');
  return (
    <Alert
      tone={isBlocking ? 'error' : 'warning'}
      title={isBlocking ? 'Some items cannot be ordered as they are' : 'Prices changed since you added these items'}
      action={
        <Button variant="secondary" size="sm" onClick={onUpdateCart}>
          Update cart
        </Button>
      }
    >
      <ul className="list-disc space-y-0.5 pl-4">
        {problems.map((problem) => (
          <li key={`${problem.cartItemId}-${problem.kind}`}>{problem.message}</li>
        ))}
      </ul>
      {isBlocking ? <p className="mt-1">Change these lines in your cart to place the order.</p> : <p className="mt-1">The summary shows the new prices you will pay.</p>}
    </Alert>
  );
}

function CheckoutForm({ summary, addresses }: { summary: CheckoutSummaryResponse; addresses: Address[] }) {
  const navigate = useNavigate();
  const shop = useShop();
  const config = useGetCheckoutConfigQuery();
  const [placeOrder, { isLoading: isPlacing }] = usePlaceOrderMutation();
  const defaultAddress = addresses.find((address) => address.isDefault) ?? addresses[0];
  const [addressChoice, setAddressChoice] = useState<string>(defaultAddress?.id ?? NEW_ADDRESS);
  const [address, setAddress] = useState<AddressFields>(defaultAddress ? fieldsOf(defaultAddress) : EMPTY_ADDRESS);
  const [card, setCard] = useState({ number: '', expiry: '', cvc: '' });
  const [errors, setErrors] = useState<FieldErrors>({});
  const [submitProblem, setSubmitProblem] = useState<SubmitProblem | null>(null);
  const [isPreparingPayment, setIsPreparingPayment] = useState(false);
  // One key per attempt, kept across retries of the same attempt so nothing is charged twice.
  const attemptRef = useRef<{ key: string; fingerprint: string } | null>(null);
  const isSubmittingRef = useRef(false);
  const problemRef = useRef<HTMLDivElement>(null);

  const isSandbox = config.data?.provider === 'sandbox';
  const stripeKey = config.data?.provider === 'stripe' ? config.data.publishableKey : null;
  const stripeCard = useStripeCard(stripeKey);
  const stripeCardRef = useRef<StripeCardHandle>(null);
  const canPay = isSandbox || (stripeKey !== null && stripeCard.status === 'ready');
  const isBlocked = summary.problems.some((problem) => problem.kind !== 'price_changed');

  useEffect(() => {
    if (submitProblem) problemRef.current?.scrollIntoView?.({ block: 'center' });
  }, [submitProblem]);

  function chooseAddress(choice: string) {
    setAddressChoice(choice);
    const saved = addresses.find((item) => item.id === choice);
    setAddress(saved ? fieldsOf(saved) : EMPTY_ADDRESS);
    setErrors({});
  }

  function updateAddress(key: AddressKey, value: string) {
    setAddress((current) => ({ ...current, [key]: value }));
    setErrors((current) => ({ ...current, [key]: undefined }));
  }

  function validate(): FieldErrors {
    const found: FieldErrors = {};
    for (const key of ['name', 'line1', 'city', 'state', 'postal_code', 'country'] as const) {
      if (!address[key].trim()) found[key] = `${ADDRESS_LABELS[key]} is required`;
    }
    // With Stripe the card lives in Stripe's own field, which Stripe checks.
    if (!isSandbox) return found;
    const digits = card.number.replace(/\D/g, '');
    if (digits.length < 12) found.number = 'Enter the card number';
    const expiry = parseExpiry(card.expiry);
    if (!expiry) found.expiry = 'Enter the expiry date as MM / YY';
    else if (isExpired(expiry)) found.expiry = 'This card has expired';
    if (!/^\d{3,4}$/.test(card.cvc)) found.cvc = 'Enter the 3 or 4 digit security code';
    return found;
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (isSubmittingRef.current || !canPay) return;
    const found = validate();
    setErrors(found);
    const firstInvalid = Object.keys(found)[0];
    if (firstInvalid) {
      document.querySelector<HTMLElement>(`[data-field="${firstInvalid}"]`)?.focus();
      return;
    }
    const fingerprint = fingerprintOf(summary);
    if (!attemptRef.current || attemptRef.current.fingerprint !== fingerprint) {
      attemptRef.current = { key: newIdempotencyKey(), fingerprint };
    }
    const idempotencyKey = attemptRef.current.key;
    const expiry = parseExpiry(card.expiry);
    if (isSandbox && !expiry) return;

    isSubmittingRef.current = true;
    setSubmitProblem(null);
    try {
      let payment: CheckoutRequest['payment'];
      if (isSandbox && expiry) {
        payment = { card: { number: card.number.replace(/\s/g, ''), expMonth: expiry.month, expYear: expiry.year, cvc: card.cvc } };
      } else {
        // Stripe.js turns the card into a PaymentMethod; the card number never reaches our server.
        setIsPreparingPayment(true);
        const paymentMethodId = await stripeCardRef.current?.createPaymentMethod();
        setIsPreparingPayment(false);
        if (!paymentMethodId) return;
        payment = { paymentMethodId };
      }
      const { orderId } = await placeOrder({
        idempotencyKey,
        body: { shippingAddress: { ...address, line2: address.line2.trim() || null }, payment },
      }).unwrap();
      shop.resetCartAfterOrder();
      toast.success('Order placed! The sellers will confirm your items shortly.');
      // The confirmation and receipt (orders feature, decision 0009); replace, so Back does not return to a spent checkout.
      navigate(`/myorders/${encodeURIComponent(orderId)}/receipt?placed=1`, { replace: true });
    } catch (error) {
      const details = describeApiError(error);
      if (details.status === 402) {
        setSubmitProblem({ kind: 'declined', message: details.message });
      } else if (details.status === 409) {
        const items = ((error as { data?: { items?: ConflictItem[] } }).data?.items ?? []).map(({ title, requested, available }) => ({ title, requested, available }));
        setSubmitProblem({ kind: 'stock', message: details.message, items });
      } else {
        const fieldErrors: FieldErrors = {};
        for (const [path, message] of Object.entries(details.fieldErrors)) {
          const key = path.split('.').at(-1);
          if (key && key in ADDRESS_LABELS) fieldErrors[key as AddressKey] = message;
          if (key === 'number' || key === 'cvc') fieldErrors[key] = message;
          if (key === 'expMonth' || key === 'expYear') fieldErrors.expiry = message;
        }
        setErrors(fieldErrors);
        setSubmitProblem({ kind: 'other', message: details.message });
      }
    } finally {
      isSubmittingRef.current = false;
      setIsPreparingPayment(false);
    }
  }

  const addressField = (key: AddressKey, props: Partial<Parameters<typeof TextField>[0]> = {}) => (
    <TextField
      label={ADDRESS_LABELS[key]}
      name={key}
      data-field={key}
      value={address[key]}
      error={errors[key]}
      onChange={(event) => updateAddress(key, event.target.value)}
      {...props}
    />
  );

  return (
    <form noValidate onSubmit={submit} className="grid gap-6 lg:grid-cols-[1fr_24rem] lg:items-start">
      <div className="space-y-6">
        {summary.problems.length > 0 && <ProblemsAlert problems={summary.problems} onUpdateCart={shop.openCart} />}

        <section aria-labelledby="shipping-title" className="space-y-4 rounded-2xl border border-slate-200 bg-white p-4 sm:p-5">
          <h2 id="shipping-title" className="text-lg font-semibold text-slate-900">
            Shipping address
          </h2>
          {addresses.length > 0 && (
            <fieldset className="space-y-2">
              <legend className="mb-2 text-sm font-medium text-slate-800">Ship to</legend>
              {addresses.map((saved) => (
                <label key={saved.id} className={`flex cursor-pointer items-start gap-3 rounded-lg border p-3 text-sm ${addressChoice === saved.id ? 'border-brand-600 bg-brand-50' : 'border-slate-200'}`}>
                  <input type="radio" name="saved-address" className="mt-0.5 accent-brand-700" checked={addressChoice === saved.id} onChange={() => chooseAddress(saved.id)} />
                  <span>
                    <span className="font-medium text-slate-900">{saved.name}</span>
                    {saved.isDefault && <span className="ml-2 rounded bg-slate-100 px-1.5 py-0.5 text-xs text-slate-600">Default</span>}
                    <span className="block text-slate-600">{oneLine(saved)}</span>
                  </span>
                </label>
              ))}
              <label className={`flex cursor-pointer items-center gap-3 rounded-lg border p-3 text-sm ${addressChoice === NEW_ADDRESS ? 'border-brand-600 bg-brand-50' : 'border-slate-200'}`}>
                <input type="radio" name="saved-address" className="accent-brand-700" checked={addressChoice === NEW_ADDRESS} onChange={() => chooseAddress(NEW_ADDRESS)} />
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

        <section aria-labelledby="payment-title" className="space-y-4 rounded-2xl border border-slate-200 bg-white p-4 sm:p-5">
          <h2 id="payment-title" className="flex items-center gap-2 text-lg font-semibold text-slate-900">
            <CreditCard className="size-5 text-slate-500" aria-hidden />
            Payment
          </h2>
          {config.isLoading ? (
            <p className="text-sm text-slate-600">Loading payment options…</p>
          ) : config.isError ? (
            <LoadError title="Payment options could not be loaded" error={config.error} onRetry={() => void config.refetch()} isRetrying={config.isFetching} />
          ) : isSandbox ? (
            <>
              <div className="rounded-lg border border-sky-200 bg-sky-50 p-3 text-sm text-sky-900" role="note">
                Test cards: 4242 4242 4242 4242 succeeds, 4000 0000 0000 0002 is declined. Any future expiry date and any 3-digit CVC.
              </div>
              <div className="grid gap-4 sm:grid-cols-[1fr_8rem_6rem]">
                <TextField
                  label="Card number"
                  name="cardnumber"
                  data-field="number"
                  autoComplete="cc-number"
                  inputMode="numeric"
                  placeholder="1234 1234 1234 1234"
                  value={card.number}
                  error={errors.number}
                  onChange={(event) => {
                    setCard((current) => ({ ...current, number: formatCardNumber(event.target.value) }));
                    setErrors((current) => ({ ...current, number: undefined }));
                  }}
                />
                <TextField
                  label="Expiry (MM / YY)"
                  name="cc-exp"
                  data-field="expiry"
                  autoComplete="cc-exp"
                  inputMode="numeric"
                  placeholder="MM / YY"
                  value={card.expiry}
                  error={errors.expiry}
                  onChange={(event) => {
                    const next = event.target.value;
                    setCard((current) => ({ ...current, expiry: formatExpiry(next, current.expiry) }));
                    setErrors((current) => ({ ...current, expiry: undefined }));
                  }}
                />
                <TextField
                  label="CVC"
                  name="cvc"
                  data-field="cvc"
                  autoComplete="cc-csc"
                  inputMode="numeric"
                  placeholder="123"
                  value={card.cvc}
                  error={errors.cvc}
                  onChange={(event) => {
                    setCard((current) => ({ ...current, cvc: event.target.value.replace(/\D/g, '').slice(0, 4) }));
                    setErrors((current) => ({ ...current, cvc: undefined }));
                  }}
                />
              </div>
            </>
          ) : !stripeKey ? (
            <Alert tone="warning" title="Card payments are not set up">
              This marketplace takes payments with Stripe, but no Stripe publishable key is configured, so orders cannot be paid here yet.
            </Alert>
          ) : stripeCard.status === 'ready' ? (
            <>
              <stripeCard.Field stripe={stripeCard.stripe} handleRef={stripeCardRef} onUnavailable={stripeCard.markUnavailable} />
              <p className="text-xs text-slate-500">Your card details go straight to Stripe and never reach our servers.</p>
            </>
          ) : stripeCard.status === 'unavailable' ? (
            <Alert tone="error">{STRIPE_UNAVAILABLE}</Alert>
          ) : (
            <p className="text-sm text-slate-600">Loading the secure card form…</p>
          )}
        </section>
      </div>

      <div className="space-y-4 lg:sticky lg:top-20">
        <OrderSummary summary={summary} />
        <div ref={problemRef}>
          {submitProblem?.kind === 'declined' && (
            <Alert tone="error" title="Payment declined">
              {submitProblem.message} Check the card details or use another card, then try again.
            </Alert>
          )}
          {submitProblem?.kind === 'stock' && (
            <Alert
              tone="error"
              title="Some items just ran out"
              action={
                <Button variant="secondary" size="sm" onClick={shop.openCart}>
                  Update cart
                </Button>
              }
            >
              <p>{submitProblem.message}</p>
              {submitProblem.items.length > 0 && (
                <ul className="mt-1 list-disc pl-4">
                  {submitProblem.items.map((item) => (
                    <li key={item.title}>
                      {item.title}: {item.available === 0 ? 'out of stock' : `only ${item.available} left`} (you asked for {item.requested})
                    </li>
                  ))}
                </ul>
              )}
            </Alert>
          )}
          {submitProblem?.kind === 'other' && <Alert tone="error">{submitProblem.message}</Alert>}
        </div>
        <Button type="submit" size="lg" className="w-full" isBusy={isPlacing || isPreparingPayment} busyLabel="Placing order…" disabled={!canPay || isBlocked}>
          <Lock className="size-4" aria-hidden />
          Place order
        </Button>
        <p className="text-center text-xs text-slate-500">
          You pay {formatDollars(summary.orderTotal)}. Each seller confirms their items; cancel any time before they do.
        </p>
      </div>
    </form>
  );
}

/** /products/checkout: what changed, where it goes, how it is paid. */
export function CheckoutPage() {
  const summary = useGetCheckoutSummaryQuery(undefined, { refetchOnMountOrArgChange: true });
  const addresses = useListShippingAddressesQuery();

  let body;
  if (summary.isLoading || addresses.isLoading) body = <LoadingState label="Loading your order…" />;
  else if (summary.isError) body = <LoadError title="Your order could not be loaded" error={summary.error} onRetry={() => void summary.refetch()} isRetrying={summary.isFetching} />;
  else if (!summary.data || summary.data.items.length === 0)
    body = (
      <EmptyState
        title="Your cart is empty"
        action={
          <Link to="/products" className={buttonClasses({ variant: 'secondary' })}>
            Browse products
          </Link>
        }
      >
        Add something to your cart, then come back here to pay.
      </EmptyState>
    );
  else body = <CheckoutForm summary={summary.data} addresses={addresses.data ?? []} />;

  return (
    <div className="space-y-6">
      <PageHeader title="Checkout" description="Confirm your delivery address and pay securely for the items in your cart." />
      {body}
    </div>
  );
}
