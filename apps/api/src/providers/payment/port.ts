/**
 * The card payment provider (every outside service sits behind a port with a sandbox, apps/api/README.md).
 * The embedded sandbox is the default; Stripe is used when STRIPE_SECRET_KEY is set. Connected
 * accounts and payouts are another port.
 */

export interface CardDetails {
  /** Digits only. */
  number: string;
  expMonth: number;
  /** Four digits. */
  expYear: number;
  cvc: string;
}

export type PaymentSource = { card: CardDetails } | { paymentMethodId: string };

export interface ChargeRequest {
  amountCents: number;
  currency: 'usd';
  /** The same key always answers the same result and never charges twice. */
  idempotencyKey: string;
  source: PaymentSource;
  description: string;
  /**
   * Which checkout asked (kept on the provider's payment, e.g. Stripe metadata and shipping): when the
   * buyer authenticates a payment and never comes back, the provider's success event carries what is
   * needed to place the order anyway. Not part of the charge's identity.
   */
  checkout?: CheckoutReference;
}

export interface CheckoutReference {
  buyerId: string;
  idempotencyKey: string;
  /** The checkout request's hash (the order's idempotency_request_hash). */
  requestHash: string;
  shippingAddress: { name: string; line1: string; line2: string | null; city: string; state: string; postal_code: string; country: string };
}

export interface ChargeResult {
  id: string;
  status: 'succeeded';
  cardBrand: string | null;
  cardLast4: string | null;
}

/**
 * The card's bank asks the buyer to authenticate (3-D Secure) before it pays. Nothing is charged yet:
 * the browser completes the step with the client secret (Stripe.js `handleNextAction`, or the
 * sandbox's authentication dialog), then the same charge request is sent again and answers what
 * became of it: paid, or declined when the buyer failed or abandoned the step.
 */
export interface ChargeRequiresAction {
  id: string;
  status: 'requires_action';
  clientSecret: string;
}

export type ChargeOutcome = ChargeResult | ChargeRequiresAction;

export interface RefundRequest {
  paymentId: string;
  amountCents: number;
  idempotencyKey: string;
}

export interface RefundResult {
  id: string;
}

export interface PaymentProvider {
  readonly name: 'sandbox' | 'stripe';
  /** Stripe.js needs it in the browser; null for the sandbox. */
  readonly publishableKey: string | null;
  /**
   * Throws PaymentDeclinedError (the card said no, or its authentication failed) or
   * PaymentValidationError (bad details). The same idempotency key answers the payment's state now:
   * after an authentication step, `succeeded` once the buyer completed it.
   */
  charge(request: ChargeRequest): Promise<ChargeOutcome>;
  /** Throws PaymentValidationError when the refund cannot be made (e.g. more than was charged). */
  refund(request: RefundRequest): Promise<RefundResult>;
}

/** The card was declined: the buyer should try another card (HTTP 402). */
export class PaymentDeclinedError extends Error {
  constructor(
    message = 'Your card was declined.',
    readonly declineCode: string = 'generic_decline',
  ) {
    super(message);
    this.name = 'PaymentDeclinedError';
  }
}

/** The request itself is wrong (bad card number, past expiry, refund above the charge): HTTP 400. */
export class PaymentValidationError extends Error {
  constructor(
    message: string,
    readonly field?: string,
  ) {
    super(message);
    this.name = 'PaymentValidationError';
  }
}

/** Luhn mod-10 check of a card number's digits. */
export function passesLuhnCheck(digits: string): boolean {
  if (!/^\d+$/.test(digits)) return false;
  let sum = 0;
  for (let index = 0; index < digits.length; index += 1) {
    let digit = Number(digits[digits.length - 1 - index]);
    if (index % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

/** The card brand from its number's prefix, as Stripe names them. */
export function cardBrandOf(digits: string): string {
  if (/^4/.test(digits)) return 'visa';
  if (/^(5[1-5]|2(2[2-9]|[3-6]\d|7[01]|720))/.test(digits)) return 'mastercard';
  if (/^3[47]/.test(digits)) return 'amex';
  if (/^6(011|5)/.test(digits)) return 'discover';
  return 'unknown';
}

/** The sandbox's stand-in for the bank's 3-D Secure page: the buyer completes or fails the step. */
export interface SandboxAuthentication {
  /** Throws PaymentValidationError when the client secret is not that of a payment waiting for authentication. */
  authenticate(clientSecret: string, outcome: 'complete' | 'fail'): Promise<void>;
}

export function canAuthenticateInSandbox(provider: PaymentProvider): provider is PaymentProvider & SandboxAuthentication {
  return provider.name === 'sandbox' && typeof (provider as Partial<SandboxAuthentication>).authenticate === 'function';
}
