import type { CheckoutShop } from '@marketplace/contracts/orders';
import { shippingSharesOfShop } from '@marketplace/domain/item-paid';
import { centsToDollars } from '@marketplace/domain/money';
import { HttpError } from '../../lib/http-errors';
import { priceOf, promiseOf, type ShopDelivery } from '../delivery';
import type { NewOrderShopShipping } from '../orders';

// Each shop's part of a checkout (docs/product/shipping.md "Checkout per shop"): its items total, its shipping from
// its planned parcels (the delivery module's plan) and its promise. The summary and the order add the shops up the
// same way, so the total the buyer saw is the total charged.

export const SHIPPING_AT_ADDRESS_STEP = 'Shipping is calculated at the address step';
export const SHIPPING_UNAVAILABLE_CODE = 'shipping_unavailable';
export const SHIPPING_UNAVAILABLE_NOTE = 'We could not get a shipping rate for your address just now. Please try again in a minute.';

/** A line as it is priced: its shop, its price and quantity. */
export interface ShopLine {
  sellerId: string;
  priceCents: number;
  quantity: number;
}

export interface ShopPart {
  delivery: ShopDelivery;
  itemsTotalCents: number;
  /** Null while a parcel's price needs the carrier's rate it does not have (no destination yet, or no answer). */
  shippingCents: number | null;
}

/** Each planned shop with its items total and shipping, in the order its first line comes. */
export function shopPartsOf(lines: readonly ShopLine[], deliveries: readonly ShopDelivery[]): ShopPart[] {
  const totals = new Map<string, number>();
  for (const line of lines) totals.set(line.sellerId, (totals.get(line.sellerId) ?? 0) + line.priceCents * line.quantity);
  const bySeller = new Map(deliveries.map((delivery) => [delivery.sellerId, delivery]));
  return [...totals.entries()].flatMap(([sellerId, itemsTotalCents]) => {
    const delivery = bySeller.get(sellerId);
    return delivery ? [{ delivery, itemsTotalCents, shippingCents: priceOf(delivery, itemsTotalCents) }] : [];
  });
}

/** The order's shipping: the shops' sum, with whether every shop's is known. */
export function shippingTotalOf(parts: readonly ShopPart[]): { cents: number; isKnown: boolean } {
  return { cents: parts.reduce((total, part) => total + (part.shippingCents ?? 0), 0), isKnown: parts.every((part) => part.shippingCents !== null) };
}

/** The summary's `shops`, dated as if ordered at `now`. */
export function checkoutShopsOf(parts: readonly ShopPart[], shopNames: ReadonlyMap<string, string>, now: Date): CheckoutShop[] {
  return parts.map((part) => ({
    sellerId: part.delivery.sellerId,
    shopName: shopNames.get(part.delivery.sellerId) ?? '',
    itemsTotal: centsToDollars(part.itemsTotalCents),
    shipping: part.shippingCents === null ? null : centsToDollars(part.shippingCents),
    arrivesBy: promiseOf(part.delivery, now).arrivesBy,
  }));
}

/**
 * What the order keeps of each shop's part, placed at `now` to a destination. A shop whose shipping cannot be
 * priced now (the carrier did not answer) stops the checkout before anything is charged: 502 shipping_unavailable.
 */
export function orderShopsOf(parts: readonly ShopPart[], shopNames: ReadonlyMap<string, string>, now: Date): NewOrderShopShipping[] {
  return parts.map((part) => {
    const { arrivesBy, shipBy } = promiseOf(part.delivery, now);
    if (part.shippingCents === null || arrivesBy === null || part.delivery.transitDays === null) {
      const shop = shopNames.get(part.delivery.sellerId) || 'one of the shops';
      throw new HttpError(502, `We could not get a shipping rate for ${shop} just now. Nothing was charged; please try again in a minute.`, {
        code: SHIPPING_UNAVAILABLE_CODE,
      });
    }
    return {
      sellerId: part.delivery.sellerId,
      shippingCents: part.shippingCents,
      rateDescription: part.delivery.rateDescription,
      handlingMinDays: part.delivery.handlingDays.min,
      handlingMaxDays: part.delivery.handlingDays.max,
      transitDays: part.delivery.transitDays,
      shipBy,
      arrivesEarliest: arrivesBy.earliest,
      arrivesLatest: arrivesBy.latest,
    };
  });
}

/** Gives each of a shop's lines its share of the shop's shipping (by line value), in place. */
export function withShippingShares(lines: (ShopLine & { shippingCents?: number | null })[], sellerId: string, shippingCents: number): void {
  const own = lines.filter((line) => line.sellerId === sellerId);
  const shares = shippingSharesOfShop(shippingCents, own);
  own.forEach((line, index) => {
    line.shippingCents = shares[index] ?? 0;
  });
}
