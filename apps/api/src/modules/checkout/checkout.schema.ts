import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from '../users/users.schema';

// The checkout module's table (docs/decisions/0035; docs/product/checkout.md "Placing the order"): the stock a
// checkout has taken while the card is charged. A row lives from the moment the units are taken until the
// order is written (the charge succeeded) or the units are given back (declined, or left behind by a crash).

/** One line's units taken off the shelf, as the catalog takes and gives them back. */
export interface ReservedStock {
  productId: string;
  variantId: string | null;
  quantity: number;
}

export const checkoutReservations = pgTable(
  'checkout_reservations',
  {
    // The order's id to be (orderIdFor: the buyer and their Idempotency-Key), so one key holds one reservation.
    id: uuid('id').primaryKey(),
    buyerId: uuid('buyer_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    // The request the key was first used for (checkoutRequestHashOf): the same key with another request is refused.
    requestHash: text('request_hash').notNull(),
    // What the card is charged: the order's total from the rows locked when the units were taken.
    amountCents: integer('amount_cents').notNull(),
    stock: jsonb('stock').$type<ReservedStock[]>().notNull(),
    // The order as it will be written (its lines, shops, gifts and the cart lines it empties), prices as taken.
    draft: jsonb('draft').$type<unknown>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    index('checkout_reservations_created_at_idx').on(table.createdAt),
    check('checkout_reservations_amount_nonnegative', sql`${table.amountCents} >= 0`),
  ],
);
