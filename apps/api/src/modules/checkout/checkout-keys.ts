import { createHash } from 'node:crypto';
import { CHECKOUT_MESSAGES, IDEMPOTENCY_KEY_REUSED_CODE, type checkoutRequestSchema } from '@marketplace/contracts/orders';
import type { z } from 'zod';
import { HttpError } from '../../lib/http-errors';

// The keys a checkout is known by (docs/product/checkout.md): the hash of what it asks for, the provider's
// idempotency key of its charge and its order's id — each the same for a request sent again, so a retry finds
// the same order and the same charge.

type CheckoutInput = z.output<typeof checkoutRequestSchema>;

/** Whether `error` (or a cause it wraps, as Drizzle does) is a unique violation of `constraint`. */
export function isUniqueViolation(error: unknown, constraint: string): boolean {
  for (let current = error; current && typeof current === 'object'; current = (current as { cause?: unknown }).cause) {
    const candidate = current as { code?: unknown; constraint?: unknown; message?: unknown };
    if (candidate.code === '23505' && (candidate.constraint === constraint || String(candidate.message).includes(constraint))) return true;
  }
  return false;
}

/**
 * The SHA-256 of what a checkout request asks for, kept on the order as `idempotency_request_hash`:
 * the shipping address (as normalised) and the payment method (a Stripe PaymentMethod id, or the
 * sandbox card's last four digits and expiry; never its number or security code). The cart is not
 * in it: the order empties the cart, and a retry must still find its order. `authenticatedPaymentId`
 * is not either: it is the same request, sent again after the authentication step.
 */
export function checkoutRequestHashOf(input: Pick<CheckoutInput, 'shippingAddress' | 'payment'>): string {
  const address = input.shippingAddress;
  const payment =
    'card' in input.payment
      ? { card: { last4: input.payment.card.number.slice(-4), expMonth: input.payment.card.expMonth, expYear: input.payment.card.expYear } }
      : { paymentMethodId: input.payment.paymentMethodId };
  const canonical = JSON.stringify([
    'checkout-request-v1',
    [address.name, address.line1, address.line2 ?? null, address.city, address.state, address.postal_code, address.country],
    payment,
  ]);
  return createHash('sha256').update(canonical).digest('hex');
}

/** The provider's idempotency key: the same buyer, key, request and amount always make the same charge. */
export function chargeKeyOf(buyerId: string, idempotencyKey: string, amountCents: number, payment: CheckoutInput['payment'], requestHash: string): string {
  const digest = createHash('sha256')
    .update(JSON.stringify([buyerId, idempotencyKey, amountCents, payment, requestHash]))
    .digest('hex');
  return `checkout-${digest}`;
}

/** The order this key placed, when it was placed by the same request; 422 when by another one. */
export function sameRequestOrder(existing: { id: string; requestHash: string | null }, requestHash: string): string {
  // Orders placed before the hash was kept answer any request with that key, as they always did.
  if (existing.requestHash !== null && existing.requestHash !== requestHash) {
    throw new HttpError(422, CHECKOUT_MESSAGES.idempotencyKeyReused, { code: IDEMPOTENCY_KEY_REUSED_CODE });
  }
  return existing.id;
}

/** The order's id for a buyer's Idempotency-Key: a UUID (version 4 layout) from a digest of both. */
export function orderIdFor(buyerId: string, idempotencyKey: string): string {
  const hex = createHash('sha256')
    .update(JSON.stringify(['checkout-order-id', buyerId, idempotencyKey]))
    .digest('hex');
  const variant = ((Number.parseInt(hex[16]!, 16) & 0x3) | 0x8).toString(16);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}
