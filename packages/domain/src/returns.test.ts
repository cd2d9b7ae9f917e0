import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  DEFAULT_RETURN_WINDOW_DAYS,
  MAX_RESTOCKING_FEE_BASIS_POINTS,
  isOpenReturn,
  isReturnRefundDue,
  isWithinReturnWindow,
  percentToBasisPoints,
  restockingFeeCents,
  returnActions,
  returnRefund,
  returnRefundDueAt,
  returnStatusFromTracking,
  returnWindowEndsAt,
} from './returns';

const DAY = 24 * 60 * 60 * 1000;

describe('restockingFeeCents', () => {
  it('is a percentage of the line total, rounded half up to a cent', () => {
    expect(restockingFeeCents(10_000, 1_500)).toBe(1_500);
    // 15 % of $33.33 = 499.95 cents → 500.
    expect(restockingFeeCents(3_333, 1_500)).toBe(500);
    // 12.5 % of 3 cents = 0.375 → 0; of 4 cents = 0.5 → 1 (half up).
    expect(restockingFeeCents(3, 1_250)).toBe(0);
    expect(restockingFeeCents(4, 1_250)).toBe(1);
    expect(restockingFeeCents(12_345, 0)).toBe(0);
  });

  it('refuses fees outside 0–50 % and amounts that are not cents', () => {
    expect(() => restockingFeeCents(1_000, MAX_RESTOCKING_FEE_BASIS_POINTS + 1)).toThrow(RangeError);
    expect(() => restockingFeeCents(1_000, -1)).toThrow(RangeError);
    expect(() => restockingFeeCents(10.5, 100)).toThrow(RangeError);
  });

  it('equals the exact half-up rounding of line × rate for any line and rate', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 100_000_000 }), fc.integer({ min: 0, max: MAX_RESTOCKING_FEE_BASIS_POINTS }), (line, rate) => {
        const exact = BigInt(line) * BigInt(rate);
        const expected = Number((exact * 2n + 10_000n) / 20_000n);
        expect(restockingFeeCents(line, rate)).toBe(expected);
        expect(restockingFeeCents(line, rate)).toBeLessThanOrEqual(Math.ceil(line / 2));
      }),
    );
  });
});

describe('returnRefund', () => {
  it('gives back everything still refundable, less the fee on the line', () => {
    // A $120 line with $8.40 shipping share, 10 % fee: $128.40 − $12.00.
    expect(returnRefund({ remainingRefundableCents: 12_840, lineTotalCents: 12_000, restockingFeeBasisPoints: 1_000 })).toEqual({
      restockingFeeCents: 1_200,
      refundCents: 11_640,
    });
    // No fee: the whole refundable amount.
    expect(returnRefund({ remainingRefundableCents: 12_840, lineTotalCents: 12_000, restockingFeeBasisPoints: 0 })).toEqual({
      restockingFeeCents: 0,
      refundCents: 12_840,
    });
  });

  it('never goes below 0 when earlier refunds left less than the fee', () => {
    expect(returnRefund({ remainingRefundableCents: 500, lineTotalCents: 12_000, restockingFeeBasisPoints: 1_000 })).toEqual({
      restockingFeeCents: 1_200,
      refundCents: 0,
    });
  });

  it('refund plus what the seller keeps never exceeds what was still refundable, and the refund only shrinks as the fee grows', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 10_000_000 }),
        fc.integer({ min: 0, max: 10_000_000 }),
        fc.integer({ min: 0, max: MAX_RESTOCKING_FEE_BASIS_POINTS }),
        fc.integer({ min: 0, max: MAX_RESTOCKING_FEE_BASIS_POINTS }),
        (remaining, line, rateA, rateB) => {
          const [low, high] = rateA <= rateB ? [rateA, rateB] : [rateB, rateA];
          const atLow = returnRefund({ remainingRefundableCents: remaining, lineTotalCents: line, restockingFeeBasisPoints: low });
          const atHigh = returnRefund({ remainingRefundableCents: remaining, lineTotalCents: line, restockingFeeBasisPoints: high });
          expect(Number.isSafeInteger(atLow.refundCents)).toBe(true);
          expect(atLow.refundCents).toBeGreaterThanOrEqual(0);
          expect(atLow.refundCents).toBeLessThanOrEqual(remaining);
          expect(atLow.refundCents).toBe(Math.max(remaining - atLow.restockingFeeCents, 0));
          expect(atHigh.refundCents).toBeLessThanOrEqual(atLow.refundCents);
        },
      ),
    );
  });
});

describe('the return window', () => {
  const deliveredAt = new Date('2026-03-01T15:00:00Z');

  it('ends the chosen number of days after delivery, 30 by default, its last instant included', () => {
    expect(returnWindowEndsAt(deliveredAt, DEFAULT_RETURN_WINDOW_DAYS).toISOString()).toBe('2026-03-31T15:00:00.000Z');
    expect(isWithinReturnWindow(deliveredAt, 30, new Date('2026-03-31T15:00:00Z'))).toBe(true);
    expect(isWithinReturnWindow(deliveredAt, 30, new Date('2026-03-31T15:00:00.001Z'))).toBe(false);
  });

  it('is closed from the start for a seller who takes no returns (0 days)', () => {
    expect(isWithinReturnWindow(deliveredAt, 0, deliveredAt)).toBe(false);
  });

  it('is open exactly up to windowDays × 24 h after delivery', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 365 }), fc.integer({ min: 0, max: 400 * DAY }), (days, elapsed) => {
        expect(isWithinReturnWindow(deliveredAt, days, new Date(deliveredAt.getTime() + elapsed))).toBe(elapsed <= days * DAY);
      }),
    );
  });
});

