import pg from 'pg';
import type { Database, DatabaseHandle } from '../src/db/client';
import { SESSION_SETTINGS } from '../src/db/client';
import { REUSE_ENV } from './tiers';

// Reused test databases (docs/testing.md). A copy of the migrated template still costs: about a second of
// CPU to load PGlite's data directory, and on PostgreSQL a DROP DATABASE waits for a checkpoint (two
// seconds on a busy machine). Files of the in-process tiers run one after another in each worker, so when a
// file closes its database the worker keeps it, empties it and hands it to its next file:
// - every table of the template's schemas is truncated (the migrated template holds no rows but the
//   migrations' own bookkeeping, which is kept), sequences restart, and schemas made at run time (the job
//   queue's) are dropped;
// - the session starts over: PGlite's one session is discarded and given the app's settings again, and a
//   PostgreSQL database gets a new pool;
// - a database whose tables, columns, indexes, triggers or functions a test changed is not reused: it is
//   closed (and dropped) as before;
// - the handle the file held stops working when it is closed, as a closed database does, so nothing a file
//   left running can write into the next file's database.
// Only where the tier says so (MARKETPLACE_TEST_REUSE_DATABASES=1, the non-isolated projects): an isolated
// file's module state, and with it the idle databases, would not outlive the file.

/** Set by the global setup: this run's databases on a PostgreSQL server start with it, for its teardown. */
export const RUN_PREFIX_ENV = 'MARKETPLACE_TEST_RUN_PREFIX';

/** At most this many idle databases per worker (a file that opens many does not make the worker keep them all). */
const MAX_IDLE = 2;

export const reuseEnabled = (): boolean => process.env[REUSE_ENV] === '1';

/**
 * What a test may have changed that emptying the tables would not undo: the schemas' objects and their
 * shape, and the migrations' bookkeeping. Equal before and after a file, the database can be reused.
 */
const SHAPE_QUERY = `
  select md5(coalesce(string_agg(item, ',' order by item), '')) as shape from (
    select 'r:' || n.nspname || '.' || c.relname || ':' || c.relkind::text as item
      from pg_class c join pg_namespace n on n.oid = c.relnamespace
     where n.nspname in ('public', 'drizzle')
    union all
    select 'a:' || c.relname || '.' || a.attname || ':' || format_type(a.atttypid, a.atttypmod) || ':' || a.attnotnull || ':' || coalesce(pg_get_expr(d.adbin, d.adrelid), '')
      from pg_attribute a join pg_class c on c.oid = a.attrelid join pg_namespace n on n.oid = c.relnamespace
      left join pg_attrdef d on d.adrelid = a.attrelid and d.adnum = a.attnum
     where n.nspname in ('public', 'drizzle') and a.attnum > 0 and not a.attisdropped
    union all
    select 'c:' || conrelid::regclass::text || ':' || conname || ':' || pg_get_constraintdef(oid) from pg_constraint where connamespace in (select oid from pg_namespace where nspname in ('public', 'drizzle'))
    union all
    select 'i:' || indexrelid::regclass::text || ':' || pg_get_indexdef(indexrelid) from pg_index where indrelid in (select c.oid from pg_class c join pg_namespace n on n.oid = c.relnamespace where n.nspname in ('public', 'drizzle'))
    union all
    select 't:' || tgrelid::regclass::text || ':' || tgname || ':' || tgenabled::text from pg_trigger where not tgisinternal
    union all
    select 'f:' || n.nspname || '.' || p.proname || ':' || md5(p.prosrc) from pg_proc p join pg_namespace n on n.oid = p.pronamespace where n.nspname in ('public', 'drizzle')
    union all
    select 'e:' || extname || ':' || extversion from pg_extension
    union all
    select 'm:' || count(*)::text from drizzle.__drizzle_migrations
  ) shape`;

const TABLES_QUERY = `select quote_ident(schemaname) || '.' || quote_ident(tablename) as name from pg_tables where schemaname = 'public' order by 1`;
const SCHEMAS_QUERY = `select nspname from pg_namespace where nspname not in ('public', 'drizzle', 'information_schema') and nspname not like 'pg\\_%'`;

type Run = (text: string) => Promise<{ rows: unknown[] }>;

async function shapeOf(run: Run): Promise<string> {
  const { rows } = await run(SHAPE_QUERY);
  return (rows[0] as { shape: string }).shape;
}

/** Drops the schemas made at run time and empties every table of the template; sequences restart. */
async function empty(run: Run): Promise<void> {
  for (const row of (await run(SCHEMAS_QUERY)).rows as Array<{ nspname: string }>) await run(`drop schema "${row.nspname.replace(/"/g, '""')}" cascade`);
  const tables = ((await run(TABLES_QUERY)).rows as Array<{ name: string }>).map((row) => row.name);
  // One statement a table: a table's own truncate trigger may empty another (the listings empty their
  // words), which one statement naming both would refuse as in use.
  if (tables.length > 0) await run(tables.map((table) => `truncate ${table} restart identity cascade;`).join('\n'));
}

