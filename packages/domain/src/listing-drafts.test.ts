import { describe, expect, it } from 'vitest';
import { isDraftListing } from './listing-drafts';

describe('isDraftListing', () => {
  it('is a draft only when hidden and without a cover photo', () => {
    expect(isDraftListing({ status: 'hidden', image: null })).toBe(true);
    expect(isDraftListing({ status: 'hidden', image: undefined })).toBe(true);
    // Hidden with a photo: the marketplace hid it.
    expect(isDraftListing({ status: 'hidden', image: { url: '/uploads/a.webp' } })).toBe(false);
    // Live listings are never drafts, even an older one without a photo.
    expect(isDraftListing({ status: 'active', image: null })).toBe(false);
    expect(isDraftListing({ status: 'active', image: { url: '/uploads/a.webp' } })).toBe(false);
  });
});
