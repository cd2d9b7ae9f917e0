import { eq } from 'drizzle-orm';
import type { Role } from '@marketplace/contracts/auth';
import { orderItems } from '../src/db/schema';
import { createUser } from './factories';
import { bearerFor } from './factories-commerce';
import { createCategory, createOrder, createProduct } from './factories-orders';
import type { TestApp } from './helper';

// Rows for the reviews tests: people whose tokens follow the test clock, listings, and order items
// delivered (or not) to a buyer, inserted straight into the database.

export interface Person {
  id: string;
  role: Role;
  firstName: string;
  lastName: string;
  email: string;
}

export async function createPerson(testApp: TestApp, role: Role, names: { firstName?: string; lastName?: string } = {}): Promise<Person> {
  const user = await createUser(testApp.database.db, { role, ...names });
  return { id: user.id, role: user.role, firstName: user.firstName, lastName: user.lastName, email: user.email };
}

/** Headers for a call as `who`, signed at the test clock's "now" (so moving the clock never leaves a stale token). */
export async function headersOf(testApp: TestApp, who: Person | null): Promise<Record<string, string>> {
  return who ? { authorization: await bearerFor(testApp, who) } : {};
}

export async function createReviewableListing(
  testApp: TestApp,
  seller: Person,
  values: { title?: string; status?: 'active' | 'hidden'; categoryId?: string } = {},
) {
  const categoryId = values.categoryId ?? (await createCategory(testApp.database.db)).id;
  return createProduct(testApp.database.db, {
    sellerId: seller.id,
    categoryId,
    title: values.title ?? 'Walnut desk lamp',
    status: values.status ?? 'active',
    description: 'Hand-finished walnut.',
  });
}

type ItemStatus = (typeof orderItems.$inferSelect)['status'];

/**
 * An order item of `product` bought by `buyer`: delivered (deliveredAt set) by default, or in `status`;
 * `deliveredAt` sets the delivery time (null: never delivered, whatever the status).
 */
export async function createBoughtItem(
  testApp: TestApp,
  buyer: Person,
  product: { id: string; sellerId: string; categoryId: string; title: string },
  options: { status?: ItemStatus; deliveredAt?: Date | null } = {},
) {
  const status = options.status ?? 'delivered';
  const { order, items } = await createOrder(testApp.database.db, { buyerId: buyer.id, status: 'shipped', items: [{ product, priceCents: 4500, status }] });
  const item = items[0]!;
  if (options.deliveredAt !== undefined) {
    await testApp.database.db.update(orderItems).set({ deliveredAt: options.deliveredAt }).where(eq(orderItems.id, item.id));
  }
  return { orderId: order.id, orderItemId: item.id, productId: product.id };
}
