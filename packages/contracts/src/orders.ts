import { z } from 'zod';
import { LATE_REFUND_PAYERS, ORDER_STATUSES, PROMISE_STATES } from '@marketplace/domain/enums';
import { ORDER_ITEM_STATES } from '@marketplace/domain/order-item-state';
import { MAX_GIFT_MESSAGE_LENGTH } from '@marketplace/domain/personalization';
import { normaliseUsCountry, normaliseUsPostalCode, normaliseUsState } from '@marketplace/domain/us-address';
import { MAX_CART_LINES } from '@marketplace/domain/user-content-limits';
import { cartItemSchema } from './cart';
import { dollarsSchema, plainTextSchema, visibleNameSchema } from './common';
import { orderItemReturnInfoSchema, type OrderItemReturnInfo } from './returns';

// Checkout, buyer orders, seller orders and the seller dashboard. Money is dollars with
// ≤ 2 decimals; statuses are the database's.

export const ORDER_ITEM_STATUSES = ORDER_ITEM_STATES;
export const orderItemStatusSchema = z.enum(ORDER_ITEM_STATUSES);
export type OrderItemStatus = z.infer<typeof orderItemStatusSchema>;

export { ORDER_STATUSES };
export const orderStatusSchema = z.enum(ORDER_STATUSES);
export type OrderStatus = z.infer<typeof orderStatusSchema>;

const pageQuery = {
  page: z.coerce.number().int('page must be a whole number').min(1, 'page must be at least 1').default(1),
  limit: z.coerce.number().int('limit must be a whole number').min(1, 'limit must be at least 1').max(100, 'limit must be at most 100').default(10),
};
export const paginationSchema = z.object({ page: z.number().int(), totalPages: z.number().int(), totalItems: z.number().int() });
export type Pagination = z.infer<typeof paginationSchema>;

// ── checkout ──────────────────────────────────────────────────────────────────────────────────

export const checkoutConfigResponseSchema = z.object({
  provider: z.enum(['sandbox', 'stripe']),
  /** Stripe's publishable key for Stripe.js when provider is 'stripe'; null for the sandbox. */
  publishableKey: z.string().nullable(),
});
export type CheckoutConfigResponse = z.infer<typeof checkoutConfigResponseSchema>;

export const CHECKOUT_PROBLEM_KINDS = [
  'price_changed',
  'out_of_stock',
  'insufficient_stock',
  'unavailable',
  'shop_on_vacation',
  'personalization_required',
] as const;
export const checkoutProblemSchema = z.object({
  cartItemId: z.string(),
  kind: z.enum(CHECKOUT_PROBLEM_KINDS),
  message: z.string(),
});
export type CheckoutProblem = z.infer<typeof checkoutProblemSchema>;

/** When a shop's parcel arrives (docs/product/shipping.md "The delivery promise"): two calendar days, YYYY-MM-DD. */
export const arrivesBySchema = z.object({ earliest: z.string(), latest: z.string() });
export type ArrivesByResponse = z.infer<typeof arrivesBySchema>;

/** One shop's part of a checkout: its items, its shipping (null until there is a destination, when it depends on one) and when it arrives. */
export const checkoutShopSchema = z.object({
  sellerId: z.string(),
  shopName: z.string(),
  itemsTotal: z.number(),
  shipping: z.number().nullable(),
  arrivesBy: arrivesBySchema.nullable(),
});
export type CheckoutShop = z.infer<typeof checkoutShopSchema>;

