import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  ALREADY_PICKED_UP_MESSAGE,
  SHIPMENT_STATUSES,
  STATUS_FILTER_OPTIONS,
  VOID_PERIOD_EXPIRED_MESSAGE,
  VOID_WINDOW_HOURS,
  VOIDED_LABEL_MESSAGE,
  VOIDED_SHIPMENT_MESSAGE,
  canConsolidate,
  consolidationSavingsCents,
  countShipmentsForStats,
  isShipmentStatus,
  isVoidedShipment,
  matchesShipmentSearch,
  shipmentActions,
  shippingReadinessOf,
  trackedStatus,
  voidEligibility,
  type ShipmentFacts,
} from './shipment-rules';

const HOUR = 60 * 60 * 1000;
const now = new Date('2026-11-22T15:00:00Z');
const hoursAgo = (hours: number) => new Date(now.getTime() - hours * HOUR);
const shipment = (overrides: Partial<ShipmentFacts> = {}): ShipmentFacts => ({
  id: 'a1b2c3d4-0000-4000-8000-000000000001',
  status: 'created',
  createdAt: hoursAgo(1),
  trackingNumber: '1Z999AA10123456784',
  labelUrl: 'data:image/gif;base64,R0lGOD',
  pickupRequestNumber: null,
  ...overrides,
});
const status = fc.constantFrom(...SHIPMENT_STATUSES);

describe('statuses and constants', () => {
  it('lists the ten statuses of docs/product/shipping.md and the seven filter options', () => {
    expect(SHIPMENT_STATUSES).toEqual([
      'pending',
      'created',
      'pickup_scheduled',
      'shipped',
      'in_transit',
      'out_for_delivery',
      'delivered',
      'exception',
      'cancelled',
      'returned',
    ]);
    expect(STATUS_FILTER_OPTIONS).toEqual(['created', 'pickup_scheduled', 'shipped', 'in_transit', 'out_for_delivery', 'delivered', 'exception']);
    expect(VOID_WINDOW_HOURS).toBe(24);
  });

  it('recognises statuses', () => {
    expect(isShipmentStatus('in_transit')).toBe(true);
    expect(isShipmentStatus('IN_TRANSIT')).toBe(false);
    expect(isShipmentStatus(undefined)).toBe(false);
  });
});

describe('voidEligibility', () => {
  it.each(['created', 'pickup_scheduled'] as const)('allows %s under 24 hours old', (value) => {
    expect(voidEligibility(shipment({ status: value, createdAt: hoursAgo(23.99) }), now)).toEqual({ allowed: true });
  });

  it('refuses at and after 24 hours with the void-period reason', () => {
    expect(voidEligibility(shipment({ createdAt: hoursAgo(24) }), now)).toEqual({ allowed: false, reason: VOID_PERIOD_EXPIRED_MESSAGE });
    expect(voidEligibility(shipment({ createdAt: hoursAgo(72).toISOString() }), now)).toEqual({ allowed: false, reason: VOID_PERIOD_EXPIRED_MESSAGE });
    expect(VOID_PERIOD_EXPIRED_MESSAGE).toMatch(/^This shipment is outside the allowed void period\./);
  });

  it.each(['shipped', 'in_transit', 'out_for_delivery', 'delivered'] as const)('refuses %s as already picked up, even when fresh', (value) => {
    expect(voidEligibility(shipment({ status: value }), now)).toEqual({ allowed: false, reason: ALREADY_PICKED_UP_MESSAGE });
    expect(ALREADY_PICKED_UP_MESSAGE).toMatch(/^This shipment has been picked up and cannot be voided\./);
  });

  it.each([
    ['cancelled', /already been voided/],
    ['returned', /returned/],
    ['pending', /no label/],
    ['exception', /cannot be voided/],
  ] as const)('refuses %s with its own reason', (value, reason) => {
    const result = voidEligibility(shipment({ status: value }), now);
    expect(result.allowed).toBe(false);
    if (!result.allowed) expect(result.reason).toMatch(reason);
  });

  it('allows exactly the created and pickup_scheduled shipments under 24 hours old', () => {
    fc.assert(
      fc.property(status, fc.integer({ min: 0, max: 100 * HOUR }), (value, ageMs) => {
        const result = voidEligibility({ status: value, createdAt: new Date(now.getTime() - ageMs) }, now);
        expect(result.allowed).toBe((value === 'created' || value === 'pickup_scheduled') && ageMs < 24 * HOUR);
      }),
    );
  });
});

