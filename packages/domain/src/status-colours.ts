// The one source of every status colour: badges and charts on every screen ask here, so a
// status looks the same wherever it appears. The rule in words is docs/product/statuses.md.
//
// Two layers:
// - STATUS_TABLE gives each status *word* one colour (and one chart shade of that colour). "pending" is
//   yellow for an order, an item, a payout and a shipment alike; "shipped" is green wherever it appears.
// - STATUS_SETS lists which words each kind of status can take. A word outside its kind's set is shown
//   neutral: docs/product/statuses.md says an order status it does not name is "shown as-is" and any other payout
//   status "neutral".

import {
  BANK_PAYOUT_STATUSES,
  DISPUTE_STATUSES,
  ORDER_STATUSES,
  PAYMENT_ACCOUNT_STATUSES_WITH_NONE,
  PAYMENT_STATUSES,
  PAYOUT_STATUSES,
  PICKUP_STATUSES,
  PRODUCT_STATUSES,
  REFUND_STATUSES,
  SUPPORT_REQUEST_STATUSES,
  USER_ROLES,
  USER_STATUSES,
} from './enums';
import { STOCK_STATUS_COLOURS } from './inventory';
import { ORDER_ITEM_STATES } from './order-item-state';
import { RETURN_STATUSES } from './returns';
import { SHIPMENT_STATUSES } from './shipment-rules';
import type { StatusColour } from './status-palette';

// The colour names and their classes live in status-palette.ts, so a page that shows one stock line does
// not load this whole table; they are re-exported here for everything else.
export { STATUS_COLOURS, statusColourClasses, statusTextClasses, type StatusColour } from './status-palette';

/**
 * Chart shades per colour. Index 0 is the colour's main shade (Tailwind's 500, gray-400 for neutral);
 * the others tell apart statuses of one colour that share a chart (an order-item pie can hold shipped,
 * delivered, completed and refunded, all green).
 */
export const statusChartShades: Record<StatusColour, readonly string[]> = {
  // emerald 500, 700, 900, 300, 200, 600: far enough apart to tell shipped, delivered, completed and refunded apart
  green: ['#10b981', '#047857', '#064e3b', '#6ee7b7', '#a7f3d0', '#059669'],
  // amber 500, 400, 700, 600
  yellow: ['#f59e0b', '#fbbf24', '#b45309', '#d97706'],
  // red 500, 600, 800, 700, 400
  red: ['#ef4444', '#dc2626', '#991b1b', '#b91c1c', '#f87171'],
  // blue 500, 600, 400, 700, 800
  blue: ['#3b82f6', '#2563eb', '#60a5fa', '#1d4ed8', '#1e40af'],
  // violet 500, 700
  violet: ['#8b5cf6', '#6d28d9'],
  // gray 400, 500
  neutral: ['#9ca3af', '#6b7280'],
};

/** The main hex of each colour (for a chart series or legend that stands for the colour itself). */
export const statusColourHex: Record<StatusColour, string> = {
  green: statusChartShades.green[0]!,
  yellow: statusChartShades.yellow[0]!,
  red: statusChartShades.red[0]!,
  blue: statusChartShades.blue[0]!,
  violet: statusChartShades.violet[0]!,
  neutral: statusChartShades.neutral[0]!,
};

type Entry = readonly [colour: StatusColour, shade: number];

/**
 * Every status word and its colour. Green: it went through (shipped, delivered, paid, refunded — SPEC
 * docs/product/statuses.md makes refunded and completed green). Yellow: waiting on someone. Blue: under way. Red: refused,
 * failed or gone wrong. Violet: in the marketplace's hands. Neutral: closed without an outcome, or unknown.
 */
const STATUS_TABLE = {
  // waiting on someone
  pending: ['yellow', 0],
  created: ['yellow', 1],
  pickup_scheduled: ['yellow', 2],
  scheduled: ['yellow', 2],
  open: ['yellow', 3],
  requested: ['yellow', 3],
  unpaid: ['yellow', 3],
  low_stock: [STOCK_STATUS_COLOURS.low_stock, 0],
  // under way
  processing: ['blue', 1],
  approved: ['blue', 0],
  seller_responded: ['blue', 1],
  accepted: ['blue', 1],
  in_transit: ['blue', 2],
  out_for_delivery: ['blue', 3],
  received: ['blue', 4],
  seller: ['blue', 0],
  // in the marketplace's hands
  under_review: ['violet', 0],
  admin: ['violet', 0],
  // went through
  shipped: ['green', 0],
  delivered: ['green', 1],
  completed: ['green', 2],
  refunded: ['green', 3],
  partially_refunded: ['green', 4],
  resolved_refunded: ['green', 5],
  paid: ['green', 5],
  succeeded: ['green', 5],
  complete: ['green', 5],
  active: ['green', 5],
  in_stock: [STOCK_STATUS_COLOURS.in_stock, 5],
  closed: ['green', 5],
  // refused, failed, gone wrong
  rejected: ['red', 0],
  resolved_rejected: ['red', 0],
  refused: ['red', 0],
  exception: ['red', 1],
  returned: ['red', 2],
  failed: ['red', 3],
  suspended: ['red', 0],
  out_of_stock: [STOCK_STATUS_COLOURS.out_of_stock, 0],
  // closed without an outcome
  cancelled: ['neutral', 0],
  none: ['neutral', 0],
  hidden: ['neutral', 0],
  buyer: ['neutral', 0],
} as const satisfies Record<string, Entry>;

