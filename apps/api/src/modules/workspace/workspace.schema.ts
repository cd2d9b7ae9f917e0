import { SUPPORT_REQUEST_STATUSES } from '@marketplace/domain/enums';
import { boolean, index, integer, pgEnum, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from '../users/users.schema';

// The workspace module's tables (docs/decisions/0035): the marketplace's settings, a seller's
// notification preferences and support requests.

/** The marketplace's own settings (one row, id = 1), edited on /admin/settings. */
export const marketplaceSettings = pgTable('marketplace_settings', {
  id: integer('id').primaryKey().default(1),
  marketplaceName: text('marketplace_name').notNull().default('Marketplace'),
  supportEmail: text('support_email').notNull().default('support@example.com'),
  supportPhone: text('support_phone').notNull().default('+1 (800) 555-0199'),
  // Payout on delivery (docs/product/payouts.md): when on, an item is paid this many days after the carrier
  // reports it delivered, unless a dispute is open; off, admins pay with Process Payout.
  payoutOnDelivery: boolean('payout_on_delivery').notNull().default(false),
  payoutDelayDays: integer('payout_delay_days').notNull().default(3),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** A seller's notification preferences (/seller/settings). */
export const notificationPreferences = pgTable('notification_preferences', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  newOrder: boolean('new_order').notNull().default(true),
  newMessage: boolean('new_message').notNull().default(true),
  payoutSent: boolean('payout_sent').notNull().default(true),
  disputeOpened: boolean('dispute_opened').notNull().default(true),
  weeklySummary: boolean('weekly_summary').notNull().default(false),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export const supportRequestStatus = pgEnum('support_request_status', SUPPORT_REQUEST_STATUSES);

/** A seller's message to the marketplace team from /seller/support; admins read and close them. */
export const supportRequests = pgTable(
  'support_requests',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    topic: text('topic').notNull(),
    subject: text('subject').notNull(),
    message: text('message').notNull(),
    status: supportRequestStatus('status').notNull().default('open'),
    closedBy: uuid('closed_by').references(() => users.id),
    closedAt: timestamp('closed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('support_requests_status_idx').on(table.status, table.createdAt), index('support_requests_user_idx').on(table.userId, table.createdAt)],
);
