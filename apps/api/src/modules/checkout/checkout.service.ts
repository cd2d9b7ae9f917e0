import { crashPoint } from '../../lib/fault-injection';
import { createHash } from 'node:crypto';
import {
  CHECKOUT_MESSAGES,
  OUT_OF_STOCK_CODE,
  type CheckoutConfigResponse,
  type CheckoutProblem,
  type CheckoutSummaryResponse,
  type checkoutRequestSchema,
} from '@marketplace/contracts/orders';
import { itemsTotalCents as itemsTotalCentsOf } from '@marketplace/domain/item-paid';
import { centsToDollars, formatCents } from '@marketplace/domain/money';
import { calculateShippingCents } from '@marketplace/domain/shipping';
import type { z } from 'zod';
import type { Database } from '../../db/client';
import type { Clock } from '../../lib/clock';
import type { DomainEventPublisher } from '../../lib/domain-events';
import { HttpError, badRequest, conflict } from '../../lib/http-errors';
import { PaymentDeclinedError, PaymentValidationError, type ChargeResult, type PaymentProvider } from '../../providers/payment/port';
import type { UserRecord } from '../users';
import type { CartService, PricedCartLine } from '../cart';
import { takeStock } from '../catalog';
import { findOrderIdByIdempotencyKey, insertOrderPayment, insertOrderWithItems, type NewOrderItem } from '../orders';

export type CheckoutInput = z.output<typeof checkoutRequestSchema>;

export interface CheckoutService {
  getConfig(): CheckoutConfigResponse;
  getSummary(userId: string): Promise<CheckoutSummaryResponse>;
  /** Places the order for the cart; `created` is false when the key had already placed one. */
  placeOrder(user: UserRecord, idempotencyKey: string, input: CheckoutInput): Promise<{ orderId: string; created: boolean }>;
}

export interface CheckoutServiceDependencies {
  db: Database;
  clock: Clock;
  cart: CartService;
  payments: PaymentProvider;
  /** Where `order.placed` and the stock it took (`listing.changed`) are published, once the order commits. */
  events: DomainEventPublisher;
}

interface Shortage {
  cartItemId: string;
  productId: string;
  title: string;
  requested: number;
  available: number;
}

function problemsOf(lines: readonly PricedCartLine[]): CheckoutProblem[] {
  return lines.flatMap((line): CheckoutProblem[] => {
    const { record } = line;
    const title = record.product.title;
    const problems: CheckoutProblem[] = [];
    if (record.product.status !== 'active') {
      problems.push({ cartItemId: record.id, kind: 'unavailable', message: `"${title}" is no longer available` });
    } else if (line.availableQuantity === 0) {
      problems.push({ cartItemId: record.id, kind: 'out_of_stock', message: `"${title}" is out of stock` });
    } else if (record.quantity > line.availableQuantity) {
      problems.push({
        cartItemId: record.id,
        kind: 'insufficient_stock',
        message: `Only ${line.availableQuantity} of "${title}" left in stock (you have ${record.quantity} in your cart)`,
      });
    }
    if (line.priceCents !== record.priceCentsAtAdd) {
      problems.push({
        cartItemId: record.id,
        kind: 'price_changed',
        message: `The price of "${title}" changed from ${formatCents(record.priceCentsAtAdd)} to ${formatCents(line.priceCents)}`,
      });
    }
    return problems;
  });
}

function shortageMessage(shortages: readonly Shortage[]): string {
  const [only] = shortages;
  if (shortages.length !== 1 || !only) return CHECKOUT_MESSAGES.outOfStock;
  return only.available === 0
    ? `Sorry, "${only.title}" has just sold out`
    : `Sorry, only ${only.available} of "${only.title}" ${only.available === 1 ? 'is' : 'are'} left in stock`;
}

/** Whether `error` (or a cause it wraps, as Drizzle does) is a unique violation of `constraint`. */
function isUniqueViolation(error: unknown, constraint: string): boolean {
  for (let current = error; current && typeof current === 'object'; current = (current as { cause?: unknown }).cause) {
    const candidate = current as { code?: unknown; constraint?: unknown; message?: unknown };
    if (candidate.code === '23505' && (candidate.constraint === constraint || String(candidate.message).includes(constraint))) return true;
  }
  return false;
}

/** The provider's idempotency key: the same buyer, key, amount and card always make the same charge. */
function chargeKeyOf(buyerId: string, idempotencyKey: string, amountCents: number, payment: CheckoutInput['payment']): string {
  const digest = createHash('sha256').update(JSON.stringify([buyerId, idempotencyKey, amountCents, payment])).digest('hex');
  return `checkout-${digest}`;
}

