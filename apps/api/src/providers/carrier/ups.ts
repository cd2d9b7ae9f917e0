import { randomUUID } from 'node:crypto';
import { calendarDateIn, DEFAULT_PICKUP_TIME_ZONE, isCalendarDate } from '@marketplace/domain/pickup-schedule';
import { systemClock, type Clock } from '../../lib/clock';
import {
  CarrierError,
  PRINT_RETURN_LABEL,
  type CarrierAddress,
  type CarrierProvider,
  type ChargeLine,
  type CreatedReturnShipment,
  type CreatedShipment,
  type CreateShipmentRequest,
  type FoundPickup,
  type FoundReturnShipment,
  type FoundShipment,
  type PickupRate,
  type PickupRequest,
  type ShipmentRate,
  type TrackingEvent,
  type TrackingStatus,
} from './port';

/**
 * UPS behind the carrier port: OAuth client credentials, Rating v2409 (a label's price and time in transit),
 * Shipping v2409 (ship, void), Label Recovery v1, Pickup v2409 (rate, create, pending status, cancel) and
 * Tracking v1, as described in ../shared/providers/ups/. Tested
 * against the local fake in test/fake-ups-server.ts, which checks every request against those schemas.
 * Every call, the token's included, gives up after `timeoutMs` (a hung UPS must not hold a request open).
 */

export interface UpsCarrierOptions {
  clientId: string;
  clientSecret: string;
  /** The 6-character UPS shipper number: ShipperNumber, BillShipper and the pickup's payer. */
  accountNumber: string;
  /** UPS's test environment unless told otherwise; production is https://onlinetools.ups.com. */
  baseUrl?: string;
  fetch?: typeof globalThis.fetch;
  clock?: Clock;
  /** How long one HTTP call to UPS may take, answer included, before it fails as `timeout` (UPS_TIMEOUT_MS). */
  timeoutMs?: number;
}

/** UPS_TIMEOUT_MS's default: UPS answers in a second or two; fifteen is already a broken call. */
export const DEFAULT_UPS_TIMEOUT_MS = 15_000;
/** Label Recovery's path version: the one Shipping.yaml documents for it (its ship and void are v2409). */
const LABEL_RECOVERY_VERSION = 'v1';

/**
 * The reference a label carries so it can be found again by our shipment id (Label Recovery by
 * ReferenceValues): the id without its dashes, 32 characters (UPS takes at most 35). Sent as the first
 * package's reference number, the place UPS reads one on a US-to-US shipment.
 */
export function shipmentReferenceOf(shipmentId: string): string {
  return shipmentId.replaceAll('-', '').slice(0, 35);
}

/** The reference a pickup is booked with, so findPickup can tell it among the account's pending pickups (UPS takes at most 35). */
export function pickupReferenceOf(requestKey: string): string {
  return requestKey.slice(0, 35);
}

const API_VERSION = 'v2409';
/** Rating's SubVersion: with 1701 or later UPS also sends the base service charge, so the fuel surcharge shows apart. */
const RATING_SUB_VERSION = '2409';
/** Rating's request option that prices the shipment and times it too (Rating.yaml, requestoption). */
const RATE_WITH_TRANSIT_TIME = 'Ratetimeintransit';
/** DeliveryTimeInformation.PackageBillType 03: a parcel of goods ("Non-Document"), what the marketplace ships. */
const NON_DOCUMENT_BILL_TYPE = '03';
const TRANSACTION_SOURCE = 'marketplace';
/** A token is renewed this long before UPS says it expires, so no call goes out with a stale one. */
const TOKEN_RENEWAL_MARGIN_MS = 60_000;
const GROUND_SERVICE_CODE = '03';
/** UPS Pickup's own service code for Ground pieces (Pickup.yaml, PickupPiece.ServiceCode). */
const GROUND_PICKUP_SERVICE_CODE = '003';
const SERVICE_DESCRIPTIONS: Record<string, string> = {
  '01': 'UPS Next Day Air',
  '02': 'UPS 2nd Day Air',
  '03': 'UPS Ground',
  '12': 'UPS 3 Day Select',
  '13': 'UPS Next Day Air Saver',
  '14': 'UPS Next Day Air Early',
  '59': 'UPS 2nd Day Air A.M.',
};

type UpsJson = Record<string, unknown>;

/**
 * UPS money is a decimal string ("12.34", and the Pickup API pads it to 8 characters: "00012.34").
 * Parsed digit by digit into cents so no float ever rounds a charge; a third decimal rounds half up.
 */
export function parseUpsMoneyToCents(value: unknown): number {
  if (typeof value !== 'string' || !/^\s*-?\d*(\.\d*)?\s*$/.test(value) || !/\d/.test(value)) {
    throw new CarrierError(`UPS sent an unreadable amount: ${JSON.stringify(value)}`, 'unknown', false);
  }
  const trimmed = value.trim();
  const negative = trimmed.startsWith('-');
  const [whole = '', fraction = ''] = trimmed.replace('-', '').split('.');
  const padded = fraction.padEnd(3, '0');
  let cents = Number(whole || '0') * 100 + Number(padded.slice(0, 2));
  if (Number(padded[2]) >= 5) cents += 1;
  return negative ? -cents : cents;
}

/** Ounces to pounds with one decimal, rounded up: UPS's Weight is at most 5 characters ("150.0"). */
export function formatOuncesAsPounds(ounces: number): string {
  const tenths = Math.max(1, Math.ceil((ounces * 10) / 16));
  return `${Math.floor(tenths / 10)}.${tenths % 10}`;
}

