/**
 * The parcel carrier behind one port. The sandbox (default) and UPS implement it; the
 * shipments module never sees a carrier's own wire format. Money is integer cents, dates are ISO
 * strings (YYYY-MM-DD), times HH:MM, and a label is base64 bytes plus its format.
 */

export interface CarrierAddress {
  name: string;
  companyName?: string | null;
  phone?: string | null;
  email?: string | null;
  line1: string;
  line2?: string | null;
  city: string;
  /** Two-letter US state code. */
  state: string;
  postalCode: string;
  /** ISO 3166-1 alpha-2, e.g. "US". */
  countryCode: string;
}

export interface CarrierPackage {
  weightOunces: number;
  /** Inches; the carrier's default box when absent. */
  lengthInches?: number;
  widthInches?: number;
  heightInches?: number;
  description?: string;
}

export interface CreateShipmentRequest {
  /** Our shipment id: also the idempotency key, so a retried create never makes a second label. */
  shipmentId: string;
  shipper: CarrierAddress;
  recipient: CarrierAddress;
  packages: CarrierPackage[];
  /** Carrier service code; UPS Ground is "03". */
  serviceCode: string;
  reference?: string;
}

export interface CreatedShipment {
  trackingNumber: string;
  /** The carrier's shipment identification number (UPS: the first package's tracking number). */
  carrierShipmentId: string;
  serviceCode: string;
  serviceDescription: string;
  label: { format: 'GIF' | 'PNG' | 'PDF' | 'ZPL'; base64: string };
  chargesCents: number;
  currency: string;
  billingWeightOunces: number;
}

/**
 * A return shipment: the buyer sends an item back to the seller on a label the buyer prints.
 * `shipper` is who hands the parcel to the carrier (the buyer), `recipient` where it goes back to (the
 * seller). UPS's own words differ (its Shipper is the account holder; the buyer is ShipFrom): the UPS
 * adapter translates.
 */
export interface CreateReturnShipmentRequest {
  /** Our return id: also the idempotency key, so a retried accept never makes a second return label. */
  returnId: string;
  shipper: CarrierAddress;
  recipient: CarrierAddress;
  /** One package: UPS limits US-origin returns to one (Shipping.yaml, Package); its description is required. */
  package: CarrierPackage & { description: string };
  /** Carrier service code; UPS Ground is "03". */
  serviceCode: string;
  reference?: string;
}

/** UPS's return service the marketplace uses: Print Return Label (Shipping.yaml, ReturnService.Code "9"). */
export const PRINT_RETURN_LABEL = { code: '9', description: 'UPS Print Return Label' } as const;

export interface CreatedReturnShipment extends CreatedShipment {
  /** The carrier's return service code (UPS: "9", Print Return Label). */
  returnServiceCode: string;
}

export interface ChargeLine {
  description: string;
  amountCents: number;
}

/**
 * What rating a shipment needs: the shipment's details without our id (nothing is bought). The recipient may be
 * a ZIP code alone (`line1` and `city` empty, the state found from the ZIP code): a delivery quote before the
 * buyer gives a whole address, as carriers rate ZIP code to ZIP code.
 */
export interface RateShipmentRequest extends Omit<CreateShipmentRequest, 'shipmentId'> {
  /**
   * The day the parcel is handed to the carrier (YYYY-MM-DD), which the time in transit counts from; the
   * carrier's today (its calendar day in America/New_York) when absent.
   */
  shipDate?: string;
}

/**
 * The carrier's price for a label before it is bought: what createShipment with the same details then
 * charges (`chargesCents`), with its breakdown. The lines add up to the total.
 */
export interface ShipmentRate {
  serviceCode: string;
  serviceDescription: string;
  totalCents: number;
  currency: string;
  /** The weight the carrier bills: actual weight rounded up, or the dimensional weight of a bulky box. */
  billingWeightOunces: number;
  chargeDetails: ChargeLine[];
  /**
   * Business days (Monday to Friday) the service takes from shipper to recipient, counted from the ship
   * date; null only when the carrier gives no time for it (UPS: none answered, or a cross-border shipment,
   * which UPS times only with the goods' declared value).
   */
  transitDays: number | null;
}

export interface PickupRate {
  /** Breakdown as docs/product/data.md "rateDetails". */
  chargeDetails: ChargeLine[];
  baseRateCents: number;
  additionalChargesCents: number;
  taxesCents: number;
  incentivesCents: number;
  /** What grouping several packages into one pickup saved, in cents (0 for a single package). */
  consolidationDiscountCents: number;
  totalCents: number;
  currency: string;
}

export interface PickupRequest {
  /**
   * The booking's key: the same for every try of one booking (the shipments module derives it from the
   * booking's claim), at most 35 characters. UPS carries it as the pickup's reference number, the sandbox
   * books once per key; `findPickup` finds the pickup again by it.
   */
  requestKey: string;
  address: CarrierAddress;
  /** YYYY-MM-DD; the UPS adapter sends it as YYYYMMDD (docs/product/validation.md). */
  pickupDate: string;
  /** HH:MM; sent as hhmm00 where the carrier wants it. */
  readyTime: string;
  closeTime: string;
  trackingNumbers: string[];
  totalWeightOunces: number;
}

