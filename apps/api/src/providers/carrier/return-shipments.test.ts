import sharp from 'sharp';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { isValidUpsTrackingNumber } from '@marketplace/domain/ups-tracking-number';
import { hasUpsDescriptions, returnShipmentProblem, startFakeUpsServer, UPS_DESCRIPTIONS_MISSING, type FakeUpsServer } from '../../../test/fake-ups-server';
import { createManualClock } from '../../lib/clock';
import { CarrierError, PRINT_RETURN_LABEL, type CarrierAddress, type CarrierProvider, type CreateReturnShipmentRequest } from './port';
import { createSandboxCarrier } from './sandbox';
import { createTestDatabase } from '../../../test/helper';
import { createSandboxLedgerRepository } from './sandbox-ledger.repository';
import type { SandboxLedger } from './sandbox-ledger';
import { createUpsCarrier } from './ups';
import { timeLimit } from '../../../test/time-limit';

// Return shipments on every side of the carrier port: the sandbox, the UPS adapter against
// the fake UPS server, and the fake's own return rules taken from Shipping.yaml.

const HOUR = 60 * 60 * 1000;
const START = new Date('2026-11-23T15:00:00Z');

const buyer: CarrierAddress = {
  name: 'Bea Buyer',
  phone: '2125550199',
  line1: '350 5th Ave',
  city: 'New York',
  state: 'NY',
  postalCode: '10118',
  countryCode: 'US',
};
const seller: CarrierAddress = {
  name: 'Sam Seller',
  companyName: 'Sam’s Vintage',
  phone: '(404) 555-0101',
  line1: '100 Peachtree St NW',
  line2: 'Suite 200',
  city: 'Atlanta',
  state: 'GA',
  postalCode: '30303',
  countryCode: 'US',
};

const returnRequest = (overrides: Partial<CreateReturnShipmentRequest> = {}): CreateReturnShipmentRequest => ({
  returnId: 'return-1',
  shipper: buyer,
  recipient: seller,
  package: { weightOunces: 40, description: 'Walnut cutting board' },
  serviceCode: '03',
  reference: 'Return 1234abcd',
  ...overrides,
});

async function carrierErrorOf(promise: Promise<unknown>): Promise<CarrierError> {
  const error = await promise.then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(CarrierError);
  return error as CarrierError;
}

function dig(value: unknown, ...keys: (string | number)[]): unknown {
  return keys.reduce<unknown>(
    (current, key) => (typeof current === 'object' && current !== null ? (current as Record<string | number, unknown>)[key] : undefined),
    value,
  );
}

