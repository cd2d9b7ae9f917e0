// The API suite's global setup, run once before any test file: the migrated template databases every
// test file copies (database-templates.ts), PGlite's always, and PostgreSQL's when TEST_DATABASE_URL
// names a server. The test workers inherit the environment set here. Its teardown drops the databases this
// run's workers kept for reuse.
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { RUN_PREFIX_ENV } from './database-reuse';
import { PGLITE_TEMPLATE_ENV, POSTGRES_TEMPLATE_ENV, preparePgliteTemplate, preparePostgresTemplate, templateKey } from './database-templates';

export default async function setup(): Promise<() => Promise<void>> {
  const key = templateKey();
  const serverUrl = process.env.TEST_DATABASE_URL;
  const [pgliteTemplate, postgresTemplate] = await Promise.all([
    preparePgliteTemplate(key),
    serverUrl ? preparePostgresTemplate(serverUrl, key) : Promise.resolve(undefined),
  ]);
  process.env[PGLITE_TEMPLATE_ENV] = pgliteTemplate;
  if (postgresTemplate) process.env[POSTGRES_TEMPLATE_ENV] = postgresTemplate;
  // This run's databases on the server share a prefix, so the teardown drops the ones workers kept for
  // reuse (database-reuse.ts) and nothing of another run on the same server.
  const prefix = (process.env[RUN_PREFIX_ENV] ??= `marketplace_test_${randomBytes(4).toString('hex')}_`);
  return async () => {
    if (serverUrl) await dropDatabasesStartingWith(serverUrl, prefix);
  };
}

async function dropDatabasesStartingWith(serverUrl: string, prefix: string): Promise<void> {
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    const { rows } = await admin.query<{ datname: string }>('select datname from pg_database where starts_with(datname, $1)', [prefix]);
    for (const { datname } of rows) await admin.query(`drop database if exists "${datname}" with (force)`);
  } finally {
    await admin.end();
  }
}
