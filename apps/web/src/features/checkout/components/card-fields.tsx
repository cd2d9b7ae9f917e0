import { CreditCard } from 'lucide-react';
import { Alert } from '../../../components/alert';
import { TextField } from '../../../components/field';
import { LoadError } from '../../../components/list-states';
import type { Form } from '../../../lib/use-form';
import { formatCardNumber, formatExpiry } from '../card-input';
import type { CheckoutFormOutput, CheckoutFormValues } from '../checkout-form-schema';
import type { CheckoutPayment } from '../hooks/use-checkout-payment';

const STRIPE_UNAVAILABLE = 'Card payments are unavailable right now: Stripe could not be loaded. Please try again later.';

const onlyDigits = (text: string) => text.replace(/\D/g, '').slice(0, 4);

/**
 * The Payment section: in the sandbox the card is typed into our fields (with the test cards to use);
 * with Stripe it goes into Stripe's own field, loaded on demand, and never reaches our server.
 */
export function CardFields({ payment, form }: { payment: CheckoutPayment; form: Form<CheckoutFormValues, CheckoutFormOutput> }) {
  const { config, isSandbox, stripeKey, stripeCard, stripeCardRef } = payment;
  return (
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
            Test cards: 4242 4242 4242 4242 succeeds, 4000 0000 0000 0002 is declined, 4000 0025 0000 3155 asks you to authenticate. Any future expiry date and
            any 3-digit CVC.
          </div>
          <div className="grid gap-4 sm:grid-cols-[1fr_8rem_6rem]">
            <TextField
              label="Card number"
              {...form.field('number', { format: formatCardNumber })}
              name="cardnumber"
              data-field="number"
              autoComplete="cc-number"
              inputMode="numeric"
              placeholder="1234 1234 1234 1234"
            />
            <TextField
              label="Expiry (MM / YY)"
              {...form.field('expiry', { format: formatExpiry })}
              name="cc-exp"
              data-field="expiry"
              autoComplete="cc-exp"
              inputMode="numeric"
              placeholder="MM / YY"
            />
            <TextField
              label="CVC"
              {...form.field('cvc', { format: onlyDigits })}
              data-field="cvc"
              autoComplete="cc-csc"
              inputMode="numeric"
              placeholder="123"
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
  );
}
