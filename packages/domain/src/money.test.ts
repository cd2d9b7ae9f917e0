import { describe, it, expect } from 'vitest';
import fc from 'fast-check';
import { centsToDollars, dollarsToCents, formatCents, maxCentsAsDollars, parseDollars, percentOfCents } from './money';

const safeCents = fc.integer({ min: Number.MIN_SAFE_INTEGER, max: Number.MAX_SAFE_INTEGER });
const dollarCents = fc.integer({ min: -maxCentsAsDollars, max: maxCentsAsDollars });

/** Rounds numerator / denominator half away from zero, exactly. */
function roundHalfAwayFromZero(numerator: bigint, denominator: bigint): bigint {
  const negative = numerator < 0n;
  const magnitude = negative ? -numerator : numerator;
  const rounded = (magnitude * 2n + denominator) / (denominator * 2n);
  return negative ? -rounded : rounded;
}

describe('formatCents', () => {
  it.each([
    [123450, '$1,234.50'],
    [-1200, '-$12.00'],
    [0, '$0.00'],
    [-0, '$0.00'],
    [5, '$0.05'],
    [-5, '-$0.05'],
    [1999, '$19.99'],
    [100000000, '$1,000,000.00'],
    [Number.MAX_SAFE_INTEGER, '$90,071,992,547,409.91'],
  ])('%i cents → %s', (cents, text) => {
    expect(formatCents(cents)).toBe(text);
  });

  it('rejects amounts that are not whole cents', () => {
    for (const bad of [1.5, Number.NaN, Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY, 2 ** 53]) {
      expect(() => formatCents(bad)).toThrow(RangeError);
    }
  });

  it('reads back through parseDollars for every non-negative amount', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: Number.MAX_SAFE_INTEGER }), (cents) => {
        expect(parseDollars(formatCents(cents))).toBe(cents);
      }),
    );
  });

  it("reads as Intl's en-US currency format, for every amount", () => {
    const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });
    fc.assert(
      fc.property(fc.oneof(safeCents, fc.integer({ min: -1_000_000, max: 1_000_000 })), (cents) => {
        const sign = cents < 0 ? '-' : '';
        const magnitude = Math.abs(cents);
        expect(formatCents(cents)).toBe(
          usd.format(`${sign}${(magnitude - (magnitude % 100)) / 100}.${String(magnitude % 100).padStart(2, '0')}` as `${number}`),
        );
      }),
    );
  });

  it('puts a minus in front of the positive text for negative amounts', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: Number.MAX_SAFE_INTEGER }), (cents) => {
        expect(formatCents(-cents)).toBe(`-${formatCents(cents)}`);
      }),
    );
  });
});

describe('dollarsToCents', () => {
  it.each([
    [19.99, 1999],
    [1.005, 101],
    [0.1 + 0.2, 30],
    [1.015, 102],
    [1.025, 103],
    [8.345, 835],
    [0.005, 1],
    [0.004, 0],
    [-1.005, -101],
    [-0.005, -1],
    [12, 1200],
    [0, 0],
    [1e-7, 0],
    [1234.5, 123450],
  ])('%d dollars → %i cents', (dollars, cents) => {
    expect(dollarsToCents(dollars)).toBe(cents);
  });

  it('never answers -0', () => {
    expect(Object.is(dollarsToCents(-0.004), 0)).toBe(true);
    expect(Object.is(dollarsToCents(-0), 0)).toBe(true);
  });

  it('rejects non-finite amounts and amounts too large for cents', () => {
    for (const bad of [Number.NaN, Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY, 1e14, 1.5e21, -1e300]) {
      expect(() => dollarsToCents(bad)).toThrow(RangeError);
    }
  });

  it('undoes centsToDollars for every amount a dollar number can hold exactly', () => {
    fc.assert(
      fc.property(dollarCents, (cents) => {
        expect(dollarsToCents(centsToDollars(cents))).toBe(cents);
      }),
    );
  });

  it('rounds the decimal as written, half away from zero', () => {
    // Up to 15 significant digits, a decimal survives the trip through a double unchanged,
    // so the expected answer can be worked out exactly on the digits.
    fc.assert(
      fc.property(fc.bigInt({ min: -(10n ** 13n), max: 10n ** 13n }), fc.integer({ min: 0, max: 2 }), (scaled, decimals) => {
        // scaled / 10^(decimals + 1) dollars, written out as a decimal with up to three places
        const power = 10n ** BigInt(decimals + 1);
        const magnitude = scaled < 0n ? -scaled : scaled;
        const fraction = (magnitude % power).toString().padStart(decimals + 1, '0');
        const text = `${scaled < 0n ? '-' : ''}${magnitude / power}.${fraction}`;
        const expected = Number(roundHalfAwayFromZero(scaled * 100n, power));
        expect(dollarsToCents(Number(text))).toBe(expected);
      }),
    );
  });

  it('is symmetric around zero', () => {
    fc.assert(
      fc.property(fc.double({ min: -1e12, max: 1e12, noNaN: true }), (dollars) => {
        expect(dollarsToCents(-dollars) + dollarsToCents(dollars)).toBe(0);
      }),
    );
  });
});

