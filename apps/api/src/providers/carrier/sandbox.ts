import { createHash } from 'node:crypto';
import { calendarDateIn, checkPickupWindow, DEFAULT_PICKUP_TIME_ZONE, isCalendarDate } from '@marketplace/domain/pickup-schedule';
import { VOID_WINDOW_HOURS } from '@marketplace/domain/shipment-rules';
import { isValidUpsTrackingNumber, makeUpsTrackingNumber } from '@marketplace/domain/ups-tracking-number';
import type { Clock } from '../../lib/clock';
import { renderShippingLabel } from './label';
import type { SandboxLedger, SandboxLedgerQuery, SandboxPackage, SandboxPickup } from './sandbox-ledger';
import {
  CarrierError,
  PRINT_RETURN_LABEL,
  type CarrierAddress,
  type CarrierPackage,
  type CarrierProvider,
  type ChargeLine,
  type CreateReturnShipmentRequest,
  type CreateShipmentRequest,
  type CreatedReturnShipment,
  type CreatedShipment,
  type PickupRate,
  type PickupRequest,
  type RateShipmentRequest,
  type ScheduledPickup,
  SIMULATION_STATUSES,
  type SimulationStatus,
  type ShipmentRate,
  type TrackingEvent,
  type TrackingResult,
  type TrackingStatus,
} from './port';

/**
 * An embedded carrier that behaves like UPS with no network (the default): 1Z tracking
 * numbers with valid check digits, real 4 × 6 GIF labels, pickup request numbers and rated pickups,
 * void refusals, and tracking that moves on with the clock after the pickup. Everything is derived
 * from the ids it is given (a hash), so the same request always gets the same answer, even from a
 * fresh sandbox after a restart. With a ledger (the database), every call reads the records it needs
 * from it and writes back what it changed, so several API instances act as one carrier; its memory is
 * only a working copy. The shipments module's tables stay the truth.
 */

// The simulation's statuses are the port's (the shipments module offers them whatever the carrier).
export { SIMULATION_STATUSES, type SimulationStatus } from './port';

export const SANDBOX_SERVICES: Readonly<Record<string, string>> = {
  '01': 'UPS Next Day Air',
  '02': 'UPS 2nd Day Air',
  '03': 'UPS Ground',
  '12': 'UPS 3 Day Select',
  '13': 'UPS Next Day Air Saver',
  '14': 'UPS Next Day Air Early',
  '59': 'UPS 2nd Day Air A.M.',
};

/**
 * Shipping charges by distance and weight, as UPS prices a label: the zone (2, next door, to 8, across
 * the country) sets the price of the first billable pound and of each pound after it, and the service
 * multiplies the lot. Zone 2 Ground is $8.50 for the first pound and $0.85 for each one after it.
 */
export const SHIPPING_ZONE_RATES: Readonly<Record<number, { firstPoundCents: number; additionalPoundCents: number }>> = {
  2: { firstPoundCents: 850, additionalPoundCents: 85 },
  3: { firstPoundCents: 915, additionalPoundCents: 96 },
  4: { firstPoundCents: 990, additionalPoundCents: 109 },
  5: { firstPoundCents: 1075, additionalPoundCents: 123 },
  6: { firstPoundCents: 1160, additionalPoundCents: 139 },
  7: { firstPoundCents: 1250, additionalPoundCents: 156 },
  8: { firstPoundCents: 1350, additionalPoundCents: 176 },
};
/** The nearest zone's prices (the demo seed's historical labels use these). */
export const SHIPPING_BASE_CENTS = 850;
export const SHIPPING_PER_ADDITIONAL_POUND_CENTS = 85;
/**
 * Zones from the distance between the first three digits of the two ZIP codes (US ZIP prefixes run
 * roughly east to west): under 50 apart is zone 2, then 3 to 7 up to each bound, zone 8 beyond, and for
 * anything that is not a US ZIP code.
 */
const ZONE_BOUNDS: readonly (readonly [zone: number, below: number])[] = [
  [2, 50],
  [3, 120],
  [4, 250],
  [5, 400],
  [6, 550],
  [7, 700],
];
const FARTHEST_ZONE = 8;
/**
 * The business days UPS Ground takes by zone, roughly as UPS's own Ground map shows them: one next door,
 * five across the country (and to anything that is not a US ZIP code, which is zone 8).
 */
export const GROUND_TRANSIT_DAYS_BY_ZONE: Readonly<Record<number, number>> = { 2: 1, 3: 2, 4: 2, 5: 3, 6: 4, 7: 4, 8: 5 };
/**
 * The air services' days, whatever the distance: what each service is named after (Next Day, 2nd Day, 3 Day
 * Select). Ground already arrives as fast nearby, so an air service never takes longer than Ground would.
 */
