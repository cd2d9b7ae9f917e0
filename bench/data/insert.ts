import { getTableColumns, getTableName, type Table } from 'drizzle-orm';
import type pg from 'pg';

// Batched multi-row INSERTs driven by the project's drizzle schema: column names and value
// encodings (jsonb, timestamps, …) come from the table definitions, so the rows stay in step with
// schema.ts. Batches of up to 5,000 rows (fewer when 65,535 bind parameters would be exceeded),
// a few in flight at once on a pool.

const MAX_PARAMETERS = 65_000;

export interface InsertStats {
  table: string;
  rows: number;
  ms: number;
}

export async function insertRows<T extends Table>(
  pool: pg.Pool,
  table: T,
  rows: Iterable<T['$inferInsert']>,
  options: { batchSize?: number; concurrency?: number } = {},
): Promise<InsertStats> {
  const started = performance.now();
  const columns = getTableColumns(table) as Record<string, { name: string; mapToDriverValue(value: unknown): unknown }>;
  const name = getTableName(table);
  let keys: string[] | undefined;
  let batchRows = options.batchSize ?? 5_000;
  const concurrency = options.concurrency ?? 4;
  const inFlight = new Set<Promise<void>>();
  let batch: Array<Record<string, unknown>> = [];
  let count = 0;

  const flush = async (rowsToWrite: Array<Record<string, unknown>>) => {
    const columnKeys = keys!;
    const values: unknown[] = [];
    const tuples: string[] = [];
    for (const row of rowsToWrite) {
      const placeholders: string[] = [];
      for (const key of columnKeys) {
        const raw = row[key];
        values.push(raw === null || raw === undefined ? null : columns[key]!.mapToDriverValue(raw));
        placeholders.push(`$${values.length}`);
      }
      tuples.push(`(${placeholders.join(',')})`);
    }
    const columnList = columnKeys.map((key) => `"${columns[key]!.name}"`).join(',');
    await pool.query(`insert into "${name}" (${columnList}) values ${tuples.join(',')}`, values);
  };

  const launch = async () => {
    const rowsToWrite = batch;
    batch = [];
    const job = flush(rowsToWrite).finally(() => inFlight.delete(job));
    inFlight.add(job);
    if (inFlight.size >= concurrency) await Promise.race(inFlight);
  };

  for (const row of rows as Iterable<Record<string, unknown>>) {
    if (!keys) {
      keys = Object.keys(row).filter((key) => key in columns);
      batchRows = Math.max(1, Math.min(batchRows, Math.floor(MAX_PARAMETERS / keys.length)));
    }
    batch.push(row);
    count += 1;
    if (batch.length >= batchRows) await launch();
  }
  if (batch.length > 0) await launch();
  await Promise.all(inFlight);
  return { table: name, rows: count, ms: performance.now() - started };
}
