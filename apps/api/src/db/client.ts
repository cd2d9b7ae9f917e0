import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { sql } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePostgres } from 'drizzle-orm/node-postgres';
import { migrate as migratePostgres } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import * as schema from './schema';

/** The typed database every repository takes: the same for PGlite and PostgreSQL. */
export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;

/** A transaction or the database itself: repositories accept either. */
export type Executor = Parameters<Parameters<Database['transaction']>[0]>[0] | Database;

export interface DatabaseHandle {
  db: Database;
  kind: 'pglite' | 'postgres';
  migrate(): Promise<void>;
  ping(): Promise<void>;
  close(): Promise<void>;
  /** PostgreSQL only: the pool's open, idle and waited-for clients, for the metrics. */
  poolStats?(): PoolStats;
  /**
   * Raw SQL for the job queue (pg-boss, decision 0018): text with values runs as one statement; text
   * without values may hold several statements (pg-boss's own BEGIN … COMMIT blocks).
   */
  executeSql(text: string, values?: unknown[]): Promise<{ rows: unknown[] }>;
  /** PGlite only: the data directory as an uncompressed tarball (the tests' migrated template). */
  dumpDataDir?(): Promise<Blob>;
}

export interface PoolStats {
  total: number;
  idle: number;
  waiting: number;
}

const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url));

/**
 * Every instance migrating a PostgreSQL database takes this session advisory lock first, so two
 * instances starting together migrate one after the other (Drizzle's migrator takes no lock of its
 * own). Any fixed number works; it only has to be the same everywhere.
 */
export const MIGRATION_LOCK_KEY = 7_354_201_886;

/**
 * Runs Drizzle's migrator on one client of the pool while that client holds the lock. The next
 * instance waits in `pg_advisory_lock`, then finds every migration recorded. The same connection runs
 * the migrations, so a pool of one cannot wait on itself.
 */
async function migrateUnderLock(pool: pg.Pool): Promise<void> {
  const client = await pool.connect();
  let isUnlocked = false;
  try {
    await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
    await migratePostgres(drizzlePostgres(client, { schema, casing: 'snake_case' }), { migrationsFolder });
    await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]);
    isUnlocked = true;
  } finally {
    // After a failure the connection is closed, not reused: ending its session drops the lock.
    client.release(isUnlocked ? undefined : true);
  }
}

export type DatabaseOptions = { kind: 'postgres'; url: string; poolSize?: number } | { kind: 'pglite'; dataDir?: string; loadDataDir?: Blob };

/**
 * Opens PostgreSQL when a URL is configured, otherwise the embedded PGlite (Postgres compiled to
 * WASM) in `dataDir`, or in memory when no directory is given (tests). Both run the same migrations.
 */
/**
 * Settings every connection starts with. The catalogue search's typo match is written `word <% title`
 * so the title's trigram index can answer it; `<%` means word_similarity(word, title) ≥ this threshold
 * (pg_trgm's default is 0.6, which misses "hedphone" → "Headphones" at 0.5). Set per connection, a
 * search needs no transaction of its own just to set it.
 *
 * JIT compilation is off: the API's statements are short (a page of listings is a millisecond), and
 * PostgreSQL compiles a statement whose estimated cost passes jit_above_cost; a word page's kept statement
 * at 1,000,000 listings is estimated high (a misspelling's correction, which a word spelt right never
 * runs) and spent 37 ms compiling to run in 0.3 ms.
 */
export const SESSION_SETTINGS: Readonly<Record<string, string>> = { 'pg_trgm.word_similarity_threshold': '0.5', jit: 'off' };

const sessionOptions = () =>
  Object.entries(SESSION_SETTINGS)
    .map(([name, value]) => `-c ${name}=${value}`)
    .join(' ');

export async function openDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  if (options.kind === 'postgres') {
    const pool = new pg.Pool({ connectionString: options.url, max: options.poolSize ?? 10, options: sessionOptions() });
    let closing = false;
    // An idle connection the server drops (a restart, a failover, a dropped test database) must not
    // crash the process: the pool discards it and the next query opens a new one.
    pool.on('error', (error) => {
      if (!closing) console.warn(`PostgreSQL dropped an idle connection: ${error.message}`);
    });
    const db = drizzlePostgres(pool, { schema, casing: 'snake_case' }) as unknown as Database;
    return {
      db,
      kind: 'postgres',
      migrate: () => migrateUnderLock(pool),
      ping: async () => {
        await db.execute(sql`select 1`);
      },
      close: () => {
        closing = true;
        return pool.end();
      },
      poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
      executeSql: (text, values) => pool.query(text, values),
    };
  }
  if (options.dataDir) mkdirSync(options.dataDir, { recursive: true });
  const client = await PGlite.create({
    ...(options.dataDir ? { dataDir: options.dataDir } : {}),
    ...(options.loadDataDir ? { loadDataDir: options.loadDataDir } : {}),
    extensions: { pg_trgm },
  });
  // PGlite is one session for the process: set once.
  for (const [name, value] of Object.entries(SESSION_SETTINGS)) await client.query('select set_config($1, $2, false)', [name, value]);
  const db = drizzlePglite(client, { schema, casing: 'snake_case' }) as unknown as Database;
  return {
    db,
    kind: 'pglite',
    migrate: () => migratePglite(db as never, { migrationsFolder }),
    ping: async () => {
      await db.execute(sql`select 1`);
    },
    close: () => client.close(),
    dumpDataDir: () => client.dumpDataDir('none'),
    // PGlite runs each call alone (it is one session), so a multi-statement block cannot interleave with a transaction.
    executeSql: async (text, values) => {
      if (values && values.length > 0)
        return client.query(
          text,
          values.map((value) => value ?? null),
        );
      const results = await client.exec(text);
      return results.at(-1) ?? { rows: [] };
    },
  };
}
