import { describe, expect, it } from 'vitest';
import {
  deliveredDueBefore,
  describeEarningState,
  earningStatusOf,
  monthKeyOf,
  monthRange,
  payoutDueAt,
  thisAndLastMonth,
  type EarningStateInput,
} from './earnings';

const DELIVERED = new Date('2025-03-05T14:30:00.000Z');
const MANUAL = { payoutOnDelivery: false, delayDays: 3 };
const ON_DELIVERY = { payoutOnDelivery: true, delayDays: 3 };

function input(overrides: Partial<EarningStateInput> = {}): EarningStateInput {
  return {
    itemStatus: 'delivered',
    deliveredAt: DELIVERED,
    payout: null,
    clawbackCents: 0,
    hasOpenDispute: false,
    hasOpenReturn: false,
    schedule: MANUAL,
    ...overrides,
  };
}

const isoDay = (date: Date) => date.toISOString().slice(0, 10);

describe('payout on delivery dates', () => {
  it('is due the delay in whole days after delivery, to the minute', () => {
    expect(payoutDueAt(DELIVERED, 3).toISOString()).toBe('2025-03-08T14:30:00.000Z');
    expect(payoutDueAt(DELIVERED, 30).toISOString()).toBe('2025-04-04T14:30:00.000Z');
    expect(deliveredDueBefore(new Date('2025-03-08T14:30:00.000Z'), 3).toISOString()).toBe(DELIVERED.toISOString());
  });

  it('refuses a delay outside 1 to 30 whole days', () => {
    for (const days of [0, 31, 2.5, Number.NaN]) {
      expect(() => payoutDueAt(DELIVERED, days)).toThrow(RangeError);
      expect(() => deliveredDueBefore(DELIVERED, days)).toThrow(RangeError);
    }
  });
});

describe('where an item’s payout stands', () => {
  it('waits for delivery until the carrier reports it, whatever the mode', () => {
    for (const itemStatus of ['pending', 'approved', 'shipped'] as const) {
      expect(earningStatusOf(input({ itemStatus, deliveredAt: null })).state).toBe('waiting_for_delivery');
      expect(earningStatusOf(input({ itemStatus, deliveredAt: null, schedule: ON_DELIVERY })).state).toBe('waiting_for_delivery');
    }
    // Refunded in part while still on the way: it waits for delivery too.
    expect(earningStatusOf(input({ itemStatus: 'partially_refunded', deliveredAt: null })).state).toBe('waiting_for_delivery');
  });

  it('is ready for the admin in manual mode, and scheduled for delivery + delay with payout on delivery', () => {
    expect(earningStatusOf(input())).toEqual({ state: 'ready', holdReason: null, notPayableReason: null, scheduledFor: null });
    expect(earningStatusOf(input({ schedule: ON_DELIVERY }))).toEqual({
      state: 'scheduled',
      holdReason: null,
      notPayableReason: null,
      scheduledFor: new Date('2025-03-08T14:30:00.000Z'),
    });
    expect(earningStatusOf(input({ itemStatus: 'partially_refunded', schedule: ON_DELIVERY })).state).toBe('scheduled');
  });

  it('is on hold while a dispute or a return is open, the dispute first', () => {
    expect(earningStatusOf(input({ hasOpenDispute: true, schedule: ON_DELIVERY }))).toMatchObject({
      state: 'on_hold',
      holdReason: 'dispute',
      scheduledFor: null,
    });
    expect(earningStatusOf(input({ hasOpenReturn: true }))).toMatchObject({ state: 'on_hold', holdReason: 'return' });
    expect(earningStatusOf(input({ hasOpenDispute: true, hasOpenReturn: true }))).toMatchObject({ holdReason: 'dispute' });
  });

  it('is paid once the payout went through, adjusted when a later refund took some back, processing while it goes', () => {
    expect(earningStatusOf(input({ payout: { status: 'paid' } })).state).toBe('paid');
    // A dispute opened after the payout does not make a paid item look unpaid.
    expect(earningStatusOf(input({ payout: { status: 'paid' }, hasOpenDispute: true })).state).toBe('paid');
    expect(earningStatusOf(input({ itemStatus: 'partially_refunded', payout: { status: 'paid' }, clawbackCents: -1200 })).state).toBe('adjusted');
    expect(earningStatusOf(input({ itemStatus: 'refunded', payout: { status: 'paid' }, clawbackCents: -8952 })).state).toBe('adjusted');
    expect(earningStatusOf(input({ payout: { status: 'pending' } })).state).toBe('processing');
  });

  it('shows a refused payout as failed, and items that can no longer be paid as not payable', () => {
    expect(earningStatusOf(input({ payout: { status: 'failed' } })).state).toBe('failed');
    expect(earningStatusOf(input({ itemStatus: 'refunded', payout: { status: 'failed' } }))).toMatchObject({
      state: 'not_payable',
      notPayableReason: 'refunded',
    });
    expect(earningStatusOf(input({ itemStatus: 'refunded' }))).toMatchObject({ state: 'not_payable', notPayableReason: 'refunded' });
    // A sale the seller closed (completed) is still paid: the buyer kept the goods.
    expect(earningStatusOf(input({ itemStatus: 'completed' }))).toMatchObject({ state: 'ready', notPayableReason: null });
    expect(earningStatusOf(input({ itemStatus: 'completed', schedule: ON_DELIVERY })).state).toBe('scheduled');
  });
});

