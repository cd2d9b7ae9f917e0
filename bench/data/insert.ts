import { pipeline } from 'node:stream/promises';
import { Readable } from 'node:stream';
import { getTableColumns, getTableName, type Table } from 'drizzle-orm';
import type pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';

// Bulk loads driven by the project's drizzle schema: column names and value encodings (jsonb,
// timestamps, …) come from the table definitions, so the rows stay in step with the schema files. Rows go
// through COPY (text format), in chunks of up to 25,000, a few chunks in flight at once on a pool:
// several times faster than multi-row INSERTs, which spend most of their time binding parameters.
// Statement-level triggers fire once per chunk, as they would for one INSERT of those rows.
//
// Tables no trigger of ours keeps figures from (everything loaded after the listings) can be loaded
// `fast`: their indexes and constraints are dropped and put back once the rows are in
// (`withIndexesBuiltAfter`), so PostgreSQL builds each index once, sorted, and checks each foreign key
// with one join. Several tables made in one pass (an order with its items, payment and shipments) load
// side by side through one `CopyLoads`, which holds one chunk per table, so nothing is kept in memory
// for long.

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
  /** Indexes and constraints dropped for the load and put back after it (`withIndexesBuiltAfter`); refused for a table with triggers. */
  fast?: boolean;
}

type Column = { name: string; mapToDriverValue(value: unknown): unknown };

/** One table's rows in COPY's text format, a chunk at a time, through the loads it belongs to. */
export class TableCopy<T extends Table> {
  readonly name: string;
  rows = 0;
  private readonly columns: Record<string, Column>;
  private keys: string[] | undefined;
  private encoders: Array<(value: unknown) => unknown> = [];
  private lines: string[] = [];

  constructor(
    private readonly loads: CopyLoads,
    table: T,
  ) {
    this.name = getTableName(table);
    this.columns = getTableColumns(table) as Record<string, Column>;
  }

  /** Adds a row; a full chunk is sent off (wait for `CopyLoads.room()` now and then to bound what is held). */
  add(row: T['$inferInsert']): void {
    const record = row as Record<string, unknown>;
    if (!this.keys) {
      this.keys = Object.keys(record).filter((key) => key in this.columns);
      this.encoders = this.keys.map((key) => {
        const column = this.columns[key]!;
        return (value: unknown) => column.mapToDriverValue(value);
      });
    }
    let line = '';
    for (let index = 0; index < this.keys.length; index += 1) {
      const raw = record[this.keys[index]!];
      line += `${index === 0 ? '' : '\t'}${copyText(raw === null || raw === undefined ? null : this.encoders[index]!(raw))}`;
    }
    this.lines.push(`${line}\n`);
    this.rows += 1;
    if (this.lines.length >= this.loads.chunkRows) this.flush();
  }

  flush(): void {
    if (this.lines.length === 0) return;
    const text = this.lines.join('');
    this.lines = [];
    const columnList = this.keys!.map((key) => `"${this.columns[key]!.name}"`).join(',');
    this.loads.send(`copy "${this.name}" (${columnList}) from stdin`, text);
  }
}

/**
 * Several tables loaded side by side from one pass over the generated data (an order with its items,
 * payment, shipments and payouts), so no table's rows are all held in memory: each table keeps one
 * chunk, and at most `concurrency` chunks are on their way to PostgreSQL.
 */
export class CopyLoads {
  readonly chunkRows: number;
  private readonly concurrency: number;
  private readonly inFlight = new Set<Promise<void>>();
  private readonly tables: Array<TableCopy<Table>> = [];
  private failure: unknown;
  private readonly started = performance.now();

  constructor(
    private readonly pool: pg.Pool,
    private readonly options: InsertOptions = {},
  ) {
    this.chunkRows = options.chunkRows ?? CHUNK_ROWS;
    this.concurrency = options.concurrency ?? 4;
  }

  table<T extends Table>(table: T): TableCopy<T> {
    const copy = new TableCopy(this, table);
    this.tables.push(copy as unknown as TableCopy<Table>);
    return copy;
  }

  send(statement: string, text: string): void {
    const job: Promise<void> = this.copy(statement, text)
      .catch((error: unknown) => {
        this.failure ??= error;
      })
      .finally(() => this.inFlight.delete(job));
    this.inFlight.add(job);
  }

  /** Resolves once fewer than `concurrency` chunks are in flight; throws the first failed chunk's error. */
  async room(): Promise<void> {
    while (this.inFlight.size >= this.concurrency) await Promise.race(this.inFlight);
    if (this.failure) throw this.failure;
  }

