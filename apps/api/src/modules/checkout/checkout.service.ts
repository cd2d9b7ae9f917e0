import { crashPoint } from '../../lib/fault-injection';
import {
  CHECKOUT_MESSAGES,
  IDEMPOTENCY_KEY_REUSED_CODE,
  OUT_OF_STOCK_CODE,
  TOTAL_CHANGED_CODE,
  type CheckoutConfigResponse,
  type CheckoutSummaryResponse,
  type checkoutRequestSchema,
} from '@marketplace/contracts/orders';
import { itemsTotalCents as itemsTotalCentsOf } from '@marketplace/domain/item-paid';
import { centsToDollars, dollarsToCents, formatCents } from '@marketplace/domain/money';
import { giftsOf, problemsOf, refuseMissingPersonalization, refuseShopsAway } from './checkout-problems';
import { chargeKeyOf, checkoutRequestHashOf, isUniqueViolation, orderIdFor, sameRequestOrder } from './checkout-keys';
import {
  checkoutShopsOf,
  orderShopsOf,
  withShippingShares,
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
import { takeStock } from '../catalog';
import { findOrderByIdempotencyKey, findPlacedOrder, insertOrderPayment, insertOrderWithItems, type NewOrderItem } from '../orders';

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

interface Shortage {
  cartItemId: string;
  productId: string;
  title: string;
  requested: number;
  available: number;
  live: boolean;
}

function shortageMessage(shortages: readonly Shortage[]): string {
  const [only] = shortages;
  if (shortages.length !== 1 || !only) return CHECKOUT_MESSAGES.outOfStock;
  if (!only.live) return `Sorry, "${only.title}" is no longer available`;
  return only.available === 0
    ? `Sorry, "${only.title}" has just sold out`
    : `Sorry, only ${only.available} of "${only.title}" ${only.available === 1 ? 'is' : 'are'} left in stock`;
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

/** Thrown inside the order's transaction to roll it back when the total is not the one the buyer confirmed. */
class TotalChanged extends Error {
  constructor(
    readonly expectedCents: number,
    readonly totalCents: number,
  ) {
    super('The order total changed');
  }
}

/** Thrown inside the order's transaction to roll it back when the card asks for authentication first. */
class AuthenticationRequired extends Error {
  constructor(readonly step: { id: string; clientSecret: string }) {
    super('The card asks for authentication');
  }
}

export function createCheckoutService({ db, clock, cart, payments, delivery, events }: CheckoutServiceDependencies): CheckoutService {
  // Charges given back because their order could not be saved; a retry that replays one must not use it.
  const reversedChargeIds = new Set<string>();

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
     * Reserve → record → charge → confirm, in one transaction: stock is taken with conditional
     * updates, the order and its snapshots are written, the card is charged, and only then does it
     * commit. A decline or any failure rolls everything back (no order, stock untouched). The unique
     * index on (buyer, Idempotency-Key) makes a concurrent duplicate wait at the order insert and then
     * answer the first order without charging; the provider's idempotency key guards the charge too.
     * The key is bound to the request (checkoutRequestHashOf): another request with it is a 422.
     *
     * A card that asks for authentication (3-D Secure) rolls the transaction back too and answers the
     * step (202): nothing is reserved or kept while the buyer is at their bank. The same request comes
     * back with `authenticatedPaymentId`; the payment's state is then read first, outside any
     * transaction, and a paid one is recorded with the stock taken then, or refunded if the order can
     * no longer be placed (sold out meanwhile, or the total changed).
     */
    placeOrder: (user, idempotencyKey, input) => placeOrderFor(user, idempotencyKey, input, {}),

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
   * Reserve → record → charge → confirm (placeOrder's contract above). `paid` is a payment the
   * provider already reported succeeded (its webhook): it is recorded as the charge, without calling
   * the provider. `requestHash` is the hash that payment's checkout kept.
   */
  async function placeOrderFor(
    user: UserRecord,
    idempotencyKey: string,
    input: CheckoutInput,
    options: { requestHash?: string; paid?: { charge: ChargeResult; amountCents: number } },
  ): Promise<CheckoutOutcome> {
    const requestHash = options.requestHash ?? checkoutRequestHashOf(input);
    const existing = await findOrderByIdempotencyKey(db, user.id, idempotencyKey);
    if (existing) return { kind: 'order', orderId: sameRequestOrder(existing, requestHash), created: false };

    const lines = await cart.priceLines(db, user.id);
    if (lines.length === 0) {
      // A duplicate of this request may have committed since the first look: its transaction clears
      // the cart and inserts the order together, so an empty cart means its order is visible now.
      const committed = await findOrderByIdempotencyKey(db, user.id, idempotencyKey);
      if (committed) return { kind: 'order', orderId: sameRequestOrder(committed, requestHash), created: false };
      throw badRequest(CHECKOUT_MESSAGES.emptyCart);
    }

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

    // A shop on vacation sells nothing; a payment the buyer already made at their bank is honoured (as an order placed before).
    // So does a line without the personalisation its listing asks for. A gift names a shop of the cart.
    if (!options.paid && !input.authenticatedPaymentId) {
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
    if (expectedCents !== null && !options.paid && !input.authenticatedPaymentId && expectedCents !== cartTotalCentsOf(lines, deliveries)) {
      throw await totalChangedError(user.id, expectedCents, destination);
    }

    const attempt: { charge: ChargeResult | null; amountCents: number } = { charge: null, amountCents: 0 };
    if (options.paid) {
      attempt.charge = options.paid.charge;
      attempt.amountCents = options.paid.amountCents;
    } else if (input.authenticatedPaymentId) {
      // Back from the authentication step: what became of the payment, before any stock is taken. It was
      // made for the total the buyer confirmed, so that is the payment asked about (the same charge key),
      // even if a price changed since: the check below then refunds it.
      const amountCents = expectedCents ?? cartTotalCentsOf(lines, deliveries);
      const outcome = await chargeFor(chargeRequestFor(amountCents));
      if (outcome.status === 'requires_action') return { kind: 'requires_action', paymentId: outcome.id, clientSecret: outcome.clientSecret };
      if (reversedChargeIds.has(outcome.id)) throw new HttpError(409, 'This payment attempt was reversed. Please try again with a new checkout.');
      attempt.charge = outcome;
      attempt.amountCents = amountCents;
    }
    try {
      await db.transaction(async (transaction) => {
        const now = clock.now();
        // The catalog takes the units (rows locked in product order); a line it cannot serve rolls all back.
        const taken = await takeStock(
          transaction,
          lines.map((line) => ({ productId: line.record.productId, variantId: line.record.variantId, quantity: line.record.quantity })),
          now,
        );
        const shortages = taken.shortages.map(({ request, productId, requested, available, live }): Shortage => {
          const { record } = lines[request]!;
          return { cartItemId: record.id, productId, title: record.product.title, requested, available, live };
        });
        if (shortages.length > 0) throw conflict(shortageMessage(shortages), { code: OUT_OF_STOCK_CODE, items: shortages });

        // Prices come from the taken (locked) rows: what the buyer pays is what the listing says now.
        const itemRows = lines.map((line, index): NewOrderItem => {
          const product = taken.listings[index]!;
          const retipAdded = line.record.retipAdded && product.retipPriceCents !== null;
          return {
            sellerId: product.sellerId,
            productId: product.id,
            title: product.title,
            categoryId: product.categoryId,
            priceCents: product.priceCents,
            quantity: line.record.quantity,
            variantId: product.variantId,
            variantLabel: product.variantLabel,
            personalization: line.record.personalization,
            retipAdded,
            retipPriceCents: retipAdded ? (product.retipPriceCents ?? 0) : 0,
            status: 'pending',
            createdAt: now,
            updatedAt: now,
          };
        });
        const itemsTotalCents = itemsTotalCentsOf(itemRows);
        const retipTotalCents = itemRows.reduce((total, item) => total + (item.retipPriceCents ?? 0), 0);
        // Each shop's shipping from the locked prices (a free minimum is judged on them), with its promise.
        const shops = orderShopsOf(shopPartsOf(itemRows, deliveries), shopNamesOf(lines), now);
        const shippingCents = shops.reduce((total, shop) => total + shop.shippingCents, 0);
        // Each line keeps its share of its shop's shipping: what a refund of the line gives back (docs/product/money.md).
        for (const shop of shops) withShippingShares(itemRows, shop.sellerId, shop.shippingCents);
        const totalCents = itemsTotalCents + shippingCents + retipTotalCents;
        // What the buyer confirmed, against the locked rows: a price changed since their summary charges nothing.
        if (expectedCents !== null && expectedCents !== totalCents) throw new TotalChanged(expectedCents, totalCents);
        const address = input.shippingAddress;

        await insertOrderWithItems(
          transaction,
          {
            id: orderId,
            buyerId: user.id,
            status: 'pending',
            idempotencyKey,
            idempotencyRequestHash: requestHash,
            shippingName: address.name,
            shippingEmail: user.email,
            shippingPhone: user.phone,
            shippingLine1: address.line1,
            shippingLine2: address.line2 ?? null,
            shippingCity: address.city,
            shippingState: address.state,
            shippingPostalCode: address.postal_code,
            shippingCountry: address.country,
            itemsTotalCents,
            shippingCents,
            retipTotalCents,
            totalCents,
            createdAt: now,
            updatedAt: now,
          },
          itemRows,
          gifts,
          shops,
        );

        let charge: ChargeResult;
        if (attempt.charge) {
          // Paid after the authentication step, for the total the cart had then.
          if (attempt.amountCents !== totalCents) {
            throw conflict('The total of your cart changed while you confirmed the payment, so it was refunded. Please review your cart and try again.');
          }
          charge = attempt.charge;
        } else {
          const outcome = await chargeFor(chargeRequestFor(totalCents));
          if (outcome.status === 'requires_action') throw new AuthenticationRequired({ id: outcome.id, clientSecret: outcome.clientSecret });
          if (reversedChargeIds.has(outcome.id)) throw new HttpError(409, 'This payment attempt was reversed. Please try again with a new checkout.');
          charge = outcome;
          attempt.charge = outcome;
          attempt.amountCents = totalCents;
        }
        crashPoint('checkout-after-charge');

        await insertOrderPayment(transaction, {
          orderId,
          buyerId: user.id,
          provider: payments.name,
          providerPaymentId: charge.id,
          amountCents: totalCents,
          status: 'succeeded',
          cardBrand: charge.cardBrand,
          cardLast4: charge.cardLast4,
          createdAt: now,
          updatedAt: now,
        });
        await cart.removeLines(
          transaction,
          user.id,
          lines.map((line) => line.record.id),
        );
        // Heard once the order commits; a declined card or a lost race rolls them back with it.
        const productIds = [...new Set(itemRows.map((item) => item.productId))];
        // With the order as written (the receipt's lines, totals and address): mail and the bell take it from the event.
        const order = (await findPlacedOrder(transaction, orderId))!;
        events.publishAfterCommit(transaction, {
          type: 'order.placed',
          orderId,
          buyerId: user.id,
          sellerIds: [...new Set(itemRows.map((item) => item.sellerId))],
          productIds,
          totalCents,
          order,
        });
        // The units it took off the shelf show on the listings' pages.
        events.publishAfterCommit(transaction, { type: 'listing.changed', productIds });
      });
      return { kind: 'order', orderId, created: true };
    } catch (error) {
      if (error instanceof AuthenticationRequired) return { kind: 'requires_action', paymentId: error.step.id, clientSecret: error.step.clientSecret };
      let failure = error;
      if (error instanceof TotalChanged) failure = await totalChangedError(user.id, error.expectedCents, destination);
      if (isUniqueViolation(error, 'orders_buyer_idempotency_unique') || isUniqueViolation(error, 'orders_pkey')) {
        const committed = await findOrderByIdempotencyKey(db, user.id, idempotencyKey);
        // The same request paid with the same charge key, so it is that order's charge: nothing to give back.
        if (committed && (committed.requestHash === null || committed.requestHash === requestHash))
          return { kind: 'order', orderId: committed.id, created: false };
        if (committed) failure = new HttpError(422, CHECKOUT_MESSAGES.idempotencyKeyReused, { code: IDEMPOTENCY_KEY_REUSED_CODE });
      }
      // Charged, but the order could not be saved: give the money back before answering.
      const { charge } = attempt;
      if (charge) {
        await payments.refund({ paymentId: charge.id, amountCents: attempt.amountCents, idempotencyKey: `checkout-reversal-${charge.id}` });
        reversedChargeIds.add(charge.id);
      }
      throw failure;
    }
  }

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
