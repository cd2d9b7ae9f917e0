import { MAIL_CATEGORIES, MAIL_STATUSES } from '@marketplace/domain/enums';
import { index, integer, jsonb, pgEnum, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { timestamps } from '../../db/columns';
import { users } from '../users/users.schema';

// The mail module's table (docs/decisions/0035). Every e-mail the marketplace writes, kept in the database
// (docs/decisions/0021-email-outbox.md): a request only adds a row; the mail job claims queued rows and
// sends them over SMTP. Without SMTP_URL rows are `kept`.

export const mailStatus = pgEnum('mail_status', MAIL_STATUSES);
export const mailCategory = pgEnum('mail_category', MAIL_CATEGORIES);

export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    // The same key is recorded once, whoever asks twice (an event handled twice, two instances).
    dedupeKey: text('dedupe_key'),
    toAddress: text('to_address').notNull(),
    toUserId: uuid('to_user_id').references(() => users.id, { onDelete: 'set null' }),
    fromAddress: text('from_address').notNull(),
    template: text('template').notNull(),
    category: mailCategory('category').notNull(),
    subject: text('subject').notNull(),
    html: text('html').notNull(),
    text: text('text').notNull(),
    // Extra headers sent with the message (List-Unsubscribe on notifications).
    headers: jsonb('headers').$type<Record<string, string>>().notNull().default({}),
    status: mailStatus('status').notNull().default('queued'),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    // When a worker claimed it (status sending); a claim older than the lease is taken for dead.
    claimedAt: timestamp('claimed_at', { withTimezone: true }),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    smtpMessageId: text('smtp_message_id'),
    ...timestamps,
  },
  (table) => [
    uniqueIndex('mail_outbox_dedupe_key_unique').on(table.dedupeKey),
    index('mail_outbox_due_idx').on(table.status, table.nextAttemptAt),
    index('mail_outbox_recent_idx').on(table.createdAt, table.id),
  ],
);
