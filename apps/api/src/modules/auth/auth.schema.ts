import { sql } from 'drizzle-orm';
import { check, index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from '../users/users.schema';

// The auth module's table (docs/decisions/0035): the one-time links of the account lifecycle
// (docs/product/accounts.md), password resets and e-mail verifications. Only a SHA-256 of the random token
// is kept, so a database leak gives no working link. The people themselves are the users module's.

export const accountTokens = pgTable(
  'account_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: text('purpose', { enum: ['password_reset', 'email_verification'] }).notNull(),
    tokenHash: text('token_hash').notNull(),
    // The address the link was sent to: for a verification, the one it verifies (a new address on a change).
    email: text('email').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('account_tokens_hash_unique').on(table.tokenHash),
    index('account_tokens_user_idx').on(table.userId, table.purpose),
    check('account_tokens_purpose', sql`${table.purpose} in ('password_reset', 'email_verification')`),
  ],
);
