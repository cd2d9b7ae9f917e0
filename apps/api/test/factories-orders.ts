import { eq, sql } from 'drizzle-orm';
import type { Database } from '../src/db/client';
import { categories, orderItems, orders, payments, productImages, products, refunds } from '../src/db/schema';

// Rows for tests that read orders (admin order pages, user insights), inserted straight into the
// database: these tests are about reading, so they do not go through checkout.

let sequence = 0;
const next = () => {
  sequence += 1;
  return `${sequence}-${Math.random().toString(36).slice(2, 8)}`;
};

type OrderStatus = (typeof orders.$inferSelect)['status'];
type OrderItemStatus = (typeof orderItems.$inferSelect)['status'];

export async function createCategory(db: Database, overrides: Partial<typeof categories.$inferInsert> = {}) {
  const suffix = next();
  const [row] = await db
    .insert(categories)
    .values({ name: `Category ${suffix}`, slug: `category-${suffix}`, ...overrides })
    .returning();
  return row!;
}

export async function createProduct(
  db: Database,
  values: { sellerId: string; categoryId: string } & Partial<typeof products.$inferInsert>,
  options: { imageKey?: string } = {},
) {
  const [row] = await db
    .insert(products)
    .values({ title: `Product ${next()}`, priceCents: 1000, quantity: 5, ...values })
    .returning();
  if (options.imageKey) {
    await db
      .insert(productImages)
      .values({ productId: row!.id, fileKey: options.imageKey, thumbnailKey: `${options.imageKey}.thumb`, name: 'photo.jpg', position: 0 });
  }
  return row!;
}

export interface OrderItemInput {
  product: { id: string; sellerId: string; categoryId: string; title: string };
  quantity?: number;
  priceCents?: number;
  retipPriceCents?: number;
  /** The line's share of its shop's shipping (absent: an order placed before shops set their shipping). */
  shippingCents?: number;
  status?: OrderItemStatus;
  rejectionReason?: string | null;
  sellerPaid?: boolean;
  updatedAt?: Date;
}

/** An order with its items; totals are computed from the items (add-on counted once per line). */
export async function createOrder(
  db: Database,
  values: { buyerId: string; items: OrderItemInput[]; status?: OrderStatus; shippingCents?: number; createdAt?: Date; shippingName?: string },
) {
  const lines = values.items.map((item) => ({
    ...item,
    quantity: item.quantity ?? 1,
    priceCents: item.priceCents ?? 1000,
    retipPriceCents: item.retipPriceCents ?? 0,
  }));
  const itemsTotalCents = lines.reduce((sum, line) => sum + line.priceCents * line.quantity, 0);
  const retipTotalCents = lines.reduce((sum, line) => sum + line.retipPriceCents, 0);
  const shippingCents = values.shippingCents ?? lines.reduce((sum, line) => sum + (line.shippingCents ?? 0), 0);
  const createdAt = values.createdAt ?? new Date();
  const [order] = await db
    .insert(orders)
    .values({
      buyerId: values.buyerId,
      status: values.status ?? 'pending',
      shippingName: values.shippingName ?? 'Test Buyer',
      shippingLine1: '1 Market St',
      shippingCity: 'San Francisco',
      shippingState: 'CA',
      shippingPostalCode: '94105',
      itemsTotalCents,
      shippingCents,
      retipTotalCents,
      totalCents: itemsTotalCents + shippingCents + retipTotalCents,
      createdAt,
      updatedAt: createdAt,
    })
    .returning();
  const items =
    lines.length === 0
      ? []
      : await db
          .insert(orderItems)
          .values(
            lines.map((line) => ({
              orderId: order!.id,
              sellerId: line.product.sellerId,
              productId: line.product.id,
              title: line.product.title,
              categoryId: line.product.categoryId,
              priceCents: line.priceCents,
              quantity: line.quantity,
              retipAdded: line.retipPriceCents > 0,
              retipPriceCents: line.retipPriceCents,
              shippingCents: line.shippingCents ?? null,
              status: line.status ?? 'pending',
              rejectionReason: line.rejectionReason ?? null,
              sellerPaid: line.sellerPaid ?? false,
              // A delivered line has a delivery date, as the orders service records one.
              deliveredAt: line.status === 'delivered' || line.status === 'completed' ? (line.updatedAt ?? createdAt) : null,
              createdAt,
              updatedAt: line.updatedAt ?? createdAt,
            })),
          )
          .returning();
  return { order: order!, items };
}

/** The order's sandbox payment for its total. */
export async function createPayment(db: Database, order: { id: string; buyerId: string; totalCents: number }, refundedCents = 0) {
  const [row] = await db
    .insert(payments)
    .values({
      orderId: order.id,
      buyerId: order.buyerId,
      provider: 'sandbox',
      providerPaymentId: `pay_${next()}`,
      amountCents: order.totalCents,
      refundedCents,
      status: refundedCents === 0 ? 'succeeded' : refundedCents === order.totalCents ? 'refunded' : 'partially_refunded',
      cardBrand: 'visa',
      cardLast4: '4242',
    })
    .returning();
  return row!;
}

/** A refund already paid back, as the orders service records one (the item's refunded total included). */
export async function createRefund(db: Database, values: { paymentId: string; orderItemId: string; amountCents: number; reason?: string }) {
  const [row] = await db
    .insert(refunds)
    .values({ ...values, refundKey: `test:${next()}`, status: 'succeeded', providerRefundId: `re_${next()}`, reason: values.reason ?? null })
    .returning();
  await db
    .update(orderItems)
    .set({ refundedCents: sql`${orderItems.refundedCents} + ${values.amountCents}` })
    .where(eq(orderItems.id, values.orderItemId));
  return row!;
}