export const checkoutSummaryResponseSchema = z.object({
  items: z.array(cartItemSchema),
  itemsTotal: z.number(),
  shipping: z.number(),
  retipTotal: z.number(),
  orderTotal: z.number(),
  /** What changed since the lines were added; price_changed is informational, the others block checkout. */
  problems: z.array(checkoutProblemSchema),
  /** Each shop's part: its items, its shipping and when it arrives; `shipping` above is their sum. */
  shops: z.array(checkoutShopSchema),
  /** The ZIP code shipping and dates were figured to (the one asked for, or the saved address's), else null. */
  destination: z.object({ postalCode: z.string() }).nullable(),
  /**
   * False when a shop's shipping depends on where the parcel goes and no destination was given: `shipping`
   * and `orderTotal` then leave that shop's shipping out, and `shippingNote` says it is figured at the address step.
   */
  shippingCalculated: z.boolean(),
  shippingNote: z.string().nullable(),
});
export type CheckoutSummaryResponse = z.infer<typeof checkoutSummaryResponseSchema>;

const addressText = (label: string, max: number) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(max, `${label} must be at most ${max} characters`);

export const shippingAddressSchema = z.object({
  name: visibleNameSchema('Name').min(1, 'Name is required').max(100, 'Name must be at most 100 characters'),
  line1: addressText('Address line 1', 200),
  line2: z
    .string()
    .trim()
    .max(200, 'Address line 2 must be at most 200 characters')
    .nullish()
    .transform((value) => value || null),
  city: addressText('City', 100),
  /** A US state or territory: "CA", "ca" or "California" → "CA". */
  state: addressText('State', 60)
    .refine((value) => normaliseUsState(value) !== null, 'Enter a US state, e.g. CA or California')
    .overwrite((value) => normaliseUsState(value) ?? value),
  /** A ZIP code: "94107", "94107 1234" or "941071234" → "94107" / "94107-1234". */
  postal_code: addressText('ZIP code', 20)
    .refine((value) => normaliseUsPostalCode(value) !== null, 'Enter a 5-digit ZIP code, e.g. 94107 or 94107-1234')
    .overwrite((value) => normaliseUsPostalCode(value) ?? value),
  /** Orders ship within the US: "US", "USA" or "United States" → "US". */
  country: addressText('Country', 60)
    .refine((value) => normaliseUsCountry(value) !== null, 'We ship within the United States only for now')
    .overwrite((value) => normaliseUsCountry(value) ?? value),
});
export type ShippingAddressInput = z.input<typeof shippingAddressSchema>;

export const cardInputSchema = z.object({
  /** Spaces and dashes are allowed ("4242 4242 4242 4242"). */
  number: z
    .string({ error: 'Card number is required' })
    .transform((value) => value.replace(/[\s-]/g, ''))
    .pipe(z.string().regex(/^\d{12,19}$/, 'Enter a valid card number')),
  expMonth: z.coerce
    .number({ error: 'Expiry month is required' })
    .int('Enter a valid expiry month')
    .min(1, 'Enter a valid expiry month')
    .max(12, 'Enter a valid expiry month'),
  /** Four digits, or two (26 → 2026). */
  expYear: z.coerce
    .number({ error: 'Expiry year is required' })
    .int('Enter a valid expiry year')
    .min(0, 'Enter a valid expiry year')
    .max(2100, 'Enter a valid expiry year')
    .transform((year) => (year < 100 ? 2000 + year : year)),
  cvc: z
    .string({ error: 'Security code is required' })
    .trim()
    .regex(/^\d{3,4}$/, 'Enter a valid security code'),
});
export type CardInput = z.input<typeof cardInputSchema>;

/** The sandbox takes card details; Stripe takes a PaymentMethod id made by Stripe.js in the browser. */
export const checkoutPaymentSchema = z.union([
  z.object({ card: cardInputSchema }).strict(),
  z.object({ paymentMethodId: z.string().trim().min(1, 'paymentMethodId is required').max(255) }).strict(),
]);
export type CheckoutPaymentInput = z.input<typeof checkoutPaymentSchema>;

