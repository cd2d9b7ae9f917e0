// A seller's earnings, item by item (docs/product/payouts.md, "Earnings page" and "Payout on delivery"):
// where the payout of each sold item stands, when payout on delivery pays it, and the words every screen
// and the CSV export use for it. The figures themselves come from payout.ts / item-settlement.ts; this file
// only says where an item is on its way to the seller. Times are passed in.

import { formatCents } from './money';
import type { OrderItemState } from './order-item-state';

/** Where an item's payout stands, in the order a seller usually sees them pass. */
export const EARNING_STATES = ['waiting_for_delivery', 'on_hold', 'scheduled', 'ready', 'processing', 'paid', 'adjusted', 'failed', 'not_payable'] as const;
export type EarningState = (typeof EARNING_STATES)[number];

/** Payout on delivery's delay (the admin's setting): whole days after the carrier reports the item delivered. */
export const PAYOUT_DELAY_DAYS_MIN = 1;
export const PAYOUT_DELAY_DAYS_MAX = 30;
export const PAYOUT_DELAY_DAYS_DEFAULT = 3;

const DAY_MS = 86_400_000;

export interface PayoutSchedule {
  /** On: items are paid automatically `delayDays` after delivery. Off: the admin pays with Process Payout. */
  payoutOnDelivery: boolean;
  delayDays: number;
}

function assertDelayDays(delayDays: number): void {
  if (!Number.isSafeInteger(delayDays) || delayDays < PAYOUT_DELAY_DAYS_MIN || delayDays > PAYOUT_DELAY_DAYS_MAX) {
    throw new RangeError(`delayDays must be a whole number from ${PAYOUT_DELAY_DAYS_MIN} to ${PAYOUT_DELAY_DAYS_MAX}, got ${delayDays}`);
  }
}

/** When payout on delivery pays an item: its delivery time plus the delay, in whole days of 24 hours. */
export function payoutDueAt(deliveredAt: Date, delayDays: number): Date {
  assertDelayDays(delayDays);
  return new Date(deliveredAt.getTime() + delayDays * DAY_MS);
}

/** Items delivered at or before this time are due at `now` (the automatic payout's query reads it). */
export function deliveredDueBefore(now: Date, delayDays: number): Date {
  assertDelayDays(delayDays);
  return new Date(now.getTime() - delayDays * DAY_MS);
}

export interface EarningStateInput {
  itemStatus: OrderItemState;
  deliveredAt: Date | null;
  /** The item's payout row, if one was ever claimed (one per item). */
  payout: { status: 'pending' | 'paid' | 'failed' } | null;
  /** What the item owes back after refunds made once it was paid (≤ 0; 0 when nothing). */
  clawbackCents: number;
  hasOpenDispute: boolean;
  hasOpenReturn: boolean;
  schedule: PayoutSchedule;
}

export interface EarningStatus {
  state: EarningState;
  /** on_hold: what the payout waits for. */
  holdReason: 'dispute' | 'return' | null;
  /** not_payable: refunded in full (or rejected, cancelled) before it was paid. */
  notPayableReason: 'refunded' | null;
  /** scheduled: when payout on delivery pays it. */
  scheduledFor: Date | null;
}

/**
 * Where the item's payout stands. A payout made or under way wins over everything else (the money
 * moved, or is moving); then an item that can no longer be paid; then what holds it (an open dispute or
 * return, as the payout itself refuses); then a payout the provider refused; then delivery and the
 * marketplace's payout mode.
 */
export function earningStatusOf(input: EarningStateInput): EarningStatus {
  const status = (state: EarningState, extra: Partial<EarningStatus> = {}): EarningStatus => ({
    state,
    holdReason: null,
    notPayableReason: null,
    scheduledFor: null,
    ...extra,
  });
  if (input.payout?.status === 'paid') return status(input.clawbackCents < 0 ? 'adjusted' : 'paid');
  if (input.payout?.status === 'pending') return status('processing');
  if (input.itemStatus === 'refunded' || input.itemStatus === 'rejected' || input.itemStatus === 'cancelled')
    return status('not_payable', { notPayableReason: 'refunded' });
  if (input.hasOpenDispute) return status('on_hold', { holdReason: 'dispute' });
  if (input.hasOpenReturn) return status('on_hold', { holdReason: 'return' });
  if (input.payout?.status === 'failed') return status('failed');
  if (!input.deliveredAt) return status('waiting_for_delivery');
  if (input.schedule.payoutOnDelivery) return status('scheduled', { scheduledFor: payoutDueAt(input.deliveredAt, input.schedule.delayDays) });
  return status('ready');
}

export interface EarningStateDetails extends EarningStatus {
  paidAt: Date | null;
  transferId: string | null;
  clawbackCents: number;
}

/**
 * The state in words, as the earnings page and its CSV say it; `formatDate` writes a date the way the
 * caller shows dates (the page in the reader's words, the CSV as YYYY-MM-DD).
 */
export function describeEarningState(details: EarningStateDetails, formatDate: (date: Date) => string): string {
  const paid = () => {
    const on = details.paidAt ? ` on ${formatDate(details.paidAt)}` : '';
    return details.transferId ? `Paid${on} (transfer ${details.transferId})` : `Paid${on} (nothing to transfer)`;
  };
  switch (details.state) {
    case 'waiting_for_delivery':
      return 'Waiting for delivery';
    case 'on_hold':
      return details.holdReason === 'return' ? 'On hold: a return is in progress' : 'On hold: a dispute is open';
    case 'scheduled':
      return details.scheduledFor ? `Scheduled for ${formatDate(details.scheduledFor)}` : 'Scheduled';
    case 'ready':
      return 'Ready: waiting for the marketplace to pay it';
    case 'processing':
      return 'Being paid';
    case 'paid':
      return paid();
    case 'adjusted':
      return `${paid()}; ${formatCents(-details.clawbackCents)} owed back after a refund, deducted from a later payout`;
    case 'failed':
      return 'Payout failed: the marketplace will try again';
    case 'not_payable':
      return 'Not payable: refunded in full';
  }
}

/** A calendar month as `YYYY-MM` (UTC). */
export function monthKeyOf(date: Date): string {
  return `${date.getUTCFullYear()}-${String(date.getUTCMonth() + 1).padStart(2, '0')}`;
}

/** The UTC month `YYYY-MM` as [start, end). */
export function monthRange(month: string): { start: Date; end: Date } {
  const match = /^(\d{4})-(\d{2})$/.exec(month);
  const year = Number(match?.[1]);
  const monthIndex = Number(match?.[2]) - 1;
  if (!match || monthIndex < 0 || monthIndex > 11) throw new RangeError(`month must be YYYY-MM, got ${month}`);
  return { start: new Date(Date.UTC(year, monthIndex, 1)), end: new Date(Date.UTC(year, monthIndex + 1, 1)) };
}

/** The month `now` is in and the one before it (UTC), as the earnings totals compare them. */
export function thisAndLastMonth(now: Date): { thisMonth: string; lastMonth: string } {
  return { thisMonth: monthKeyOf(now), lastMonth: monthKeyOf(new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 1))) };
}
