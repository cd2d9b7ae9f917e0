import type { Config } from '../../config';
import type { Clock } from '../../lib/clock';
import type { PaymentProvider } from './port';
import { createSandboxPaymentProvider } from './sandbox';
import { createStripePaymentProvider } from './stripe';

/** Stripe when STRIPE_SECRET_KEY is set; otherwise the embedded sandbox (no keys, no network). */
export function createPaymentProvider(config: Config, clock: Clock): PaymentProvider {
  if (config.stripeSecretKey) {
    return createStripePaymentProvider({ secretKey: config.stripeSecretKey, publishableKey: config.stripePublishableKey ?? null });
  }
  return createSandboxPaymentProvider({ clock });
}
