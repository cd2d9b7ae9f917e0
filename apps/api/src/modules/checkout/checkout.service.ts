import { crashPoint } from '../../lib/fault-injection';
import {
  CHECKOUT_MESSAGES,
  IDEMPOTENCY_KEY_REUSED_CODE,
  TOTAL_CHANGED_CODE,
  type CheckoutConfigResponse,
  type CheckoutSummaryResponse,
  type checkoutRequestSchema,
} from '@marketplace/contracts/orders';
import { itemsTotalCents as itemsTotalCentsOf } from '@marketplace/domain/item-paid';
import type { Executor } from '../../db/client';
import { centsToDollars, dollarsToCents, formatCents } from '@marketplace/domain/money';
import { giftsOf, problemsOf, refuseMissingPersonalization, refuseShopsAway } from './checkout-problems';
import { chargeKeyOf, checkoutRequestHashOf, isUniqueViolation, orderIdFor, sameRequestOrder } from './checkout-keys';
import {
  checkoutShopsOf,
  orderShopsOf,
  SHIPPING_AT_ADDRESS_STEP,
  SHIPPING_UNAVAILABLE_NOTE,
  shippingTotalOf,
  shopPartsOf,
  type ShopLine,
} from './shop-shipping';
import type { z } from 'zod';
import type { Database } from '../../db/client';
import type { Clock } from '../../lib/clock';
import type { DomainEventPublisher } from '../../lib/domain-events';
import { HttpError, badRequest, conflict, notFound } from '../../lib/http-errors';
import {
  PaymentDeclinedError,
  PaymentValidationError,
  canAuthenticateInSandbox,
  type ChargeOutcome,
  type ChargeRequest,
  type ChargeResult,
  type PaymentProvider,
} from '../../providers/payment/port';
import type { SucceededCheckoutPayment } from '../../providers/payment/connect-port';
import { findUserById, type UserRecord } from '../users';
import { destinationOf, destinationOfZip, type DeliveryService, type Destination, type DestinationQuery, type ShopDelivery } from '../delivery';

import type { CartService, PricedCartLine } from '../cart';
import { giveStockBack } from '../catalog';
import { findOrderByIdempotencyKey } from '../orders';

import {
  findReservation,
  findReservationsBefore,
  insertReservation,
  takeReservation,
  type CheckoutReservation,
  type ReservedStock,
} from './checkout-reservations.repository';
import { draftOrder, recordOrder, TotalChanged, type DraftRequest, type OrderDraft } from './order-draft';

export type CheckoutInput = z.output<typeof checkoutRequestSchema>;
// What the checkout's tests and the webhook's recovery compare a request with.
export { checkoutRequestHashOf } from './checkout-keys';

/** What a checkout request became: an order (`created` false when the key had already placed it), or an authentication step first. */
export type CheckoutOutcome = { kind: 'order'; orderId: string; created: boolean } | { kind: 'requires_action'; paymentId: string; clientSecret: string };

export interface CheckoutService {
  getConfig(): CheckoutConfigResponse;
  /** The cart priced now, each shop's shipping and promise figured to the query's destination (none: what needs none). */
  getSummary(user: UserRecord, query: DestinationQuery): Promise<CheckoutSummaryResponse>;
  /** Places the order for the cart, or answers the card's authentication step first (3-D Secure). */
  placeOrder(user: UserRecord, idempotencyKey: string, input: CheckoutInput): Promise<CheckoutOutcome>;
  /** The sandbox's authentication dialog: the buyer completes or fails the step (404 with a real provider). */
  authenticateInSandbox(clientSecret: string, outcome: 'complete' | 'fail'): Promise<void>;
  /**
   * The provider says a checkout's payment succeeded (its webhook): the order is placed if the buyer
   * never came back from the authentication step, as the request they would have sent again. What
   * this answers: the order, nothing to do, or why it could not be placed (the payment is then refunded).
   */
  completeAuthenticatedPayment(
    payment: SucceededCheckoutPayment,
  ): Promise<{ outcome: 'placed' | 'already_placed' | 'not_a_checkout' | 'refused'; orderId?: string; reason?: string }>;
  /** Gives back the units of reservations left longer than RESERVATION_ABANDONED_AFTER_MS (a job's round); how many. */
  releaseAbandonedReservations(): Promise<number>;
}

