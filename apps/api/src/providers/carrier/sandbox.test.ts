import fc from 'fast-check';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isValidUpsTrackingNumber, makeUpsTrackingNumber } from '@marketplace/domain/ups-tracking-number';
import { createManualClock } from '../../lib/clock';
import { CarrierError, type CarrierAddress, type CreateShipmentRequest, type PickupRequest } from './port';
import { GROUND_TRANSIT_DAYS_BY_ZONE, SHIPPING_ZONE_RATES, SIMULATION_STATUSES, createSandboxCarrier, shippingZoneBetween } from './sandbox';
import { createTestDatabase } from '../../../test/helper';
import type { DatabaseHandle } from '../../db/client';
import { createSandboxLedgerRepository } from './sandbox-ledger.repository';

const HOUR = 60 * 60 * 1000;
// Monday 10:00 in New York: the earliest pickup is Tuesday 2026-11-24.
const START = new Date('2026-11-23T15:00:00Z');
const PICKUP_DATE = '2026-11-24';
const PICKUP_AT = new Date('2026-11-24T14:00:00Z'); // 09:00 in New York

const shipper: CarrierAddress = {
  name: 'Sam Seller',
  companyName: 'Acme Widgets',
  phone: '2155550100',
  line1: '100 Market St',
  city: 'Philadelphia',
  state: 'PA',
  postalCode: '19106',
  countryCode: 'US',
};
const recipient: CarrierAddress = { name: 'Bea Buyer', line1: '634 Alpha Dr', city: 'Pittsburgh', state: 'PA', postalCode: '15238', countryCode: 'US' };

function setup() {
  const clock = createManualClock(START);
  return { clock, carrier: createSandboxCarrier({ clock }) };
}

const shipmentRequest = (overrides: Partial<CreateShipmentRequest> = {}): CreateShipmentRequest => ({
  shipmentId: 'shipment-1',
  shipper,
  recipient,
  packages: [{ weightOunces: 40 }],
  serviceCode: '03',
  reference: 'Order 1234abcd',
  ...overrides,
});

const pickupRequest = (trackingNumbers: string[], overrides: Partial<PickupRequest> = {}): PickupRequest => ({
  requestKey: `pickup:${trackingNumbers.join(',')}`,
  address: shipper,
  pickupDate: PICKUP_DATE,
  readyTime: '09:00',
  closeTime: '17:00',
  trackingNumbers,
  totalWeightOunces: 40 * trackingNumbers.length,
  ...overrides,
});

async function expectCarrierError(promise: Promise<unknown>, code: CarrierError['code']) {
  const error = await promise.then(
    () => null,
    (failure: unknown) => failure,
  );
  expect(error).toBeInstanceOf(CarrierError);
  expect((error as CarrierError).code).toBe(code);
  expect((error as CarrierError).retryable).toBe(false);
}