const AIR_TRANSIT_DAYS: Readonly<Record<string, number>> = { '01': 1, '13': 1, '14': 1, '02': 2, '59': 2, '12': 3 };
const SERVICE_FACTOR: Readonly<Record<string, number>> = { '01': 3.5, '02': 2.2, '03': 1, '12': 1.6, '13': 3, '14': 4.5, '59': 2.6 };
/** UPS's dimensional divisor for daily rates: a light, bulky box bills by its size. */
const DIMENSIONAL_DIVISOR = 139;

/** Pickup charges, the shape of a UPS on-demand pickup rate. */
export const PICKUP_BASE_RATE_CENTS = 650;
export const PICKUP_FUEL_SURCHARGE_PERCENT = 15;
export const PICKUP_RESIDENTIAL_SURCHARGE_CENTS = 150;
export const PICKUP_ADDITIONAL_PACKAGE_CENTS = 300;
/** Consolidating n packages into one pickup waives the additional-package charge: $3.00 for each after the first (docs/product/limits.md). */
export const PICKUP_CONSOLIDATION_DISCOUNT_PER_PACKAGE_CENTS = 300;
export const PICKUP_ONLINE_INCENTIVE_CENTS = 50;
export const PICKUP_TAX_PERCENT = 8;

const HOUR_MS = 60 * 60 * 1000;
/** How a picked-up package moves on, from the pickup (ready time on the pickup date). */
const TIMELINE: readonly { status: TrackingStatus; afterMs: number; description: string; location: string }[] = [
  { status: 'shipped', afterMs: 0, description: 'Pickup Scan', location: 'Origin' },
  { status: 'in_transit', afterMs: 6 * HOUR_MS, description: 'Departed from Facility', location: 'Hub' },
  { status: 'out_for_delivery', afterMs: 48 * HOUR_MS, description: 'Out For Delivery Today', location: 'Destination' },
  { status: 'delivered', afterMs: 56 * HOUR_MS, description: 'Delivered', location: 'Destination' },
];
const SIMULATED_DESCRIPTIONS: Readonly<Record<SimulationStatus, string>> = {
  in_transit: 'Arrived at Facility',
  out_for_delivery: 'Out For Delivery Today',
  delivered: 'Delivered',
  exception: 'Delivery exception: the receiver was not available',
  returned: 'Returned to shipper',
};
const AFTER_PICKUP = new Set<TrackingStatus>(['shipped', 'in_transit', 'out_for_delivery', 'delivered', 'exception', 'returned']);

type PackageState = SandboxPackage;
type PickupState = SandboxPickup;

/** What the demo seed tells the sandbox about a parcel whose label and history it made itself. */
export interface RecordedPackage {
  trackingNumber: string;
  shipmentId: string;
  createdAt: Date;
  destination: string;
  voided: boolean;
  /** Its tracking history so far, in any order. */
  events: readonly TrackingEvent[];
}

export interface SandboxCarrier extends CarrierProvider {
  readonly name: 'sandbox';
  /** Development only: moves a package straight to `status`, with the events on the way (the port's optional capability, always here). */
  simulate(trackingNumber: string, status: SimulationStatus): Promise<TrackingResult>;
  /**
   * Demo seeding only: a parcel whose history was written elsewhere, so tracking, pickups and void
   * know it. A parcel on its way keeps moving along the usual timeline from where its history stops;
   * one delivered, returned or held by an exception stays there.
   */
  recordPackage(input: RecordedPackage): Promise<void>;
}

