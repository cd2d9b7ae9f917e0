import { z } from 'zod';
import { BANK_PAYOUT_STATUSES, PAYMENT_ACCOUNT_STATUSES_WITH_NONE, PAYOUT_STATUSES, PICKUP_CHARGE_SOURCES } from '@marketplace/domain/enums';
import { tablePageQuerySchema } from './common';
import { paginationSchema } from './users';

// Getting sellers paid: the seller's Stripe Connect account (docs/product/api.md), the admin's payout
// management and shipped orders (docs/product/api.md). `{provider}` is `stripe`. Money in answers is dollars with
// at most 2 decimals; everything inside the server is integer cents.

const emptyAsUndefined = (value: unknown) => (value === '' || value === 'all' ? undefined : value);

// ── payment account (docs/product/api.md, docs/product/payouts.md) ────────────────────────────────────────────────────────────────

export const PAYMENT_ACCOUNT_STATUSES = PAYMENT_ACCOUNT_STATUSES_WITH_NONE;
export const paymentAccountStatusSchema = z.enum(PAYMENT_ACCOUNT_STATUSES);
export type PaymentAccountStatus = z.infer<typeof paymentAccountStatusSchema>;

/** GET /api/stripe-connect/check-account (seller). */
export const checkAccountResponseSchema = z.object({
  success: z.literal(true),
  hasAccount: z.boolean(),
  accountId: z.string().nullable(),
  status: paymentAccountStatusSchema,
});
export type CheckAccountResponse = z.infer<typeof checkAccountResponseSchema>;

/** POST /api/stripe-connect/create-express-account (seller). Type and country are fixed (docs/product/limits.md). */
export const createExpressAccountBodySchema = z.object({
  type: z.literal('express', { error: "Account type must be 'express'" }),
  country: z.literal('US', { error: "Country must be 'US'" }),
});
export const createExpressAccountResponseSchema = z.object({
  success: z.literal(true),
  accountId: z.string(),
  /** Where to complete onboarding (step 2). */
  onboardingUrl: z.string(),
  status: paymentAccountStatusSchema,
  message: z.string(),
});
export type CreateExpressAccountResponse = z.infer<typeof createExpressAccountResponseSchema>;

/** POST /api/stripe-connect/create-onboarding-link (seller, own account only). */
export const createOnboardingLinkBodySchema = z.object({ accountId: z.string().trim().min(1, 'accountId is required') });
export const onboardingLinkResponseSchema = z.object({ success: z.literal(true), url: z.string() });
export type OnboardingLinkResponse = z.infer<typeof onboardingLinkResponseSchema>;

/** GET /api/stripe-connect/account-status/:accountId (seller, own account only); re-reads the provider. */
export const accountStatusParamsSchema = z.object({ accountId: z.string().trim().min(1).max(255) });
export const accountStatusResponseSchema = z.object({
  success: z.literal(true),
  status: paymentAccountStatusSchema,
  accountId: z.string(),
  detailsSubmitted: z.boolean(),
  payoutsEnabled: z.boolean(),
  /** What the provider still needs, in its words (empty when complete). */
  requirements: z.array(z.string()),
});
export type AccountStatusResponse = z.infer<typeof accountStatusResponseSchema>;

/** GET /api/stripe-connect/create-stripe-dashboard-link (seller with a complete account). */
export const dashboardLinkResponseSchema = z.object({ success: z.literal(true), loginUrl: z.string() });
export type DashboardLinkResponse = z.infer<typeof dashboardLinkResponseSchema>;

// ── sandbox onboarding and dashboard (the embedded provider's own pages) ──────────────────────────

/** GET /api/sandbox/connect/links/:token: what the local onboarding or dashboard page shows. */
export const sandboxLinkResponseSchema = z.object({
  success: z.literal(true),
  kind: z.enum(['onboarding', 'dashboard']),
  account: z.object({
    id: z.string(),
    email: z.string(),
    businessName: z.string().nullable(),
    businessType: z.enum(['individual', 'company']).nullable(),
    bankLast4: z.string().nullable(),
    detailsSubmitted: z.boolean(),
    payoutsEnabled: z.boolean(),
  }),
  returnUrl: z.string(),
  refreshUrl: z.string(),
  /** Dashboard only: balance and money movements, newest first. */
  balance: z.object({ available: z.number(), pending: z.number() }).nullable(),
  transfers: z.array(z.object({ id: z.string(), amount: z.number(), description: z.string().nullable(), created_at: z.string() })),
  payouts: z.array(z.object({ id: z.string(), amount: z.number(), status: z.enum(BANK_PAYOUT_STATUSES), arrival_date: z.string() })),
});
export type SandboxLinkResponse = z.infer<typeof sandboxLinkResponseSchema>;