describe('sandbox return shipments', () => {
  const setup = (ledger?: SandboxLedger) => {
    const clock = createManualClock(START);
    return { clock, carrier: createSandboxCarrier({ clock, ...(ledger ? { ledger } : {}) }) };
  };

  it('makes a real 4 × 6 GIF return label with a valid 1Z number, UPS Ground charges and the Print Return Label service', async () => {
    const { carrier } = setup();
    const created = await carrier.createReturnShipment(returnRequest());
    expect(isValidUpsTrackingNumber(created.trackingNumber)).toBe(true);
    expect(created).toMatchObject({
      carrierShipmentId: created.trackingNumber,
      serviceCode: '03',
      serviceDescription: 'UPS Ground',
      returnServiceCode: PRINT_RETURN_LABEL.code,
      currency: 'USD',
    });
    // Charged as the same parcel between the same places would be.
    const same = await carrier.createShipment({
      shipmentId: 'same-parcel',
      shipper: buyer,
      recipient: seller,
      packages: [{ weightOunces: 40 }],
      serviceCode: '03',
    });
    expect(created.chargesCents).toBe(same.chargesCents);
    expect(created.chargesCents).toBeGreaterThan(0);
    expect(await sharp(Buffer.from(created.label.base64, 'base64')).metadata()).toMatchObject({ format: 'gif', width: 812, height: 1218 });
  });

  it('is idempotent on the return id, also for concurrent retries, and refuses the same id with other details', async () => {
    const { carrier, clock } = setup();
    const [first, second] = await Promise.all([carrier.createReturnShipment(returnRequest()), carrier.createReturnShipment(returnRequest())]);
    clock.advance(HOUR);
    expect(second).toEqual(first);
    expect(await carrier.createReturnShipment(returnRequest())).toEqual(first);
    const error = await carrierErrorOf(carrier.createReturnShipment(returnRequest({ package: { weightOunces: 80, description: 'Walnut cutting board' } })));
    expect(error.code).toBe('invalid_request');
  });

  it('never gives a return the numbers of an outbound shipment with the same id', async () => {
    const { carrier } = setup();
    const outbound = await carrier.createShipment({
      shipmentId: 'return-1',
      shipper: seller,
      recipient: buyer,
      packages: [{ weightOunces: 40 }],
      serviceCode: '03',
    });
    const back = await carrier.createReturnShipment(returnRequest());
    expect(back.trackingNumber).not.toBe(outbound.trackingNumber);
  });

  it('refuses what UPS refuses in a return: services without returns, no merchandise description, bad addresses', async () => {
    const { carrier } = setup();
    expect((await carrierErrorOf(carrier.createReturnShipment(returnRequest({ returnId: 'r-13', serviceCode: '13' })))).code).toBe('invalid_request');
    expect(
      (await carrierErrorOf(carrier.createReturnShipment(returnRequest({ returnId: 'r-desc', package: { weightOunces: 40, description: '  ' } })))).code,
    ).toBe('invalid_request');
    expect(
      (await carrierErrorOf(carrier.createReturnShipment(returnRequest({ returnId: 'r-zip', shipper: { ...buyer, postalCode: 'ABC' } })))).message,
    ).toMatch(/Ship-from postal code/);
    expect(
      (await carrierErrorOf(carrier.createReturnShipment(returnRequest({ returnId: 'r-weight', package: { weightOunces: 0, description: 'Board' } })))).code,
    ).toBe('invalid_request');
  });

  it('tracks the return as labelled until the simulation moves it, step by step, to delivered', async () => {
    const { carrier } = setup();
    const created = await carrier.createReturnShipment(returnRequest());
    expect((await carrier.track({ trackingNumber: created.trackingNumber })).status).toBe('created');
    const delivered = await carrier.simulate(created.trackingNumber, 'delivered');
    expect(delivered.status).toBe('delivered');
    // Newest first, through the usual steps, ending at the seller's city.
    expect(delivered.events.map((event) => event.status)).toEqual(['delivered', 'out_for_delivery', 'in_transit', 'shipped', 'created']);
    expect(delivered.events[0]?.location).toBe('ATLANTA, GA, US');
  });

  it('voids an unused return label, after which it is no longer tracked', async () => {
    const { carrier } = setup();
    const created = await carrier.createReturnShipment(returnRequest());
    await carrier.voidShipment({ carrierShipmentId: created.carrierShipmentId, trackingNumbers: [created.trackingNumber] });
    expect((await carrierErrorOf(carrier.track({ trackingNumber: created.trackingNumber }))).code).toBe('not_found');
  });

  it('remembers a return label across a restart (its ledger), and answers a retry with the same number', { timeout: timeLimit(60_000) }, async () => {
    const database = await createTestDatabase();
    try {
      const first = await setup(createSandboxLedgerRepository(database.db)).carrier.createReturnShipment(returnRequest());
      const restarted = setup(createSandboxLedgerRepository(database.db)).carrier;
      expect((await restarted.track({ trackingNumber: first.trackingNumber })).status).toBe('created');
      expect((await restarted.createReturnShipment(returnRequest())).trackingNumber).toBe(first.trackingNumber);
    } finally {
      await database.close();
    }
  });
});

describe('the fake UPS server’s return rules (Shipping.yaml)', () => {
  const validReturn = () => ({
    ReturnService: { Code: '9', Description: 'UPS Print Return Label' },
    Shipper: { Name: 'Seller', ShipperNumber: 'A1B2C3', Address: { AddressLine: ['1 Main St'], City: 'Atlanta', CountryCode: 'US' } },
    ShipTo: { Name: 'Seller', Address: { AddressLine: ['1 Main St'], City: 'Atlanta', CountryCode: 'US' } },
    ShipFrom: { Name: 'Buyer', Address: { AddressLine: ['2 Side St'], City: 'New York', CountryCode: 'US' } },
    PaymentInformation: { ShipmentCharge: [{ Type: '01', BillShipper: { AccountNumber: 'A1B2C3' } }] },
    Service: { Code: '03' },
    Package: [{ Description: 'Board', Packaging: { Code: '02' } }],
  });

  it('accepts a forward shipment and a valid Print Return Label', () => {
    const { ReturnService: _returnService, ...forward } = validReturn();
    expect(returnShipmentProblem(forward)).toBeNull();
    expect(returnShipmentProblem(validReturn())).toBeNull();
  });

  it.each([
    ['an unknown return service code', { ReturnService: { Code: '7' } }, /Invalid ReturnService/],
    ['no ShipFrom', { ShipFrom: undefined }, /ShipFrom is required/],
    ['a package without a merchandise description', { Package: [{ Packaging: { Code: '02' } }] }, /Description/],
    ['two packages from the US', { Package: [{ Description: 'A' }, { Description: 'B' }] }, /limited to one package/],
    ['a service returns cannot use', { Service: { Code: '13' } }, /not available to return/],
    [
      'Bill Receiver for transportation',
      { PaymentInformation: { ShipmentCharge: [{ Type: '01', BillReceiver: { AccountNumber: 'Z9Z9Z9' } }] } },
      /Bill Receiver/,
    ],
    ['an Electronic Return Label without LabelDelivery', { ReturnService: { Code: '8' } }, /LabelDelivery is required/],
    ['a Print Return Label e-mailed', { ShipmentServiceOptions: { LabelDelivery: { EMail: { EMailAddress: 'a@b.c' } } } }, /LabelLinksIndicator/],
  ])('refuses a return with %s', (_name, change, message) => {
    const problem = returnShipmentProblem({ ...validReturn(), ...change });
    expect(problem?.code).toBe('FAKE-UPS-RETURN');
    expect(problem?.message).toMatch(message);
  });
});

