import { pipeline } from 'node:stream/promises';
import { Readable } from 'node:stream';
import { getTableColumns, getTableName, type Table } from 'drizzle-orm';
import type pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';

// Bulk loads driven by the project's drizzle schema: column names and value encodings (jsonb,
// timestamps, …) come from the table definitions, so the rows stay in step with schema.ts. Rows go
// through COPY (text format), in chunks of up to 25,000, a few chunks in flight at once on a pool:
// several times faster than multi-row INSERTs, which spend most of their time binding parameters.
// Statement-level triggers fire once per chunk, as they would for one INSERT of those rows.
//
// Tables no trigger of ours keeps figures from (everything loaded after the listings) can be loaded
// `fast`: their secondary indexes are dropped and built again once the rows are in (one sorted build
// instead of millions of random inserts), and the foreign keys are not checked row by row
// (session_replication_role = replica, for a superuser): the generator makes every reference from rows it
// has already loaded, so the checks cannot fail. At --scale 10 the order items went from 7.7 minutes to
// 3.8 and the payments from 5.1 to 1.5; what is left is mostly the generator's own JavaScript (it holds
// every row in memory before loading it).

const CHUNK_ROWS = 25_000;

export interface InsertStats {
  table: string;
  rows: number;
  ms: number;
}

/** One value in COPY's text format: \N for null, backslash escapes for the characters that delimit. */
function copyText(value: unknown): string {
  if (value === null || value === undefined) return '\\N';
  if (typeof value === 'boolean') return value ? 't' : 'f';
  const text = value instanceof Date ? value.toISOString() : typeof value === 'object' ? JSON.stringify(value) : String(value);
  return text.replace(/[\\\t\n\r]/g, (character) => ({ '\\': '\\\\', '\t': '\\t', '\n': '\\n', '\r': '\\r' })[character]!);
}

export interface InsertOptions {
  chunkRows?: number;
  concurrency?: number;
  /** Secondary indexes built after the load and foreign keys unchecked (see above); refused for a table with triggers. */
  fast?: boolean;
  /** Foreign keys unchecked on the loading connections (a superuser's; others keep the checks). */
  uncheckedForeignKeys?: boolean;
}

export async function insertRows<T extends Table>(
  pool: pg.Pool,
  table: T,
  rows: Iterable<T['$inferInsert']>,
  options: InsertOptions = {},
): Promise<InsertStats> {
  if (options.fast) {
    const started = performance.now();
    const loaded = await withIndexesBuiltAfter(pool, getTableName(table), () => insertRows(pool, table, rows, { ...options, fast: false, uncheckedForeignKeys: true }));
    return { ...loaded, ms: performance.now() - started };
  }
  const started = performance.now();
  const columns = getTableColumns(table) as Record<string, { name: string; mapToDriverValue(value: unknown): unknown }>;
  const name = getTableName(table);
  const chunkRows = options.chunkRows ?? CHUNK_ROWS;
  const concurrency = options.concurrency ?? 4;
  const inFlight = new Set<Promise<void>>();
  let keys: string[] | undefined;
  let lines: string[] = [];
  let count = 0;

  const copy = async (chunk: string[]) => {
    const columnList = keys!.map((key) => `"${columns[key]!.name}"`).join(',');
    const client = await pool.connect();
    try {
      if (options.uncheckedForeignKeys) await skipForeignKeyChecks(client);
      await pipeline(Readable.from(chunk), client.query(copyFrom(`copy "${name}" (${columnList}) from stdin`)));
    } finally {
      await client.query('reset session_replication_role').catch(() => {});
      client.release();
    }
  };

  const launch = async () => {
    const chunk = lines;
    lines = [];
    const job = copy(chunk).finally(() => inFlight.delete(job));
    inFlight.add(job);
    if (inFlight.size >= concurrency) await Promise.race(inFlight);
  };

  for (const row of rows as Iterable<Record<string, unknown>>) {
    keys ??= Object.keys(row).filter((key) => key in columns);
    const fields = keys.map((key) => {
      const raw = row[key];
      return copyText(raw === null || raw === undefined ? null : columns[key]!.mapToDriverValue(raw));
    });
    lines.push(`${fields.join('\t')}\n`);
    count += 1;
    if (lines.length >= chunkRows) await launch();
  }
  if (lines.length > 0) await launch();
  await Promise.all(inFlight);
  return { table: name, rows: count, ms: performance.now() - started };
}

/** Foreign keys unchecked on this connection until reset (a superuser's right; others keep the checks). */
async function skipForeignKeyChecks(client: pg.PoolClient): Promise<void> {
  const { rows } = await client.query<{ allowed: boolean }>('select rolsuper as allowed from pg_roles where rolname = current_user');
  if (rows[0]?.allowed) await client.query('set session_replication_role = replica');
}

/** Runs the load with the table's secondary indexes (those no constraint owns) dropped, then builds them. */
export async function withIndexesBuiltAfter<T>(pool: pg.Pool, table: string, load: () => Promise<T>): Promise<T> {
  const { rows: triggers } = await pool.query('select 1 from pg_trigger where tgrelid = $1::regclass and not tgisinternal', [table]);
  if (triggers.length > 0) throw new Error(`${table} has triggers of its own: load it with its checks (fast: false)`);
  const { rows: indexes } = await pool.query<{ name: string; definition: string }>(
    `select i.indexrelid::regclass::text as name, pg_get_indexdef(i.indexrelid) as definition from pg_index i
     where i.indrelid = $1::regclass and not exists (select 1 from pg_constraint c where c.conindid = i.indexrelid)`,
    [table],
  );
  for (const index of indexes) await pool.query(`drop index ${index.name}`);
  const loaded = await load();
  const client = await pool.connect();
  try {
    await client.query("set maintenance_work_mem = '512MB'");
    for (const index of indexes) await client.query(index.definition);
  } finally {
    await client.query('reset maintenance_work_mem');
    client.release();
  }
  return loaded;
}