export function createSandboxCarrier(deps: { clock: Clock; shipperNumber?: string; ledger?: SandboxLedger }): SandboxCarrier {
  const shipperNumber = deps.shipperNumber ?? 'SANDBX';
  const shipments = new Map<string, { fingerprint: string; created: Promise<CreatedShipment> }>();
  const returnShipments = new Map<string, { fingerprint: string; created: Promise<CreatedReturnShipment> }>();
  const packages = new Map<string, PackageState>();
  const pickupsByKey = new Map<string, PickupState>();
  const pickupsByNumber = new Map<string, PickupState>();
  const now = () => deps.clock.now();
  const ledger = deps.ledger ?? null;

  /** Reads these records from the ledger over this memory's copies (another instance may have changed them). */
  async function refresh(query: SandboxLedgerQuery): Promise<void> {
    if (!ledger) return;
    const saved = await ledger.find(query);
    for (const entry of saved.packages) packages.set(entry.trackingNumber, entry);
    for (const entry of saved.pickups) {
      pickupsByNumber.set(entry.number, entry);
      if (!entry.requestKey) continue;
      // A key answers with its live pickup; a cancelled one only until another is booked.
      const byKey = pickupsByKey.get(entry.requestKey);
      if (!byKey || byKey.number === entry.number || (byKey.cancelled && !entry.cancelled)) pickupsByKey.set(entry.requestKey, entry);
    }
  }

  async function persist(changes: { packages?: readonly PackageState[]; pickups?: readonly PickupState[] }): Promise<void> {
    if (!ledger) return;
    // One record per number, as stored.
    const packagesByNumber = new Map((changes.packages ?? []).map((entry) => [entry.trackingNumber, entry]));
    const pickupsOf = new Map((changes.pickups ?? []).map((entry) => [entry.number, entry]));
    await ledger.save({ packages: [...packagesByNumber.values()], pickups: [...pickupsOf.values()] });
  }

  async function findPackage(trackingNumber: string): Promise<PackageState | undefined> {
    await refresh({ trackingNumbers: [trackingNumber] });
    return packages.get(trackingNumber);
  }

  async function packageOf(trackingNumber: string): Promise<PackageState> {
    const state = await findPackage(trackingNumber);
    if (!state) throw new CarrierError('Tracking number not found.', 'not_found', false, '151044');
    return state;
  }

  /**
   * For void and simulation only: a well-formed 1Z number this sandbox has not seen (its label was
   * made before a restart) is taken as a fresh package not yet picked up, since the shipments module
   * has already applied the marketplace's rules from its own tables. Tracking still says not found,
   * so a refresh never moves a stored shipment backwards.
   */
  async function adoptedPackageOf(trackingNumber: string): Promise<PackageState> {
    const known = await findPackage(trackingNumber);
    if (known) return known;
    if (!isValidUpsTrackingNumber(trackingNumber)) throw new CarrierError('Tracking number not found.', 'not_found', false, '151044');
    const adopted: PackageState = {
      trackingNumber,
      shipmentId: `adopted:${trackingNumber}`,
      createdAt: now(),
      destination: 'US',
      voided: false,
      pickup: null,
      simulated: null,
    };
    packages.set(trackingNumber, adopted);
    return adopted;
  }

  /** Where the package stands now: the simulation if any, else the pickup timeline. */
  function trackingOf(state: PackageState): TrackingResult {
    const at = now();
    const events: TrackingEvent[] = [
      {
        status: 'created',
        description: 'Shipper created a label, UPS has not received the package yet.',
        occurredAt: state.createdAt.toISOString(),
        location: null,
      },
    ];
    if (state.pickup) {
      events.push({
        status: 'pickup_scheduled',
        description: `Pickup scheduled (${state.pickup.number})`,
        occurredAt: state.pickup.scheduledAt.toISOString(),
        location: null,
      });
      const pickupAt = state.pickup.at.getTime();
      const until = (state.simulated?.since ?? at).getTime();
      for (const step of TIMELINE) {
        const occurredAt = pickupAt + step.afterMs;
        if (occurredAt > until) break;
        events.push({
          status: step.status,
          description: step.description,
          occurredAt: new Date(occurredAt).toISOString(),
          location: step.location === 'Destination' ? state.destination : step.location,
        });
      }
    }
    if (state.simulated) events.push(...state.simulated.events);
    const latest = events.at(-1)?.status ?? 'created';
    const delivery = state.pickup ? new Date(state.pickup.at.getTime() + (TIMELINE.at(-1)?.afterMs ?? 0)) : null;
    return {
      trackingNumber: state.trackingNumber,
      status: latest,
      // UPS lists the newest event first.
      events: events.reverse(),
      estimatedDeliveryDate: delivery && latest !== 'delivered' && latest !== 'returned' ? calendarDateIn(delivery) : null,
    };
  }

  async function buildShipment(request: CreateShipmentRequest, returnService: string | null = null): Promise<CreatedShipment> {
    const trackingNumbers: string[] = [];
    for (const index of request.packages.keys()) trackingNumbers.push(await uniqueTrackingNumber(request.shipmentId, index, request.serviceCode));
    const serviceDescription = SANDBOX_SERVICES[request.serviceCode] ?? '';
    // The same figure rateShipment quoted for these details.
    const { totalCents: chargesCents, billingWeightOunces } = shipmentRateOf(request);
    const createdAt = now();
    const trackingNumber = trackingNumbers[0] ?? '';
    // Registered before the label is drawn, so a concurrent shipment never picks the same numbers. A
    // label bought again for the same shipment (a retry) keeps what its parcels went through since.
    const registered: PackageState[] = [];
    for (const number of trackingNumbers) {
      const known = packages.get(number);
      if (known && known.shipmentId === request.shipmentId) {
        registered.push(known);
        continue;
      }
      const fresh: PackageState = {
        trackingNumber: number,
        shipmentId: request.shipmentId,
        createdAt,
        destination: `${request.recipient.city.toUpperCase()}, ${request.recipient.state.toUpperCase()}, ${request.recipient.countryCode.toUpperCase()}`,
        voided: false,
        pickup: null,
        simulated: null,
      };
      packages.set(number, fresh);
      registered.push(fresh);
    }
    const label = await renderShippingLabel({
      shipper: request.shipper,
      recipient: request.recipient,
      trackingNumber,
      serviceDescription,
      weightOunces: request.packages[0]?.weightOunces ?? 0,
      reference: request.reference ?? null,
      shipDate: calendarDateIn(createdAt, DEFAULT_PICKUP_TIME_ZONE),
      packageIndex: 1,
      packageCount: request.packages.length,
      returnService,
    }).catch((error: unknown) => {
      for (const number of trackingNumbers) packages.delete(number);
      throw error;
    });
    await persist({ packages: registered });
    return {
      trackingNumber,
      carrierShipmentId: trackingNumber,
      serviceCode: request.serviceCode,
      serviceDescription,
      label: { format: 'GIF', base64: label.toString('base64') },
      chargesCents,
      currency: 'USD',
      billingWeightOunces,
    };
  }

  /**
   * A return label: its packages are known as `return:<id>`, so a return never shares numbers with an
   * outbound shipment; the numbers come from the id, so a restarted sandbox answers a retry with the same label.
   */
  function buildReturnShipment(request: CreateReturnShipmentRequest): Promise<CreatedReturnShipment> {
    return buildShipment(
      {
        shipmentId: returnShipmentIdOf(request.returnId),
        shipper: request.shipper,
        recipient: request.recipient,
        packages: [request.package],
        serviceCode: request.serviceCode,
        ...(request.reference ? { reference: request.reference } : {}),
      },
      PRINT_RETURN_LABEL.description,
    ).then((shipment) => ({ ...shipment, returnServiceCode: PRINT_RETURN_LABEL.code }));
  }

  /** 7 digits from the shipment id; on the rare clash with another shipment's number, the next candidate. */
  async function uniqueTrackingNumber(shipmentId: string, index: number, serviceCode: string): Promise<string> {
    for (let attempt = 0; ; attempt += 1) {
      const packageNumber = digitsFromHash(`package:${shipmentId}:${index}:${attempt}`, 7);
      const candidate = makeUpsTrackingNumber({ shipperNumber, serviceCode, packageNumber });
      const existing = await findPackage(candidate);
      if (!existing || existing.shipmentId === shipmentId) return candidate;
    }
  }

  function rate(input: Omit<PickupRequest, 'requestKey'>): PickupRate {
    const packageCount = Math.max(input.trackingNumbers.length, 1);
    const additionalPackages = packageCount - 1;
    const lines: ChargeLine[] = [{ description: 'Pickup base rate', amountCents: PICKUP_BASE_RATE_CENTS }];
    const additional: ChargeLine[] = [
      { description: 'Fuel surcharge', amountCents: Math.round((PICKUP_BASE_RATE_CENTS * PICKUP_FUEL_SURCHARGE_PERCENT) / 100) },
    ];
    // UPS surcharges pickups at homes; a pickup address without a company is taken as residential.
    if (!input.address.companyName?.trim()) additional.push({ description: 'Residential pickup surcharge', amountCents: PICKUP_RESIDENTIAL_SURCHARGE_CENTS });
    if (additionalPackages > 0)
      additional.push({ description: `Additional packages (${additionalPackages})`, amountCents: PICKUP_ADDITIONAL_PACKAGE_CENTS * additionalPackages });
    const additionalChargesCents = additional.reduce((sum, line) => sum + line.amountCents, 0);
    const incentivesCents = PICKUP_ONLINE_INCENTIVE_CENTS;
    const consolidationDiscountCents = PICKUP_CONSOLIDATION_DISCOUNT_PER_PACKAGE_CENTS * additionalPackages;
    const taxableCents = Math.max(PICKUP_BASE_RATE_CENTS + additionalChargesCents - incentivesCents - consolidationDiscountCents, 0);
    const taxesCents = Math.round((taxableCents * PICKUP_TAX_PERCENT) / 100);
    lines.push(...additional);
    lines.push({ description: 'Online scheduling incentive', amountCents: -incentivesCents });
    if (consolidationDiscountCents > 0)
      lines.push({ description: `Consolidated pickup discount (${packageCount} packages)`, amountCents: -consolidationDiscountCents });
    lines.push({ description: `Tax (${PICKUP_TAX_PERCENT}%)`, amountCents: taxesCents });
    return {
      chargeDetails: lines,
      baseRateCents: PICKUP_BASE_RATE_CENTS,
      additionalChargesCents,
      taxesCents,
      incentivesCents,
      consolidationDiscountCents,
      totalCents: Math.max(PICKUP_BASE_RATE_CENTS + additionalChargesCents + taxesCents - incentivesCents - consolidationDiscountCents, 0),
      currency: 'USD',
    };
  }

  return {
    name: 'sandbox',

    async rateShipment(request) {
      validateRateRequest(request);
      return shipmentRateOf(request);
    },

    async createShipment(request) {
      const fingerprint = fingerprintOf(request);
      const existing = shipments.get(request.shipmentId);
      if (existing) {
        if (existing.fingerprint !== fingerprint) {
          throw new CarrierError('A shipment with this id was already created with different details.', 'invalid_request', false);
        }
        return existing.created;
      }
      validateShipmentRequest(request);
      // The promise is stored at once, so a retry racing the first call gets the same label.
      const created = buildShipment(request);
      shipments.set(request.shipmentId, { fingerprint, created });
      try {
        return await created;
      } catch (error) {
        shipments.delete(request.shipmentId);
        throw error;
      }
    },

    async findShipment(request) {
      const known = shipments.get(request.shipmentId);
      if (known) return known.created.catch(() => null);
      // Another instance, or this one before a restart, may have made it: its parcels are in the ledger.
      await refresh({ shipmentIds: [request.shipmentId] });
      const parcels = [...packages.values()].filter((state) => state.shipmentId === request.shipmentId && !state.voided);
      if (parcels.length === 0) return null;
      // The label is drawn again from the same request: the same numbers, the same parcels.
      const created = buildShipment(request);
      shipments.set(request.shipmentId, { fingerprint: fingerprintOf(request), created });
      return created;
    },

    async createReturnShipment(request) {
      const fingerprint = fingerprintOf(request);
      const existing = returnShipments.get(request.returnId);
      if (existing) {
        if (existing.fingerprint !== fingerprint) {
          throw new CarrierError('A return shipment with this id was already created with different details.', 'invalid_request', false);
        }
        return existing.created;
      }
      validateReturnShipmentRequest(request);
      const created = buildReturnShipment(request);
      returnShipments.set(request.returnId, { fingerprint, created });
      try {
        return await created;
      } catch (error) {
        returnShipments.delete(request.returnId);
        throw error;
      }
    },

    async findReturnShipment(request) {
      const known = returnShipments.get(request.returnId);
      if (known) return known.created.catch(() => null);
      // Another instance, or this one before a restart, may have made it: its parcel is in the ledger.
      const shipmentId = returnShipmentIdOf(request.returnId);
      await refresh({ shipmentIds: [shipmentId] });
      const parcels = [...packages.values()].filter((state) => state.shipmentId === shipmentId && !state.voided);
      if (parcels.length === 0) return null;
      // The label is drawn again from the same request: the same number, the same parcel.
      const created = buildReturnShipment(request);
      returnShipments.set(request.returnId, { fingerprint: fingerprintOf(request), created });
      return created;
    },

    async voidShipment({ carrierShipmentId, trackingNumbers }) {
      const first = await adoptedPackageOf(carrierShipmentId);
      for (const number of trackingNumbers) await adoptedPackageOf(number);
      // A void takes the whole shipment, every package of it, as UPS does for the shipment id.
      await refresh({ shipmentIds: [first.shipmentId] });
      const siblings = [...packages.values()].filter((state) => state.shipmentId === first.shipmentId).map((state) => state.trackingNumber);
      const numbers = new Set([first.trackingNumber, ...siblings, ...trackingNumbers]);
      const states = [...numbers].map((number) => packages.get(number)).filter((state): state is PackageState => state !== undefined);
      if (states.every((state) => state.voided)) return;
      // Picked up beats age, as in the marketplace's own rule (docs/product/shipping.md).
      if (states.some((state) => AFTER_PICKUP.has(trackingOf(state).status))) {
        throw new CarrierError('The package has already been picked up and cannot be voided.', 'already_picked_up', false, '190117');
      }
      if (now().getTime() - first.createdAt.getTime() >= VOID_WINDOW_HOURS * HOUR_MS) {
        throw new CarrierError('The shipment is outside the allowed void period.', 'void_period_expired', false, '190102');
      }
      for (const state of states) state.voided = true;
      await persist({ packages: states });
    },

    async ratePickup(input) {
      validatePickupPackages(input.trackingNumbers);
      return rate(input);
    },

    async schedulePickup(request) {
      const fingerprint = fingerprintOf({ ...request, requestKey: undefined });
      await refresh({ pickupRequestKeys: [request.requestKey], trackingNumbers: request.trackingNumbers });
      const existing = pickupsByKey.get(request.requestKey);
      if (existing && !existing.cancelled) {
        if (existing.fingerprint !== fingerprint) {
          throw new CarrierError('A pickup was already scheduled for this request with different details.', 'invalid_request', false);
        }
        return existing.result ?? { pickupRequestNumber: existing.number, rate: rate(request) };
      }
      validatePickupPackages(request.trackingNumbers);
      const window = checkPickupWindow(request, now());
      if (!window.ok) throw new CarrierError(window.message, 'invalid_request', false);
      for (const number of request.trackingNumbers) {
        const state = packages.get(number);
        if (state?.voided) throw new CarrierError(`Package ${number} has been voided.`, 'invalid_request', false);
        if (state && state.pickup && !pickupsByNumber.get(state.pickup.number)?.cancelled) {
          throw new CarrierError(`Package ${number} already has a pickup scheduled (${state.pickup.number}).`, 'invalid_request', false);
        }
      }
      // A key whose pickup was cancelled books a new pickup, with a new number.
      let generation = 0;
      let number = pickupNumberFor(request.requestKey, generation);
      while (pickupsByNumber.has(number)) number = pickupNumberFor(request.requestKey, (generation += 1));
      const pickupAt = instantIn(window.value.pickupDate, window.value.readyTime, DEFAULT_PICKUP_TIME_ZONE);
      const result: ScheduledPickup = { pickupRequestNumber: number, rate: rate(request) };
      const state: PickupState = {
        number,
        requestKey: request.requestKey,
        fingerprint,
        result,
        trackingNumbers: [...request.trackingNumbers],
        pickupAt,
        cancelled: false,
      };
      pickupsByKey.set(request.requestKey, state);
      pickupsByNumber.set(number, state);
      const scheduledAt = now();
      const picked: PackageState[] = [];
      for (const trackingNumber of request.trackingNumbers) {
        const pkg = packages.get(trackingNumber);
        if (!pkg) continue;
        pkg.pickup = { number, scheduledAt, at: pickupAt };
        picked.push(pkg);
      }
      await persist({ packages: picked, pickups: [state] });
      return result;
    },

    async findPickup(request) {
      await refresh({ pickupRequestKeys: [request.requestKey] });
      const existing = pickupsByKey.get(request.requestKey);
      if (!existing || existing.cancelled) return null;
      return { pickupRequestNumber: existing.number, pickupDate: calendarDateIn(existing.pickupAt, DEFAULT_PICKUP_TIME_ZONE) };
    },

    async cancelPickup({ pickupRequestNumber }) {
      await refresh({ pickupNumbers: [pickupRequestNumber] });
      const state = pickupsByNumber.get(pickupRequestNumber);
      if (!state) throw new CarrierError('Pickup request number not found.', 'not_found', false, '9510113');
      if (state.cancelled) return;
      if (state.pickupAt <= now()) throw new CarrierError('The pickup has already been completed and cannot be cancelled.', 'invalid_request', false);
      await refresh({ trackingNumbers: state.trackingNumbers });
      state.cancelled = true;
      const released: PackageState[] = [];
      for (const trackingNumber of state.trackingNumbers) {
        const pkg = packages.get(trackingNumber);
        if (pkg?.pickup?.number !== pickupRequestNumber) continue;
        pkg.pickup = null;
        released.push(pkg);
      }
      await persist({ packages: released, pickups: [state] });
    },

    async track({ trackingNumber }) {
      const state = await packageOf(trackingNumber);
      if (state.voided) throw new CarrierError('Tracking number not found.', 'not_found', false, '151044');
      return trackingOf(state);
    },

    async simulate(trackingNumber, status) {
      if (!(SIMULATION_STATUSES as readonly string[]).includes(status)) {
        throw new CarrierError(`Cannot simulate status '${String(status)}'.`, 'invalid_request', false);
      }
      const state = await adoptedPackageOf(trackingNumber);
      if (state.voided) throw new CarrierError('A voided package cannot be tracked.', 'invalid_request', false);
      const current = trackingOf(state).status;
      const at = now();
      const events = [...(state.simulated?.events ?? [])];
      const event = (step: TrackingStatus, description: string, location: string | null): TrackingEvent => ({
        status: step,
        description: `${description} (simulated)`,
        occurredAt: at.toISOString(),
        location,
      });
      // Forward along the usual path, the package goes through the steps it has not seen yet, so its
      // history reads like a real one; anything else (an exception, a return, going back) is one event.
      const currentStep = TIMELINE.findIndex((step) => step.status === current);
      const targetStep = TIMELINE.findIndex((step) => step.status === status);
      const notYetPickedUp = current === 'created' || current === 'pickup_scheduled';
      if (targetStep >= 0 && (notYetPickedUp || (currentStep >= 0 && targetStep > currentStep))) {
        for (const step of TIMELINE.slice(currentStep + 1, targetStep + 1)) {
          events.push(event(step.status, step.description, step.location === 'Destination' ? state.destination : step.location));
        }
      } else {
        events.push(event(status, SIMULATED_DESCRIPTIONS[status], null));
      }
      // The timeline stops at the first simulation: from then on the simulated status holds.
      state.simulated = { since: state.simulated?.since ?? at, events };
      await persist({ packages: [state] });
      return trackingOf(state);
    },

    async recordPackage(input) {
      const chronological = [...input.events].sort((a, b) => a.occurredAt.localeCompare(b.occurredAt));
      const travelled = chronological.filter((event) => AFTER_PICKUP.has(event.status));
      const latest = travelled.at(-1);
      const step = latest ? TIMELINE.find((candidate) => candidate.status === latest.status) : undefined;
      let pickup: PackageState['pickup'] = null;
      let simulated: PackageState['simulated'] = null;
      if (latest && step && latest.status !== 'delivered') {
        // Picked up so that the usual timeline reaches the latest status now: the parcel holds it for
        // that step's usual span before moving on, however long ago the history was written.
        const at = new Date(Math.max(Date.parse(latest.occurredAt), now().getTime()) - step.afterMs);
        const scheduled = chronological.find((event) => event.status === 'pickup_scheduled');
        pickup = { number: pickupNumberFor(`history:${input.trackingNumber}`, 0), scheduledAt: scheduled ? new Date(scheduled.occurredAt) : at, at };
      } else if (latest) {
        // Delivered, returned or held: the history stands as it is, with no timeline before it.
        simulated = { since: new Date(0), events: [...travelled] };
      }
      const recorded: PackageState = {
        trackingNumber: input.trackingNumber,
        shipmentId: input.shipmentId,
        createdAt: input.createdAt,
        destination: input.destination,
        voided: input.voided,
        pickup,
        simulated,
      };
      packages.set(input.trackingNumber, recorded);
      await persist({ packages: [recorded] });
    },
  };
}

