import {
  SHIPPING_PROFILE_CODES,
  type ShippingProfile,
  type ShippingProfileListResponse,
  type shippingProfileRequestSchema,
} from '@marketplace/contracts/delivery';
import { centsToDollars, dollarsToCents, formatCents } from '@marketplace/domain/money';
import { SHIPPING_PROFILE_LIMITS, STANDARD_FREE_FROM_CENTS, STANDARD_SHIPPING_CENTS } from '@marketplace/domain/shipping-profiles';
import type { z } from 'zod';
import type { Database } from '../../db/client';
import type { Clock } from '../../lib/clock';
import type { DomainEventPublisher } from '../../lib/domain-events';
import { conflict, notFound } from '../../lib/http-errors';
import type { UserRecord } from '../users';
import {
  countShippingProfiles,
  deleteShippingProfile,
  findShippingProfile,
  insertShippingProfile,
  listShippingProfiles,
  lockShippingProfilesOf,
  updateShippingProfile,
  type ShippingProfileRecord,
  type ShippingProfileValues,
} from './shipping-profiles.repository';

// A seller's shipping profiles (docs/product/shipping.md "Shipping profiles"): at most 20, one of them the default
// (the first one made, or the one last marked), which every listing without a profile of its own ships with.

export type ShippingProfileInput = z.output<typeof shippingProfileRequestSchema>;

export const STANDARD_RATE_DESCRIPTION = `${formatCents(STANDARD_SHIPPING_CENTS)} per order from your shop, free from ${formatCents(STANDARD_FREE_FROM_CENTS)}`;

const PROFILE_NOT_FOUND = 'Shipping profile not found';

export interface ShippingProfilesService {
  list(seller: UserRecord): Promise<ShippingProfileListResponse>;
  create(seller: UserRecord, input: ShippingProfileInput): Promise<ShippingProfile>;
  update(seller: UserRecord, id: string, input: ShippingProfileInput): Promise<ShippingProfile>;
  remove(seller: UserRecord, id: string): Promise<void>;
}

function valuesOf(input: ShippingProfileInput, isDefault: boolean): ShippingProfileValues {
  const { rate } = input;
  const address = input.shipFrom;
  return {
    name: input.name,
    handlingDays: { min: input.handlingDays.min, max: input.handlingDays.max },
    rate:
      rate.type === 'flat'
        ? { type: 'flat', firstCents: dollarsToCents(rate.first), additionalCents: dollarsToCents(rate.additional) }
        : rate.type === 'free'
          ? { type: 'free', minimumItemsTotalCents: rate.minimumItemsTotal == null ? null : dollarsToCents(rate.minimumItemsTotal) }
          : { type: 'calculated', handlingFeeCents: rate.handlingFee == null ? 0 : dollarsToCents(rate.handlingFee) },
    shipFrom: address
      ? {
          name: address.name,
          line1: address.line1,
          line2: address.line2 ?? null,
          city: address.city,
          state: address.state,
          postalCode: address.postal_code,
          countryCode: address.country,
        }
      : null,
    box: input.box ? { length: input.box.length, width: input.box.width, height: input.box.height } : null,
    isDefault,
  };
}

export function toShippingProfileDto(record: ShippingProfileRecord, listingCount: number): ShippingProfile {
  const { rate } = record;
  return {
    id: record.id,
    name: record.name,
    handlingDays: { ...record.handlingDays },
    rate:
      rate.type === 'flat'
        ? { type: 'flat', first: centsToDollars(rate.firstCents), additional: centsToDollars(rate.additionalCents) }
        : rate.type === 'free'
          ? { type: 'free', minimumItemsTotal: rate.minimumItemsTotalCents === null ? null : centsToDollars(rate.minimumItemsTotalCents) }
          : { type: 'calculated', handlingFee: centsToDollars(rate.handlingFeeCents) },
    shipFrom: record.shipFrom
      ? {
          name: record.shipFrom.name,
          line1: record.shipFrom.line1,
          line2: record.shipFrom.line2 ?? null,
          city: record.shipFrom.city,
          state: record.shipFrom.state,
          postal_code: record.shipFrom.postalCode,
          country: record.shipFrom.countryCode,
        }
      : null,
    box: record.box ? { ...record.box } : null,
    isDefault: record.isDefault,
    listingCount,
    createdAt: record.createdAt.toISOString(),
    updatedAt: record.updatedAt.toISOString(),
  };
}