/** Test bank details the sandbox accepts (as Stripe's test mode does). */
export const SANDBOX_TEST_ROUTING_NUMBER = '110000000';
export const SANDBOX_TEST_ACCOUNT_NUMBER = '000123456789';

/** POST /api/sandbox/connect/links/:token/complete: the onboarding form. */
export const sandboxOnboardingBodySchema = z.object({
  businessType: z.enum(['individual', 'company'], { error: 'Choose individual or company' }),
  businessName: z.string().trim().min(2, 'Business name must be at least 2 characters').max(120, 'Business name must be at most 120 characters'),
  routingNumber: z
    .string()
    .trim()
    .regex(/^\d{9}$/, 'Routing number must be 9 digits'),
  accountNumber: z
    .string()
    .trim()
    .regex(/^\d{4,17}$/, 'Account number must be 4 to 17 digits'),
});
export type SandboxOnboardingBody = z.infer<typeof sandboxOnboardingBodySchema>;
export const sandboxOnboardingResponseSchema = z.object({ success: z.literal(true), returnUrl: z.string() });

// ── admin: sellers, payouts, stats (docs/product/api.md) ─────────────────────────────────────────────────────

/** GET /api/user/sellers (admin). */
export const sellerListEntrySchema = z.object({ id: z.string(), first_name: z.string(), last_name: z.string(), company_name: z.string().nullable() });
export const sellersResponseSchema = z.object({ success: z.literal(true), sellers: z.array(sellerListEntrySchema) });
export type SellerListEntry = z.infer<typeof sellerListEntrySchema>;

export { PAYOUT_STATUSES };
export const payoutStatusSchema = z.enum(PAYOUT_STATUSES);
export type PayoutStatus = z.infer<typeof payoutStatusSchema>;

/** GET /api/stripe-connect/admin/payouts?page&limit&sellerId&status (admin), newest first. */
export const adminPayoutsQuerySchema = tablePageQuerySchema.extend({
  sellerId: z.preprocess(emptyAsUndefined, z.guid('Invalid seller id').optional()),
  status: z.preprocess(emptyAsUndefined, z.enum(PAYOUT_STATUSES, { error: 'Status must be one of paid, pending, failed' }).optional()),
});
export type AdminPayoutsQuery = z.input<typeof adminPayoutsQuerySchema>;

export const payoutSchema = z.object({
  id: z.string(),
  status: payoutStatusSchema,
  /** Gross: item total − commission − allocated pickup charge. */
  amount: z.number(),
  /** What was transferred: gross − fee + shipping credited + label lines + adjustments, never below 0. */
  net_amount: z.number(),
  fee_amount: z.number(),
  /** The item's shipping the buyer kept paying, credited to the seller (≥ 0). */
  shipping_credit_amount: z.number(),
  /** The seller's label lines this payout settled: labels bought (< 0), voided ones credited back (> 0). */
  label_charge_amount: z.number(),
  /** What the seller owed back from refunds after earlier payouts, deducted here (≤ 0). */
  adjustment_amount: z.number(),
  description: z.string().nullable(),
  failure_reason: z.string().nullable(),
  order_item_id: z.string(),
  transfer_id: z.string().nullable(),
  created_at: z.string(),
  seller: z.object({ id: z.string(), first_name: z.string(), last_name: z.string(), email: z.string(), company_name: z.string().nullable() }),
});
export type Payout = z.infer<typeof payoutSchema>;

export const adminPayoutsResponseSchema = z.object({
  success: z.literal(true),
  data: z.object({ payouts: z.array(payoutSchema), pagination: paginationSchema }),
});
export type AdminPayoutsResponse = z.infer<typeof adminPayoutsResponseSchema>;

export const PAYOUT_DATE_RANGES = [7, 30, 90, 365] as const;

