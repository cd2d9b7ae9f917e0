import type { CheckoutReference } from './port';
/**
 * Connected accounts and payouts: the sellers' Express accounts, their onboarding and
 * dashboard links, transfers of their payouts, and the provider's signed webhooks. Two
 * implementations: the embedded sandbox (default, connect-sandbox.ts) and Stripe Connect
 * (stripe-connect.ts, when STRIPE_SECRET_KEY is set). Amounts are integer cents.
 */

export interface ConnectAccount {
  id: string;
  /** The seller gave every detail the provider asked for. */
  detailsSubmitted: boolean;
  payoutsEnabled: boolean;
  /** The transfers capability is active: the platform can send money to it. */
  transfersActive: boolean;
  /** Requirements currently or past due, in the provider's words (empty when none). */
  requirementsDue: string[];
  /** Why the provider disabled the account, if it did. */
  disabledReason: string | null;
}

/** Complete (docs/product/payouts.md): details submitted, payouts enabled, transfers active, nothing due. */
export function isAccountComplete(account: ConnectAccount): boolean {
  return (
    account.detailsSubmitted && account.payoutsEnabled && account.transfersActive && account.requirementsDue.length === 0 && account.disabledReason === null
  );
}

export interface CreateAccountRequest {
  email: string;
  /** docs/product/limits.md: always US and express. */
  country: 'US';
  /** The same key always answers the same account (one account per seller, whatever is retried). */
  idempotencyKey: string;
  metadata: Record<string, string>;
}

export interface AccountLinkRequest {
  accountId: string;
  /** Where the provider sends the seller when the link has expired: a fresh link is made there. */
  refreshUrl: string;
  /** Where the seller lands after onboarding (finished or left early). */
  returnUrl: string;
}

export interface TransferRequest {
  accountId: string;
  amountCents: number;
  currency: 'usd';
  /** Derived from the order item and attempt: a retried request never sends money twice. */
  idempotencyKey: string;
  description: string;
  /** Groups the transfer with its order (Stripe's transfer_group). */
  transferGroup: string;
  metadata: Record<string, string>;
  /**
   * The buyer's payment that paid for the item (the provider's payment id, a PaymentIntent with
   * Stripe), when known. The transfer then draws on that charge (Stripe's source_transaction): it can
   * go out before the charge's funds are available, and it is tied to the money it pays out.
   */
  sourcePaymentId?: string | null;
}

export interface TransferResult {
  id: string;
  amountCents: number;
}

/** A verified provider event, provider-neutral; unknown types arrive as `other`. */
export type ConnectEvent =
  | { id: string; type: 'account.updated'; account: ConnectAccount }
  | { id: string; type: 'transfer.reversed'; transferId: string; amountReversedCents: number }
  | { id: string; type: 'payout.paid' | 'payout.failed'; accountId: string | null; payoutId: string; amountCents: number; failureMessage: string | null }
  | { id: string; type: 'charge.refunded'; paymentIntentId: string | null; chargeId: string; amountRefundedCents: number }
  | { id: string; type: 'charge.dispute.created'; paymentIntentId: string | null; chargeId: string; amountCents: number; reason: string }
  | { id: string; type: 'payment_intent.succeeded'; payment: SucceededCheckoutPayment }
  | { id: string; type: 'other'; providerType: string };

/** A buyer's payment that succeeded at the provider, with the checkout that asked for it when it says so. */
export interface SucceededCheckoutPayment {
  paymentId: string;
  amountCents: number;
  paymentMethodId: string | null;
  cardBrand: string | null;
  cardLast4: string | null;
  /** Null for a payment no checkout of this marketplace made (or made before it kept the reference). */
  checkout: CheckoutReference | null;
}

export interface ConnectProvider {
  readonly name: 'sandbox' | 'stripe';
  createExpressAccount(request: CreateAccountRequest): Promise<ConnectAccount>;
  retrieveAccount(accountId: string): Promise<ConnectAccount>;
  createOnboardingLink(request: AccountLinkRequest): Promise<{ url: string; expiresAt: string }>;
  /** The provider's Express dashboard for a complete account. */
  createLoginLink(accountId: string): Promise<{ url: string }>;
  transfer(request: TransferRequest): Promise<TransferResult>;
  /**
   * Verifies the signature header on the exact raw body; throws WebhookSignatureError otherwise, and
   * WebhookPayloadError for a signed event that holds nothing to apply.
   */
  parseWebhook(rawBody: Buffer, signatureHeader: string | undefined): ConnectEvent;
}

/**
 * A provider refusal or failure. `code`: `account_not_found`, `invalid_request`, `insufficient_funds`
 * (the platform balance cannot cover a transfer), `account_not_ready` or `provider_unavailable`.
 * `retryable` is true when the same request may succeed later unchanged.
 */
export class ConnectError extends Error {
  constructor(
    message: string,
    readonly code: 'account_not_found' | 'invalid_request' | 'insufficient_funds' | 'account_not_ready' | 'provider_unavailable',
    readonly retryable: boolean,
  ) {
    super(message);
    this.name = 'ConnectError';
  }
}

export class WebhookSignatureError extends Error {
  constructor(message = 'Invalid webhook signature') {
    super(message);
    this.name = 'WebhookSignatureError';
  }
}

/**
 * A genuinely signed event that cannot be applied: no id or type, no object in `data`, or an object that
 * lacks what its type is applied with (a charge without its refunded amount). Refused, never recorded: the
 * provider's own events always have them.
 */
export class WebhookPayloadError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'WebhookPayloadError';
  }
}

/**
 * A genuine event of the other mode (a test event reaching the live deployment, or the reverse). The
 * webhook acknowledges it without applying it: Stripe would retry a refusal for days, and it can never
 * become right.
 */
export class WebhookModeMismatchError extends Error {
  constructor(
    readonly eventLivemode: boolean,
    readonly keyLivemode: boolean,
  ) {
    super(`A ${eventLivemode ? 'live' : 'test'}-mode event reached a ${keyLivemode ? 'live' : 'test'}-mode deployment; it was ignored`);
    this.name = 'WebhookModeMismatchError';
  }
}