function validateShipmentRequest(request: CreateShipmentRequest): void {
  if (!request.shipmentId.trim()) throw new CarrierError('A shipment id is required.', 'invalid_request', false);
  validateRateRequest(request);
}

/** What rating and buying a label both need: a known service, packages of a weight UPS carries, two addresses. */
function validateRateRequest(request: RateShipmentRequest): void {
  const invalid = (message: string) => new CarrierError(message, 'invalid_request', false);
  if (!SANDBOX_SERVICES[request.serviceCode]) throw invalid(`Invalid service code '${request.serviceCode}'.`);
  if (request.packages.length === 0) throw invalid('At least one package is required.');
  if (request.shipDate !== undefined && !isCalendarDate(request.shipDate)) throw invalid(`Invalid ship date '${request.shipDate}'.`);
  for (const pkg of request.packages) {
    if (!Number.isFinite(pkg.weightOunces) || pkg.weightOunces <= 0) throw invalid('Package weight must be greater than zero.');
    if (pkg.weightOunces > 150 * 16) throw invalid('Package weight exceeds the 150 lbs maximum.');
  }
  validateAddress(request.shipper, 'Shipper');
  // A quote to a ZIP code alone (port.ts): its country, state and ZIP code are what rating reads.
  if (!request.recipient.line1.trim() && !request.recipient.city.trim()) validatePostalArea(request.recipient, 'Ship-to');
  else validateAddress(request.recipient, 'Ship-to');
}

