import { createHash, randomBytes } from 'node:crypto';
import type { Clock } from '../../lib/clock';
import {
  PaymentDeclinedError,
  PaymentValidationError,
  cardBrandOf,
  passesLuhnCheck,
  type ChargeOutcome,
  type ChargeRequest,
  type ChargeResult,
  type PaymentProvider,
  type RefundResult,
  type SandboxAuthentication,
} from './port';

/**
 * An embedded payment provider that behaves like Stripe in test mode, with no network: the same
 * test cards, declines and idempotency. Its memory is only a cache of what it answered; the
 * payments and refunds tables stay the truth (after a restart it still refunds the payments it
 * made, and the database's check keeps refunds within the amount charged).
 */

/** Stripe's test cards (https://docs.stripe.com/testing). Any other card that passes Luhn succeeds. */
const DECLINING_CARDS: Record<string, { message: string; code: string }> = {
  '4000000000000002': { message: 'Your card was declined.', code: 'generic_decline' },
  '4000000000009995': { message: 'Your card has insufficient funds.', code: 'insufficient_funds' },
  '4000000000009987': { message: 'Your card was declined.', code: 'lost_card' },
  '4000000000009979': { message: 'Your card was declined.', code: 'stolen_card' },
  '4000000000000069': { message: 'Your card has expired.', code: 'expired_card' },
  '4000000000000127': { message: "Your card's security code is incorrect.", code: 'incorrect_cvc' },
  '4000000000000119': { message: 'An error occurred while processing your card. Try again in a little bit.', code: 'processing_error' },
};

/** Stripe's 3-D Secure test card: every payment asks the buyer to authenticate first. */
export const SANDBOX_AUTHENTICATION_CARD = '4000002500003155';
/** What Stripe says when the buyer fails (or abandons) the authentication step. */
export const AUTHENTICATION_FAILED = {
  message: 'We are unable to authenticate your payment method. Please choose a different payment method and try again.',
  code: 'payment_intent_authentication_failure',
} as const;

/** Payment method ids the sandbox understands, like Stripe's `pm_card_visa` test tokens. */
const TEST_PAYMENT_METHODS: Record<string, string> = {
  pm_card_visa: '4242424242424242',
  pm_card_authenticationRequired: SANDBOX_AUTHENTICATION_CARD,
  pm_card_mastercard: '5555555555554444',
  pm_card_chargeDeclined: '4000000000000002',
  pm_card_chargeDeclinedInsufficientFunds: '4000000000009995',
};

export const SANDBOX_PAYMENT_PREFIX = 'pi_sandbox_';
const SANDBOX_REFUND_PREFIX = 're_sandbox_';

type StoredOutcome<T> = { fingerprint: string; result: T } | { fingerprint: string; error: Error };

/** A payment waiting for (or past) its authentication step, by client secret. */
interface AuthenticationStep {
  id: string;
  state: 'requires_action' | 'succeeded' | 'failed';
  amountCents: number;
  number: string;
}

