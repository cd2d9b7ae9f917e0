import { z } from 'zod';
import { ORDER_STATUSES, orderItemStatusSchema, orderStatusSchema } from './orders';
import { tablePageQuerySchema } from './common';
import { paginationSchema } from './users';

// Admin order views (/admin/orders, /admin/orders/orderItems/:orderId, /admin/rejected-orders,
// /admin/refunded-orders). Admins only. Money in dollars with at most 2 decimals.

const emptyAsUndefined = (value: unknown) => (value === '' ? undefined : value);

/**
 * GET /api/admin/orders?status&q&page&limit, newest first. `q` matches the start of the order id
 * (with or without a leading '#', e.g. the 8-character short id), or the buyer's name or email.
 */
export const adminOrdersQuerySchema = tablePageQuerySchema.extend({
  status: z.preprocess(emptyAsUndefined, z.enum(ORDER_STATUSES, { error: `Status must be one of ${ORDER_STATUSES.join(', ')}` }).optional()),
  q: z.string().trim().max(200, 'Search must be at most 200 characters').optional(),
});
export type AdminOrdersQuery = z.input<typeof adminOrdersQuerySchema>;

export const adminOrderBuyerSchema = z.object({ id: z.string(), fullName: z.string(), email: z.string() });

export const adminOrderSummarySchema = z.object({
  id: z.string(),
  createdAt: z.string(),
  status: orderStatusSchema,
  buyer: adminOrderBuyerSchema,
  /** Units ordered: the sum of the items' quantities. */
  itemsCount: z.number(),
  total: z.number(),
});
export type AdminOrderSummary = z.infer<typeof adminOrderSummarySchema>;

export const adminOrdersResponseSchema = z.object({ orders: z.array(adminOrderSummarySchema), pagination: paginationSchema });
export type AdminOrdersResponse = z.infer<typeof adminOrdersResponseSchema>;

export const adminOrderParamsSchema = z.object({ orderId: z.guid('Invalid order id') });

export const adminShippingAddressSchema = z.object({
  name: z.string(),
  line1: z.string(),
  line2: z.string().nullable(),
  city: z.string(),
  state: z.string(),
  postal_code: z.string(),
  country: z.string(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
});

export const adminOrderItemSchema = z.object({
  id: z.string(),
  productId: z.string(),
  title: z.string(),
  /** The product's cover thumbnail today (null when it has no photo). */
  image: z.string().nullable(),
  seller: z.object({ id: z.string(), fullName: z.string(), companyName: z.string().nullable() }),
  quantity: z.number(),
  /** Unit price. */
  price: z.number(),
  retipAdded: z.boolean(),
  /** The add-on's price for this line (0 when not added). */
  retipPrice: z.number(),
  /** price × quantity + retipPrice. */
  total: z.number(),
  status: orderItemStatusSchema,
  rejectionReason: z.string().nullable(),
  sellerPaid: z.boolean(),
  /** What was refunded for this item (its share of shipping included), null when nothing was. */
  refundedAmount: z.number().nullable(),
});
export type AdminOrderItem = z.infer<typeof adminOrderItemSchema>;

/** GET /api/admin/orders/:orderId (404 for an unknown order). */
export const adminOrderDetailResponseSchema = z.object({
  order: adminOrderSummarySchema.extend({
    shippingAddress: adminShippingAddressSchema,
    amounts: z.object({ itemsTotal: z.number(), shipping: z.number(), retipTotal: z.number(), total: z.number(), refunded: z.number() }),
    payment: z
      .object({
        provider: z.string(),
        status: z.string(),
        amount: z.number(),
        refunded: z.number(),
        cardBrand: z.string().nullable(),
        cardLast4: z.string().nullable(),
      })
      .nullable(),
  }),
  items: z.array(adminOrderItemSchema),
});
export type AdminOrderDetailResponse = z.infer<typeof adminOrderDetailResponseSchema>;

export const ADMIN_ORDER_ITEM_LIST_STATUSES = ['rejected', 'refunded'] as const;

/** GET /api/admin/order-items?status=rejected|refunded&page&limit, most recently changed first. */
export const adminOrderItemsQuerySchema = tablePageQuerySchema.extend({
  status: z.enum(ADMIN_ORDER_ITEM_LIST_STATUSES, { error: 'Status must be rejected or refunded' }),
});
export type AdminOrderItemsQuery = z.input<typeof adminOrderItemsQuerySchema>;

export const adminOrderItemRowSchema = z.object({
  id: z.string(),
  orderId: z.string(),
  title: z.string(),
  quantity: z.number(),
  price: z.number(),
  /** price × quantity + the add-on. */
  total: z.number(),
  status: orderItemStatusSchema,
  rejectionReason: z.string().nullable(),
  updatedAt: z.string(),
  /** What was refunded for this item (its share of shipping included), null when nothing was. */
  refundedAmount: z.number().nullable(),
  buyer: z.object({ id: z.string(), fullName: z.string(), email: z.string() }),
  seller: z.object({ id: z.string(), fullName: z.string(), companyName: z.string().nullable() }),
});
export type AdminOrderItemRow = z.infer<typeof adminOrderItemRowSchema>;

export const adminOrderItemsResponseSchema = z.object({ items: z.array(adminOrderItemRowSchema), pagination: paginationSchema });
export type AdminOrderItemsResponse = z.infer<typeof adminOrderItemsResponseSchema>;
