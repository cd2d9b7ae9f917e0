import { describe, it, expect } from 'vitest';
import fc from 'fast-check';
import {
  STATUS_COLOURS,
  STATUS_KINDS,
  STATUS_SETS,
  STATUS_WORDS,
  disputeStatusColour,
  orderItemStatusColour,
  orderStatusColour,
  payoutStatusColour,
  returnStatusColour,
  shipmentStatusColour,
  statusChartColour,
  statusChartShades,
  statusColour,
  statusColourClasses,
  statusColourHex,
} from './status-colours';
import type { StatusColour } from './status-colours';

const orderStatuses = ['shipped', 'refunded', 'completed', 'pending', 'rejected', 'processing'];
const payoutStatuses = ['paid', 'pending', 'failed'];

describe('orderStatusColour (docs/product/statuses.md)', () => {
  it.each([
    ['shipped', 'green'],
    ['refunded', 'green'],
    ['completed', 'green'],
    ['pending', 'yellow'],
    ['rejected', 'red'],
    ['processing', 'blue'],
    ['cancelled', 'neutral'],
    ['delivered', 'neutral'],
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

describe('payoutStatusColour (docs/product/statuses.md)', () => {
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

describe('every listed status has its colour', () => {
  it.each([
    ['pending', 'yellow'],
    ['approved', 'blue'],
    ['rejected', 'red'],
    ['shipped', 'green'],
    ['delivered', 'green'],
    ['completed', 'green'],
    ['partially_refunded', 'green'],
    ['refunded', 'green'],
    ['cancelled', 'neutral'],
  ] as const)('order item %s → %s', (status, colour) => {
    expect(orderItemStatusColour(status)).toBe(colour);
  });

  // docs/product/shipping.md's ten statuses.
  it.each([
    ['pending', 'yellow'],
    ['created', 'yellow'],
    ['pickup_scheduled', 'yellow'],
    ['shipped', 'green'],
    ['in_transit', 'blue'],
    ['out_for_delivery', 'blue'],
    ['delivered', 'green'],
    ['exception', 'red'],
    ['cancelled', 'neutral'],
    ['returned', 'red'],
  ] as const)('shipment %s → %s', (status, colour) => {
    expect(shipmentStatusColour(status)).toBe(colour);
  });

  it.each([
    ['open', 'yellow'],
    ['seller_responded', 'blue'],
    ['under_review', 'violet'],
    ['resolved_refunded', 'green'],
    ['resolved_rejected', 'red'],
  ] as const)('dispute %s → %s', (status, colour) => {
    expect(disputeStatusColour(status)).toBe(colour);
  });

  it.each([
    ['requested', 'yellow'],
    ['accepted', 'blue'],
    ['refused', 'red'],
    ['in_transit', 'blue'],
    ['received', 'blue'],
    ['delivered', 'green'],
    ['refunded', 'green'],
    ['cancelled', 'neutral'],
  ] as const)('return %s → %s', (status, colour) => {
    expect(returnStatusColour(status)).toBe(colour);
  });

  it('gives a colour to every status of every kind, and only "closed without an outcome" statuses are neutral', () => {
    const neutralOnPurpose = new Set(['cancelled', 'none', 'hidden', 'buyer']);
    for (const kind of STATUS_KINDS) {
      for (const status of STATUS_SETS[kind]) {
        expect(STATUS_WORDS).toContain(status);
        expect(statusColour(status, kind) === 'neutral', `${kind} ${status}`).toBe(neutralOnPurpose.has(status));
      }
    }
  });

  it('gives each status word one colour whichever kind shows it', () => {
    for (const word of STATUS_WORDS) {
      const colours = new Set(STATUS_KINDS.filter((kind) => (STATUS_SETS[kind] as readonly string[]).includes(word)).map((kind) => statusColour(word, kind)));
      colours.add(statusColour(word));
      expect(colours.size, word).toBe(1);
    }
  });

  it('makes the complaints impossible: shipped and delivered green, rejected red, everywhere', () => {
    for (const kind of ['order', 'orderItem', 'shipment'] as const) expect(statusColour('shipped', kind)).toBe('green');
    for (const kind of ['orderItem', 'shipment'] as const) expect(statusColour('delivered', kind)).toBe('green');
    expect(statusColour('rejected', 'order')).toBe('red');
    expect(statusColour('rejected', 'orderItem')).toBe('red');
    expect(statusChartColour('shipped', 'orderItem')).toBe(statusColourHex.green);
    expect(statusChartColour('rejected', 'orderItem')).toBe(statusColourHex.red);
  });
});

describe('status colours for any text', () => {
  it('is neutral for an unknown status, and agrees across casings and spaces', () => {
    fc.assert(
      fc.property(fc.string(), fc.constantFrom(undefined, ...STATUS_KINDS), (status, kind) => {
        const colour = statusColour(status, kind);
        expect(STATUS_COLOURS).toContain(colour);
        expect(statusColour(status.toUpperCase(), kind)).toBe(colour);
        expect(statusColour(` ${status} `, kind)).toBe(colour);
        const word = status.trim().toLowerCase();
        const known = kind ? (STATUS_SETS[kind] as readonly string[]).includes(word) : (STATUS_WORDS as string[]).includes(word);
        if (!known) {
          expect(colour).toBe('neutral');
          expect(statusChartColour(status, kind)).toBe(statusColourHex.neutral);
        }
        if (!orderStatuses.includes(word)) expect(orderStatusColour(status)).toBe('neutral');
        if (!payoutStatuses.includes(word)) expect(payoutStatusColour(status)).toBe('neutral');
      }),
    );
  });

  it('is neutral for Object.prototype names', () => {
    for (const name of ['constructor', 'toString', '__proto__', 'hasOwnProperty']) {
      expect(statusColour(name)).toBe('neutral');
      expect(statusChartColour(name)).toBe(statusColourHex.neutral);
    }
  });
});

describe('statusChartColour', () => {
  it('draws every status in a shade of its badge colour', () => {
    for (const kind of STATUS_KINDS) {
      for (const status of STATUS_SETS[kind]) {
        expect(statusChartShades[statusColour(status, kind)]).toContain(statusChartColour(status, kind));
      }
    }
  });

  it('tells apart the statuses of one kind in a chart', () => {
    for (const kind of STATUS_KINDS) {
      const hexes = STATUS_SETS[kind].map((status) => statusChartColour(status, kind));
      expect(new Set(hexes).size, kind).toBe(hexes.length);
    }
  });

  it('uses the main shade as the colour hex, and hex colours only', () => {
    for (const colour of STATUS_COLOURS) {
      expect(statusColourHex[colour]).toBe(statusChartShades[colour][0]);
      for (const hex of statusChartShades[colour]) expect(hex).toMatch(/^#[0-9a-f]{6}$/);
    }
  });
});

describe('statusColourClasses', () => {
  it('gives every colour a background, text and ring class of one hue', () => {
    const allColours: StatusColour[] = [...STATUS_COLOURS];
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