describe('createShipment', () => {
  it('answers a UPS Ground shipment with a valid 1Z number, a GIF label and charges by weight', async () => {
    const { carrier } = setup();
    const created = await carrier.createShipment(shipmentRequest());
    expect(isValidUpsTrackingNumber(created.trackingNumber)).toBe(true);
    expect(created.trackingNumber).toMatch(/^1ZSANDBX03\d{7}\d$/);
    expect(created).toMatchObject({ carrierShipmentId: created.trackingNumber, serviceCode: '03', serviceDescription: 'UPS Ground', currency: 'USD' });
    // 40 oz bills as 3 lb: $8.50 + 2 × $0.85.
    expect(created.chargesCents).toBe(1020);
    expect(created.billingWeightOunces).toBe(48);
    expect(created.label.format).toBe('GIF');
    const label = Buffer.from(created.label.base64, 'base64');
    expect(await sharp(label).metadata()).toMatchObject({ format: 'gif', width: 812, height: 1218 });
  });

  it('is idempotent by shipment id, also for concurrent retries', async () => {
    const { carrier, clock } = setup();
    const [first, second] = await Promise.all([carrier.createShipment(shipmentRequest()), carrier.createShipment(shipmentRequest())]);
    clock.advance(HOUR);
    const third = await carrier.createShipment(shipmentRequest());
    expect(second).toEqual(first);
    expect(third).toEqual(first);
  });

  it('gives the same tracking number for the same shipment id even after a restart, and others differ', async () => {
    const a = await setup().carrier.createShipment(shipmentRequest());
    const b = await setup().carrier.createShipment(shipmentRequest());
    const other = await setup().carrier.createShipment(shipmentRequest({ shipmentId: 'shipment-2' }));
    expect(b.trackingNumber).toBe(a.trackingNumber);
    expect(other.trackingNumber).not.toBe(a.trackingNumber);
  });

  it('refuses the same shipment id with different details', async () => {
    const { carrier } = setup();
    await carrier.createShipment(shipmentRequest());
    await expectCarrierError(carrier.createShipment(shipmentRequest({ packages: [{ weightOunces: 80 }] })), 'invalid_request');
  });

  it('makes one tracking number per package and bills dimensional weight for bulky boxes', async () => {
    const { carrier } = setup();
    const created = await carrier.createShipment(
      shipmentRequest({ packages: [{ weightOunces: 8 }, { weightOunces: 8, lengthInches: 12, widthInches: 12, heightInches: 12 }] }),
    );
    // 1 lb, then 12³ / 139 = 12.4 → 13 lb: $8.50 + ($8.50 + 12 × $0.85).
    expect(created.chargesCents).toBe(850 + 850 + 12 * 85);
    expect(created.billingWeightOunces).toBe((1 + 13) * 16);
  });

  it.each([
    ['an unknown service', { serviceCode: '99' }],
    ['no packages', { packages: [] }],
    ['a weightless package', { packages: [{ weightOunces: 0 }] }],
    ['a recipient without a street', { recipient: { ...recipient, line1: ' ' } }],
    ['a bad ZIP code', { recipient: { ...recipient, postalCode: '1523' } }],
  ])('refuses %s', async (_name, overrides) => {
    await expectCarrierError(setup().carrier.createShipment(shipmentRequest(overrides)), 'invalid_request');
  });

  it('names the services like UPS', async () => {
    const { carrier } = setup();
    const air = await carrier.createShipment(shipmentRequest({ shipmentId: 'air', serviceCode: '01' }));
    expect(air.serviceDescription).toBe('UPS Next Day Air');
    expect(air.trackingNumber.slice(8, 10)).toBe('01');
  });

  it('always makes valid tracking numbers', async () => {
    const { carrier } = setup();
    const ids = fc.sample(fc.uuid(), 5);
    for (const shipmentId of ids) {
      const created = await carrier.createShipment(shipmentRequest({ shipmentId }));
      expect(isValidUpsTrackingNumber(created.trackingNumber)).toBe(true);
    }
  });
});

