import { describe, it, expect } from 'vitest';
import fc from 'fast-check';
import { orderStatusColour, payoutStatusColour, statusColourClasses } from './status-colours';
import type { StatusColour } from './status-colours';

const allColours: StatusColour[] = ['green', 'yellow', 'red', 'blue', 'neutral'];
const orderStatuses = ['shipped', 'refunded', 'completed', 'pending', 'rejected', 'processing'];
const payoutStatuses = ['paid', 'pending', 'failed'];

describe('orderStatusColour (spec §4.7)', () => {
  it.each([
    ['shipped', 'green'],
    ['refunded', 'green'],
    ['completed', 'green'],
    ['pending', 'yellow'],
    ['rejected', 'red'],
    ['processing', 'blue'],
    ['cancelled', 'neutral'],
    ['', 'neutral'],
    ['constructor', 'neutral'],
  ] as const)('%s → %s', (status, colour) => {
    expect(orderStatusColour(status)).toBe(colour);
  });

  it('ignores case and surrounding spaces', () => {
    expect(orderStatusColour('Shipped')).toBe('green');
    expect(orderStatusColour(' PROCESSING ')).toBe('blue');
  });
});

describe('payoutStatusColour (spec §4.7)', () => {
  it.each([
    ['paid', 'green'],
    ['pending', 'yellow'],
    ['failed', 'red'],
    ['in_transit', 'neutral'],
    ['shipped', 'neutral'],
    ['toString', 'neutral'],
  ] as const)('%s → %s', (status, colour) => {
    expect(payoutStatusColour(status)).toBe(colour);
  });

  it('ignores case', () => {
    expect(payoutStatusColour('PAID')).toBe('green');
    expect(payoutStatusColour('Failed')).toBe('red');
  });
});

describe('status colours for any text', () => {
  it('is neutral for every status the spec does not name, and agrees across casings', () => {
    fc.assert(
      fc.property(fc.string(), (status) => {
        const order = orderStatusColour(status);
        const payout = payoutStatusColour(status);
        expect(allColours).toContain(order);
        expect(allColours).toContain(payout);
        expect(orderStatusColour(status.toUpperCase())).toBe(order);
        expect(payoutStatusColour(status.toUpperCase())).toBe(payout);
        if (!orderStatuses.includes(status.trim().toLowerCase())) expect(order).toBe('neutral');
        if (!payoutStatuses.includes(status.trim().toLowerCase())) expect(payout).toBe('neutral');
      }),
    );
  });
});

describe('statusColourClasses', () => {
  it('gives every colour a background, text and ring class of one hue', () => {
    for (const colour of allColours) {
      const classes = statusColourClasses[colour].split(' ');
      expect(classes).toHaveLength(3);
      const hues = new Set(classes.map((name) => name.split('-')[1]));
      expect(hues.size).toBe(1);
      expect(classes[0]).toMatch(/^bg-/);
      expect(classes[1]).toMatch(/^text-/);
      expect(classes[2]).toMatch(/^ring-/);
    }
  });
});