  async finish(): Promise<InsertStats[]> {
    for (const table of this.tables) {
      table.flush();
      await this.room();
    }
    await Promise.all(this.inFlight);
    if (this.failure) throw this.failure;
    const ms = performance.now() - this.started;
    return this.tables.map((table) => ({ table: table.name, rows: table.rows, ms }));
  }

  private async copy(statement: string, text: string): Promise<void> {
    const client = await this.pool.connect();
    try {
      await pipeline(Readable.from([text]), client.query(copyFrom(statement)));
    } finally {
      client.release();
    }
  }
}

export async function insertRows<T extends Table>(
  pool: pg.Pool,
  table: T,
  rows: Iterable<T['$inferInsert']>,
  options: InsertOptions = {},
): Promise<InsertStats> {
  if (options.fast) {
    const started = performance.now();
    const loaded = await withIndexesBuiltAfter(pool, [getTableName(table)], () => insertRows(pool, table, rows, { ...options, fast: false }));
    return { ...loaded, ms: performance.now() - started };
  }
  const loads = new CopyLoads(pool, options);
  const copy = loads.table(table);
  for (const row of rows) {
    copy.add(row);
    if (copy.rows % 1000 === 0) await loads.room();
  }
  const [stats] = await loads.finish();
  return stats!;
}

/**
 * Runs the load with the tables' indexes and constraints dropped, then puts them back: the primary
 * keys and unique constraints first (each a sorted build instead of millions of random inserts into a
 * B-tree of random UUIDs), then the other indexes, `builders` at a time on their own connections
 * (PostgreSQL builds each on one core), then every foreign key to or from the tables, one at a time, which
 * PostgreSQL checks in one join per key when it is added (instead of a lookup per row). Refused for a table with
 * triggers of its own: those keep figures that a load without its checks would skip.
 */
export async function withIndexesBuiltAfter<T>(pool: pg.Pool, tables: string[], load: () => Promise<T>, builders = 2): Promise<T> {
  const { rows: triggers } = await pool.query<{ name: string }>(
    'select tgrelid::regclass::text as name from pg_trigger where tgrelid = any($1::regclass[]) and not tgisinternal',
    [tables],
  );
  if (triggers.length > 0) throw new Error(`${triggers[0]!.name} has triggers of its own: load it with its checks (fast: false)`);
  const constraintsOf = (where: string) =>
    pool.query<{ owner: string; name: string; definition: string }>(
      `select c.conrelid::regclass::text as owner, quote_ident(c.conname) as name, pg_get_constraintdef(c.oid) as definition
       from pg_constraint c where ${where} order by c.conrelid::regclass::text, c.conname`,
      [tables],
    );
  const { rows: foreignKeys } = await constraintsOf("c.contype = 'f' and (c.conrelid = any($1::regclass[]) or c.confrelid = any($1::regclass[]))");
  const { rows: keys } = await constraintsOf("c.contype in ('p', 'u') and c.conrelid = any($1::regclass[])");
  const { rows: indexes } = await pool.query<{ name: string; definition: string }>(
    `select i.indexrelid::regclass::text as name, pg_get_indexdef(i.indexrelid) as definition from pg_index i
     where i.indrelid = any($1::regclass[]) and not exists (select 1 from pg_constraint c where c.conindid = i.indexrelid)`,
    [tables],
  );
  for (const key of foreignKeys) await pool.query(`alter table ${key.owner} drop constraint ${key.name}`);
  for (const key of keys) await pool.query(`alter table ${key.owner} drop constraint ${key.name}`);
  for (const index of indexes) await pool.query(`drop index ${index.name}`);
  const loaded = await load();
  const builtFrom = performance.now();
  const inTurn = async (statements: string[]) => {
    const waiting = [...statements];
    const build = async () => {
      const client = await pool.connect();
      try {
        await client.query("set maintenance_work_mem = '512MB'");
        for (let statement = waiting.shift(); statement; statement = waiting.shift()) await client.query(statement);
      } finally {
        await client.query('reset maintenance_work_mem');
        client.release();
      }
    };
    await Promise.all(Array.from({ length: Math.max(1, Math.min(builders, statements.length)) }, build));
  };
  await inTurn(keys.map((key) => `alter table ${key.owner} add constraint ${key.name} ${key.definition}`));
  await inTurn(indexes.map((index) => index.definition));
  // One at a time: adding a foreign key locks both its tables, and two side by side can deadlock.
  for (const key of foreignKeys) await pool.query(`alter table ${key.owner} add constraint ${key.name} ${key.definition}`);
  const seconds = ((performance.now() - builtFrom) / 1000).toFixed(1);
  console.log(`    (${tables.join(', ')}: ${keys.length + indexes.length} indexes and ${foreignKeys.length} foreign keys put back in ${seconds} s)`);
  return loaded;
}