describe('rateShipment', () => {
  const { shipmentId: _id, ...rateRequest } = shipmentRequest();
  const near: CarrierAddress = { ...recipient, city: 'Pittsburgh', postalCode: '15238' };
  const far: CarrierAddress = { ...recipient, name: 'Cal Buyer', line1: '1 Market St', city: 'San Francisco', state: 'CA', postalCode: '94105' };

  it('rates by zone from the ZIP prefixes: next door is zone 2, across the country zone 8', () => {
    expect(shippingZoneBetween(shipper, near)).toBe(2);
    expect(shippingZoneBetween(shipper, { postalCode: '30303', countryCode: 'US' })).toBe(3);
    expect(shippingZoneBetween(shipper, far)).toBe(8);
    expect(shippingZoneBetween(shipper, { postalCode: 'SW1A 1AA', countryCode: 'GB' })).toBe(8);
    expect(shippingZoneBetween(far, shipper)).toBe(shippingZoneBetween(shipper, far));
  });

  it('rates to a ZIP code alone, before the buyer gives a whole address, as it rates the whole address', async () => {
    const { carrier } = setup();
    const byZip = await carrier.rateShipment({
      ...rateRequest,
      recipient: { name: 'Recipient', line1: '', city: '', state: 'CA', postalCode: '94105', countryCode: 'US' },
    });
    expect(byZip).toEqual(await carrier.rateShipment({ ...rateRequest, recipient: far }));
    await expect(
      carrier.rateShipment({ ...rateRequest, recipient: { name: 'Recipient', line1: '', city: '', state: '', postalCode: '941', countryCode: 'US' } }),
    ).rejects.toMatchObject({ code: 'invalid_request' });
  });

  it('quotes the label with its service, billing weight and a breakdown that adds up to the total', async () => {
    const { carrier } = setup();
    const rate = await carrier.rateShipment({ ...rateRequest, recipient: far });
    // 40 oz bills as 3 lb, zone 8: the first pound and two more.
    const zone8 = SHIPPING_ZONE_RATES[8]!;
    expect(rate).toEqual({
      serviceCode: '03',
      serviceDescription: 'UPS Ground',
      totalCents: zone8.firstPoundCents + 2 * zone8.additionalPoundCents,
      currency: 'USD',
      billingWeightOunces: 48,
      chargeDetails: [
        { description: 'UPS Ground, zone 8, first lb', amountCents: zone8.firstPoundCents },
        { description: '2 additional lb', amountCents: 2 * zone8.additionalPoundCents },
      ],
      transitDays: 5,
    });
    expect((await carrier.rateShipment(rateRequest)).totalCents).toBe(1020);
  });

  it('charges exactly what it quoted, whatever the weight, distance, boxes and service', async () => {
    const zip = fc.integer({ min: 1000, max: 99999 }).map((value) => String(value).padStart(5, '0'));
    const box = fc.record({
      weightOunces: fc.integer({ min: 1, max: 150 * 16 }),
      lengthInches: fc.option(fc.integer({ min: 1, max: 40 }), { nil: undefined }),
      widthInches: fc.integer({ min: 1, max: 30 }),
      heightInches: fc.integer({ min: 1, max: 30 }),
    });
    await fc.assert(
      fc.asyncProperty(
        zip,
        zip,
        fc.array(box, { minLength: 1, maxLength: 3 }),
        fc.constantFrom('01', '02', '03', '12', '13', '14', '59'),
        fc.uuid(),
        async (from, to, packages, serviceCode, shipmentId) => {
          const { carrier } = setup();
          const details = { ...rateRequest, shipper: { ...shipper, postalCode: from }, recipient: { ...recipient, postalCode: to }, packages, serviceCode };
          const rate = await carrier.rateShipment(details);
          expect(rate.chargeDetails.reduce((sum, line) => sum + line.amountCents, 0)).toBe(rate.totalCents);
          const created = await carrier.createShipment({ ...details, shipmentId });
          expect(created.chargesCents).toBe(rate.totalCents);
          expect(created.billingWeightOunces).toBe(rate.billingWeightOunces);
          expect(created.serviceDescription).toBe(rate.serviceDescription);
        },
      ),
      { numRuns: 15 },
    );
  });

  it('costs more farther away and for faster services', async () => {
    const { carrier } = setup();
    const ground = await carrier.rateShipment(rateRequest);
    expect((await carrier.rateShipment({ ...rateRequest, recipient: far })).totalCents).toBeGreaterThan(ground.totalCents);
    expect((await carrier.rateShipment({ ...rateRequest, serviceCode: '01' })).totalCents).toBeGreaterThan(ground.totalCents);
  });

  it('answers the business days in transit by zone: a day next door, five across the country', async () => {
    const { carrier } = setup();
    expect(GROUND_TRANSIT_DAYS_BY_ZONE).toEqual({ 2: 1, 3: 2, 4: 2, 5: 3, 6: 4, 7: 4, 8: 5 });
    expect((await carrier.rateShipment({ ...rateRequest, recipient: near })).transitDays).toBe(1);
    expect((await carrier.rateShipment({ ...rateRequest, recipient: { ...recipient, postalCode: '30303' } })).transitDays).toBe(2);
    expect((await carrier.rateShipment({ ...rateRequest, recipient: far })).transitDays).toBe(5);
    // Anything that is not a US ZIP code is zone 8.
    const london: CarrierAddress = { ...recipient, city: 'London', state: '', postalCode: 'SW1A 1AA', countryCode: 'GB' };
    expect((await carrier.rateShipment({ ...rateRequest, recipient: london })).transitDays).toBe(GROUND_TRANSIT_DAYS_BY_ZONE[8]);
    // The ship date moves when the parcel arrives, not how long it takes.
    expect((await carrier.rateShipment({ ...rateRequest, recipient: far, shipDate: '2026-11-27' })).transitDays).toBe(5);
  });

  it('refuses a ship date that is no date', async () => {
    await expectCarrierError(setup().carrier.rateShipment({ ...rateRequest, shipDate: '2026-02-30' }), 'invalid_request');
  });

  it('takes fewer days with a faster service, never more than Ground', async () => {
    const { carrier } = setup();
    const daysTo = async (serviceCode: string, to: CarrierAddress) => (await carrier.rateShipment({ ...rateRequest, serviceCode, recipient: to })).transitDays;
    expect(await daysTo('01', far)).toBe(1);
    expect(await daysTo('14', far)).toBe(1);
    expect(await daysTo('13', far)).toBe(1);
    expect(await daysTo('02', far)).toBe(2);
    expect(await daysTo('59', far)).toBe(2);
    expect(await daysTo('12', far)).toBe(3);
    // Next door Ground already takes one day: 3 Day Select takes no longer.
    expect(await daysTo('12', near)).toBe(1);
  });

  it.each([
    ['an unknown service', { serviceCode: '99' }],
    ['no packages', { packages: [] }],
    ['a package over 150 lbs', { packages: [{ weightOunces: 151 * 16 }] }],
    ['a bad ZIP code', { recipient: { ...recipient, postalCode: '1523' } }],
  ])('refuses %s, as createShipment does', async (_name, overrides) => {
    await expectCarrierError(setup().carrier.rateShipment({ ...rateRequest, ...overrides }), 'invalid_request');
  });
});