export interface ScheduledPickup {
  pickupRequestNumber: string;
  rate: PickupRate;
}

/** A pickup the carrier already booked under a request key, found again (its answer lost). */
export interface FoundPickup {
  pickupRequestNumber: string;
  /** The date it was booked for (YYYY-MM-DD). */
  pickupDate: string;
}

export type TrackingStatus = 'created' | 'pickup_scheduled' | 'shipped' | 'in_transit' | 'out_for_delivery' | 'delivered' | 'exception' | 'returned';

export interface TrackingEvent {
  status: TrackingStatus;
  description: string;
  /** ISO timestamp. */
  occurredAt: string;
  location?: string | null;
}

export interface TrackingResult {
  trackingNumber: string;
  status: TrackingStatus;
  events: TrackingEvent[];
  estimatedDeliveryDate?: string | null;
}

/**
 * What the development-only tracking simulation can move a parcel to (the seller's Simulate Tracking
 * Status dialog lists them). The sandbox moves its parcel; with another carrier the simulated event is
 * recorded by the marketplace only.
 */
export const SIMULATION_STATUSES = ['in_transit', 'out_for_delivery', 'delivered', 'exception', 'returned'] as const satisfies readonly TrackingStatus[];
export type SimulationStatus = (typeof SIMULATION_STATUSES)[number];

/**
 * A label the carrier already made for a shipment, found again (after a lost answer or a crash before it
 * was recorded). UPS's label recovery does not say what the label cost: `chargesCents` is null then.
 */
export interface FoundShipment extends Omit<CreatedShipment, 'chargesCents' | 'billingWeightOunces'> {
  chargesCents: number | null;
  billingWeightOunces: number | null;
}

/** A return label the carrier already made for a return, found again; its cost may be unknown (null). */
export interface FoundReturnShipment extends FoundShipment {
  returnServiceCode: string;
}

/**
 * A carrier failure. `retryable` says whether the same request may succeed later (network, 5xx,
 * `timeout`: no answer within the adapter's time limit, so the carrier may still have done it).
 */
export class CarrierError extends Error {
  constructor(
    message: string,
    readonly code: 'void_period_expired' | 'already_picked_up' | 'invalid_request' | 'not_found' | 'unauthorized' | 'unavailable' | 'timeout' | 'unknown',
    readonly retryable: boolean,
    readonly carrierCode?: string,
    /**
     * No answer came back (the time limit, a connection lost): the carrier may have done it all the same,
     * so a purchase is looked up before it is made again. False when the carrier answered with a refusal.
     */
    readonly isOutcomeUnknown: boolean = code === 'timeout',
  ) {
    super(message);
    this.name = 'CarrierError';
  }
}

export interface CarrierProvider {
  readonly name: 'sandbox' | 'ups';
  /** The label's price for these details, buying nothing (the quote the seller sees before confirming). */
  rateShipment(request: RateShipmentRequest): Promise<ShipmentRate>;
  createShipment(request: CreateShipmentRequest): Promise<CreatedShipment>;
  /**
   * The label already bought for this request's `shipmentId`, or null when the carrier has none: asked
   * before buying again when an earlier purchase's answer never came back (UPS: label recovery by the
   * reference createShipment sends; the sandbox: by the same key). A carrier that cannot tell throws.
   */
  findShipment(request: CreateShipmentRequest): Promise<FoundShipment | null>;
  /** A return label from the buyer back to the seller; idempotent on `returnId`. Void and track it like any shipment. */
  createReturnShipment(request: CreateReturnShipmentRequest): Promise<CreatedReturnShipment>;
  /**
   * The return label already made for this request's `returnId`, or null when the carrier has none: asked
   * before buying again when an earlier purchase's answer never came back (UPS: label recovery by the
   * reference createReturnShipment puts on the package; the sandbox: by the same key). A carrier that cannot tell throws.
   */
  findReturnShipment(request: CreateReturnShipmentRequest): Promise<FoundReturnShipment | null>;
  /** Voids a shipment's label; throws CarrierError('void_period_expired' | 'already_picked_up') when the carrier refuses. */
  voidShipment(input: { carrierShipmentId: string; trackingNumbers: string[] }): Promise<void>;
  ratePickup(input: Omit<PickupRequest, 'requestKey'>): Promise<PickupRate>;
  schedulePickup(request: PickupRequest): Promise<ScheduledPickup>;
  /**
   * The live (not cancelled) pickup booked under this request's `requestKey`, or null when the carrier
   * has none: asked before booking again when an earlier booking's answer never came back (UPS: the
   * Pickup Pending Status of the account, matched by the reference number schedulePickup sends; the
   * sandbox: by the same key). A carrier that cannot tell throws.
   */
  findPickup(request: PickupRequest): Promise<FoundPickup | null>;
  cancelPickup(input: { pickupRequestNumber: string }): Promise<void>;
  track(input: { trackingNumber: string }): Promise<TrackingResult>;
  /**
   * Development only, and only a carrier that can (the sandbox): moves a parcel straight to `status`,
   * with the events on the way, so `track` reports it from then on. Absent on a real carrier.
   */
  simulate?(trackingNumber: string, status: SimulationStatus): Promise<TrackingResult>;
}
