import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isValidUpsTrackingNumber, makeUpsTrackingNumber, upsCheckDigit } from './ups-tracking-number';

const ALPHANUMERIC = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ'.split('');
const DIGITS = '0123456789'.split('');
const alphanumeric = (length: number) => fc.array(fc.constantFrom(...ALPHANUMERIC), { minLength: length, maxLength: length }).map((chars) => chars.join(''));
const digits = (length: number) => fc.array(fc.constantFrom(...DIGITS), { minLength: length, maxLength: length }).map((chars) => chars.join(''));
const parts = fc.record({ shipperNumber: alphanumeric(6), serviceCode: alphanumeric(2), packageNumber: digits(7) });

describe('upsCheckDigit', () => {
  it("computes UPS's published example 1Z 999AA1 01 2345678 → 4", () => {
    expect(upsCheckDigit('999AA1012345678')).toBe('4');
  });

  it('rejects bodies that are not 15 upper-case letters or digits', () => {
    for (const bad of ['', '999AA101234567', '999AA10123456789', '999aa1012345678', '999AA101234567-']) {
      expect(() => upsCheckDigit(bad)).toThrow(RangeError);
    }
  });
});

describe('isValidUpsTrackingNumber', () => {
  const example = '1Z999AA10123456784';

  it('accepts 1Z999AA10123456784', () => {
    expect(isValidUpsTrackingNumber(example)).toBe(true);
  });

  it('refuses every other check digit', () => {
    for (const digit of DIGITS.filter((d) => d !== '4')) expect(isValidUpsTrackingNumber(`${example.slice(0, 17)}${digit}`)).toBe(false);
  });

  it('refuses the example with any one character of the number changed to its neighbouring digit', () => {
    // A change by ±1 moves the sum by 1 or 2 (mod 10 never 0), so the check always sees it.
    for (let index = 2; index < 17; index += 1) {
      const original = example.charAt(index);
      const value = /\d/.test(original) ? Number(original) : (original.charCodeAt(0) - 63) % 10;
      for (const replacement of [String((value + 1) % 10), String((value + 9) % 10)]) {
        const changed = `${example.slice(0, index)}${replacement}${example.slice(index + 1)}`;
        expect(isValidUpsTrackingNumber(changed), changed).toBe(false);
      }
    }
  });

  it('refuses a changed prefix, a wrong length, lower case and spaces', () => {
    for (const bad of [
      '2Z999AA10123456784',
      '1Y999AA10123456784',
      '1Z999AA1012345678',
      '1Z999AA101234567840',
      '1z999aa10123456784',
      '1Z 999AA1 0123456784',
      '',
    ]) {
      expect(isValidUpsTrackingNumber(bad)).toBe(false);
    }
  });
});

describe('makeUpsTrackingNumber', () => {
  it('rebuilds the example from its parts', () => {
    expect(makeUpsTrackingNumber({ shipperNumber: '999AA1', serviceCode: '01', packageNumber: '2345678' })).toBe('1Z999AA10123456784');
    expect(makeUpsTrackingNumber({ shipperNumber: '999aa1', serviceCode: '01', packageNumber: '2345678' })).toBe('1Z999AA10123456784');
  });

  it('rejects parts of the wrong shape', () => {
    expect(() => makeUpsTrackingNumber({ shipperNumber: '999AA', serviceCode: '03', packageNumber: '2345678' })).toThrow(RangeError);
    expect(() => makeUpsTrackingNumber({ shipperNumber: '999AA1', serviceCode: '3', packageNumber: '2345678' })).toThrow(RangeError);
    expect(() => makeUpsTrackingNumber({ shipperNumber: '999AA1', serviceCode: '03', packageNumber: '234567A' })).toThrow(RangeError);
  });

  it('always makes an 18-character number that validates and keeps its parts in place', () => {
    fc.assert(
      fc.property(parts, (input) => {
        const trackingNumber = makeUpsTrackingNumber(input);
        expect(trackingNumber).toHaveLength(18);
        expect(isValidUpsTrackingNumber(trackingNumber)).toBe(true);
        expect(trackingNumber.slice(2, 8)).toBe(input.shipperNumber);
        expect(trackingNumber.slice(8, 10)).toBe(input.serviceCode);
        expect(trackingNumber.slice(10, 17)).toBe(input.packageNumber);
      }),
    );
  });

  it('has exactly one valid check digit for every body', () => {
    fc.assert(
      fc.property(parts, (input) => {
        const body = makeUpsTrackingNumber(input).slice(0, 17);
        expect(DIGITS.filter((digit) => isValidUpsTrackingNumber(`${body}${digit}`))).toHaveLength(1);
      }),
    );
  });

  it('notices a change of any single digit of the package number by anything but 5', () => {
    fc.assert(
      fc.property(parts, fc.integer({ min: 0, max: 6 }), fc.integer({ min: 1, max: 9 }), (input, position, delta) => {
        fc.pre(delta !== 5);
        const trackingNumber = makeUpsTrackingNumber(input);
        const index = 10 + position;
        const changedDigit = String((Number(trackingNumber.charAt(index)) + delta) % 10);
        const changed = `${trackingNumber.slice(0, index)}${changedDigit}${trackingNumber.slice(index + 1)}`;
        expect(isValidUpsTrackingNumber(changed)).toBe(false);
      }),
    );
  });
});
