import { describe, expect, it } from 'vitest';
import { formatCardNumber, formatExpiry, isExpired, parseExpiry } from './card-input';

describe('card input', () => {
  it('groups card digits in fours and drops anything else', () => {
    expect(formatCardNumber('4242424242424242')).toBe('4242 4242 4242 4242');
    expect(formatCardNumber('4000-0000 0000x0002')).toBe('4000 0000 0000 0002');
    expect(formatCardNumber('1'.repeat(25)).replace(/ /g, '')).toHaveLength(19);
  });

  it('writes the expiry as MM / YY while typing', () => {
    expect(formatExpiry('1')).toBe('1');
    expect(formatExpiry('4')).toBe('04 / ');
    expect(formatExpiry('12')).toBe('12 / ');
    expect(formatExpiry('1228')).toBe('12 / 28');
    expect(formatExpiry('12 /', '12 / ')).toBe('1');
  });

  it('reads MM/YY and knows when it has passed', () => {
    expect(parseExpiry('12 / 28')).toEqual({ month: 12, year: 2028 });
    expect(parseExpiry('13/28')).toBeNull();
    expect(parseExpiry('1/28')).toBeNull();
    const june2026 = new Date(2026, 5, 15);
    expect(isExpired({ month: 5, year: 2026 }, june2026)).toBe(true);
    expect(isExpired({ month: 6, year: 2026 }, june2026)).toBe(false);
    expect(isExpired({ month: 1, year: 2027 }, june2026)).toBe(false);
  });
});
