import { useId, useImperativeHandle, useState, type Ref } from 'react';
import { CardElement, Elements, useElements, useStripe } from '@stripe/react-stripe-js';
import { loadStripe, type Stripe } from '@stripe/stripe-js';

/**
 * The Stripe card field. This module is the only one that imports Stripe.js, and the checkout page
 * imports it dynamically in Stripe mode only, so the sandbox bundle never carries it.
 */

const stripeLoads = new Map<string, Promise<Stripe>>();

/** Loads Stripe.js once per publishable key; a failed load is forgotten so a later visit tries again. */
export function loadStripeOnce(publishableKey: string): Promise<Stripe> {
  let load = stripeLoads.get(publishableKey);
  if (!load) {
    load = loadStripe(publishableKey).then((stripe) => {
      if (!stripe) throw new Error('Stripe.js is not available in this environment');
      return stripe;
    });
    stripeLoads.set(publishableKey, load);
    load.catch(() => stripeLoads.delete(publishableKey));
  }
  return load;
}

export interface StripeCardHandle {
  /** Turns the card in the field into a PaymentMethod; null when Stripe refused it (the reason is shown under the field). */
  createPaymentMethod(): Promise<string | null>;
}

interface StripeCardFieldProps {
  stripe: Stripe;
  handleRef: Ref<StripeCardHandle>;
  /** The card iframe itself could not load. */
  onUnavailable: () => void;
}

export function StripeCardField({ stripe, handleRef, onUnavailable }: StripeCardFieldProps) {
  return (
    <Elements stripe={stripe}>
      <CardField handleRef={handleRef} onUnavailable={onUnavailable} />
    </Elements>
  );
}

function CardField({ handleRef, onUnavailable }: Omit<StripeCardFieldProps, 'stripe'>) {
  const stripe = useStripe();
  const elements = useElements();
  const id = useId();
  const labelId = `${id}-label`;
  const errorId = `${id}-error`;
  const [error, setError] = useState<string | null>(null);

  useImperativeHandle(
    handleRef,
    () => ({
      async createPaymentMethod() {
        const card = elements?.getElement(CardElement);
        if (!stripe || !card) {
          setError('The card form is still loading. Please wait a moment and try again.');
          return null;
        }
        const result = await stripe.createPaymentMethod({ type: 'card', card });
        if (result.error) {
          setError(result.error.message ?? 'The card details could not be checked. Please review them and try again.');
          card.focus();
          return null;
        }
        setError(null);
        return result.paymentMethod.id;
      },
    }),
    [stripe, elements],
  );

  return (
    <div>
      <label id={labelId} htmlFor={id} className="mb-1.5 block text-sm font-medium text-slate-800">
        Card details
      </label>
      <div role="group" aria-labelledby={labelId} aria-describedby={error ? errorId : undefined} aria-invalid={error ? true : undefined}>
        <CardElement
          id={id}
          className={`rounded-lg border bg-white px-3 py-3 shadow-sm ${error ? 'border-red-500' : 'border-slate-300'}`}
          options={{ style: { base: { fontSize: '16px', color: '#0f172a', '::placeholder': { color: '#94a3b8' } } } }}
          onChange={(event) => setError(event.error?.message ?? null)}
          onLoadError={onUnavailable}
        />
      </div>
      {error && (
        <p id={errorId} role="alert" className="mt-1.5 text-sm font-medium text-red-700">
          {error}
        </p>
      )}
    </div>
  );
}