function validatePostalArea(address: CarrierAddress, role: string): void {
  const invalid = (message: string) => new CarrierError(`${role} ${message}`, 'invalid_request', false);
  if (!/^[A-Za-z]{2}$/.test(address.countryCode)) throw invalid('country code is invalid.');
  if (address.countryCode.toUpperCase() === 'US' && !/^\d{5}(-?\d{4})?$/.test(address.postalCode)) throw invalid('postal code is invalid.');
}

/** UPS's rules for a return (Shipping.yaml): a package description, and services a return may use. */
const SERVICES_WITHOUT_RETURNS = new Set(['13', '59']);
function validateReturnShipmentRequest(request: CreateReturnShipmentRequest): void {
  const invalid = (message: string) => new CarrierError(message, 'invalid_request', false);
  if (!request.returnId.trim()) throw invalid('A return id is required.');
  if (!SANDBOX_SERVICES[request.serviceCode]) throw invalid(`Invalid service code '${request.serviceCode}'.`);
  if (SERVICES_WITHOUT_RETURNS.has(request.serviceCode)) throw invalid(`Service ${request.serviceCode} is not available for return shipments.`);
  if (!request.package.description.trim()) throw invalid('A return package needs a merchandise description.');
  const { weightOunces } = request.package;
  if (!Number.isFinite(weightOunces) || weightOunces <= 0) throw invalid('Package weight must be greater than zero.');
  if (weightOunces > 150 * 16) throw invalid('Package weight exceeds the 150 lbs maximum.');
  validateAddress(request.shipper, 'Ship-from');
  validateAddress(request.recipient, 'Return-to');
}

