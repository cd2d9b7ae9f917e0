import { sql } from 'drizzle-orm';
import { boolean, check, integer, pgTable, text, unique, uuid } from 'drizzle-orm/pg-core';
import { timestamps } from '../../db/columns';
import { products, productVariants } from '../catalog/catalog.schema';
import { users } from '../users/users.schema';

// The cart module's table (docs/decisions/0035; docs/product/data.md, cart-and-wishlist.md): a buyer's lines.

export const cartItems = pgTable(
  'cart_items',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    // The combination chosen, for a listing with variants (decision 0043); null for one without. A variant the
    // seller takes out of the listing takes its cart lines with it.
    variantId: uuid('variant_id').references(() => productVariants.id, { onDelete: 'cascade' }),
    quantity: integer('quantity').notNull(),
    // The price when the line was added, so checkout can show what changed since.
    priceCentsAtAdd: integer('price_cents_at_add').notNull(),
    // The spec's retip: the product's paid add-on service, chosen per cart line.
    retipAdded: boolean('retip_added').notNull().default(false),
    // The buyer's text for the seller, trimmed (null: none); the same listing with other text is another line.
    personalization: text('personalization'),
    // The text's digest, what a line is told apart by: a text of 1,024 characters may pass what an index entry holds.
    personalizationKey: text('personalization_key').notNull().generatedAlwaysAs(sql`md5(coalesce(personalization, ''))`),
    ...timestamps,
  },
  (table) => [
    // One line per listing, variant and personalisation (a null variant counts as one value).
    unique('cart_items_user_product_variant_text_unique').on(table.userId, table.productId, table.variantId, table.personalizationKey).nullsNotDistinct(),
    check('cart_items_quantity_positive', sql`${table.quantity} > 0`),
  ],
);