/** "2026-03-02" → "20260302" (docs/product/validation.md: the pickup date is sent without dashes). */
export function formatUpsDate(isoDate: string): string {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(isoDate)) throw new CarrierError(`Invalid pickup date: ${isoDate}`, 'invalid_request', false);
  return isoDate.replaceAll('-', '');
}

/**
 * "09:00" → "0900". The SPEC's "hhmm00" is how the browser sends times to our API; UPS's Pickup
 * schemas want HHmm (ReadyTime and CloseTime are exactly 4 characters), so that is what goes out.
 */
export function formatUpsTime(time: string): string {
  const match = /^([01]\d|2[0-3]):?([0-5]\d)(?:00)?$/.exec(time);
  if (!match) throw new CarrierError(`Invalid pickup time: ${time}`, 'invalid_request', false);
  return `${match[1]}${match[2]}`;
}

/**
 * UPS tracking status types (Tracking.yaml, Status.type, and UPS's tracking appendix): M manifest
 * (label created), P pickup, I in transit, O out for delivery, D delivered (DO/DD: delivered to
 * origin or destination facility), X exception, RS returned to shipper. UPS reports "out for
 * delivery" as type I with code OT or OF, so those codes win over the type. Anything else still moves.
 */
export function mapUpsTrackingStatus(status: { type?: unknown; code?: unknown; description?: unknown } | undefined): TrackingStatus {
  const type = typeof status?.type === 'string' ? status.type.toUpperCase() : '';
  const code = typeof status?.code === 'string' ? status.code.toUpperCase() : '';
  if (code === 'OT' || code === 'OF' || type === 'O') return 'out_for_delivery';
  switch (type) {
    case 'M':
      return 'created';
    case 'P':
      return 'shipped';
    case 'D':
    case 'DO':
    case 'DD':
      return 'delivered';
    case 'X':
      return 'exception';
    case 'RS':
      return 'returned';
    default:
      return 'in_transit';
  }
}

function asObject(value: unknown): UpsJson {
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as UpsJson) : {};
}

/** UPS sends a single element as an object and several as an array, depending on the version. */
function asList(value: unknown): UpsJson[] {
  if (value === undefined || value === null) return [];
  return (Array.isArray(value) ? value : [value]).map(asObject);
}

function text(value: unknown): string | undefined {
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined;
}

/**
 * UPS's error envelope to a typed CarrierError. The two refusals the marketplace shows (docs/product/shipping.md)
 * are recognised by code where UPS's is known and by message otherwise:
 * - 190102 "No shipment found within the allowed void period" → void_period_expired (UPS answers this
 *   for a shipment past its void window; the code is the one UPS's CIE returns, UPS-API/api-documentation#108);
 * - any message saying the package was already "picked up" → already_picked_up (UPS's published
 *   descriptions list no code for it, so the text is what we can rely on).
 */
export function toCarrierError(status: number, body: unknown): CarrierError {
  const first = asObject(asList(asObject(asObject(body).response).errors)[0]);
  const carrierCode = text(first.code);
  const message = text(first.message) ?? `UPS answered HTTP ${status}`;
  const lower = message.toLowerCase();
  if (carrierCode === '190102' || lower.includes('void period')) return new CarrierError(message, 'void_period_expired', false, carrierCode);
  if (lower.includes('picked up')) return new CarrierError(message, 'already_picked_up', false, carrierCode);
  if (status === 429 || status >= 500) return new CarrierError(message, 'unavailable', true, carrierCode);
  if (status === 401 || status === 403) return new CarrierError(message, 'unauthorized', false, carrierCode);
  if (status === 404) return new CarrierError(message, 'not_found', false, carrierCode);
  if (status === 400 || status === 422) return new CarrierError(message, 'invalid_request', false, carrierCode);
  return new CarrierError(message, 'unknown', false, carrierCode);
}

function newTransactionId(): string {
  // transId: "An identifier unique to the request. Length 32".
  return randomUUID().replaceAll('-', '');
}

function addressLines(address: CarrierAddress): string[] {
  return [address.line1, address.line2].filter((line): line is string => Boolean(line && line.trim())).map((line) => line.slice(0, 35));
}

function upsAddress(address: CarrierAddress): UpsJson {
  return {
    AddressLine: addressLines(address),
    // A rate to a ZIP code alone has no city (port.ts), and may have no state.
    ...(address.city.trim() ? { City: address.city.slice(0, 30) } : {}),
    ...(address.state.trim() ? { StateProvinceCode: address.state } : {}),
    PostalCode: address.postalCode,
    CountryCode: address.countryCode,
  };
}

function upsParty(address: CarrierAddress): UpsJson {
  return {
    Name: (address.companyName || address.name).slice(0, 35),
    AttentionName: address.name.slice(0, 35),
    ...(address.phone ? { Phone: { Number: address.phone.replace(/[^\d]/g, '').slice(0, 15) || address.phone.slice(0, 15) } } : {}),
    Address: upsAddress(address),
  };
}

/**
 * A ShipmentResponse → the port's shipment, for return labels. Outbound labels read the
 * same fields in createShipment.
 */
