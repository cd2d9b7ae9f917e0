import { inArray, or, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { sandboxCarrierPackages, sandboxCarrierPickups } from './carrier.schema';
import { revivePackage, revivePickup, type SandboxLedger, type SandboxPackage, type SandboxPickup, type SandboxState } from './sandbox-ledger';

// The sandbox carrier's records in its own `sandbox_carrier_*` tables. Only the sandbox carrier (and the
// demo seed, through it) uses them.

const asJson = (value: SandboxPackage | SandboxPickup) => JSON.parse(JSON.stringify(value)) as Record<string, unknown>;

export function createSandboxLedgerRepository(executor: Executor): SandboxLedger & { findAll(): Promise<SandboxState> } {
  return {
    async findAll() {
      const [packageRows, pickupRows] = await Promise.all([
        executor.select({ state: sandboxCarrierPackages.state }).from(sandboxCarrierPackages),
        executor.select({ state: sandboxCarrierPickups.state }).from(sandboxCarrierPickups),
      ]);
      return {
        packages: packageRows.map((row) => revivePackage(row.state as unknown as SandboxPackage)),
        pickups: pickupRows.map((row) => revivePickup(row.state as unknown as SandboxPickup)),
      };
    },

    async find(query) {
      const packageFilters: SQL[] = [];
      if (query.trackingNumbers?.length) packageFilters.push(inArray(sandboxCarrierPackages.trackingNumber, [...query.trackingNumbers]));
      if (query.shipmentIds?.length) packageFilters.push(inArray(sandboxCarrierPackages.shipmentId, [...query.shipmentIds]));
      const pickupFilters: SQL[] = [];
      if (query.pickupNumbers?.length) pickupFilters.push(inArray(sandboxCarrierPickups.number, [...query.pickupNumbers]));
      if (query.pickupRequestKeys?.length) pickupFilters.push(inArray(sandboxCarrierPickups.requestKey, [...query.pickupRequestKeys]));
      const [packageRows, pickupRows] = await Promise.all([
        packageFilters.length
          ? executor
              .select({ state: sandboxCarrierPackages.state })
              .from(sandboxCarrierPackages)
              .where(or(...packageFilters))
          : Promise.resolve([]),
        pickupFilters.length
          ? executor
              .select({ state: sandboxCarrierPickups.state })
              .from(sandboxCarrierPickups)
              .where(or(...pickupFilters))
          : Promise.resolve([]),
      ]);
      return {
        packages: packageRows.map((row) => revivePackage(row.state as unknown as SandboxPackage)),
        pickups: pickupRows.map((row) => revivePickup(row.state as unknown as SandboxPickup)),
      };
    },

    async save(changes) {
      if (changes.packages.length > 0) {
        await executor
          .insert(sandboxCarrierPackages)
          .values(changes.packages.map((entry) => ({ trackingNumber: entry.trackingNumber, shipmentId: entry.shipmentId, state: asJson(entry) })))
          .onConflictDoUpdate({
            target: sandboxCarrierPackages.trackingNumber,
            set: { shipmentId: sql`excluded.shipment_id`, state: sql`excluded.state`, updatedAt: sql`now()` },
          });
      }
      if (changes.pickups.length > 0) {
        await executor
          .insert(sandboxCarrierPickups)
          .values(changes.pickups.map((entry) => ({ number: entry.number, requestKey: entry.requestKey, state: asJson(entry) })))
          .onConflictDoUpdate({
            target: sandboxCarrierPickups.number,
            set: { requestKey: sql`excluded.request_key`, state: sql`excluded.state`, updatedAt: sql`now()` },
          });
      }
    },

    async clear() {
      await executor.delete(sandboxCarrierPackages);
      await executor.delete(sandboxCarrierPickups);
    },
  };
}
