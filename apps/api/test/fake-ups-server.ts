import { existsSync, readFileSync } from 'node:fs';
import { createServer, type IncomingHttpHeaders, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import Ajv, { type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import { parseDocument } from 'yaml';
import { calendarDateIn, isBusinessDay, isCalendarDate } from '@marketplace/domain/pickup-schedule';
import { REPOSITORY_ROOT } from '../src/config';
import { systemClock, type Clock } from '../src/lib/clock';

/**
 * A local stand-in for UPS on 127.0.0.1 that takes its rules from UPS's own OpenAPI descriptions in
 * ../shared/providers/ups/ (read at run time, never copied): each request body is validated against
 * the operation's request schema, the bearer token and required headers are checked, and every
 * answer is itself validated against the documented response schema (see `responses`).
 */

/** CI checks out shared/ beside the repository; locally it sits in the same place. */
export const UPS_DESCRIPTIONS_DIRECTORY = path.join(REPOSITORY_ROOT, '..', 'shared', 'providers', 'ups');

const DOCUMENTS = [
  { id: 'ups-oauth', file: 'OAuthClientCredentials.yaml' },
  { id: 'ups-shipping', file: 'Shipping.yaml' },
  { id: 'ups-pickup', file: 'Pickup.yaml' },
  { id: 'ups-tracking', file: 'Tracking.yaml' },
  { id: 'ups-rating', file: 'Rating.yaml' },
] as const;

export function hasUpsDescriptions(): boolean {
  return DOCUMENTS.every((document) => existsSync(path.join(UPS_DESCRIPTIONS_DIRECTORY, document.file)));
}

export const UPS_DESCRIPTIONS_MISSING =
  `UPS contract tests skipped: UPS's API descriptions were not found in ${UPS_DESCRIPTIONS_DIRECTORY} ` +
  '(check out the shared/ folder beside the repository to run them).';

export type UpsOperation = 'token' | 'ship' | 'void' | 'labelRecovery' | 'pickupRate' | 'pickupCreate' | 'pickupPending' | 'pickupCancel' | 'track' | 'rate';

const OPERATION_IDS: Record<string, UpsOperation> = {
  CreateToken: 'token',
  Shipment: 'ship',
  VoidShipment: 'void',
  LabelRecovery: 'labelRecovery',
  'Pickup Rate': 'pickupRate',
  'Pickup Creation': 'pickupCreate',
  'Pickup Pending Status': 'pickupPending',
  'Pickup Cancel': 'pickupCancel',
  getSingleTrackResponseUsingGET: 'track',
  Rate: 'rate',
};

/**
 * Places where UPS's published schemas contradict their own descriptions and examples; the fake
 * follows the descriptions (what UPS's servers accept), and each entry says how we know.
 */
const ERRATA: { document: string; schema: string; property?: string; patch: Record<string, unknown>; why: string }[] = [
  {
    document: 'ups-pickup',
    schema: 'PickupCreationRequest_PickupDateInfo',
    property: 'PickupDate',
    patch: { minLength: 8, maxLength: 8 },
    why: 'described as yyyyMMdd, and the document’s own example sends "20221214", yet limited to 4 characters',
  },
  {
    document: 'ups-pickup',
    schema: 'PickupRateRequest',
    property: 'ServiceDateOption',
    patch: { minLength: 2, maxLength: 2 },
    why: 'valid values are 01, 02 and 03 (the example sends "02"), yet limited to 1 character',
  },
  {
    document: 'ups-pickup',
    schema: 'PickupCreationRequest_TotalWeight',
    property: 'Weight',
    patch: { minLength: 1, maxLength: 6 },
    why: 'described with the example 10.9, and the document’s own example sends "5.5", yet required to be exactly 6 characters',
  },
  {
    document: 'ups-rating',
    schema: 'Shipment_Service',
    property: 'Code',
    patch: { minLength: 2, maxLength: 3 },
    why: 'the valid domestic values are two digits (03 = Ground) and every example sends "03", yet at least 3 characters are required',
  },
  {
    document: 'ups-shipping',
    schema: 'LabelRecoveryRequest',
    patch: { required: ['Request'] },
    why: 'TrackingNumbers and ReferenceValues are described as for Roadie shipments only (a tracking number or a reference recovers the others), and the standard example sends neither, yet both are required',
  },
  {
    document: 'ups-shipping',
    schema: 'LabelRecovery_LabelSpecification_LabelImageFormat',
    property: 'Code',
    patch: { minLength: 3, maxLength: 4 },
    why: 'the valid values are GIF, PDF, ZPL, EPL and SPL (3 characters), and the document’s own example sends "ZPL", yet exactly 4 characters are required',
  },
  {
    document: 'ups-shipping',
    schema: 'LabelImage_LabelImageFormat',
    property: 'Code',
    patch: { minLength: 3, maxLength: 4 },
    why: 'the valid values returned are GIF or PDF (3 characters), yet exactly 4 characters are required',
  },
];

type Json = Record<string, unknown>;

interface Operation {
  name: UpsOperation;
  documentId: string;
  method: string;
  pattern: RegExp;
  parameterNames: string[];
  definition: Json;
}

interface Descriptions {
  operations: Operation[];
  ajv: Ajv;
  validators: Map<string, ValidateFunction | null>;
  errorSchemas: Map<string, Json>;
}

/** YAML forbids tabs and under-indented quoted lines; UPS's Shipping.yaml has both in a few descriptions. */
function repairYaml(source: string): string {
  const closes = (text: string, quote: string) => {
    for (let index = 0; index < text.length; index += 1) {
      if (quote === '"' && text[index] === '\\') index += 1;
      else if (text[index] === quote) {
        if (quote === "'" && text[index + 1] === "'") index += 1;
        else return true;
      }
    }
    return false;
  };
  const lines = source.replace(/\t/g, '        ').split(/\r?\n/);
  for (let index = 0; index < lines.length; index += 1) {
    const opening = /^(\s*)(?:- )?[^\s'"#][^:]*:\s+(['"])(.*)$/.exec(lines[index] ?? '');
    if (!opening || closes(opening[3] ?? '', opening[2] ?? '')) continue;
    const indent = ' '.repeat((opening[1] ?? '').length + 2);
    for (let next = index + 1; next < lines.length; next += 1) {
      lines[next] = indent + (lines[next] ?? '').trimStart();
      if (closes(lines[next] ?? '', opening[2] ?? '')) {
        index = next;
        break;
      }
    }
  }
  return lines.join('\n');
}

function rewriteReferences(value: unknown, documentId: string): unknown {
  if (Array.isArray(value)) return value.map((item) => rewriteReferences(item, documentId));
  if (typeof value !== 'object' || value === null) return value;
  return Object.fromEntries(
    Object.entries(value).map(([key, item]) =>
      key === '$ref' && typeof item === 'string'
        ? [key, item.replace('#/components/schemas/', `${documentId}#/definitions/`)]
        : [key, rewriteReferences(item, documentId)],
    ),
  );
}

let loaded: Descriptions | null = null;

function loadDescriptions(): Descriptions {
  if (loaded) return loaded;
  // OpenAPI 3.0 is not quite JSON Schema: unknown keywords (xml, example) and `maximum` on objects are ignored.
  const ajv = new Ajv({ strict: false, allErrors: true, validateSchema: false });
  addFormats(ajv);
  for (const format of ['int32', 'int64', 'float', 'double']) ajv.addFormat(format, true);
  const operations: Operation[] = [];
  const errorSchemas = new Map<string, Json>();
  for (const { id, file } of DOCUMENTS) {
    const parsed = parseDocument(repairYaml(readFileSync(path.join(UPS_DESCRIPTIONS_DIRECTORY, file), 'utf8')));
    if (parsed.errors.length > 0) throw new Error(`${file}: ${parsed.errors[0]?.message}`);
    const document = parsed.toJS() as Json;
    const schemas = ((document.components as Json | undefined)?.schemas ?? {}) as Record<string, Json>;
    for (const erratum of ERRATA.filter((entry) => entry.document === id)) {
      // A property's rule, or (without one) the schema's own, such as its `required` list.
      const target =
        erratum.property === undefined
          ? schemas[erratum.schema]
          : (schemas[erratum.schema]?.properties as Record<string, Json> | undefined)?.[erratum.property];
      if (!target) throw new Error(`Erratum target ${erratum.schema}.${erratum.property ?? ''} is gone from ${file}: review ERRATA`);
      Object.assign(target, erratum.patch);
    }
    ajv.addSchema({ $id: id, definitions: rewriteReferences(schemas, id) as Json });
    if (schemas.ErrorResponse) errorSchemas.set(id, { $ref: `${id}#/definitions/ErrorResponse` });
    const serverUrl = ((document.servers as Json[] | undefined)?.[0]?.url as string | undefined) ?? 'https://wwwcie.ups.com/';
    const basePath = new URL(serverUrl).pathname.replace(/\/$/, '');
    for (const [template, item] of Object.entries((document.paths ?? {}) as Record<string, Record<string, Json>>)) {
      for (const [method, definition] of Object.entries(item)) {
        const name = OPERATION_IDS[String(definition.operationId)];
        if (!name || definition.deprecated) continue;
        const parameterNames: string[] = [];
        const source = (basePath + template).replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\{([^}]+)\}/g, (_match, parameter: string) => {
          parameterNames.push(parameter);
          return '([^/]+)';
        });
        operations.push({ name, documentId: id, method: method.toUpperCase(), pattern: new RegExp(`^${source}$`), parameterNames, definition });
      }
    }
  }
  loaded = { operations, ajv, validators: new Map(), errorSchemas };
  return loaded;
}

function validatorFor(descriptions: Descriptions, key: string, schema: unknown, documentId: string): ValidateFunction | null {
  if (!descriptions.validators.has(key)) {
    descriptions.validators.set(key, schema ? descriptions.ajv.compile(rewriteReferences(schema, documentId) as Json) : null);
  }
  return descriptions.validators.get(key) ?? null;
}

function requestSchema(operation: Operation): unknown {
  const content = ((operation.definition.requestBody as Json | undefined)?.content ?? {}) as Record<string, Json>;
  return (content['application/json'] ?? content['application/x-www-form-urlencoded'])?.schema;
}

function responseSchema(descriptions: Descriptions, operation: Operation, status: number): unknown {
  const responses = (operation.definition.responses ?? {}) as Record<string, Json>;
  const documented = ((responses[String(status)]?.content ?? {}) as Record<string, Json>)['application/json']?.schema;
  // Statuses a document leaves out (a 500 from Shipping) still use that API's error envelope.
  return documented ?? (status >= 400 ? descriptions.errorSchemas.get(operation.documentId) : undefined);
}

/** A valid 1Z number: 6-character shipper, 2-digit service, 7-digit package, check digit (README). */
export function makeTrackingNumber(shipperNumber: string, serviceCode: string, sequence: number): string {
  const body = `${shipperNumber.toUpperCase().padEnd(6, '0').slice(0, 6)}${serviceCode.padStart(2, '0').slice(0, 2)}${String(sequence).padStart(7, '0').slice(-7)}`;
  let sum = 0;
  for (let index = 0; index < body.length; index += 1) {
    const character = body[index] ?? '0';
    const value = /\d/.test(character) ? Number(character) : (character.charCodeAt(0) - 63) % 10;
    sum += index % 2 === 1 ? value * 2 : value;
  }
  return `1Z${body}${(10 - (sum % 10)) % 10}`;
}

/** A real 1×1 GIF89a, so a label decodes to GIF bytes. */
export const TINY_GIF_BASE64 = 'R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7';

/** The Pickup API's money fields are exactly 8 characters ("00012.34"). */
function pickupMoney(value: string): string {
  return value.padStart(8, '0');
}

/** Return service codes Shipping.yaml lists (ReturnService.Code): PNM, RS1, RS3, ERL, PRL, exchange, Pack & Collect. */
const RETURN_SERVICE_CODES = new Set(['2', '3', '5', '8', '9', '10', ...Array.from({ length: 10 }, (_, index) => String(11 + index))]);
/** "The following Services are not available to return shipment" (Shipping.yaml, Service.Code). */
const SERVICES_WITHOUT_RETURNS = new Set(['13', '59', '82', '83', '84', '85', '86', 'C6', 'C7', 'C8']);

/**
 * What UPS refuses in a return shipment (one with a ReturnService container), from the rules Shipping.yaml
 * states in its descriptions, which its JSON schema cannot express; null for a forward shipment or a valid return.
 */
export function returnShipmentProblem(shipment: Record<string, unknown>): { code: string; message: string } | null {
  const returnService = shipment.ReturnService as Record<string, unknown> | undefined;
  if (!returnService) return null;
  const problem = (message: string) => ({ code: 'FAKE-UPS-RETURN', message });
  if (!RETURN_SERVICE_CODES.has(String(returnService.Code))) return problem(`Invalid ReturnService code ${String(returnService.Code)}`);
  const shipFrom = shipment.ShipFrom as Record<string, unknown> | undefined;
  if (!shipFrom) return problem('ShipFrom is required for a return shipment');
  const serviceCode = String((shipment.Service as Record<string, unknown> | undefined)?.Code ?? '');
  if (SERVICES_WITHOUT_RETURNS.has(serviceCode)) return problem(`Service ${serviceCode} is not available to return shipments`);
  const packages = [shipment.Package].flat().filter(Boolean) as Record<string, unknown>[];
  if (packages.some((item) => typeof item.Description !== 'string' || item.Description.trim() === '')) {
    return problem('Package Description (merchandise description) is required for a shipment with return service');
  }
  const origin = String((shipFrom.Address as Record<string, unknown> | undefined)?.CountryCode ?? '');
  if ((origin === 'US' || origin === 'PR') && packages.length > 1) return problem('US/PR origin return movements are limited to one package');
  if (packages.length > 20) return problem('A return shipment has at most 20 packages');
  const charges = [(shipment.PaymentInformation as Record<string, unknown> | undefined)?.ShipmentCharge ?? []].flat() as Record<string, unknown>[];
  if (charges.some((charge) => charge.Type === '01' && charge.BillReceiver))
    return problem('Bill Receiver is invalid for the transportation charges of a return shipment');
  const labelDelivery = (shipment.ShipmentServiceOptions as Record<string, unknown> | undefined)?.LabelDelivery as Record<string, unknown> | undefined;
  if (String(returnService.Code) === '8' && !labelDelivery) return problem('LabelDelivery is required for an Electronic Return Label');
  if (String(returnService.Code) === '9' && labelDelivery && Object.keys(labelDelivery).some((key) => key !== 'LabelLinksIndicator')) {
    return problem('For a Print Return Label, LabelLinksIndicator is the only valid LabelDelivery option');
  }
  return null;
}

/** The request options of UPS's Rating path (requestoption); the fake rates (with or without time in transit), it does not shop. */
const RATING_REQUEST_OPTIONS = new Set(['rate', 'shop', 'ratetimeintransit', 'shoptimeintransit']);
const ANSWERED_REQUEST_OPTIONS = new Set(['rate', 'ratetimeintransit']);
/** DeliveryTimeInformation.PackageBillType: 02 document only, 03 non-document, 04 WWEF pallet, 07 domestic pallet. */
const PACKAGE_BILL_TYPES = new Set(['02', '03', '04', '07']);
/** "The user is allowed to query up to 35 days into the past and 60 days into the future" (Pickup.Date). */
const PICKUP_DATE_DAYS_PAST = 35;
const PICKUP_DATE_DAYS_AHEAD = 60;
const DAY_MS = 24 * 60 * 60 * 1000;

function addCalendarDays(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

/** A nested field of a request body, undefined where the path stops. */
function field(value: unknown, ...keys: string[]): unknown {
  return keys.reduce<unknown>(
    (current, key) => (typeof current === 'object' && current !== null ? (current as Record<string, unknown>)[key] : undefined),
    value,
  );
}

/** "20260115" → "2026-01-15", or null when it is no real date. */
function isoDateOf(upsDate: unknown): string | null {
  if (typeof upsDate !== 'string' || !/^\d{8}$/.test(upsDate)) return null;
  const date = `${upsDate.slice(0, 4)}-${upsDate.slice(4, 6)}-${upsDate.slice(6, 8)}`;
  return isCalendarDate(date) ? date : null;
}

/**
 * What UPS refuses in a Rate request beyond its JSON schema, from the rules the Rating API description
 * states in words; null for a request it rates. `today` is UPS's calendar day (YYYY-MM-DD), which a
 * time-in-transit request's pickup date is checked against.
 */
export function rateRequestProblem(
  requestOption: string,
  request: Record<string, unknown>,
  today: string = calendarDateIn(systemClock.now()),
): { code: string; message: string } | null {
  const problem = (code: string, message: string) => ({ code, message });
  const option = requestOption.toLowerCase();
  if (!RATING_REQUEST_OPTIONS.has(option)) return problem('FAKE-UPS-OPTION', `Invalid request option ${requestOption}`);
  if (!ANSWERED_REQUEST_OPTIONS.has(option)) {
    return problem('FAKE-UPS-OPTION', `The fake UPS server only answers requestoption Rate and Ratetimeintransit, not ${requestOption}`);
  }
  const shipment = (request.Shipment ?? {}) as Record<string, unknown>;
  // "Service: Required for Rating and ignored for Shopping."
  if (!field(shipment, 'Service', 'Code')) return problem('FAKE-UPS-SERVICE', 'Shipment Service is required to rate a shipment');
  // Postal codes are "required if country or territory utilizes postal codes (i.e. US and PR)".
  for (const party of ['Shipper', 'ShipTo', 'ShipFrom']) {
    const country = String(field(shipment, party, 'Address', 'CountryCode') ?? '');
    const postalCode = field(shipment, party, 'Address', 'PostalCode');
    if ((country === 'US' || country === 'PR') && (typeof postalCode !== 'string' || postalCode.trim() === '')) {
      return problem('FAKE-UPS-POSTAL', `${party} postal code is required for ${country} addresses`);
    }
  }
  // BillShipper's account "must be the same UPS account number as the one provided in Shipper/ShipperNumber".
  const charges = [field(shipment, 'PaymentDetails', 'ShipmentCharge') ?? []].flat() as Record<string, unknown>[];
  for (const charge of charges) {
    const account = field(charge, 'BillShipper', 'AccountNumber');
    if (account !== undefined && account !== field(shipment, 'Shipper', 'ShipperNumber')) {
      return problem('FAKE-UPS-ACCOUNT', 'BillShipper AccountNumber must be the Shipper’s ShipperNumber');
    }
  }
  // A parcel is rated by its weight: every package needs a positive one, at most 150 lbs (UPS's parcel limit).
  const packages = [shipment.Package ?? []].flat() as Record<string, unknown>[];
  if (packages.length === 0) return problem('FAKE-UPS-PACKAGE', 'At least one Package is required');
  for (const [index, item] of packages.entries()) {
    const weight = Number(field(item, 'PackageWeight', 'Weight'));
    const unit = String(field(item, 'PackageWeight', 'UnitOfMeasurement', 'Code') ?? 'LBS');
    const pounds = unit === 'KGS' ? weight * 2.20462 : unit === 'OZS' ? weight / 16 : weight;
    if (!Number.isFinite(weight) || weight <= 0) return problem('FAKE-UPS-WEIGHT', `Package ${index + 1} needs a PackageWeight greater than zero`);
    if (pounds > 150) return problem('FAKE-UPS-WEIGHT', `Package ${index + 1} exceeds the maximum per package weight of 150 lbs`);
  }
  return option === 'ratetimeintransit' ? timeInTransitProblem(shipment, today) : null;
}

/** The rules Rating.yaml states for timing a shipment (requestoption Ratetimeintransit); null when it can be timed. */
function timeInTransitProblem(shipment: Record<string, unknown>, today: string): { code: string; message: string } | null {
  const problem = (message: string) => ({ code: 'FAKE-UPS-TIMEINTRANSIT', message });
  // DeliveryTimeInformation: "Required to view any time in transit information."
  const deliveryTime = shipment.DeliveryTimeInformation;
  if (deliveryTime === undefined) return problem('DeliveryTimeInformation is required to view time in transit information');
  const billType = String(field(deliveryTime, 'PackageBillType'));
  if (!PACKAGE_BILL_TYPES.has(billType)) return problem(`Invalid PackageBillType ${billType}`);
  // Pickup.Date: YYYYMMDD, "up to 35 days into the past and 60 days into the future"; today's when there is no Pickup.
  const pickup = field(deliveryTime, 'Pickup');
  if (pickup !== undefined) {
    const date = isoDateOf(field(pickup, 'Date'));
    if (!date) return problem(`Invalid Pickup Date ${String(field(pickup, 'Date'))}: the format is YYYYMMDD`);
    if (date < addCalendarDays(today, -PICKUP_DATE_DAYS_PAST) || date > addCalendarDays(today, PICKUP_DATE_DAYS_AHEAD)) {
      return problem(`Pickup Date ${date} is more than ${PICKUP_DATE_DAYS_PAST} days past or ${PICKUP_DATE_DAYS_AHEAD} days ahead of ${today}`);
    }
  }
  // ShipmentTotalWeight: the "non-zero total weight of all packages", in LBS or KGS.
  const totalWeight = shipment.ShipmentTotalWeight;
  if (totalWeight !== undefined) {
    const unit = String(field(totalWeight, 'UnitOfMeasurement', 'Code'));
    if (unit !== 'LBS' && unit !== 'KGS') return problem(`Invalid ShipmentTotalWeight unit ${unit}`);
    const weight = Number(field(totalWeight, 'Weight'));
    if (!Number.isFinite(weight) || weight <= 0) return problem('ShipmentTotalWeight needs a Weight greater than zero');
  }
  // ShipmentTotalWeight and InvoiceLineTotal are "required for international shipments" when timing.
  const origin = String(field(shipment, 'ShipFrom', 'Address', 'CountryCode') ?? field(shipment, 'Shipper', 'Address', 'CountryCode') ?? '');
  const destination = String(field(shipment, 'ShipTo', 'Address', 'CountryCode') ?? '');
  if (origin !== destination) {
    if (totalWeight === undefined) return problem('ShipmentTotalWeight is required to time an international shipment');
    if (shipment.InvoiceLineTotal === undefined) return problem('InvoiceLineTotal is required to time an international shipment');
  }
  return null;
}

export interface RecordedUpsRequest {
  operation: UpsOperation;
  method: string;
  path: string;
  query: URLSearchParams;
  parameters: Record<string, string>;
  headers: IncomingHttpHeaders;
  body: unknown;
}

export interface RecordedUpsResponse {
  operation: UpsOperation | null;
  status: number;
  body: unknown;
  /** Null when the answer matched UPS's documented schema for that status. */
  schemaErrors: string | null;
}

export interface UpsFailure {
  /** Only that operation fails; any API operation when absent. */
  operation?: UpsOperation;
  status?: number;
  code?: string;
  message?: string;
}

export interface TrackingActivitySetup {
  type: string;
  code?: string;
  description: string;
  /** YYYYMMDD and HHMMSS, local time at gmtOffset. */
  date: string;
  time: string;
  gmtOffset?: string;
  city?: string;
  stateProvince?: string;
}

export interface FakeUpsServer {
  baseUrl: string;
  clientId: string;
  clientSecret: string;
  accountNumber: string;
  requests: RecordedUpsRequest[];
  responses: RecordedUpsResponse[];
  tokensIssued: number;
  /** Decimal strings, as UPS sends them. */
  shipmentCharge: string;
  /** What Rate answers, as decimal strings; by default they add up to `shipmentCharge`, so a quote matches the label. */
  rateCharges: { base: string; fuelSurcharge: string; serviceOptions: string };
  /**
   * The business days in transit Ratetimeintransit answers (BusinessDaysInTransit); null answers no
   * TimeInTransit at all, as UPS does when it has no time for the service.
   */
  transitDays: number | null;
  /** UPS's clock: its today (a US Eastern calendar day) bounds a time-in-transit pickup date and is the default one. */
  clock: Clock;
  pickupCharges: { base: string; surcharge: string; tax: string; incentive: string };
  /** Shipping v2409 always sends PackageResults as an array; older versions sent one package as an object. */
  packageResultsShape: 'array' | 'object';
  failNext(failure: UpsFailure): void;
  /**
   * The next call of `operation` gets no answer: the connection stays open until the caller gives up (or
   * the fake closes). With `processed`, UPS did the work first (a label bought whose answer was lost).
   */
  stallNext(operation: UpsOperation, options?: { processed?: boolean }): void;
  /** Answers held by stallNext that are still open (the caller has not given up yet). */
  stalledCount(): number;
  /** Every token issued so far stops working, as when UPS expires or revokes it early. */
  revokeTokens(): void;
  setTracking(trackingNumber: string, activities: TrackingActivitySetup[], scheduledDelivery?: string): void;
  requestsFor(operation: UpsOperation): RecordedUpsRequest[];
  close(): Promise<void>;
}

function errorEnvelope(code: string, message: string): Json {
  return { response: { errors: [{ code, message }] } };
}

export async function startFakeUpsServer(options: { tokenLifetimeSeconds?: number } = {}): Promise<FakeUpsServer> {
  const descriptions = loadDescriptions();
  const validTokens = new Set<string>();
  const failures: UpsFailure[] = [];
  const shipments = new Map<string, { trackingNumbers: string[]; voided: boolean; references: string[]; shipperNumber: string; labels: string[] }>();
  const stalls: Array<{ operation: UpsOperation; processed: boolean }> = [];
  const stalledResponses = new Set<ServerResponse>();
  /** Pickups by PRN: the account that booked each, its reference and date (what Pickup Pending Status lists). */
  const pickups = new Map<string, { accountNumber: string; reference: string | null; serviceDate: string; cancelled: boolean }>();
  const tracking = new Map<string, { activities: TrackingActivitySetup[]; scheduledDelivery?: string }>();
  let sequence = 0;

  const fake: FakeUpsServer = {
    baseUrl: '',
    clientId: 'fake-client-id',
    clientSecret: 'fake-client-secret',
    accountNumber: 'A1B2C3',
    requests: [],
    responses: [],
    tokensIssued: 0,
    shipmentCharge: '14.27',
    rateCharges: { base: '12.41', fuelSurcharge: '1.86', serviceOptions: '0.00' },
    transitDays: 2,
    clock: systemClock,
    pickupCharges: { base: '6.50', surcharge: '1.20', tax: '0.62', incentive: '0.00' },
    packageResultsShape: 'array',
    failNext: (failure) => failures.push(failure),
    stallNext: (operation, stallOptions) => stalls.push({ operation, processed: stallOptions?.processed ?? false }),
    stalledCount: () => stalledResponses.size,
    revokeTokens: () => validTokens.clear(),
    setTracking: (trackingNumber, activities, scheduledDelivery) => {
      tracking.set(trackingNumber, { activities, ...(scheduledDelivery ? { scheduledDelivery } : {}) });
    },
    requestsFor: (operation) => fake.requests.filter((request) => request.operation === operation),
    close: () =>
      new Promise((resolve) => {
        for (const response of stalledResponses) response.destroy();
        server.close(() => resolve());
      }),
  };

  function pickupRateResult(): Json {
    const { base, surcharge, tax, incentive } = fake.pickupCharges;
    const cents = (value: string) => Math.round(Number(value) * 100);
    const money = (value: number) => pickupMoney((value / 100).toFixed(2));
    const preTax = cents(base) + cents(surcharge);
    const hasIncentive = cents(incentive) > 0;
    return {
      RateType: 'FD',
      CurrencyCode: 'USD',
      ChargeDetail: [
        { ChargeCode: 'B', ChargeDescription: 'BASE CHARGE', ChargeAmount: pickupMoney(base), TaxAmount: money(0) },
        { ChargeCode: 'S', ChargeDescription: 'FUEL SURCHARGE', ChargeAmount: pickupMoney(surcharge), TaxAmount: money(0) },
      ],
      TaxCharges: [{ Type: 'PST', MonetaryValue: pickupMoney(tax) }],
      TotalTax: pickupMoney(tax),
      GrandTotalOfAllCharge: money(preTax + cents(tax)),
      PreTaxTotalCharge: money(preTax),
      ...(hasIncentive
        ? { GrandTotalOfAllIncentedCharge: money(preTax + cents(tax) - cents(incentive)), PreTaxTotalIncentedCharge: money(preTax - cents(incentive)) }
        : {}),
    };
  }

  const success = { ResponseStatus: { Code: '1', Description: 'Success' } };

  /** Rating's TimeInTransit: picked up on the request's date (today's without one), arriving `days` business days later. */
  function timeInTransit(shipment: Json, today: string, days: number): Json {
    const deliveryTime = shipment.DeliveryTimeInformation as Json;
    const pickupDate = isoDateOf((deliveryTime.Pickup as Json | undefined)?.Date) ?? today;
    let arrival = pickupDate;
    for (let counted = 0; counted < days; ) {
      arrival = addCalendarDays(arrival, 1);
      if (isBusinessDay(arrival)) counted += 1;
    }
    const upsDate = (date: string) => date.replaceAll('-', '');
    const service = shipment.Service as Json;
    return {
      PickupDate: upsDate(pickupDate),
      PackageBillType: String(deliveryTime.PackageBillType),
      ServiceSummary: {
        Service: { Description: String(service.Description ?? `UPS service ${String(service.Code)}`) },
        EstimatedArrival: {
          Arrival: { Date: upsDate(arrival), Time: '233000' },
          BusinessDaysInTransit: String(days),
          Pickup: { Date: upsDate(pickupDate), Time: '170000' },
          DayOfWeek: ['SUN', 'MON', 'TUE', 'WED', 'THU', 'FRI', 'SAT'][new Date(`${arrival}T00:00:00Z`).getUTCDay()] ?? 'MON',
        },
        SaturdayDelivery: '0',
      },
    };
  }

  function answer(operation: Operation, parameters: Record<string, string>, headers: IncomingHttpHeaders, body: Json): { status: number; body: Json } {
    switch (operation.name) {
      case 'ship': {
        const request = body.ShipmentRequest as Json;
        const shipment = request.Shipment as Json;
        const returnProblem = returnShipmentProblem(shipment);
        if (returnProblem) return { status: 400, body: errorEnvelope(returnProblem.code, returnProblem.message) };
        const shipperNumber = String((shipment.Shipper as Json).ShipperNumber);
        const serviceCode = String((shipment.Service as Json).Code);
        const packages = shipment.Package as Json[];
        const trackingNumbers = packages.map(() => makeTrackingNumber(shipperNumber, serviceCode, (sequence += 1)));
        const shipmentId = trackingNumbers[0] ?? '';
        // Package reference numbers: what Label Recovery finds a shipment by (with the shipper number).
        const references = packages.flatMap((item) => [item.ReferenceNumber ?? []].flat() as Json[]).map((reference) => String(reference.Value));
        shipments.set(shipmentId, { trackingNumbers, voided: false, references, shipperNumber, labels: trackingNumbers.map(() => TINY_GIF_BASE64) });
        const pounds = packages.reduce((sum, item) => sum + Number(((item.PackageWeight as Json | undefined)?.Weight as string | undefined) ?? '0'), 0);
        return {
          status: 200,
          body: {
            ShipmentResponse: {
              Response: { ...success, TransactionReference: (request.Request as Json).TransactionReference ?? {} },
              ShipmentResults: {
                ShipmentCharges: {
                  TransportationCharges: { CurrencyCode: 'USD', MonetaryValue: fake.shipmentCharge },
                  ServiceOptionsCharges: { CurrencyCode: 'USD', MonetaryValue: '0.00' },
                  TotalCharges: { CurrencyCode: 'USD', MonetaryValue: fake.shipmentCharge },
                },
                BillingWeight: { UnitOfMeasurement: { Code: 'LBS', Description: 'Pounds' }, Weight: Math.ceil(pounds).toFixed(1).padStart(8, '0') },
                ShipmentIdentificationNumber: shipmentId,
                PackageResults: trackingNumbers.map((trackingNumber) => ({
                  TrackingNumber: trackingNumber,
                  ServiceOptionsCharges: { CurrencyCode: 'USD', MonetaryValue: '0.00' },
                  ShippingLabel: { ImageFormat: { Code: 'GIF', Description: 'GIF' }, GraphicImage: TINY_GIF_BASE64 },
                })),
              },
            },
          },
        };
      }
      case 'void': {
        const shipment = shipments.get(parameters.shipmentidentificationnumber ?? '');
        // What UPS's CIE answers for a shipment it does not know or can no longer void.
        if (!shipment || shipment.voided) return { status: 400, body: errorEnvelope('190102', 'No shipment found within the allowed void period') };
        shipment.voided = true;
        return {
          status: 200,
          body: { VoidShipmentResponse: { Response: success, SummaryResult: { Status: { Code: '1', Description: 'Voided' } } } },
        };
      }
      case 'labelRecovery': {
        const request = body.LabelRecoveryRequest as Json;
        const byNumber = typeof request.TrackingNumber === 'string' ? request.TrackingNumber : null;
        const values = request.ReferenceValues as Json | undefined;
        const reference = values ? String((values.ReferenceNumber as Json | undefined)?.Value ?? '') : null;
        const found = [...shipments.entries()].find(
          ([, shipment]) =>
            !shipment.voided &&
            (byNumber
              ? shipment.trackingNumbers.includes(byNumber)
              : reference !== null && shipment.shipperNumber === values?.ShipperNumber && shipment.references.includes(reference)),
        );
        if (!found) return { status: 400, body: errorEnvelope('FAKE-UPS-RECOVERY', 'No label was found for the tracking number or reference') };
        const [shipmentId, shipment] = found;
        return {
          status: 200,
          body: {
            LabelRecoveryResponse: {
              Response: { ...success, TransactionReference: (request.Request as Json | undefined)?.TransactionReference ?? {} },
              ShipmentIdentificationNumber: shipmentId,
              LabelResults: shipment.trackingNumbers.map((trackingNumber, index) => ({
                TrackingNumber: trackingNumber,
                LabelImage: { LabelImageFormat: { Code: 'GIF' }, GraphicImage: shipment.labels[index] ?? TINY_GIF_BASE64 },
              })),
            },
          },
        };
      }
      case 'pickupRate':
        return { status: 200, body: { PickupRateResponse: { Response: success, RateResult: pickupRateResult() } } };
      case 'rate': {
        const request = body.RateRequest as Json;
        const today = calendarDateIn(fake.clock.now());
        const refused = rateRequestProblem(parameters.requestoption ?? '', request, today);
        if (refused) return { status: 400, body: errorEnvelope(refused.code, refused.message) };
        const shipment = request.Shipment as Json;
        const service = shipment.Service as Json;
        const packages = [shipment.Package].flat() as Json[];
        const cents = (value: string) => Math.round(Number(value) * 100);
        const money = (value: number) => ({ CurrencyCode: 'USD', MonetaryValue: (value / 100).toFixed(2) });
        const { base, fuelSurcharge, serviceOptions } = fake.rateCharges;
        const transportation = cents(base) + cents(fuelSurcharge);
        const pounds = (item: Json) => Number(((item.PackageWeight as Json | undefined)?.Weight as string | undefined) ?? '0');
        const billed = Math.ceil(packages.reduce((sum, item) => sum + pounds(item), 0));
        // BaseServiceCharge ("transportation charges - fuel surcharges") comes with SubVersion 1701 or later.
        const subVersion = Number((request.Request as Json).SubVersion ?? 0);
        const share = (value: number, index: number) => Math.floor(value / packages.length) + (index === 0 ? value % packages.length : 0);
        return {
          status: 200,
          body: {
            RateResponse: {
              Response: { ...success, TransactionReference: (request.Request as Json).TransactionReference ?? {} },
              RatedShipment: [
                {
                  Service: { Code: String(service.Code), ...(service.Description ? { Description: String(service.Description) } : {}) },
                  RatedShipmentAlert: [{ Code: '110971', Description: 'Your invoice may vary from the displayed reference rates' }],
                  BillingWeight: { UnitOfMeasurement: { Code: 'LBS', Description: 'Pounds' }, Weight: billed.toFixed(1) },
                  TransportationCharges: money(transportation),
                  ...(subVersion >= 1701 ? { BaseServiceCharge: money(cents(base)) } : {}),
                  ServiceOptionsCharges: money(cents(serviceOptions)),
                  TotalCharges: money(transportation + cents(serviceOptions)),
                  RatedPackage: packages.map((item, index) => ({
                    TransportationCharges: money(share(transportation, index)),
                    ServiceOptionsCharges: money(share(cents(serviceOptions), index)),
                    TotalCharges: money(share(transportation + cents(serviceOptions), index)),
                    Weight: pounds(item).toFixed(1),
                    BillingWeight: { UnitOfMeasurement: { Code: 'LBS', Description: 'Pounds' }, Weight: Math.ceil(pounds(item)).toFixed(1) },
                  })),
                  // Only when timing was asked for, and "DeliveryTimeInformation container was present in request".
                  ...(parameters.requestoption?.toLowerCase() === 'ratetimeintransit' && fake.transitDays !== null
                    ? { TimeInTransit: timeInTransit(shipment, today, fake.transitDays) }
                    : {}),
                },
              ],
            },
          },
        };
      }
      case 'pickupCreate': {
        const request = body.PickupCreationRequest as Json;
        const prn = `2929${String((sequence += 1)).padStart(7, '0')}`;
        const account = (((request.Shipper as Json | undefined)?.Account as Json | undefined)?.AccountNumber as string | undefined) ?? '';
        const serviceDate = String((request.PickupDateInfo as Json).PickupDate);
        pickups.set(prn, {
          accountNumber: account,
          reference: typeof request.ReferenceNumber === 'string' ? request.ReferenceNumber : null,
          serviceDate,
          cancelled: false,
        });
        return {
          status: 200,
          body: {
            PickupCreationResponse: {
              Response: success,
              PRN: prn,
              RateStatus: { Code: '01', Description: 'Rate available' },
              RateResult: pickupRateResult(),
            },
          },
        };
      }
      case 'pickupCancel': {
        const prn = String(headers.prn ?? '');
        const pickup = pickups.get(prn);
        if (!pickup || pickup.cancelled) return { status: 400, body: errorEnvelope('FAKE-UPS-PRN', `Pickup request ${prn} was not found`) };
        pickup.cancelled = true;
        return { status: 200, body: { PickupCancelResponse: { Response: success, PickupType: '01' } } };
      }
      case 'pickupPending': {
        // "Type of pickup. Valid values: oncall, smart, both" and the AccountNumber header (Pickup.yaml).
        const pickupType = parameters.pickuptype ?? '';
        if (!['oncall', 'smart', 'both'].includes(pickupType))
          return { status: 400, body: errorEnvelope('FAKE-UPS-PICKUPTYPE', `Invalid pickup type ${pickupType}`) };
        const account = String(headers.accountnumber ?? '');
        if (account.length !== 6 && account.length !== 10)
          return { status: 400, body: errorEnvelope('FAKE-UPS-ACCOUNT', 'AccountNumber must be 6 or 10 characters') };
        if (account !== fake.accountNumber) return { status: 400, body: errorEnvelope('FAKE-UPS-ACCOUNT', `Account ${account} is not the caller's`) };
        const pending = [...pickups.entries()]
          .filter(([, pickup]) => pickup.accountNumber === account)
          .map(([prn, pickup]) => ({
            PickupType: '01',
            ServiceDate: pickup.serviceDate,
            PRN: prn,
            // 002 = dispatched to driver, 007 = cancelled.
            PickupStatusMessage: pickup.cancelled ? '007' : '002',
            BillingCode: '01',
            ...(pickup.reference ? { ReferenceNumber: pickup.reference } : {}),
          }));
        return { status: 200, body: { PickupPendingStatusResponse: { Response: success, PendingStatus: pending } } };
      }
      case 'track': {
        const inquiryNumber = parameters.inquiryNumber ?? '';
        const known =
          tracking.get(inquiryNumber) ??
          (shipments.has(inquiryNumber) || [...shipments.values()].some((item) => item.trackingNumbers.includes(inquiryNumber))
            ? {
                activities: [
                  { type: 'M', code: 'MP', description: 'Shipper created a label, UPS has not received the package yet.', date: '20260115', time: '120000' },
                ],
              }
            : null);
        if (!known) return { status: 404, body: errorEnvelope('FAKE-UPS-404', 'Tracking Information Not Found') };
        const activities = [...known.activities].reverse().map((activity) => ({
          location: { address: { city: activity.city ?? 'Atlanta', stateProvince: activity.stateProvince ?? 'GA', countryCode: 'US', country: 'US' } },
          status: { type: activity.type, code: activity.code ?? activity.type, description: activity.description, statusCode: '003' },
          date: activity.date,
          time: activity.time,
          gmtOffset: activity.gmtOffset ?? '-05:00',
        }));
        return {
          status: 200,
          body: {
            trackResponse: {
              shipment: [
                {
                  inquiryNumber,
                  package: [
                    {
                      trackingNumber: inquiryNumber,
                      currentStatus: activities[0]?.status ?? {},
                      activity: activities,
                      ...(known.scheduledDelivery ? { deliveryDate: [{ type: 'SDD', date: known.scheduledDelivery }] } : {}),
                      packageCount: 1,
                    },
                  ],
                },
              ],
            },
          },
        };
      }
      default:
        return { status: 500, body: errorEnvelope('FAKE-UPS', `Operation ${operation.name} is not simulated`) };
    }
  }

  function issueToken(headers: IncomingHttpHeaders, form: Json): { status: number; body: Json } {
    const expected = `Basic ${Buffer.from(`${fake.clientId}:${fake.clientSecret}`).toString('base64')}`;
    if (headers.authorization !== expected) return { status: 401, body: errorEnvelope('FAKE-UPS-AUTH', 'ClientId is Invalid') };
    if (form.grant_type !== 'client_credentials') return { status: 400, body: errorEnvelope('FAKE-UPS-GRANT', 'Invalid/Missing grant_type') };
    fake.tokensIssued += 1;
    const token = `fake-ups-token-${fake.tokensIssued}`;
    validTokens.add(token);
    return {
      status: 200,
      body: {
        token_type: 'Bearer',
        issued_at: String(Date.now()),
        client_id: fake.clientId,
        access_token: token,
        scope: '',
        expires_in: String(options.tokenLifetimeSeconds ?? 14_399),
        refresh_count: '0',
        status: 'approved',
      },
    };
  }

  function handle(
    method: string,
    url: URL,
    headers: IncomingHttpHeaders,
    raw: string,
  ): { operation: Operation | null; parameters: Record<string, string>; status: number; body: Json; isStalled?: boolean } {
    let parameters: Record<string, string> = {};
    const operation =
      descriptions.operations.find((candidate) => {
        if (candidate.method !== method) return false;
        const match = candidate.pattern.exec(url.pathname);
        if (!match) return false;
        parameters = Object.fromEntries(candidate.parameterNames.map((name, index) => [name, decodeURIComponent(match[index + 1] ?? '')]));
        return true;
      }) ?? null;
    const reply = (status: number, body: Json) => ({ operation, parameters, status, body });
    if (!operation) return reply(404, errorEnvelope('FAKE-UPS-404', `No UPS operation ${method} ${url.pathname}`));

    const isForm = operation.name === 'token';
    let body: Json = {};
    try {
      body = isForm ? Object.fromEntries(new URLSearchParams(raw)) : raw ? (JSON.parse(raw) as Json) : {};
    } catch {
      return reply(400, errorEnvelope('FAKE-UPS-JSON', 'The request body is not JSON'));
    }
    fake.requests.push({ operation: operation.name, method, path: url.pathname, query: url.searchParams, parameters, headers, body });

    if (operation.name !== 'token') {
      const token = /^Bearer (.+)$/.exec(headers.authorization ?? '')?.[1];
      if (!token || !validTokens.has(token)) return reply(401, errorEnvelope('250002', 'Invalid Authentication Information.'));
    }
    const declared = (operation.definition.parameters ?? []) as Json[];
    const missing = declared
      .filter((parameter) => parameter.in === 'header' && parameter.required === true)
      .map((parameter) => String(parameter.name))
      // "Prn: Required if CancelBy = prn" (Pickup.yaml).
      .concat(operation.name === 'pickupCancel' && parameters.CancelBy === '02' ? ['Prn'] : [])
      .filter((name) => !headers[name.toLowerCase()]);
    if (missing.length > 0) return reply(400, errorEnvelope('FAKE-UPS-HEADER', `Missing required header(s): ${missing.join(', ')}`));
    for (const parameter of declared.filter((item) => item.in === 'path')) {
      const value = parameters[String(parameter.name)];
      const fallback = (parameter.schema as Json | undefined)?.default;
      // Versioned paths document one valid version (the default): v2409.
      if (parameter.name === 'version' && value !== fallback) return reply(400, errorEnvelope('FAKE-UPS-VERSION', `Unsupported version ${value}`));
    }
    const validate = validatorFor(descriptions, `${operation.documentId}:${operation.name}:request`, requestSchema(operation), operation.documentId);
    if (validate && !validate(body)) {
      return reply(
        400,
        errorEnvelope('FAKE-UPS-SCHEMA', `Request does not match UPS's schema: ${descriptions.ajv.errorsText(validate.errors, { dataVar: 'body' })}`),
      );
    }
    const stallIndex = stalls.findIndex((stall) => stall.operation === operation.name);
    if (stallIndex >= 0) {
      const [stall] = stalls.splice(stallIndex, 1);
      if (stall?.processed) {
        if (operation.name === 'token') issueToken(headers, body);
        else answer(operation, parameters, headers, body);
      }
      return { ...reply(0, {}), isStalled: true };
    }
    const failureIndex = failures.findIndex((failure) => (failure.operation ? failure.operation === operation.name : operation.name !== 'token'));
    if (failureIndex >= 0) {
      const [failure] = failures.splice(failureIndex, 1);
      return reply(failure?.status ?? 400, errorEnvelope(failure?.code ?? 'FAKE-UPS', failure?.message ?? 'Injected failure'));
    }
    const result = operation.name === 'token' ? issueToken(headers, body) : answer(operation, parameters, headers, body);
    return reply(result.status, result.body);
  }

  function toWire(operation: Operation | null, body: Json): Json {
    if (operation?.name !== 'ship' || fake.packageResultsShape !== 'object') return body;
    // The older shape: one package as an object. Validated above in its documented array form.
    const results = ((body.ShipmentResponse as Json | undefined)?.ShipmentResults ?? null) as Json | null;
    if (results && Array.isArray(results.PackageResults) && results.PackageResults.length === 1) results.PackageResults = results.PackageResults[0];
    return body;
  }

  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const url = new URL(request.url ?? '/', 'http://127.0.0.1');
      const { operation, status, body, isStalled } = handle(request.method ?? 'GET', url, request.headers, Buffer.concat(chunks).toString('utf8'));
      if (isStalled) {
        // No answer: held until the caller hangs up or the fake closes.
        stalledResponses.add(response);
        response.on('close', () => stalledResponses.delete(response));
        return;
      }
      let schemaErrors: string | null = null;
      if (operation) {
        const validate = validatorFor(
          descriptions,
          `${operation.documentId}:${operation.name}:${status}`,
          responseSchema(descriptions, operation, status),
          operation.documentId,
        );
        if (!validate) schemaErrors = `UPS documents no response schema for ${operation.name} ${status}`;
        else if (!validate(body)) schemaErrors = descriptions.ajv.errorsText(validate.errors, { dataVar: 'response' });
      }
      const wire = toWire(operation, structuredClone(body));
      fake.responses.push({ operation: operation?.name ?? null, status, body: wire, schemaErrors });
      response.writeHead(status, { 'Content-Type': 'application/json' });
      response.end(JSON.stringify(wire));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  fake.baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return fake;
}