function returnShipmentFrom(answer: UpsJson, serviceCode: string, serviceDescription: string, requestedOunces: number): CreatedReturnShipment {
  const results = asObject(asObject(answer.ShipmentResponse).ShipmentResults);
  const first = asList(results.PackageResults)[0];
  const trackingNumber = text(first?.TrackingNumber);
  const label = text(asObject(first?.ShippingLabel).GraphicImage);
  if (!trackingNumber || !label) throw new CarrierError('UPS answered without a tracking number or return label', 'unknown', false);
  const totalCharges = asObject(asObject(results.ShipmentCharges).TotalCharges);
  const billingWeight = asObject(results.BillingWeight);
  const billedPounds = text(billingWeight.Weight);
  const isKilograms = text(asObject(billingWeight.UnitOfMeasurement).Code) === 'KGS';
  return {
    trackingNumber,
    carrierShipmentId: text(results.ShipmentIdentificationNumber) ?? trackingNumber,
    serviceCode,
    serviceDescription,
    returnServiceCode: PRINT_RETURN_LABEL.code,
    label: { format: 'GIF', base64: label },
    chargesCents: totalCharges.MonetaryValue === undefined ? 0 : parseUpsMoneyToCents(totalCharges.MonetaryValue),
    currency: text(totalCharges.CurrencyCode) ?? 'USD',
    billingWeightOunces: billedPounds ? Math.round((parseUpsMoneyToCents(billedPounds) * (isKilograms ? 35.27396195 : 16)) / 100) : requestedOunces,
  };
}

/** A BillingWeight container (pounds or kilograms, decimal string) → whole ounces; `fallback` when absent. */
function billingWeightOunces(container: unknown, fallback: number): number {
  const billingWeight = asObject(container);
  const billed = text(billingWeight.Weight);
  if (!billed) return fallback;
  const isKilograms = text(asObject(billingWeight.UnitOfMeasurement).Code) === 'KGS';
  // The weight in hundredths of a pound (or kilogram), read exactly as money is.
  return Math.round((parseUpsMoneyToCents(billed) * (isKilograms ? 35.27396195 : 16)) / 100);
}

/**
 * Rating's RatedShipment → the quote's breakdown. With a base service charge, transportation is split
 * into the base and the fuel surcharge ("transportation charges - fuel surcharges", in UPS's Rating API); then
 * the service options; anything else UPS adds to the total shows as one more line, so the lines always
 * add up to TotalCharges.
 */
function toShipmentChargeLines(rated: UpsJson, totalCents: number): ChargeLine[] {
  const amountOf = (container: unknown) => {
    const value = asObject(container).MonetaryValue;
    return value === undefined ? null : parseUpsMoneyToCents(value);
  };
  const lines: ChargeLine[] = [];
  const transportation = amountOf(rated.TransportationCharges) ?? 0;
  const base = amountOf(rated.BaseServiceCharge);
  if (base === null) {
    lines.push({ description: 'Transportation', amountCents: transportation });
  } else {
    lines.push({ description: 'Base service charge', amountCents: base });
    if (transportation !== base) lines.push({ description: 'Fuel surcharge', amountCents: transportation - base });
  }
  const options = amountOf(rated.ServiceOptionsCharges) ?? 0;
  if (options !== 0) lines.push({ description: 'Service options', amountCents: options });
  const rest = totalCents - lines.reduce((sum, line) => sum + line.amountCents, 0);
  if (rest !== 0) lines.push({ description: 'Other charges', amountCents: rest });
  return lines;
}

/**
 * RatedShipment.TimeInTransit → business days in transit (BusinessDaysInTransit, a decimal string); null when
 * UPS sent no time for the service, or one that is not a whole number of days.
 */
function businessDaysInTransit(rated: UpsJson): number | null {
  const days = text(asObject(asObject(asObject(rated.TimeInTransit).ServiceSummary).EstimatedArrival).BusinessDaysInTransit);
  return days && /^\d+$/.test(days) ? Number(days) : null;
}

function dateFromUps(value: unknown): string | null {
  const raw = text(value);
  return raw && /^\d{8}$/.test(raw) ? `${raw.slice(0, 4)}-${raw.slice(4, 6)}-${raw.slice(6, 8)}` : null;
}

/** Activity date (YYYYMMDD) and time (HHMMSS, local) with its GMT offset → ISO timestamp. */
function activityTimestamp(activity: UpsJson): string {
  const date = dateFromUps(activity.date) ?? dateFromUps(activity.gmtDate);
  if (!date) return new Date(0).toISOString();
  const time = (text(activity.time) ?? '000000').padStart(6, '0');
  const offset = text(activity.gmtOffset);
  const zone = offset && /^[+-]\d{2}:\d{2}$/.test(offset) ? offset : 'Z';
  const parsed = new Date(`${date}T${time.slice(0, 2)}:${time.slice(2, 4)}:${time.slice(4, 6)}${zone}`);
  return Number.isNaN(parsed.getTime()) ? new Date(0).toISOString() : parsed.toISOString();
}

function activityLocation(activity: UpsJson): string | null {
  const address = asObject(asObject(activity.location).address);
  const parts = [text(address.city), text(address.stateProvince), text(address.countryCode)].filter(Boolean);
  return parts.length ? parts.join(', ') : null;
}

/**
 * The Pickup API's RateResult → the port's breakdown. ChargeCode B is the base charge, A and S are
 * accessorials and surcharges; incentives are what the incented total saves on the list total.
 * UPS charges per pickup, not per package, so grouping n packages saves n − 1 pickups.
 */
