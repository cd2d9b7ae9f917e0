import Stripe from 'stripe';
import { z } from 'zod';
import {
  ConnectError,
  WebhookModeMismatchError,
  WebhookPayloadError,
  WebhookSignatureError,
  type ConnectAccount,
  type ConnectEvent,
  type ConnectProvider,
  type SucceededCheckoutPayment,
} from './connect-port';

export interface StripeConnectProviderOptions {
  secretKey: string;
  /** The platform endpoint's signing secret (whsec_…); without it and the Connect one every webhook is refused. */
  webhookSecret: string | null;
  /**
   * The Connect endpoint's signing secret: Stripe signs connected-account events (payouts, account
   * updates) with the secret of the endpoint that listens to them, which is another endpoint with its
   * own secret even when both point at the same URL.
   */
  connectWebhookSecret?: string | null;
  /** Tests point the SDK at a local fake of Stripe's API. */
  host?: string;
  port?: number;
  protocol?: 'http' | 'https';
}

/** Stripe's id of an expandable field, whether it arrived as an id or as the expanded object. */
function idOf(value: string | { id: string } | null | undefined): string | null {
  if (value === null || value === undefined) return null;
  return typeof value === 'string' ? value : value.id;
}

function toConnectAccount(account: Stripe.Account): ConnectAccount {
  const requirements = account.requirements;
  const due = [...(requirements?.currently_due ?? []), ...(requirements?.past_due ?? [])];
  return {
    id: account.id,
    detailsSubmitted: account.details_submitted,
    payoutsEnabled: account.payouts_enabled,
    transfersActive: account.capabilities?.transfers === 'active',
    requirementsDue: [...new Set(due)],
    disabledReason: requirements?.disabled_reason ?? null,
  };
}

/**
 * Stripe's answers as the port's errors: what the caller can do about it (fix the request, wait and
 * retry the same request, or fix the configuration). Anything that is not a Stripe error is a bug
 * here and is rethrown unchanged.
 */
function toConnectError(error: unknown): unknown {
  if (!(error instanceof Stripe.errors.StripeError)) return error;
  // Stripe answers an unknown (or foreign) account id with 403 account_invalid, not resource_missing.
  if (error.code === 'account_invalid') return new ConnectError(error.message, 'account_not_found', false);
  // The destination has not finished onboarding: transfers are not active on it yet.
  if (error.code === 'insufficient_capabilities_for_transfer') return new ConnectError(error.message, 'account_not_ready', false);
  switch (error.type) {
    case 'StripeInvalidRequestError':
      if (error.code === 'resource_missing' || error.message.includes('No such account')) {
        return new ConnectError(error.message, 'account_not_found', false);
      }
      if (error.code === 'balance_insufficient') {
        return new ConnectError(error.message, 'insufficient_funds', false);
      }
      return new ConnectError(error.message, 'invalid_request', false);
    case 'StripeIdempotencyError':
      // The same key was sent with different parameters: a bug in how keys are derived, never retryable.
      return new ConnectError(error.message, 'invalid_request', false);
    case 'StripeConnectionError':
    case 'StripeAPIError':
    case 'StripeRateLimitError':
      return new ConnectError(`Stripe is unavailable: ${error.message}`, 'provider_unavailable', true);
    case 'StripeAuthenticationError':
    case 'StripePermissionError':
      return new ConnectError(
        `Stripe refused the platform's secret key (check STRIPE_SECRET_KEY and that Connect is enabled): ${error.message}`,
        'provider_unavailable',
        false,
      );
    default:
      return new ConnectError(`Stripe error: ${error.message}`, 'provider_unavailable', (error.statusCode ?? 500) >= 500);
  }
}

