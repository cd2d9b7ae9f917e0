import { z } from 'zod';
import { pageQueryWith } from './common';

// In-app notifications (docs/product/notifications.md): what happened to a person's orders, parcels,
// payouts and disputes, kept for them to read in the bell of every area's header. Each is written once
// per event (a dedupe key), told live over the socket to every open tab on every instance, and re-read
// over HTTP when the socket reconnects.

/** What a notification is about; the web app picks the icon from it. */
export const NOTIFICATION_KINDS = [
  'order_placed', // buyer: your order is placed
  'new_order', // seller: items to approve
  'item_approved', // buyer
  'item_rejected', // buyer
  'item_cancelled', // seller: the buyer cancelled an item before the seller acted on it
  'item_shipped', // buyer: a label was created, with the tracking number
  'item_out_for_delivery', // buyer
  'item_delivered', // buyer
  'refund_issued', // buyer
  'payout_sent', // seller
  'dispute_opened', // seller, admins
  'dispute_answered', // buyer (the seller offered a refund or contested), admins
  'dispute_resolved', // buyer, seller
  'support_request', // admins
  'review_request', // buyer: a few days after delivery, asked to review the item
  'new_review', // seller: a buyer reviewed one of their items
  'review_reply', // buyer: the seller replied to their review
  'review_hidden', // buyer: an admin hid their review, with the reason
  'payout_scheduled', // seller: with payout on delivery, when an item will be paid
] as const;
export const notificationKindSchema = z.enum(NOTIFICATION_KINDS);
export type NotificationKind = z.infer<typeof notificationKindSchema>;

export const notificationSchema = z.object({
  id: z.string(),
  kind: notificationKindSchema,
  /** One short sentence, e.g. "Your order is on its way". */
  title: z.string(),
  /** A line of detail, e.g. the item and its tracking number. */
  body: z.string(),
  /** A path inside the app (starts with "/"), e.g. "/myorders/<id>". */
  link: z.string(),
  createdAt: z.string(),
  readAt: z.string().nullable(),
});
export type NotificationItem = z.infer<typeof notificationSchema>;

/** GET /api/notifications: newest first, 20 a page by default; `unread=true` lists the unread only. */
export const notificationsQuerySchema = pageQueryWith({ defaultLimit: 20, maxLimit: 50 }).extend({
  unread: z.preprocess((value) => (value === '' ? undefined : value), z.enum(['true', 'false'], { error: 'Unread must be true or false' }).optional()),
});
export type NotificationsQuery = z.infer<typeof notificationsQuerySchema>;

export const notificationsPageSchema = z.object({
  notifications: z.array(notificationSchema),
  /** Unread across all pages: the bell's count. */
  unreadCount: z.number().int(),
  page: z.number().int(),
  limit: z.number().int(),
  total: z.number().int(),
});
export type NotificationsPage = z.infer<typeof notificationsPageSchema>;

/** How many ids one POST /api/notifications/read may name. */
export const NOTIFICATIONS_READ_MAX_IDS = 100;

const CHOOSE_WHAT_TO_MARK = 'Give the ids of the notifications to mark read, or all: true';

/** POST /api/notifications/read: `{ ids: [...] }` marks those (yours; others' are ignored), `{ all: true }` every one. */
export type MarkNotificationsReadBody = { ids: string[] } | { all: true };

/** One object with exactly one of `ids` and `all`; each wrong part gets its own message. */
export const markNotificationsReadBodySchema = z
  .strictObject(
    {
      ids: z
        .array(z.uuid('Unknown notification'), { error: 'The ids must be a list of notification ids' })
        .min(1, 'Give at least one notification id')
        .max(NOTIFICATIONS_READ_MAX_IDS, `Mark at most ${NOTIFICATIONS_READ_MAX_IDS} notifications at once`)
        .optional(),
      all: z.literal(true, { error: 'All must be true' }).optional(),
    },
    { error: CHOOSE_WHAT_TO_MARK },
  )
  .refine((body) => (body.ids === undefined) !== (body.all === undefined), { message: CHOOSE_WHAT_TO_MARK })
  .transform((body): MarkNotificationsReadBody => (body.ids ? { ids: body.ids } : { all: true }));

/** The answer of POST /api/notifications/read. */
export const markNotificationsReadResponseSchema = z.object({ unreadCount: z.number().int() });

/** Socket event `notification`: a new one, and the unread count after it. */
export interface NotificationEventPayload {
  notification: NotificationItem;
  unreadCount: number;
}

/** Socket event `notifications_read`: some (ids) or all were marked read, in this or another tab. */
export interface NotificationsReadEventPayload {
  ids: string[] | 'all';
  unreadCount: number;
}
