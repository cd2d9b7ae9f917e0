import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { normalisePhone, normaliseUsCountry, normaliseUsPostalCode, normaliseUsState, stateOfPostalCode, usStates } from './us-address';

describe('normaliseUsState', () => {
  it.each([
    ['CA', 'CA'],
    ['ca', 'CA'],
    [' ny ', 'NY'],
    ['California', 'CA'],
    ['new york', 'NY'],
    ['New-Hampshire', 'NH'],
    ['District of Columbia', 'DC'],
    ['Washington DC', 'DC'],
    ['pr', 'PR'],
    ['AE', 'AE'],
    ['Tex.', null],
    ['XX', null],
    ['Ontario', null],
    ['', null],
  ])('%j → %j', (input, expected) => {
    expect(normaliseUsState(input)).toBe(expected);
  });

  it('reads every listed code and name back to its code', () => {
    for (const { code, name } of usStates) {
      expect(normaliseUsState(code)).toBe(code);
      expect(normaliseUsState(name.toUpperCase())).toBe(code);
    }
    expect(usStates).toHaveLength(59);
  });

  it('lists the states in the order a reader expects (as the locale-aware comparison puts them)', () => {
    const names = usStates.map((state) => state.name);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, 'en-US')));
    expect(names.slice(0, 3)).toEqual(['Alabama', 'Alaska', 'American Samoa']);
  });
});

describe('normaliseUsPostalCode', () => {
  it.each([
    ['94107', '94107'],
    [' 94107 ', '94107'],
    ['94107-1234', '94107-1234'],
    ['94107 1234', '94107-1234'],
    ['941071234', '94107-1234'],
    ['9410', null],
    ['941077', null],
    ['94107-12', null],
    ['SW1A 1AA', null],
  ])('%j → %j', (input, expected) => {
    expect(normaliseUsPostalCode(input)).toBe(expected);
  });

  it('accepts any 5 digits and keeps them', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 99_999 }), (value) => {
        const zip = String(value).padStart(5, '0');
        expect(normaliseUsPostalCode(zip)).toBe(zip);
      }),
    );
  });
});

describe('normaliseUsCountry', () => {
  it.each([
    ['US', 'US'],
    ['usa', 'US'],
    ['U.S.A.', 'US'],
    ['United States', 'US'],
    ['Canada', null],
    ['GB', null],
  ])('%j → %j', (input, expected) => {
    expect(normaliseUsCountry(input)).toBe(expected);
  });
});

describe('normalisePhone', () => {
  it.each([
    ['(415) 555-0100', '(415) 555-0100'],
    ['+1 415 555 0100', '+1 415 555 0100'],
    ['415.555.0100', '415.555.0100'],
    ['  555-0100 ', '555-0100'],
    ['12345', null],
    ['call me', null],
    ['+1 (415) 555-0100 ext 2', null],
    ['1234567890123456', null],
  ])('%j → %j', (input, expected) => {
    expect(normalisePhone(input)).toBe(expected);
  });
});

describe('stateOfPostalCode', () => {
  it.each([
    ['94107', 'CA'],
    ['10001', 'NY'],
    ['02139', 'MA'],
    ['60614-1234', 'IL'],
    ['33101', 'FL'],
    ['34002', 'AA'],
    ['88510', 'TX'],
    ['99501', 'AK'],
    ['20500', 'DC'],
  ])('%s is in %s', (zip, state) => {
    expect(stateOfPostalCode(zip)).toBe(state);
  });

  it('answers null for a prefix USPS does not use, or no ZIP code', () => {
    expect(stateOfPostalCode('00100')).toBeNull();
    expect(stateOfPostalCode('71500')).toBeNull();
    expect(stateOfPostalCode('hello')).toBeNull();
  });
});