function toPickupRate(rateResult: UpsJson | undefined, packageCount: number): PickupRate {
  const result = asObject(rateResult);
  const details = asList(result.ChargeDetail);
  const chargeDetails: ChargeLine[] = details.map((detail) => ({
    description: text(detail.ChargeDescription) ?? `UPS charge ${text(detail.ChargeCode) ?? ''}`.trim(),
    amountCents: parseUpsMoneyToCents(detail.ChargeAmount),
  }));
  const sumOf = (codes: string[]) =>
    details.filter((detail) => codes.includes(text(detail.ChargeCode) ?? '')).reduce((sum, detail) => sum + parseUpsMoneyToCents(detail.ChargeAmount), 0);
  const taxesCents =
    result.TotalTax !== undefined
      ? parseUpsMoneyToCents(result.TotalTax)
      : asList(result.TaxCharges).reduce((sum, tax) => sum + parseUpsMoneyToCents(tax.MonetaryValue), 0);
  const grandTotal = result.GrandTotalOfAllCharge !== undefined ? parseUpsMoneyToCents(result.GrandTotalOfAllCharge) : 0;
  const incentedTotal = result.GrandTotalOfAllIncentedCharge !== undefined ? parseUpsMoneyToCents(result.GrandTotalOfAllIncentedCharge) : grandTotal;
  const totalCents = Math.min(grandTotal, incentedTotal);
  return {
    chargeDetails,
    baseRateCents: sumOf(['B']),
    additionalChargesCents: sumOf(['A', 'S']),
    taxesCents,
    incentivesCents: grandTotal - totalCents,
    consolidationDiscountCents: Math.max(0, packageCount - 1) * totalCents,
    totalCents,
    currency: text(result.CurrencyCode) ?? 'USD',
  };
}

