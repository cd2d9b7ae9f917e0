import { describe, it, expect } from 'vitest';
import fc from 'fast-check';
import { shortId } from './short-id';

describe('shortId', () => {
  it('shows the first 8 characters of a uuid (docs/product/limits.md)', () => {
    expect(shortId('3f2b9c1e-8d4a-4b7e-9f10-2a6c5d8e7b90')).toBe('3f2b9c1e');
  });

  it('leaves ids of 8 characters or fewer as they are', () => {
    expect(shortId('abc')).toBe('abc');
    expect(shortId('12345678')).toBe('12345678');
    expect(shortId('')).toBe('');
  });

  it('is always a prefix of at most 8 characters', () => {
    fc.assert(
      fc.property(fc.string(), (id) => {
        const short = shortId(id);
        expect(short.length).toBe(Math.min(id.length, 8));
        expect(id.startsWith(short)).toBe(true);
      }),
    );
  });
});
