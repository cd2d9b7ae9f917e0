import { describe, expect, it } from 'vitest';
import { needsCarrierRate, parcelWeightOunces, shopHandlingDays, shopShippingCents, STANDARD_SHIPPING_CENTS, type ShippingGroup } from './shipping-profiles';

const flat = (firstCents: number, additionalCents: number, units: number): ShippingGroup => ({
  rate: { type: 'flat', firstCents, additionalCents },
  units,
  carrierCents: null,
});

describe('shopShippingCents', () => {
  it('flat: the first unit, then each unit after it', () => {
    expect(shopShippingCents([flat(450, 100, 1)], 1000)).toBe(450);
    expect(shopShippingCents([flat(450, 100, 3)], 1000)).toBe(650);
  });

  it('several flat profiles in one shop: the highest first price once, every other unit its additional price', () => {
    // A pan (first $12, additional $6) and two mugs (first $5, additional $2): $12 + 2 × $2.
    expect(shopShippingCents([flat(500, 200, 2), flat(1200, 600, 1)], 9000)).toBe(1200 + 2 * 200);
  });

  it('free: nothing, or from its minimum only, with the carrier rate below it', () => {
    const free = (minimumItemsTotalCents: number | null, carrierCents: number | null): ShippingGroup => ({
      rate: { type: 'free', minimumItemsTotalCents },
      units: 2,
      carrierCents,
    });
    expect(shopShippingCents([free(null, null)], 100)).toBe(0);
    expect(shopShippingCents([free(3500, 910)], 3500)).toBe(0);
    expect(shopShippingCents([free(3500, 910)], 3499)).toBe(910);
    expect(shopShippingCents([free(3500, null)], 3499)).toBeNull();
  });

  it('calculated: the carrier rate plus the handling fee, unknown without a destination', () => {
    const calculated = (carrierCents: number | null): ShippingGroup => ({ rate: { type: 'calculated', handlingFeeCents: 150 }, units: 1, carrierCents });
    expect(shopShippingCents([calculated(1075)], 100)).toBe(1225);
    expect(shopShippingCents([calculated(null)], 100)).toBeNull();
    expect(shopShippingCents([calculated(1075), flat(300, 0, 1)], 100)).toBe(1525);
  });

  it('standard (a shop with no profile): $5.99 once, free from $50.00 of the shop’s items', () => {
    const standard: ShippingGroup = { rate: { type: 'standard' }, units: 4, carrierCents: null };
    expect(shopShippingCents([standard], 4999)).toBe(STANDARD_SHIPPING_CENTS);
    expect(shopShippingCents([standard], 5000)).toBe(0);
  });

  it('refuses amounts that are not cents', () => {
    expect(() => shopShippingCents([flat(1.5, 0, 1)], 100)).toThrow(RangeError);
    expect(() => shopShippingCents([flat(100, 0, 0)], 100)).toThrow(RangeError);
    expect(() => shopShippingCents([], -1)).toThrow(RangeError);
  });
});

describe('needsCarrierRate', () => {
  it('only calculated profiles, and free ones below their minimum', () => {
    expect(needsCarrierRate({ type: 'calculated', handlingFeeCents: 0 }, 0)).toBe(true);
    expect(needsCarrierRate({ type: 'free', minimumItemsTotalCents: 3500 }, 3000)).toBe(true);
    expect(needsCarrierRate({ type: 'free', minimumItemsTotalCents: 3500 }, 3500)).toBe(false);
    expect(needsCarrierRate({ type: 'flat', firstCents: 1, additionalCents: 0 }, 0)).toBe(false);
    expect(needsCarrierRate({ type: 'standard' }, 0)).toBe(false);
  });
});

describe('shopHandlingDays and parcelWeightOunces', () => {
  it('a shop’s part ships when its slowest group is ready', () => {
    expect(
      shopHandlingDays([
        { min: 1, max: 2 },
        { min: 3, max: 5 },
      ]),
    ).toEqual({ min: 3, max: 5 });
    expect(shopHandlingDays([])).toEqual({ min: 1, max: 3 });
  });

  it('weighs each listing × its quantity, at least an ounce', () => {
    expect(
      parcelWeightOunces([
        { weightOunces: 16, quantity: 2 },
        { weightOunces: 5, quantity: 1 },
      ]),
    ).toBe(37);
    expect(parcelWeightOunces([{ weightOunces: 0, quantity: 1 }])).toBe(1);
  });
});
