import { spawn } from 'node:child_process';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../src/db/client';
import { createEmptyDatabase } from './processes';
import { timeLimit } from './time-limit';

// The benchmarks' data generator (bench/data/generate.ts) loads most tables without their indexes and
// constraints and puts them back afterwards. A generated database must end with exactly the schema the
// migrations make (every key, index and foreign key back, each foreign key checked) and with the
// catalogue's kept figures in step with its listings, or every benchmark on it measures something else.

const databaseServerUrl = process.env.TEST_DATABASE_URL;
const REPOSITORY_ROOT = path.resolve(import.meta.dirname, '../../..');

const SCHEMA_QUERIES = {
  constraints: `select conrelid::regclass::text as owner, conname as name, contype as kind, pg_get_constraintdef(oid) as definition, convalidated as validated
                from pg_constraint where connamespace = 'public'::regnamespace order by 1, 2`,
  indexes: `select i.indexrelid::regclass::text as name, pg_get_indexdef(i.indexrelid) as definition
            from pg_index i join pg_class c on c.oid = i.indexrelid where c.relnamespace = 'public'::regnamespace order by 1`,
  triggers: `select tgrelid::regclass::text as owner, tgname as name, tgenabled as enabled from pg_trigger where not tgisinternal order by 1, 2`,
};

async function schemaOf(url: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const result: Record<string, unknown[]> = {};
    for (const [key, sql] of Object.entries(SCHEMA_QUERIES)) result[key] = (await client.query(sql)).rows;
    return result;
  } finally {
    await client.end();
  }
}

function runGenerator(url: string): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(
      path.join(REPOSITORY_ROOT, 'node_modules/.bin/tsx'),
      ['bench/data/generate.ts', '--scale', '0.002', '--anchor', '2026-11-22', '--database-url', url],
      {
        cwd: REPOSITORY_ROOT,
        env: { ...process.env, DATABASE_URL: undefined },
      },
    );
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('close', (code) => resolve({ code, output }));
  });
}

describe.skipIf(!databaseServerUrl)('the benchmarks data generator on PostgreSQL (skipped without TEST_DATABASE_URL)', () => {
  let generated: Awaited<ReturnType<typeof createEmptyDatabase>>;
  let reference: Awaited<ReturnType<typeof createEmptyDatabase>>;
  let client: pg.Client;

  beforeAll(async () => {
    generated = await createEmptyDatabase(databaseServerUrl!, 'bench_generated');
    reference = await createEmptyDatabase(databaseServerUrl!, 'bench_reference');
    const run = await runGenerator(generated.url);
    expect(run.code, run.output).toBe(0);
    const handle = await openDatabase({ kind: 'postgres', url: reference.url, poolSize: 1 });
    await handle.migrate();
    await handle.close();
    client = new pg.Client({ connectionString: generated.url });
    await client.connect();
  }, timeLimit(120_000));

  afterAll(async () => {
    await client?.end();
    await generated?.drop();
    await reference?.drop();
  });

  it('ends with the migrated schema: every key, index and trigger back, every foreign key checked', async () => {
    const [made, migrated] = await Promise.all([schemaOf(generated.url), schemaOf(reference.url)]);
    expect(made.constraints!.length).toBeGreaterThan(50);
    expect(made).toEqual(migrated);
  });

  it('writes the rows its scale names, each order with its items and payment', async () => {
    const { rows } = await client.query<Record<string, string>>(
      `select (select count(*) from users)::text as users, (select count(*) from products)::text as products, (select count(*) from orders)::text as orders,
              (select count(*) from orders o where not exists (select 1 from order_items i where i.order_id = o.id))::text as orders_without_items,
              (select count(*) from orders o where not exists (select 1 from payments p where p.order_id = o.id and p.amount_cents = o.total_cents))::text as orders_unpaid,
              (select count(*) from payouts)::text as payouts, (select count(*) from shipment_items)::text as shipment_items`,
    );
    expect(rows[0]).toMatchObject({ users: '30', products: '200', orders: '400', orders_without_items: '0', orders_unpaid: '0' });
    expect(Number(rows[0]!.payouts)).toBeGreaterThan(0);
    expect(Number(rows[0]!.shipment_items)).toBeGreaterThan(0);
  });

  it("keeps the catalogue's figures in step with its listings", async () => {
    const { rows } = await client.query<{ kept: string; words: string; listed: string; live: string }>(
      `select (select coalesce(sum(listing_count), 0) from catalogue_lexemes)::text as kept, (select count(*) from listing_terms)::text as words,
              (select count(distinct product_id) from listing_terms)::text as listed, (select count(*) from products where status = 'active')::text as live`,
    );
    expect(Number(rows[0]!.words)).toBeGreaterThan(1000);
    expect(rows[0]!.kept).toBe(rows[0]!.words);
    expect(rows[0]!.listed).toBe(rows[0]!.live);
  });
});
