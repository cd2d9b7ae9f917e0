import { buildApp } from './app';
import { loadConfig } from './config';
import { openConfiguredDatabase } from './db/open-configured-database';
import { DEMO_LOGINS, DEMO_PASSWORD } from './db/seed/demo-data';
import { seedDemoMarketplace } from './db/seed/seed-demo-marketplace';
import { sandboxLedgerOf } from './providers/carrier/create-carrier-provider';
import { systemClock } from './lib/clock';
import { armCrashPoint } from './lib/fault-injection';
import { describeStartupAddresses } from './lib/network-addresses';
import { hashPassword } from './modules/auth/password';
import type { ReturnsService } from './modules/returns/returns.service';
import type { TrackingService } from './modules/shipping';
import { createLocalFileStore } from './providers/files/local';

/** How often active shipments are tracked again with the carrier. */
const SHIPMENT_REFRESH_INTERVAL_MS = 5 * 60 * 1000;

// Boot order: config → database (migrated) → demo seed on first start → listen.
const config = loadConfig();
armCrashPoint(config.faultInjection);
const database = await openConfiguredDatabase(config);
const files = createLocalFileStore(config.uploadsDirectory);

if (config.seedDemoData) {
  const result = await seedDemoMarketplace({ db: database.db, files, hashPassword, carrierLedger: sandboxLedgerOf(config) });
  if (result.seeded) console.log('Seeded the demo marketplace.');
}

let trackingService: TrackingService | undefined;
let returnsService: ReturnsService | undefined;
const app = await buildApp({
  config,
  database,
  files,
  clock: systemClock,
  onServices: ({ tracking, returns }) => {
    trackingService = tracking;
    returnsService = returns;
  },
});
await app.listen({ port: config.port, host: config.host });

// Background tracking refresh: a failed round is logged and the next one tries again.
let isRefreshingShipments = false;
const shipmentRefresh = setInterval(() => {
  if (!trackingService || isRefreshingShipments) return;
  isRefreshingShipments = true;
  trackingService
    .refreshActiveShipments()
    .then((updated) => {
      if (updated > 0) app.log.info({ updated }, 'refreshed shipment tracking');
    })
    // Return parcels on their way back, and refunds of delivered returns still to go through.
    .then(() => returnsService?.refreshReturns())
    .then((moved) => {
      if (moved) app.log.info({ moved }, 'refreshed return tracking');
    })
    .catch((error: unknown) => app.log.error({ err: error }, 'shipment tracking refresh failed'))
    .finally(() => {
      isRefreshingShipments = false;
    });
}, SHIPMENT_REFRESH_INTERVAL_MS);
shipmentRefresh.unref();

const address = app.server.address();
const port = typeof address === 'object' && address ? address.port : config.port;
// localhost for this computer, and the machine's network addresses for a phone on the same Wi-Fi.
const { url, networkLines } = describeStartupAddresses({ port, host: config.host, environment: config.environment, publicUrl: config.publicUrl, isPublicUrlSet: config.isPublicUrlSet });
const databaseLabel = database.kind === 'postgres' ? 'PostgreSQL (DATABASE_URL)' : `embedded PGlite in ${config.dataDirectory}`;
console.log(`\nMarketplace is running at ${url}  (database: ${databaseLabel})`);
for (const line of networkLines) console.log(line);
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
