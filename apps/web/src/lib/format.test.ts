import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { formatDate, formatMonthYear, formatShortDate } from './format';

// The dates are written by hand; they must read exactly as Intl's en-US formats wrote them, in the same
// (the runtime's own) time zone.
const intl = (options: Intl.DateTimeFormatOptions) => new Intl.DateTimeFormat('en-US', options);
const instants = fc
  .date({ min: new Date('1970-01-01T00:00:00Z'), max: new Date('2200-12-31T23:59:59Z'), noInvalidDate: true })
  .map((date) => date.toISOString());

// Node reads TZ afresh for each date it converts, so each zone below is the runtime's own while its tests run.
const originalZone = process.env.TZ;
afterAll(() => {
  if (originalZone === undefined) delete process.env.TZ;
  else process.env.TZ = originalZone;
});

describe.each(['UTC', 'America/Los_Angeles', 'Pacific/Chatham'])('dates written by hand, in %s', (zone) => {
  process.env.TZ = zone;
  beforeEach(() => {
    process.env.TZ = zone;
  });

  it('runs in that zone', () => {
    expect(new Intl.DateTimeFormat('en-US').resolvedOptions().timeZone).toBe(zone);
  });

  it('formatDate reads "Nov 22, 2025", as Intl writes it', () => {
    expect(formatDate('2025-11-22T12:00:00')).toBe('Nov 22, 2025');
    const format = intl({ year: 'numeric', month: 'short', day: 'numeric' });
    fc.assert(fc.property(instants, (iso) => formatDate(iso) === format.format(new Date(iso))));
  });

  it('formatMonthYear reads "November 2025", as Intl writes it', () => {
    expect(formatMonthYear('2025-11-22T12:00:00')).toBe('November 2025');
    const format = intl({ month: 'long', year: 'numeric' });
    fc.assert(fc.property(instants, (iso) => formatMonthYear(iso) === format.format(new Date(iso))));
  });

  it('formatShortDate leaves the year out within the current one', () => {
    const now = new Date('2026-06-15T12:00:00');
    expect(formatShortDate('2026-11-03T12:00:00', now)).toBe('Nov 3');
    expect(formatShortDate('2024-11-03T12:00:00', now)).toBe('Nov 3, 2024');
    const short = intl({ month: 'short', day: 'numeric' });
    fc.assert(fc.property(instants, (iso) => formatShortDate(iso, new Date(iso)) === short.format(new Date(iso))));
  });

  it('refuses what is not a date, as Intl did', () => {
    for (const format of [formatDate, formatMonthYear, formatShortDate]) expect(() => format('not a date')).toThrow(RangeError);
  });
});
