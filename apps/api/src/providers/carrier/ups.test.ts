import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { hasUpsDescriptions, startFakeUpsServer, UPS_DESCRIPTIONS_MISSING, type FakeUpsServer } from '../../../test/fake-ups-server';
import { createManualClock } from '../../lib/clock';
import { CarrierError, type CarrierAddress, type CarrierProvider, type CreateShipmentRequest } from './port';
import { randomUUID } from 'node:crypto';
import { createUpsCarrier, pickupReferenceOf, formatOuncesAsPounds, mapUpsTrackingStatus, parseUpsMoneyToCents, shipmentReferenceOf } from './ups';

// Contract tests: the UPS adapter against a local fake that enforces UPS's published schemas.

const available = hasUpsDescriptions();
if (!available) console.warn(UPS_DESCRIPTIONS_MISSING);

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

const buyer: CarrierAddress = {
  name: 'Bea Buyer',
  phone: '2125550199',
  line1: '350 5th Ave',
  city: 'New York',
  state: 'NY',
  postalCode: '10118',
  countryCode: 'US',
};

function shipmentRequest(
  packages: CreateShipmentRequest['packages'] = [{ weightOunces: 24, lengthInches: 12, widthInches: 9, heightInches: 4, description: 'Vintage lamp' }],
): CreateShipmentRequest {
  return { shipmentId: 'shp_0001', shipper: seller, recipient: buyer, packages, serviceCode: '03', reference: 'order 1042' };
}

/** Reads a nested field of a recorded UPS body: dig(body, 'ShipmentRequest', 'Shipment', …). */
function dig(value: unknown, ...keys: (string | number)[]): unknown {
  return keys.reduce<unknown>(
    (current, key) => (typeof current === 'object' && current !== null ? (current as Record<string | number, unknown>)[key] : undefined),
    value,
  );
}

async function carrierErrorOf(promise: Promise<unknown>): Promise<CarrierError> {
  const error = await promise.then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(CarrierError);
  return error as CarrierError;
}

describe('UPS helpers', () => {
  it('turns UPS decimal strings into exact cents', () => {
    expect(parseUpsMoneyToCents('14.27')).toBe(1427);
    expect(parseUpsMoneyToCents('00006.50')).toBe(650);
    expect(parseUpsMoneyToCents('0.1')).toBe(10);
    expect(parseUpsMoneyToCents('19.99')).toBe(1999);
    expect(parseUpsMoneyToCents('1.005')).toBe(101);
    expect(parseUpsMoneyToCents('-2.30')).toBe(-230);
    expect(() => parseUpsMoneyToCents('12,30')).toThrow(CarrierError);
  });

  it('sends ounces as pounds with one decimal, rounded up', () => {
    expect(formatOuncesAsPounds(16)).toBe('1.0');
    expect(formatOuncesAsPounds(24)).toBe('1.5');
    expect(formatOuncesAsPounds(1)).toBe('0.1');
    expect(formatOuncesAsPounds(17)).toBe('1.1');
  });

  it('maps UPS status types', () => {
    expect(mapUpsTrackingStatus({ type: 'M' })).toBe('created');
    expect(mapUpsTrackingStatus({ type: 'P' })).toBe('shipped');
    expect(mapUpsTrackingStatus({ type: 'I', code: 'DP' })).toBe('in_transit');
    expect(mapUpsTrackingStatus({ type: 'I', code: 'OT' })).toBe('out_for_delivery');
    expect(mapUpsTrackingStatus({ type: 'O' })).toBe('out_for_delivery');
    expect(mapUpsTrackingStatus({ type: 'D' })).toBe('delivered');
    expect(mapUpsTrackingStatus({ type: 'X' })).toBe('exception');
    expect(mapUpsTrackingStatus({ type: 'RS' })).toBe('returned');
  });
});