describe('returnActions and open returns', () => {
  it('lets the seller decide only a request, and the buyer cancel only before the parcel moves', () => {
    expect(returnActions({ status: 'requested', hasLabel: false, role: 'seller' })).toMatchObject({
      accept: true,
      refuse: true,
      cancel: false,
      printLabel: false,
    });
    expect(returnActions({ status: 'requested', hasLabel: false, role: 'buyer' })).toMatchObject({ accept: false, refuse: false, cancel: true });
    expect(returnActions({ status: 'accepted', hasLabel: true, role: 'buyer' })).toMatchObject({ cancel: true, printLabel: true, track: true });
    expect(returnActions({ status: 'in_transit', hasLabel: true, role: 'buyer' })).toMatchObject({ cancel: false, printLabel: true });
    expect(returnActions({ status: 'cancelled', hasLabel: true, role: 'buyer' })).toMatchObject({ cancel: false, printLabel: false, track: false });
    expect(returnActions({ status: 'accepted', hasLabel: true, role: 'admin' })).toMatchObject({ accept: false, printLabel: false });
  });

  it('counts requested, accepted, in transit and delivered-but-not-refunded as in progress', () => {
    expect(['requested', 'accepted', 'in_transit', 'delivered'].every((status) => isOpenReturn(status as never))).toBe(true);
    expect(['refused', 'refunded', 'cancelled'].some((status) => isOpenReturn(status as never))).toBe(false);
  });

  it('reads percentages with up to 2 decimals as basis points', () => {
    expect(percentToBasisPoints(12.5)).toBe(1_250);
    expect(percentToBasisPoints(0.01)).toBe(1);
    expect(() => percentToBasisPoints(1.001)).toThrow(RangeError);
  });
});

describe('returnStatusFromTracking', () => {
  it('moves a labelled return on with the parcel and never back', () => {
    expect(returnStatusFromTracking('accepted', 'created')).toBe('accepted');
    expect(returnStatusFromTracking('accepted', 'pickup_scheduled')).toBe('accepted');
    expect(returnStatusFromTracking('accepted', 'shipped')).toBe('in_transit');
    expect(returnStatusFromTracking('accepted', 'out_for_delivery')).toBe('in_transit');
    expect(returnStatusFromTracking('in_transit', 'created')).toBe('in_transit');
    expect(returnStatusFromTracking('in_transit', 'exception')).toBe('in_transit');
    expect(returnStatusFromTracking('in_transit', 'delivered')).toBe('delivered');
    expect(returnStatusFromTracking('accepted', 'delivered')).toBe('delivered');
  });
});

describe('the refund of a return back with the seller', () => {
  const deliveredAt = new Date('2026-03-09T15:00:00.000Z');
  const back = { status: 'delivered' as const, deliveredAt, inspectionDays: 3, conditionConfirmedAt: null };

  it('is due on the seller’s confirmation, or once the days to check it are over to the millisecond', () => {
    expect(returnRefundDueAt(deliveredAt, 3).toISOString()).toBe('2026-03-12T15:00:00.000Z');
    expect(isReturnRefundDue(back, new Date('2026-03-12T14:59:59.999Z'))).toBe(false);
    expect(isReturnRefundDue(back, new Date('2026-03-12T15:00:00.000Z'))).toBe(true);
    expect(isReturnRefundDue({ ...back, conditionConfirmedAt: new Date('2026-03-09T16:00:00.000Z') }, new Date('2026-03-09T16:00:00.000Z'))).toBe(true);
  });

  it('is never due for a return not back yet, or already refunded', () => {
    const later = new Date('2027-01-01T00:00:00.000Z');
    expect(isReturnRefundDue({ ...back, status: 'in_transit' }, later)).toBe(false);
    expect(isReturnRefundDue({ ...back, status: 'refunded', conditionConfirmedAt: deliveredAt }, later)).toBe(false);
    expect(isReturnRefundDue({ ...back, deliveredAt: null }, later)).toBe(false);
  });

  it('takes 1 to 14 whole days', () => {
    expect(() => returnRefundDueAt(deliveredAt, 0)).toThrow(RangeError);
    expect(() => returnRefundDueAt(deliveredAt, 15)).toThrow(RangeError);
    expect(() => returnRefundDueAt(deliveredAt, 2.5)).toThrow(RangeError);
  });

  it('lets only the seller confirm, and only once it is back', () => {
    expect(returnActions({ status: 'delivered', hasLabel: false, role: 'seller' }).confirm).toBe(true);
    expect(returnActions({ status: 'delivered', hasLabel: false, role: 'buyer' }).confirm).toBe(false);
    expect(returnActions({ status: 'in_transit', hasLabel: true, role: 'seller' }).confirm).toBe(false);
  });
});
