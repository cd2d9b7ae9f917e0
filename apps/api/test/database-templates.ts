import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { openDatabase } from '../src/db/client';

// Migrate once, copy many times (docs/decisions/0033-test-tiers-and-migrate-once.md). Every API test file
// needs an empty, migrated database. Running the migrations for each one cost 12 s per file on PGlite (its
// initdb in WebAssembly, then 28 migrations) and a second or two on PostgreSQL. Instead the suite's global
// setup makes one migrated database per run and each test file starts from a copy of it:
// - PGlite: the migrated data directory as a tarball on disk, loaded with `loadDataDir` (about 1.5 s);
// - PostgreSQL: a template database that `CREATE DATABASE … TEMPLATE` clones (tens of milliseconds).
// Both are named after a hash of the migrations (and PGlite's version), so a new migration makes a new
// template, an unchanged tree reuses the one it made on the last run, and a copy can never be stale.

/** Where the global setup tells the test workers what it made (workers inherit its environment). */
export const PGLITE_TEMPLATE_ENV = 'MARKETPLACE_TEST_PGLITE_TEMPLATE';
export const POSTGRES_TEMPLATE_ENV = 'MARKETPLACE_TEST_POSTGRES_TEMPLATE';

const migrationsFolder = fileURLToPath(new URL('../src/db/migrations', import.meta.url));
const require = createRequire(import.meta.url);

/** The installed PGlite's version (its package.json is not among its exports, so found from its entry point). */
function pgliteVersion(): string {
  let folder = path.dirname(require.resolve('@electric-sql/pglite'));
  while (folder !== path.dirname(folder)) {
    const manifest = path.join(folder, 'package.json');
    if (existsSync(manifest)) {
      const { name, version } = JSON.parse(readFileSync(manifest, 'utf8')) as { name?: string; version?: string };
      if (name === '@electric-sql/pglite' && version) return version;
    }
    folder = path.dirname(folder);
  }
  throw new Error('cannot find the version of @electric-sql/pglite');
}

/** Same migrations, same PGlite, same key: what the template holds depends on nothing else. */
export function templateKey(): string {
  const hash = createHash('sha256');
  const files = readdirSync(migrationsFolder, { recursive: true, encoding: 'utf8' }).sort();
  for (const file of files) {
    const full = path.join(migrationsFolder, file);
    if (!file.endsWith('.sql') && !file.endsWith('.json')) continue;
    hash.update(file).update('\0').update(readFileSync(full)).update('\0');
  }
  hash.update(`pglite ${pgliteVersion()}`);
  return hash.digest('hex').slice(0, 16);
}

/** The migrated PGlite data directory as an uncompressed tarball; made when missing. Returns its path. */
export async function preparePgliteTemplate(key = templateKey()): Promise<string> {
  const folder = path.join(tmpdir(), 'marketplace-test-templates');
  const file = path.join(folder, `pglite-${key}.tar`);
  if (existsSync(file)) return file;
  mkdirSync(folder, { recursive: true });
  const database = await openDatabase({ kind: 'pglite' });
  try {
    await database.migrate();
    const dump = await database.dumpDataDir!();
    // Written beside and renamed, so a run that stops half-way never leaves a torn tarball behind.
    const partial = `${file}.${process.pid}.partial`;
    writeFileSync(partial, Buffer.from(await dump.arrayBuffer()));
    renameSync(partial, file);
  } finally {
    await database.close();
  }
  return file;
}

/** Any fixed number: template builders on one server take turns. */
const TEMPLATE_LOCK_KEY = 7_354_201_887;
const TEMPLATE_PREFIX = 'marketplace_template_';

/**
 * A migrated template database on the server at `serverUrl`, made when missing; templates of older
 * migrations are dropped. Returns the template's name.
 */
export async function preparePostgresTemplate(serverUrl: string, key = templateKey()): Promise<string> {
  const name = `${TEMPLATE_PREFIX}${key}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    await admin.query('select pg_advisory_lock($1)', [TEMPLATE_LOCK_KEY]);
    const { rows } = await admin.query<{ datname: string }>('select datname from pg_database where datname like $1', [`${TEMPLATE_PREFIX}%`]);
    for (const { datname } of rows) {
      if (datname === name) continue;
      // A template cannot be dropped as one: it stops being one first (a run of other migrations made it).
      await admin.query(`alter database "${datname}" with is_template false`);
      await admin.query(`drop database if exists "${datname}" with (force)`);
    }
    if (!rows.some((row) => row.datname === name)) {
      // Built under another name and renamed when whole: a template is never seen half-migrated.
      const building = `${name}_building`;
      await admin.query(`drop database if exists "${building}" with (force)`);
      await admin.query(`create database "${building}"`);
      const url = new URL(serverUrl);
      url.pathname = `/${building}`;
      const database = await openDatabase({ kind: 'postgres', url: url.toString(), poolSize: 1 });
      try {
        await database.migrate();
      } finally {
        await database.close();
      }
      await admin.query(`alter database "${building}" rename to "${name}"`);
      // No session may sit in a template while it is cloned; refusing connections makes that certain.
      await admin.query(`alter database "${name}" with is_template true allow_connections false`);
    }
    return name;
  } finally {
    await admin.query('select pg_advisory_unlock($1)', [TEMPLATE_LOCK_KEY]).catch(() => undefined);
    await admin.end();
  }
}

let pgliteTemplate: Blob | undefined;

/** The PGlite template the global setup made, read once per worker process; undefined when there is none. */
export function pgliteTemplateBlob(): Blob | undefined {
  const file = process.env[PGLITE_TEMPLATE_ENV];
  if (!file || !existsSync(file)) return undefined;
  pgliteTemplate ??= new Blob([readFileSync(file)]);
  return pgliteTemplate;
}