export function createCheckoutService({ db, clock, cart, payments, events }: CheckoutServiceDependencies): CheckoutService {
  // Charges given back because their order could not be saved; a retry that replays one must not use it.
  const reversedChargeIds = new Set<string>();

  async function chargeFor(request: Parameters<PaymentProvider['charge']>[0]): Promise<ChargeResult> {
    try {
      return await payments.charge(request);
    } catch (error) {
      if (error instanceof PaymentDeclinedError) throw new HttpError(402, error.message, { code: error.declineCode });
      if (error instanceof PaymentValidationError) throw badRequest(error.message, error.field ? { field: error.field } : {});
      throw new HttpError(502, CHECKOUT_MESSAGES.paymentFailed);
    }
  }

  return {
    getConfig: () => ({ provider: payments.name, publishableKey: payments.publishableKey }),

    async getSummary(userId) {
      const lines = await cart.priceLines(db, userId);
      const itemsTotalCents = itemsTotalCentsOf(lines.map((line) => ({ priceCents: line.priceCents, quantity: line.record.quantity })));
      const retipTotalCents = lines.reduce((total, line) => total + line.retipCents, 0);
      const shippingCents = calculateShippingCents(itemsTotalCents);
      return {
        items: lines.map((line) => line.item),
        itemsTotal: centsToDollars(itemsTotalCents),
        shipping: centsToDollars(shippingCents),
        retipTotal: centsToDollars(retipTotalCents),
        orderTotal: centsToDollars(itemsTotalCents + shippingCents + retipTotalCents),
        problems: problemsOf(lines),
      };
    },

    /**
     * Reserve → record → charge → confirm, in one transaction: stock is taken with conditional
     * updates, the order and its snapshots are written, the card is charged, and only then does it
     * commit. A decline or any failure rolls everything back (no order, stock untouched). The unique
     * index on (buyer, Idempotency-Key) makes a concurrent duplicate wait at the order insert and then
     * answer the first order without charging; the provider's idempotency key guards the charge too.
     */
    async placeOrder(user, idempotencyKey, input) {
      const existing = await findOrderIdByIdempotencyKey(db, user.id, idempotencyKey);
      if (existing) return { orderId: existing, created: false };

      const lines = await cart.priceLines(db, user.id);
      if (lines.length === 0) {
        // A duplicate of this request may have committed since the first look: its transaction clears
        // the cart and inserts the order together, so an empty cart means its order is visible now.
        const committed = await findOrderIdByIdempotencyKey(db, user.id, idempotencyKey);
        if (committed) return { orderId: committed, created: false };
        throw badRequest(CHECKOUT_MESSAGES.emptyCart);
      }

      const attempt: { charge: ChargeResult | null; amountCents: number } = { charge: null, amountCents: 0 };
      try {
        const orderId = await db.transaction(async (transaction) => {
          const now = clock.now();
          // The catalog takes the units (rows locked in product order); a line it cannot serve rolls all back.
          const taken = await takeStock(transaction, lines.map((line) => ({ productId: line.record.productId, quantity: line.record.quantity })), now);
          const shortages = taken.shortages.map(({ request, productId, requested, available }): Shortage => {
            const { record } = lines[request]!;
            return { cartItemId: record.id, productId, title: record.product.title, requested, available };
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
              retipAdded,
              retipPriceCents: retipAdded ? (product.retipPriceCents ?? 0) : 0,
              status: 'pending',
              createdAt: now,
              updatedAt: now,
            };
          });
          const itemsTotalCents = itemsTotalCentsOf(itemRows);
          const retipTotalCents = itemRows.reduce((total, item) => total + (item.retipPriceCents ?? 0), 0);
          const shippingCents = calculateShippingCents(itemsTotalCents);
          const totalCents = itemsTotalCents + shippingCents + retipTotalCents;
          const address = input.shippingAddress;

          const orderId = await insertOrderWithItems(transaction, {
            buyerId: user.id,
            status: 'pending',
            idempotencyKey,
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
          }, itemRows);

          const charge = await chargeFor({
            amountCents: totalCents,
            currency: 'usd',
            idempotencyKey: chargeKeyOf(user.id, idempotencyKey, totalCents, input.payment),
            source: input.payment,
            description: `Marketplace order ${orderId}`,
          });
          if (reversedChargeIds.has(charge.id)) throw new HttpError(409, 'This payment attempt was reversed. Please try again with a new checkout.');
          attempt.charge = charge;
          attempt.amountCents = totalCents;
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
          await cart.removeLines(transaction, user.id, lines.map((line) => line.record.id));
          // Heard once the order commits; a declined card or a lost race rolls them back with it.
          const productIds = [...new Set(itemRows.map((item) => item.productId))];
          events.publishAfterCommit(transaction, { type: 'order.placed', orderId, buyerId: user.id, sellerIds: [...new Set(itemRows.map((item) => item.sellerId))], productIds, totalCents });
          // The units it took off the shelf show on the listings' pages.
          events.publishAfterCommit(transaction, { type: 'listing.changed', productIds });
          return orderId;
        });
        return { orderId, created: true };
      } catch (error) {
        if (isUniqueViolation(error, 'orders_buyer_idempotency_unique')) {
          const orderId = await findOrderIdByIdempotencyKey(db, user.id, idempotencyKey);
          if (orderId) return { orderId, created: false };
        }
        // Charged, but the order could not be saved: give the money back before answering.
        const { charge } = attempt;
        if (charge) {
          await payments.refund({ paymentId: charge.id, amountCents: attempt.amountCents, idempotencyKey: `checkout-reversal-${charge.id}` });
          reversedChargeIds.add(charge.id);
        }
        throw error;
      }
    },
  };
}