function validateAddress(address: CarrierAddress, role: string): void {
  const invalid = (message: string) => new CarrierError(`${role} ${message}`, 'invalid_request', false);
  if (!address.name.trim()) throw invalid('name is required.');
  if (!address.line1.trim()) throw invalid('address line is required.');
  if (!address.city.trim()) throw invalid('city is required.');
  if (!/^[A-Za-z]{2}$/.test(address.countryCode)) throw invalid('country code is invalid.');
  if (address.countryCode.toUpperCase() === 'US') {
    if (!/^[A-Za-z]{2}$/.test(address.state)) throw invalid('state must be a two-letter code.');
    if (!/^\d{5}(-?\d{4})?$/.test(address.postalCode)) throw invalid('postal code is invalid.');
  }
}

function validatePickupPackages(trackingNumbers: readonly string[]): void {
  if (trackingNumbers.length === 0) throw new CarrierError('A pickup needs at least one package.', 'invalid_request', false);
  for (const number of trackingNumbers) {
    if (!isValidUpsTrackingNumber(number)) throw new CarrierError(`Invalid tracking number '${number}'.`, 'invalid_request', false);
  }
}

/** The ZIP-prefix zone between two addresses (see ZONE_BOUNDS). */
export function shippingZoneBetween(from: Pick<CarrierAddress, 'postalCode' | 'countryCode'>, to: Pick<CarrierAddress, 'postalCode' | 'countryCode'>): number {
  const prefixOf = (address: Pick<CarrierAddress, 'postalCode' | 'countryCode'>) =>
    address.countryCode.toUpperCase() === 'US' && /^\d{5}/.test(address.postalCode.trim()) ? Number(address.postalCode.trim().slice(0, 3)) : null;
  const origin = prefixOf(from);
  const destination = prefixOf(to);
  if (origin === null || destination === null) return FARTHEST_ZONE;
  const distance = Math.abs(origin - destination);
  return ZONE_BOUNDS.find(([, below]) => distance < below)?.[0] ?? FARTHEST_ZONE;
}