/** One shop's part of the order marked as a gift (`seller_id`), with the buyer's message; blank means none. */
export const giftInputSchema = z.object({
  seller_id: z.guid({ error: 'seller_id must be a seller id' }),
  message: plainTextSchema({ error: 'message must be text' })
    .trim()
    .max(MAX_GIFT_MESSAGE_LENGTH, `Gift message must be at most ${MAX_GIFT_MESSAGE_LENGTH} characters`)
    .default(''),
});
export type GiftInput = z.input<typeof giftInputSchema>;
/** A shop's part of an order sent as a gift, with the buyer's message ('' without one). */
export const giftSchema = z.object({ message: z.string() });

export const checkoutRequestSchema = z.object({
  shippingAddress: shippingAddressSchema,
  payment: checkoutPaymentSchema,
  /**
   * Sent again after a 202 `requiresAction` answer, once the buyer went through the card's
   * authentication step: the `paymentId` that answer named. The server reads what became of that
   * payment before it touches the stock. Not part of what the Idempotency-Key is bound to.
   */
  authenticatedPaymentId: z.string().trim().min(1).max(255).optional(),
  /**
   * The order total the buyer confirmed: the summary's `orderTotal` (GET /api/checkout/summary) they saw
   * beside Place order. When the total the order would charge differs (a price changed meanwhile), nothing
   * is charged or taken and the answer is 409 `total_changed` with the new summary. The web app always
   * sends it; a client that leaves it out is charged the cart's total at that moment.
   */
  expectedTotal: dollarsSchema('expectedTotal', { min: 0 }).optional(),
  /**
   * The shops' parts of the order the buyer marks as a gift, each with an optional message for the recipient
   * (docs/product/checkout.md "Gifts"): the seller sees it, and its packing slip shows no prices.
   */
  gifts: z
    .array(giftInputSchema, { error: 'gifts must be a list' })
    .max(MAX_CART_LINES, 'Too many gifts')
    .refine((gifts) => new Set(gifts.map((gift) => gift.seller_id)).size === gifts.length, 'Mark each shop as a gift once')
    .optional(),
});
export type CheckoutRequest = z.input<typeof checkoutRequestSchema>;

/**
 * Required on POST /api/orders/checkout. Make one per checkout attempt (e.g. crypto.randomUUID())
 * and send the same one on retries: the same key never charges twice and answers the same order.
 * After a decline the same key may be sent again with other card details.
 */
export const IDEMPOTENCY_KEY_HEADER = 'idempotency-key';
export const checkoutHeadersSchema = z
  .object({
    [IDEMPOTENCY_KEY_HEADER]: z
      .string({ error: 'The Idempotency-Key header is required' })
      .trim()
      .min(8, 'The Idempotency-Key header must be 8 to 200 characters')
      .max(200, 'The Idempotency-Key header must be 8 to 200 characters'),
  })
  .loose();

export const checkoutResponseSchema = z.object({ success: z.literal(true), orderId: z.string() });
export type CheckoutResponse = z.infer<typeof checkoutResponseSchema>;

/**
 * 202: the card's bank asks the buyer to authenticate (3-D Secure) before it pays. No order exists
 * yet and nothing is charged: the browser runs the step with `clientSecret` (Stripe.js
 * `handleNextAction`, or the sandbox's dialog), then sends the same request with the same
 * Idempotency-Key and `authenticatedPaymentId: paymentId`, which answers the order (201) or a decline (402).
 */
export const checkoutRequiresActionSchema = z.object({
  success: z.literal(false),
  requiresAction: z.literal(true),
  paymentId: z.string(),
  clientSecret: z.string(),
  message: z.string(),
});
export type CheckoutRequiresAction = z.infer<typeof checkoutRequiresActionSchema>;

/** The code of the 422 refusal: this Idempotency-Key already placed an order for another request. */
export const IDEMPOTENCY_KEY_REUSED_CODE = 'idempotency_key_reused';

