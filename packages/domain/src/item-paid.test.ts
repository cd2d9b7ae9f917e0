import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  extrasCentsOf,
  itemsTotalCents,
  lineTotalCents,
  refundCentsOf,
  shippingSharesOf,
  shippingSharesOfShop,
  stillRefundableCents,
  type PaidItem,
} from './item-paid';

const item = (id: string, priceCents: number, quantity = 1, retipPriceCents = 0): PaidItem => ({
  id,
  priceCents,
  quantity,
  retipAdded: retipPriceCents > 0,
  retipPriceCents,
});

const items = fc.uniqueArray(
  fc.record({
    id: fc.uuid(),
    priceCents: fc.integer({ min: 0, max: 500_000 }),
    quantity: fc.integer({ min: 1, max: 20 }),
    retipAdded: fc.boolean(),
    retipPriceCents: fc.integer({ min: 0, max: 5_000 }),
  }),
  { minLength: 1, maxLength: 8, selector: (line) => line.id },
);

describe('shippingSharesOf', () => {
  it('reads each line’s share of its shop’s shipping where the order kept it, whatever the order’s own split would be', () => {
    // Two shops: $5.50 for the first shop's two lines, $15.00 for the other's one line.
    const [cup, saucer] = shippingSharesOfShop(550, [
      { priceCents: 1000, quantity: 1 },
      { priceCents: 3000, quantity: 1 },
    ]);
    expect([cup, saucer]).toEqual([138, 412]);
    const lines = [
      { ...item('a', 1000), shippingCents: cup! },
      { ...item('b', 3000), shippingCents: saucer! },
      { ...item('c', 500), shippingCents: 1500 },
    ];
    const order = { shippingCents: 2050 };
    expect(shippingSharesOf(order, lines)).toEqual(
      new Map([
        ['a', 138],
        ['b', 412],
        ['c', 1500],
      ]),
    );
    // A refund of the whole of one shop's part gives its shipping back, and nothing of the other's.
    expect(refundCentsOf(order, lines, lines[2]!)).toBe(500 + 1500);
  });

  it('splits a shop’s shipping to the cent for any lines', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 100_000 }), items, (shipping, lines) => {
        const shares = shippingSharesOfShop(shipping, lines);
        expect(shares.reduce((total, share) => total + share, 0)).toBe(shipping);
        expect(shares.every((share) => Number.isSafeInteger(share) && share >= 0)).toBe(true);
      }),
    );
  });

  it('splits the shipping by item value', () => {
    const shares = shippingSharesOf({ shippingCents: 599 }, [item('a', 1000), item('b', 3000)]);
    expect(shares.get('a')).toBe(150);
    expect(shares.get('b')).toBe(449);
  });

  it('gives the same shares whatever order the items come in', () => {
    const lines = [item('b', 1000), item('a', 1000), item('c', 1000)];
    expect(shippingSharesOf({ shippingCents: 100 }, lines)).toEqual(shippingSharesOf({ shippingCents: 100 }, [...lines].reverse()));
    expect(shippingSharesOf({ shippingCents: 100 }, lines).get('a')).toBe(34);
  });

  it('shares add up to the shipping, each never negative, for any order', () => {
    fc.assert(
      fc.property(items, fc.integer({ min: 0, max: 100_000 }), (lines, shippingCents) => {
        const shares = [...shippingSharesOf({ shippingCents }, lines).values()];
        expect(shares).toHaveLength(lines.length);
        expect(shares.reduce((total, share) => total + share, 0)).toBe(shippingCents);
        expect(shares.every((share) => Number.isSafeInteger(share) && share >= 0)).toBe(true);
      }),
    );
  });
});

describe('refundCentsOf and extrasCentsOf', () => {
  const order = { shippingCents: 599 };
  const lines = [item('a', 1000, 2, 250), item('b', 2000)];

  it('what the buyer paid for an item: line + add-on + shipping share', () => {
    // Values 2000 and 2000: 599 splits 300 / 299 (the extra cent to the first by id).
    expect(refundCentsOf(order, lines, lines[0]!)).toBe(2000 + 250 + 300);
    expect(refundCentsOf(order, lines, lines[1]!)).toBe(2000 + 299);
  });

  it('an add-on not chosen is not paid', () => {
    const line = { ...item('a', 1000), retipPriceCents: 500, retipAdded: false };
    expect(refundCentsOf({ shippingCents: 0 }, [line], line)).toBe(1000);
  });

  it('extras are the add-on and the shipping share', () => {
    expect(extrasCentsOf(order, lines, lines[0]!)).toBe(250 + 300);
    expect(extrasCentsOf(order, lines, lines[1]!)).toBe(299);
  });

  it('the items of an order add up to what the buyer paid for the order', () => {
    fc.assert(
      fc.property(items, fc.integer({ min: 0, max: 100_000 }), (lines, shippingCents) => {
        const paid = lines.reduce((total, line) => total + refundCentsOf({ shippingCents }, lines, line), 0);
        const addOns = lines.reduce((total, line) => total + (line.retipAdded ? line.retipPriceCents : 0), 0);
        expect(paid).toBe(lines.reduce((total, line) => total + lineTotalCents(line), 0) + addOns + shippingCents);
        for (const line of lines)
          expect(extrasCentsOf({ shippingCents }, lines, line)).toBe(refundCentsOf({ shippingCents }, lines, line) - lineTotalCents(line));
      }),
    );
  });
});

describe('stillRefundableCents', () => {
  const lines = [item('a', 1000)];

  it('what was paid less what went back', () => {
    expect(stillRefundableCents({ shippingCents: 599 }, lines, { ...lines[0]!, refundedCents: 400 })).toBe(1199);
  });

  it('never below 0', () => {
    expect(stillRefundableCents({ shippingCents: 0 }, lines, { ...lines[0]!, refundedCents: 5000 })).toBe(0);
  });
});

describe('itemsTotalCents', () => {
  it('sums price × quantity, add-ons left out', () => {
    expect(itemsTotalCents([item('a', 1000, 3, 250), item('b', 499)])).toBe(3499);
    expect(itemsTotalCents([])).toBe(0);
  });
});