export function createUpsCarrier(options: UpsCarrierOptions): CarrierProvider {
  const baseUrl = (options.baseUrl ?? 'https://wwwcie.ups.com').replace(/\/+$/, '');
  const fetchImplementation = options.fetch ?? globalThis.fetch;
  const clock = options.clock ?? systemClock;
  const timeoutMs = options.timeoutMs ?? DEFAULT_UPS_TIMEOUT_MS;
  let cachedToken: { value: string; renewAt: number } | null = null;
  let pendingToken: Promise<string> | null = null;
  // UPS's Ship call takes no idempotency key: a retry of the same return while this process runs gets the
  // first answer (the returns module keeps one label per return across restarts; UPS bills a label only once scanned).
  const returnShipments = new Map<string, Promise<CreatedReturnShipment>>();

  const timedOut = () => new CarrierError(`UPS did not answer within ${Math.round(timeoutMs / 100) / 10} s`, 'timeout', true);

  /** One HTTP exchange, the answer's body included, within `timeoutMs`. */
  async function send(url: string, init: RequestInit): Promise<{ status: number; body: unknown }> {
    const signal = AbortSignal.timeout(timeoutMs);
    let response: Response;
    try {
      response = await fetchImplementation(url, { ...init, signal });
    } catch (error) {
      if (signal.aborted) throw timedOut();
      throw new CarrierError(`UPS could not be reached: ${error instanceof Error ? error.message : String(error)}`, 'unavailable', true, undefined, true);
    }
    let raw = '';
    try {
      raw = await response.text();
    } catch {
      // A body cut off by the time limit is no answer; one lost otherwise reads as empty.
      if (signal.aborted) throw timedOut();
    }
    let body: unknown = null;
    try {
      body = raw ? JSON.parse(raw) : null;
    } catch {
      body = null;
    }
    return { status: response.status, body };
  }

  async function requestToken(): Promise<string> {
    const credentials = Buffer.from(`${options.clientId}:${options.clientSecret}`).toString('base64');
    const { status, body } = await send(`${baseUrl}/security/v1/oauth/token`, {
      method: 'POST',
      headers: { Authorization: `Basic ${credentials}`, 'Content-Type': 'application/x-www-form-urlencoded', 'x-merchant-id': options.accountNumber },
      body: new URLSearchParams({ grant_type: 'client_credentials' }).toString(),
    });
    if (status !== 200) throw toCarrierError(status, body);
    const token = asObject(body);
    const accessToken = text(token.access_token);
    if (!accessToken) throw new CarrierError('UPS sent no access token', 'unauthorized', false);
    const lifetimeMs = Number(token.expires_in) * 1000;
    const usableMs = Number.isFinite(lifetimeMs) && lifetimeMs > 0 ? Math.max(lifetimeMs - TOKEN_RENEWAL_MARGIN_MS, lifetimeMs / 2) : 0;
    cachedToken = { value: accessToken, renewAt: clock.now().getTime() + usableMs };
    return accessToken;
  }

  async function accessToken(): Promise<string> {
    if (cachedToken && clock.now().getTime() < cachedToken.renewAt) return cachedToken.value;
    // Calls that arrive together share one token request.
    pendingToken ??= requestToken().finally(() => {
      pendingToken = null;
    });
    return pendingToken;
  }

  /** An authorised UPS API call; a 401 drops the cached token and retries once with a fresh one. */
  async function callApi(method: string, path: string, input: { body?: unknown; headers?: Record<string, string> } = {}): Promise<UpsJson> {
    for (let attempt = 0; ; attempt += 1) {
      const token = await accessToken();
      const { status, body } = await send(`${baseUrl}${path}`, {
        method,
        headers: {
          Authorization: `Bearer ${token}`,
          Accept: 'application/json',
          transId: newTransactionId(),
          transactionSrc: TRANSACTION_SOURCE,
          ...(input.body === undefined ? {} : { 'Content-Type': 'application/json' }),
          ...input.headers,
        },
        ...(input.body === undefined ? {} : { body: JSON.stringify(input.body) }),
      });
      if (status === 401 && attempt === 0) {
        cachedToken = null;
        continue;
      }
      if (status < 200 || status >= 300) throw toCarrierError(status, body);
      return asObject(body);
    }
  }

  /**
   * The label UPS made under our id (a shipment's or a return's), by the reference its first package carries
   * (Label Recovery by ReferenceValues); null when UPS has none. Anything but a refusal (no answer, 5xx) throws.
   */
  async function recoverLabel(id: string, requestedServiceCode: string): Promise<FoundShipment | null> {
    const recover = async (by: UpsJson): Promise<UpsJson | null> => {
      const body = {
        LabelRecoveryRequest: {
          Request: { TransactionReference: { CustomerContext: id } },
          LabelSpecification: { HTTPUserAgent: 'Mozilla/4.5', LabelImageFormat: { Code: 'GIF' }, LabelStockSize: { Height: '6', Width: '4' } },
          ...by,
        },
      };
      try {
        return asObject((await callApi('POST', `/api/labels/${LABEL_RECOVERY_VERSION}/recovery`, { body })).LabelRecoveryResponse);
      } catch (error) {
        // UPS refuses a reference it has no label for; anything else (no answer, 5xx) is not a "no".
        if (error instanceof CarrierError && (error.code === 'not_found' || error.code === 'invalid_request')) return null;
        throw error;
      }
    };
    let recovered = await recover({ ReferenceValues: { ReferenceNumber: { Value: shipmentReferenceOf(id) }, ShipperNumber: options.accountNumber } });
    // Several shipments under one reference come back as candidates: ours is the first (one label per id).
    const candidate = text(asList(recovered?.TrackingCandidate)[0]?.TrackingNumber);
    if (recovered && asList(recovered.LabelResults).length === 0 && candidate) recovered = await recover({ TrackingNumber: candidate });
    const first = asList(recovered?.LabelResults)[0];
    const trackingNumber = text(first?.TrackingNumber);
    const image = asObject(first?.LabelImage);
    const label = text(image.GraphicImage);
    if (!recovered || !trackingNumber || !label) return null;
    const format = text(asObject(image.LabelImageFormat).Code)?.toUpperCase();
    const serviceCode = requestedServiceCode || GROUND_SERVICE_CODE;
    return {
      trackingNumber,
      carrierShipmentId: text(recovered.ShipmentIdentificationNumber) ?? trackingNumber,
      serviceCode,
      serviceDescription: SERVICE_DESCRIPTIONS[serviceCode] ?? `UPS service ${serviceCode}`,
      label: { format: format === 'PDF' || format === 'PNG' || format === 'ZPL' ? format : 'GIF', base64: label },
      // Label Recovery does not say what the label cost.
      chargesCents: null,
      currency: 'USD',
      billingWeightOunces: null,
    };
  }

  function pickupAddress(address: CarrierAddress): UpsJson {
    return {
      AddressLine: addressLines(address)[0] ?? address.line1,
      City: address.city,
      StateProvince: address.state,
      PostalCode: address.postalCode,
      CountryCode: address.countryCode,
      ResidentialIndicator: address.companyName ? 'N' : 'Y',
    };
  }

  return {
    name: 'ups',

    async rateShipment(request): Promise<ShipmentRate> {
      const serviceCode = request.serviceCode || GROUND_SERVICE_CODE;
      const serviceDescription = SERVICE_DESCRIPTIONS[serviceCode] ?? `UPS service ${serviceCode}`;
      if (request.shipDate !== undefined && !isCalendarDate(request.shipDate)) {
        throw new CarrierError(`Invalid ship date: ${request.shipDate}`, 'invalid_request', false);
      }
      // UPS times a cross-border shipment only with the goods' declared value (InvoiceLineTotal), which the
      // port does not carry: such a quote asks for the price alone, as before, and has no time in transit.
      const isDomestic = request.shipper.countryCode.toUpperCase() === request.recipient.countryCode.toUpperCase();
      const requestOption = isDomestic ? RATE_WITH_TRANSIT_TIME : 'Rate';
      // The day the parcel goes, UPS's today (a US Eastern calendar day) unless the caller says.
      const shipDate = request.shipDate ?? calendarDateIn(clock.now(), DEFAULT_PICKUP_TIME_ZONE);
      const totalOunces = request.packages.reduce((sum, item) => sum + item.weightOunces, 0);
      // The same parties, service and packages createShipment sends, so the quote is the label's price.
      const party = (address: CarrierAddress) => ({
        Name: (address.companyName || address.name).slice(0, 35),
        AttentionName: address.name.slice(0, 35),
        Address: upsAddress(address),
      });
      const body = {
        RateRequest: {
          Request: {
            RequestOption: requestOption,
            SubVersion: RATING_SUB_VERSION,
            TransactionReference: { CustomerContext: (request.reference ?? 'Rate quote').slice(0, 512) },
          },
          Shipment: {
            Shipper: { ...party(request.shipper), ShipperNumber: options.accountNumber },
            ShipTo: party(request.recipient),
            ShipFrom: party(request.shipper),
            PaymentDetails: { ShipmentCharge: [{ Type: '01', BillShipper: { AccountNumber: options.accountNumber } }] },
            Service: { Code: serviceCode, Description: serviceDescription.slice(0, 35) },
            Package: request.packages.map((item) => ({
              PackagingType: { Code: '02', Description: 'Customer Supplied Package' },
              ...(item.lengthInches && item.widthInches && item.heightInches
                ? {
                    Dimensions: {
                      UnitOfMeasurement: { Code: 'IN', Description: 'Inches' },
                      Length: String(Math.ceil(item.lengthInches)),
                      Width: String(Math.ceil(item.widthInches)),
                      Height: String(Math.ceil(item.heightInches)),
                    },
                  }
                : {}),
              PackageWeight: { UnitOfMeasurement: { Code: 'LBS', Description: 'Pounds' }, Weight: formatOuncesAsPounds(item.weightOunces) },
            })),
            // What timing asks for: the day the parcel goes, and the shipment's total weight (Rating reads it
            // only when timing). Neither changes the price.
            ...(isDomestic
              ? {
                  ShipmentTotalWeight: { UnitOfMeasurement: { Code: 'LBS', Description: 'Pounds' }, Weight: formatOuncesAsPounds(totalOunces) },
                  DeliveryTimeInformation: { PackageBillType: NON_DOCUMENT_BILL_TYPE, Pickup: { Date: formatUpsDate(shipDate) } },
                }
              : {}),
          },
        },
      };
      const answer = await callApi('POST', `/api/rating/${API_VERSION}/${requestOption}`, { body });
      const rated = asList(asObject(answer.RateResponse).RatedShipment)[0];
      const totalCharges = asObject(rated?.TotalCharges);
      if (!rated || totalCharges.MonetaryValue === undefined) throw new CarrierError('UPS answered without a rate', 'unknown', false);
      const totalCents = parseUpsMoneyToCents(totalCharges.MonetaryValue);
      const ratedService = asObject(rated.Service);
      return {
        serviceCode: text(ratedService.Code) ?? serviceCode,
        serviceDescription: SERVICE_DESCRIPTIONS[text(ratedService.Code) ?? serviceCode] ?? text(ratedService.Description) ?? serviceDescription,
        totalCents,
        currency: text(totalCharges.CurrencyCode) ?? 'USD',
        billingWeightOunces: billingWeightOunces(rated.BillingWeight, totalOunces),
        chargeDetails: toShipmentChargeLines(rated, totalCents),
        transitDays: businessDaysInTransit(rated),
      };
    },

    async createShipment(request): Promise<CreatedShipment> {
      const serviceCode = request.serviceCode || GROUND_SERVICE_CODE;
      const serviceDescription = SERVICE_DESCRIPTIONS[serviceCode] ?? `UPS service ${serviceCode}`;
      const shipper = upsParty(request.shipper);
      const body = {
        ShipmentRequest: {
          Request: { RequestOption: 'nonvalidate', TransactionReference: { CustomerContext: request.shipmentId } },
          Shipment: {
            ...(request.packages[0]?.description ? { Description: request.packages[0].description.slice(0, 50) } : {}),
            Shipper: { ...shipper, ShipperNumber: options.accountNumber },
            ShipTo: upsParty(request.recipient),
            ShipFrom: shipper,
            PaymentInformation: { ShipmentCharge: [{ Type: '01', BillShipper: { AccountNumber: options.accountNumber } }] },
            Service: { Code: serviceCode, Description: serviceDescription.slice(0, 35) },
            ...(request.reference ? { ReferenceNumber: [{ Value: request.reference.slice(0, 35) }] } : {}),
            Package: request.packages.map((item, index) => ({
              ...(item.description ? { Description: item.description.slice(0, 35) } : {}),
              Packaging: { Code: '02', Description: 'Customer Supplied Package' },
              // Our shipment id, so findShipment can recover this label if its answer is lost.
              ...(index === 0 ? { ReferenceNumber: [{ Value: shipmentReferenceOf(request.shipmentId) }] } : {}),
              ...(item.lengthInches && item.widthInches && item.heightInches
                ? {
                    Dimensions: {
                      UnitOfMeasurement: { Code: 'IN', Description: 'Inches' },
                      Length: String(Math.ceil(item.lengthInches)),
                      Width: String(Math.ceil(item.widthInches)),
                      Height: String(Math.ceil(item.heightInches)),
                    },
                  }
                : {}),
              PackageWeight: { UnitOfMeasurement: { Code: 'LBS', Description: 'Pounds' }, Weight: formatOuncesAsPounds(item.weightOunces) },
            })),
          },
          LabelSpecification: {
            LabelImageFormat: { Code: 'GIF', Description: 'GIF' },
            HTTPUserAgent: 'Mozilla/4.5',
            LabelStockSize: { Height: '6', Width: '4' },
          },
        },
      };
      const answer = await callApi('POST', `/api/shipments/${API_VERSION}/ship`, { body });
      const results = asObject(asObject(answer.ShipmentResponse).ShipmentResults);
      const packages = asList(results.PackageResults);
      const first = packages[0];
      const trackingNumber = text(first?.TrackingNumber);
      const label = text(asObject(first?.ShippingLabel).GraphicImage);
      if (!trackingNumber || !label) throw new CarrierError('UPS answered without a tracking number or label', 'unknown', false);
      const totalCharges = asObject(asObject(results.ShipmentCharges).TotalCharges);
      const billingWeight = asObject(results.BillingWeight);
      const billedPounds = text(billingWeight.Weight);
      const isKilograms = text(asObject(billingWeight.UnitOfMeasurement).Code) === 'KGS';
      const requestedOunces = request.packages.reduce((sum, item) => sum + item.weightOunces, 0);
      return {
        trackingNumber,
        carrierShipmentId: text(results.ShipmentIdentificationNumber) ?? trackingNumber,
        serviceCode,
        serviceDescription,
        label: { format: 'GIF', base64: label },
        chargesCents: parseUpsMoneyToCents(totalCharges.MonetaryValue),
        currency: text(totalCharges.CurrencyCode) ?? 'USD',
        // Billing weight in hundredths of a pound (or kilogram) → whole ounces.
        billingWeightOunces: billedPounds ? Math.round((parseUpsMoneyToCents(billedPounds) * (isKilograms ? 35.27396195 : 16)) / 100) : requestedOunces,
      };
    },

    async findShipment(request: CreateShipmentRequest): Promise<FoundShipment | null> {
      return recoverLabel(request.shipmentId, request.serviceCode);
    },

    async findReturnShipment(request): Promise<FoundReturnShipment | null> {
      const found = await recoverLabel(request.returnId, request.serviceCode);
      return found ? { ...found, returnServiceCode: PRINT_RETURN_LABEL.code } : null;
    },

    async createReturnShipment(request): Promise<CreatedReturnShipment> {
      const known = returnShipments.get(request.returnId);
      if (known) return known;
      const serviceCode = request.serviceCode || GROUND_SERVICE_CODE;
      const serviceDescription = SERVICE_DESCRIPTIONS[serviceCode] ?? `UPS service ${serviceCode}`;
      // For UPS the Shipper is the account holder, and where an undeliverable return goes: the seller, who
      // is also ShipTo. The buyer who hands the parcel over is ShipFrom, which a return requires (Shipping.yaml).
      const returnTo = upsParty(request.recipient);
      const item = request.package;
      const body = {
        ShipmentRequest: {
          Request: { RequestOption: 'nonvalidate', TransactionReference: { CustomerContext: request.returnId } },
          Shipment: {
            Description: item.description.slice(0, 50),
            ReturnService: { Code: PRINT_RETURN_LABEL.code, Description: PRINT_RETURN_LABEL.description },
            Shipper: { ...returnTo, ShipperNumber: options.accountNumber },
            ShipTo: returnTo,
            ShipFrom: upsParty(request.shipper),
            PaymentInformation: { ShipmentCharge: [{ Type: '01', BillShipper: { AccountNumber: options.accountNumber } }] },
            Service: { Code: serviceCode, Description: serviceDescription.slice(0, 35) },
            ...(request.reference ? { ReferenceNumber: [{ Value: request.reference.slice(0, 35) }] } : {}),
            // One package: UPS limits US-origin returns to one, and requires its merchandise description.
            Package: [
              {
                Description: item.description.slice(0, 35),
                Packaging: { Code: '02', Description: 'Customer Supplied Package' },
                // Our return id, so findReturnShipment can recover this label if its answer is lost.
                ReferenceNumber: [{ Value: shipmentReferenceOf(request.returnId) }],
                ...(item.lengthInches && item.widthInches && item.heightInches
                  ? {
                      Dimensions: {
                        UnitOfMeasurement: { Code: 'IN', Description: 'Inches' },
                        Length: String(Math.ceil(item.lengthInches)),
                        Width: String(Math.ceil(item.widthInches)),
                        Height: String(Math.ceil(item.heightInches)),
                      },
                    }
                  : {}),
                PackageWeight: { UnitOfMeasurement: { Code: 'LBS', Description: 'Pounds' }, Weight: formatOuncesAsPounds(item.weightOunces) },
              },
            ],
          },
          LabelSpecification: {
            LabelImageFormat: { Code: 'GIF', Description: 'GIF' },
            HTTPUserAgent: 'Mozilla/4.5',
            LabelStockSize: { Height: '6', Width: '4' },
          },
        },
      };
      const created = callApi('POST', `/api/shipments/${API_VERSION}/ship`, { body }).then((answer) =>
        returnShipmentFrom(answer, serviceCode, serviceDescription, item.weightOunces),
      );
      returnShipments.set(request.returnId, created);
      // A failure is not remembered: the next try asks UPS again.
      created.catch(() => returnShipments.delete(request.returnId));
      return created;
    },

    async voidShipment(input) {
      const answer = await callApi('DELETE', `/api/shipments/${API_VERSION}/void/cancel/${encodeURIComponent(input.carrierShipmentId)}`);
      const status = asObject(asObject(asObject(answer.VoidShipmentResponse).SummaryResult).Status);
      if (text(status.Code) !== '1') {
        throw new CarrierError(text(status.Description) ?? 'UPS did not void the shipment', 'unknown', false, text(status.Code));
      }
    },

    async ratePickup(input) {
      const body = {
        PickupRateRequest: {
          Request: { TransactionReference: { CustomerContext: 'Pickup rate' } },
          ShipperAccount: { AccountNumber: options.accountNumber, AccountCountryCode: input.address.countryCode },
          PickupAddress: pickupAddress(input.address),
          AlternateAddressIndicator: 'Y',
          // 03 = a specific-day pickup: the seller picks the date (docs/product/shipping.md).
          ServiceDateOption: '03',
          PickupDateInfo: { ReadyTime: formatUpsTime(input.readyTime), CloseTime: formatUpsTime(input.closeTime), PickupDate: formatUpsDate(input.pickupDate) },
          TaxInformationIndicator: 'Y',
        },
      };
      const answer = await callApi('POST', `/api/shipments/${API_VERSION}/pickup/oncall`, { body });
      return toPickupRate(asObject(asObject(answer.PickupRateResponse).RateResult), input.trackingNumbers.length);
    },

    async schedulePickup(request: PickupRequest) {
      const phone = request.address.phone?.replace(/[^\d]/g, '');
      if (!phone) throw new CarrierError('A phone number is required to schedule a UPS pickup', 'invalid_request', false);
      const body = {
        PickupCreationRequest: {
          Request: { TransactionReference: { CustomerContext: request.requestKey.slice(0, 512) } },
          RatePickupIndicator: 'Y',
          TaxInformationIndicator: 'Y',
          Shipper: { Account: { AccountNumber: options.accountNumber, AccountCountryCode: request.address.countryCode } },
          PickupDateInfo: {
            ReadyTime: formatUpsTime(request.readyTime),
            CloseTime: formatUpsTime(request.closeTime),
            PickupDate: formatUpsDate(request.pickupDate),
          },
          PickupAddress: {
            CompanyName: (request.address.companyName || request.address.name).slice(0, 27),
            ContactName: request.address.name.slice(0, 22),
            AddressLine: addressLines(request.address).slice(0, 1),
            City: request.address.city,
            StateProvince: request.address.state,
            PostalCode: request.address.postalCode,
            CountryCode: request.address.countryCode,
            ResidentialIndicator: request.address.companyName ? 'N' : 'Y',
            Phone: { Number: phone.slice(0, 25) },
          },
          AlternateAddressIndicator: 'Y',
          PickupPiece: [
            {
              ServiceCode: GROUND_PICKUP_SERVICE_CODE,
              Quantity: String(Math.max(1, request.trackingNumbers.length)),
              DestinationCountryCode: request.address.countryCode,
              ContainerCode: '01',
            },
          ],
          TotalWeight: { Weight: formatOuncesAsPounds(request.totalWeightOunces), UnitOfMeasurement: 'LBS' },
          OverweightIndicator: 'N',
          TrackingData: request.trackingNumbers.map((trackingNumber) => ({ TrackingNumber: trackingNumber })),
          PaymentMethod: '01',
          // The booking's key, so findPickup can find this pickup in the pending list if its answer is lost.
          ReferenceNumber: pickupReferenceOf(request.requestKey),
        },
      };
      const answer = await callApi('POST', `/api/pickupcreation/${API_VERSION}/pickup`, { body });
      const created = asObject(answer.PickupCreationResponse);
      const pickupRequestNumber = text(created.PRN);
      if (!pickupRequestNumber) throw new CarrierError('UPS answered without a pickup request number', 'unknown', false);
      // RateStatus 01 = rate available; otherwise UPS sends no RateResult and the pickup is unrated.
      const rated = text(asObject(created.RateStatus).Code) === '01';
      return { pickupRequestNumber, rate: toPickupRate(rated ? asObject(created.RateResult) : undefined, request.trackingNumbers.length) };
    },

    async findPickup(request: PickupRequest): Promise<FoundPickup | null> {
      // Pickup Pending Status: the account's on-call pickups UPS has not completed, each with the reference it was booked with.
      const answer = await callApi('GET', `/api/shipments/${API_VERSION}/pickup/oncall`, { headers: { AccountNumber: options.accountNumber } });
      const reference = pickupReferenceOf(request.requestKey);
      for (const pending of asList(asObject(answer.PickupPendingStatusResponse).PendingStatus)) {
        const pickupRequestNumber = text(pending.PRN);
        const pickupDate = dateFromUps(pending.ServiceDate);
        if (text(pending.ReferenceNumber) !== reference || !pickupRequestNumber || !pickupDate) continue;
        // 004 = unsuccessfully completed, 007 = cancelled: no pickup to keep.
        const status = text(pending.PickupStatusMessage) ?? '';
        if (/^00[47]\b/.test(status) || /cancel/i.test(status)) continue;
        return { pickupRequestNumber, pickupDate };
      }
      return null;
    },

    async cancelPickup(input) {
      // CancelBy 02 = by pickup request number, which goes in the Prn header.
      await callApi('DELETE', `/api/shipments/${API_VERSION}/pickup/02`, { headers: { Prn: input.pickupRequestNumber } });
    },

    async track(input) {
      const answer = await callApi('GET', `/api/track/v1/details/${encodeURIComponent(input.trackingNumber)}?locale=en_US&returnSignature=false`);
      const shipment = asList(asObject(answer.trackResponse).shipment)[0];
      const found = asList(shipment?.package)[0];
      if (!found) {
        const warning = asList(shipment?.warnings)[0];
        throw new CarrierError(text(warning?.message) ?? 'UPS has no tracking information for this number', 'not_found', false, text(warning?.code));
      }
      const events: TrackingEvent[] = asList(found.activity)
        .map((activity) => {
          const status = asObject(activity.status);
          return {
            status: mapUpsTrackingStatus(status),
            description: text(status.description) ?? text(status.simplifiedTextDescription) ?? '',
            occurredAt: activityTimestamp(activity),
            location: activityLocation(activity),
          };
        })
        // UPS lists the latest activity first; the port's timeline runs oldest first.
        .sort((a, b) => a.occurredAt.localeCompare(b.occurredAt));
      const currentStatus = found.currentStatus === undefined ? undefined : asObject(found.currentStatus);
      const scheduled = asList(found.deliveryDate).find((entry) => ['RDD', 'SDD'].includes(text(entry.type) ?? ''));
      return {
        trackingNumber: text(found.trackingNumber) ?? input.trackingNumber,
        status: currentStatus ? mapUpsTrackingStatus(currentStatus) : (events.at(-1)?.status ?? 'created'),
        events,
        estimatedDeliveryDate: dateFromUps(scheduled?.date),
      };
    },
  };
}