/**
 * A handle whose every use fails once it is closed (its `release` runs once, at the first close): what a file left running meets a closed database.
 * What a file sets on its `db` (the domain events wrap `transaction` to publish after commit) stays on this
 * handle: the kept database underneath is never changed, so the next file's handle starts clean.
 */
function guarded(handle: DatabaseHandle, release: () => Promise<void>): DatabaseHandle {
  let closed = false;
  const isClosed = () => closed;
  const close = async () => {
    if (closed) return;
    closed = true;
    await release();
  };
  const refuse = () => {
    throw new Error('the test database is closed');
  };
  const own = new Map<PropertyKey, unknown>();
  const db = new Proxy(handle.db, {
    get(target, property) {
      if (isClosed()) refuse();
      if (own.has(property)) return own.get(property);
      const value = Reflect.get(target, property, target) as unknown;
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
    },
    set(_target, property, value) {
      own.set(property, value);
      return true;
    },
    defineProperty(_target, property, descriptor) {
      own.set(property, descriptor.get ? descriptor.get() : descriptor.value);
      return true;
    },
    has(target, property) {
      return own.has(property) || Reflect.has(target, property);
    },
  }) as Database;
  return {
    ...handle,
    db,
    migrate: () => (isClosed() ? Promise.reject(new Error('the test database is closed')) : handle.migrate()),
    ping: () => (isClosed() ? Promise.reject(new Error('the test database is closed')) : handle.ping()),
    executeSql: (text, values) => (isClosed() ? Promise.reject(new Error('the test database is closed')) : handle.executeSql(text, values)),
    close,
  };
}

// ── PGlite: the instance itself is kept ──

interface IdlePglite {
  handle: DatabaseHandle;
  shape: string;
}
const idlePglite: IdlePglite[] = [];

/**
 * An emptied PGlite database from this worker's earlier files, or a new one from `open`; its `close` hands
 * it back (emptied) instead of closing it, unless a test changed its shape.
 */
export async function reusablePglite(open: () => Promise<DatabaseHandle>): Promise<DatabaseHandle> {
  const kept = idlePglite.pop();
  const handle = kept?.handle ?? (await open());
  const run: Run = (text) => handle.executeSql(text);
  const shape = kept?.shape ?? (await shapeOf(run));
  return guarded(handle, async () => {
    try {
      if (idlePglite.length < MAX_IDLE && (await shapeOf(run)) === shape) {
        // A fresh session: settings, advisory locks, temporary tables and prepared statements of the file go.
        await run('discard all');
        for (const [name, value] of Object.entries(SESSION_SETTINGS)) await handle.executeSql('select set_config($1, $2, false)', [name, value]);
        await empty(run);
        idlePglite.push({ handle, shape });
        return;
      }
    } catch {
      // Not reusable: closed below.
    }
    await handle.close();
  });
}

// ── PostgreSQL: the database is kept, its pool is not ──

interface IdlePostgres {
  name: string;
  shape: string;
}
const idlePostgres: IdlePostgres[] = [];

async function onDatabase<T>(serverUrl: string, name: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const client = new pg.Client({ connectionString: url.toString() });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/**
 * An emptied database of this worker's earlier files on the server, or a new one from `create`; `open`
 * gives it a pool. Its `close` ends the pool and keeps the database emptied, unless a test changed its shape;
 * then, or beyond the idle limit, it is dropped (`drop`). The global teardown drops what workers kept.
 */
export async function reusablePostgres(options: {
  serverUrl: string;
  create: () => Promise<string>;
  open: (name: string) => Promise<DatabaseHandle>;
  drop: (name: string) => Promise<void>;
}): Promise<DatabaseHandle> {
  const kept = idlePostgres.pop();
  const name = kept?.name ?? (await options.create());
  const shape = kept?.shape ?? (await onDatabase(options.serverUrl, name, (client) => shapeOf((text) => client.query(text))));
  const handle = await options.open(name);
  return guarded(handle, async () => {
    await handle.close();
    try {
      if (idlePostgres.length < MAX_IDLE) {
        const emptied = await onDatabase(options.serverUrl, name, async (client) => {
          const run: Run = (text) => client.query(text);
          if ((await shapeOf(run)) !== shape) return false;
          await empty(run);
          return true;
        });
        if (emptied) {
          idlePostgres.push({ name, shape });
          return;
        }
      }
    } catch {
      // Not reusable: dropped below.
    }
    await options.drop(name);
  });
}