/** GET /api/admin/payoutStats/stats?dateRange&sellerId (admin). */
export const payoutStatsQuerySchema = z.object({
  dateRange: z.preprocess(
    (value) => (value === undefined || value === '' ? 30 : value),
    z.coerce.number().refine((value) => (PAYOUT_DATE_RANGES as readonly number[]).includes(value), { error: 'dateRange must be 7, 30, 90 or 365' }),
  ),
  sellerId: z.preprocess(emptyAsUndefined, z.guid('Invalid seller id').optional()),
});

const periodSchema = z.object({ amount: z.number(), count: z.number() });
export const payoutStatsSchema = z.object({
  /** One point per day of the range (oldest first), paid payouts only; days without payouts are 0. */
  time_series: z.array(z.object({ date: z.string(), amount: z.number(), count: z.number() })),
  /** Top 5 sellers by paid amount in the range. */
  top_sellers: z.array(z.object({ seller_id: z.string(), seller_name: z.string(), total_amount: z.number(), payout_count: z.number() })),
  /** Payouts created in the range, by status. */
  status_distribution: z.array(z.object({ status: payoutStatusSchema, count: z.number() })),
  this_month: periodSchema,
  last_month: periodSchema,
  /** Percentage change from last month to this month (null when last month had nothing). */
  percentage_changes: z.object({ amount_change: z.number().nullable(), count_change: z.number().nullable() }),
  /** Sellers with a paid payout in the range. */
  active_sellers: z.number(),
});
export type PayoutStats = z.infer<typeof payoutStatsSchema>;
export const payoutStatsResponseSchema = z.object({ success: z.literal(true), data: payoutStatsSchema });

/** GET /api/admin/payoutStats/quick-stats?sellerId (admin). */
export const quickStatsQuerySchema = z.object({ sellerId: z.preprocess(emptyAsUndefined, z.guid('Invalid seller id').optional()) });
export const quickStatsSchema = z.object({
  this_month: periodSchema,
  last_month: periodSchema,
  percentage_changes: z.object({ amount_change: z.number().nullable(), count_change: z.number().nullable() }),
  /** Sellers with a complete payment account. */
  active_sellers: z.number(),
});
export type QuickStats = z.infer<typeof quickStatsSchema>;
export const quickStatsResponseSchema = z.object({ success: z.literal(true), data: quickStatsSchema });

// ── shipped orders and the payout itself (docs/product/api.md, docs/product/data.md) ─────────────────────────────────────────────

/** GET /api/orders/get-all-shipped-orders?page&limit (admin; the spec's client sends neither, defaults 1 and 10). */
export const shippedOrdersQuerySchema = tablePageQuerySchema;

export const shippedOrderItemSchema = z.object({
  orderId: z.string(),
  orderItemId: z.string(),
  itemTitle: z.string(),
  category: z.string(),
  categorySlug: z.string(),
  quantity: z.number(),
  price: z.number(),
  /** price × quantity (+ the add-on when chosen): what the buyer paid for this line. */
  grandTotal: z.number(),
  /** What the buyer got back for this item so far: the payout applies to what they kept. */
  refunded_cents: z.number().int(),
  refunded: z.number(),
  orderStatus: z.string(),
  seller_paid: z.boolean(),
  orderDate: z.string(),
  buyer: z.object({ fullName: z.string(), email: z.string(), phone: z.string().nullable() }),
  seller: z.object({ id: z.string(), fullName: z.string(), companyName: z.string().nullable(), email: z.string(), phone: z.string().nullable() }),
  /** The seller's payment account status: only 'complete' can be paid. */
  sellerAccountStatus: paymentAccountStatusSchema,
  shippingAddress: z.object({
    name: z.string(),
    email: z.string().nullable(),
    address: z.object({ line1: z.string(), line2: z.string().nullable(), city: z.string(), state: z.string(), postal_code: z.string(), country: z.string() }),
  }),
  /** A dispute about this item is not resolved yet: it cannot be paid until it is. */
  hasOpenDispute: z.boolean(),
  /** What the seller still owes back from refunds (each < 0, dollars, oldest first): payouts deduct them (applyPayoutAdjustments). */
  sellerPendingAdjustments: z.array(z.number()),
  /** The item's share of its shop's shipping the buyer kept paying: credited to the seller with the payout (cents). */
  shippingCreditCents: z.number().int(),
  /** The seller's open label lines (cents, oldest first): labels bought (< 0), voided ones credited back (> 0). */
  sellerOpenLabelCents: z.array(z.number().int()),
  /** The latest payout attempt, if any. */
  payout: z.object({ id: z.string(), status: payoutStatusSchema, net_amount: z.number(), failure_reason: z.string().nullable() }).nullable(),
});
export type ShippedOrderItem = z.infer<typeof shippedOrderItemSchema>;