/** The sandbox's stand-in for the bank's authentication page (POST /api/checkout/sandbox-authentication). */
export const sandboxAuthenticationRequestSchema = z.object({
  clientSecret: z.string().trim().min(1, 'clientSecret is required').max(255),
  outcome: z.enum(['complete', 'fail']),
});
export type SandboxAuthenticationRequest = z.infer<typeof sandboxAuthenticationRequestSchema>;

/** 409 out of stock: which lines could not be reserved. */
/** The code of checkout's refusal when fewer are left than the cart asks for. */
export const OUT_OF_STOCK_CODE = 'out_of_stock';

export const checkoutConflictSchema = z.object({
  error: z.string(),
  code: z.literal(OUT_OF_STOCK_CODE),
  items: z.array(
    z.object({
      cartItemId: z.string(),
      productId: z.string(),
      title: z.string(),
      requested: z.number().int(),
      available: z.number().int(),
      /** False when the listing can no longer be bought at all (hidden, deleted, or its seller suspended). */
      live: z.boolean(),
    }),
  ),
});

/** The code of checkout's refusal when the order would charge another total than the `expectedTotal` the buyer confirmed. */
export const TOTAL_CHANGED_CODE = 'total_changed';

/** 409 total changed: nothing was charged or taken; `summary` is what the cart costs now, to confirm again. */
export const checkoutTotalChangedSchema = z.object({
  error: z.string(),
  code: z.literal(TOTAL_CHANGED_CODE),
  expectedTotal: z.number(),
  summary: checkoutSummaryResponseSchema,
});
export type CheckoutTotalChanged = z.infer<typeof checkoutTotalChangedSchema>;

export const CHECKOUT_MESSAGES = {
  emptyCart: 'Your cart is empty',
  outOfStock: 'Some items are no longer available in the quantity you asked for',
  declined: 'Your card was declined.',
  paymentFailed: 'The payment could not be processed. Please try again.',
  requiresAction: 'Your bank asks you to confirm this payment.',
  totalChanged: (confirmed: string, now: string) =>
    `The total of your order changed from ${confirmed} to ${now} (a price changed since you opened checkout). Nothing was charged: check the new total and place the order again.`,
  giftForOtherShop: 'A gift can be marked only for a shop whose items are in your cart',
  idempotencyKeyReused: 'This Idempotency-Key was already used for a different checkout request (another address or card). Send a new key for a new checkout.',
} as const;

// ── buyer orders ──────────────────────────────────────────────────────────────────────────────

export const orderListQuerySchema = z.object(pageQuery);
export const orderParamsSchema = z.object({ id: z.guid({ error: 'Order not found' }) });

/**
 * What a buyer cancels (`POST /api/orders/:id/cancel`): nothing named is the whole order; `orderItemIds` some of its
 * items; `sellerId` one shop's part. Only items still waiting for their seller can be cancelled (docs/product/orders.md).
 */
export const cancelOrderRequestSchema = z
  .object({
    orderItemIds: z
      .array(z.guid({ error: 'Order item not found' }))
      .min(1, 'Choose at least one item to cancel')
      .max(100)
      .optional(),
    sellerId: z.guid({ error: 'Shop not found' }).optional(),
  })
  .strict()
  .refine((value) => !(value.orderItemIds && value.sellerId), { error: 'Cancel either some items or one shop, not both', path: ['sellerId'] })
  // No body at all (the server reads it as null) cancels the whole order.
  .nullish();
export type CancelOrderRequest = z.input<typeof cancelOrderRequestSchema>;

export const buyerOrderItemSchema = z.object({
  id: z.string(),
  productId: z.string(),
  title: z.string(),
  /** The variant bought, as it was labelled at checkout ("Size: M, Colour: Red"); null without (decision 0043). */
  variantLabel: z.string().nullable(),
  /** What the buyer wrote for the seller (a name to engrave…), or null. */
  personalization: z.string().nullable(),
  /** This item's shop's part of the order was sent as a gift: the buyer's message; null when not. */
  gift: giftSchema.nullable(),
  image: z.string().nullable(),
  price: z.number(),
  quantity: z.number().int(),
  retipAdded: z.boolean(),
  retipPrice: z.number(),
  status: orderItemStatusSchema,
  rejectionReason: z.string().nullable(),
});