describe('voidShipment', () => {
  it('voids a fresh shipment, twice without complaint', async () => {
    const { carrier } = setup();
    const created = await carrier.createShipment(shipmentRequest());
    await carrier.voidShipment({ carrierShipmentId: created.carrierShipmentId, trackingNumbers: [created.trackingNumber] });
    await carrier.voidShipment({ carrierShipmentId: created.carrierShipmentId, trackingNumbers: [created.trackingNumber] });
    await expectCarrierError(carrier.track({ trackingNumber: created.trackingNumber }), 'not_found');
    await expectCarrierError(carrier.schedulePickup(pickupRequest([created.trackingNumber])), 'invalid_request');
  });

  it('refuses after 24 hours with void_period_expired', async () => {
    const { carrier, clock } = setup();
    const created = await carrier.createShipment(shipmentRequest());
    clock.advance(24 * HOUR - 1);
    const fresh = await carrier.createShipment(shipmentRequest({ shipmentId: 'fresh' }));
    await carrier.voidShipment({ carrierShipmentId: fresh.carrierShipmentId, trackingNumbers: [] });
    clock.advance(1);
    await expectCarrierError(
      carrier.voidShipment({ carrierShipmentId: created.carrierShipmentId, trackingNumbers: [created.trackingNumber] }),
      'void_period_expired',
    );
  });

  it('refuses once the package has been picked up, or simulated in transit', async () => {
    const { carrier, clock } = setup();
    const picked = await carrier.createShipment(shipmentRequest());
    const simulated = await carrier.createShipment(shipmentRequest({ shipmentId: 'shipment-2' }));
    await carrier.schedulePickup(pickupRequest([picked.trackingNumber]));
    // Scheduled but not yet collected: still voidable.
    clock.set(new Date(PICKUP_AT.getTime() - 1));
    await carrier.simulate(simulated.trackingNumber, 'in_transit');
    await expectCarrierError(carrier.voidShipment({ carrierShipmentId: simulated.carrierShipmentId, trackingNumbers: [] }), 'already_picked_up');
    clock.set(PICKUP_AT);
    await expectCarrierError(carrier.voidShipment({ carrierShipmentId: picked.carrierShipmentId, trackingNumbers: [] }), 'already_picked_up');
  });

  it('takes a well-formed number from before a restart as a fresh package, and refuses nonsense', async () => {
    const { carrier } = setup();
    await carrier.voidShipment({ carrierShipmentId: '1Z999AA10123456784', trackingNumbers: ['1Z999AA10123456784'] });
    await expectCarrierError(carrier.voidShipment({ carrierShipmentId: '1Z999AA10123456785', trackingNumbers: [] }), 'not_found');
  });
});

