import { and, asc, count, eq, inArray, isNull, ne, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { ShippingAddressSnapshot } from '../../db/columns';
import type { Executor } from '../../db/client';
import { lockFor } from '../../db/advisory-locks';
import type { ShippingRate } from '@marketplace/domain/shipping-profiles';
import { users } from '../users/users.schema';
import { products, shippingProfiles } from './catalog.schema';

// A seller's shipping profiles (docs/product/shipping.md "Shipping profiles"), which only the catalog writes, and
// the profile each listing ships with: its own, else its seller's default, else none (the standard rate).

/** One profile as stored, its rate as the domain reads it; plain data. */
export interface ShippingProfileRecord {
  id: string;
  sellerId: string;
  name: string;
  handlingDays: { min: number; max: number };
  rate: Exclude<ShippingRate, { type: 'standard' }>;
  shipFrom: ShippingAddressSnapshot | null;
  box: { length: number; width: number; height: number } | null;
  isDefault: boolean;
  createdAt: Date;
  updatedAt: Date;
}

export type ShippingProfileValues = Omit<ShippingProfileRecord, 'id' | 'sellerId' | 'createdAt' | 'updatedAt'>;

type Row = typeof shippingProfiles.$inferSelect;

function toRecord(row: Row): ShippingProfileRecord {
  const rate: ShippingProfileRecord['rate'] =
    row.rateType === 'flat'
      ? { type: 'flat', firstCents: row.firstCents ?? 0, additionalCents: row.additionalCents ?? 0 }
      : row.rateType === 'free'
        ? { type: 'free', minimumItemsTotalCents: row.minimumItemsTotalCents }
        : { type: 'calculated', handlingFeeCents: row.handlingFeeCents };
  const box =
    row.boxLengthInches !== null && row.boxWidthInches !== null && row.boxHeightInches !== null
      ? { length: row.boxLengthInches, width: row.boxWidthInches, height: row.boxHeightInches }
      : null;
  return {
    id: row.id,
    sellerId: row.sellerId,
    name: row.name,
    handlingDays: { min: row.handlingMinDays, max: row.handlingMaxDays },
    rate,
    shipFrom: row.shipFrom ?? null,
    box,
    isDefault: row.isDefault,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  };
}

function toColumns(values: ShippingProfileValues) {
  const { rate } = values;
  return {
    name: values.name,
    handlingMinDays: values.handlingDays.min,
    handlingMaxDays: values.handlingDays.max,
    rateType: rate.type,
    firstCents: rate.type === 'flat' ? rate.firstCents : null,
    additionalCents: rate.type === 'flat' ? rate.additionalCents : null,
    minimumItemsTotalCents: rate.type === 'free' ? rate.minimumItemsTotalCents : null,
    handlingFeeCents: rate.type === 'calculated' ? rate.handlingFeeCents : 0,
    shipFrom: values.shipFrom,
    boxLengthInches: values.box?.length ?? null,
    boxWidthInches: values.box?.width ?? null,
    boxHeightInches: values.box?.height ?? null,
    isDefault: values.isDefault,
  };
}

/** Makes one seller's profile writes wait for each other (the cap and the one default hold under parallel writes). */
export async function lockShippingProfilesOf(executor: Executor, sellerId: string): Promise<void> {
  await lockFor(executor, 'shipping-profiles', sellerId);
}

/** The seller's profiles, the default first, then by name; each with how many of the seller's listings ship with it. */
export async function listShippingProfiles(executor: Executor, sellerId: string): Promise<Array<ShippingProfileRecord & { listingCount: number }>> {
  const rows = await executor
    .select()
    .from(shippingProfiles)
    .where(eq(shippingProfiles.sellerId, sellerId))
    .orderBy(sql`${shippingProfiles.isDefault} desc`, asc(shippingProfiles.name), asc(shippingProfiles.id));
  const counts = await executor
    .select({ profileId: products.shippingProfileId, listings: count() })
    .from(products)
    .where(eq(products.sellerId, sellerId))
    .groupBy(products.shippingProfileId);
  const countOf = new Map(counts.map((row) => [row.profileId, row.listings]));
  return rows.map((row) => ({
    ...toRecord(row),
    // The default ships the listings that name no profile too.
    listingCount: (countOf.get(row.id) ?? 0) + (row.isDefault ? (countOf.get(null) ?? 0) : 0),
  }));
}

export async function countShippingProfiles(executor: Executor, sellerId: string): Promise<number> {
  const [row] = await executor.select({ total: count() }).from(shippingProfiles).where(eq(shippingProfiles.sellerId, sellerId));
  return row?.total ?? 0;
}

/** One of the seller's profiles, or null (another seller's is none of theirs). */
export async function findShippingProfile(executor: Executor, sellerId: string, id: string): Promise<ShippingProfileRecord | null> {
  const [row] = await executor
    .select()
    .from(shippingProfiles)
    .where(and(eq(shippingProfiles.id, id), eq(shippingProfiles.sellerId, sellerId)))
    .limit(1);
  return row ? toRecord(row) : null;
}

export async function insertShippingProfile(executor: Executor, sellerId: string, values: ShippingProfileValues, now: Date): Promise<string> {
  if (values.isDefault) await clearDefault(executor, sellerId, null, now);
  const [row] = await executor
    .insert(shippingProfiles)
    .values({ ...toColumns(values), sellerId, createdAt: now, updatedAt: now })
    .returning({ id: shippingProfiles.id });
  return row!.id;
}

export async function updateShippingProfile(executor: Executor, sellerId: string, id: string, values: ShippingProfileValues, now: Date): Promise<boolean> {
  if (values.isDefault) await clearDefault(executor, sellerId, id, now);
  const updated = await executor
    .update(shippingProfiles)
    .set({ ...toColumns(values), updatedAt: now })
    .where(and(eq(shippingProfiles.id, id), eq(shippingProfiles.sellerId, sellerId)))
    .returning({ id: shippingProfiles.id });
  return updated.length > 0;
}

/** Deletes one of the seller's profiles; its listings go back to the default (the reference is set to null). */
export async function deleteShippingProfile(executor: Executor, sellerId: string, id: string): Promise<boolean> {
  const deleted = await executor
    .delete(shippingProfiles)
    .where(and(eq(shippingProfiles.id, id), eq(shippingProfiles.sellerId, sellerId)))
    .returning({ id: shippingProfiles.id });
  return deleted.length > 0;
}

async function clearDefault(executor: Executor, sellerId: string, keepId: string | null, now: Date): Promise<void> {
  await executor
    .update(shippingProfiles)
    .set({ isDefault: false, updatedAt: now })
    .where(and(eq(shippingProfiles.sellerId, sellerId), eq(shippingProfiles.isDefault, true), keepId === null ? undefined : ne(shippingProfiles.id, keepId)));
}

/** The seller's default profile, or null when they set none. */
export async function findDefaultShippingProfile(executor: Executor, sellerId: string): Promise<ShippingProfileRecord | null> {
  const [row] = await executor
    .select()
    .from(shippingProfiles)
    .where(and(eq(shippingProfiles.sellerId, sellerId), eq(shippingProfiles.isDefault, true)))
    .limit(1);
  return row ? toRecord(row) : null;
}

/** What a listing ships with: its id, seller, weight and profile (its own, else its seller's default, else null). */
export interface ListingShipping {
  productId: string;
  sellerId: string;
  weightOunces: number;
  profile: ShippingProfileRecord | null;
  /** The most business days the seller says they take to ship (their shop page's), or null: the standard rate's handling. */
  sellerHandlingDays: number | null;
}

/** How each of these listings ships, in one statement (a cart's or a product page's). */
export async function findShippingOfListings(executor: Executor, productIds: readonly string[]): Promise<Map<string, ListingShipping>> {
  if (productIds.length === 0) return new Map();
  const own = alias(shippingProfiles, 'own_profile');
  const fallback = alias(shippingProfiles, 'default_profile');
  const rows = await executor
    .select({ productId: products.id, sellerId: products.sellerId, weightOunces: products.weightOunces, sellerHandlingDays: users.handlingDays, own, fallback })
    .from(products)
    .innerJoin(users, eq(users.id, products.sellerId))
    .leftJoin(own, eq(own.id, products.shippingProfileId))
    .leftJoin(fallback, and(eq(fallback.sellerId, products.sellerId), eq(fallback.isDefault, true), isNull(products.shippingProfileId)))
    .where(inArray(products.id, [...new Set(productIds)]));
  return new Map(
    rows.map((row) => {
      const profile = row.own ?? row.fallback;
      return [
        row.productId,
        {
          productId: row.productId,
          sellerId: row.sellerId,
          weightOunces: row.weightOunces,
          sellerHandlingDays: row.sellerHandlingDays,
          profile: profile ? toRecord(profile) : null,
        },
      ];
    }),
  );
}