describe('centsToDollars', () => {
  it.each([
    [1999, 19.99],
    [0, 0],
    [5, 0.05],
    [-1200, -12],
    [123450, 1234.5],
  ])('%i cents → %d dollars', (cents, dollars) => {
    expect(centsToDollars(cents)).toBe(dollars);
  });

  it('prints with at most two decimals', () => {
    fc.assert(
      fc.property(dollarCents, (cents) => {
        expect(String(centsToDollars(cents))).toMatch(/^-?\d+(\.\d{1,2})?$/);
      }),
    );
  });

  it('refuses amounts a dollar number cannot hold exactly', () => {
    expect(centsToDollars(maxCentsAsDollars)).toBe(9_999_999_999_999.99);
    expect(() => centsToDollars(maxCentsAsDollars + 1)).toThrow(RangeError);
    expect(() => centsToDollars(12.5)).toThrow(RangeError);
    expect(() => centsToDollars(Number.NaN)).toThrow(RangeError);
  });
});

describe('parseDollars', () => {
  it.each([
    ['1,234.5', 123450],
    ['$12', 1200],
    ['12.34', 1234],
    ['$1,234,567.89', 123456789],
    ['  $ 0.99 ', 99],
    ['.5', 50],
    ['12.', 1200],
    ['0', 0],
    ['007', 700],
  ])('reads %j as %i cents', (text, cents) => {
    expect(parseDollars(text)).toBe(cents);
  });

  it.each([
    '',
    ' ',
    '$',
    '.',
    'abc',
    '12.345',
    '0.001',
    '-12',
    '-$12',
    '$-12',
    '+12',
    '1,23',
    '1234,567',
    '0,123',
    '12,',
    '1e3',
    '12 34',
    '12$',
    '١٢',
    '99999999999999999',
  ])('rejects %j', (text) => {
    expect(parseDollars(text)).toBeNull();
  });

  it('reads back whatever centsToDollars printed', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: maxCentsAsDollars }), (cents) => {
        expect(parseDollars(String(centsToDollars(cents)))).toBe(cents);
      }),
    );
  });

  it('never answers a negative or fractional number of cents', () => {
    fc.assert(
      fc.property(fc.string(), (text) => {
        const cents = parseDollars(text);
        if (cents !== null) {
          expect(Number.isSafeInteger(cents)).toBe(true);
          expect(cents).toBeGreaterThanOrEqual(0);
        }
      }),
    );
  });
});

describe('percentOfCents', () => {
  it.each([
    [10000, 1250, 1250], // 12.5 % of $100.00
    [1999, 1250, 250], // 249.875 → 250
    [100, 25, 0], // 0.25 % of $1.00 = 0.25 cents
    [200, 25, 1], // 0.5 cents rounds up
    [1000, 25, 3], // 2.5 cents rounds up
    [123456, 0, 0],
    [123456, 10000, 123456],
    [-200, 25, -1], // refunds mirror charges
    [0, 1250, 0],
  ])('%i cents at %i basis points → %i', (cents, basisPoints, expected) => {
    expect(percentOfCents(cents, basisPoints)).toBe(expected);
  });

  it('stays exact where cents × basis points passes 2^53', () => {
    expect(percentOfCents(Number.MAX_SAFE_INTEGER, 10000)).toBe(Number.MAX_SAFE_INTEGER);
    expect(percentOfCents(Number.MAX_SAFE_INTEGER, 5000)).toBe(4503599627370496);
  });

  it('rejects rates that are not whole, non-negative basis points, and results past safe cents', () => {
    expect(() => percentOfCents(100, 12.5)).toThrow(RangeError);
    expect(() => percentOfCents(100, -1)).toThrow(RangeError);
    expect(() => percentOfCents(1.5, 100)).toThrow(RangeError);
    expect(() => percentOfCents(Number.MAX_SAFE_INTEGER, 20000)).toThrow(RangeError);
  });

  it('matches exact rounding half up on the amount', () => {
    fc.assert(
      fc.property(fc.integer({ min: -1e12, max: 1e12 }), fc.integer({ min: 0, max: 10000 }), (cents, basisPoints) => {
        const expected = Number(roundHalfAwayFromZero(BigInt(cents) * BigInt(basisPoints), 10000n));
        expect(percentOfCents(cents, basisPoints)).toBe(expected);
        expect(percentOfCents(-cents, basisPoints) + percentOfCents(cents, basisPoints)).toBe(0);
      }),
    );
  });

  it('never takes more than the whole amount at rates up to 100 %', () => {
    fc.assert(
      fc.property(safeCents, fc.integer({ min: 0, max: 10000 }), (cents, basisPoints) => {
        expect(Math.abs(percentOfCents(cents, basisPoints))).toBeLessThanOrEqual(Math.abs(cents));
      }),
    );
  });
});
