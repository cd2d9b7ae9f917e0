// Each shop's shipping is the shop's (docs/product/money.md, "Shipping and labels: the seller's"): the shipping a
// buyer paid for a shop's part of an order is credited to that shop's seller, item by item (each line keeps its
// share), and every label the seller buys through the marketplace is charged to them; a voided label is credited
// back. Both are their own lines, beside the spec's per-item payout, which stays as it is. Integer cents.

import { shortId } from './short-id';

/** What the buyer paid for one item, as the shipping credit needs it. */
export interface ItemShippingInput {
  /** price × quantity. */
  lineCents: number;
  /** The add-on when chosen, else 0. */
  addOnCents: number;
  /** The line's share of its shop's shipping; null for orders placed before shops set their shipping (the platform's). */
  shippingCents: number | null;
  /** Everything refunded for the item so far (its goods refunds; a late parcel's shipping refund is apart). */
  refundedCents: number;
  /** The shipping given back because the shop's parcel came late (≤ the share), and who pays it. */
  lateRefundCents?: number;
  lateRefundPaidBy?: LateRefundPayer | null;
}

export type LateRefundPayer = 'seller' | 'marketplace';

/** The refund key of a late parcel's shipping refund of one item: such a refund gives back shipping only. */
export const LATE_DELIVERY_REFUND_PREFIX = 'late-delivery:';
export const lateDeliveryRefundKey = (orderItemId: string): string => `${LATE_DELIVERY_REFUND_PREFIX}${orderItemId}`;
export const isLateShippingRefund = (refundKey: string): boolean => refundKey.startsWith(LATE_DELIVERY_REFUND_PREFIX);

/** An order line as it is kept (the order's row), which the shipping money reads. */
export interface ShippingItemRow {
  priceCents: number;
  quantity: number;
  retipAdded: boolean;
  retipPriceCents: number;
  shippingCents: number | null;
  refundedCents: number;
  lateShippingRefundCents: number;
}

/** The shipping money's view of an order line, with who pays its late-parcel refund (null: none). */
export function itemShippingOf(row: ShippingItemRow, lateRefundPaidBy: LateRefundPayer | null = null): ItemShippingInput {
  return {
    lineCents: row.priceCents * row.quantity,
    addOnCents: row.retipAdded ? row.retipPriceCents : 0,
    shippingCents: row.shippingCents,
    refundedCents: row.refundedCents,
    lateRefundCents: row.lateShippingRefundCents,
    lateRefundPaidBy,
  };
}

function assertCents(name: string, value: number): void {
  if (!Number.isSafeInteger(value) || value < 0) throw new RangeError(`${name} must be a non-negative integer, got ${value}`);
}

/**
 * The part of an item's (goods) refunds that gave back its shipping: refunds come out of the line first, then the
 * add-on, then the shipping (a refund is money back for the goods), so only a refund past the line and the add-on
 * reaches it, and never the part a late parcel's refund already gave back.
 */
export function shippingRefundedCents(item: ItemShippingInput): number {
  assertCents('lineCents', item.lineCents);
  assertCents('addOnCents', item.addOnCents);
  assertCents('refundedCents', item.refundedCents);
  const shipping = item.shippingCents ?? 0;
  assertCents('shippingCents', shipping);
  const late = item.lateRefundCents ?? 0;
  assertCents('lateRefundCents', late);
  if (late > shipping) throw new RangeError('A late refund cannot exceed the shipping share');
  return Math.min(Math.max(item.refundedCents - item.lineCents - item.addOnCents, 0), shipping - late);
}

/**
 * The shipping credited to the item's seller: its share of the shop's shipping less what refunds gave back of it. A
 * late parcel's refund comes off it when the seller pays it (they handed the parcel over late); when the marketplace
 * pays it (the carrier was late), the seller's credit is untouched.
 */
export function shippingCreditCents(item: ItemShippingInput): number {
  const late = item.lateRefundPaidBy === 'seller' ? (item.lateRefundCents ?? 0) : 0;
  return (item.shippingCents ?? 0) - shippingRefundedCents(item) - late;
}

/** The item's shipping still to give back for a late parcel: its share less what any refund gave back of it. */
export function lateRefundDueCents(item: ItemShippingInput): number {
  return (item.shippingCents ?? 0) - (item.lateRefundCents ?? 0) - shippingRefundedCents(item);
}

/** One line of a seller's label account: a label bought (negative) or a voided label credited back (positive). */
export interface LabelLedgerEntry {
  id: string;
  amountCents: number;
}

export interface ChargedPayout {
  /** What is transferred after the label lines, never below 0. */
  netCents: number;
  /** The label lines this payout settled, summed (≤ 0 when it took charges, > 0 when only credits came back). */
  labelChargeCents: number;
  settledIds: string[];
}

/**
 * Settles a seller's open label lines against a payout: every credit (a voided label) first, then the charges oldest
 * first, each whole, as long as the payout covers it; what does not fit waits for a later payout. Never below 0.
 */
export function applyLabelLedger(netCents: number, open: readonly LabelLedgerEntry[]): ChargedPayout {
  assertCents('netCents', netCents);
  let remaining = netCents;
  const settledIds: string[] = [];
  for (const entry of open) {
    if (!Number.isSafeInteger(entry.amountCents) || entry.amountCents === 0) throw new RangeError(`label line ${entry.id} must be a non-zero integer`);
    if (entry.amountCents < 0) continue;
    remaining += entry.amountCents;
    settledIds.push(entry.id);
  }
  for (const entry of open) {
    if (entry.amountCents > 0 || -entry.amountCents > remaining) continue;
    remaining += entry.amountCents;
    settledIds.push(entry.id);
  }
  return { netCents: remaining, labelChargeCents: remaining - netCents, settledIds };
}

/** A label as the books count it: what the carrier charged and whether it was voided (credited back). */
export interface LabelFigures {
  chargesCents: number;
  voided: boolean;
}

/** What a shop's labels cost its seller in the end: the labels not voided (a voided one is charged and credited back). */
export function labelsChargedCents(labels: readonly LabelFigures[]): number {
  return labels.reduce((sum, label) => {
    assertCents('chargesCents', label.chargesCents);
    return label.voided ? sum : sum + label.chargesCents;
  }, 0);
}

/** A label line in words, as the earnings page and its CSV say it; `formatDate` writes a date the way the caller does. */
export function describeLabelLine(
  line: { kind: 'label' | 'void_credit'; trackingNumber: string | null; orderId: string; settledAt: Date | null },
  formatDate: (date: Date) => string,
): string {
  const label = line.trackingNumber ? `UPS label ${line.trackingNumber}` : 'UPS label';
  const what = line.kind === 'label' ? `${label} for order #${shortId(line.orderId)}` : `${label} voided, credited back (order #${shortId(line.orderId)})`;
  if (line.settledAt) return `${what}: settled by the payout of ${formatDate(line.settledAt)}`;
  return `${what}: ${line.kind === 'label' ? 'taken from your next payout' : 'added to your next payout'}`;
}
