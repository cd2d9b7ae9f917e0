import type { Config } from '../../config';
import type { Database } from '../../db/client';
import type { Clock } from '../../lib/clock';
import type { ConnectProvider } from './connect-port';
import { createSandboxConnectProvider } from './connect-sandbox';
import { createSandboxConnectStore } from './connect-sandbox.repository';
import { createStripeConnectProvider } from './stripe-connect';

/** Stripe Connect when STRIPE_SECRET_KEY is set; otherwise the embedded sandbox (its own tables, local pages). */
export function createConnectProvider(config: Config, clock: Clock, db: Database): ConnectProvider {
  const webhookSecrets = { webhookSecret: config.stripeWebhookSecret ?? null, connectWebhookSecret: config.stripeConnectWebhookSecret ?? null };
  if (config.stripeSecretKey) return createStripeConnectProvider({ secretKey: config.stripeSecretKey, ...webhookSecrets });
  return createSandboxConnectProvider({ store: createSandboxConnectStore(db), clock, publicUrl: config.publicUrl, ...webhookSecrets });
}
