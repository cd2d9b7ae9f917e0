import { z } from 'zod';
import { USER_STATUSES } from '@marketplace/domain/enums';
import { normalisePhone, normaliseUsCountry, normaliseUsPostalCode, normaliseUsState } from '@marketplace/domain/us-address';
import { MAX_ADDRESSES_PER_USER } from '@marketplace/domain/user-content-limits';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH, authResponseSchema, roleSchema } from './auth';
import { emptyAsAbsent, plainTextSchema, tablePageQuerySchema, visibleNameSchema } from './common';

// Users and profile: the signed-in user's profile, password and address book, and the
// admin's user list, suspension and insights. Dollars are numbers with at most 2 decimals.

export { USER_STATUSES };
export const userStatusSchema = z.enum(USER_STATUSES);
export type UserStatus = z.infer<typeof userStatusSchema>;

export const paginationSchema = z.object({
  page: z.number(),
  limit: z.number(),
  totalPages: z.number(),
  totalItems: z.number(),
});
export type Pagination = z.infer<typeof paginationSchema>;

// ── profile ───────────────────────────────────────────────────────────────────────────────────
export const profileUserSchema = z.object({
  id: z.string(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  role: roleSchema,
  companyName: z.string().nullable(),
  phone: z.string().nullable(),
  createdAt: z.string(),
  /** Sellers: business days from an order to its parcel leaving (their shop page shows it); null until they say. */
  handlingDays: z.number().int().nullable(),
});
export type ProfileUser = z.infer<typeof profileUserSchema>;

/** GET /api/users/me and PUT /api/users/me */
export const profileResponseSchema = z.object({ user: profileUserSchema });
export type ProfileResponse = z.infer<typeof profileResponseSchema>;

const PHONE_MESSAGE = 'Enter a phone number of 7 to 15 digits, e.g. (415) 555-0100';

/** An optional phone: '' or null clears it. */
const optionalPhoneSchema = z
  .string()
  .trim()
  .max(30, PHONE_MESSAGE)
  .refine((value) => value === '' || normalisePhone(value) !== null, PHONE_MESSAGE)
  .overwrite((value) => (value === '' ? value : (normalisePhone(value) ?? value)))
  .nullable()
  .optional();

const profileNameSchema = (label: string) =>
  visibleNameSchema(label, { error: `${label} must be text` })
    .min(1, `${label} is required`)
    .max(100, `${label} must be at most 100 characters`);

export const MIN_HANDLING_DAYS = 1;
export const MAX_HANDLING_DAYS = 30;
export const HANDLING_DAYS_MESSAGE = `Handling time is a whole number of business days from ${MIN_HANDLING_DAYS} to ${MAX_HANDLING_DAYS}`;

/**
 * PUT /api/users/me: every field optional; `phone: ''` or `null` clears the phone. `companyName` is
 * for sellers only (400 for other roles) and cannot be emptied.
 */
export const updateProfileRequestSchema = z.object({
  firstName: profileNameSchema('First name').optional(),
  lastName: profileNameSchema('Last name').optional(),
  phone: optionalPhoneSchema,
  companyName: visibleNameSchema('Company name')
    .min(1, 'Company name is required for sellers')
    .max(200, 'Company name must be at most 200 characters')
    .optional(),
  /** Sellers only (400 for other roles); null clears it. */
  handlingDays: z
    .number({ error: HANDLING_DAYS_MESSAGE })
    .int(HANDLING_DAYS_MESSAGE)
    .min(MIN_HANDLING_DAYS, HANDLING_DAYS_MESSAGE)
    .max(MAX_HANDLING_DAYS, HANDLING_DAYS_MESSAGE)
    .nullable()
    .optional(),
});
export type UpdateProfileRequest = z.input<typeof updateProfileRequestSchema>;

/**
 * PUT /api/users/me/password → 200 ChangePasswordResponse; a wrong current password → 400
 * { error: CURRENT_PASSWORD_INCORRECT_MESSAGE, code: 'current_password_incorrect' }; a new password the policy
 * refuses → 400 { error, code: 'weak_password' }.
 */
export const changePasswordRequestSchema = z
  .object({
    currentPassword: z.string({ error: 'Current password is required' }).min(1, 'Current password is required').max(200),
    newPassword: z
      .string({ error: 'New password is required' })
      .min(PASSWORD_MIN_LENGTH, `New password must be at least ${PASSWORD_MIN_LENGTH} characters`)
      .max(PASSWORD_MAX_LENGTH, `New password must be at most ${PASSWORD_MAX_LENGTH} characters`),
  })
  .refine((value) => value.currentPassword !== value.newPassword, {
    path: ['newPassword'],
    message: 'New password must be different from the current one',
  });
export type ChangePasswordRequest = z.input<typeof changePasswordRequestSchema>;

/**
 * The answer to a password change: every other session of the account has ended, so the browser that
 * changed it is given a new token (and the user, as at login) to stay signed in with.
 */
export const changePasswordResponseSchema = authResponseSchema;
export type ChangePasswordResponse = z.infer<typeof changePasswordResponseSchema>;

export const CURRENT_PASSWORD_INCORRECT_MESSAGE = 'Current password is incorrect';

// ── address book ──────────────────────────────────────────────────────────────────────────────
export const addressSchema = z.object({
  id: z.string(),
  name: z.string(),
  line1: z.string(),
  line2: z.string().nullable(),
  city: z.string(),
  /** The two-letter USPS code, e.g. "CA". */
  state: z.string(),
  /** "94107" or "94107-1234". */
  postal_code: z.string(),
  country: z.string(),
  phone: z.string().nullable(),
  isDefault: z.boolean(),
});
export type Address = z.infer<typeof addressSchema>;

export { MAX_ADDRESSES_PER_USER };
/** The 409 of one address too many (docs/product/limits.md). */
export const ADDRESS_LIMIT_CODE = 'address_limit';
export const ADDRESS_LIMIT_MESSAGE = `An address book holds at most ${MAX_ADDRESSES_PER_USER} addresses; delete one to add another`;

/** GET /api/users/me/addresses (the default first, then newest first) */
export const addressListResponseSchema = z.object({ addresses: z.array(addressSchema) });
export type AddressListResponse = z.infer<typeof addressListResponseSchema>;

const requiredText = (label: string, max: number) =>
  plainTextSchema({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(max, `${label} must be at most ${max} characters`);

export const STATE_MESSAGE = 'Enter a US state, e.g. CA or California';
export const POSTAL_CODE_MESSAGE = 'Enter a 5-digit ZIP code, e.g. 94107 or 94107-1234';
export const COUNTRY_MESSAGE = 'We ship within the United States only for now';

// State, ZIP and country are read the way people type them ("california", "941071234", "USA") and
// stored one way ("CA", "94107-1234", "US"): the rules live in @marketplace/domain/us-address.
const stateSchema = requiredText('State', 60)
  .refine((value) => normaliseUsState(value) !== null, STATE_MESSAGE)
  .overwrite((value) => normaliseUsState(value) ?? value);
const postalCodeSchema = requiredText('ZIP code', 20)
  .refine((value) => normaliseUsPostalCode(value) !== null, POSTAL_CODE_MESSAGE)
  .overwrite((value) => normaliseUsPostalCode(value) ?? value);
const countrySchema = requiredText('Country', 60)
  .refine((value) => normaliseUsCountry(value) !== null, COUNTRY_MESSAGE)
  .overwrite((value) => normaliseUsCountry(value) ?? value);
const optionalLine2Schema = plainTextSchema().trim().max(200, 'Address line 2 must be at most 200 characters').nullable().optional();

const addressFields = {
  name: visibleNameSchema('Name').min(1, 'Name is required').max(200, 'Name must be at most 200 characters'),
  line1: requiredText('Address line 1', 200),
  line2: optionalLine2Schema,
  city: requiredText('City', 100),
  state: stateSchema,
  postal_code: postalCodeSchema,
  phone: optionalPhoneSchema,
  isDefault: z.boolean({ error: 'isDefault must be true or false' }).optional(),
};

/**
 * POST /api/users/me/addresses → 201 Address. `country` defaults to "US"; the first address
 * becomes the default whatever `isDefault` says; `isDefault: true` unsets the others.
 */
export const createAddressRequestSchema = z.object({ ...addressFields, country: countrySchema.default('US') });
export type CreateAddressRequest = z.input<typeof createAddressRequestSchema>;

/**
 * PUT /api/users/me/addresses/:id → Address: the fields to change (all optional; `line2` or
 * `phone` '' / null clear them). `isDefault: true` makes it the default; `isDefault: false` on the
 * default is ignored (there is always one default while there are addresses).
 */
export const updateAddressRequestSchema = z.object({
  name: addressFields.name.optional(),
  line1: addressFields.line1.optional(),
  line2: optionalLine2Schema,
  city: addressFields.city.optional(),
  state: stateSchema.optional(),
  postal_code: postalCodeSchema.optional(),
  country: countrySchema.optional(),
  phone: optionalPhoneSchema,
  isDefault: addressFields.isDefault,
});
export type UpdateAddressRequest = z.input<typeof updateAddressRequestSchema>;

// z.guid, not z.uuid: the demo seed's deterministic ids are uuid-shaped without a version digit.
export const addressIdParamsSchema = z.object({ id: z.guid('Invalid address id') });

// ── admin: users ──────────────────────────────────────────────────────────────────────────────
export const adminUserSchema = z.object({
  id: z.string(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  role: roleSchema,
  companyName: z.string().nullable(),
  status: userStatusSchema,
  createdAt: z.string(),
});
export type AdminUser = z.infer<typeof adminUserSchema>;

/** GET /api/admin/users?q&role&status&page&limit — q matches name, email or company (case-insensitive); newest first. */
export const adminUsersQuerySchema = tablePageQuerySchema.extend({
  q: z.string().trim().max(200, 'Search must be at most 200 characters').optional(),
  role: z.preprocess(emptyAsAbsent, roleSchema.optional()),
  status: z.preprocess(emptyAsAbsent, userStatusSchema.optional()),
});
export type AdminUsersQuery = z.input<typeof adminUsersQuerySchema>;

export const adminUsersResponseSchema = z.object({ users: z.array(adminUserSchema), pagination: paginationSchema });
export type AdminUsersResponse = z.infer<typeof adminUsersResponseSchema>;

export const userIdParamsSchema = z.object({ id: z.guid('Invalid user id') });

/** PATCH /api/admin/users/:id → { user: AdminUser }; suspending yourself → 400 CANNOT_SUSPEND_SELF_MESSAGE. */
export const updateUserStatusRequestSchema = z.object({
  status: z.enum(USER_STATUSES, { error: 'Status must be active or suspended' }),
});
export type UpdateUserStatusRequest = z.input<typeof updateUserStatusRequestSchema>;
export const adminUserResponseSchema = z.object({ user: adminUserSchema });
export type AdminUserResponse = z.infer<typeof adminUserResponseSchema>;

export const CANNOT_SUSPEND_SELF_MESSAGE = 'You cannot suspend your own account';

// ── admin: insights ───────────────────────────────────────────────────────────────────────────
export const insightsRecentOrderSchema = z.object({
  id: z.string(),
  createdAt: z.string(),
  /** The order's status (orders.status). */
  status: z.string(),
  total: z.number(),
  itemsCount: z.number(),
});

export const insightsRecentSaleSchema = z.object({
  orderItemId: z.string(),
  orderId: z.string(),
  title: z.string(),
  quantity: z.number(),
  /** price × quantity + the add-on, in dollars. */
  total: z.number(),
  /** The order item's status. */
  status: z.string(),
  createdAt: z.string(),
  buyer: z.object({ fullName: z.string() }),
});

/**
 * GET /api/admin/users/:id/insights. `buyer` for buyers, `seller` for sellers (null otherwise).
 * - totalSpent: what the buyer paid for all their orders minus what was refunded to them.
 * - itemsSold / revenue: quantity and price × quantity + add-on of the seller's items that were
 *   approved, shipped, delivered or completed (not pending, rejected, refunded or cancelled).
 * - recentOrders / recentSales: the 5 newest.
 */
export const userInsightsResponseSchema = z.object({
  user: adminUserSchema.extend({ phone: z.string().nullable() }),
  buyer: z
    .object({
      ordersCount: z.number(),
      totalSpent: z.number(),
      lastOrderAt: z.string().nullable(),
      recentOrders: z.array(insightsRecentOrderSchema),
    })
    .nullable(),
  seller: z
    .object({
      listingsCount: z.number(),
      activeListings: z.number(),
      itemsSold: z.number(),
      revenue: z.number(),
      recentSales: z.array(insightsRecentSaleSchema),
    })
    .nullable(),
});
export type UserInsightsResponse = z.infer<typeof userInsightsResponseSchema>;