export const buyerOrderSchema = z.object({
  id: z.string(),
  status: orderStatusSchema,
  createdAt: z.string(),
  itemsTotal: z.number(),
  shipping: z.number(),
  retipTotal: z.number(),
  total: z.number(),
  items: z.array(buyerOrderItemSchema),
});
export type BuyerOrder = z.infer<typeof buyerOrderSchema>;

export const shippingAddressResponseSchema = z.object({
  name: z.string(),
  line1: z.string(),
  line2: z.string().nullable(),
  city: z.string(),
  state: z.string(),
  postal_code: z.string(),
  country: z.string(),
});

// ── following an order: what the buyer sees of an order after checkout ──────────────
// docs/product/orders.md "Following an order" says the same in words.

/** One carrier scan of the parcel, oldest first. */
export const buyerTrackingEventSchema = z.object({
  status: z.string(),
  description: z.string(),
  occurredAt: z.string(),
  location: z.string().nullable(),
});
export type BuyerTrackingEvent = z.infer<typeof buyerTrackingEventSchema>;

export const BUYER_TIMELINE_STEPS = [
  'placed',
  'approved',
  'rejected',
  'cancelled',
  'shipped',
  'in_transit',
  'out_for_delivery',
  'delivered',
  'partially_refunded',
  'refunded',
  'return_requested',
  'returned',
] as const;
export type BuyerTimelineStepKind = (typeof BUYER_TIMELINE_STEPS)[number];

export const buyerTimelineStepSchema = z.object({
  step: z.enum(BUYER_TIMELINE_STEPS),
  /** false for a step still ahead (the parcel is not there yet). */
  reached: z.boolean(),
  /** When it happened; null for a step ahead, or for one reached whose moment is not recorded (an approval once the item moved on). */
  at: z.string().nullable(),
  /** A refund step's amount (dollars and cents); null for the others. */
  amount: z.number().nullable(),
  amount_cents: z.number().int().nullable(),
  /** The carrier's words, the seller's rejection reason or the refund's reason. */
  description: z.string().nullable(),
  location: z.string().nullable(),
});
export type BuyerTimelineStep = z.infer<typeof buyerTimelineStepSchema>;

/** A refund that reached the buyer's card (pending and failed attempts are not shown). */
export const buyerRefundSchema = z.object({
  amount: z.number(),
  amount_cents: z.number().int(),
  createdAt: z.string(),
  reason: z.string().nullable(),
});
export type BuyerRefund = z.infer<typeof buyerRefundSchema>;

/** Filled by the returns module (its own schema); absent when it has nothing to say about the item. */
export const returnInfoSchema = orderItemReturnInfoSchema;
export type ReturnInfo = OrderItemReturnInfo;

export const buyerOrderDetailItemSchema = buyerOrderItemSchema.extend({
  /** Everything given back for this item so far (several partial refunds add up). */
  refunded_cents: z.number().int(),
  /** Set once the seller bought a label for the item (a voided label no longer counts). */
  tracking_number: z.string().nullable(),
  carrier: z.string().nullable(),
  /** The shipment's status (docs/product/shipping.md), null before a label. */
  shipmentStatus: z.string().nullable(),
  trackingEvents: z.array(buyerTrackingEventSchema),
  /** From placed to delivered (or rejected, cancelled, refunded, returned): reached steps in time order, then the steps ahead. */
  timeline: z.array(buyerTimelineStepSchema),
  refunds: z.array(buyerRefundSchema),
  returnInfo: returnInfoSchema.optional(),
  /** This item's share of its shop's shipping, in dollars: what a cancellation or a full refund of it gives back beside its price. */
  shippingShare: z.number(),
  /** What may still go back to the buyer for this item, in cents (all of it when cancelled; packages/domain/src/item-paid.ts). */
  refundable_cents: z.number().int(),
  /** The seller sent it without a marketplace label: the carrier they named and its tracking number (not tracked here), or null. */
  shippedAnotherWay: z.object({ carrier: z.string(), trackingNumber: z.string().nullable() }).nullable(),
});
export type BuyerOrderDetailItem = z.infer<typeof buyerOrderDetailItemSchema>;

