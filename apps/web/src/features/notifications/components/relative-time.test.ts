import { describe, expect, it } from 'vitest';
import { formatExactTime, formatTimeAgo } from './relative-time';

const NOW = new Date('2026-11-27T15:00:00');
const before = (ms: number) => new Date(NOW.getTime() - ms).toISOString();
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

describe('formatTimeAgo', () => {
  it.each([
    [0, 'just now'],
    [59 * 1000, 'just now'],
    [MINUTE, '1 min ago'],
    [5 * MINUTE + 30_000, '5 min ago'],
    [59 * MINUTE, '59 min ago'],
    [HOUR, '1 h ago'],
    [23 * HOUR, '23 h ago'],
    [DAY, 'yesterday'],
    [2 * DAY, '2 days ago'],
    [6 * DAY, '6 days ago'],
    [7 * DAY, 'Nov 20'],
  ])('%i ms ago reads "%s"', (elapsed, text) => {
    expect(formatTimeAgo(before(elapsed), NOW)).toBe(text);
  });

  it('names the year of an earlier year, and counts a clock a little ahead as just now', () => {
    expect(formatTimeAgo('2025-03-04T10:00:00', NOW)).toBe('Mar 4, 2025');
    expect(formatTimeAgo(new Date(NOW.getTime() + 5000).toISOString(), NOW)).toBe('just now');
  });

  it('says nothing for a date it cannot read', () => {
    expect(formatTimeAgo('not a date', NOW)).toBe('');
    expect(formatExactTime('not a date')).toBe('');
  });

  it('gives the exact moment for the tooltip', () => {
    expect(formatExactTime('2026-11-03T15:04:00')).toBe('Tue, Nov 3, 2026, 3:04 PM');
  });
});
