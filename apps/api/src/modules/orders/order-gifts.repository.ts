import { eq, inArray } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { users } from '../users/users.schema';
import { orderGifts } from './orders.schema';

// The shops' parts of orders sent as gifts (docs/product/checkout.md "Gifts"), read beside the items, and the
// shop's name a packing slip is headed with.

export interface OrderGiftRecord {
  orderId: string;
  sellerId: string;
  message: string;
}

/** The gifts of these orders, every shop's part. */
export async function findGiftsOfOrders(executor: Executor, orderIds: readonly string[]): Promise<OrderGiftRecord[]> {
  if (orderIds.length === 0) return [];
  return executor
    .select({ orderId: orderGifts.orderId, sellerId: orderGifts.sellerId, message: orderGifts.message })
    .from(orderGifts)
    .where(inArray(orderGifts.orderId, [...orderIds]));
}

/** The seller's shop name as buyers see it (their company's, else their own name), or null for no such user. */
export async function findShopName(executor: Executor, sellerId: string): Promise<string | null> {
  const [row] = await executor
    .select({ companyName: users.companyName, firstName: users.firstName, lastName: users.lastName })
    .from(users)
    .where(eq(users.id, sellerId));
  if (!row) return null;
  return row.companyName?.trim() || `${row.firstName} ${row.lastName}`.trim();
}
