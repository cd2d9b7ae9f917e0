import { z } from 'zod';
import { PAYOUT_DELAY_DAYS_MAX, PAYOUT_DELAY_DAYS_MIN } from '@marketplace/domain/earnings';
import { SUPPORT_REQUEST_STATUSES } from '@marketplace/domain/enums';
import { MAX_OPEN_SUPPORT_REQUESTS_PER_USER } from '@marketplace/domain/user-content-limits';
import { isOneCleanLine, pageQueryWith, plainTextSchema } from './common';
import { paginationSchema } from './users';

// The remaining seller and admin pages: marketplace settings (public contact details and the
// admin's form), a seller's notification preferences, and support requests from /seller/support that
// admins read and close on /admin/settings.

// ── marketplace settings ──────────────────────────────────────────────────────────────────────
/** GET /api/settings/public (no login): what the help page and footer show. */
export const publicSettingsSchema = z.object({
  marketplaceName: z.string(),
  supportEmail: z.string(),
  supportPhone: z.string(),
});
export type PublicSettings = z.infer<typeof publicSettingsSchema>;

/** GET/PUT /api/admin/settings answer. */
export const adminSettingsSchema = publicSettingsSchema.extend({
  /** Payout on delivery (docs/product/payouts.md): items are paid automatically this many days after delivery. */
  payoutOnDelivery: z.boolean(),
  payoutDelayDays: z.number().int(),
  updatedAt: z.string(),
});
export type AdminSettings = z.infer<typeof adminSettingsSchema>;

export const SUPPORT_PHONE_PATTERN = /^[0-9 +()-]{7,30}$/;
export const SETTINGS_MESSAGES = {
  marketplaceName: 'Marketplace name must be 2 to 60 characters',
  marketplaceNameCharacters: 'Marketplace name cannot contain line breaks, tabs or other control characters',
  supportEmail: 'Enter a valid support email address',
  supportPhone: 'Support phone must be 7 to 30 characters: digits, spaces, + ( ) and -',
  payoutOnDelivery: 'Payout on delivery must be on or off',
  payoutDelayDays: `The payout delay must be a whole number of days from ${PAYOUT_DELAY_DAYS_MIN} to ${PAYOUT_DELAY_DAYS_MAX}`,
} as const;

/**
 * PUT /api/admin/settings: the name and contact are required (the form sends them all); the payout mode
 * and delay are optional, and keep their saved values when left out.
 */
export const updateAdminSettingsRequestSchema = z.object({
  // Checked before the trim, so not even a line break around it passes: the name goes into e-mails
  // (docs/product/validation.md).
  marketplaceName: z
    .string({ error: SETTINGS_MESSAGES.marketplaceName })
    .refine(isOneCleanLine, SETTINGS_MESSAGES.marketplaceNameCharacters)
    .trim()
    .min(2, SETTINGS_MESSAGES.marketplaceName)
    .max(60, SETTINGS_MESSAGES.marketplaceName),
  supportEmail: z
    .string({ error: SETTINGS_MESSAGES.supportEmail })
    .trim()
    .max(254, SETTINGS_MESSAGES.supportEmail)
    .pipe(z.email(SETTINGS_MESSAGES.supportEmail)),
  supportPhone: z.string({ error: SETTINGS_MESSAGES.supportPhone }).trim().regex(SUPPORT_PHONE_PATTERN, SETTINGS_MESSAGES.supportPhone),
  payoutOnDelivery: z.boolean({ error: SETTINGS_MESSAGES.payoutOnDelivery }).optional(),
  payoutDelayDays: z
    .number({ error: SETTINGS_MESSAGES.payoutDelayDays })
    .int(SETTINGS_MESSAGES.payoutDelayDays)
    .min(PAYOUT_DELAY_DAYS_MIN, SETTINGS_MESSAGES.payoutDelayDays)
    .max(PAYOUT_DELAY_DAYS_MAX, SETTINGS_MESSAGES.payoutDelayDays)
    .optional(),
});
export type UpdateAdminSettingsRequest = z.input<typeof updateAdminSettingsRequestSchema>;

// ── notification preferences ──────────────────────────────────────────────────────────────────
export const NOTIFICATION_PREFERENCE_KEYS = ['newOrder', 'newMessage', 'payoutSent', 'disputeOpened', 'weeklySummary'] as const;
export type NotificationPreferenceKey = (typeof NOTIFICATION_PREFERENCE_KEYS)[number];

