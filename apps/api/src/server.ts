import { buildApp } from './app';
import { loadConfig } from './config';
import { openConfiguredDatabase } from './db/open-configured-database';
import { DEMO_LOGINS, DEMO_PASSWORD } from './db/seed/demo-data';
import { seedDemoMarketplace } from './db/seed/seed-demo-marketplace';
import { sandboxLedgerOf } from './providers/carrier/create-carrier-provider';
import { systemClock } from './lib/clock';
import { hashPassword } from './modules/auth/password';
import type { ShipmentsService } from './modules/shipping/shipments.service';
import { createLocalFileStore } from './providers/files/local';

/** How often active shipments are tracked again with the carrier (issue #4). */
const SHIPMENT_REFRESH_INTERVAL_MS = 5 * 60 * 1000;

// Boot order: config → database (migrated) → demo seed on first start → listen.
const config = loadConfig();
const database = await openConfiguredDatabase(config);
const files = createLocalFileStore(config.uploadsDirectory);

if (config.seedDemoData) {
  const result = await seedDemoMarketplace({ db: database.db, files, hashPassword, carrierLedger: sandboxLedgerOf(config) });
  if (result.seeded) console.log('Seeded the demo marketplace.');
}

let shipmentsService: ShipmentsService | undefined;
const app = await buildApp({ config, database, files, clock: systemClock, onServices: ({ shipments }) => (shipmentsService = shipments) });
await app.listen({ port: config.port, host: config.host });

// Background tracking refresh: a failed round is logged and the next one tries again.
let isRefreshingShipments = false;
const shipmentRefresh = setInterval(() => {
  if (!shipmentsService || isRefreshingShipments) return;
  isRefreshingShipments = true;
  shipmentsService
    .refreshActiveShipments()
    .then((updated) => {
      if (updated > 0) app.log.info({ updated }, 'refreshed shipment tracking');
    })
    .catch((error: unknown) => app.log.error({ err: error }, 'shipment tracking refresh failed'))
    .finally(() => {
      isRefreshingShipments = false;
    });
}, SHIPMENT_REFRESH_INTERVAL_MS);
shipmentRefresh.unref();

const address = app.server.address();
const port = typeof address === 'object' && address ? address.port : config.port;
const url = config.environment === 'production' ? config.publicUrl : `http://localhost:${port}`;
const databaseLabel = database.kind === 'postgres' ? 'PostgreSQL (DATABASE_URL)' : `embedded PGlite in ${config.dataDirectory}`;
console.log(`\nMarketplace is running at ${url}  (database: ${databaseLabel})`);
console.log(`API docs: ${url}/api/docs`);
if (config.seedDemoData) {
  console.log(`\nDemo logins (password: ${DEMO_PASSWORD}):`);
  for (const login of DEMO_LOGINS) console.log(`  ${login.role.padEnd(7)} ${login.email}`);
}
console.log('');

let isShuttingDown = false;
async function shutDown(signal: string) {
  if (isShuttingDown) return;
  isShuttingDown = true;
  app.log.info(`${signal} received, shutting down`);
  clearInterval(shipmentRefresh);
  await app.close();
  await database.close();
  process.exit(0);
}
process.on('SIGINT', () => void shutDown('SIGINT'));
process.on('SIGTERM', () => void shutDown('SIGTERM'));
