// Every table of the database, gathered: each lives in the module that owns it
// (apps/api/src/modules/<module>/<module>.schema.ts, docs/decisions/0035-tables-live-in-their-module.md),
// or beside the provider that keeps rows of its own (the Connect and carrier sandboxes). This file only
// re-exports them, for the database client's typed schema (db/client.ts), drizzle-kit (drizzle.config.ts),
// the seed, the tests and the benchmarks. A module's code imports its own and lower modules' schema files
// by name instead, so the layer rule sees which tables it reaches; security/house-rules-table-ownership.test.ts
// reads each table's owner from the file that defines it and checks who writes it.
// Money is integer cents; times are timestamptz in UTC. Every enum's values come from one list in
// packages/domain (enums.ts says where each lives), which the contracts' zod enums share too; a literal
// list in a schema file fails apps/api/src/security/house-rules-enums.test.ts.

export type { ShippingAddressSnapshot } from './columns';
export * from '../modules/users/users.schema';
export * from '../modules/workspace/workspace.schema';
export * from '../modules/auth/auth.schema';
export * from '../modules/catalog/catalog.schema';
export * from '../modules/uploads/uploads.schema';
export * from '../modules/cart/cart.schema';
export * from '../modules/wishlist/wishlist.schema';
export * from '../modules/orders/orders.schema';
export * from '../modules/checkout/checkout.schema';
export * from '../modules/shipping/shipping.schema';
export * from '../modules/disputes/disputes.schema';
export * from '../modules/returns/returns.schema';
export * from '../modules/payouts/payouts.schema';
export * from '../modules/reviews/reviews.schema';
export * from '../modules/chat/chat.schema';
export * from '../modules/notifications/notifications.schema';
export * from '../modules/mail/mail.schema';
export * from '../providers/payment/payment.schema';
export * from '../providers/carrier/carrier.schema';