export const shippedOrdersResponseSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  data: z.object({ orderItems: z.array(shippedOrderItemSchema), pagination: paginationSchema }),
});
export type ShippedOrdersResponse = z.infer<typeof shippedOrdersResponseSchema>;

/** GET /api/stripe-connect/pickup-charges/:orderItemId (admin): docs/product/data.md pickup charge info, dollars. */
export const orderItemParamsSchema = z.object({ orderItemId: z.guid('Invalid order item id') });
export const pickupChargeInfoSchema = z.object({
  hasPickup: z.boolean(),
  pickupRequestNumber: z.string().nullable(),
  isConsolidatedPickup: z.boolean(),
  shipmentsCount: z.number(),
  packageCount: z.number(),
  totalPickupCharge: z.number(),
  currency: z.string(),
  source: z.enum(PICKUP_CHARGE_SOURCES).nullable(),
  rateDetails: z
    .object({
      chargeDetails: z.array(z.object({ description: z.string(), amount: z.number() })),
      baseRate: z.number(),
      additionalCharges: z.number(),
      taxes: z.number(),
      incentives: z.number(),
    })
    .nullable(),
  consolidationDiscount: z.number(),
  allocation: z.object({
    allocatedPickupCharge: z.number(),
    totalOrderItemsInPickup: z.number(),
    totalOrderValueInPickup: z.number(),
    currentItemValue: z.number(),
    pickupChargeRatio: z.number(),
  }),
});
export type PickupChargeInfo = z.infer<typeof pickupChargeInfoSchema>;
export const pickupChargeResponseSchema = pickupChargeInfoSchema.extend({ success: z.literal(true) });

/** POST /api/stripe-connect/payout (admin). The server computes the amount; the client never sends one. */
export const createPayoutBodySchema = z.object({ orderItemId: z.guid('Invalid order item id') });
export const createPayoutResponseSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  payout: payoutSchema,
});
export type CreatePayoutResponse = z.infer<typeof createPayoutResponseSchema>;

// ── the books of an order (docs/product/money.md "The books of an order") ────────────────────────────────────

/** GET /api/admin/orders/:orderId/books (admin): where every cent the buyer paid went, shop by shop (cents). */
export const orderBooksParamsSchema = z.object({ orderId: z.guid('Invalid order id') });

const bookFiguresSchema = z.object({
  /** What the buyer paid: lines, add-ons and shipping. */
  paidCents: z.number().int(),
  refundedCents: z.number().int(),
  /** The spec's per-item payouts of what the buyer kept paying. */
  payoutsCents: z.number().int(),
  /** The shop's shipping the buyer kept paying: its seller's. */
  shippingCreditedCents: z.number().int(),
  /** The labels the seller bought through the marketplace, voided ones credited back. */
  labelsChargedCents: z.number().int(),
  /** Commission, pickup charges, transfer fees, add-ons kept and labels charged, less what the platform absorbed. */
  platformCents: z.number().int(),
});

export const orderBooksShopSchema = bookFiguresSchema.extend({
  sellerId: z.string(),
  shopName: z.string(),
  /** What payouts already transferred for the shop's items (their net, after the seller's other lines). */
  transferredCents: z.number().int(),
  items: z.array(
    z.object({
      orderItemId: z.string(),
      title: z.string(),
      paidCents: z.number().int(),
      refundedCents: z.number().int(),
      payoutCents: z.number().int(),
      shippingCreditCents: z.number().int(),
      payoutStatus: payoutStatusSchema.nullable(),
    }),
  ),
  labels: z.array(z.object({ shipmentId: z.string(), trackingNumber: z.string().nullable(), chargesCents: z.number().int(), voided: z.boolean() })),
});
export type OrderBooksShop = z.infer<typeof orderBooksShopSchema>;

export const orderBooksResponseSchema = z.object({
  orderId: z.string(),
  shops: z.array(orderBooksShopSchema),
  totals: bookFiguresSchema,
});
export type OrderBooksResponse = z.infer<typeof orderBooksResponseSchema>;