/**
 * The label's price, line by line: per package, the zone's first pound and the pounds after it, each
 * times the service's factor (rounded to the cent per line, so the lines add up to the total).
 */
export function shipmentRateOf(request: RateShipmentRequest): ShipmentRate {
  const zone = shippingZoneBetween(request.shipper, request.recipient);
  const prices = SHIPPING_ZONE_RATES[zone] ?? { firstPoundCents: SHIPPING_BASE_CENTS, additionalPoundCents: SHIPPING_PER_ADDITIONAL_POUND_CENTS };
  const factor = SERVICE_FACTOR[request.serviceCode] ?? 1;
  const serviceDescription = SANDBOX_SERVICES[request.serviceCode] ?? `UPS service ${request.serviceCode}`;
  const chargeDetails: ChargeLine[] = [];
  let billingWeightOunces = 0;
  request.packages.forEach((pkg, index) => {
    const pounds = billablePounds(pkg);
    billingWeightOunces += pounds * 16;
    const prefix = request.packages.length > 1 ? `Package ${index + 1}: ` : '';
    chargeDetails.push({ description: `${prefix}${serviceDescription}, zone ${zone}, first lb`, amountCents: Math.round(prices.firstPoundCents * factor) });
    if (pounds > 1) {
      chargeDetails.push({ description: `${prefix}${pounds - 1} additional lb`, amountCents: Math.round(prices.additionalPoundCents * (pounds - 1) * factor) });
    }
  });
  return {
    serviceCode: request.serviceCode,
    serviceDescription,
    totalCents: chargeDetails.reduce((sum, line) => sum + line.amountCents, 0),
    currency: 'USD',
    billingWeightOunces,
    chargeDetails,
    transitDays: transitDaysOf(request.serviceCode, zone),
  };
}