describe('pickups', () => {
  it('rates one package: base, fuel, tax and the online incentive, no consolidation discount', async () => {
    const { carrier } = setup();
    const { requestKey: _key, ...input } = pickupRequest(['1Z999AA10123456784']);
    const rate = await carrier.ratePickup(input);
    expect(rate).toMatchObject({ baseRateCents: 650, additionalChargesCents: 98, incentivesCents: 50, consolidationDiscountCents: 0, currency: 'USD' });
    // (650 + 98 − 50) × 8% = 55.84 → 56.
    expect(rate.taxesCents).toBe(56);
    expect(rate.totalCents).toBe(650 + 98 + 56 - 50);
    expect(rate.chargeDetails.map((line) => line.description)).toEqual(['Pickup base rate', 'Fuel surcharge', 'Online scheduling incentive', 'Tax (8%)']);
  });

  it('adds a residential surcharge for a home address and $3.00 off per additional package when consolidated', async () => {
    const { carrier } = setup();
    const numbers = await Promise.all(
      [1, 2, 3].map(async (index) => (await carrier.createShipment(shipmentRequest({ shipmentId: `s${index}` }))).trackingNumber),
    );
    const { requestKey: _key, ...input } = pickupRequest(numbers, { address: { ...shipper, companyName: null } });
    const rate = await carrier.ratePickup(input);
    expect(rate.consolidationDiscountCents).toBe(600);
    expect(rate.chargeDetails).toContainEqual({ description: 'Residential pickup surcharge', amountCents: 150 });
    expect(rate.chargeDetails).toContainEqual({ description: 'Consolidated pickup discount (3 packages)', amountCents: -600 });
  });

  it('keeps every rate consistent: the parts add up, the lines add up, never negative', async () => {
    const { carrier } = setup();
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: 1, max: 40 }), fc.boolean(), async (count, residential) => {
        const numbers = Array.from({ length: count }, () => '1Z999AA10123456784');
        const { requestKey: _key, ...input } = pickupRequest(numbers, { address: { ...shipper, companyName: residential ? null : 'Acme' } });
        const rate = await carrier.ratePickup(input);
        expect(rate.totalCents).toBe(
          rate.baseRateCents + rate.additionalChargesCents + rate.taxesCents - rate.incentivesCents - rate.consolidationDiscountCents,
        );
        expect(rate.totalCents).toBeGreaterThanOrEqual(0);
        expect(rate.chargeDetails.reduce((sum, line) => sum + line.amountCents, 0)).toBe(rate.totalCents);
        expect(rate.consolidationDiscountCents).toBe(300 * (count - 1));
      }),
    );
  });

  it('schedules with a 2929 request number, idempotently by request key', async () => {
    const { carrier } = setup();
    const created = await carrier.createShipment(shipmentRequest());
    const first = await carrier.schedulePickup(pickupRequest([created.trackingNumber]));
    const again = await carrier.schedulePickup(pickupRequest([created.trackingNumber]));
    expect(first.pickupRequestNumber).toMatch(/^2929\d{8}$/);
    expect(again).toEqual(first);
    expect(first.rate.totalCents).toBeGreaterThan(0);
    // The same key on a fresh sandbox gets the same number.
    expect((await setup().carrier.schedulePickup(pickupRequest([created.trackingNumber]))).pickupRequestNumber).toBe(first.pickupRequestNumber);
    await expectCarrierError(carrier.schedulePickup(pickupRequest([created.trackingNumber], { closeTime: '16:00' })), 'invalid_request');
    await expectCarrierError(carrier.schedulePickup(pickupRequest([created.trackingNumber], { requestKey: 'another key' })), 'invalid_request');
  });

  it.each([
    ['today', { pickupDate: '2026-11-23' }],
    ['a Saturday', { pickupDate: '2026-11-28' }],
    ['a close before the ready time', { readyTime: '15:00', closeTime: '10:00' }],
    ['a malformed time', { readyTime: '9' }],
  ])('refuses a pickup on %s', async (_name, overrides) => {
    await expectCarrierError(setup().carrier.schedulePickup(pickupRequest(['1Z999AA10123456784'], overrides)), 'invalid_request');
  });

  it('refuses a pickup of no or malformed packages', async () => {
    await expectCarrierError(setup().carrier.schedulePickup(pickupRequest([])), 'invalid_request');
    await expectCarrierError(setup().carrier.schedulePickup(pickupRequest(['1Z999AA10123456785'])), 'invalid_request');
  });

  it('cancels idempotently, then books a new number for the same key; unknown numbers are not found', async () => {
    const { carrier } = setup();
    const created = await carrier.createShipment(shipmentRequest());
    const first = await carrier.schedulePickup(pickupRequest([created.trackingNumber]));
    await carrier.cancelPickup({ pickupRequestNumber: first.pickupRequestNumber });
    await carrier.cancelPickup({ pickupRequestNumber: first.pickupRequestNumber });
    expect((await carrier.track({ trackingNumber: created.trackingNumber })).status).toBe('created');
    const second = await carrier.schedulePickup(pickupRequest([created.trackingNumber], { closeTime: '16:00' }));
    expect(second.pickupRequestNumber).toMatch(/^2929\d{8}$/);
    expect(second.pickupRequestNumber).not.toBe(first.pickupRequestNumber);
    await expectCarrierError(carrier.cancelPickup({ pickupRequestNumber: '292900000000' }), 'not_found');
  });

  it('refuses to cancel a pickup that has happened', async () => {
    const { carrier, clock } = setup();
    const created = await carrier.createShipment(shipmentRequest());
    const { pickupRequestNumber } = await carrier.schedulePickup(pickupRequest([created.trackingNumber]));
    clock.set(PICKUP_AT);
    await expectCarrierError(carrier.cancelPickup({ pickupRequestNumber }), 'invalid_request');
  });
});

