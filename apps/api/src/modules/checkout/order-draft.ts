import { CHECKOUT_MESSAGES, OUT_OF_STOCK_CODE } from '@marketplace/contracts/orders';
import { itemsTotalCents as itemsTotalCentsOf } from '@marketplace/domain/item-paid';
import type { Executor } from '../../db/client';
import type { DomainEventPublisher } from '../../lib/domain-events';
import { conflict } from '../../lib/http-errors';
import type { ChargeResult } from '../../providers/payment/port';
import type { CartService, PricedCartLine } from '../cart';
import { takeStock } from '../catalog';
import type { ShopDelivery } from '../delivery';
import { findPlacedOrder, insertOrderPayment, insertOrderWithItems, type NewOrder, type NewOrderItem, type NewOrderShopShipping } from '../orders';

import type { ReservedStock } from './checkout-reservations.repository';
import { orderShopsOf, shopPartsOf, withShippingShares } from './shop-shipping';

// The order a checkout writes, drafted from the rows its units were taken from (the prices the buyer pays),
// then written once the card is paid (docs/product/checkout.md "Placing the order"). A draft is plain JSON: it
// is kept in the checkout's reservation while the card is charged, so a request sent again finds it as it was.

type Dated = 'createdAt' | 'updatedAt';

export interface OrderDraft {
  orderId: string;
  /** When the units were taken: the order's time. */
  placedAt: string;
  order: Omit<NewOrder, Dated>;
  items: Omit<NewOrderItem, Dated>[];
  gifts: { sellerId: string; message: string }[];
  shops: NewOrderShopShipping[];
  /** The cart lines the order empties. */
  cartItemIds: string[];
  /** The units taken, as they are given back if the order is not written. */
  stock: ReservedStock[];
  totalCents: number;
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

/** Thrown inside the transaction that takes the units, to roll it back, when the total is not the one the buyer confirmed. */
export class TotalChanged extends Error {
  constructor(
    readonly expectedCents: number,
    readonly totalCents: number,
  ) {
    super('The order total changed');
  }
}

export interface DraftRequest {
  orderId: string;
  buyer: { id: string; email: string; phone: string | null };
  idempotencyKey: string;
  requestHash: string;
  shippingAddress: { name: string; line1: string; line2?: string | null; city: string; state: string; postal_code: string; country: string };
  lines: readonly PricedCartLine[];
  deliveries: readonly ShopDelivery[];
  gifts: { sellerId: string; message: string }[];
  shopNames: ReadonlyMap<string, string>;
  /** The total the buyer confirmed, in cents (null: none sent). */
  expectedCents: number | null;
  now: Date;
}

/**
 * Takes the cart's units (rows locked in product order; a line the catalog cannot serve throws 409 and, with the
 * transaction, gives back what was taken) and drafts the order from the locked rows: what the buyer pays is what
 * the listing says now. Throws TotalChanged when that is not the total the buyer confirmed.
 */
export async function draftOrder(transaction: Executor, request: DraftRequest): Promise<OrderDraft> {
  const { lines, now } = request;
  const stock = lines.map((line) => ({ productId: line.record.productId, variantId: line.record.variantId, quantity: line.record.quantity }));
  const taken = await takeStock(transaction, stock, now);
  const shortages = taken.shortages.map(({ request: index, productId, requested, available, live }): Shortage => {
    const { record } = lines[index]!;
    return { cartItemId: record.id, productId, title: record.product.title, requested, available, live };
  });
  if (shortages.length > 0) throw conflict(shortageMessage(shortages), { code: OUT_OF_STOCK_CODE, items: shortages });

  const items = lines.map((line, index) => {
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
      status: 'pending' as const,
    } satisfies Omit<NewOrderItem, Dated>;
  });
  const itemsTotalCents = itemsTotalCentsOf(items);
  const retipTotalCents = items.reduce((total, item) => total + (item.retipPriceCents ?? 0), 0);
  // Each shop's shipping from the locked prices (a free minimum is judged on them), with its promise.
  const shops = orderShopsOf(shopPartsOf(items, request.deliveries), request.shopNames, now);
  const shippingCents = shops.reduce((total, shop) => total + shop.shippingCents, 0);
  // Each line keeps its share of its shop's shipping: what a refund of the line gives back (docs/product/money.md).
  for (const shop of shops) withShippingShares(items, shop.sellerId, shop.shippingCents);
  const totalCents = itemsTotalCents + shippingCents + retipTotalCents;
  // What the buyer confirmed, against the locked rows: a price changed since their summary charges nothing.
  if (request.expectedCents !== null && request.expectedCents !== totalCents) throw new TotalChanged(request.expectedCents, totalCents);
  const address = request.shippingAddress;
  return {
    orderId: request.orderId,
    placedAt: now.toISOString(),
    order: {
      id: request.orderId,
      buyerId: request.buyer.id,
      status: 'pending',
      idempotencyKey: request.idempotencyKey,
      idempotencyRequestHash: request.requestHash,
      shippingName: address.name,
      shippingEmail: request.buyer.email,
      shippingPhone: request.buyer.phone,
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
    },
    items,
    gifts: request.gifts,
    shops,
    cartItemIds: lines.map((line) => line.record.id),
    stock,
    totalCents,
  };
}

export interface RecordOrderDependencies {
  cart: Pick<CartService, 'removeLines'>;
  events: DomainEventPublisher;
  provider: string;
}

/** Writes the drafted order with the charge that paid for it, empties those cart lines and tells who listens once it commits. */
export async function recordOrder(
  transaction: Executor,
  draft: OrderDraft,
  charge: ChargeResult,
  { cart, events, provider }: RecordOrderDependencies,
): Promise<void> {
  const at = new Date(draft.placedAt);
  const { orderId, totalCents } = draft;
  const buyerId = draft.order.buyerId;
  await insertOrderWithItems(
    transaction,
    { ...draft.order, createdAt: at, updatedAt: at },
    draft.items.map((item) => ({ ...item, createdAt: at, updatedAt: at })),
    draft.gifts,
    draft.shops,
  );
  await insertOrderPayment(transaction, {
    orderId,
    buyerId,
    provider,
    providerPaymentId: charge.id,
    amountCents: totalCents,
    status: 'succeeded',
    cardBrand: charge.cardBrand,
    cardLast4: charge.cardLast4,
    createdAt: at,
    updatedAt: at,
  });
  await cart.removeLines(transaction, buyerId, draft.cartItemIds);
  const productIds = [...new Set(draft.items.map((item) => item.productId))];
  // With the order as written (the receipt's lines, totals and address): mail and the bell take it from the event.
  const order = (await findPlacedOrder(transaction, orderId))!;
  events.publishAfterCommit(transaction, {
    type: 'order.placed',
    orderId,
    buyerId,
    sellerIds: [...new Set(draft.items.map((item) => item.sellerId))],
    productIds,
    totalCents,
    order,
  });
  // The units it took off the shelf show on the listings' pages.
  events.publishAfterCommit(transaction, { type: 'listing.changed', productIds });
}