export type StatusWord = keyof typeof STATUS_TABLE;

/** Every status word that has a colour of its own. */
export const STATUS_WORDS = Object.keys(STATUS_TABLE) as StatusWord[];

/** The statuses each kind of badge can show: the API's enums (enums.ts), plus the words a screen adds. */
export const STATUS_SETS = {
  /** docs/product/statuses.md (which colours rejected too, although an order itself is never rejected: its items are). */
  order: [...ORDER_STATUSES, 'rejected'],
  orderItem: ORDER_ITEM_STATES,
  /** docs/product/statuses.md: any other value is neutral. */
  payout: PAYOUT_STATUSES,
  /** docs/product/shipping.md */
  shipment: SHIPMENT_STATUSES,
  dispute: DISPUTE_STATUSES,
  /** A buyer's return of an item; delivered/received both mean back with the seller. */
  return: [...RETURN_STATUSES, 'received'],
  /** The buyer's card payment of an order. */
  payment: PAYMENT_STATUSES,
  refund: REFUND_STATUSES,
  /** Shipped Orders' Seller Payout column (docs/product/payouts.md): paid or unpaid. */
  sellerPayout: ['paid', 'unpaid'],
  /** The seller's Stripe account (docs/product/payouts.md). */
  paymentAccount: PAYMENT_ACCOUNT_STATUSES_WITH_NONE,
  /** Stripe's payouts from a connected account to its bank (the Connect sandbox's dashboard). */
  bankPayout: BANK_PAYOUT_STATUSES,
  pickup: PICKUP_STATUSES,
  product: PRODUCT_STATUSES,
  stock: ['in_stock', 'low_stock', 'out_of_stock'],
  user: USER_STATUSES,
  supportRequest: SUPPORT_REQUEST_STATUSES,
  role: USER_ROLES,
} as const satisfies Record<string, readonly StatusWord[]>;

export type StatusKind = keyof typeof STATUS_SETS;

export const STATUS_KINDS = Object.keys(STATUS_SETS) as StatusKind[];

// Statuses arrive from the database, the payment provider and older rows in mixed case
// ("Shipped", "PAID"), so matching ignores case and surrounding spaces.
function normaliseStatus(status: string): string {
  return status.trim().toLowerCase();
}

function entryOf(status: string, kind?: StatusKind): Entry | undefined {
  const word = normaliseStatus(status);
  // hasOwn, so statuses like "constructor" cannot reach Object.prototype.
  if (!Object.hasOwn(STATUS_TABLE, word)) return undefined;
  if (kind && !(STATUS_SETS[kind] as readonly string[]).includes(word)) return undefined;
  return STATUS_TABLE[word as StatusWord];
}

/**
 * The colour of a status. With a kind, a word that kind cannot take is neutral (docs/product/statuses.md); without
 * one, any known word has its colour. Unknown statuses are neutral; case and spaces are ignored.
 */
export function statusColour(status: string, kind?: StatusKind): StatusColour {
  return entryOf(status, kind)?.[0] ?? 'neutral';
}

/** The hex a chart fills a status with: a shade of its badge colour, distinct within each kind. */
export function statusChartColour(status: string, kind?: StatusKind): string {
  const [colour, shade] = entryOf(status, kind) ?? (['neutral', 0] as const);
  const shades = statusChartShades[colour];
  return shades[shade % shades.length]!;
}

/** shipped, refunded, completed → green; pending → yellow; rejected → red; processing → blue; others neutral. */
export function orderStatusColour(status: string): StatusColour {
  return statusColour(status, 'order');
}

export function orderItemStatusColour(status: string): StatusColour {
  return statusColour(status, 'orderItem');
}

/** paid → green; pending → yellow; failed → red; any other value neutral. */
export function payoutStatusColour(status: string): StatusColour {
  return statusColour(status, 'payout');
}

export function shipmentStatusColour(status: string): StatusColour {
  return statusColour(status, 'shipment');
}

export function disputeStatusColour(status: string): StatusColour {
  return statusColour(status, 'dispute');
}

export function returnStatusColour(status: string): StatusColour {
  return statusColour(status, 'return');
}
