import Stripe from 'stripe';
import { PaymentDeclinedError, PaymentValidationError, type ChargeOutcome, type CheckoutReference, type PaymentProvider } from './port';

/** What Stripe says when the buyer fails or abandons 3-D Secure (the PaymentIntent needs a new payment method). */
const AUTHENTICATION_FAILED = {
  message: 'We are unable to authenticate your payment method. Please choose a different payment method and try again.',
  code: 'payment_intent_authentication_failure',
} as const;

export interface StripePaymentProviderOptions {
  secretKey: string;
  publishableKey: string | null;
  /** Tests point the SDK at a local fake of Stripe's API. */
  host?: string;
  port?: number;
  protocol?: 'http' | 'https';
}

function isStripeError(error: unknown): error is { type: string; message: string; code?: string; decline_code?: string; param?: string } {
  return typeof error === 'object' && error !== null && typeof (error as { type?: unknown }).type === 'string' && 'rawType' in error;
}

/**
 * Stripe behind the payment port: a PaymentIntent confirmed at once with the PaymentMethod that
 * Stripe.js made in the browser, and refunds against it. Both send Stripe's Idempotency-Key, so a
 * retried call never charges or refunds twice. Card numbers never reach this server with Stripe.
 */
/**
 * Which checkout a PaymentIntent pays for, as Stripe keeps it (metadata and shipping): the
 * payment_intent.succeeded webhook places the order from it when the buyer never came back from 3-D
 * Secure. The names are read back by the webhook (stripe-connect.ts).
 */
function checkoutFieldsOf(checkout: CheckoutReference): Pick<Stripe.PaymentIntentCreateParams, 'metadata' | 'shipping'> {
  const address = checkout.shippingAddress;
  return {
    metadata: { checkout_buyer_id: checkout.buyerId, checkout_idempotency_key: checkout.idempotencyKey, checkout_request_hash: checkout.requestHash },
    shipping: {
      name: address.name,
      address: {
        line1: address.line1,
        ...(address.line2 ? { line2: address.line2 } : {}),
        city: address.city,
        state: address.state,
        postal_code: address.postal_code,
        country: address.country,
      },
    },
  };
}

/** A PaymentIntent as the port's answer: paid, waiting for the buyer's authentication, or declined. */
function outcomeOf(intent: Stripe.PaymentIntent): ChargeOutcome {
  switch (intent.status) {
    case 'succeeded': {
      const charge = typeof intent.latest_charge === 'object' ? intent.latest_charge : null;
      const card = charge?.payment_method_details?.card;
      return { id: intent.id, status: 'succeeded', cardBrand: card?.brand ?? null, cardLast4: card?.last4 ?? null };
    }
    case 'requires_action':
      if (!intent.client_secret) throw new Error(`Stripe answered PaymentIntent ${intent.id} without its client secret`);
      return { id: intent.id, status: 'requires_action', clientSecret: intent.client_secret };
    case 'requires_payment_method': {
      // The authentication failed or was abandoned; Stripe keeps the card's own refusal when there is one.
      const last = intent.last_payment_error;
      const isAuthentication = !last || last.code === AUTHENTICATION_FAILED.code;
      throw new PaymentDeclinedError(
        isAuthentication ? AUTHENTICATION_FAILED.message : (last.message ?? 'Your card was declined.'),
        isAuthentication ? AUTHENTICATION_FAILED.code : (last.decline_code ?? last.code ?? 'card_declined'),
      );
    }
    case 'processing':
      // Not settled yet: an unknown outcome (502), not a decline. The same request sent again reads it
      // afresh, and the payment_intent.succeeded webhook places the order if it succeeds meanwhile.
      throw new Error(`Stripe is still processing PaymentIntent ${intent.id}`);
    default:
      // requires_capture, canceled…: nothing this checkout (automatic capture, cards only) expects.
      throw new PaymentDeclinedError(
        `The payment could not be completed (Stripe status ${intent.status}). Please try again or use another card.`,
        intent.status,
      );
  }
}

export function createStripePaymentProvider(options: StripePaymentProviderOptions): PaymentProvider {
  const stripe = new Stripe(options.secretKey, {
    // Our own idempotency keys make retries safe; the SDK's are off so failures surface at once.
    maxNetworkRetries: 0,
    timeout: 20_000,
    telemetry: false,
    ...(options.host ? { host: options.host } : {}),
    ...(options.port ? { port: options.port } : {}),
    ...(options.protocol ? { protocol: options.protocol } : {}),
  });

  return {
    name: 'stripe',
    publishableKey: options.publishableKey,

    async charge(request) {
      if (!('paymentMethodId' in request.source)) {
        throw new PaymentValidationError('Card details must be entered in the secure Stripe payment form', 'card');
      }
      try {
        const intent = await stripe.paymentIntents.create(
          {
            amount: request.amountCents,
            currency: request.currency,
            payment_method: request.source.paymentMethodId,
            confirm: true,
            description: request.description,
            // No redirects: the buyer stays on the checkout page; 3-D Secure runs in Stripe.js's own
            // dialog (handleNextAction), which needs the next action in Stripe.js's form.
            automatic_payment_methods: { enabled: true, allow_redirects: 'never' },
            use_stripe_sdk: true,
            expand: ['latest_charge'],
            ...(request.checkout ? checkoutFieldsOf(request.checkout) : {}),
          },
          { idempotencyKey: request.idempotencyKey },
        );
        // The same key replays Stripe's first answer: a payment that asked for authentication is
        // read again to learn what the buyer did since.
        const current = intent.status === 'succeeded' ? intent : await stripe.paymentIntents.retrieve(intent.id, { expand: ['latest_charge'] });
        return outcomeOf(current);
      } catch (error) {
        if (error instanceof PaymentDeclinedError) throw error;
        if (isStripeError(error) && error.type === 'StripeCardError') {
          throw new PaymentDeclinedError(error.message, error.decline_code ?? error.code ?? 'card_declined');
        }
        if (isStripeError(error) && error.type === 'StripeInvalidRequestError') throw new PaymentValidationError(error.message, error.param);
        throw error;
      }
    },

    async refund(request) {
      try {
        const refund = await stripe.refunds.create(
          { payment_intent: request.paymentId, amount: request.amountCents },
          { idempotencyKey: request.idempotencyKey },
        );
        return { id: refund.id };
      } catch (error) {
        if (isStripeError(error) && error.type === 'StripeInvalidRequestError') throw new PaymentValidationError(error.message, error.param);
        throw error;
      }
    },
  };
}
