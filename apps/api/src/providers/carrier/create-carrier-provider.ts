import type { Config } from '../../config';
import type { DatabaseHandle } from '../../db/client';
import type { Clock } from '../../lib/clock';
import type { CarrierProvider } from './port';
import { createSandboxCarrier } from './sandbox';
import { createInProcessLedger, type SandboxLedger } from './sandbox-ledger';
import { createSandboxLedgerRepository } from './sandbox-ledger.repository';
import { createUpsCarrier } from './ups';

/** One in-process ledger per embedded database, however many apps a process builds over it (tests build two). */
const embeddedLedgers = new WeakMap<object, SandboxLedger>();

/**
 * Where the sandbox carrier keeps its parcels and pickups: its own tables, so every instance (and a
 * restarted one) knows the same ones. On PostgreSQL it reads and writes them on each call; on the
 * embedded database through memory (see createInProcessLedger for why).
 */
function sandboxLedgerOf(database: Pick<DatabaseHandle, 'kind' | 'db'>, onLedgerError: (error: unknown) => void): SandboxLedger {
  const stored = createSandboxLedgerRepository(database.db);
  if (database.kind === 'postgres') return stored;
  let ledger = embeddedLedgers.get(database.db);
  if (!ledger) {
    ledger = createInProcessLedger(stored, onLedgerError);
    embeddedLedgers.set(database.db, ledger);
  }
  return ledger;
}

/** UPS when UPS_CLIENT_ID, UPS_CLIENT_SECRET and UPS_ACCOUNT_NUMBER are set; otherwise the embedded sandbox (no keys, no network). */
export function createCarrierProvider(
  config: Config,
  clock: Clock,
  database: Pick<DatabaseHandle, 'kind' | 'db'>,
  onLedgerError: (error: unknown) => void = (error) => console.error('sandbox carrier: saving its records failed', error),
): CarrierProvider {
  if (config.ups) return createUpsCarrier({ ...config.ups, clock });
  return createSandboxCarrier({ clock, ledger: sandboxLedgerOf(database, onLedgerError) });
}
