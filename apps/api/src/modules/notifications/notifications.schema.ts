import { sql } from 'drizzle-orm';
import type { NotificationKind } from '@marketplace/contracts/notifications';
import { index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from '../users/users.schema';

// The notifications module's table (docs/decisions/0035). What happened to a person's orders, parcels,
// payouts and disputes, kept for the bell in every area's header (docs/product/notifications.md). One row per person and event: the dedupe key is unique per
// user, so an event handled twice, or by two instances, writes one row. `kind` is one of the contract's
// NOTIFICATION_KINDS (packages/contracts/src/notifications.ts); it is text so a new kind needs no migration.

export const notifications = pgTable(
  'notifications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<NotificationKind>().notNull(),
    title: text('title').notNull(),
    body: text('body').notNull(),
    link: text('link').notNull(),
    dedupeKey: text('dedupe_key').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    readAt: timestamp('read_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('notifications_user_dedupe_unique').on(table.userId, table.dedupeKey),
    // The bell's list: a user's newest first.
    index('notifications_user_created_idx').on(table.userId, table.createdAt.desc(), table.id.desc()),
    // The bell's count: only the unread rows are indexed.
    index('notifications_user_unread_idx').on(table.userId).where(sql`${table.readAt} is null`),
    // The clean-up job: read rows by age.
    index('notifications_read_created_idx').on(table.createdAt).where(sql`${table.readAt} is not null`),
  ],
);
