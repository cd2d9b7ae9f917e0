import { sql } from 'drizzle-orm';
import { USER_ROLES, USER_STATUSES } from '@marketplace/domain/enums';
import { boolean, check, date, index, integer, pgEnum, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { timestamps } from '../../db/columns';

// The users module's tables: who is who, and a buyer's address book (docs/decisions/0035). The lowest
// layer: nearly every other table points at users, so this file imports no module. The auth module signs
// people in over this table and keeps its one-time links in its own (auth.schema.ts).

export const userRole = pgEnum('user_role', USER_ROLES);
export const userStatus = pgEnum('user_status', USER_STATUSES);

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    // Stored lower-cased so uniqueness is case-insensitive.
    email: text('email').notNull(),
    passwordHash: text('password_hash').notNull(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    role: userRole('role').notNull(),
    companyName: text('company_name'),
    // The company (shop) name as it reads (@marketplace/domain/visible-names nameComparisonKey: no case, one
    // kind of space, no invisible characters), kept by users.repository.ts whenever the name is written: two
    // shops cannot read alike. Null without a company name, and for a name that read like an older shop's
    // before the rule (migration 0029 leaves those as they were).
    shopNameKey: text('shop_name_key'),
    phone: text('phone'),
    status: userStatus('status').notNull().default('active'),
    // Carried in each token as `sv`; a token with an older one is refused (docs/product/accounts.md):
    // signing out everywhere and a password reset add 1, ending every session at once.
    sessionVersion: integer('session_version').notNull().default(0),
    // Null until the user opens the link sent to `email`; a seller's listings go live only after.
    emailVerifiedAt: timestamp('email_verified_at', { withTimezone: true }),
    // A seller's handling time: business days from an order to its parcel leaving (shown on their shop page); null until they say.
    handlingDays: integer('handling_days'),
    // A seller's vacation (docs/product/shops.md): the day selling resumes (US Eastern) and their message; null
    // when the shop is open. The job users-end-vacations clears a vacation whose day has come.
    vacationUntil: date('vacation_until', { mode: 'string' }),
    vacationMessage: text('vacation_message'),
    ...timestamps,
  },
  (table) => [
    uniqueIndex('users_email_unique').on(table.email),
    uniqueIndex('users_shop_name_key_unique').on(table.shopNameKey),
    index('users_role_idx').on(table.role),
    // The few suspended accounts: every catalogue read keeps their listings out with an anti-join on this
    // (live-listings.repository.ts), which reads these entries instead of every user.
    index('users_suspended_idx').on(table.id).where(sql`${table.status} = 'suspended'`),
    check('users_handling_days_range', sql`${table.handlingDays} is null or ${table.handlingDays} between 1 and 30`),
    check('users_vacation_message_length', sql`${table.vacationMessage} is null or char_length(${table.vacationMessage}) <= 500`),
    // The shops on vacation, for the job that opens them again when their day comes.
    index('users_vacation_until_idx').on(table.vacationUntil).where(sql`${table.vacationUntil} is not null`),
  ],
);

// The buyer's address book (the profile pages).
export const addresses = pgTable(
  'addresses',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    line1: text('line1').notNull(),
    line2: text('line2'),
    city: text('city').notNull(),
    state: text('state').notNull(),
    postalCode: text('postal_code').notNull(),
    country: text('country').notNull().default('US'),
    phone: text('phone'),
    isDefault: boolean('is_default').notNull().default(false),
    ...timestamps,
  },
  (table) => [index('addresses_user_idx').on(table.userId)],
);