describe('track', () => {
  it('stays created until a pickup, then moves on with the clock to delivered', async () => {
    const { carrier, clock } = setup();
    const { trackingNumber } = await carrier.createShipment(shipmentRequest());
    expect(await carrier.track({ trackingNumber })).toMatchObject({ status: 'created', estimatedDeliveryDate: null });
    clock.advance(HOUR);
    await carrier.schedulePickup(pickupRequest([trackingNumber]));
    const statusAt = async (at: Date) => {
      clock.set(at);
      return (await carrier.track({ trackingNumber })).status;
    };
    expect(await statusAt(new Date(PICKUP_AT.getTime() - 1))).toBe('pickup_scheduled');
    expect(await statusAt(PICKUP_AT)).toBe('shipped');
    expect(await statusAt(new Date(PICKUP_AT.getTime() + 6 * HOUR))).toBe('in_transit');
    expect(await statusAt(new Date(PICKUP_AT.getTime() + 48 * HOUR))).toBe('out_for_delivery');
    expect(await statusAt(new Date(PICKUP_AT.getTime() + 56 * HOUR))).toBe('delivered');
    const result = await carrier.track({ trackingNumber });
    expect(result.events.map((event) => event.status)).toEqual(['delivered', 'out_for_delivery', 'in_transit', 'shipped', 'pickup_scheduled', 'created']);
    expect(result.events[0]).toMatchObject({ occurredAt: new Date(PICKUP_AT.getTime() + 56 * HOUR).toISOString(), location: 'PITTSBURGH, PA, US' });
    expect(result.estimatedDeliveryDate).toBeNull();
  });

  it('estimates the delivery date while under way', async () => {
    const { carrier, clock } = setup();
    const { trackingNumber } = await carrier.createShipment(shipmentRequest());
    await carrier.schedulePickup(pickupRequest([trackingNumber]));
    clock.set(new Date(PICKUP_AT.getTime() + 7 * HOUR));
    expect(await carrier.track({ trackingNumber })).toMatchObject({ status: 'in_transit', estimatedDeliveryDate: '2026-11-26' });
  });

  it('does not know tracking numbers it never issued', async () => {
    await expectCarrierError(setup().carrier.track({ trackingNumber: '1Z999AA10123456784' }), 'not_found');
  });
});

describe('simulate', () => {
  it('offers the statuses of the development simulation', () => {
    expect(SIMULATION_STATUSES).toEqual(['in_transit', 'out_for_delivery', 'delivered', 'exception', 'returned']);
  });

  it('walks a created package forward through the steps it missed, and the status then holds', async () => {
    const { carrier, clock } = setup();
    const { trackingNumber } = await carrier.createShipment(shipmentRequest());
    const result = await carrier.simulate(trackingNumber, 'out_for_delivery');
    expect(result.status).toBe('out_for_delivery');
    expect(result.events.map((event) => event.status)).toEqual(['out_for_delivery', 'in_transit', 'shipped', 'created']);
    expect(result.events[0]?.description).toMatch(/simulated/);
    clock.advance(30 * 24 * HOUR);
    expect((await carrier.track({ trackingNumber })).status).toBe('out_for_delivery');
    expect((await carrier.simulate(trackingNumber, 'delivered')).events.map((event) => event.status)).toEqual([
      'delivered',
      'out_for_delivery',
      'in_transit',
      'shipped',
      'created',
    ]);
  });

  it('records an exception or a return as one event, even after delivery', async () => {
    const { carrier } = setup();
    const { trackingNumber } = await carrier.createShipment(shipmentRequest());
    await carrier.simulate(trackingNumber, 'delivered');
    const exception = await carrier.simulate(trackingNumber, 'exception');
    expect(exception.status).toBe('exception');
    const back = await carrier.simulate(trackingNumber, 'in_transit');
    expect(back.status).toBe('in_transit');
    expect((await carrier.simulate(trackingNumber, 'returned')).status).toBe('returned');
  });

  it('refuses statuses outside the list and voided packages', async () => {
    const { carrier } = setup();
    const created = await carrier.createShipment(shipmentRequest());
    await expectCarrierError(carrier.simulate(created.trackingNumber, 'created' as never), 'invalid_request');
    await carrier.voidShipment({ carrierShipmentId: created.carrierShipmentId, trackingNumbers: [] });
    await expectCarrierError(carrier.simulate(created.trackingNumber, 'delivered'), 'invalid_request');
  });
});

