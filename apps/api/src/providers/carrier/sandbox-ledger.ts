import type { ScheduledPickup, TrackingEvent } from './port';

/** A parcel as the sandbox carrier knows it. */
export interface SandboxPackage {
  trackingNumber: string;
  shipmentId: string;
  createdAt: Date;
  destination: string;
  voided: boolean;
  pickup: { number: string; scheduledAt: Date; at: Date } | null;
  /** Events the simulation added since its first use; the pickup timeline stops at `since`. */
  simulated: { since: Date; events: TrackingEvent[] } | null;
}

/** A pickup request as the sandbox carrier knows it. */
export interface SandboxPickup {
  number: string;
  requestKey: string | null;
  fingerprint: string;
  /** The answer a repeated request with the same key gets; absent for pickups recorded from history. */
  result: ScheduledPickup | null;
  trackingNumbers: string[];
  pickupAt: Date;
  cancelled: boolean;
}

export interface SandboxState {
  packages: SandboxPackage[];
  pickups: SandboxPickup[];
}

/** Which of the sandbox's records to read: by tracking number, by shipment, by pickup number or request key. */
export interface SandboxLedgerQuery {
  trackingNumbers?: readonly string[];
  shipmentIds?: readonly string[];
  pickupNumbers?: readonly string[];
  pickupRequestKeys?: readonly string[];
}

/**
 * The sandbox carrier's own memory, as UPS keeps its parcels in its own systems: in the database
 * (./sandbox-ledger.repository.ts), so every API instance, a restarted one, and the demo seed's sandbox
 * know every label, pickup and simulated status any of them handed out. Records are upserted one by
 * one; the shipments module's tables stay the marketplace's truth.
 */
export interface SandboxLedger {
  find(query: SandboxLedgerQuery): Promise<SandboxState>;
  /** Writes these records over any with the same tracking or pickup number. */
  save(changes: SandboxState): Promise<void>;
  /** Forgets everything (the demo seed starts a new marketplace). */
  clear(): Promise<void>;
}

/** A record as stored (JSON) back to one with dates. */
export function revivePackage(raw: SandboxPackage): SandboxPackage {
  const date = (value: unknown) => new Date(String(value));
  return {
    ...raw,
    createdAt: date(raw.createdAt),
    pickup: raw.pickup ? { ...raw.pickup, scheduledAt: date(raw.pickup.scheduledAt), at: date(raw.pickup.at) } : null,
    simulated: raw.simulated ? { ...raw.simulated, since: date(raw.simulated.since) } : null,
  };
}

export function revivePickup(raw: SandboxPickup): SandboxPickup {
  return { ...raw, pickupAt: new Date(String(raw.pickupAt)) };
}

/**
 * The ledger of a server on the embedded database (PGlite: one process, one connection). The shipments
 * module calls the carrier inside its transactions, and on PGlite any other query waits for that
 * transaction to end, so this ledger never queries during a call: it reads every record once when it is
 * made (before any request), answers from memory, and writes each change behind, in order. Several
 * instances need PostgreSQL, where the carrier reads and writes its tables directly.
 */
export function createInProcessLedger(stored: SandboxLedger & { findAll(): Promise<SandboxState> }, onWriteError: (error: unknown) => void): SandboxLedger {
  const packages = new Map<string, SandboxPackage>();
  const pickups = new Map<string, SandboxPickup>();
  const loaded = stored.findAll().then((state) => {
    for (const entry of state.packages) packages.set(entry.trackingNumber, entry);
    for (const entry of state.pickups) pickups.set(entry.number, entry);
  });
  let writes: Promise<void> = loaded.catch(onWriteError);
  const writeBehind = (write: () => Promise<void>) => {
    writes = writes.then(write).catch(onWriteError);
  };
  // Copies, so the carrier's working objects and this memory never share one.
  const copyOf = <T>(value: T): T => structuredClone(value);

  return {
    async find(query) {
      await loaded;
      const numbers = new Set(query.trackingNumbers ?? []);
      const shipments = new Set(query.shipmentIds ?? []);
      const pickupNumbers = new Set(query.pickupNumbers ?? []);
      const keys = new Set(query.pickupRequestKeys ?? []);
      return {
        packages: [...packages.values()].filter((entry) => numbers.has(entry.trackingNumber) || shipments.has(entry.shipmentId)).map(copyOf),
        pickups: [...pickups.values()]
          .filter((entry) => pickupNumbers.has(entry.number) || (entry.requestKey !== null && keys.has(entry.requestKey)))
          .map(copyOf),
      };
    },
    async save(changes) {
      await loaded;
      for (const entry of changes.packages) packages.set(entry.trackingNumber, copyOf(entry));
      for (const entry of changes.pickups) pickups.set(entry.number, copyOf(entry));
      const copied = copyOf(changes);
      writeBehind(() => stored.save(copied));
    },
    async clear() {
      await loaded;
      packages.clear();
      pickups.clear();
      writeBehind(() => stored.clear());
    },
  };
}
