import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  chatUploadsCountSince,
  hasRoomFor,
  MAX_ADDRESSES_PER_USER,
  MAX_CART_LINES,
  MAX_LISTINGS_PER_SELLER,
  MAX_OPEN_SUPPORT_REQUESTS_PER_USER,
  MAX_PENDING_CHAT_UPLOADS_PER_USER,
  MAX_WISHLIST_ITEMS,
  PENDING_CHAT_UPLOAD_LIFETIME_HOURS,
} from './user-content-limits';

describe('the caps (docs/product/limits.md)', () => {
  it('are 100 cart lines, 200 wishlist entries, 10 open support requests, 20 addresses, 20 unsent chat photos kept 1 day', () => {
    expect([
      MAX_CART_LINES,
      MAX_WISHLIST_ITEMS,
      MAX_OPEN_SUPPORT_REQUESTS_PER_USER,
      MAX_ADDRESSES_PER_USER,
      MAX_PENDING_CHAT_UPLOADS_PER_USER,
      PENDING_CHAT_UPLOAD_LIFETIME_HOURS,
    ]).toEqual([100, 200, 10, 20, 20, 24]);
  });

  it('are 10,000 listings per seller', () => {
    expect(MAX_LISTINGS_PER_SELLER).toBe(10_000);
  });
});

describe('hasRoomFor', () => {
  it.each([
    [0, 1, 20, true],
    [19, 1, 20, true],
    [20, 1, 20, false],
    [17, 4, 20, false],
    [16, 4, 20, true],
    [9, 1, 10, true],
    [10, 1, 10, false],
    [20, 0, 20, true],
  ])('%i kept + %i under %i → %s', (kept, adding, cap, expected) => {
    expect(hasRoomFor(kept, adding, cap)).toBe(expected);
  });

  it('never lets the total pass the cap, and refuses negative additions', () => {
    fc.assert(
      fc.property(fc.nat(1000), fc.integer({ min: -5, max: 1000 }), fc.nat(1000), (kept, adding, cap) => {
        const fits = hasRoomFor(kept, adding, cap);
        if (fits) expect(kept + adding).toBeLessThanOrEqual(cap);
        if (adding < 0) expect(fits).toBe(false);
        if (adding >= 0 && kept + adding <= cap) expect(fits).toBe(true);
      }),
    );
  });
});

describe('chatUploadsCountSince', () => {
  it('is one day before now', () => {
    expect(chatUploadsCountSince(new Date('2026-03-02T12:00:00.000Z')).toISOString()).toBe('2026-03-01T12:00:00.000Z');
  });
});
