import { z } from 'zod';
import { VACATION_MESSAGE_MAX_LENGTH } from '@marketplace/domain/vacation';
import { plainTextSchema } from './common';

// A seller's shop page (docs/product/shops.md): who they are, how they ship and take returns, and how
// many live listings they have. The listings themselves come from GET /api/products?sellerId=…, so the
// shop page searches, filters, sorts and pages exactly as the catalogue does.

export const SHOP_ERROR_CODES = { notFound: 'shop_not_found', onVacation: 'shop_on_vacation' } as const;
export const SHOP_NOT_FOUND_MESSAGE = 'Shop not found';

export const shopParamsSchema = z.object({ sellerId: z.string().max(100) });

// ── vacation (docs/product/shops.md) ───────────────────────────────────────────────────────────────
/** A shop's vacation: the day selling resumes (YYYY-MM-DD, US Eastern) and the seller's message, if any. */
export const vacationSchema = z.object({ until: z.string(), message: z.string().nullable() });
export type Vacation = z.infer<typeof vacationSchema>;

/** `PUT /api/seller/vacation`: away until `until` (after today, within a year), with an optional message. */
export const setVacationRequestSchema = z.object({
  until: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'Choose the date your shop opens again.'),
  // Text a person writes: the one rule for it (plainTextSchema: no control characters), several lines allowed.
  message: plainTextSchema()
    .trim()
    .max(VACATION_MESSAGE_MAX_LENGTH, `The message can be at most ${VACATION_MESSAGE_MAX_LENGTH} characters.`)
    .nullish()
    .transform((message) => message || null),
});
export type SetVacationRequest = z.input<typeof setVacationRequestSchema>;

/** The seller's vacation as it stands: null when the shop is open. */
export const vacationResponseSchema = z.object({ vacation: vacationSchema.nullable() });
export type VacationResponse = z.infer<typeof vacationResponseSchema>;

export const shopResponseSchema = z.object({
  seller: z.object({
    id: z.string(),
    /** The company name, or the seller's first name and last initial ("Sam S.") without one. */
    name: z.string(),
    companyName: z.string().nullable(),
    /** When the account was created (ISO). */
    memberSince: z.string(),
    /** The two-letter state of the ship-from address, null while the seller has none. */
    shipsFromState: z.string().nullable(),
    /** The average over the visible reviews of all their items (one decimal), null with none. */
    rating: z.object({ average: z.number().nullable(), count: z.number().int() }),
    /** Business days from an order to its parcel leaving; null until the seller says. */
    handlingDays: z.number().int().nullable(),
    /** The seller's return policy (the returns module's): a window of 0 days means no returns. */
    returnPolicy: z.object({ acceptsReturns: z.boolean(), windowDays: z.number().int(), restockingFeePercent: z.number() }),
    /** Set while the shop is away (its listings show, but cannot be put in a cart or bought); null otherwise. */
    vacation: vacationSchema.nullable(),
  }),
  /** How many live listings the shop has. */
  listingCount: z.number().int(),
});
export type ShopResponse = z.infer<typeof shopResponseSchema>;