export function createSandboxPaymentProvider(deps: { clock: Clock }): PaymentProvider &
  SandboxAuthentication & {
    /** Charges actually made (not idempotent replays), for tests. */
    readonly chargeCount: number;
  } {
  const charges = new Map<string, StoredOutcome<ChargeOutcome>>();
  const authentications = new Map<string, AuthenticationStep>();
  const refunds = new Map<string, StoredOutcome<RefundResult>>();
  const amountByPayment = new Map<string, { amountCents: number; refundedCents: number }>();
  let chargeCount = 0;

  const fingerprintOf = (value: unknown) => createHash('sha256').update(JSON.stringify(value)).digest('hex');

  /** Replays the first outcome for a key, as Stripe does; a key reused with other parameters is an error. */
  function replay<T>(store: Map<string, StoredOutcome<T>>, key: string, fingerprint: string): T | undefined {
    const stored = store.get(key);
    if (!stored) return undefined;
    if (stored.fingerprint !== fingerprint) {
      throw new PaymentValidationError('Keys for idempotent requests can only be used with the same parameters they were first used with.');
    }
    if ('error' in stored) throw stored.error;
    return stored.result;
  }

  function validateCard(card: { number: string; expMonth: number; expYear: number; cvc: string }) {
    if (!/^\d{12,19}$/.test(card.number) || !passesLuhnCheck(card.number)) {
      throw new PaymentValidationError('Your card number is incorrect.', 'number');
    }
    if (!Number.isInteger(card.expMonth) || card.expMonth < 1 || card.expMonth > 12) {
      throw new PaymentValidationError("Your card's expiration month is invalid.", 'expMonth');
    }
    const now = deps.clock.now();
    const [year, month] = [now.getUTCFullYear(), now.getUTCMonth() + 1];
    if (!Number.isInteger(card.expYear) || card.expYear < year || (card.expYear === year && card.expMonth < month)) {
      throw new PaymentValidationError("Your card's expiration date is in the past.", 'expYear');
    }
    if (card.expYear > year + 50) throw new PaymentValidationError("Your card's expiration year is invalid.", 'expYear');
    const cvcLength = cardBrandOf(card.number) === 'amex' ? 4 : 3;
    if (!new RegExp(`^\\d{${cvcLength}}$`).test(card.cvc)) {
      throw new PaymentValidationError("Your card's security code is invalid.", 'cvc');
    }
  }

  function succeed(id: string, amountCents: number, number: string): ChargeResult {
    chargeCount += 1;
    amountByPayment.set(id, { amountCents, refundedCents: 0 });
    return { id, status: 'succeeded', cardBrand: cardBrandOf(number), cardLast4: number.slice(-4) };
  }

  /** A replayed authentication step answers what became of it, as Stripe's PaymentIntent does. */
  function stepOutcome(clientSecret: string): ChargeOutcome {
    const step = authentications.get(clientSecret);
    if (!step) throw new PaymentValidationError('No such payment');
    if (step.state === 'failed') throw new PaymentDeclinedError(AUTHENTICATION_FAILED.message, AUTHENTICATION_FAILED.code);
    if (step.state === 'succeeded') return { id: step.id, status: 'succeeded', cardBrand: cardBrandOf(step.number), cardLast4: step.number.slice(-4) };
    return { id: step.id, status: 'requires_action', clientSecret };
  }

  function attemptCharge(request: ChargeRequest): ChargeOutcome {
    if (!Number.isSafeInteger(request.amountCents) || request.amountCents < 50) {
      throw new PaymentValidationError('Amount must be at least $0.50 usd');
    }
    let number: string;
    if ('card' in request.source) {
      validateCard(request.source.card);
      number = request.source.card.number;
    } else {
      const known = TEST_PAYMENT_METHODS[request.source.paymentMethodId];
      if (!known) throw new PaymentValidationError(`No such PaymentMethod: '${request.source.paymentMethodId}'`, 'paymentMethodId');
      number = known;
    }
    const decline = DECLINING_CARDS[number];
    if (decline) throw new PaymentDeclinedError(decline.message, decline.code);
    const id = `${SANDBOX_PAYMENT_PREFIX}${randomBytes(12).toString('hex')}`;
    if (number === SANDBOX_AUTHENTICATION_CARD) {
      const clientSecret = `${id}_secret_${randomBytes(12).toString('hex')}`;
      authentications.set(clientSecret, { id, state: 'requires_action', amountCents: request.amountCents, number });
      return { id, status: 'requires_action', clientSecret };
    }
    return succeed(id, request.amountCents, number);
  }

  return {
    name: 'sandbox',
    publishableKey: null,
    get chargeCount() {
      return chargeCount;
    },

    async charge(request) {
      // The fingerprint never holds the card number itself, only a hash of the whole request.
      const fingerprint = fingerprintOf({ amount: request.amountCents, currency: request.currency, source: request.source });
      const replayed = replay(charges, request.idempotencyKey, fingerprint);
      if (replayed?.status === 'requires_action') {
        try {
          const now = stepOutcome(replayed.clientSecret);
          charges.set(request.idempotencyKey, { fingerprint, result: now });
          return now;
        } catch (error) {
          charges.set(request.idempotencyKey, { fingerprint, error: error as Error });
          throw error;
        }
      }
      if (replayed) return replayed;
      try {
        const result = attemptCharge(request);
        charges.set(request.idempotencyKey, { fingerprint, result });
        return result;
      } catch (error) {
        // Declines are remembered like Stripe does; bad input is not, so a corrected retry works.
        if (error instanceof PaymentDeclinedError) charges.set(request.idempotencyKey, { fingerprint, error });
        throw error;
      }
    },

    async authenticate(clientSecret, outcome) {
      const step = authentications.get(clientSecret);
      if (!step || step.state !== 'requires_action') throw new PaymentValidationError('This payment is not waiting for authentication.');
      if (outcome === 'fail') {
        step.state = 'failed';
        return;
      }
      step.state = 'succeeded';
      succeed(step.id, step.amountCents, step.number);
    },

    async refund(request) {
      const fingerprint = fingerprintOf({ paymentId: request.paymentId, amount: request.amountCents });
      const replayed = replay(refunds, request.idempotencyKey, fingerprint);
      if (replayed) return replayed;
      if (!request.paymentId.startsWith(SANDBOX_PAYMENT_PREFIX)) {
        throw new PaymentValidationError(`No such payment: '${request.paymentId}'`);
      }
      if (!Number.isSafeInteger(request.amountCents) || request.amountCents <= 0) {
        throw new PaymentValidationError('Refund amount must be a positive number of cents');
      }
      const known = amountByPayment.get(request.paymentId);
      if (known) {
        if (known.refundedCents + request.amountCents > known.amountCents) {
          throw new PaymentValidationError(
            `Refund amount ($${(request.amountCents / 100).toFixed(2)}) is greater than unrefunded amount on charge ($${((known.amountCents - known.refundedCents) / 100).toFixed(2)})`,
          );
        }
        known.refundedCents += request.amountCents;
      }
      const result = { id: `${SANDBOX_REFUND_PREFIX}${randomBytes(12).toString('hex')}` };
      refunds.set(request.idempotencyKey, { fingerprint, result });
      return result;
    },
  };
}