describe.skipIf(!available)('UPS carrier against the fake UPS server', () => {
  let fake: FakeUpsServer;
  let clock: ReturnType<typeof createManualClock>;
  let ups: CarrierProvider;

  beforeAll(async () => {
    fake = await startFakeUpsServer({ tokenLifetimeSeconds: 3600 });
  });

  afterAll(async () => {
    await fake.close();
  });

  beforeEach(() => {
    clock = createManualClock();
    // A fresh adapter per test: its token cache starts empty.
    ups = createUpsCarrier({ clientId: fake.clientId, clientSecret: fake.clientSecret, accountNumber: fake.accountNumber, baseUrl: fake.baseUrl, clock });
    fake.requests.length = 0;
    fake.responses.length = 0;
    fake.tokensIssued = 0;
    fake.packageResultsShape = 'array';
    fake.shipmentCharge = '14.27';
    fake.rateCharges = { base: '12.41', fuelSurcharge: '1.86', serviceOptions: '0.00' };
    fake.transitDays = 2;
    // UPS's today is the adapter's: a time-in-transit pickup date is checked against it.
    fake.clock = clock;
    fake.pickupCharges = { base: '6.50', surcharge: '1.20', tax: '0.62', incentive: '0.00' };
  });

  afterEach(() => {
    // Every answer the fake gave matched UPS's documented schema for its status.
    expect(fake.responses.filter((response) => response.schemaErrors !== null)).toEqual([]);
  });

  it('fetches a token once with Basic auth and reuses it', async () => {
    const created = await ups.createShipment(shipmentRequest());
    expect((await ups.track({ trackingNumber: created.trackingNumber })).status).toBe('created');
    await ups.ratePickup({
      address: seller,
      pickupDate: '2026-01-16',
      readyTime: '09:00',
      closeTime: '17:00',
      trackingNumbers: ['1Z999AA10123456784'],
      totalWeightOunces: 24,
    });
    expect(fake.tokensIssued).toBe(1);
    const [tokenRequest] = fake.requestsFor('token');
    expect(tokenRequest?.headers.authorization).toBe(`Basic ${Buffer.from(`${fake.clientId}:${fake.clientSecret}`).toString('base64')}`);
    expect(tokenRequest?.body).toEqual({ grant_type: 'client_credentials' });
    expect(fake.requestsFor('ship')[0]?.headers.authorization).toBe('Bearer fake-ups-token-1');
  });

  it('refreshes the token shortly before it expires', async () => {
    await ups.ratePickup({ address: seller, pickupDate: '2026-01-16', readyTime: '09:00', closeTime: '17:00', trackingNumbers: [], totalWeightOunces: 16 });
    clock.advance(50 * 60 * 1000);
    await ups.ratePickup({ address: seller, pickupDate: '2026-01-16', readyTime: '09:00', closeTime: '17:00', trackingNumbers: [], totalWeightOunces: 16 });
    expect(fake.tokensIssued).toBe(1);
    clock.advance(9.5 * 60 * 1000);
    await ups.ratePickup({ address: seller, pickupDate: '2026-01-16', readyTime: '09:00', closeTime: '17:00', trackingNumbers: [], totalWeightOunces: 16 });
    expect(fake.tokensIssued).toBe(2);
    expect(fake.requestsFor('pickupRate').at(-1)?.headers.authorization).toBe('Bearer fake-ups-token-2');
  });

  it('refreshes the token once after a 401 and retries the call', async () => {
    await ups.createShipment(shipmentRequest());
    fake.revokeTokens();
    const created = await ups.createShipment(shipmentRequest());
    expect(created.trackingNumber).toMatch(/^1Z/);
    expect(fake.tokensIssued).toBe(2);
    expect(fake.responses.map((response) => response.status)).toEqual([200, 200, 401, 200, 200]);
  });

  it('gives up after one refresh when UPS keeps answering 401', async () => {
    fake.failNext({ operation: 'ship', status: 401, code: '250002', message: 'Invalid Authentication Information.' });
    fake.failNext({ operation: 'ship', status: 401, code: '250002', message: 'Invalid Authentication Information.' });
    expect(await carrierErrorOf(ups.createShipment(shipmentRequest()))).toMatchObject({ code: 'unauthorized', retryable: false, carrierCode: '250002' });
    expect(fake.tokensIssued).toBe(2);
    expect(fake.requestsFor('ship')).toHaveLength(2);
  });

  it('creates a shipment: tracking number, GIF label, charges in cents', async () => {
    const created = await ups.createShipment(shipmentRequest());
    expect(created.trackingNumber).toMatch(/^1ZA1B2C303\d{7}\d$/);
    expect(created.carrierShipmentId).toBe(created.trackingNumber);
    expect(created.serviceCode).toBe('03');
    expect(created.label.format).toBe('GIF');
    expect(Buffer.from(created.label.base64, 'base64').subarray(0, 6).toString('latin1')).toMatch(/^GIF8[79]a$/);
    expect(created.chargesCents).toBe(1427);
    expect(created.currency).toBe('USD');
    expect(created.billingWeightOunces).toBe(32);

    const [ship] = fake.requestsFor('ship');
    expect(ship?.path).toBe('/api/shipments/v2409/ship');
    expect(ship?.headers.transactionsrc).toBe('marketplace');
    expect(ship?.headers.transid).toMatch(/^[0-9a-f]{32}$/);
    const shipment = dig(ship?.body, 'ShipmentRequest', 'Shipment');
    expect(dig(shipment, 'Shipper', 'ShipperNumber')).toBe(fake.accountNumber);
    expect(dig(shipment, 'PaymentInformation', 'ShipmentCharge', 0, 'BillShipper', 'AccountNumber')).toBe(fake.accountNumber);
    expect(dig(shipment, 'Service', 'Code')).toBe('03');
    expect(dig(shipment, 'Package', 0, 'Packaging', 'Code')).toBe('02');
    expect(dig(shipment, 'Package', 0, 'PackageWeight')).toEqual({ UnitOfMeasurement: { Code: 'LBS', Description: 'Pounds' }, Weight: '1.5' });
    expect(dig(shipment, 'ShipTo', 'Address', 'AddressLine')).toEqual(['350 5th Ave']);
    expect(dig(ship?.body, 'ShipmentRequest', 'LabelSpecification', 'LabelImageFormat', 'Code')).toBe('GIF');
  });

  it('larger charges stay exact', async () => {
    fake.shipmentCharge = '1234.56';
    expect((await ups.createShipment(shipmentRequest())).chargesCents).toBe(123456);
  });

  it('reads PackageResults sent as a single object (older versions) as well as an array', async () => {
    fake.packageResultsShape = 'object';
    const created = await ups.createShipment(shipmentRequest());
    expect(Array.isArray(dig(fake.responses.at(-1)?.body, 'ShipmentResponse', 'ShipmentResults', 'PackageResults'))).toBe(false);
    expect(created.trackingNumber).toMatch(/^1Z/);
    expect(Buffer.from(created.label.base64, 'base64').subarray(0, 3).toString('latin1')).toBe('GIF');

    fake.packageResultsShape = 'array';
    const twoPackages = await ups.createShipment(shipmentRequest([{ weightOunces: 10 }, { weightOunces: 40 }]));
    expect(Array.isArray(dig(fake.responses.at(-1)?.body, 'ShipmentResponse', 'ShipmentResults', 'PackageResults'))).toBe(true);
    expect(twoPackages.trackingNumber).toBe(twoPackages.carrierShipmentId);
  });

  it('voids a shipment by its identification number', async () => {
    const created = await ups.createShipment(shipmentRequest());
    await ups.voidShipment({ carrierShipmentId: created.carrierShipmentId, trackingNumbers: [created.trackingNumber] });
    const [request] = fake.requestsFor('void');
    expect(request?.method).toBe('DELETE');
    expect(request?.path).toBe(`/api/shipments/v2409/void/cancel/${created.carrierShipmentId}`);
  });

  it('maps UPS’s void-period refusal to void_period_expired', async () => {
    const created = await ups.createShipment(shipmentRequest());
    fake.failNext({ operation: 'void', status: 400, code: '190102', message: 'No shipment found within the allowed void period' });
    const error = await carrierErrorOf(ups.voidShipment({ carrierShipmentId: created.carrierShipmentId, trackingNumbers: [] }));
    expect(error.code).toBe('void_period_expired');
    expect(error.carrierCode).toBe('190102');
    expect(error.message).toBe('No shipment found within the allowed void period');
    expect(error.retryable).toBe(false);
  });

  it('maps an already-picked-up refusal to already_picked_up (matched on UPS’s message)', async () => {
    const created = await ups.createShipment(shipmentRequest());
    // UPS documents no code for this refusal; the code here is arbitrary, the message decides.
    fake.failNext({ operation: 'void', status: 400, code: '190199', message: 'The package has already been picked up and cannot be voided' });
    const error = await carrierErrorOf(ups.voidShipment({ carrierShipmentId: created.carrierShipmentId, trackingNumbers: [] }));
    expect(error.code).toBe('already_picked_up');
    expect(error.message).toContain('picked up');
  });

  it('rates a label before buying it with the Rating API, in cents, at the price the label then costs', async () => {
    const { shipmentId: _id, ...details } = shipmentRequest();
    const rate = await ups.rateShipment(details);
    expect(rate).toEqual({
      serviceCode: '03',
      serviceDescription: 'UPS Ground',
      totalCents: 1427,
      currency: 'USD',
      // 1.5 lb bills as 2 lb.
      billingWeightOunces: 32,
      chargeDetails: [
        { description: 'Base service charge', amountCents: 1241 },
        { description: 'Fuel surcharge', amountCents: 186 },
      ],
      transitDays: 2,
    });
    const [request] = fake.requestsFor('rate');
    expect(request?.method).toBe('POST');
    expect(request?.path).toBe('/api/rating/v2409/Ratetimeintransit');
    expect(request?.headers.transid).toMatch(/^[0-9a-f]{32}$/);
    expect(dig(request?.body, 'RateRequest', 'Request', 'RequestOption')).toBe('Ratetimeintransit');
    const shipment = dig(request?.body, 'RateRequest', 'Shipment');
    expect(dig(shipment, 'Shipper', 'ShipperNumber')).toBe(fake.accountNumber);
    expect(dig(shipment, 'PaymentDetails', 'ShipmentCharge', 0, 'BillShipper', 'AccountNumber')).toBe(fake.accountNumber);
    expect(dig(shipment, 'ShipTo', 'Address')).toEqual({
      AddressLine: ['350 5th Ave'],
      City: 'New York',
      StateProvinceCode: 'NY',
      PostalCode: '10118',
      CountryCode: 'US',
    });
    expect(dig(shipment, 'Service', 'Code')).toBe('03');
    expect(dig(shipment, 'Package', 0, 'PackagingType', 'Code')).toBe('02');
    expect(dig(shipment, 'Package', 0, 'PackageWeight')).toEqual({ UnitOfMeasurement: { Code: 'LBS', Description: 'Pounds' }, Weight: '1.5' });
    expect(dig(shipment, 'Package', 0, 'Dimensions')).toMatchObject({ Length: '12', Width: '9', Height: '4' });

    const created = await ups.createShipment(shipmentRequest());
    expect(created.chargesCents).toBe(rate.totalCents);
    expect(created.billingWeightOunces).toBe(rate.billingWeightOunces);
  });

  it('asks Rating for the time in transit from the ship date, and reads the business days UPS answers', async () => {
    fake.transitDays = 4;
    const { shipmentId: _id, ...details } = shipmentRequest([{ weightOunces: 24 }, { weightOunces: 40 }]);
    const rate = await ups.rateShipment({ ...details, shipDate: '2026-01-20' });
    expect(rate.transitDays).toBe(4);
    const [request] = fake.requestsFor('rate');
    expect(request?.path).toBe('/api/rating/v2409/Ratetimeintransit');
    expect(dig(request?.body, 'RateRequest', 'Request', 'RequestOption')).toBe('Ratetimeintransit');
    const shipment = dig(request?.body, 'RateRequest', 'Shipment');
    expect(dig(shipment, 'DeliveryTimeInformation')).toEqual({ PackageBillType: '03', Pickup: { Date: '20260120' } });
    // Both packages together: 64 oz.
    expect(dig(shipment, 'ShipmentTotalWeight')).toEqual({ UnitOfMeasurement: { Code: 'LBS', Description: 'Pounds' }, Weight: '4.0' });
    // UPS's answer: picked up Tuesday the 20th, four business days later is Monday the 26th.
    const arrival = dig(fake.responses.at(-1)?.body, 'RateResponse', 'RatedShipment', 0, 'TimeInTransit', 'ServiceSummary', 'EstimatedArrival');
    expect(arrival).toMatchObject({ BusinessDaysInTransit: '4', Arrival: { Date: '20260126' }, DayOfWeek: 'MON' });
    // Timing changes nothing in the price.
    expect(rate.totalCents).toBe(1427);
  });

  it('rates to a ZIP code alone: no street, no city, the state when known — a request UPS takes', async () => {
    const { shipmentId: _id, ...details } = shipmentRequest();
    const rate = await ups.rateShipment({
      ...details,
      recipient: { name: 'Recipient', line1: '', city: '', state: 'CA', postalCode: '94105', countryCode: 'US' },
    });
    expect(rate.totalCents).toBe(1427);
    const address = dig(fake.requestsFor('rate')[0]?.body, 'RateRequest', 'Shipment', 'ShipTo', 'Address');
    expect(address).toEqual({ AddressLine: [], StateProvinceCode: 'CA', PostalCode: '94105', CountryCode: 'US' });
  });

  it('without a ship date, times the parcel from UPS’s today in New York (not UTC’s)', async () => {
    // 22:00 on Thursday the 15th in New York is already Friday the 16th in UTC.
    clock.set(new Date('2026-01-16T03:00:00Z'));
    const { shipmentId: _id, ...details } = shipmentRequest();
    await ups.rateShipment(details);
    expect(dig(fake.requestsFor('rate')[0]?.body, 'RateRequest', 'Shipment', 'DeliveryTimeInformation', 'Pickup', 'Date')).toBe('20260115');
  });

  it('has no time in transit when UPS answers none, and the same price', async () => {
    fake.transitDays = null;
    const { shipmentId: _id, ...details } = shipmentRequest();
    const rate = await ups.rateShipment(details);
    expect(dig(fake.responses.at(-1)?.body, 'RateResponse', 'RatedShipment', 0, 'TimeInTransit')).toBeUndefined();
    expect(rate.transitDays).toBeNull();
    expect(rate.totalCents).toBe(1427);
  });

  it('prices a cross-border shipment alone: UPS would want its declared value to time it', async () => {
    const toronto: CarrierAddress = { name: 'Tess Buyer', line1: '1 Front St W', city: 'Toronto', state: 'ON', postalCode: 'M5J 2X5', countryCode: 'CA' };
    const { shipmentId: _id, ...details } = shipmentRequest();
    const rate = await ups.rateShipment({ ...details, recipient: toronto });
    expect(rate).toMatchObject({ totalCents: 1427, transitDays: null });
    const [request] = fake.requestsFor('rate');
    expect(request?.path).toBe('/api/rating/v2409/Rate');
    expect(dig(request?.body, 'RateRequest', 'Request', 'RequestOption')).toBe('Rate');
    expect(dig(request?.body, 'RateRequest', 'Shipment', 'DeliveryTimeInformation')).toBeUndefined();
  });

  it('refuses a ship date that is no date before asking UPS', async () => {
    const { shipmentId: _id, ...details } = shipmentRequest();
    expect(await carrierErrorOf(ups.rateShipment({ ...details, shipDate: '2026-02-30' }))).toMatchObject({ code: 'invalid_request', retryable: false });
    expect(fake.requestsFor('rate')).toHaveLength(0);
  });

  it('shows service options and any other charge as their own lines, which add up to the total', async () => {
    fake.rateCharges = { base: '10.00', fuelSurcharge: '1.50', serviceOptions: '2.25' };
    const { shipmentId: _id, ...details } = shipmentRequest([{ weightOunces: 10 }, { weightOunces: 40 }]);
    const rate = await ups.rateShipment(details);
    expect(rate.totalCents).toBe(1375);
    expect(rate.chargeDetails).toEqual([
      { description: 'Base service charge', amountCents: 1000 },
      { description: 'Fuel surcharge', amountCents: 150 },
      { description: 'Service options', amountCents: 225 },
    ]);
    expect(dig(fake.requestsFor('rate')[0]?.body, 'RateRequest', 'Shipment', 'Package')).toHaveLength(2);
  });

  it('maps a Rating refusal to invalid_request, and an outage to a retryable error', async () => {
    const { shipmentId: _id, ...details } = shipmentRequest();
    fake.failNext({ operation: 'rate', status: 400, code: '111210', message: 'The requested service is unavailable between the selected locations.' });
    expect(await carrierErrorOf(ups.rateShipment(details))).toMatchObject({ code: 'invalid_request', retryable: false, carrierCode: '111210' });
    fake.failNext({ operation: 'rate', status: 503, code: '9999', message: 'Service unavailable' });
    expect(await carrierErrorOf(ups.rateShipment(details))).toMatchObject({ code: 'unavailable', retryable: true });
  });

  it('the fake refuses Rate requests UPS would refuse', async () => {
    const { shipmentId: _id, ...details } = shipmentRequest();
    await ups.rateShipment(details);
    const sent = fake.requestsFor('rate')[0]!;
    const headers = { Authorization: String(sent.headers.authorization), 'Content-Type': 'application/json', transId: 'b'.repeat(32), transactionSrc: 'test' };
    const valid = sent.body as { RateRequest: { Request: Record<string, unknown>; Shipment: Record<string, unknown> } };
    const rateWith = async (requestOption: string, shipment: Record<string, unknown>, request: Record<string, unknown> = valid.RateRequest.Request) => {
      const response = await fetch(`${fake.baseUrl}/api/rating/v2409/${requestOption}`, {
        method: 'POST',
        headers,
        body: JSON.stringify({ RateRequest: { Request: request, Shipment: shipment } }),
      });
      const body = (await response.json()) as { response?: { errors: { code: string; message: string }[] } };
      return { status: response.status, code: body.response?.errors[0]?.code, message: body.response?.errors[0]?.message ?? '' };
    };
    const shipment = valid.RateRequest.Shipment;
    expect((await rateWith('Rate', shipment)).status).toBe(200);
    // Schema: RequestOption is required in Request, a Shipper's ShipperNumber is 6 characters, a Package's weight needs its unit.
    const noOption = await rateWith('Rate', shipment, { TransactionReference: { CustomerContext: 'x' } });
    expect(noOption).toMatchObject({ status: 400, code: 'FAKE-UPS-SCHEMA' });
    expect(noOption.message).toContain('RequestOption');
    expect(await rateWith('Rate', { ...shipment, Shipper: { ...(shipment.Shipper as object), ShipperNumber: '12' } })).toMatchObject({
      status: 400,
      code: 'FAKE-UPS-SCHEMA',
    });
    expect(await rateWith('Rate', { ...shipment, Package: [{ PackagingType: { Code: '02' }, PackageWeight: { Weight: '1.5' } }] })).toMatchObject({
      status: 400,
      code: 'FAKE-UPS-SCHEMA',
    });
    // The rules UPS states in words.
    const { Service: _service, ...noService } = shipment;
    expect(await rateWith('Rate', noService)).toMatchObject({ status: 400, code: 'FAKE-UPS-SERVICE' });
    expect(
      await rateWith('Rate', { ...shipment, PaymentDetails: { ShipmentCharge: [{ Type: '01', BillShipper: { AccountNumber: 'Z9Z9Z9' } }] } }),
    ).toMatchObject({ status: 400, code: 'FAKE-UPS-ACCOUNT' });
    const shipTo = shipment.ShipTo as { Address: Record<string, unknown> };
    const { PostalCode: _postalCode, ...noPostalCode } = shipTo.Address;
    expect(await rateWith('Rate', { ...shipment, ShipTo: { ...shipTo, Address: noPostalCode } })).toMatchObject({ status: 400, code: 'FAKE-UPS-POSTAL' });
    expect(
      await rateWith('Rate', {
        ...shipment,
        Package: [{ PackagingType: { Code: '02' }, PackageWeight: { UnitOfMeasurement: { Code: 'LBS', Description: 'Pounds' }, Weight: '151.0' } }],
      }),
    ).toMatchObject({ status: 400, code: 'FAKE-UPS-WEIGHT' });
    expect(await rateWith('Shop', shipment)).toMatchObject({ status: 400, code: 'FAKE-UPS-OPTION' });
    // Versions other than the documented one are refused.
    const oldVersion = await fetch(`${fake.baseUrl}/api/rating/v1/Rate`, { method: 'POST', headers, body: JSON.stringify(valid) });
    expect(oldVersion.status).toBe(400);
  });

  it('the fake refuses time-in-transit requests UPS would refuse', async () => {
    const { shipmentId: _id, ...details } = shipmentRequest();
    await ups.rateShipment(details);
    const sent = fake.requestsFor('rate')[0]!;
    const headers = { Authorization: String(sent.headers.authorization), 'Content-Type': 'application/json', transId: 'c'.repeat(32), transactionSrc: 'test' };
    const valid = sent.body as { RateRequest: { Request: Record<string, unknown>; Shipment: Record<string, unknown> } };
    const timeWith = async (shipment: Record<string, unknown>) => {
      const response = await fetch(`${fake.baseUrl}/api/rating/v2409/Ratetimeintransit`, {
        method: 'POST',
        headers,
        body: JSON.stringify({ RateRequest: { Request: valid.RateRequest.Request, Shipment: shipment } }),
      });
      const body = (await response.json()) as { response?: { errors: { code: string; message: string }[] } };
      return { status: response.status, code: body.response?.errors[0]?.code, message: body.response?.errors[0]?.message ?? '' };
    };
    const shipment = valid.RateRequest.Shipment;
    const deliveryTime = (pickupDate: string) => ({ ...shipment, DeliveryTimeInformation: { PackageBillType: '03', Pickup: { Date: pickupDate } } });
    expect(await timeWith(shipment)).toMatchObject({ status: 200 });
    // Timing needs DeliveryTimeInformation ("Required to view any time in transit information").
    const { DeliveryTimeInformation: _deliveryTime, ...untimed } = shipment;
    const refused = await timeWith(untimed);
    expect(refused).toMatchObject({ status: 400, code: 'FAKE-UPS-TIMEINTRANSIT' });
    expect(refused.message).toContain('DeliveryTimeInformation');
    // Schema: PackageBillType is required and two characters; a Pickup needs its Date.
    expect(await timeWith({ ...shipment, DeliveryTimeInformation: { Pickup: { Date: '20260115' } } })).toMatchObject({ status: 400, code: 'FAKE-UPS-SCHEMA' });
    expect(await timeWith({ ...shipment, DeliveryTimeInformation: { PackageBillType: '03', Pickup: {} } })).toMatchObject({
      status: 400,
      code: 'FAKE-UPS-SCHEMA',
    });
    // The rules UPS states in words: a bill type it knows, a real YYYYMMDD date 35 days back to 60 ahead of today (2026-01-15).
    expect(await timeWith({ ...shipment, DeliveryTimeInformation: { PackageBillType: '05' } })).toMatchObject({ status: 400, code: 'FAKE-UPS-TIMEINTRANSIT' });
    expect(await timeWith(deliveryTime('20260230'))).toMatchObject({ status: 400, code: 'FAKE-UPS-TIMEINTRANSIT' });
    expect(await timeWith(deliveryTime('20251211'))).toMatchObject({ status: 200 });
    expect(await timeWith(deliveryTime('20251210'))).toMatchObject({ status: 400, code: 'FAKE-UPS-TIMEINTRANSIT' });
    expect(await timeWith(deliveryTime('20260316'))).toMatchObject({ status: 200 });
    expect(await timeWith(deliveryTime('20260317'))).toMatchObject({ status: 400, code: 'FAKE-UPS-TIMEINTRANSIT' });
    // No Pickup: "defaulted to the current system date".
    expect(await timeWith({ ...shipment, DeliveryTimeInformation: { PackageBillType: '03' } })).toMatchObject({ status: 200 });
    expect(dig(fake.responses.at(-1)?.body, 'RateResponse', 'RatedShipment', 0, 'TimeInTransit', 'PickupDate')).toBe('20260115');
    // ShipmentTotalWeight is a non-zero weight, and with InvoiceLineTotal required to time a shipment across a border.
    const totalWeight = shipment.ShipmentTotalWeight as { UnitOfMeasurement: object; Weight: string };
    expect(await timeWith({ ...shipment, ShipmentTotalWeight: { ...totalWeight, Weight: '0.0' } })).toMatchObject({
      status: 400,
      code: 'FAKE-UPS-TIMEINTRANSIT',
    });
    const shipTo = shipment.ShipTo as { Address: Record<string, unknown> };
    const abroad: Record<string, unknown> = {
      ...shipment,
      ShipTo: { ...shipTo, Address: { ...shipTo.Address, StateProvinceCode: 'ON', PostalCode: 'M5J 2X5', CountryCode: 'CA' } },
    };
    const { ShipmentTotalWeight: _totalWeight, ...abroadWithoutWeight } = abroad;
    expect((await timeWith(abroadWithoutWeight)).message).toContain('ShipmentTotalWeight');
    expect((await timeWith(abroad)).message).toContain('InvoiceLineTotal');
    expect(await timeWith({ ...abroad, InvoiceLineTotal: { CurrencyCode: 'USD', MonetaryValue: '100' } })).toMatchObject({ status: 200 });
    // Shopping is still not simulated.
    const shop = await fetch(`${fake.baseUrl}/api/rating/v2409/Shoptimeintransit`, { method: 'POST', headers, body: JSON.stringify(valid) });
    expect(shop.status).toBe(400);
  });

  it('rates a pickup into a breakdown in cents', async () => {
    fake.pickupCharges = { base: '6.50', surcharge: '1.20', tax: '0.62', incentive: '0.50' };
    const rate = await ups.ratePickup({
      address: seller,
      pickupDate: '2026-01-16',
      readyTime: '09:00',
      closeTime: '17:00',
      trackingNumbers: ['1Z999AA10123456784', '1ZA1B2C30300000011'],
      totalWeightOunces: 40,
    });
    expect(rate).toEqual({
      chargeDetails: [
        { description: 'BASE CHARGE', amountCents: 650 },
        { description: 'FUEL SURCHARGE', amountCents: 120 },
      ],
      baseRateCents: 650,
      additionalChargesCents: 120,
      taxesCents: 62,
      incentivesCents: 50,
      totalCents: 782,
      consolidationDiscountCents: 782,
      currency: 'USD',
    });
    const [request] = fake.requestsFor('pickupRate');
    expect(request?.path).toBe('/api/shipments/v2409/pickup/oncall');
    expect(dig(request?.body, 'PickupRateRequest', 'PickupDateInfo')).toEqual({ ReadyTime: '0900', CloseTime: '1700', PickupDate: '20260116' });
  });

  it('schedules a pickup with the date as YYYYMMDD and times as UPS’s HHmm', async () => {
    const scheduled = await ups.schedulePickup({
      requestKey: 'pickup:shp_0001',
      address: seller,
      pickupDate: '2026-03-02',
      readyTime: '09:30',
      closeTime: '17:00',
      trackingNumbers: ['1Z999AA10123456784'],
      totalWeightOunces: 24,
    });
    expect(scheduled.pickupRequestNumber).toHaveLength(11);
    expect(scheduled.rate.totalCents).toBe(832);
    expect(scheduled.rate.consolidationDiscountCents).toBe(0);
    const [request] = fake.requestsFor('pickupCreate');
    expect(request?.path).toBe('/api/pickupcreation/v2409/pickup');
    const body = dig(request?.body, 'PickupCreationRequest');
    expect(dig(body, 'PickupDateInfo')).toEqual({ ReadyTime: '0930', CloseTime: '1700', PickupDate: '20260302' });
    expect(dig(body, 'Shipper', 'Account', 'AccountNumber')).toBe(fake.accountNumber);
    expect(dig(body, 'TrackingData')).toEqual([{ TrackingNumber: '1Z999AA10123456784' }]);
    expect(dig(body, 'TotalWeight')).toEqual({ Weight: '1.5', UnitOfMeasurement: 'LBS' });
  });

  it('cancels a pickup by PRN, sent in the Prn header', async () => {
    const scheduled = await ups.schedulePickup({
      requestKey: 'pickup:shp_0002',
      address: seller,
      pickupDate: '2026-03-02',
      readyTime: '09:00',
      closeTime: '17:00',
      trackingNumbers: ['1Z999AA10123456784'],
      totalWeightOunces: 24,
    });
    await ups.cancelPickup({ pickupRequestNumber: scheduled.pickupRequestNumber });
    const [request] = fake.requestsFor('pickupCancel');
    expect(request?.method).toBe('DELETE');
    expect(request?.path).toBe('/api/shipments/v2409/pickup/02');
    expect(request?.headers.prn).toBe(scheduled.pickupRequestNumber);
  });

  it('tracks a package and maps UPS status types to the port’s statuses', async () => {
    const trackingNumber = '1Z999AA10123456784';
    fake.setTracking(
      trackingNumber,
      [
        { type: 'M', code: 'MP', description: 'Shipper created a label', date: '20260115', time: '101500' },
        { type: 'P', code: 'PU', description: 'Pickup Scan', date: '20260115', time: '173000' },
        { type: 'I', code: 'DP', description: 'Departed from Facility', date: '20260116', time: '031200' },
        { type: 'I', code: 'OT', description: 'Out For Delivery Today', date: '20260117', time: '074500' },
      ],
      '20260117',
    );
    const result = await ups.track({ trackingNumber });
    expect(result.status).toBe('out_for_delivery');
    expect(result.events.map((event) => event.status)).toEqual(['created', 'shipped', 'in_transit', 'out_for_delivery']);
    expect(result.events[0]).toEqual({
      status: 'created',
      description: 'Shipper created a label',
      occurredAt: '2026-01-15T15:15:00.000Z',
      location: 'Atlanta, GA, US',
    });
    expect(result.estimatedDeliveryDate).toBe('2026-01-17');
    const [request] = fake.requestsFor('track');
    expect(request?.path).toBe(`/api/track/v1/details/${trackingNumber}`);
    expect(request?.headers.transactionsrc).toBe('marketplace');

    fake.setTracking(trackingNumber, [{ type: 'D', code: 'KB', description: 'Delivered', date: '20260117', time: '141000' }]);
    expect((await ups.track({ trackingNumber })).status).toBe('delivered');
    fake.setTracking(trackingNumber, [{ type: 'X', code: 'X1', description: 'Weather delay', date: '20260117', time: '141000' }]);
    expect((await ups.track({ trackingNumber })).status).toBe('exception');
    fake.setTracking(trackingNumber, [{ type: 'RS', code: 'RS', description: 'Returned to shipper', date: '20260118', time: '090000' }]);
    expect((await ups.track({ trackingNumber })).status).toBe('returned');
  });

  it('an unknown tracking number is not_found', async () => {
    const error = await carrierErrorOf(ups.track({ trackingNumber: '1Z0000000000000000' }));
    expect(error.code).toBe('not_found');
  });

  it('a 500 or 429 from UPS is retryable; a 400 is not', async () => {
    fake.failNext({ operation: 'ship', status: 500, code: '9999', message: 'Internal server error' });
    const serverError = await carrierErrorOf(ups.createShipment(shipmentRequest()));
    expect(serverError).toMatchObject({ code: 'unavailable', retryable: true, message: 'Internal server error' });
    fake.failNext({ operation: 'track', status: 429, code: '9999', message: 'Rate limit exceeded' });
    expect(await carrierErrorOf(ups.track({ trackingNumber: '1Z999AA10123456784' }))).toMatchObject({ code: 'unavailable', retryable: true });
    fake.failNext({ operation: 'ship', status: 400, code: '120100', message: 'Missing or invalid shipper number' });
    expect(await carrierErrorOf(ups.createShipment(shipmentRequest()))).toMatchObject({ code: 'invalid_request', retryable: false, carrierCode: '120100' });
  });

  it('a network failure is retryable', async () => {
    const offline = createUpsCarrier({ clientId: 'x', clientSecret: 'y', accountNumber: 'A1B2C3', baseUrl: 'http://127.0.0.1:1', clock });
    expect(await carrierErrorOf(offline.track({ trackingNumber: '1Z999AA10123456784' }))).toMatchObject({ code: 'unavailable', retryable: true });
  });

  describe('an answer that does not come', () => {
    const quick = () =>
      createUpsCarrier({
        clientId: fake.clientId,
        clientSecret: fake.clientSecret,
        accountNumber: fake.accountNumber,
        baseUrl: fake.baseUrl,
        clock,
        timeoutMs: 1000,
      });

    it('gives up on the token call after the time limit: a retryable timeout whose outcome is unknown, and the connection is closed', async () => {
      fake.stallNext('token');
      const startedAt = Date.now();
      const error = await carrierErrorOf(quick().createShipment(shipmentRequest()));
      expect(Date.now() - startedAt).toBeLessThan(5000);
      expect(error).toMatchObject({ code: 'timeout', retryable: true, isOutcomeUnknown: true, message: 'UPS did not answer within 1 s' });
      expect(fake.requestsFor('ship')).toHaveLength(0);
      // The adapter hung up: nothing is left waiting on the fake.
      await vi.waitFor(() => expect(fake.stalledCount()).toBe(0));
    });

    it('gives up on a purchase UPS does not answer, and finds the label it made by the shipment’s reference', async () => {
      const ups = quick();
      const request = { ...shipmentRequest(), shipmentId: randomUUID() };
      fake.stallNext('ship', { processed: true });
      expect(await carrierErrorOf(ups.createShipment(request))).toMatchObject({ code: 'timeout', isOutcomeUnknown: true });
      const [ship] = fake.requestsFor('ship');
      expect(dig(ship?.body, 'ShipmentRequest', 'Shipment', 'Package', 0, 'ReferenceNumber')).toEqual([{ Value: shipmentReferenceOf(request.shipmentId) }]);

      const found = await ups.findShipment(request);
      expect(found).toMatchObject({ trackingNumber: expect.stringMatching(/^1Z/), label: { format: 'GIF' }, chargesCents: null, serviceCode: '03' });
      expect(found?.carrierShipmentId).toBe(found?.trackingNumber);
      const [recovery] = fake.requestsFor('labelRecovery');
      expect(recovery?.path).toBe('/api/labels/v1/recovery');
      expect(dig(recovery?.body, 'LabelRecoveryRequest', 'ReferenceValues')).toEqual({
        ReferenceNumber: { Value: shipmentReferenceOf(request.shipmentId) },
        ShipperNumber: fake.accountNumber,
      });
      expect(fake.requestsFor('ship')).toHaveLength(1);
    });

    it('finds nothing for a shipment UPS never labelled, and fails (not "nothing") when recovery itself gets no answer', async () => {
      const ups = quick();
      expect(await ups.findShipment({ ...shipmentRequest(), shipmentId: randomUUID() })).toBeNull();
      fake.stallNext('labelRecovery');
      expect(await carrierErrorOf(ups.findShipment({ ...shipmentRequest(), shipmentId: randomUUID() }))).toMatchObject({ code: 'timeout' });
    });

    it('gives up on a pickup booking UPS does not answer, and finds it in the pending pickups by its reference and date', async () => {
      const ups = quick();
      const request = {
        requestKey: `p${randomUUID().replaceAll('-', '').slice(0, 31)}`,
        address: seller,
        pickupDate: '2026-03-02',
        readyTime: '09:00',
        closeTime: '17:00',
        trackingNumbers: ['1Z999AA10123456784'],
        totalWeightOunces: 24,
      };
      fake.stallNext('pickupCreate', { processed: true });
      expect(await carrierErrorOf(ups.schedulePickup(request))).toMatchObject({ code: 'timeout', isOutcomeUnknown: true });
      expect(dig(fake.requestsFor('pickupCreate')[0]?.body, 'PickupCreationRequest', 'ReferenceNumber')).toBe(pickupReferenceOf(request.requestKey));

      const found = await ups.findPickup(request);
      expect(found).toEqual({ pickupRequestNumber: expect.stringMatching(/^2929\d{7}$/), pickupDate: '2026-03-02' });
      const [pending] = fake.requestsFor('pickupPending');
      expect(pending?.method).toBe('GET');
      expect(pending?.path).toBe('/api/shipments/v2409/pickup/oncall');
      expect(pending?.headers.accountnumber).toBe(fake.accountNumber);
      expect(fake.responses.filter((response) => response.operation === 'pickupPending').map((response) => response.schemaErrors)).toEqual([null]);
      // Another booking's key finds nothing; a cancelled pickup is no pickup.
      expect(await ups.findPickup({ ...request, requestKey: 'another-booking' })).toBeNull();
      await ups.cancelPickup({ pickupRequestNumber: found!.pickupRequestNumber });
      expect(await ups.findPickup(request)).toBeNull();
      // No answer from the pending list is not a "no".
      fake.stallNext('pickupPending');
      expect(await carrierErrorOf(ups.findPickup(request))).toMatchObject({ code: 'timeout' });
    });

    it('gives up on a return label UPS does not answer, and finds it by the return’s reference', async () => {
      const ups = quick();
      const returnId = randomUUID();
      const request = { returnId, shipper: buyer, recipient: seller, package: { weightOunces: 24, description: 'Vintage lamp' }, serviceCode: '03' };
      fake.stallNext('ship', { processed: true });
      expect(await carrierErrorOf(ups.createReturnShipment(request))).toMatchObject({ code: 'timeout', isOutcomeUnknown: true });
      expect(dig(fake.requestsFor('ship')[0]?.body, 'ShipmentRequest', 'Shipment', 'Package', 0, 'ReferenceNumber')).toEqual([
        { Value: shipmentReferenceOf(returnId) },
      ]);
      expect(await ups.findReturnShipment(request)).toMatchObject({ trackingNumber: expect.stringMatching(/^1Z/), returnServiceCode: '9', chargesCents: null });
      expect(await ups.findReturnShipment({ ...request, returnId: randomUUID() })).toBeNull();
      expect(fake.requestsFor('ship')).toHaveLength(1);
    });

    it('a reference is our shipment id in 32 characters (UPS takes 35)', () => {
      expect(shipmentReferenceOf('0b7e3c1a-5a43-4c55-9d0e-2f9a6f1b8c3d')).toBe('0b7e3c1a5a434c559d0e2f9a6f1b8c3d');
    });
  });

  it('wrong credentials are unauthorized', async () => {
    const stranger = createUpsCarrier({ clientId: 'someone', clientSecret: 'else', accountNumber: 'A1B2C3', baseUrl: fake.baseUrl, clock });
    expect(await carrierErrorOf(stranger.createShipment(shipmentRequest()))).toMatchObject({ code: 'unauthorized', retryable: false });
  });

  it('the fake refuses a request that breaks UPS’s schema (the validator is live)', async () => {
    await ups.ratePickup({ address: seller, pickupDate: '2026-01-16', readyTime: '09:00', closeTime: '17:00', trackingNumbers: [], totalWeightOunces: 16 });
    const token = String(fake.requestsFor('pickupRate')[0]?.headers.authorization);
    const headers = { Authorization: token, 'Content-Type': 'application/json', transId: 'a'.repeat(32), transactionSrc: 'test' };
    // ShipperNumber must be exactly 6 characters and Service is required.
    const response = await fetch(`${fake.baseUrl}/api/shipments/v2409/ship`, {
      method: 'POST',
      headers,
      body: JSON.stringify({
        ShipmentRequest: {
          Request: { RequestOption: 'nonvalidate' },
          Shipment: {
            Shipper: { Name: 'x', ShipperNumber: '12', Address: { AddressLine: ['1 Main'], City: 'A', CountryCode: 'US' } },
            ShipTo: { Name: 'y', Address: { AddressLine: ['2 Main'], City: 'B', CountryCode: 'US' } },
            Package: [{ Packaging: { Code: '02' } }],
          },
        },
      }),
    });
    expect(response.status).toBe(400);
    const body = (await response.json()) as { response: { errors: { code: string; message: string }[] } };
    expect(body.response.errors[0]?.code).toBe('FAKE-UPS-SCHEMA');
    expect(body.response.errors[0]?.message).toContain('ShipperNumber');
    expect(body.response.errors[0]?.message).toContain('Service');

    // Tracking requires transId and transactionSrc.
    const untracked = await fetch(`${fake.baseUrl}/api/track/v1/details/1Z999AA10123456784`, { headers: { Authorization: token } });
    expect(untracked.status).toBe(400);
    // And a call without a valid bearer token is a 401.
    const anonymous = await fetch(`${fake.baseUrl}/api/track/v1/details/1Z999AA10123456784`, { headers: { ...headers, Authorization: 'Bearer nope' } });
    expect(anonymous.status).toBe(401);
  });
});