describe('shipmentActions', () => {
  it('offers pickup scheduling in created only and cancel pickup in pickup_scheduled only', () => {
    fc.assert(
      fc.property(status, (value) => {
        const actions = shipmentActions(shipment({ status: value }), now);
        expect(actions.canSchedulePickup).toBe(value === 'created');
        expect(actions.canCancelPickup).toBe(value === 'pickup_scheduled');
        expect(actions.canVoid).toBe(actions.voidRefusalReason === null);
      }),
    );
  });

  it('offers tracking and Copy with a tracking number, and the label with a label', () => {
    expect(shipmentActions(shipment(), now)).toMatchObject({ canTrack: true, canViewLabel: true, canVoid: true, voidRefusalReason: null });
    expect(shipmentActions(shipment({ trackingNumber: null, labelUrl: '' }), now)).toMatchObject({ canTrack: false, canViewLabel: false });
    expect(shipmentActions(shipment({ trackingNumber: undefined, labelUrl: undefined }), now)).toMatchObject({ canTrack: false, canViewLabel: false });
  });

  it('gives the reason when void is refused', () => {
    expect(shipmentActions(shipment({ status: 'in_transit' }), now)).toMatchObject({ canVoid: false, voidRefusalReason: ALREADY_PICKED_UP_MESSAGE });
  });

  it('reads hasLabel when the view carries no label bytes', () => {
    expect(shipmentActions(shipment({ labelUrl: null, hasLabel: true }), now).canViewLabel).toBe(true);
    expect(shipmentActions(shipment({ labelUrl: 'data:image/gif;base64,R0lGOD', hasLabel: false }), now).canViewLabel).toBe(false);
  });

  it('offers nothing that uses the label on a voided shipment, even with its tracking number and label still stored', () => {
    const voided = shipmentActions(shipment({ status: 'cancelled', hasLabel: true }), now);
    expect(voided).toEqual({
      canSchedulePickup: false,
      canCancelPickup: false,
      canVoid: false,
      voidRefusalReason: expect.stringMatching(/already been voided/),
      canTrack: false,
      canViewLabel: false,
    });
    expect(isVoidedShipment({ status: 'cancelled' })).toBe(true);
    expect(VOIDED_SHIPMENT_MESSAGE).toMatch(/voided/);
    expect(VOIDED_LABEL_MESSAGE).toMatch(/voided/);
  });

  it('offers label and tracking actions exactly when the shipment is not voided and has the label or number', () => {
    fc.assert(
      fc.property(status, fc.option(fc.constant('1Z999AA10123456784')), fc.boolean(), (value, trackingNumber, hasLabel) => {
        const actions = shipmentActions(shipment({ status: value, trackingNumber, hasLabel, labelUrl: null }), now);
        expect(isVoidedShipment({ status: value })).toBe(value === 'cancelled');
        expect(actions.canTrack).toBe(value !== 'cancelled' && trackingNumber !== null);
        expect(actions.canViewLabel).toBe(value !== 'cancelled' && hasLabel);
      }),
    );
  });
});

describe('shippingReadinessOf', () => {
  it('is ready with an approved item, and waits for approval with a pending one', () => {
    expect(shippingReadinessOf(['approved', 'pending', 'shipped'])).toBe('ready');
    expect(shippingReadinessOf(['pending', 'shipped'])).toBe('awaiting_approval');
    expect(shippingReadinessOf(['pending'])).toBe('awaiting_approval');
  });

  it('says everything shipped once nothing waits and something went out', () => {
    expect(shippingReadinessOf(['shipped', 'delivered'])).toBe('all_shipped');
    expect(shippingReadinessOf(['completed', 'rejected'])).toBe('all_shipped');
    expect(shippingReadinessOf(['partially_refunded'])).toBe('all_shipped');
  });

  it('has nothing to ship when every item closed without going out', () => {
    expect(shippingReadinessOf(['rejected', 'cancelled'])).toBe('nothing_to_ship');
    expect(shippingReadinessOf([])).toBe('nothing_to_ship');
  });

  it('never sends a seller with approved items elsewhere, nor says shipped while items wait', () => {
    const itemStatus = fc.constantFrom('pending', 'approved', 'rejected', 'shipped', 'delivered', 'completed', 'partially_refunded', 'refunded', 'cancelled');
    fc.assert(
      fc.property(fc.array(itemStatus), (statuses) => {
        const readiness = shippingReadinessOf(statuses);
        expect(readiness === 'ready').toBe(statuses.includes('approved'));
        if (readiness === 'all_shipped' || readiness === 'nothing_to_ship')
          expect(statuses.some((value) => value === 'pending' || value === 'approved')).toBe(false);
      }),
    );
  });
});

