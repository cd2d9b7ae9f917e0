import { useEffect, useState } from 'react';
import { skipToken } from '@reduxjs/toolkit/query';
import { Link } from 'react-router';
import { Lock } from 'lucide-react';
import type { CheckoutSummaryResponse, GiftInput } from '@marketplace/contracts/orders';
import type { Address } from '@marketplace/contracts/users';
import { normaliseUsPostalCode } from '@marketplace/domain/us-address';
import { Button, buttonClasses } from '../../../components/button';
import { EmptyState, LoadError, LoadingState } from '../../../components/list-states';
import { PageHeader } from '../../../components/page-header';
import { formatDollars } from '../../../lib/format';
import { useShop } from '../../../lib/shop';
import { useForm } from '../../../lib/use-form';
import { useGetCheckoutSummaryQuery, useListShippingAddressesQuery } from '../api';
import {
  addressFieldsOf,
  checkoutFieldOf,
  EMPTY_ADDRESS,
  EMPTY_CARD,
  sandboxCheckoutFormSchema,
  stripeCheckoutFormSchema,
  type CheckoutFormOutput,
  type CheckoutFormValues,
} from '../checkout-form-schema';
import { AddressFieldset, NEW_ADDRESS } from '../components/address-fieldset';
import { CardFields } from '../components/card-fields';
import { CartProblemsAlert, SubmitProblemAlert } from '../components/checkout-alerts';
import { GiftOptions } from '../components/gift-options';
import { OrderSummary } from '../components/order-summary';
import { SandboxAuthenticationDialog } from '../components/sandbox-authentication-dialog';
import { useCheckoutPayment } from '../hooks/use-checkout-payment';
import { useCheckoutSubmit } from '../hooks/use-checkout-submit';

/** The 5-digit ZIP code of what was typed, or null while it is not one (the summary then leaves out what needs it). */
const zipOf = (value: string): string | null => normaliseUsPostalCode(value)?.slice(0, 5) ?? null;

interface CheckoutFormProps {
  summary: CheckoutSummaryResponse;
  addresses: Address[];
  /** The ZIP code the address now says (null: none yet): the summary is read again for it. */
  onPostalCode: (postalCode: string | null) => void;
  /** The summary is being read again (a new ZIP code): the total beside the button is not yet the one to pay. */
  isUpdating: boolean;
}

function CheckoutForm({ summary, addresses, onPostalCode, isUpdating }: CheckoutFormProps) {
  const shop = useShop();
  const payment = useCheckoutPayment();
  const defaultAddress = addresses.find((address) => address.isDefault) ?? addresses[0];
  const [addressChoice, setAddressChoice] = useState<string>(defaultAddress?.id ?? NEW_ADDRESS);
  const form = useForm<CheckoutFormValues, CheckoutFormOutput>({
    initialValues: () => ({ ...(defaultAddress ? addressFieldsOf(defaultAddress) : EMPTY_ADDRESS), ...EMPTY_CARD }),
    schema: payment.isSandbox ? sandboxCheckoutFormSchema : stripeCheckoutFormSchema,
    fieldOf: checkoutFieldOf,
  });
  // The shops' parts sent as gifts: a checkbox and a message per shop, sent beside the form's fields.
  const [gifts, setGifts] = useState<GiftInput[]>([]);
  const { onSubmit, problem, problemRef, isPlacing, sandboxAuthentication, answerSandboxAuthentication } = useCheckoutSubmit({ summary, form, payment, gifts });
  const isBlocked = summary.problems.some((item) => item.kind !== 'price_changed');
  // Each shop's shipping and dates follow the address's ZIP code, as the order will be charged.
  const typedZip = zipOf(form.values.postal_code);
  useEffect(() => onPostalCode(typedZip), [typedZip, onPostalCode]);
  // The total shown must be the one for this address before it can be paid.
  const isTotalForAddress = !isUpdating && summary.shippingCalculated && summary.destination?.postalCode === typedZip;

  function chooseAddress(choice: string) {
    setAddressChoice(choice);
    const saved = addresses.find((item) => item.id === choice);
    form.setValues((current) => ({ ...current, ...(saved ? addressFieldsOf(saved) : EMPTY_ADDRESS) }));
    form.showErrors({});
  }

  return (
    <form noValidate onSubmit={onSubmit} className="grid gap-6 lg:grid-cols-[1fr_24rem] lg:items-start">
      <div className="space-y-6">
        {summary.problems.length > 0 && <CartProblemsAlert problems={summary.problems} onUpdateCart={shop.openCart} />}
        <AddressFieldset addresses={addresses} choice={addressChoice} onChoose={chooseAddress} form={form} />
        <GiftOptions summary={summary} gifts={gifts} onChange={setGifts} />
        <CardFields payment={payment} form={form} />
      </div>

      <div className="space-y-4 lg:sticky lg:top-20">
        <OrderSummary summary={summary} isUpdating={isUpdating} />
        <div ref={problemRef}>{problem && <SubmitProblemAlert problem={problem} onUpdateCart={shop.openCart} />}</div>
        <Button
          type="submit"
          size="lg"
          className="w-full"
          isBusy={isPlacing}
          busyLabel="Placing order…"
          disabled={!payment.canPay || isBlocked || !isTotalForAddress}
        >
          <Lock className="size-4" aria-hidden />
          Place order
        </Button>
        <p className="text-center text-xs text-slate-500" aria-live="polite">
          {isTotalForAddress
            ? `You pay ${formatDollars(summary.orderTotal)}. Each seller confirms their items; cancel any time before they do.`
            : isUpdating
              ? 'Working out shipping to your address…'
              : typedZip === null
                ? 'Enter the ZIP code of your shipping address to see shipping and the total.'
                : (summary.shippingNote ?? 'Working out shipping to your address…')}
        </p>
      </div>
      {sandboxAuthentication && <SandboxAuthenticationDialog amount={sandboxAuthentication.amount} onAnswer={answerSandboxAuthentication} />}
    </form>
  );
}

/** /products/checkout: what changed, where it goes, how it is paid. */
export function CheckoutPage() {
  const addresses = useListShippingAddressesQuery();
  // The ZIP code the summary is figured to: the form says it once it shows; until then the default address's.
  const [postalCode, setPostalCode] = useState<string | null | undefined>(undefined);
  const savedAddress = addresses.data?.find((address) => address.isDefault) ?? addresses.data?.[0];
  const destination = postalCode !== undefined ? postalCode : savedAddress ? zipOf(savedAddress.postal_code) : null;
  const summary = useGetCheckoutSummaryQuery(addresses.isLoading ? skipToken : { postalCode: destination }, { refetchOnMountOrArgChange: true });

  let body;
  if (summary.isLoading || addresses.isLoading) body = <LoadingState label="Loading your order…" />;
  // A summary read again for a new ZIP code that fails keeps the form (and what was typed) on the page.
  else if (summary.isError && !summary.data)
    body = <LoadError title="Your order could not be loaded" error={summary.error} onRetry={() => void summary.refetch()} isRetrying={summary.isFetching} />;
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
  else body = <CheckoutForm summary={summary.data} addresses={addresses.data ?? []} onPostalCode={setPostalCode} isUpdating={summary.isFetching} />;

  return (
    <div className="space-y-6">
      <PageHeader title="Checkout" description="Confirm your delivery address and pay securely for the items in your cart." />
      {body}
    </div>
  );
}