async function callStripe<T>(request: () => Promise<T>): Promise<T> {
  try {
    return await request();
  } catch (error) {
    throw toConnectError(error);
  }
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

// What each event we apply reads of its object, as Stripe always sends it; other fields pass through.
const stripeId = z.string().min(1);
const cents = z.number().int();
const expandableId = z.union([stripeId, z.looseObject({ id: stripeId })]).nullish();
const APPLIED_OBJECTS = new Map<string, z.ZodType>([
  ['account.updated', z.looseObject({ id: stripeId, details_submitted: z.boolean(), payouts_enabled: z.boolean() })],
  ['transfer.reversed', z.looseObject({ id: stripeId, amount_reversed: cents })],
  ['payout.paid', z.looseObject({ id: stripeId, amount: cents })],
  ['payout.failed', z.looseObject({ id: stripeId, amount: cents })],
  ['charge.refunded', z.looseObject({ id: stripeId, amount_refunded: cents, payment_intent: expandableId })],
  ['charge.dispute.created', z.looseObject({ id: stripeId, amount: cents, charge: expandableId, payment_intent: expandableId })],
  ['payment_intent.succeeded', z.looseObject({ id: stripeId, amount: cents })],
]);

/**
 * A signed body is Stripe's, but it is still read before it is trusted: an event without an id, a type or
 * an object in `data`, or whose object lacks what its type is applied with, is refused rather than
 * crashing half-way (docs/product/payouts.md).
 */
function assertApplicableEvent(event: unknown): asserts event is Stripe.Event {
  if (!isRecord(event) || typeof event.id !== 'string' || event.id === '' || typeof event.type !== 'string' || event.type === '') {
    throw new WebhookPayloadError('The webhook event has no id or type');
  }
  if (!isRecord(event.data) || !isRecord(event.data.object)) throw new WebhookPayloadError('The webhook event has no object to apply');
  const shape = APPLIED_OBJECTS.get(event.type);
  if (shape && !shape.safeParse(event.data.object).success) {
    throw new WebhookPayloadError(`The webhook event's object is not a ${event.type} object that can be applied`);
  }
}

function toConnectEvent(event: Stripe.Event): ConnectEvent {
  switch (event.type) {
    case 'account.updated':
      return { id: event.id, type: 'account.updated', account: toConnectAccount(event.data.object) };
    case 'transfer.reversed':
      return { id: event.id, type: 'transfer.reversed', transferId: event.data.object.id, amountReversedCents: event.data.object.amount_reversed };
    case 'payout.paid':
    case 'payout.failed': {
      const payout = event.data.object;
      return {
        id: event.id,
        type: event.type,
        // Payouts happen on the connected account: Connect webhooks name it in `account`.
        accountId: event.account ?? null,
        payoutId: payout.id,
        amountCents: payout.amount,
        failureMessage: payout.failure_message,
      };
    }
    case 'charge.refunded': {
      const charge = event.data.object;
      return {
        id: event.id,
        type: 'charge.refunded',
        paymentIntentId: idOf(charge.payment_intent),
        chargeId: charge.id,
        amountRefundedCents: charge.amount_refunded,
      };
    }
    case 'charge.dispute.created': {
      const dispute = event.data.object;
      return {
        id: event.id,
        type: 'charge.dispute.created',
        paymentIntentId: idOf(dispute.payment_intent),
        chargeId: idOf(dispute.charge) ?? '',
        amountCents: dispute.amount,
        reason: dispute.reason,
      };
    }
    case 'payment_intent.succeeded':
      return { id: event.id, type: 'payment_intent.succeeded', payment: succeededPaymentOf(event.data.object) };
    default:
      return { id: event.id, type: 'other', providerType: event.type };
  }
}

/** A succeeded PaymentIntent, with the checkout reference the payment adapter (stripe.ts) kept on it. */
function succeededPaymentOf(intent: Stripe.PaymentIntent): SucceededCheckoutPayment {
  const charge = typeof intent.latest_charge === 'object' ? intent.latest_charge : null;
  const card = charge?.payment_method_details?.card;
  const metadata = intent.metadata ?? {};
  const address = intent.shipping?.address;
  const hasCheckout = Boolean(metadata.checkout_buyer_id && metadata.checkout_idempotency_key && metadata.checkout_request_hash && intent.shipping && address);
  return {
    paymentId: intent.id,
    amountCents: intent.amount_received || intent.amount,
    paymentMethodId: idOf(intent.payment_method),
    cardBrand: card?.brand ?? null,
    cardLast4: card?.last4 ?? null,
    checkout:
      hasCheckout && intent.shipping && address
        ? {
            buyerId: metadata.checkout_buyer_id!,
            idempotencyKey: metadata.checkout_idempotency_key!,
            requestHash: metadata.checkout_request_hash!,
            shippingAddress: {
              name: intent.shipping.name ?? '',
              line1: address.line1 ?? '',
              line2: address.line2 || null,
              city: address.city ?? '',
              state: address.state ?? '',
              postal_code: address.postal_code ?? '',
              country: address.country ?? '',
            },
          }
        : null,
  };
}

/** A `Stripe-Signature` header for a payload, as Stripe would send it (tests and the sandbox). */
export function signStripeWebhookPayload(payload: string, secret: string, timestamp?: number): string {
  return Stripe.webhooks.generateTestHeaderString({ payload, secret, ...(timestamp === undefined ? {} : { timestamp }) });
}

/**
 * Stripe Connect behind the Connect port: Express accounts in the US with the transfers capability,
 * Stripe-hosted onboarding and dashboard links, transfers from the platform balance, and signed
 * webhooks. Creating accounts and transfers sends Stripe's Idempotency-Key, so a retried call never
 * makes a second account or sends money twice.
 */
/** Whether a secret or restricted key works on live data (sk_live_/rk_live_) rather than test data. */
export function isLiveModeKey(secretKey: string): boolean {
  return /^(sk|rk)_live_/.test(secretKey);
}

export function createStripeConnectProvider(options: StripeConnectProviderOptions): ConnectProvider {
  const stripe = new Stripe(options.secretKey, {
    // Our own idempotency keys make retries safe; the SDK's are off so failures surface at once.
    maxNetworkRetries: 0,
    timeout: 20_000,
    telemetry: false,
    ...(options.host ? { host: options.host } : {}),
    ...(options.port ? { port: options.port } : {}),
    ...(options.protocol ? { protocol: options.protocol } : {}),
  });

  const livemode = isLiveModeKey(options.secretKey);

  /**
   * The charge a transfer draws on: the PaymentIntent's latest charge. None when the payment is not
   * Stripe's or was never charged (the transfer then comes from the platform balance, as before);
   * Stripe being unreachable is retryable like the transfer itself.
   */
  async function sourceChargeOf(paymentId: string | null | undefined): Promise<string | null> {
    if (!paymentId) return null;
    if (/^(ch|py)_/.test(paymentId)) return paymentId;
    if (!paymentId.startsWith('pi_')) return null;
    try {
      const intent = await callStripe(() => stripe.paymentIntents.retrieve(paymentId));
      return intent.status === 'succeeded' ? idOf(intent.latest_charge) : null;
    } catch (error) {
      if (error instanceof ConnectError && !error.retryable) return null;
      throw error;
    }
  }

  return {
    name: 'stripe',

    async createExpressAccount(request) {
      const account = await callStripe(() =>
        stripe.accounts.create(
          {
            type: 'express',
            country: request.country,
            email: request.email,
            capabilities: { transfers: { requested: true } },
            metadata: request.metadata,
          },
          { idempotencyKey: request.idempotencyKey },
        ),
      );
      return toConnectAccount(account);
    },

    async retrieveAccount(accountId) {
      return toConnectAccount(await callStripe(() => stripe.accounts.retrieve(accountId)));
    },

    async createOnboardingLink(request) {
      const link = await callStripe(() =>
        stripe.accountLinks.create({ account: request.accountId, type: 'account_onboarding', refresh_url: request.refreshUrl, return_url: request.returnUrl }),
      );
      return { url: link.url, expiresAt: new Date(link.expires_at * 1000).toISOString() };
    },

    async createLoginLink(accountId) {
      try {
        const link = await callStripe(() => stripe.accounts.createLoginLink(accountId));
        return { url: link.url };
      } catch (error) {
        // The account exists and the id is the only parameter: Stripe refuses an Express dashboard
        // link only while onboarding is unfinished.
        if (error instanceof ConnectError && error.code === 'invalid_request') throw new ConnectError(error.message, 'account_not_ready', false);
        throw error;
      }
    },

    async transfer(request) {
      const sourceTransaction = await sourceChargeOf(request.sourcePaymentId);
      const transfer = await callStripe(() =>
        stripe.transfers.create(
          {
            amount: request.amountCents,
            currency: request.currency,
            destination: request.accountId,
            description: request.description,
            transfer_group: request.transferGroup,
            metadata: request.metadata,
            ...(sourceTransaction ? { source_transaction: sourceTransaction } : {}),
          },
          { idempotencyKey: request.idempotencyKey },
        ),
      );
      return { id: transfer.id, amountCents: transfer.amount };
    },

    parseWebhook(rawBody, signatureHeader) {
      const secrets = [options.webhookSecret, options.connectWebhookSecret].filter((secret): secret is string => Boolean(secret));
      if (secrets.length === 0) {
        throw new WebhookSignatureError('Stripe webhooks are not configured (STRIPE_WEBHOOK_SECRET and STRIPE_CONNECT_WEBHOOK_SECRET are missing)');
      }
      if (!signatureHeader) throw new WebhookSignatureError('Missing Stripe-Signature header');
      // One URL serves both endpoints: the event is genuine when either endpoint's secret verifies it.
      let event: Stripe.Event | null = null;
      let failure = 'Invalid webhook signature';
      for (const secret of secrets) {
        try {
          // Default tolerance (300 s): an old, replayed delivery is refused like a forged one.
          event = stripe.webhooks.constructEvent(rawBody, signatureHeader, secret);
          break;
        } catch (error) {
          failure = error instanceof Error ? error.message : failure;
        }
      }
      if (!event) throw new WebhookSignatureError(failure);
      assertApplicableEvent(event);
      // A test-mode event never touches live data, nor the reverse (a test endpoint's secret configured
      // on the live deployment, or the same URL registered in both modes).
      // An event without the flag (never one of Stripe's) counts as a test-mode one.
      const isLiveEvent = event.livemode === true;
      if (isLiveEvent !== livemode) throw new WebhookModeMismatchError(isLiveEvent, livemode);
      return toConnectEvent(event);
    },
  };
}
