// The plans behind the catalogue's pages: runs each request of the catalogue bench through the real
// services (the catalogue's search, the product page and AI search) on a generated database, captures
// every statement they send, and prints EXPLAIN (ANALYZE, BUFFERS) for each, with the whole request's
// time alone (best and median of 40 in a row, after the first warms up).
//
//   npx tsx bench/catalog/explain.ts --database-url postgres://postgres@127.0.0.1:5432/bench_data_… [--only list,search]
import { parseArgs } from 'node:util';
import { productSearchQuerySchema } from '@marketplace/contracts/catalog';
import { aiSearchQuerySchema } from '@marketplace/contracts/search';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { openDatabase, SESSION_SETTINGS, type Database } from '../../apps/api/src/db/client';
import * as schema from '../../apps/api/src/db/schema';
import { createProductsService } from '../../apps/api/src/modules/catalog/products.service';
import { createCatalogueSearchService } from '../../apps/api/src/modules/search/catalogue-search.service';
import { createSearchService } from '../../apps/api/src/modules/search/search.service';
import { createLocalFileStore } from '../../apps/api/src/providers/files/local';
import { CATALOG_REQUESTS, type CatalogRequest } from './requests';

const { values: flags } = parseArgs({
  options: {
    'database-url': { type: 'string' },
    only: { type: 'string', default: '' },
    plans: { type: 'boolean', default: true },
    repeat: { type: 'string', default: '40' },
  },
});
const databaseUrl = flags['database-url'] ?? process.env.DATABASE_URL;
if (!databaseUrl) throw new Error('Give --database-url: a database made by bench/data/generate.ts');
const only = new Set(flags.only.split(',').filter(Boolean));

// The schema this checkout expects (its migrations), as the server would apply them at boot.
const migrating = await openDatabase({ kind: 'postgres', url: databaseUrl });
await migrating.migrate();
await migrating.close();

const options = Object.entries(SESSION_SETTINGS)
  .map(([name, value]) => `-c ${name}=${value}`)
  .join(' ');
// One connection: the requests run one at a time, and what PostgreSQL keeps of their prepared statements
// (pg_prepared_statements) is that connection's.
const pool = new pg.Pool({ connectionString: databaseUrl, max: 1, options });
let captured: { sql: string; params: unknown[] }[] | null = null;
const db = drizzle(pool, {
  schema,
  casing: 'snake_case',
  logger: { logQuery: (sql, params) => captured?.push({ sql, params }) },
}) as unknown as Database;
const files = createLocalFileStore('/tmp/bench-catalog-uploads');
const events = { publish: () => {} } as never;
const clock = { now: () => new Date() } as never;
const products = createProductsService({ db, files, clock, events, searchCacheTtlMs: 0 });
const catalogueSearch = createCatalogueSearchService({ db, files, clock, searchCacheTtlMs: 0 });
const search = createSearchService({ db, files });

async function runOnce(request: CatalogRequest, fixtures: { productId: string }) {
  switch (request.kind) {
    case 'products':
      return catalogueSearch.searchProducts(productSearchQuerySchema.parse(request.query));
    case 'ai':
      return search.searchByDescription(aiSearchQuerySchema.parse(request.query));
    case 'detail':
      return products.getProduct(fixtures.productId, null as never);
  }
}

/** The connection's prepared statements and how often each was planned generically and custom. */
async function plansKept(): Promise<Map<string, string>> {
  const { rows } = await pool.query<{ name: string; generic_plans: string; custom_plans: string }>(
    'select name, generic_plans, custom_plans from pg_prepared_statements',
  );
  return new Map(rows.map((row) => [row.name, `generic ${row.generic_plans}, custom ${row.custom_plans}`]));
}

const [{ id: productId }] = (await pool.query<{ id: string }>(`select id from products where status = 'active' order by created_at desc offset 500 limit 1`))
  .rows;
for (const request of CATALOG_REQUESTS) {
  if (only.size > 0 && !only.has(request.name)) continue;
  const before = await plansKept();
  const times: number[] = [];
  let statements: { sql: string; params: unknown[] }[] = [];
  let answer: unknown;
  for (let index = 0; index < Number(flags.repeat); index += 1) {
    captured = [];
    const started = performance.now();
    answer = await runOnce(request, { productId: productId! });
    times.push(performance.now() - started);
    statements = captured;
    captured = null;
  }
  const summary = answer as { total?: number; totalPages?: number; pagination?: { totalItems: number } };
  console.log(`\n## ${request.name} — ${request.label}`);
  console.log(
    `alone: best ${Math.min(...times).toFixed(1)} ms, median ${times.sort((a, b) => a - b)[Math.floor(times.length / 2)]!.toFixed(1)} ms; ${statements.length} statements; total ${summary.total ?? summary.pagination?.totalItems ?? '—'}`,
  );
  // A kept statement should be planned once (a generic plan); a custom plan on every run costs the planning each time.
  const after = await plansKept();
  const changed = [...after].filter(([name, counts]) => counts !== before.get(name)).map(([name, counts]) => `${name} (${counts})`);
  if (changed.length > 0) console.log(`prepared: ${changed.join('; ')}`);
  if (!flags.plans) continue;
  for (const statement of statements) {
    const plan = await pool.query(`explain (analyze, buffers) ${statement.sql}`, statement.params as unknown[]);
    console.log('\n```');
    console.log(statement.sql.length > 600 ? `${statement.sql.slice(0, 600)}…` : statement.sql);
    console.log('---');
    console.log(plan.rows.map((row: Record<string, string>) => row['QUERY PLAN']).join('\n'));
    console.log('```');
  }
}
await pool.end();