describe('the ledger (its database tables): what the sandbox remembers across restarts and instances', () => {
  let database: DatabaseHandle;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database.close());

  /** A fresh ledger; each `restart()` is another sandbox over it (a restarted server, or another instance). */
  async function ledgerSetup() {
    const ledger = createSandboxLedgerRepository(database.db);
    await ledger.clear();
    const clock = createManualClock(START);
    const restart = () => createSandboxCarrier({ clock, ledger: createSandboxLedgerRepository(database.db) });
    return { clock, ledger, restart };
  }

  it('tracks, cancels and re-requests pickups for parcels labelled before a restart', async () => {
    const { clock, restart } = await ledgerSetup();
    const before = restart();
    const one = await before.createShipment(shipmentRequest());
    const two = await before.createShipment(shipmentRequest({ shipmentId: 'shipment-2' }));
    const request = pickupRequest([one.trackingNumber]);
    const pickup = await before.schedulePickup(request);

    const after = restart();
    expect((await after.track({ trackingNumber: one.trackingNumber })).status).toBe('pickup_scheduled');
    // The same request key after the restart is the same pickup, never a second one.
    expect((await after.schedulePickup(request)).pickupRequestNumber).toBe(pickup.pickupRequestNumber);
    await after.cancelPickup({ pickupRequestNumber: pickup.pickupRequestNumber });
    expect((await after.track({ trackingNumber: one.trackingNumber })).status).toBe('created');

    // A pickup booked after the restart moves the parcel on with the clock, in yet another sandbox.
    await after.schedulePickup(pickupRequest([two.trackingNumber]));
    clock.set(new Date(PICKUP_AT.getTime() + 7 * HOUR));
    expect((await restart().track({ trackingNumber: two.trackingNumber })).status).toBe('in_transit');
  });

  it('remembers voids and simulations', async () => {
    const { restart } = await ledgerSetup();
    const before = restart();
    const voided = await before.createShipment(shipmentRequest());
    const simulated = await before.createShipment(shipmentRequest({ shipmentId: 'shipment-2' }));
    await before.voidShipment({ carrierShipmentId: voided.carrierShipmentId, trackingNumbers: [voided.trackingNumber] });
    await before.simulate(simulated.trackingNumber, 'out_for_delivery');

    const after = restart();
    await expectCarrierError(after.track({ trackingNumber: voided.trackingNumber }), 'not_found');
    expect((await after.track({ trackingNumber: simulated.trackingNumber })).status).toBe('out_for_delivery');
  });

  it('finds a label made before a restart by its shipment id (the lookup before buying again), and nothing for another id', async () => {
    const { restart } = await ledgerSetup();
    const created = await restart().createShipment(shipmentRequest({ shipmentId: 'shipment-lost-answer' }));
    const after = restart();
    const found = await after.findShipment(shipmentRequest({ shipmentId: 'shipment-lost-answer' }));
    expect(found).toMatchObject({
      trackingNumber: created.trackingNumber,
      carrierShipmentId: created.carrierShipmentId,
      chargesCents: created.chargesCents,
      label: { format: 'GIF' },
    });
    expect(await after.findShipment(shipmentRequest({ shipmentId: 'shipment-never-bought' }))).toBeNull();
    // In the same sandbox, too, without the ledger.
    const { carrier } = setup();
    const bought = await carrier.createShipment(shipmentRequest());
    expect((await carrier.findShipment(shipmentRequest()))?.trackingNumber).toBe(bought.trackingNumber);
    expect(await carrier.findShipment(shipmentRequest({ shipmentId: 'shipment-2' }))).toBeNull();
  });

  it('finds a pickup booked under a request key (the lookup before booking again), and nothing once it is cancelled or for another key', async () => {
    const { restart } = await ledgerSetup();
    const created = await restart().createShipment(shipmentRequest());
    const booked = await restart().schedulePickup(pickupRequest([created.trackingNumber], { requestKey: 'pickup-lost-answer' }));
    // Another instance, or this one after a restart, finds it by the key.
    const after = restart();
    expect(await after.findPickup(pickupRequest([created.trackingNumber], { requestKey: 'pickup-lost-answer' }))).toEqual({
      pickupRequestNumber: booked.pickupRequestNumber,
      pickupDate: PICKUP_DATE,
    });
    expect(await after.findPickup(pickupRequest([created.trackingNumber], { requestKey: 'pickup-never-booked' }))).toBeNull();
    await after.cancelPickup({ pickupRequestNumber: booked.pickupRequestNumber });
    expect(await restart().findPickup(pickupRequest([created.trackingNumber], { requestKey: 'pickup-lost-answer' }))).toBeNull();
  });

  it('starts afresh after clear', async () => {
    const { ledger, restart } = await ledgerSetup();
    const created = await restart().createShipment(shipmentRequest());
    expect((await restart().track({ trackingNumber: created.trackingNumber })).status).toBe('created');
    await ledger.clear();
    await expectCarrierError(restart().track({ trackingNumber: created.trackingNumber }), 'not_found');
  });

  it('two sandboxes at once act as one carrier: a pickup or void made by one is seen by the other at its next call', async () => {
    const { restart } = await ledgerSetup();
    const [instanceA, instanceB] = [restart(), restart()];
    const parcel = await instanceA.createShipment(shipmentRequest());
    const other = await instanceA.createShipment(shipmentRequest({ shipmentId: 'shipment-2' }));
    // B has its own memory, already holding the parcel as it was (created).
    expect((await instanceB.track({ trackingNumber: parcel.trackingNumber })).status).toBe('created');
    const pickup = await instanceA.schedulePickup(pickupRequest([parcel.trackingNumber]));
    expect((await instanceB.track({ trackingNumber: parcel.trackingNumber })).status).toBe('pickup_scheduled');
    // B refuses a second pickup for a parcel A already booked, and cancels A's pickup.
    await expectCarrierError(instanceB.schedulePickup({ ...pickupRequest([parcel.trackingNumber]), requestKey: 'another-key' }), 'invalid_request');
    await instanceB.cancelPickup({ pickupRequestNumber: pickup.pickupRequestNumber });
    expect((await instanceA.track({ trackingNumber: parcel.trackingNumber })).status).toBe('created');
    await instanceB.voidShipment({ carrierShipmentId: other.carrierShipmentId, trackingNumbers: [other.trackingNumber] });
    await expectCarrierError(instanceA.track({ trackingNumber: other.trackingNumber }), 'not_found');
  });

  it('moves a recorded parcel on its way along the usual timeline, and holds a delivered one', async () => {
    const { clock, restart } = await ledgerSetup();
    const seeding = restart();
    const onTheWay = makeNumber('0000001');
    const delivered = makeNumber('0000002');
    const at = (hours: number) => new Date(START.getTime() + hours * HOUR).toISOString();
    await seeding.recordPackage({
      trackingNumber: onTheWay,
      shipmentId: 'seeded-1',
      createdAt: new Date(at(-10)),
      destination: 'PITTSBURGH, PA, US',
      voided: false,
      events: [
        { status: 'in_transit', description: 'Departed from Facility', occurredAt: at(-1), location: 'Hub' },
        { status: 'created', description: 'Label created', occurredAt: at(-10), location: null },
        { status: 'shipped', description: 'Pickup Scan', occurredAt: at(-8), location: 'Origin' },
      ],
    });
    await seeding.recordPackage({
      trackingNumber: delivered,
      shipmentId: 'seeded-2',
      createdAt: new Date(at(-100)),
      destination: 'PITTSBURGH, PA, US',
      voided: false,
      events: [
        { status: 'created', description: 'Label created', occurredAt: at(-100), location: null },
        { status: 'delivered', description: 'Delivered', occurredAt: at(-2), location: 'PITTSBURGH, PA, US' },
      ],
    });

    const server = restart();
    expect((await server.track({ trackingNumber: onTheWay })).status).toBe('in_transit');
    expect((await server.track({ trackingNumber: delivered })).status).toBe('delivered');
    clock.set(new Date(START.getTime() + 3 * 24 * HOUR));
    expect((await server.track({ trackingNumber: onTheWay })).status).toBe('delivered');
    const held = await server.track({ trackingNumber: delivered });
    expect(held.status).toBe('delivered');
    expect(held.events.map((event) => event.status)).toEqual(['delivered', 'created']);
    // Picked up, so past voiding.
    await expectCarrierError(server.voidShipment({ carrierShipmentId: onTheWay, trackingNumbers: [onTheWay] }), 'already_picked_up');
  });
});

function makeNumber(packageNumber: string): string {
  return makeUpsTrackingNumber({ shipperNumber: 'SANDBX', serviceCode: '03', packageNumber });
}