/** GET/PUT /api/users/me/notification-preferences (seller): all five booleans, both ways. */
export const notificationPreferencesSchema = z.object({
  newOrder: z.boolean(),
  newMessage: z.boolean(),
  payoutSent: z.boolean(),
  disputeOpened: z.boolean(),
  weeklySummary: z.boolean(),
});
export type NotificationPreferences = z.infer<typeof notificationPreferencesSchema>;

// ── support requests ──────────────────────────────────────────────────────────────────────────
export const SUPPORT_TOPICS = ['orders', 'shipping', 'payouts', 'account', 'other'] as const;
export const supportTopicSchema = z.enum(SUPPORT_TOPICS, { error: 'Choose a topic' });
export type SupportTopic = z.infer<typeof supportTopicSchema>;
export const SUPPORT_TOPIC_LABELS: Record<SupportTopic, string> = {
  orders: 'Orders',
  shipping: 'Shipping and labels',
  payouts: 'Payouts',
  account: 'My account',
  other: 'Something else',
};

export { SUPPORT_REQUEST_STATUSES };
export const supportRequestStatusSchema = z.enum(SUPPORT_REQUEST_STATUSES);
export type SupportRequestStatus = z.infer<typeof supportRequestStatusSchema>;

export const SUPPORT_MESSAGES = {
  subject: 'Subject must be 3 to 120 characters',
  message: 'Message must be 10 to 5000 characters',
  notFound: 'Support request not found',
  tooManyOpen: `You already have ${MAX_OPEN_SUPPORT_REQUESTS_PER_USER} open support requests; we will answer those before you send another`,
} as const;
/** The `code` of the 409 a seller gets with too many requests open (docs/product/limits.md). */
export const SUPPORT_REQUEST_LIMIT_CODE = 'support_request_limit';
export { MAX_OPEN_SUPPORT_REQUESTS_PER_USER };

/** POST /api/support/requests (seller) → 201 { request }. */
export const createSupportRequestSchema = z.object({
  topic: supportTopicSchema,
  subject: plainTextSchema({ error: SUPPORT_MESSAGES.subject, singleLine: true }).trim().min(3, SUPPORT_MESSAGES.subject).max(120, SUPPORT_MESSAGES.subject),
  message: plainTextSchema({ error: SUPPORT_MESSAGES.message }).trim().min(10, SUPPORT_MESSAGES.message).max(5000, SUPPORT_MESSAGES.message),
});
export type CreateSupportRequest = z.input<typeof createSupportRequestSchema>;

export const supportRequestSchema = z.object({
  id: z.string(),
  topic: supportTopicSchema,
  subject: z.string(),
  message: z.string(),
  status: supportRequestStatusSchema,
  createdAt: z.string(),
  closedAt: z.string().nullable(),
  /** Who sent it (admins see it for every request; a seller sees their own). */
  seller: z.object({ id: z.string(), name: z.string(), email: z.string(), companyName: z.string().nullable() }),
});
export type SupportRequest = z.infer<typeof supportRequestSchema>;

export const supportRequestResponseSchema = z.object({ request: supportRequestSchema });
export type SupportRequestResponse = z.infer<typeof supportRequestResponseSchema>;

export const DEFAULT_SUPPORT_REQUEST_PAGE_SIZE = 20;
export const MAX_SUPPORT_REQUEST_PAGE_SIZE = 100;

/**
 * GET /api/support/requests?status=open|closed&page=&limit=: a seller's own, or every request for an
 * admin; open first, newest first; 20 a page by default, at most 100.
 */
export const supportRequestsQuerySchema = pageQueryWith({ defaultLimit: DEFAULT_SUPPORT_REQUEST_PAGE_SIZE, maxLimit: MAX_SUPPORT_REQUEST_PAGE_SIZE }).extend({
  status: z.preprocess((value) => (value === '' ? undefined : value), supportRequestStatusSchema.optional()),
});
export type SupportRequestsQuery = z.input<typeof supportRequestsQuerySchema>;

export const supportRequestsResponseSchema = z.object({
  requests: z.array(supportRequestSchema),
  pagination: paginationSchema,
  /** Open requests among all the viewer may see (whatever the status filter and page). */
  openCount: z.number().int(),
});
export type SupportRequestsResponse = z.infer<typeof supportRequestsResponseSchema>;

/** PATCH /api/admin/support/requests/:id */
export const supportRequestParamsSchema = z.object({ id: z.guid({ error: SUPPORT_MESSAGES.notFound }) });
export const updateSupportRequestSchema = z.object({ status: z.literal('closed', { error: "Status must be 'closed'" }) });
export type UpdateSupportRequest = z.infer<typeof updateSupportRequestSchema>;
