import { timestamp } from 'drizzle-orm/pg-core';

// What the tables of several modules share (docs/decisions/0035): the two timestamps most rows carry,
// and the address a label prints, which the users, orders, shipping and returns modules all build or
// keep. Each table lives in its module's <module>.schema.ts; db/schema.ts gathers them.

/** Created and last changed, in UTC: spread into a table's columns. */
export const timestamps = {
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
};

/** An address as printed on a label (a snapshot kept as JSON, never a live reference to the address book). */
export interface ShippingAddressSnapshot {
  name: string;
  companyName?: string | null;
  phone?: string | null;
  email?: string | null;
  line1: string;
  line2?: string | null;
  city: string;
  state: string;
  postalCode: string;
  countryCode: string;
}
