import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { buildApp, type AppDependencies } from '../src/app';
import { loadConfig, type Config } from '../src/config';
import { openDatabase, type DatabaseHandle } from '../src/db/client';
import { createManualClock } from '../src/lib/clock';
import type { DomainEventPublisher } from '../src/lib/domain-events';
import { createConfiguredFileStore } from '../src/providers/files/create-file-store';
import { startJobs, type JobQueue, type JobQueueTuning, type JobServices } from '../src/jobs';
import { pgliteTemplateBlob, POSTGRES_TEMPLATE_ENV } from './database-templates';
import { reusablePglite, reusablePostgres, reuseEnabled, RUN_PREFIX_ENV } from './database-reuse';

/**
 * A fresh, migrated database for one test file: in-memory PGlite by default, or a throw-away
 * database on the PostgreSQL server named by TEST_DATABASE_URL (CI runs the API suite both ways).
 * Each starts as a copy of the migrated template the suite's global setup made (database-templates.ts);
 * without one (a file run outside vitest's setup), it is migrated here. In the tiers that allow it, an
 * earlier file's database, emptied, is used instead of a new copy (database-reuse.ts).
 */
export async function createTestDatabase(): Promise<DatabaseHandle> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) {
    const open = async () => {
      const template = pgliteTemplateBlob();
      return openDatabase({ kind: 'pglite', ...(template ? { loadDataDir: template } : {}) });
    };
    const database = reuseEnabled() ? await reusablePglite(open) : await open();
    // On a copy of the template this only reads the migrations table and finds them all applied.
    await database.migrate();
    return database;
  }
  const create = async () => {
    const name = `${process.env[RUN_PREFIX_ENV] ?? 'marketplace_test_'}${process.pid}_${Math.random().toString(36).slice(2, 10)}`;
    const template = process.env[POSTGRES_TEMPLATE_ENV];
    await onServer(serverUrl, (admin) => admin.query(template ? `create database "${name}" template "${template}"` : `create database "${name}"`));
    return name;
  };
  const open = async (name: string) => {
    const url = new URL(serverUrl);
    url.pathname = `/${name}`;
    return openDatabase({ kind: 'postgres', url: url.toString(), poolSize: 5 });
  };
  const drop = (name: string) => onServer(serverUrl, (admin) => admin.query(`drop database if exists "${name}" with (force)`)).then(() => undefined);
  if (reuseEnabled()) {
    const database = await reusablePostgres({ serverUrl, create, open, drop });
    await database.migrate();
    return database;
  }
  const name = await create();
  const database = await open(name);
  await database.migrate();
  return {
    ...database,
    async close() {
      await database.close();
      await drop(name);
    },
  };
}

async function onServer<T>(serverUrl: string, work: (admin: pg.Client) => Promise<T>): Promise<T> {
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    return await work(admin);
  } finally {
    await admin.end();
  }
}

export interface TestApp {
  app: FastifyInstance;
  database: DatabaseHandle;
  config: Config;
  clock: ReturnType<typeof createManualClock>;
  /** Every log line the app wrote, for checks that secrets never reach the logs. */
  logs: string[];
  /** The services the background jobs call (apps/api/src/jobs), to run a job's work directly. */
  services: JobServices;
  /** The job queue, started only when the options ask for it (`jobs`). */
  jobs: JobQueue | null;
  /** The app's domain events, to publish what a module would. */
  events: DomainEventPublisher;
  close(): Promise<void>;
}

export interface TestAppOptions {
  environment?: Record<string, string>;
  /** Runs before `app.ready()`, e.g. to add a route that throws. */
  beforeReady?: (app: FastifyInstance) => void;
  /** Replaces parts of the database handle, e.g. a ping that fails. */
  database?: Partial<DatabaseHandle>;
  /** Puts a fake in front of the Connect provider, e.g. a transfer that fails. */
  wrapConnect?: AppDependencies['wrapConnect'];
  /** Puts a fake in front of the payment provider, e.g. a refund that gets no answer. */
  wrapPayments?: AppDependencies['wrapPayments'];
  /** Puts a fake in front of the carrier, or keeps a handle on the one the app made. */
  wrapCarrier?: AppDependencies['wrapCarrier'];
  /** Sees every route as the app registers it, from the first (the security tests' route table, test/route-declarations.ts). */
  onRoute?: AppDependencies['onRoute'];
  /** Another file store than the configured one (its own folder on disk, or the bucket S3_* in `environment` names). */
  files?: AppDependencies['files'];
  /** Another app's database (two instances over one database); it is not closed with this app. */
  sharedDatabase?: DatabaseHandle;
  /** Starts the job queue (with these timings) as server.ts does; off unless asked. */
  jobs?: Partial<JobQueueTuning>;
}

export async function buildTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  const environment = options.environment ?? {};
  const dataDirectory = mkdtempSync(path.join(tmpdir(), 'marketplace-test-'));
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDirectory,
    JWT_SECRET: 'test-secret-that-is-long-enough-for-hs256-signing',
    WEB_DIST_DIR: path.join(dataDirectory, 'no-web-build'),
    LOG_LEVEL: 'info',
    ...environment,
  });
  const database = options.sharedDatabase ? { ...options.sharedDatabase, close: async () => {} } : { ...(await createTestDatabase()), ...options.database };
  const clock = createManualClock(new Date());
  const logs: string[] = [];
  const logStream = new Writable({
    write(chunk, _encoding, callback) {
      logs.push(String(chunk));
      callback();
    },
  });
  let services: JobServices | undefined;
  let events: DomainEventPublisher | undefined;
  const app = await buildApp({
    config,
    database,
    files: options.files ?? createConfiguredFileStore(config),
    clock,
    logStream,
    wrapConnect: options.wrapConnect,
    wrapPayments: options.wrapPayments,
    wrapCarrier: options.wrapCarrier,
    onRoute: options.onRoute,
    onServices: (handed) => (services = handed),
    onDomainEvents: (handed) => (events = handed),
  });
  options.beforeReady?.(app);
  await app.ready();
  const jobs = options.jobs ? await startJobs({ config, database, services: services!, log: app.log, tuning: options.jobs }) : null;
  return {
    app,
    database,
    config,
    clock,
    logs,
    services: services!,
    events: events!,
    jobs,
    async close() {
      await jobs?.stop();
      await app.close();
      await database.close();
      rmSync(dataDirectory, { recursive: true, force: true });
    },
  };
}