describe('countShipmentsForStats', () => {
  it('counts the five stat cards', () => {
    const list = [
      shipment({ status: 'created' }),
      shipment({ status: 'created', pickupRequestNumber: '292912345678' }),
      shipment({ status: 'pickup_scheduled', pickupRequestNumber: '292912345679' }),
      shipment({ status: 'shipped' }),
      shipment({ status: 'in_transit' }),
      shipment({ status: 'out_for_delivery' }),
      shipment({ status: 'delivered' }),
      shipment({ status: 'cancelled' }),
    ];
    expect(countShipmentsForStats(list)).toEqual({ total: 8, readyToShip: 3, inTransit: 3, pendingPickup: 1, delivered: 1 });
    expect(countShipmentsForStats([])).toEqual({ total: 0, readyToShip: 0, inTransit: 0, pendingPickup: 0, delivered: 0 });
  });

  it('never counts more in a card than in total, and in-transit and delivered are disjoint', () => {
    fc.assert(
      fc.property(fc.array(fc.record({ status, pickupRequestNumber: fc.option(fc.constant('292900000001')) })), (list) => {
        const stats = countShipmentsForStats(list);
        expect(stats.total).toBe(list.length);
        expect(stats.inTransit + stats.delivered + stats.readyToShip).toBeLessThanOrEqual(stats.total);
        expect(stats.pendingPickup).toBeLessThanOrEqual(stats.readyToShip);
      }),
    );
  });
});

describe('consolidation', () => {
  it('is offered for more than one created shipment without a pickup request', () => {
    expect(canConsolidate([shipment()])).toBe(false);
    expect(canConsolidate([shipment(), shipment({ pickupRequestNumber: '292912345678' })])).toBe(false);
    expect(canConsolidate([shipment(), shipment({ status: 'pickup_scheduled' })])).toBe(false);
    expect(canConsolidate([shipment(), shipment()])).toBe(true);
  });

  it('claims $3.00 per additional shipment', () => {
    expect(consolidationSavingsCents(0)).toBe(0);
    expect(consolidationSavingsCents(1)).toBe(0);
    expect(consolidationSavingsCents(2)).toBe(300);
    expect(consolidationSavingsCents(5)).toBe(1200);
    expect(() => consolidationSavingsCents(-1)).toThrow(RangeError);
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 1000 }), (count) => {
        expect(consolidationSavingsCents(count + 1) - consolidationSavingsCents(count)).toBe(300);
      }),
    );
  });
});

describe('matchesShipmentSearch', () => {
  it('matches a case-insensitive substring of the id or the tracking number', () => {
    const item = shipment({ id: 'AB12cd34-rest', trackingNumber: '1Z999AA10123456784' });
    expect(matchesShipmentSearch(item, 'ab12CD')).toBe(true);
    expect(matchesShipmentSearch(item, '1z999aa')).toBe(true);
    expect(matchesShipmentSearch(item, '  ')).toBe(true);
    expect(matchesShipmentSearch(item, 'zzz')).toBe(false);
    expect(matchesShipmentSearch({ id: 'x', trackingNumber: null }, '1Z')).toBe(false);
  });

  it('finds every shipment by any piece of its id or tracking number, in any case', () => {
    const text = fc.stringMatching(/^[0-9a-zA-Z-]{1,36}$/);
    fc.assert(
      fc.property(text, fc.boolean(), fc.nat(), fc.nat(), fc.boolean(), (value, inId, start, length, upper) => {
        const from = start % value.length;
        const piece = value.slice(from, from + 1 + (length % (value.length - from)));
        const query = upper ? piece.toUpperCase() : piece.toLowerCase();
        const item = inId ? { id: value, trackingNumber: null } : { id: '', trackingNumber: value };
        expect(matchesShipmentSearch(item, query)).toBe(true);
      }),
    );
  });
});

describe('trackedStatus', () => {
  it('takes a report that moves the parcel on', () => {
    expect(trackedStatus('pickup_scheduled', 'shipped')).toBe('shipped');
    expect(trackedStatus('in_transit', 'delivered')).toBe('delivered');
  });

  it('never moves a parcel back along its journey', () => {
    expect(trackedStatus('in_transit', 'shipped')).toBe('in_transit');
    expect(trackedStatus('delivered', 'out_for_delivery')).toBe('delivered');
  });

  it('takes exceptions and returns as reported, and a journey status after an exception', () => {
    expect(trackedStatus('in_transit', 'exception')).toBe('exception');
    expect(trackedStatus('delivered', 'returned')).toBe('returned');
    expect(trackedStatus('exception', 'out_for_delivery')).toBe('out_for_delivery');
  });

  it('is never further back on the journey than the stored status', () => {
    const journey = ['created', 'pickup_scheduled', 'shipped', 'in_transit', 'out_for_delivery', 'delivered'];
    fc.assert(
      fc.property(status, status, (stored, reported) => {
        const result = trackedStatus(stored, reported);
        expect([stored, reported]).toContain(result);
        if (journey.includes(stored) && journey.includes(reported)) expect(journey.indexOf(result)).toBeGreaterThanOrEqual(journey.indexOf(stored));
      }),
    );
  });
});
