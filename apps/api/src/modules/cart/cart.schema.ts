import { sql } from 'drizzle-orm';
import { boolean, check, integer, pgTable, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { timestamps } from '../../db/columns';
import { products } from '../catalog/catalog.schema';
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
    quantity: integer('quantity').notNull(),
    // The price when the line was added, so checkout can show what changed since.
    priceCentsAtAdd: integer('price_cents_at_add').notNull(),
    // The spec's retip: the product's paid add-on service, chosen per cart line.
    retipAdded: boolean('retip_added').notNull().default(false),
    ...timestamps,
  },
  (table) => [
    uniqueIndex('cart_items_user_product_unique').on(table.userId, table.productId),
    check('cart_items_quantity_positive', sql`${table.quantity} > 0`),
  ],
);