export interface CheckoutServiceDependencies {
  db: Database;
  clock: Clock;
  cart: CartService;
  payments: PaymentProvider;
  /** Each shop's shipping and delivery promise (the sellers' profiles, the carrier's quotes). */
  delivery: DeliveryService;
  /** Where `order.placed` and the stock it took (`listing.changed`) are published, once the order commits. */
  events: DomainEventPublisher;
}

const shopLinesOf = (lines: readonly PricedCartLine[]): ShopLine[] =>
  lines.map((line) => ({ sellerId: line.record.product.sellerId, priceCents: line.priceCents, quantity: line.record.quantity }));
const shopNamesOf = (lines: readonly PricedCartLine[]) => new Map(lines.map((line) => [line.record.product.sellerId, line.item.seller.name]));
const planLinesOf = (lines: readonly PricedCartLine[]) => lines.map((line) => ({ productId: line.record.productId, quantity: line.record.quantity }));

/** What the cart costs at today's prices: the same sum the order's transaction makes from the locked rows. */
function cartTotalCentsOf(lines: readonly PricedCartLine[], deliveries: readonly ShopDelivery[]): number {
  const itemsTotalCents = itemsTotalCentsOf(lines.map((line) => ({ priceCents: line.priceCents, quantity: line.record.quantity })));
  const shipping = shippingTotalOf(shopPartsOf(shopLinesOf(lines), deliveries));
  return itemsTotalCents + shipping.cents + lines.reduce((total, line) => total + line.retipCents, 0);
}

/** Thrown inside the transaction that reserves, to roll it back, when another request of the same key reserved first. */
class KeyHeld extends Error {
  constructor() {
    super('The Idempotency-Key holds a reservation');
  }
}

const REVERSED_ATTEMPT = 'This payment attempt was reversed. Please try again with a new checkout.';
/** A reservation left this long (its request never came back: a crash, a lost connection) gives its units back. */
export const RESERVATION_ABANDONED_AFTER_MS = 15 * 60_000;

const stockKey = (line: ReservedStock) => `${line.productId}/${line.variantId ?? ''}`;
const productIdsOf = (draft: OrderDraft) => [...new Set(draft.items.map((item) => item.productId))];

/** The draft a request of this key reserved, if that request is this one (else 422, as for a placed order). */
function reservedDraftOf(reservation: CheckoutReservation, requestHash: string): OrderDraft {
  if (reservation.requestHash !== requestHash) throw new HttpError(422, CHECKOUT_MESSAGES.idempotencyKeyReused, { code: IDEMPOTENCY_KEY_REUSED_CODE });
  return reservation.draft as OrderDraft;
}