/**
 * A shop's part of an order as it was promised at checkout (docs/product/shipping.md): its shipping, how it was
 * charged, the day the shop should hand it to the carrier by and the days it should arrive between, with its items.
 */
export const orderShopPartSchema = z.object({
  sellerId: z.string(),
  shopName: z.string(),
  shipping: z.number(),
  rateDescription: z.string(),
  shipBy: z.string(),
  arrivesBy: arrivesBySchema,
  itemIds: z.array(z.string()),
  /**
   * Whether the promise was kept, as the carrier's scans tell it: `waiting` until a parcel is delivered, then `kept`
   * (by the last day) or `late`; each parcel with the day it came. A late part's shipping went back (`lateRefund`,
   * dollars; docs/product/shipping.md "A late parcel refunds its shipping").
   */
  promise: z.object({
    state: z.enum(PROMISE_STATES),
    deliveredOn: z.string().nullable(),
    lateRefund: z.number().nullable(),
    parcels: z.array(z.object({ trackingNumber: z.string(), deliveredOn: z.string().nullable(), kept: z.boolean().nullable() })),
  }),
});
export type OrderShopPart = z.infer<typeof orderShopPartSchema>;

export const buyerOrderDetailSchema = buyerOrderSchema.extend({
  shippingAddress: shippingAddressResponseSchema,
  items: z.array(buyerOrderDetailItemSchema),
  /** What went back to the buyer across the order, in dollars and cents; total stays what was paid. */
  refundedTotal: z.number(),
  refunded_cents: z.number().int(),
  /** The card that paid (brand and last four digits only), null when no payment is recorded. */
  payment: z.object({ cardBrand: z.string().nullable(), cardLast4: z.string().nullable() }).nullable(),
  /** Each shop's part with its delivery promise; [] for an order placed before shops set their shipping. */
  shops: z.array(orderShopPartSchema),
});
export type BuyerOrderDetail = z.infer<typeof buyerOrderDetailSchema>;

export const buyerOrderListResponseSchema = z.object({ orders: z.array(buyerOrderSchema), pagination: paginationSchema });
export type BuyerOrderListResponse = z.infer<typeof buyerOrderListResponseSchema>;

export const ORDER_MESSAGES = {
  orderNotFound: 'Order not found',
  itemNotFound: 'Order item not found',
  cannotCancel: 'This order can no longer be cancelled: a seller has already acted on it',
  itemCannotCancel: (title: string) => `${title} can no longer be cancelled: its seller has already acted on it`,
  nothingToCancel: 'Everything you chose is already cancelled',
  reasonRequired: 'A reason is required to reject an item',
  refundFailed: 'The refund could not be processed. Please try again.',
  transitionNotAllowed: (from: string, to: string) => `An item that is ${from} cannot be marked ${to}`,
  carrierTracksParcel: (carrier: string, trackingNumber: string) =>
    `${carrier} tracks this parcel (${trackingNumber}): it is marked delivered when ${carrier} scans it delivered, not by hand`,
} as const;

// ── seller orders ─────────────────────────────────────────────────────────────────────────────

export const sellerOrderListQuerySchema = z.object({ ...pageQuery, status: orderItemStatusSchema.optional() });
export const sellerOrderParamsSchema = z.object({ orderId: z.guid({ error: 'Order not found' }) });
export const sellerOrderItemParamsSchema = z.object({ orderItemId: z.guid({ error: 'Order item not found' }) });