const available = hasUpsDescriptions();
if (!available) console.warn(UPS_DESCRIPTIONS_MISSING);

describe.skipIf(!available)('UPS return shipments against the fake UPS server', () => {
  let fake: FakeUpsServer;
  let ups: CarrierProvider;

  beforeAll(async () => {
    fake = await startFakeUpsServer({ tokenLifetimeSeconds: 3600 });
  });

  afterAll(async () => {
    await fake.close();
  });

  beforeEach(() => {
    ups = createUpsCarrier({
      clientId: fake.clientId,
      clientSecret: fake.clientSecret,
      accountNumber: fake.accountNumber,
      baseUrl: fake.baseUrl,
      clock: createManualClock(),
    });
    fake.requests.length = 0;
    fake.responses.length = 0;
  });

  afterEach(() => {
    // Every answer the fake gave matched UPS's documented schema for its status.
    expect(fake.responses.filter((response) => response.schemaErrors !== null)).toEqual([]);
  });

  it('sends a ShipmentRequest with ReturnService 9: the seller is Shipper and ShipTo, the buyer ShipFrom, one described package', async () => {
    const created = await ups.createReturnShipment(returnRequest());
    expect(created).toMatchObject({ serviceCode: '03', serviceDescription: 'UPS Ground', returnServiceCode: '9', chargesCents: 1427, currency: 'USD' });
    expect(isValidUpsTrackingNumber(created.trackingNumber)).toBe(true);
    expect(Buffer.from(created.label.base64, 'base64').subarray(0, 6).toString('latin1')).toBe('GIF89a');
    const [ship] = fake.requestsFor('ship');
    const shipment = dig(ship?.body, 'ShipmentRequest', 'Shipment');
    expect(dig(shipment, 'ReturnService')).toEqual({ Code: '9', Description: 'UPS Print Return Label' });
    expect(dig(shipment, 'Shipper', 'ShipperNumber')).toBe(fake.accountNumber);
    expect(dig(shipment, 'Shipper', 'Address', 'City')).toBe('Atlanta');
    expect(dig(shipment, 'ShipTo', 'Address', 'PostalCode')).toBe('30303');
    expect(dig(shipment, 'ShipFrom', 'Address', 'City')).toBe('New York');
    expect(dig(shipment, 'ShipFrom', 'AttentionName')).toBe('Bea Buyer');
    expect(dig(shipment, 'Package', 0, 'Description')).toBe('Walnut cutting board');
    expect(dig(shipment, 'Package', 'length')).toBe(1);
    expect(dig(shipment, 'PaymentInformation', 'ShipmentCharge', 0, 'BillShipper', 'AccountNumber')).toBe(fake.accountNumber);
    expect(dig(ship?.body, 'ShipmentRequest', 'Request', 'TransactionReference', 'CustomerContext')).toBe('return-1');
    expect(fake.responses.at(-1)?.status).toBe(200);
  });

  it('answers a retry of the same return from the first label, without a second UPS shipment', async () => {
    const [first, second] = await Promise.all([ups.createReturnShipment(returnRequest()), ups.createReturnShipment(returnRequest())]);
    const third = await ups.createReturnShipment(returnRequest());
    expect(second).toEqual(first);
    expect(third).toEqual(first);
    expect(fake.requestsFor('ship')).toHaveLength(1);
  });

  it('asks UPS again after a failure, and maps UPS refusals to typed errors', async () => {
    fake.failNext({ operation: 'ship', status: 503, code: '190001', message: 'Service unavailable' });
    const unavailable = await carrierErrorOf(ups.createReturnShipment(returnRequest()));
    expect(unavailable).toMatchObject({ code: 'unavailable', retryable: true });
    const created = await ups.createReturnShipment(returnRequest());
    expect(created.trackingNumber).toMatch(/^1Z/);
    expect(fake.requestsFor('ship')).toHaveLength(2);
  });

  it('is refused by the fake, as by UPS, when a return breaks Shipping.yaml’s rules', async () => {
    const refused = await carrierErrorOf(ups.createReturnShipment(returnRequest({ returnId: 'return-13', serviceCode: '13' })));
    expect(refused).toMatchObject({ code: 'invalid_request', carrierCode: 'FAKE-UPS-RETURN' });
    expect(refused.message).toMatch(/not available to return/);
  });
});
