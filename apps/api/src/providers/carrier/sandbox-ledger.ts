import { existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
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

export interface SandboxLedger {
  load(): SandboxState;
  save(state: SandboxState): void;
  /** Forgets everything (the demo seed starts a new marketplace). */
  clear(): void;
}

const EMPTY: SandboxState = { packages: [], pickups: [] };

/**
 * The sandbox carrier's own memory on disk, as UPS keeps its parcels in its own systems: a JSON file
 * in the data folder, so a restarted server (or the demo seed, which runs its own sandbox) still knows
 * every label, pickup and simulated status it handed out. Saving merges with what is on disk, so two
 * sandboxes over one file (the seed's, then the server's) keep each other's entries.
 */
export function createSandboxLedger(file: string): SandboxLedger {
  function load(): SandboxState {
    if (!existsSync(file)) return EMPTY;
    try {
      return revive(JSON.parse(readFileSync(file, 'utf8')) as SandboxState);
    } catch {
      // A torn or hand-edited file: start over rather than refuse to ship.
      return EMPTY;
    }
  }

  return {
    load,
    clear() {
      rmSync(file, { force: true });
    },
    save(state) {
      const onDisk = load();
      const packages = new Map(onDisk.packages.map((entry) => [entry.trackingNumber, entry]));
      for (const entry of state.packages) packages.set(entry.trackingNumber, entry);
      const pickups = new Map(onDisk.pickups.map((entry) => [entry.number, entry]));
      for (const entry of state.pickups) pickups.set(entry.number, entry);
      mkdirSync(path.dirname(file), { recursive: true });
      const temporary = `${file}.${process.pid}.tmp`;
      writeFileSync(temporary, JSON.stringify({ packages: [...packages.values()], pickups: [...pickups.values()] }));
      // A rename is atomic: a reader sees the old file or the new one, never half of one.
      renameSync(temporary, file);
    },
  };
}

function revive(raw: SandboxState): SandboxState {
  const date = (value: unknown) => new Date(String(value));
  return {
    packages: (raw.packages ?? []).map((entry) => ({
      ...entry,
      createdAt: date(entry.createdAt),
      pickup: entry.pickup ? { ...entry.pickup, scheduledAt: date(entry.pickup.scheduledAt), at: date(entry.pickup.at) } : null,
      simulated: entry.simulated ? { ...entry.simulated, since: date(entry.simulated.since) } : null,
    })),
    pickups: (raw.pickups ?? []).map((entry) => ({ ...entry, pickupAt: date(entry.pickupAt) })),
  };
}