export const sellerOrderListResponseSchema = z.object({
  success: z.literal(true),
  data: z.object({
    orders: z.array(
      z.object({
        orderId: z.string(),
        orderCreatedAt: z.string(),
        buyer: z.object({ fullName: z.string() }),
        items: z.array(
          z.object({
            orderItemId: z.string(),
            itemTitle: z.string(),
            /** The variant sold, as labelled at checkout; null without (decision 0043). */
            variantLabel: z.string().nullable(),
            quantity: z.number().int(),
            price: z.number(),
            orderStatus: orderItemStatusSchema,
          }),
        ),
      }),
    ),
    pagination: paginationSchema,
  }),
});
export type SellerOrderListResponse = z.infer<typeof sellerOrderListResponseSchema>;

export const sellerShippingAddressSchema = z.object({
  name: z.string(),
  line1: z.string(),
  line2: z.string().nullable(),
  city: z.string(),
  state: z.string(),
  postalCode: z.string(),
  countryCode: z.string(),
});

export const sellerOrderItemSchema = z.object({
  orderItemId: z.string(),
  itemTitle: z.string(),
  /** The variant sold, as labelled at checkout; null without (decision 0043). */
  variantLabel: z.string().nullable(),
  /** What the buyer wrote for this item (a name to engrave…), or null. */
  personalization: z.string().nullable(),
  image: z.string().nullable(),
  quantity: z.number().int(),
  price: z.number(),
  /** price × quantity + the add-on. */
  itemTotal: z.number(),
  retipAdded: z.boolean(),
  retipPrice: z.number(),
  orderStatus: orderItemStatusSchema,
  rejectionReason: z.string().nullable(),
  /** What the buyer got back for this item so far (cents and dollars); the seller is paid for the rest. */
  refunded_cents: z.number().int(),
  refunded: z.number(),
  /**
   * The carrier's parcel the item travels in (its label), or null: not shipped yet, or sent in a parcel the carrier does
   * not track. Only an item without one may be marked delivered by hand (docs/product/orders.md "Delivery").
   */
  parcel: z.object({ carrier: z.string(), trackingNumber: z.string() }).nullable(),
  /** Sent without a marketplace label: the carrier the seller named and its tracking number (null without), or null. */
  shippedAnotherWay: z.object({ carrier: z.string(), trackingNumber: z.string().nullable() }).nullable(),
});

export type SellerOrderItem = z.infer<typeof sellerOrderItemSchema>;

export const sellerOrderDetailResponseSchema = z.object({
  success: z.literal(true),
  data: z.object({
    orderId: z.string(),
    orderCreatedAt: z.string(),
    /** The status of this seller's part of the order, summarised like an order's status. */
    status: z.object({ itemsOrderStatus: orderStatusSchema }),
    /** itemsPreview: two titles then "+N more" (docs/product/limits.md). */
    itemsSummary: z.object({ totalItemsCount: z.number().int(), itemsPreview: z.string() }),
    /** This seller's items only: orderTotal = itemsTotal + proportionalShipping + retipTotal. */
    amounts: z.object({ orderTotal: z.number(), itemsTotal: z.number(), proportionalShipping: z.number(), retipTotal: z.number() }),
    buyer: z.object({ fullName: z.string(), email: z.string() }),
    shippingInfo: z.object({ shippingAddress: sellerShippingAddressSchema }),
    /** The buyer marked this seller's part as a gift: their message ('' without); null when not a gift. */
    gift: giftSchema.nullable(),
    /** The shop's name, for the packing slip's heading. */
    shopName: z.string(),
    /**
     * What the checkout promised for this seller's part (docs/product/shipping.md): the day to hand it to the carrier
     * by and the days it should arrive between; null for an order placed before shops set their shipping.
     */
    promise: z
      .object({
        shipBy: z.string(),
        arrivesBy: arrivesBySchema,
        /** `waiting` until the carrier delivers the part, then `kept` (by the last day promised) or `late`. */
        state: z.enum(PROMISE_STATES),
        /** The carrier's day the part was delivered (YYYY-MM-DD), null until then. */
        deliveredOn: z.string().nullable(),
        /**
         * Delivered after `arrivesBy.latest`: the buyer got the part's shipping back (dollars), paid by the seller (handed
         * to the carrier after `shipBy`: it comes off their shipping credit) or the marketplace; null when kept or not yet.
         */
        lateRefund: z.object({ amount: z.number(), paidBy: z.enum(LATE_REFUND_PAYERS) }).nullable(),
      })
      .nullable(),
    items: z.array(sellerOrderItemSchema),
  }),
});
export type SellerOrderDetailResponse = z.infer<typeof sellerOrderDetailResponseSchema>;

