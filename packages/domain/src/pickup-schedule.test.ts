import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  DEFAULT_CLOSE_TIME,
  DEFAULT_READY_TIME,
  calendarDateIn,
  checkPickupWindow,
  earliestPickupDate,
  isBusinessDay,
  isCalendarDate,
  isValidPickupDate,
  isValidTime,
  toUpsPickupDate,
  toUpsTime,
} from './pickup-schedule';

const at = (iso: string) => new Date(iso);
// Any instant between 2000 and 2100.
const instant = fc.integer({ min: Date.UTC(2000, 0, 1), max: Date.UTC(2100, 0, 1) }).map((ms) => new Date(ms));

describe('earliestPickupDate', () => {
  it.each([
    ['Sunday', '2026-11-22T15:00:00Z', '2026-11-23'],
    ['Wednesday', '2026-11-18T15:00:00Z', '2026-11-19'],
    ['Thursday', '2026-11-19T15:00:00Z', '2026-11-20'],
    ['Friday', '2026-11-20T15:00:00Z', '2026-11-23'],
    ['Saturday', '2026-11-21T15:00:00Z', '2026-11-23'],
  ])('on a %s it is the next business day', (_day, now, expected) => {
    expect(earliestPickupDate(at(now))).toBe(expected);
  });

  it("counts from the seller's day in New York, not UTC's", () => {
    // 03:00 UTC on Thursday is still Wednesday evening in New York.
    expect(earliestPickupDate(at('2026-11-19T03:00:00Z'))).toBe('2026-11-19');
    expect(earliestPickupDate(at('2026-11-19T03:00:00Z'), 'UTC')).toBe('2026-11-20');
    expect(calendarDateIn(at('2026-11-19T03:00:00Z'))).toBe('2026-11-18');
  });

  it('is always a business day one to three days after today', () => {
    fc.assert(
      fc.property(instant, (now) => {
        const today = calendarDateIn(now);
        const earliest = earliestPickupDate(now);
        expect(isBusinessDay(earliest)).toBe(true);
        const days = (Date.parse(earliest) - Date.parse(today)) / 86_400_000;
        expect(days).toBeGreaterThanOrEqual(1);
        expect(days).toBeLessThanOrEqual(3);
        expect(isValidPickupDate(earliest, now)).toBe(true);
      }),
    );
  });
});

describe('isValidPickupDate', () => {
  const now = at('2026-11-22T15:00:00Z');

  it('accepts business days from the earliest date on', () => {
    expect(isValidPickupDate('2026-11-23', now)).toBe(true);
    expect(isValidPickupDate('2027-01-04', now)).toBe(true);
  });

  it('refuses today, the past, weekends and malformed dates', () => {
    for (const date of ['2026-11-22', '2026-11-20', '2026-11-28', '2026-11-29', '20261123', '2026-11-31', '2026-02-29', '']) {
      expect(isValidPickupDate(date, now), date).toBe(false);
    }
  });
});

describe('UPS formats', () => {
  it('sends the date without dashes and the times as hhmm00', () => {
    expect(toUpsPickupDate('2026-11-23')).toBe('20261123');
    expect(toUpsTime('09:00')).toBe('090000');
    expect(toUpsTime('17:00')).toBe('170000');
    expect(toUpsTime('23:59')).toBe('235900');
  });

  it('refuses malformed input', () => {
    for (const bad of ['2026-11-31', '2026/11/23', '']) expect(() => toUpsPickupDate(bad)).toThrow(RangeError);
    for (const bad of ['9:00', '24:00', '12:60', '0900', '']) expect(() => toUpsTime(bad)).toThrow(RangeError);
  });

  it('round-trips every calendar date and time', () => {
    fc.assert(
      fc.property(instant, (date) => {
        const iso = date.toISOString().slice(0, 10);
        expect(isCalendarDate(iso)).toBe(true);
        const ups = toUpsPickupDate(iso);
        expect(ups).toMatch(/^\d{8}$/);
        expect(`${ups.slice(0, 4)}-${ups.slice(4, 6)}-${ups.slice(6)}`).toBe(iso);
      }),
    );
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 23 }), fc.integer({ min: 0, max: 59 }), (hours, minutes) => {
        const time = `${String(hours).padStart(2, '0')}:${String(minutes).padStart(2, '0')}`;
        expect(isValidTime(time)).toBe(true);
        expect(toUpsTime(time)).toBe(`${time.replace(':', '')}00`);
      }),
    );
  });
});

describe('checkPickupWindow', () => {
  const now = at('2026-11-22T15:00:00Z');

  it('defaults the times to 09:00–17:00', () => {
    expect(DEFAULT_READY_TIME).toBe('09:00');
    expect(DEFAULT_CLOSE_TIME).toBe('17:00');
    expect(checkPickupWindow({ pickupDate: '2026-11-23' }, now)).toEqual({
      ok: true,
      value: { pickupDate: '2026-11-23', readyTime: '09:00', closeTime: '17:00' },
    });
    expect(checkPickupWindow({ pickupDate: '2026-11-23', readyTime: '', closeTime: null }, now)).toMatchObject({ ok: true });
  });

  it.each([
    [{}, 'pickupDate', 'Pickup date is required.'],
    [{ pickupDate: '2026-13-01' }, 'pickupDate', 'Pickup date must be a valid date (YYYY-MM-DD).'],
    [{ pickupDate: '2026-11-22' }, 'pickupDate', 'Pickup must be scheduled at least 1 day in advance: the earliest pickup date is 2026-11-23.'],
    [{ pickupDate: '2026-11-28' }, 'pickupDate', 'Pickup date must be a business day (Monday to Friday).'],
    [{ pickupDate: '2026-11-23', readyTime: '9am' }, 'readyTime', 'Ready time must be a time as HH:MM (24-hour).'],
    [{ pickupDate: '2026-11-23', closeTime: '25:00' }, 'closeTime', 'Close time must be a time as HH:MM (24-hour).'],
    [{ pickupDate: '2026-11-23', readyTime: '17:00', closeTime: '09:00' }, 'closeTime', 'Close time must be after the ready time.'],
    [{ pickupDate: '2026-11-23', readyTime: '12:00', closeTime: '12:00' }, 'closeTime', 'Close time must be after the ready time.'],
  ])('refuses %o', (input, field, message) => {
    expect(checkPickupWindow(input, now)).toEqual({ ok: false, field, message });
  });
});
