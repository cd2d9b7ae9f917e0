import { buildApp } from './app';
import { loadConfig } from './config';
import { openConfiguredDatabase } from './db/open-configured-database';
import { DEMO_LOGINS, DEMO_PASSWORD } from './db/seed/demo-data';
import { seedDemoMarketplace } from './db/seed/seed-demo-marketplace';
import { systemClock } from './lib/clock';
import { armCrashPoint } from './lib/fault-injection';
import { exitGracefullyOnSignals } from './lib/graceful-shutdown';
import { describeStartupAddresses } from './lib/network-addresses';
import { checkRedisAnswers } from './lib/redis-connection';
import { guardStartup } from './lib/startup-failure';
import { hashPassword } from './modules/auth/password';
import { startJobs, type JobQueue, type JobServices } from './jobs';
import { createConfiguredFileStore } from './providers/files/create-file-store';

// Boot order: config → database (migrated) → demo seed on first start → listen.
// Until it listens, a failure prints why (one line per bad setting, no stack) and exits 1.
const startup = guardStartup();
const config = loadConfig();
armCrashPoint(config.faultInjection);
// Redis first: when it does not answer, that is said in seconds, not after the migrations.
if (config.redisUrl) await checkRedisAnswers(config.redisUrl);
const database = await openConfiguredDatabase(config);
startup.closeOnFailure(() => database.close());
// Local disk by default; the S3 bucket when S3_BUCKET is set (decision 0017).
const files = createConfiguredFileStore(config);

const isNewlySeeded = config.seedDemoData && (await seedDemoMarketplace({ db: database.db, files, hashPassword })).seeded;
/** Set by the first SIGTERM/SIGINT: readiness answers 503 from then on. */
let isDraining = false;

let jobServices: JobServices | undefined;
// The queue starts once the app listens; until then /metrics shows no queues.
const started: { jobs?: JobQueue } = {};
const app = await buildApp({
  config,
  database,
  files,
  clock: systemClock,
  isDraining: () => isDraining,
  jobStats: async () => (started.jobs ? started.jobs.stats() : []),
  onServices: (services) => {
    jobServices = services;
  },
});
await app.listen({ port: config.port, host: config.host });

// Background jobs (tracking refresh, stale payouts and refunds, clean-ups): once per period across all instances (decision 0018).
const jobs = await startJobs({ config, database, services: jobServices!, log: app.log });
started.jobs = jobs;

const address = app.server.address();
const port = typeof address === 'object' && address ? address.port : config.port;
// localhost for this computer, and the machine's network addresses for a phone on the same Wi-Fi.
const { url, networkLines } = describeStartupAddresses({
  port,
  host: config.host,
  environment: config.environment,
  publicUrl: config.publicUrl,
  isPublicUrlSet: config.isPublicUrlSet,
});
const databaseLabel = database.kind === 'postgres' ? 'PostgreSQL (DATABASE_URL)' : `embedded PGlite in ${config.dataDirectory}`;
// Log entries like any other (readable lines in development, JSON in production); the messages carry the text a newcomer reads.
if (isNewlySeeded) app.log.info('Seeded the demo marketplace.');
app.log.info(
  { url, database: database.kind, docs: `${url}/api/docs` },
  [`Marketplace is running at ${url}  (database: ${databaseLabel})`, ...networkLines, `API docs: ${url}/api/docs`].join('\n'),
);
if (config.seedDemoData) {
  const logins = DEMO_LOGINS.map((login) => `  ${login.role.padEnd(7)} ${login.email}`);
  app.log.info({ demoLogins: DEMO_LOGINS.map((login) => login.email) }, [`Demo logins (password: ${DEMO_PASSWORD}):`, ...logins].join('\n'));
}
startup.started();

// SIGTERM/SIGINT: readiness 503 → open requests and sockets finish (SHUTDOWN_TIMEOUT_SECONDS) → database closes → exit 0.
exitGracefullyOnSignals({
  timeoutSeconds: config.shutdownTimeoutSeconds,
  log: app.log,
  startDraining: () => {
    isDraining = true;
  },
  drain: async () => {
    await jobs.stop();
    await app.close();
  },
  cutOpenConnections: () => app.server.closeAllConnections(),
  release: () => database.close(),
});
