import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { allocatePickupCharge, pickupChargeAllocationFor } from './pickup-charge-allocation';

const cents = (list: ReturnType<typeof allocatePickupCharge>) => list.map((item) => item.allocatedPickupChargeCents);

describe('allocatePickupCharge', () => {
  it('splits in proportion to item value', () => {
    const result = allocatePickupCharge(900, [
      { id: 'a', valueCents: 1000 },
      { id: 'b', valueCents: 2000 },
      { id: 'c', valueCents: 6000 },
    ]);
    expect(result).toEqual([
      { id: 'a', valueCents: 1000, allocatedPickupChargeCents: 100, pickupChargeRatio: 1000 / 9000 },
      { id: 'b', valueCents: 2000, allocatedPickupChargeCents: 200, pickupChargeRatio: 2000 / 9000 },
      { id: 'c', valueCents: 6000, allocatedPickupChargeCents: 600, pickupChargeRatio: 6000 / 9000 },
    ]);
  });

  it('gives leftover cents to the largest remainders, ties to the smaller id whatever the order', () => {
    expect(
      cents(
        allocatePickupCharge(1000, [
          { id: 'c', valueCents: 1 },
          { id: 'a', valueCents: 1 },
          { id: 'b', valueCents: 1 },
        ]),
      ),
    ).toEqual([333, 334, 333]);
    // Exact shares 1.998, 3.996, 0.006 → floors 1, 3, 0 → a cent each to the two largest remainders.
    expect(
      cents(
        allocatePickupCharge(6, [
          { id: 'x', valueCents: 333 },
          { id: 'y', valueCents: 666 },
          { id: 'z', valueCents: 1 },
        ]),
      ),
    ).toEqual([2, 4, 0]);
  });

  it('splits evenly when no item has a value, and allows nothing to no items', () => {
    expect(
      cents(
        allocatePickupCharge(100, [
          { id: 'a', valueCents: 0 },
          { id: 'b', valueCents: 0 },
        ]),
      ),
    ).toEqual([50, 50]);
    expect(allocatePickupCharge(0, [])).toEqual([]);
    expect(() => allocatePickupCharge(1, [])).toThrow(RangeError);
    expect(() => allocatePickupCharge(-1, [{ id: 'a', valueCents: 1 }])).toThrow(RangeError);
    expect(() => allocatePickupCharge(1, [{ id: 'a', valueCents: 1.5 }])).toThrow(RangeError);
  });

  const items = fc.uniqueArray(fc.record({ id: fc.string({ minLength: 1, maxLength: 6 }), valueCents: fc.integer({ min: 0, max: 10_000_000 }) }), {
    minLength: 1,
    maxLength: 20,
    selector: (item) => item.id,
  });
  const total = fc.integer({ min: 0, max: 1_000_000 });

  it('always sums to the charge, and each part is within a cent of its exact share', () => {
    fc.assert(
      fc.property(total, items, (totalCents, list) => {
        const result = allocatePickupCharge(totalCents, list);
        expect(cents(result).reduce((sum, value) => sum + value, 0)).toBe(totalCents);
        for (const item of result) {
          expect(item.allocatedPickupChargeCents).toBeGreaterThanOrEqual(0);
          expect(Math.abs(item.allocatedPickupChargeCents - totalCents * item.pickupChargeRatio)).toBeLessThan(1 + 1e-6);
        }
        expect(result.reduce((sum, item) => sum + item.pickupChargeRatio, 0)).toBeCloseTo(1, 9);
      }),
    );
  });

  it('does not depend on the order the items come in', () => {
    fc.assert(
      fc.property(total, items, (totalCents, list) => {
        const byId = (result: ReturnType<typeof allocatePickupCharge>) => Object.fromEntries(result.map((item) => [item.id, item.allocatedPickupChargeCents]));
        expect(byId(allocatePickupCharge(totalCents, [...list].reverse()))).toEqual(byId(allocatePickupCharge(totalCents, list)));
      }),
    );
  });
});

describe('pickupChargeAllocationFor', () => {
  it('gives docs/product/data.md allocation fields in dollars (the tied half cent goes to the smaller id)', () => {
    const items = [
      { id: 'item-1', valueCents: 2500 },
      { id: 'item-2', valueCents: 7500 },
    ];
    expect(pickupChargeAllocationFor(1234, items, 'item-2')).toEqual({
      allocatedPickupCharge: 9.25,
      totalOrderItemsInPickup: 2,
      totalOrderValueInPickup: 100,
      currentItemValue: 75,
      pickupChargeRatio: 0.75,
    });
    expect(pickupChargeAllocationFor(1234, items, 'item-1').allocatedPickupCharge).toBe(3.09);
    expect(() => pickupChargeAllocationFor(1234, items, 'item-3')).toThrow(RangeError);
  });
});
