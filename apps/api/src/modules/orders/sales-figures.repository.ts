// The one definition of sales (docs/product/money.md), as SQL for every report that sums order items:
// the seller dashboard, analytics, the admin's user insights. packages/domain/src/item-settlement.ts
// (netSaleCents) says the same for one item in TypeScript, and a test holds the two together.
//
// An item is a sale unless it was rejected, cancelled or refunded in full; it counts for what the buyer
// kept paying for the goods: price × quantity less its refunds, never below 0. The add-on and shipping
// are not sales (the seller is not paid for them). A day or period is the order's: when it was placed.

import { NOT_A_SALE_STATES } from '@marketplace/domain/order-item-state';
import { notInArray, sql } from 'drizzle-orm';
import { orderItems } from './orders.schema';

/** The condition: this order item counts as a sale. */
export const isSale = () => notInArray(orderItems.status, [...NOT_A_SALE_STATES]);

/** One item's net sale in cents. */
export const netSaleCentsOfItem = () => sql<number>`greatest(${orderItems.priceCents} * ${orderItems.quantity} - ${orderItems.refundedCents}, 0)`;

/** The sum of net sales over the selected items (a string from the driver: 64-bit). */
export const sumNetSalesCents = () =>
  sql<string>`coalesce(sum(greatest(${orderItems.priceCents} * ${orderItems.quantity} - ${orderItems.refundedCents}, 0)), 0)`;
