import { z } from 'zod';
import { EARNING_STATES } from '@marketplace/domain/earnings';
import { LABEL_CHARGE_KINDS } from '@marketplace/domain/enums';
import { emptyAsAbsent, pageQueryWith } from './common';
import { paginationSchema } from './users';

// A seller's earnings (docs/product/payouts.md, "Earnings page"): every item they sold, its payout laid
// out as the payout rule computes it, and where that payout stands. Money is integer cents here (the page
// and the CSV format it); dates are ISO 8601 strings.

export { EARNING_STATES };
export const earningStateSchema = z.enum(EARNING_STATES);
export type EarningState = z.infer<typeof earningStateSchema>;

export const EARNINGS_MESSAGES = {
  month: 'Month must be YYYY-MM, from 2000-01 to 2999-12',
} as const;

/**
 * `?month=YYYY-MM`: items sold in that UTC month; absent or empty = every month. The year is held to
 * 2000–2999: a year such as 9999 would make the month's end a date the database refuses, and 0000–0099
 * would be read as 1900–1999.
 */
const monthSchema = z.preprocess(
  emptyAsAbsent,
  z
    .string({ error: EARNINGS_MESSAGES.month })
    .regex(/^2\d{3}-(0[1-9]|1[0-2])$/, EARNINGS_MESSAGES.month)
    .optional(),
);

/** GET /api/seller/earnings?page&limit&month (seller): newest sale first, 10 a page by default. */
export const earningsQuerySchema = pageQueryWith({ defaultLimit: 10, maxLimit: 100 }).extend({ month: monthSchema });
export type EarningsQuery = z.input<typeof earningsQuerySchema>;

/** GET /api/seller/earnings.csv?month (seller): the same rows, every page, as a CSV file. */
export const earningsCsvQuerySchema = z.object({ month: monthSchema });

export const earningRowSchema = z.object({
  orderItemId: z.string(),
  orderId: z.string(),
  title: z.string(),
  quantity: z.number().int(),
  unitPriceCents: z.number().int(),
  /** When the order was placed: the month the item counts in. */
  soldAt: z.string(),
  itemStatus: z.string(),
  deliveredAt: z.string().nullable(),
  /** What the buyer got back for the item so far (the payout applies to what they kept). */
  refundedCents: z.number().int(),
  categoryName: z.string(),
  /** The payout rule laid out; a paid item shows what was paid, any other what would be paid now. */
  itemTotalCents: z.number().int(),
  commissionRateBasisPoints: z.number().int(),
  commissionCents: z.number().int(),
  pickupChargeCents: z.number().int(),
  grossCents: z.number().int(),
  feeCents: z.number().int(),
  /** The payout rule's result for this item, before deductions. */
  payoutCents: z.number().int(),
  /** The item's share of its shop's shipping the buyer kept paying: the seller's, added to the transfer (≥ 0). */
  shippingCreditCents: z.number().int(),
  /** The seller's label lines this item's payout settled: labels bought (< 0), voided ones credited back (> 0). */
  labelChargeCents: z.number().int(),
  /** What earlier refunds the seller owed back took off this item's transfer (≤ 0). */
  adjustmentCents: z.number().int(),
  /** What is (or would be) transferred for this item: payout + shipping + labels + adjustments, never below 0. */
  netCents: z.number().int(),
  /** Shown when the category has no commission rate and 0 % is used. */
  commissionWarning: z.string().nullable(),
  /** Owed back for this item after a refund made once it was paid (≤ 0), and whether a payout deducted it yet. */
  clawbackCents: z.number().int(),
  clawbackSettled: z.boolean(),
  state: earningStateSchema,
  holdReason: z.enum(['dispute', 'return']).nullable(),
  notPayableReason: z.enum(['refunded']).nullable(),
  scheduledFor: z.string().nullable(),
  paidAt: z.string().nullable(),
  transferId: z.string().nullable(),
  /** The state in words, as the CSV writes it (dates as YYYY-MM-DD). */
  stateText: z.string(),
});
export type EarningRow = z.infer<typeof earningRowSchema>;

export const earningsMonthTotalsSchema = z.object({
  /** YYYY-MM (UTC). */
  month: z.string(),
  /** Transferred in the month (paid payouts, by the day they were paid). */
  paidNetCents: z.number().int(),
  /** Still to be paid for items sold in the month (the payout rule on each, before deductions). */
  pendingNetCents: z.number().int(),
});
export type EarningsMonthTotals = z.infer<typeof earningsMonthTotalsSchema>;

export { LABEL_CHARGE_KINDS };

/** A line of the seller's label account: a label bought through the marketplace, or a voided one credited back. */
export const labelLineSchema = z.object({
  id: z.string(),
  orderId: z.string(),
  shipmentId: z.string(),
  trackingNumber: z.string().nullable(),
  kind: z.enum(LABEL_CHARGE_KINDS),
  /** < 0 for a label bought, > 0 for a voided one credited back. */
  amountCents: z.number().int(),
  createdAt: z.string(),
  /** When a payout settled it (null: the next payout will). */
  settledAt: z.string().nullable(),
  /** The line in words, as the CSV writes it. */
  text: z.string(),
});
export type LabelLine = z.infer<typeof labelLineSchema>;

/** How many label lines the earnings page lists (the newest; the CSV has them all). */
export const EARNINGS_LABEL_LINES = 50;

export const earningsResponseSchema = z.object({
  success: z.literal(true),
  /** The marketplace's payout mode: paid automatically `delayDays` after delivery, or by the admin. */
  schedule: z.object({ payoutOnDelivery: z.boolean(), delayDays: z.number().int() }),
  /** The seller's payout account is complete (no payout can be made before). */
  payoutAccountReady: z.boolean(),
  /** What the seller owes back from refunds after payouts and no payout deducted yet (≤ 0). */
  owedBackCents: z.number().int(),
  /** The seller's label lines no payout settled yet, summed (< 0: labels the next payouts will charge). */
  labelsOpenCents: z.number().int(),
  /** Labels bought and voided labels credited back, newest first (of the month when one is chosen). */
  labels: z.array(labelLineSchema),
  totals: z.object({ thisMonth: earningsMonthTotalsSchema, lastMonth: earningsMonthTotalsSchema }),
  items: z.array(earningRowSchema),
  pagination: paginationSchema,
});
export type EarningsResponse = z.infer<typeof earningsResponseSchema>;

/** The CSV export's header row, in column order. */
export const EARNINGS_CSV_COLUMNS = [
  'Sold on',
  'Order',
  'Order item',
  'Item',
  'Quantity',
  'Unit price',
  'Refunded',
  'Category',
  'Item total',
  'Commission rate (%)',
  'Commission',
  'Pickup charge',
  'Transfer fee',
  'Payout',
  'Shipping credited',
  'Labels settled',
  'Adjustments',
  'Net',
  'Labels charged',
  'Owed back after refund',
  'State',
  'Scheduled for',
  'Paid on',
  'Transfer id',
] as const;

/** The most rows one CSV export holds (the newest); past it the answer says so in `X-Earnings-Truncated`. */
export const EARNINGS_CSV_MAX_ROWS = 10_000;
