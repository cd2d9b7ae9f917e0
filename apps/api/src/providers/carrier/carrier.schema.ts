import { index, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

// The embedded sandbox carrier's own memory: the parcels and pickups it handed out, as UPS keeps them
// in its own systems (providers/carrier/sandbox-ledger.repository.ts). In the database, so every API
// instance knows the same parcels; each row's `state` is the sandbox's record as JSON. A provider, not a
// module: the ledger repository is the one writer (docs/decisions/0035).

export const sandboxCarrierPackages = pgTable(
  'sandbox_carrier_packages',
  {
    trackingNumber: text('tracking_number').primaryKey(),
    shipmentId: text('shipment_id').notNull(),
    state: jsonb('state').$type<Record<string, unknown>>().notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('sandbox_carrier_packages_shipment_idx').on(table.shipmentId)],
);

export const sandboxCarrierPickups = pgTable(
  'sandbox_carrier_pickups',
  {
    number: text('number').primaryKey(),
    requestKey: text('request_key'),
    state: jsonb('state').$type<Record<string, unknown>>().notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('sandbox_carrier_pickups_request_key_idx').on(table.requestKey)],
);