export function createCheckoutService({ db, clock, cart, payments, delivery, events }: CheckoutServiceDependencies): CheckoutService {
  // Charges given back because their order could not be saved; a retry that replays one must not use it.
  const reversedChargeIds = new Set<string>();
  const recording = { cart, events, provider: payments.name };

  async function chargeFor(request: ChargeRequest): Promise<ChargeOutcome> {
    try {
      return await payments.charge(request);
    } catch (error) {
      if (error instanceof PaymentDeclinedError) throw new HttpError(402, error.message, { code: error.declineCode });
      if (error instanceof PaymentValidationError) throw badRequest(error.message, error.field ? { field: error.field } : {});
      throw new HttpError(502, CHECKOUT_MESSAGES.paymentFailed);
    }
  }

  /** The summary of the buyer's cart with each shop's shipping and promise figured to `destination` (null: none given). */
  async function summaryTo(userId: string, destination: Destination | null): Promise<CheckoutSummaryResponse> {
    const lines = await cart.priceLines(db, userId);
    const now = clock.now();
    const parts = shopPartsOf(shopLinesOf(lines), await delivery.planShops(planLinesOf(lines), destination, now));
    const itemsTotalCents = itemsTotalCentsOf(lines.map((line) => ({ priceCents: line.priceCents, quantity: line.record.quantity })));
    const retipTotalCents = lines.reduce((total, line) => total + line.retipCents, 0);
    const shipping = shippingTotalOf(parts);
    return {
      items: lines.map((line) => line.item),
      itemsTotal: centsToDollars(itemsTotalCents),
      shipping: centsToDollars(shipping.cents),
      retipTotal: centsToDollars(retipTotalCents),
      orderTotal: centsToDollars(itemsTotalCents + shipping.cents + retipTotalCents),
      problems: problemsOf(lines, now),
      shops: checkoutShopsOf(parts, shopNamesOf(lines), now),
      destination: destination ? { postalCode: destination.postalCode } : null,
      shippingCalculated: shipping.isKnown,
      shippingNote: shipping.isKnown ? null : destination ? SHIPPING_UNAVAILABLE_NOTE : SHIPPING_AT_ADDRESS_STEP,
    };
  }

  const service: CheckoutService = {
    getConfig: () => ({ provider: payments.name, publishableKey: payments.publishableKey }),

    async getSummary(user, query) {
      return summaryTo(user.id, await destinationOf(db, user, query, false));
    },

    /**
     * Reserve → charge → record, and no provider is asked inside a transaction (docs/product/checkout.md
     * "Placing the order"): one transaction takes the units with conditional updates and keeps the order's
     * draft in a reservation under the order's id; the card is charged with nothing locked; a second
     * transaction takes the reservation and writes the order, its payment and the emptied cart. A refusal
     * gives the units back; a provider that does not answer leaves them held for the same request sent again,
     * which goes on with the same draft and the same charge key (the job gives back what is left 15 minutes).
     * A duplicate sent at once meets the reservation and the same charge, and answers the first order. The
     * key is bound to the request (checkoutRequestHashOf): another request with it is a 422.
     *
     * A card that asks for authentication (3-D Secure) gives the units back too and answers the step (202):
     * nothing is held while the buyer is at their bank. The same request comes back with
     * `authenticatedPaymentId`; the payment's state is then read first, outside any transaction, and a paid
     * one is recorded with the stock taken then, or refunded if the order can no longer be placed (sold out
     * meanwhile, or the total changed).
     */
    placeOrder: (user, idempotencyKey, input) => placeOrderFor(user, idempotencyKey, input, {}),

    async releaseAbandonedReservations() {
      const before = new Date(clock.now().getTime() - RESERVATION_ABANDONED_AFTER_MS);
      const left = await findReservationsBefore(db, before, 100);
      for (const { id } of left) await giveBack(id);
      return left.length;
    },

    async authenticateInSandbox(clientSecret, outcome) {
      if (!canAuthenticateInSandbox(payments)) throw notFound('Not found');
      try {
        await payments.authenticate(clientSecret, outcome);
      } catch (error) {
        if (error instanceof PaymentValidationError) throw badRequest(error.message);
        throw error;
      }
    },

    async completeAuthenticatedPayment(payment) {
      const reference = payment.checkout;
      if (!reference || !payment.paymentMethodId) return { outcome: 'not_a_checkout' };
      const user = await findUserById(db, reference.buyerId);
      if (!user) return { outcome: 'not_a_checkout' };
      const existing = await findOrderByIdempotencyKey(db, user.id, reference.idempotencyKey);
      if (existing) return { outcome: 'already_placed', orderId: existing.id };
      const input: CheckoutInput = {
        shippingAddress: reference.shippingAddress,
        payment: { paymentMethodId: payment.paymentMethodId },
        authenticatedPaymentId: payment.paymentId,
      };
      const paid: ChargeResult = { id: payment.paymentId, status: 'succeeded', cardBrand: payment.cardBrand, cardLast4: payment.cardLast4 };
      try {
        const placed = await placeOrderFor(user, reference.idempotencyKey, input, {
          requestHash: reference.requestHash,
          paid: { charge: paid, amountCents: payment.amountCents },
        });
        if (placed.kind !== 'order') return { outcome: 'refused', reason: 'The payment still waits for authentication' };
        return { outcome: placed.created ? 'placed' : 'already_placed', orderId: placed.orderId };
      } catch (error) {
        // Sold out, total changed, empty cart…: refunded where it was charged; nothing for the provider to retry.
        if (error instanceof HttpError && error.statusCode < 500) {
          if (error.statusCode === 400 && payment.amountCents > 0) {
            // An empty cart throws before any charge is known to the order: give the money back here.
            await payments.refund({ paymentId: payment.paymentId, amountCents: payment.amountCents, idempotencyKey: `checkout-reversal-${payment.paymentId}` });
          }
          return { outcome: 'refused', reason: error.message };
        }
        throw error;
      }
    },
  };

  /**
   * Reserve → charge → record (placeOrder's contract above). `paid` is a payment the provider already reported
   * succeeded (its webhook): it is recorded as the charge, without calling the provider. `requestHash` is the hash
   * that payment's checkout kept.
   */
  async function placeOrderFor(
    user: UserRecord,
    idempotencyKey: string,
    input: CheckoutInput,
    options: { requestHash?: string; paid?: { charge: ChargeResult; amountCents: number }; again?: boolean },
  ): Promise<CheckoutOutcome> {
    const requestHash = options.requestHash ?? checkoutRequestHashOf(input);
    const existing = await findOrderByIdempotencyKey(db, user.id, idempotencyKey);
    if (existing) return { kind: 'order', orderId: sameRequestOrder(existing, requestHash), created: false };

    // The same buyer and key always name the same order, so a request sent again (after a rollback,
    // or after the authentication step) describes its charge exactly as before: Stripe replays an
    // idempotency key only for identical parameters.
    const orderId = orderIdFor(user.id, idempotencyKey);
    const chargeRequestFor = (amountCents: number): ChargeRequest => ({
      amountCents,
      currency: 'usd',
      idempotencyKey: chargeKeyOf(user.id, idempotencyKey, amountCents, input.payment, requestHash),
      source: input.payment,
      description: `Marketplace order ${orderId}`,
      checkout: { buyerId: user.id, idempotencyKey, requestHash, shippingAddress: { ...input.shippingAddress, line2: input.shippingAddress.line2 ?? null } },
    });
    const paying = options.paid !== undefined || input.authenticatedPaymentId !== undefined;

    // The key already holds units while its card is charged (the same request sent again, or after a crash):
    // this request goes on with that reservation, as it was drafted.
    const held = paying ? null : await findReservation(db, orderId);
    if (held) return chargeAndRecord(user, idempotencyKey, requestHash, reservedDraftOf(held, requestHash), chargeRequestFor);

    const lines = await cart.priceLines(db, user.id);
    if (lines.length === 0) {
      // A duplicate of this request may have committed since the first look: its transaction clears
      // the cart and inserts the order together, so an empty cart means its order is visible now.
      const committed = await findOrderByIdempotencyKey(db, user.id, idempotencyKey);
      if (committed) return { kind: 'order', orderId: sameRequestOrder(committed, requestHash), created: false };
      throw badRequest(CHECKOUT_MESSAGES.emptyCart);
    }

    // A shop on vacation sells nothing; a payment the buyer already made at their bank is honoured (as an order placed before).
    // So does a line without the personalisation its listing asks for. A gift names a shop of the cart.
    if (!paying) {
      refuseShopsAway(lines, clock.now());
      refuseMissingPersonalization(lines);
    }
    const gifts = giftsOf(input.gifts, lines);

    // Each shop's shipping and promise, asked of the carrier now — never inside the order's transaction — to the
    // address's ZIP code, as the summary asked. A shop that cannot be priced stops here, before anything is charged.
    const destination = destinationOfZip(input.shippingAddress.postal_code);
    const deliveries = await delivery.planShops(planLinesOf(lines), destination, clock.now());
    orderShopsOf(shopPartsOf(shopLinesOf(lines), deliveries), shopNamesOf(lines), clock.now());

    // The total the buyer confirmed (the summary's orderTotal): told before anything is charged or taken
    // when today's prices already differ, and checked again against the locked rows below. Back from the
    // authentication step the payment may already be made: only the check below, which refunds it, applies.
    const expectedCents = input.expectedTotal === undefined ? null : dollarsToCents(input.expectedTotal);
    if (expectedCents !== null && !paying && expectedCents !== cartTotalCentsOf(lines, deliveries)) {
      throw await totalChangedError(user.id, expectedCents, destination);
    }
    const draftRequest = (now: Date): DraftRequest => ({
      orderId,
      buyer: user,
      idempotencyKey,
      requestHash,
      shippingAddress: input.shippingAddress,
      lines,
      deliveries,
      gifts,
      shopNames: shopNamesOf(lines),
      expectedCents,
      now,
    });

    if (!paying) {
      // Reserve: the units taken and the order drafted from the locked rows, committed before the card is asked.
      let draft: OrderDraft;
      try {
        draft = await db.transaction(async (transaction) => {
          const drafted = await draftOrder(transaction, draftRequest(clock.now()));
          const written = await insertReservation(transaction, {
            id: orderId,
            buyerId: user.id,
            requestHash,
            amountCents: drafted.totalCents,
            stock: drafted.stock,
            draft: drafted,
            createdAt: new Date(drafted.placedAt),
          });
          // Held by another request of the key, or placed by one since its reservation was taken out: this one gives its units back.
          if (!written || (await findOrderByIdempotencyKey(transaction, user.id, idempotencyKey))) throw new KeyHeld();
          events.publishAfterCommit(transaction, { type: 'listing.changed', productIds: productIdsOf(drafted) });
          return drafted;
        });
      } catch (error) {
        if (error instanceof TotalChanged) throw await totalChangedError(user.id, error.expectedCents, destination);
        // A request of the same key, sent at once, reserved first: this one goes on with that draft (its units).
        const other = await findReservation(db, orderId);
        if (other) draft = reservedDraftOf(other, requestHash);
        else {
          // ...or has placed its order, or given its units back, since.
          const committed = await findOrderByIdempotencyKey(db, user.id, idempotencyKey);
          if (committed) return { kind: 'order', orderId: sameRequestOrder(committed, requestHash), created: false };
          if (error instanceof KeyHeld && !options.again) return placeOrderFor(user, idempotencyKey, input, { ...options, again: true });
          throw error;
        }
      }
      return chargeAndRecord(user, idempotencyKey, requestHash, draft, chargeRequestFor);
    }

    // Paid already (back from the authentication step, or told by the provider's webhook): no provider is asked
    // below, so the units are taken and the order written in one transaction.
    let attempt: { charge: ChargeResult; amountCents: number };
    if (options.paid) attempt = options.paid;
    else {
      // Back from the authentication step: what became of the payment, before any stock is taken. It was
      // made for the total the buyer confirmed, so that is the payment asked about (the same charge key),
      // even if a price changed since: the check below then refunds it.
      const amountCents = expectedCents ?? cartTotalCentsOf(lines, deliveries);
      const outcome = await chargeFor(chargeRequestFor(amountCents));
      if (outcome.status === 'requires_action') return { kind: 'requires_action', paymentId: outcome.id, clientSecret: outcome.clientSecret };
      if (reversedChargeIds.has(outcome.id)) throw new HttpError(409, REVERSED_ATTEMPT);
      attempt = { charge: outcome, amountCents };
    }
    try {
      await db.transaction(async (transaction) => {
        // Units another request of this key still holds go back on the shelf first: this payment places the order.
        await releaseReservation(transaction, orderId);
        const draft = await draftOrder(transaction, draftRequest(clock.now()));
        // Paid after the authentication step, for the total the cart had then.
        if (attempt.amountCents !== draft.totalCents) {
          throw conflict('The total of your cart changed while you confirmed the payment, so it was refunded. Please review your cart and try again.');
        }
        await recordOrder(transaction, draft, attempt.charge, recording);
      });
      return { kind: 'order', orderId, created: true };
    } catch (error) {
      return afterUnrecorded(error, user.id, idempotencyKey, requestHash, attempt, destination);
    }
  }

  /**
   * Charges a reserved order's total, outside any transaction, then writes the order; a refusal gives the units
   * back. Every request of the key charges with the same provider key, so a twin or a retry after a crash meets
   * the same charge, and the one transaction that takes the reservation writes the order.
   */
  async function chargeAndRecord(
    user: UserRecord,
    idempotencyKey: string,
    requestHash: string,
    draft: OrderDraft,
    chargeRequestFor: (amountCents: number) => ChargeRequest,
  ): Promise<CheckoutOutcome> {
    const { orderId } = draft;
    let charge: ChargeResult;
    try {
      const outcome = await chargeFor(chargeRequestFor(draft.totalCents));
      if (outcome.status === 'requires_action') {
        // Nothing is held while the buyer is at their bank: the same request comes back with the payment's id.
        await giveBack(orderId);
        return { kind: 'requires_action', paymentId: outcome.id, clientSecret: outcome.clientSecret };
      }
      if (reversedChargeIds.has(outcome.id)) throw new HttpError(409, REVERSED_ATTEMPT);
      charge = outcome;
    } catch (error) {
      // A refusal (declined, a card the provider does not take) gives the units back; a provider that did not
      // answer leaves them held for the request sent again, which meets the same charge, if one was made.
      if (error instanceof HttpError && error.statusCode < 500) await giveBack(orderId);
      throw error;
    }
    crashPoint('checkout-after-charge');
    const attempt = { charge, amountCents: draft.totalCents };
    let recorded: boolean;
    try {
      recorded = await db.transaction(async (transaction) => {
        if (!(await takeReservation(transaction, orderId, requestHash))) return false;
        await recordOrder(transaction, draft, charge, recording);
        return true;
      });
    } catch (error) {
      return afterUnrecorded(error, user.id, idempotencyKey, requestHash, attempt, null);
    }
    if (recorded) return { kind: 'order', orderId, created: true };
    // Another request of the key wrote the order, with this same charge.
    const committed = await findOrderByIdempotencyKey(db, user.id, idempotencyKey);
    if (committed) return { kind: 'order', orderId: sameRequestOrder(committed, requestHash), created: false };
    // The units were given back meanwhile (the reservation was left longer than RESERVATION_ABANDONED_AFTER_MS).
    return afterUnrecorded(new HttpError(409, CHECKOUT_MESSAGES.paymentFailed), user.id, idempotencyKey, requestHash, attempt, null);
  }

  /**
   * Charged, but the order could not be written: the answer for the order the key did place with this charge, or
   * the money and any units held given back before the failure is answered.
   */
  async function afterUnrecorded(
    error: unknown,
    userId: string,
    idempotencyKey: string,
    requestHash: string,
    attempt: { charge: ChargeResult; amountCents: number },
    destination: Destination | null,
  ): Promise<CheckoutOutcome> {
    let failure = error;
    if (error instanceof TotalChanged && destination) failure = await totalChangedError(userId, error.expectedCents, destination);
    if (isUniqueViolation(error, 'orders_buyer_idempotency_unique') || isUniqueViolation(error, 'orders_pkey')) {
      const committed = await findOrderByIdempotencyKey(db, userId, idempotencyKey);
      // The same request paid with the same charge key, so it is that order's charge: nothing to give back.
      if (committed && (committed.requestHash === null || committed.requestHash === requestHash)) {
        await giveBack(orderIdFor(userId, idempotencyKey));
        return { kind: 'order', orderId: committed.id, created: false };
      }
      if (committed) failure = new HttpError(422, CHECKOUT_MESSAGES.idempotencyKeyReused, { code: IDEMPOTENCY_KEY_REUSED_CODE });
    }
    const { charge } = attempt;
    await payments.refund({ paymentId: charge.id, amountCents: attempt.amountCents, idempotencyKey: `checkout-reversal-${charge.id}` });
    reversedChargeIds.add(charge.id);
    await giveBack(orderIdFor(userId, idempotencyKey));
    throw failure;
  }

  /** Takes the key's reservation, if any, and puts its units back on the shelf, in this transaction. */
  async function releaseReservation(transaction: Executor, orderId: string): Promise<void> {
    const reservation = await takeReservation(transaction, orderId);
    if (!reservation) return;
    const stock = [...reservation.stock].sort((a, b) => (stockKey(a) < stockKey(b) ? -1 : 1));
    await giveStockBack(transaction, stock, clock.now());
    events.publishAfterCommit(transaction, { type: 'listing.changed', productIds: [...new Set(stock.map((line) => line.productId))] });
  }

  const giveBack = (orderId: string) => db.transaction((transaction) => releaseReservation(transaction, orderId));

  /** 409 total_changed, with what the cart costs now (read after any rollback, outside a transaction). */
  async function totalChangedError(userId: string, expectedCents: number, destination: Destination): Promise<HttpError> {
    const summary = await summaryTo(userId, destination);
    return new HttpError(409, CHECKOUT_MESSAGES.totalChanged(formatCents(expectedCents), formatCents(dollarsToCents(summary.orderTotal))), {
      code: TOTAL_CHANGED_CODE,
      expectedTotal: centsToDollars(expectedCents),
      summary,
    });
  }

  return service;
}
