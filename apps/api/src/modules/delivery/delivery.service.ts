import { arrivesByOf, shipByOf, type ArrivesBy, type HandlingDays } from '@marketplace/domain/delivery-dates';
import { calendarDateIn } from '@marketplace/domain/pickup-schedule';
import {
  needsCarrierRate,
  parcelWeightOunces,
  shopHandlingDays,
  shopShippingCents,
  STANDARD_FREE_FROM_CENTS,
  STANDARD_HANDLING_DAYS,
  type ShippingGroup,
  type ShippingRate,
} from '@marketplace/domain/shipping-profiles';
import type { Database, Executor } from '../../db/client';
import type { Clock } from '../../lib/clock';
import type { CarrierAddress, CarrierProvider } from '../../providers/carrier/port';
import { findShippingOfListings, type ListingShipping } from '../catalog';
import { findShippingContactOf } from '../users';

// What a shop's part of a cart costs to ship and when it arrives (docs/product/shipping.md): each line's listing
// ships with its profile (its own, its seller's default, or the standard rate); the lines of one shop and one
// profile go in one parcel, which the carrier rates to the destination for its price (a calculated profile, a free
// one below its minimum) and its days in transit. The domain prices the groups (shipping-profiles.ts) and dates
// them (delivery-dates.ts). No carrier call runs inside a database transaction: the checkout plans first.

/** UPS Ground's longest time in transit inside the contiguous US: the promise when the carrier gives none. */
export const FALLBACK_TRANSIT_DAYS = 5;
/** UPS Ground, the service every parcel of an order ships with (spec: the default service). */
const GROUND = '03';
/** How long a carrier's answer for one parcel (origin, destination, weight, box, day) is reused. */
const QUOTE_CACHE_MS = 10 * 60 * 1000;
const QUOTE_CACHE_ENTRIES = 5000;

/** Where the parcels go: a ZIP code (the state found from it), or a whole saved or typed address. */
export interface Destination {
  postalCode: string;
  state: string | null;
  /** The whole address when known; a quote by ZIP code alone has none. */
  address: CarrierAddress | null;
}

export interface DeliveryLine {
  productId: string;
  quantity: number;
}

/** One profile's parcel of a shop's part, as quoted. */
export interface PlannedGroup extends ShippingGroup {
  /** The profile's id, or null for the standard rate. */
  profileId: string | null;
  handlingDays: HandlingDays;
  transitDays: number | null;
}

/** A shop's part as planned: price it with its items total (priceOf), date it with the order's time (promiseOf). */
export interface ShopDelivery {
  sellerId: string;
  groups: PlannedGroup[];
  handlingDays: HandlingDays;
  /** The carrier's days in transit (the slowest parcel's), or null without a destination. */
  transitDays: number | null;
  /** In words, as the order keeps it: "Flat rate", "Free shipping", "UPS Ground", "Standard shipping". */
  rateDescription: string;
}

export interface DeliveryService {
  /** Each shop's part of these lines, planned to `destination` (null: prices that need none, no dates). */
  planShops(lines: readonly DeliveryLine[], destination: Destination | null, now: Date): Promise<ShopDelivery[]>;
}

const RATE_WORDS: Record<ShippingRate['type'], string> = { flat: 'Flat rate', free: 'Free shipping', calculated: 'UPS Ground', standard: 'Standard shipping' };

/** A shop's shipping for its items total, or null while a parcel's price needs the carrier's rate it has not got. */
export function priceOf(shop: ShopDelivery, itemsTotalCents: number): number | null {
  return shopShippingCents(shop.groups, itemsTotalCents);
}

/** The shop's promise for an order placed at `orderedAt`: the days it arrives between (null without a destination) and the day it ships by. */
export function promiseOf(shop: ShopDelivery, orderedAt: Date): { arrivesBy: ArrivesBy | null; shipBy: string } {
  return {
    arrivesBy: shop.transitDays === null ? null : arrivesByOf(orderedAt, shop.handlingDays, shop.transitDays),
    shipBy: shipByOf(orderedAt, shop.handlingDays),
  };
}

/** From which items total the shop's part ships free (a free profile's minimum, the standard rate's), or null. */
export function freeFromCentsOf(shop: ShopDelivery): number | null {
  const thresholds = shop.groups.map((group) =>
    group.rate.type === 'standard' ? STANDARD_FREE_FROM_CENTS : group.rate.type === 'free' ? group.rate.minimumItemsTotalCents : null,
  );
  if (thresholds.some((threshold) => threshold === null)) return null;
  return Math.max(...(thresholds as number[]));
}

