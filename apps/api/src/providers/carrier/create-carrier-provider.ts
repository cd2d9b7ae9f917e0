import type { Config } from '../../config';
import type { Clock } from '../../lib/clock';
import path from 'node:path';
import type { CarrierProvider } from './port';
import { createSandboxCarrier } from './sandbox';
import { createSandboxLedger, type SandboxLedger } from './sandbox-ledger';
import { createUpsCarrier } from './ups';

/** UPS when UPS_CLIENT_ID, UPS_CLIENT_SECRET and UPS_ACCOUNT_NUMBER are set; otherwise the embedded sandbox (no keys, no network). */
export function createCarrierProvider(config: Config, clock: Clock): CarrierProvider {
  if (config.ups) return createUpsCarrier({ ...config.ups, clock });
  return createSandboxCarrier({ clock, ledger: sandboxLedgerOf(config) });
}

/** Where the sandbox carrier keeps its parcels and pickups between restarts: the data folder. */
export function sandboxLedgerOf(config: Pick<Config, 'dataDirectory'>): SandboxLedger {
  return createSandboxLedger(path.join(config.dataDirectory, 'carrier-sandbox.json'));
}
