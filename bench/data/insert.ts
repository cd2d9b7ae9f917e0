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

export async function insertRows<T extends Table>(
  pool: pg.Pool,
  table: T,
  rows: Iterable<T['$inferInsert']>,
  options: { chunkRows?: number; concurrency?: number } = {},
): Promise<InsertStats> {
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
      await pipeline(Readable.from(chunk), client.query(copyFrom(`copy "${name}" (${columnList}) from stdin`)));
    } finally {
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
