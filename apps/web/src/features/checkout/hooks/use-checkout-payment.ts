import { useEffect, useRef, useState } from 'react';
import type { Stripe } from '@stripe/stripe-js';
import { useGetCheckoutConfigQuery } from '../api';
import type { StripeCardField, StripeCardHandle } from '../components/stripe-card-field';

export type StripeCard = { status: 'loading' } | { status: 'ready'; stripe: Stripe; Field: typeof StripeCardField } | { status: 'unavailable' };

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

/** How this marketplace takes cards (the sandbox's typed card, or Stripe's field) and whether it can now. */
export function useCheckoutPayment() {
  const config = useGetCheckoutConfigQuery();
  const isSandbox = config.data?.provider === 'sandbox';
  const stripeKey = config.data?.provider === 'stripe' ? config.data.publishableKey : null;
  const stripeCard = useStripeCard(stripeKey);
  const stripeCardRef = useRef<StripeCardHandle>(null);
  const canPay = isSandbox || (stripeKey !== null && stripeCard.status === 'ready');
  return { config, isSandbox, stripeKey, stripeCard, stripeCardRef, canPay };
}

export type CheckoutPayment = ReturnType<typeof useCheckoutPayment>;