describe('the state in words', () => {
  const details = (status: ReturnType<typeof earningStatusOf>, extra: { paidAt?: Date; transferId?: string; clawbackCents?: number } = {}) => ({
    ...status,
    paidAt: extra.paidAt ?? null,
    transferId: extra.transferId ?? null,
    clawbackCents: extra.clawbackCents ?? 0,
  });

  it('says each state with its date, transfer and amount', () => {
    expect(describeEarningState(details(earningStatusOf(input({ deliveredAt: null, itemStatus: 'shipped' }))), isoDay)).toBe('Waiting for delivery');
    expect(describeEarningState(details(earningStatusOf(input({ schedule: ON_DELIVERY }))), isoDay)).toBe('Scheduled for 2025-03-08');
    expect(describeEarningState(details(earningStatusOf(input())), isoDay)).toBe('Ready: waiting for the marketplace to pay it');
    expect(describeEarningState(details(earningStatusOf(input({ hasOpenDispute: true }))), isoDay)).toBe('On hold: a dispute is open');
    expect(describeEarningState(details(earningStatusOf(input({ hasOpenReturn: true }))), isoDay)).toBe('On hold: a return is in progress');
    const paidAt = new Date('2025-03-09T10:00:00.000Z');
    expect(describeEarningState(details(earningStatusOf(input({ payout: { status: 'paid' } })), { paidAt, transferId: 'tr_1' }), isoDay)).toBe(
      'Paid on 2025-03-09 (transfer tr_1)',
    );
    expect(describeEarningState(details(earningStatusOf(input({ payout: { status: 'paid' } })), { paidAt }), isoDay)).toBe(
      'Paid on 2025-03-09 (nothing to transfer)',
    );
    expect(
      describeEarningState(
        details(earningStatusOf(input({ payout: { status: 'paid' }, clawbackCents: -1234 })), { paidAt, transferId: 'tr_1', clawbackCents: -1234 }),
        isoDay,
      ),
    ).toBe('Paid on 2025-03-09 (transfer tr_1); $12.34 owed back after a refund, deducted from a later payout');
    expect(describeEarningState(details(earningStatusOf(input({ payout: { status: 'pending' } }))), isoDay)).toBe('Being paid');
    expect(describeEarningState(details(earningStatusOf(input({ payout: { status: 'failed' } }))), isoDay)).toBe(
      'Payout failed: the marketplace will try again',
    );
    expect(describeEarningState(details(earningStatusOf(input({ itemStatus: 'refunded' }))), isoDay)).toBe('Not payable: refunded in full');
  });
});

describe('months', () => {
  it('reads and writes YYYY-MM in UTC', () => {
    expect(monthKeyOf(new Date('2025-12-31T23:59:59.999Z'))).toBe('2025-12');
    expect(monthRange('2025-12')).toEqual({ start: new Date('2025-12-01T00:00:00.000Z'), end: new Date('2026-01-01T00:00:00.000Z') });
    expect(monthRange('2024-02').end.toISOString()).toBe('2024-03-01T00:00:00.000Z');
    for (const bad of ['2025-13', '2025-00', '2025-1', 'March']) expect(() => monthRange(bad)).toThrow(RangeError);
  });

  it('knows this month and the one before, across a year', () => {
    expect(thisAndLastMonth(new Date('2025-01-15T00:00:00.000Z'))).toEqual({ thisMonth: '2025-01', lastMonth: '2024-12' });
    expect(thisAndLastMonth(new Date('2025-03-01T00:00:00.000Z'))).toEqual({ thisMonth: '2025-03', lastMonth: '2025-02' });
  });
});