export const sellerOrderItemDetailSchema = sellerOrderItemSchema.extend({
  /** The buyer marked this seller's part of the order as a gift: their message ('' without); null when not. */
  gift: giftSchema.nullable(),
  orderId: z.string(),
  orderCreatedAt: z.string(),
  buyer: z.object({ fullName: z.string(), email: z.string() }),
  shippingAddress: sellerShippingAddressSchema,
});
export const sellerOrderItemResponseSchema = z.object({ success: z.literal(true), data: sellerOrderItemDetailSchema });
export type SellerOrderItemResponse = z.infer<typeof sellerOrderItemResponseSchema>;

export const updateSellerOrderItemRequestSchema = z
  .object({
    status: z.enum(['approved', 'rejected', 'shipped', 'delivered', 'completed'], {
      error: 'status must be approved, rejected, shipped, delivered or completed',
    }),
    reason: z.string().trim().max(500, 'The reason must be at most 500 characters').optional(),
    /** `shipped` without a marketplace label: the carrier it went with ("USPS", "Hand delivery"), and its tracking number if any. */
    carrier: z.string().trim().min(2, 'Name the carrier you sent it with').max(40, 'The carrier’s name must be at most 40 characters').optional(),
    trackingNumber: z.string().trim().max(60, 'The tracking number must be at most 60 characters').optional(),
  })
  .superRefine((value, context) => {
    if (value.status === 'rejected' && !value.reason) {
      context.addIssue({ code: 'custom', path: ['reason'], message: ORDER_MESSAGES.reasonRequired });
    }
    if (value.status === 'shipped' && !value.carrier) {
      context.addIssue({ code: 'custom', path: ['carrier'], message: 'Name the carrier you sent it with' });
    }
  });
export type UpdateSellerOrderItemRequest = z.input<typeof updateSellerOrderItemRequestSchema>;

// ── seller dashboard ──────────────────────────────────────────────────────────────────────────

export const sellerDashboardResponseSchema = z.object({
  /** sales: dollars of this seller's items ordered (not rejected, refunded or cancelled); orders: distinct orders. */
  today: z.object({ sales: z.number(), orders: z.number().int() }),
  last30Days: z.object({
    sales: z.number(),
    orders: z.number().int(),
    /** One entry per day, oldest first, 30 days ending today (UTC), date as YYYY-MM-DD. */
    daily: z.array(z.object({ date: z.string(), sales: z.number() })),
  }),
  /** Orders with this seller's items waiting for them: pending or approved (not yet shipped). */
  openOrders: z.number().int(),
  lowStock: z.array(z.object({ id: z.string(), title: z.string(), quantity: z.number().int() })),
  /**
   * The shop's parts delivered in the last `days` days and how many came by the last day promised; `ratePercent` is
   * null before any (docs/product/shipping.md "A late parcel refunds its shipping").
   */
  onTimeDelivery: z.object({ days: z.number().int(), delivered: z.number().int(), onTime: z.number().int(), ratePercent: z.number().int().nullable() }),
});
export type SellerDashboardResponse = z.infer<typeof sellerDashboardResponseSchema>;
