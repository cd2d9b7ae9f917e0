import { z } from 'zod';
import { SHIPPING_PROFILE_LIMITS } from '@marketplace/domain/shipping-profiles';
import { normaliseUsPostalCode } from '@marketplace/domain/us-address';
import { dollarsSchema, visibleNameSchema } from './common';
import { arrivesBySchema, shippingAddressResponseSchema, shippingAddressSchema } from './orders';

// A seller's shipping profiles (GET/POST/PUT/DELETE /api/seller/shipping-profiles) and the delivery promise a
// buyer is given (docs/product/shipping.md). Money is in dollars with two decimals, as everywhere in the API.

const rateDollars = (label: string, min: number) => dollarsSchema(label, { min, max: SHIPPING_PROFILE_LIMITS.rateCentsMax / 100 });

const handlingDay = (label: string) =>
  z
    .number({ error: `${label} must be a number of business days` })
    .int(`${label} must be a whole number of business days`)
    .min(0, `${label} cannot be negative`)
    .max(SHIPPING_PROFILE_LIMITS.handlingDaysMax, `${label} must be at most ${SHIPPING_PROFILE_LIMITS.handlingDaysMax} business days`);

export const shippingRateSchema = z.discriminatedUnion(
  'type',
  [
    z.object({ type: z.literal('flat'), first: rateDollars('First item', 0), additional: rateDollars('Each additional item', 0) }),
    z.object({ type: z.literal('free'), minimumItemsTotal: dollarsSchema('Minimum order', { min: 0.01, max: 1_000_000 }).nullish() }),
    z.object({ type: z.literal('calculated'), handlingFee: rateDollars('Handling fee', 0).nullish() }),
  ],
  { error: "Choose how the profile charges: 'flat', 'free' or 'calculated'" },
);
export type ShippingRateInput = z.input<typeof shippingRateSchema>;

const boxSide = (label: string) =>
  z
    .number({ error: `${label} must be a number of inches` })
    // Whole inches, as the carrier takes a box's sides.
    .int(`${label} must be a whole number of inches`)
    .min(1, `${label} must be at least 1 inch`)
    .max(SHIPPING_PROFILE_LIMITS.boxSideInchesMax, `${label} must be at most ${SHIPPING_PROFILE_LIMITS.boxSideInchesMax} inches`);

export const shippingBoxSchema = z.object({ length: boxSide('Length'), width: boxSide('Width'), height: boxSide('Height') });

export const shippingProfileRequestSchema = z.object({
  name: visibleNameSchema('Profile name')
    .min(1, 'Profile name is required')
    .max(SHIPPING_PROFILE_LIMITS.nameLength, `Profile name must be at most ${SHIPPING_PROFILE_LIMITS.nameLength} characters`),
  handlingDays: z
    .object({ min: handlingDay('Handling time (from)'), max: handlingDay('Handling time (to)') }, { error: 'handlingDays must be { min, max }' })
    .refine((days) => days.min <= days.max, { message: 'Handling time (from) cannot be more than handling time (to)', path: ['max'] }),
  rate: shippingRateSchema,
  /** Where the parcels leave from; null or absent: the seller's default address. */
  shipFrom: shippingAddressSchema.nullish(),
  /** The box the parcels go in (inches); null or absent: the carrier's default box. */
  box: shippingBoxSchema.nullish(),
  /** Listings without a profile of their own ship with the default; the seller's first profile is the default. */
  isDefault: z.boolean().optional(),
});
export type ShippingProfileRequest = z.input<typeof shippingProfileRequestSchema>;

export const shippingRateResponseSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('flat'), first: z.number(), additional: z.number() }),
  z.object({ type: z.literal('free'), minimumItemsTotal: z.number().nullable() }),
  z.object({ type: z.literal('calculated'), handlingFee: z.number() }),
]);

export const shippingProfileSchema = z.object({
  id: z.string(),
  name: z.string(),
  handlingDays: z.object({ min: z.number(), max: z.number() }),
  rate: shippingRateResponseSchema,
  shipFrom: shippingAddressResponseSchema.nullable(),
  box: z.object({ length: z.number(), width: z.number(), height: z.number() }).nullable(),
  isDefault: z.boolean(),
  /** How many of the seller's listings ship with it (the default counts the listings without a profile). */
  listingCount: z.number(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type ShippingProfile = z.infer<typeof shippingProfileSchema>;

export const shippingProfileListResponseSchema = z.object({
  profiles: z.array(shippingProfileSchema),
  /** What a shop with no profile charges: the marketplace's standard rate, in words. */
  standardRate: z.string(),
});
export type ShippingProfileListResponse = z.infer<typeof shippingProfileListResponseSchema>;

export const shippingProfileParamsSchema = z.object({ id: z.uuid('Shipping profile not found') });

export const SHIPPING_PROFILE_CODES = {
  limitReached: 'shipping_profile_limit',
  isDefault: 'shipping_profile_is_default',
  notFound: 'shipping_profile_not_found',
  noShipFrom: 'no_ship_from',
} as const;

/** A 5-digit ZIP code in a query ("94107" or "94107-1234"), normalised; an empty value is absent. */
export const postalCodeQuerySchema = z.preprocess(
  (value) => (value === '' ? undefined : value),
  z
    .string()
    .trim()
    .refine((value) => normaliseUsPostalCode(value) !== null, 'Enter a 5-digit ZIP code, e.g. 94107')
    .transform((value) => (normaliseUsPostalCode(value) ?? value).slice(0, 5))
    .optional(),
);

/** Where the summary or a product page's promise is figured to: a ZIP code, or one of the buyer's saved addresses. */
export const destinationQuerySchema = z.object({
  postal_code: postalCodeQuerySchema,
  addressId: z.preprocess((value) => (value === '' ? undefined : value), z.uuid('Address not found').optional()),
});

/** GET /api/products/:id/delivery: what one unit costs to ship to a ZIP code, and when it would arrive if ordered now. */
export const productDeliveryResponseSchema = z.object({
  /** The ZIP code it was figured to: the one asked for, else the buyer's default address's, else null. */
  postalCode: z.string().nullable(),
  shipping: z.number().nullable(),
  /** Free shipping for the shop's part from this items total (a free profile with a minimum, or the standard rate), else null. */
  freeFrom: z.number().nullable(),
  arrivesBy: arrivesBySchema.nullable(),
  handlingDays: z.object({ min: z.number(), max: z.number() }),
});
export type ProductDeliveryResponse = z.infer<typeof productDeliveryResponseSchema>;
