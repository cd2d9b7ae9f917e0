import Stripe from 'stripe';
import { PaymentDeclinedError, PaymentValidationError, type PaymentProvider } from './port';

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
            // No redirects: the buyer stays on the checkout page.
            automatic_payment_methods: { enabled: true, allow_redirects: 'never' },
            expand: ['latest_charge'],
          },
          { idempotencyKey: request.idempotencyKey },
        );
        if (intent.status !== 'succeeded') {
          throw new PaymentDeclinedError('This card needs extra authentication, which is not supported here. Please use another card.', 'authentication_required');
        }
        const charge = typeof intent.latest_charge === 'object' ? intent.latest_charge : null;
        const card = charge?.payment_method_details?.card;
        return { id: intent.id, status: 'succeeded', cardBrand: card?.brand ?? null, cardLast4: card?.last4 ?? null };
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
