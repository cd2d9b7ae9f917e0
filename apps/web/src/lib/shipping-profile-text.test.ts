import { describe, expect, it } from 'vitest';
import { handlingText, shippingRateText } from './shipping-profile-text';

describe('a shipping profile in words', () => {
  it('says each way a profile charges', () => {
    expect(shippingRateText({ type: 'flat', first: 4.5, additional: 1 })).toBe('$4.50 first item, $1.00 each additional');
    expect(shippingRateText({ type: 'flat', first: 1250, additional: 0 })).toBe('$1,250.00 first item, additional items free');
    expect(shippingRateText({ type: 'free', minimumItemsTotal: null })).toBe('Free shipping');
    expect(shippingRateText({ type: 'free', minimumItemsTotal: 35 })).toBe('Free from $35.00 (UPS rate below that)');
    expect(shippingRateText({ type: 'calculated', handlingFee: 1.5 })).toBe('UPS Ground rate + $1.50 handling');
    expect(shippingRateText({ type: 'calculated', handlingFee: 0 })).toBe('UPS Ground rate');
  });

  it('says the handling time as a range, one number or the same day', () => {
    expect(handlingText({ min: 1, max: 3 })).toBe('Ships in 1–3 business days');
    expect(handlingText({ min: 0, max: 2 })).toBe('Ships in 0–2 business days');
    expect(handlingText({ min: 1, max: 1 })).toBe('Ships in 1 business day');
    expect(handlingText({ min: 0, max: 0 })).toBe('Ships the same business day');
  });
});
