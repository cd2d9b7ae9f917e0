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
}

const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url));

export type DatabaseOptions =
  | { kind: 'postgres'; url: string; poolSize?: number }
  | { kind: 'pglite'; dataDir?: string };

/**
 * Opens PostgreSQL when a URL is configured, otherwise the embedded PGlite (Postgres compiled to
 * WASM) in `dataDir`, or in memory when no directory is given (tests). Both run the same migrations.
 */
/**
 * Settings every connection starts with. The catalogue search's typo match is written `word <% title`
 * so the title's trigram index can answer it; `<%` means word_similarity(word, title) ≥ this threshold
 * (pg_trgm's default is 0.6, which misses "hedphone" → "Headphones" at 0.5). Set per connection, a
 * search needs no transaction of its own just to set it.
 */
export const SESSION_SETTINGS: Readonly<Record<string, string>> = { 'pg_trgm.word_similarity_threshold': '0.5' };

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
      migrate: () => migratePostgres(db as never, { migrationsFolder }),
      ping: async () => {
        await db.execute(sql`select 1`);
      },
      close: () => {
        closing = true;
        return pool.end();
      },
    };
  }
  if (options.dataDir) mkdirSync(options.dataDir, { recursive: true });
  const client = await PGlite.create({ ...(options.dataDir ? { dataDir: options.dataDir } : {}), extensions: { pg_trgm } });
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
  };
}