export function createDeliveryService({ db, clock, carrier }: { db: Database; clock: Clock; carrier: CarrierProvider }): DeliveryService {
  const quotes = new Map<string, { at: number; answer: Promise<{ cents: number; transitDays: number | null } | null> }>();

  /** The carrier's price and days for one parcel, kept a while; null when it cannot answer (no origin, an error). */
  function rateParcel(origin: CarrierAddress, destination: Destination, weightOunces: number, box: PlannedBox, shipDate: string) {
    const key = JSON.stringify([origin.postalCode, origin.state, destination.postalCode, destination.address?.line1 ?? null, weightOunces, box, shipDate]);
    const now = clock.now().getTime();
    const kept = quotes.get(key);
    if (kept && now - kept.at < QUOTE_CACHE_MS) return kept.answer;
    const recipient: CarrierAddress = destination.address ?? {
      name: 'Recipient',
      line1: '',
      city: '',
      state: destination.state ?? '',
      postalCode: destination.postalCode,
      countryCode: 'US',
    };
    const answer = carrier
      .rateShipment({
        shipper: origin,
        recipient,
        packages: [{ weightOunces, ...(box ? { lengthInches: box.length, widthInches: box.width, heightInches: box.height } : {}) }],
        serviceCode: GROUND,
        shipDate,
        reference: 'Delivery quote',
      })
      .then((rate) => ({ cents: rate.totalCents, transitDays: rate.transitDays }))
      // No rate now (the carrier down, an address it refuses): the caller says so; nothing is kept.
      .catch(() => {
        quotes.delete(key);
        return null;
      });
    if (quotes.size >= QUOTE_CACHE_ENTRIES) quotes.delete(quotes.keys().next().value!);
    quotes.set(key, { at: now, answer });
    return answer;
  }

  async function originsOf(executor: Executor, sellerIds: readonly string[]): Promise<Map<string, CarrierAddress | null>> {
    const origins = new Map<string, CarrierAddress | null>();
    for (const sellerId of sellerIds) origins.set(sellerId, await findShippingContactOf(executor, sellerId));
    return origins;
  }

  return {
    async planShops(lines, destination, now) {
      const listings = await findShippingOfListings(
        db,
        lines.map((line) => line.productId),
      );
      // Lines of one shop and one profile make one parcel.
      const shops = new Map<
        string,
        Map<
          string,
          { profile: ListingShipping['profile']; sellerHandlingDays: number | null; units: number; weights: { weightOunces: number; quantity: number }[] }
        >
      >();
      for (const line of lines) {
        const listing = listings.get(line.productId);
        if (!listing) continue;
        const groups = shops.get(listing.sellerId) ?? new Map();
        shops.set(listing.sellerId, groups);
        const key = listing.profile?.id ?? 'standard';
        const group = groups.get(key) ?? { profile: listing.profile, sellerHandlingDays: listing.sellerHandlingDays, units: 0, weights: [] };
        group.units += line.quantity;
        group.weights.push({ weightOunces: listing.weightOunces, quantity: line.quantity });
        groups.set(key, group);
      }
      const needsOrigin = [...shops.entries()].filter(([, groups]) => destination !== null && [...groups.values()].some((group) => !group.profile?.shipFrom));
      const origins = await originsOf(
        db,
        needsOrigin.map(([sellerId]) => sellerId),
      );
      const shipDate = calendarDateIn(now);
      return Promise.all(
        [...shops.entries()].map(async ([sellerId, groups]): Promise<ShopDelivery> => {
          const planned = await Promise.all(
            [...groups.values()].map(async (group): Promise<PlannedGroup> => {
              const rate: ShippingRate = group.profile ? group.profile.rate : { type: 'standard' };
              // A shop with no profile ships within the days its shop page says, else the standard 1–3.
              const handlingDays = group.profile
                ? group.profile.handlingDays
                : group.sellerHandlingDays === null
                  ? { ...STANDARD_HANDLING_DAYS }
                  : { min: Math.min(STANDARD_HANDLING_DAYS.min, group.sellerHandlingDays), max: group.sellerHandlingDays };
              const origin = group.profile?.shipFrom ?? origins.get(sellerId) ?? null;
              const quote =
                destination && origin ? await rateParcel(origin, destination, parcelWeightOunces(group.weights), group.profile?.box ?? null, shipDate) : null;
              return {
                profileId: group.profile?.id ?? null,
                rate,
                units: group.units,
                carrierCents: quote?.cents ?? null,
                handlingDays,
                // Without the carrier's days, the longest Ground time: a promise kept rather than one broken.
                transitDays: destination ? (quote?.transitDays ?? FALLBACK_TRANSIT_DAYS) : null,
              };
            }),
          );
          const transit = planned.map((group) => group.transitDays);
          return {
            sellerId,
            groups: planned,
            handlingDays: shopHandlingDays(planned.map((group) => group.handlingDays)),
            transitDays: destination ? Math.max(...transit.map((days) => days ?? FALLBACK_TRANSIT_DAYS)) : null,
            rateDescription: [...new Set(planned.map((group) => RATE_WORDS[group.rate.type]))].join(' + '),
          };
        }),
      );
    },
  };
}

type PlannedBox = { length: number; width: number; height: number } | null;

/** Whether a planned shop's price waits on a destination (a calculated profile, a free one below its minimum). */
export function waitsOnDestination(shop: ShopDelivery, itemsTotalCents: number): boolean {
  return shop.groups.some((group) => needsCarrierRate(group.rate, itemsTotalCents));
}

/** Where to quote to, from a request's `postal_code` or `addressId` (one of the caller's saved addresses); null when neither. */
export type DestinationQuery = { postal_code?: string | undefined; addressId?: string | undefined };
