import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  addShippingDays,
  arrivesByOf,
  formatArrivalRange,
  formatDay,
  isLateDelivery,
  isShippingDay,
  lateRefundPayerOf,
  onTimeRatePercent,
  promiseStateOf,
  shipByOf,
  usFederalHolidays,
} from './delivery-dates';

describe('usFederalHolidays', () => {
  it('lists the eleven days of 2026 as observed', () => {
    expect([...usFederalHolidays(2026)].sort()).toEqual([
      '2026-01-01',
      '2026-01-19',
      '2026-02-16',
      '2026-05-25',
      '2026-06-19',
      // 4 July 2026 is a Saturday: observed on Friday the 3rd.
      '2026-07-03',
      '2026-09-07',
      '2026-10-12',
      '2026-11-11',
      '2026-11-26',
      '2026-12-25',
    ]);
  });

  it('moves a Sunday holiday to the Monday and keeps New Year observed on 31 December in the year before', () => {
    // Juneteenth 2022 was a Sunday; 1 January 2028 is a Saturday.
    expect(usFederalHolidays(2022).has('2022-06-20')).toBe(true);
    expect(usFederalHolidays(2027).has('2027-12-31')).toBe(true);
    expect(isShippingDay('2027-12-31')).toBe(false);
    // Christmas 2027 is a Saturday: observed on Friday the 24th.
    expect(isShippingDay('2027-12-24')).toBe(false);
  });

  it('puts Thanksgiving on the fourth Thursday and Memorial Day on the last Monday', () => {
    expect(usFederalHolidays(2025).has('2025-11-27')).toBe(true);
    expect(usFederalHolidays(2025).has('2025-05-26')).toBe(true);
    expect(usFederalHolidays(2030).has('2030-11-28')).toBe(true);
    expect(usFederalHolidays(2030).has('2030-05-27')).toBe(true);
  });
});

describe('addShippingDays', () => {
  it('skips weekends', () => {
    // Friday 2026-12-11 + 1 = Monday the 14th; + 5 = Friday the 18th.
    expect(addShippingDays('2026-12-11', 1)).toBe('2026-12-14');
    expect(addShippingDays('2026-12-11', 5)).toBe('2026-12-18');
  });

  it('skips holidays: Christmas week 2026', () => {
    // Wednesday 23rd + 2 = Monday 28th (Thursday 24th, then Friday 25th is Christmas, then the weekend).
    expect(addShippingDays('2026-12-23', 2)).toBe('2026-12-28');
    // Thanksgiving: Wednesday 25 November + 1 = Friday the 27th.
    expect(addShippingDays('2026-11-25', 1)).toBe('2026-11-27');
  });

  it('lands on a shipping day even for 0 days from a weekend', () => {
    expect(addShippingDays('2026-12-12', 0)).toBe('2026-12-14');
    expect(addShippingDays('2026-12-14', 0)).toBe('2026-12-14');
  });

  it('refuses what is not a date or a count', () => {
    expect(() => addShippingDays('2026-02-30', 1)).toThrow(RangeError);
    expect(() => addShippingDays('2026-12-01', -1)).toThrow(RangeError);
    expect(() => addShippingDays('2026-12-01', 1.5)).toThrow(RangeError);
  });

  it('always ends on a shipping day, n shipping days later and never before', () => {
    fc.assert(
      fc.property(
        fc.date({ min: new Date('2024-01-01T00:00:00Z'), max: new Date('2031-12-31T00:00:00Z'), noInvalidDate: true }),
        fc.integer({ min: 0, max: 40 }),
        (start, days) => {
          const from = start.toISOString().slice(0, 10);
          const to = addShippingDays(from, days);
          expect(isShippingDay(to)).toBe(true);
          expect(to >= from).toBe(true);
          // Counting the shipping days after `from` up to `to` gives back `days` (or 0 days only moves past rest days).
          let count = 0;
          for (let day = new Date(`${from}T00:00:00Z`); day.toISOString().slice(0, 10) < to; ) {
            day = new Date(day.getTime() + 86_400_000);
            if (isShippingDay(day.toISOString().slice(0, 10))) count += 1;
          }
          expect(count).toBe(days === 0 ? (isShippingDay(from) ? 0 : 1) : days);
        },
      ),
    );
  });
});

describe('arrivesByOf', () => {
  it('is the order day + handling + transit, in New York time', () => {
    // Monday 7 December 2026, 10:00 in New York; handling 1–3 days, 2 days in transit.
    const orderedAt = new Date('2026-12-07T15:00:00Z');
    expect(arrivesByOf(orderedAt, { min: 1, max: 3 }, 2)).toEqual({ earliest: '2026-12-10', latest: '2026-12-14' });
    expect(shipByOf(orderedAt, { min: 1, max: 3 })).toBe('2026-12-10');
  });

  it('takes the order day where the carrier counts: 02:00 UTC on Tuesday is still Monday in New York', () => {
    const late = new Date('2026-12-08T02:00:00Z');
    expect(arrivesByOf(late, { min: 0, max: 0 }, 1)).toEqual({ earliest: '2026-12-08', latest: '2026-12-08' });
  });
});

describe('formatArrivalRange', () => {
  it('writes a range in one month, across months and a single day', () => {
    expect(formatArrivalRange({ earliest: '2026-12-12', latest: '2026-12-16' })).toBe('Dec 12–16');
    expect(formatArrivalRange({ earliest: '2026-12-30', latest: '2027-01-04' })).toBe('Dec 30–Jan 4');
    expect(formatArrivalRange({ earliest: '2026-12-12', latest: '2026-12-12' })).toBe('Dec 12');
  });
});

describe('the promise kept or late', () => {
  it('waits for the delivery, then is kept on or before the last day and late after it', () => {
    expect(promiseStateOf({ deliveredOn: null, arrivesLatest: '2026-12-16' })).toBe('waiting');
    expect(promiseStateOf({ deliveredOn: '2026-12-16', arrivesLatest: '2026-12-16' })).toBe('kept');
    expect(promiseStateOf({ deliveredOn: '2026-12-17', arrivesLatest: '2026-12-16' })).toBe('late');
    expect(() => isLateDelivery('Dec 17', '2026-12-16')).toThrow(RangeError);
  });

  it('charges a late parcel to the seller when the carrier first scanned it after the ship-by day (New York), or never', () => {
    // 2026-12-10 at 23:30 in New York is 04:30 on the 11th in UTC: still the 10th, in time.
    expect(lateRefundPayerOf(new Date('2026-12-11T04:30:00Z'), '2026-12-10')).toBe('marketplace');
    expect(lateRefundPayerOf(new Date('2026-12-11T15:00:00Z'), '2026-12-10')).toBe('seller');
    expect(lateRefundPayerOf(null, '2026-12-10')).toBe('seller');
  });

  it('rates on time as a whole percent, none before any delivery', () => {
    expect(onTimeRatePercent(0, 0)).toBeNull();
    expect(onTimeRatePercent(3, 2)).toBe(66);
    expect(onTimeRatePercent(18, 17)).toBe(94);
    expect(() => onTimeRatePercent(1, 2)).toThrow(RangeError);
  });

  it('writes one day as the promise does', () => {
    expect(formatDay('2026-12-05')).toBe('Dec 5');
  });
});