// The product page asks for its delivery promise after it starts, so no listing page keeps what a profile says; the
// shop's page shows its default profile's handling time, so a change is told as a change of the seller's shop
// (`user.changed`), which drops the rendered pages here and, through the cache bus, on the other instances.
export function createShippingProfilesService({ db, clock, events }: { db: Database; clock: Clock; events: DomainEventPublisher }): ShippingProfilesService {
  const shopChanged = (sellerId: string) => events.publish({ type: 'user.changed', userId: sellerId, change: 'profile' });

  const profileOf = async (sellerId: string, id: string): Promise<ShippingProfile> => {
    const found = (await listShippingProfiles(db, sellerId)).find((profile) => profile.id === id);
    if (!found) throw notFound(PROFILE_NOT_FOUND, { code: SHIPPING_PROFILE_CODES.notFound });
    return toShippingProfileDto(found, found.listingCount);
  };

  return {
    async list(seller) {
      const profiles = await listShippingProfiles(db, seller.id);
      return { profiles: profiles.map((profile) => toShippingProfileDto(profile, profile.listingCount)), standardRate: STANDARD_RATE_DESCRIPTION };
    },

    async create(seller, input) {
      const id = await db.transaction(async (transaction) => {
        // Counted under the seller's lock, so parallel creates cannot pass the cap or both become the first default.
        await lockShippingProfilesOf(transaction, seller.id);
        const existing = await countShippingProfiles(transaction, seller.id);
        if (existing >= SHIPPING_PROFILE_LIMITS.profilesPerSeller) {
          throw conflict(`A shop can have at most ${SHIPPING_PROFILE_LIMITS.profilesPerSeller} shipping profiles`, {
            code: SHIPPING_PROFILE_CODES.limitReached,
            limit: SHIPPING_PROFILE_LIMITS.profilesPerSeller,
          });
        }
        // The first profile is the default, whatever was asked: listings without one need a profile to ship with.
        return insertShippingProfile(transaction, seller.id, valuesOf(input, existing === 0 || input.isDefault === true), clock.now());
      });
      shopChanged(seller.id);
      return profileOf(seller.id, id);
    },

    async update(seller, id, input) {
      await db.transaction(async (transaction) => {
        await lockShippingProfilesOf(transaction, seller.id);
        const current = await findShippingProfile(transaction, seller.id, id);
        if (!current) throw notFound(PROFILE_NOT_FOUND, { code: SHIPPING_PROFILE_CODES.notFound });
        if (current.isDefault && input.isDefault === false) {
          throw conflict('This is your default profile. Make another profile the default instead.', { code: SHIPPING_PROFILE_CODES.isDefault });
        }
        await updateShippingProfile(transaction, seller.id, id, valuesOf(input, current.isDefault || input.isDefault === true), clock.now());
      });
      shopChanged(seller.id);
      return profileOf(seller.id, id);
    },

    async remove(seller, id) {
      await db.transaction(async (transaction) => {
        await lockShippingProfilesOf(transaction, seller.id);
        const current = await findShippingProfile(transaction, seller.id, id);
        if (!current) throw notFound(PROFILE_NOT_FOUND, { code: SHIPPING_PROFILE_CODES.notFound });
        // The default can go only last: the others' listings would be left with nothing to ship with.
        if (current.isDefault && (await countShippingProfiles(transaction, seller.id)) > 1) {
          throw conflict('Make another profile the default before deleting this one.', { code: SHIPPING_PROFILE_CODES.isDefault });
        }
        await deleteShippingProfile(transaction, seller.id, id);
      });
      shopChanged(seller.id);
    },
  };
}
