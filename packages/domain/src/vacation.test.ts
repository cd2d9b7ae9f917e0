import { describe, expect, it } from 'vitest';
import { awayMessage, calendarDateLabel, isAway, vacationUntilProblem } from './vacation';

// 2026-12-07 at 03:00 UTC is still Dec 6 in New York.
const lateEveningInNewYork = new Date('2026-12-07T03:00:00Z');

describe('a shop’s vacation', () => {
  it('is away until the first minute of its last day in New York', () => {
    expect(isAway('2026-12-07', lateEveningInNewYork)).toBe(true);
    expect(isAway('2026-12-07', new Date('2026-12-07T05:00:00Z'))).toBe(false);
    expect(isAway(null, lateEveningInNewYork)).toBe(false);
  });

  it('must end after today and within a year', () => {
    expect(vacationUntilProblem('2026-12-07', lateEveningInNewYork)).toBeNull();
    expect(vacationUntilProblem('2026-12-06', lateEveningInNewYork)).toMatch(/after today/);
    expect(vacationUntilProblem('2027-12-06', lateEveningInNewYork)).toBeNull();
    expect(vacationUntilProblem('2027-12-07', lateEveningInNewYork)).toMatch(/365 days/);
    expect(vacationUntilProblem('2026-02-30', lateEveningInNewYork)).toMatch(/Choose the date/);
  });

  it('names its date as the pages do', () => {
    expect(calendarDateLabel('2026-12-20')).toBe('Dec 20, 2026');
    expect(awayMessage('2027-01-05')).toBe('This shop is away until Jan 5, 2027');
  });
});