/** Business days in transit for a service to a zone: Ground's by zone, an air service's at most that. */
function transitDaysOf(serviceCode: string, zone: number): number {
  const ground = GROUND_TRANSIT_DAYS_BY_ZONE[zone] ?? GROUND_TRANSIT_DAYS_BY_ZONE[FARTHEST_ZONE] ?? 5;
  return Math.min(AIR_TRANSIT_DAYS[serviceCode] ?? ground, ground);
}

/** Billable pounds: actual weight rounded up, or the dimensional weight when the box is larger. */
function billablePounds(pkg: CarrierPackage): number {
  const actual = Math.max(1, Math.ceil(pkg.weightOunces / 16));
  if (!pkg.lengthInches || !pkg.widthInches || !pkg.heightInches) return actual;
  const dimensional = Math.ceil((pkg.lengthInches * pkg.widthInches * pkg.heightInches) / DIMENSIONAL_DIVISOR);
  return Math.max(actual, dimensional);
}

/** The id a return's parcels are known by in the sandbox. */
function returnShipmentIdOf(returnId: string): string {
  return `return:${returnId}`;
}

/** A pickup request number as the sandbox hands them out: '2929' and 8 digits. */
function pickupNumberFor(requestKey: string, generation: number): string {
  return `2929${digitsFromHash(`pickup:${requestKey}:${generation}`, 8)}`;
}

function digitsFromHash(seed: string, count: number): string {
  const value = BigInt(`0x${createHash('sha256').update(seed).digest('hex').slice(0, 16)}`) % 10n ** BigInt(count);
  return value.toString().padStart(count, '0');
}

function fingerprintOf(value: unknown): string {
  return createHash('sha256').update(JSON.stringify(value)).digest('hex');
}

/** The instant a wall-clock date and time (YYYY-MM-DD, HH:MM) names in `timeZone`. */
function instantIn(date: string, time: string, timeZone: string): Date {
  const asUtc = Date.parse(`${date}T${time}:00Z`);
  const offsetAt = (instant: number) => {
    const parts = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    }).formatToParts(new Date(instant));
    const part = (type: string) => Number(parts.find((entry) => entry.type === type)?.value ?? 0);
    return Date.UTC(part('year'), part('month') - 1, part('day'), part('hour'), part('minute'), part('second')) - instant;
  };
  // Twice, so a date on the other side of a daylight-saving change still lands right.
  const first = asUtc - offsetAt(asUtc);
  return new Date(asUtc - offsetAt(first));
}
