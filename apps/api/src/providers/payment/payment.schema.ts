import { boolean, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { timestamps } from '../../db/columns';

// The embedded Connect sandbox's own records: what Stripe keeps in its systems for the sandbox provider.
// A provider, not a module: connect-sandbox.repository.ts beside it is the one writer (docs/decisions/0035).

export const sandboxConnectAccounts = pgTable('sandbox_connect_accounts', {
  id: text('id').primaryKey(),
  email: text('email').notNull(),
  idempotencyKey: text('idempotency_key').notNull().unique(),
  businessType: text('business_type'),
  businessName: text('business_name'),
  bankLast4: text('bank_last4'),
  detailsSubmitted: boolean('details_submitted').notNull().default(false),
  payoutsEnabled: boolean('payouts_enabled').notNull().default(false),
  ...timestamps,
});

export const sandboxConnectLinks = pgTable('sandbox_connect_links', {
  tokenHash: text('token_hash').primaryKey(),
  accountId: text('account_id')
    .notNull()
    .references(() => sandboxConnectAccounts.id),
  kind: text('kind').$type<'onboarding' | 'dashboard'>().notNull(),
  returnUrl: text('return_url').notNull(),
  refreshUrl: text('refresh_url').notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  usedAt: timestamp('used_at', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export const sandboxConnectTransfers = pgTable(
  'sandbox_connect_transfers',
  {
    id: text('id').primaryKey(),
    accountId: text('account_id')
      .notNull()
      .references(() => sandboxConnectAccounts.id),
    amountCents: integer('amount_cents').notNull(),
    currency: text('currency').notNull(),
    idempotencyKey: text('idempotency_key').notNull().unique(),
    fingerprint: text('fingerprint').notNull(),
    description: text('description'),
    transferGroup: text('transfer_group'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('sandbox_connect_transfers_account_idx').on(table.accountId, table.createdAt)],
);
