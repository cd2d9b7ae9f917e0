// HTTP load benchmark ("Performance"): boots the API as a child process on a database made
// by bench/data/generate.ts, mints tokens for a buyer, a seller and an admin from that data, and runs
// autocannon against a bare route and the busy endpoints one after the other. Prints requests/s,
// p50/p99 latency, errors/non-2xx and throughput relative to the bare route, writes the JSON to
// bench/http/results/, and prints the goal checks as PASS/FAIL (the exit code stays 0).
//
//   npx tsx bench/http/run.ts --database-url postgres://postgres@127.0.0.1:5432/bench_data_… \
//     [--connections 100] [--duration 30] [--warmup 3] [--only search,detail]
//
// Cart add and checkout write to the database (cart lines, orders): run on a generated copy.

import { mkdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import autocannon, { type RequestSpec, type Result } from 'autocannon';
import pg from 'pg';
import { createTokenService } from '../../apps/api/src/modules/auth/tokens';
import { CATALOG_REQUESTS, pathOf } from '../catalog/requests';
import { createCleanup, JWT_SECRET, killNow, makeTempDirectory, REPOSITORY_ROOT, sleep, startApi, type ApiInstance } from '../chat/servers';
import { percentile } from './stats';

const { values: flags } = parseArgs({
  options: {
    'database-url': { type: 'string' },
    connections: { type: 'string', default: '100' },
    duration: { type: 'string', default: '30' },
    warmup: { type: 'string', default: '3' },
    'pool-size': { type: 'string', default: '20' },
    'search-cache-seconds': { type: 'string', default: '5' },
    only: { type: 'string', default: '' },
    label: { type: 'string', default: '' },
    server: { type: 'string', default: 'built' },
    'api-dir': { type: 'string' },
    help: { type: 'boolean', default: false },
  },
});

if (flags.help) {
  console.log(`Usage: npx tsx bench/http/run.ts [options]
  --database-url URL  a database filled by bench/data/generate.ts (default: DATABASE_URL)
  --connections N     concurrent connections per endpoint (default 100)
  --duration S        seconds of load per endpoint (default 30)
  --warmup S          seconds of lighter load (10 connections) before each endpoint, not recorded (default 3; 0 = none)
  --pool-size N       the API's DATABASE_POOL_SIZE (default 20)
  --search-cache-seconds N  the API's SEARCH_CACHE_SECONDS (default 5, as in production; 0 = every search reads the database)
  --only a,b          run only these endpoints (names as in the table; bare always runs)
  --label NAME        appended to the result file name
  --server KIND       built (default: the production build, npm run build first) or source (src/server.ts through tsx)
  --api-dir DIR       another copy of apps/api to boot (a "before": git archive of an earlier commit, built there)`);
  process.exit(0);
}

const databaseUrl = flags['database-url'] ?? process.env.DATABASE_URL;
if (!databaseUrl) throw new Error('Give --database-url (or DATABASE_URL): a database made by bench/data/generate.ts');
const connections = Number(flags.connections);
const duration = Number(flags.duration);
const warmup = Number(flags.warmup);
if (!(connections > 0 && duration > 0 && warmup >= 0)) throw new Error('--connections and --duration must be positive, --warmup ≥ 0');
if (flags.server !== 'built' && flags.server !== 'source') throw new Error('--server is built or source');
const serverKind = flags.server;
const only = new Set(
  flags.only
    .split(',')
    .map((name) => name.trim())
    .filter(Boolean),
);

const SANDBOX_CARD = { number: '4242424242424242', expMonth: 12, expYear: 2030, cvc: '123' };

interface Fixtures {
  buyerIds: string[];
  sellerMedian: string;
  sellerLargest: string;
  adminId: string;
  productIds: string[];
  /** Public searches a buyer might run, asked in turn (each with its own cache entry). */
  searches: string[];
}

/** Words the data generator puts in titles and descriptions, with typos and filters as buyers type them. */
const SEARCH_QUERIES: { q: string; category?: string; minPrice?: number; maxPrice?: number; sort?: string; page?: number }[] = [
  { q: 'wireless headphones', category: 'audio', minPrice: 20 },
  { q: 'wireless headphones', category: 'audio', minPrice: 20, page: 2 },
  { q: 'hedphones', category: 'audio' },
  { q: 'headphones', sort: 'price_asc' },
  { q: 'camera', category: 'cameras', maxPrice: 500 },
  { q: 'vintage guitar', minPrice: 10, maxPrice: 200 },
  { q: 'portable speaker', sort: 'newest' },
  { q: 'handmade necklace', category: 'jewelry' },
  { q: 'smart watch', category: 'electronics', sort: 'price_desc' },
  { q: 'ergonomic keyboard', category: 'computers' },
  { q: 'lightweight tent', minPrice: 30 },
  { q: 'kettle' },
];

function searchPathOf(query: (typeof SEARCH_QUERIES)[number]): string {
  const parameters = new URLSearchParams({ q: query.q });
  for (const key of ['category', 'minPrice', 'maxPrice', 'sort'] as const) if (query[key] !== undefined) parameters.set(key, String(query[key]));
  parameters.set('page', String(query.page ?? 1));
  parameters.set('limit', '20');
  return `/api/products?${parameters}`;
}

/** Users and products the requests use, read from the generated data. */
async function loadFixtures(url: string): Promise<Fixtures> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const buyers = await client.query<{ id: string }>(`select id from users where role = 'buyer' and status = 'active' order by email limit 4000`);
    const admin = await client.query<{ id: string }>(`select id from users where role = 'admin' order by email limit 1`);
    const sellers = await client.query<{ seller_id: string; n: number }>(
      `select seller_id, count(*)::int as n from shipments group by seller_id order by n desc, seller_id`,
    );
    const products = await client.query<{ id: string }>(`select id from products where status = 'active' and quantity > 100 order by id limit 5000`);
    if (buyers.rows.length < 10 || !admin.rows[0] || sellers.rows.length === 0 || products.rows.length === 0) {
      throw new Error('The database has no generated data: run bench/data/generate.ts first.');
    }
    return {
      buyerIds: buyers.rows.map((row) => row.id),
      sellerLargest: sellers.rows[0]!.seller_id,
      sellerMedian: sellers.rows[Math.floor(sellers.rows.length / 2)]!.seller_id,
      adminId: admin.rows[0].id,
      productIds: products.rows.map((row) => row.id),
      searches: SEARCH_QUERIES.map(searchPathOf),
    };
  } finally {
    await client.end();
  }
}

interface EndpointRow {
  name: string;
  description: string;
  requestsPerSecond: number;
  latencyMs: { p50: number; p90: number; p99: number; max: number; mean: number };
  requests: number;
  errors: number;
  timeouts: number;
  non2xx: number;
  statusCodes: Record<string, number>;
  ratioToBare: number | null;
  note?: string;
}

interface Endpoint {
  name: string;
  description: string;
  requests: () => RequestSpec[];
  /** When set, the row's figures come from these per-request timings instead of autocannon's totals. */
  own?: { latencies: number[]; statuses: Record<string, number> };
  note?: string;
}

function buildEndpoints(fixtures: Fixtures, tokens: { buyers: string[]; seller: string; sellerLargest: string; admin: string }): Endpoint[] {
  const auth = (token: string) => ({ authorization: `Bearer ${token}`, 'content-type': 'application/json' });
  let productCursor = 0;
  const nextProduct = () => fixtures.productIds[(productCursor = (productCursor + 7919) % fixtures.productIds.length)]!;
  // Cart add and checkout use disjoint buyers, round robin, so no buyer's cart is shared between the two.
  const half = Math.floor(tokens.buyers.length / 2);
  const cartBuyers = tokens.buyers.slice(0, half);
  const checkoutBuyers = tokens.buyers.slice(half);
  let cartCursor = 0;
  let checkoutCursor = 0;
  let searchCursor = 0;

  const checkoutTimings = { latencies: [] as number[], statuses: {} as Record<string, number> };
  return [
    { name: 'bare', description: 'GET /api/health (baseline)', requests: () => [{ method: 'GET', path: '/api/health' }] },
    {
      name: 'search',
      description: `GET /api/products?q=…&category=…&minPrice=…&page=…&limit=20 (${fixtures.searches.length} searches in turn, first: ${fixtures.searches[0]})`,
      requests: () => [
        {
          method: 'GET',
          path: '/api/products',
          setupRequest: (request) => ({ ...request, path: fixtures.searches[(searchCursor = (searchCursor + 1) % fixtures.searches.length)]! }),
        },
      ],
    },
    // The catalogue's own requests (bench/catalog/requests.ts), one path each: with SEARCH_CACHE_SECONDS=0
    // every one reads the database.
    ...CATALOG_REQUESTS.filter((request) => request.kind !== 'detail').map((request) => ({
      name: request.name,
      description: `${request.label} (${pathOf(request)})`,
      requests: () => [{ method: 'GET' as const, path: pathOf(request) }],
    })),
    {
      name: 'detail',
      description: 'GET /api/products/:id (varied over 5,000 products)',
      requests: () => [{ method: 'GET', path: '/api/products/x', setupRequest: (request) => ({ ...request, path: `/api/products/${nextProduct()}` }) }],
    },
    {
      name: 'cart-add',
      description: `POST /api/cart/items (${cartBuyers.length} buyers round robin, varied product)`,
      requests: () => [
        {
          method: 'POST',
          path: '/api/cart/items',
          setupRequest: (request) => ({
            ...request,
            headers: auth(cartBuyers[(cartCursor = (cartCursor + 1) % cartBuyers.length)]!),
            body: JSON.stringify({ product_id: nextProduct(), quantity: 1 }),
          }),
        },
      ],
    },
    {
      name: 'checkout',
      description: `POST /api/orders/checkout (Idempotency-Key per request, sandbox card; each connection adds one product to a fresh buyer's cart first)`,
      note: 'figures are for the checkout requests alone (timed from send to answer); each is preceded by an unrecorded cart add',
      own: checkoutTimings,
      requests: () => [
        {
          method: 'POST',
          path: '/api/cart/items',
          setupRequest: (request, context) => {
            context.token = checkoutBuyers[(checkoutCursor = (checkoutCursor + 1) % checkoutBuyers.length)]!;
            return { ...request, headers: auth(context.token as string), body: JSON.stringify({ product_id: nextProduct(), quantity: 1 }) };
          },
        },
        {
          method: 'POST',
          path: '/api/orders/checkout',
          setupRequest: (request, context) => {
            context.sentAt = performance.now();
            return {
              ...request,
              headers: { ...auth(context.token as string), 'idempotency-key': `bench-${process.pid}-${crypto.randomUUID()}` },
              body: JSON.stringify({
                shippingAddress: { name: 'Bench Buyer', line1: '1 Market St', city: 'San Francisco', state: 'CA', postal_code: '94107', country: 'US' },
                payment: { card: SANDBOX_CARD },
              }),
            };
          },
          onResponse: (status, _body, context) => {
            if (typeof context.sentAt !== 'number') return;
            checkoutTimings.latencies.push(performance.now() - context.sentAt);
            checkoutTimings.statuses[String(status)] = (checkoutTimings.statuses[String(status)] ?? 0) + 1;
          },
        },
      ],
    },
    {
      name: 'seller-shipments',
      description: "GET /api/shipments/seller/:userId?page=1&limit=12 (the dashboard's first page, a median seller by shipment count)",
      requests: () => [{ method: 'GET', path: `/api/shipments/seller/${fixtures.sellerMedian}?page=1&limit=12`, headers: auth(tokens.seller) }],
    },
    {
      name: 'seller-shipments-largest',
      description: 'GET /api/shipments/seller/:userId?page=1&limit=12 (the seller with the most shipments)',
      requests: () => [{ method: 'GET', path: `/api/shipments/seller/${fixtures.sellerLargest}?page=1&limit=12`, headers: auth(tokens.sellerLargest) }],
    },
    {
      name: 'admin-shipped',
      description: 'GET /api/orders/get-all-shipped-orders?page=1&limit=20',
      requests: () => [{ method: 'GET', path: '/api/orders/get-all-shipped-orders?page=1&limit=20', headers: auth(tokens.admin) }],
    },
    {
      name: 'payout-stats',
      description: 'GET /api/admin/payoutStats/stats?dateRange=30',
      requests: () => [{ method: 'GET', path: '/api/admin/payoutStats/stats?dateRange=30', headers: auth(tokens.admin) }],
    },
  ];
}

function rowFrom(endpoint: Endpoint, result: Result, bareRps: number | null): EndpointRow {
  const statusCodes = Object.fromEntries(Object.entries(result.statusCodeStats ?? {}).map(([code, { count }]) => [code, Number(count)]));
  if (endpoint.own) {
    const { latencies, statuses } = endpoint.own;
    const sorted = [...latencies].sort((a, b) => a - b);
    const rps = latencies.length / result.duration;
    const non2xx = Object.entries(statuses).reduce((sum, [code, count]) => (code.startsWith('2') ? sum : sum + count), 0);
    return {
      name: endpoint.name,
      description: endpoint.description,
      requestsPerSecond: rps,
      latencyMs: {
        p50: percentile(sorted, 50),
        p90: percentile(sorted, 90),
        p99: percentile(sorted, 99),
        max: sorted.at(-1) ?? 0,
        mean: sorted.reduce((a, b) => a + b, 0) / Math.max(1, sorted.length),
      },
      requests: latencies.length,
      errors: result.errors,
      timeouts: result.timeouts,
      non2xx,
      statusCodes: statuses,
      ratioToBare: bareRps ? rps / bareRps : null,
      note: `${endpoint.note}; whole cycle (cart add + checkout): ${result.requests.average.toFixed(0)} req/s, p99 ${result.latency.p99} ms, non-2xx ${result.non2xx}`,
    };
  }
  if (result.requests.total === 0) {
    // Nothing answered within the run: report the run's length as a lower bound, not a 0 ms latency.
    const bound = result.duration * 1000;
    return {
      name: endpoint.name,
      description: endpoint.description,
      requestsPerSecond: 0,
      latencyMs: { p50: bound, p90: bound, p99: bound, max: bound, mean: bound },
      requests: 0,
      errors: result.errors,
      timeouts: result.timeouts,
      non2xx: result.non2xx,
      statusCodes,
      ratioToBare: bareRps ? 0 : null,
      note: 'no request completed within the run; the latencies are a lower bound (the run length)',
    };
  }
  return {
    name: endpoint.name,
    description: endpoint.description,
    requestsPerSecond: result.requests.average,
    latencyMs: { p50: result.latency.p50, p90: result.latency.p90, p99: result.latency.p99, max: result.latency.max, mean: result.latency.average },
    requests: result.requests.total,
    errors: result.errors,
    timeouts: result.timeouts,
    non2xx: result.non2xx,
    statusCodes,
    ratioToBare: bareRps ? result.requests.average / bareRps : null,
  };
}

/**
 * Requests still queued in the server when autocannon stops (slow endpoints) would otherwise slow
 * the next endpoint's run: wait until GET /api/health answers quickly again (at most 60 s).
 */
async function settle(url: string): Promise<void> {
  const deadline = Date.now() + 60_000;
  let quick = 0;
  while (Date.now() < deadline && quick < 3) {
    const started = performance.now();
    try {
      await fetch(`${url}/api/health`, { signal: AbortSignal.timeout(10_000) });
    } catch {
      // busy: try again
    }
    quick = performance.now() - started < 20 ? quick + 1 : 0;
    await sleep(200);
  }
}

async function main() {
  const cleanup = createCleanup();
  const instances: ApiInstance[] = [];
  process.once('exit', () => killNow(instances));
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      void cleanup.run().finally(() => process.exit(130));
    });
  }
  try {
    console.log('Reading fixtures from the generated data…');
    const fixtures = await loadFixtures(databaseUrl!);
    const tokenService = createTokenService({ secret: JWT_SECRET, ttlSeconds: 24 * 60 * 60, now: () => new Date() });
    const tokens = {
      buyers: await Promise.all(fixtures.buyerIds.map((userId) => tokenService.sign({ userId, role: 'buyer' }))),
      seller: await tokenService.sign({ userId: fixtures.sellerMedian, role: 'seller' }),
      sellerLargest: await tokenService.sign({ userId: fixtures.sellerLargest, role: 'seller' }),
      admin: await tokenService.sign({ userId: fixtures.adminId, role: 'admin' }),
    };

    console.log('Booting the API…');
    const dataDirectory = makeTempDirectory(cleanup, 'http');
    const bootStarted = performance.now();
    const api = await startApi({
      name: 'api',
      cleanup,
      server: serverKind,
      ...(flags['api-dir'] ? { apiDirectory: path.resolve(flags['api-dir']) } : {}),
      env: {
        DATABASE_URL: databaseUrl!,
        DATA_DIR: dataDirectory,
        DATABASE_POOL_SIZE: flags['pool-size'],
        WEB_DIST_DIR: path.join(dataDirectory, 'no-web'),
        SEARCH_CACHE_SECONDS: flags['search-cache-seconds'],
      },
    });
    instances.push(api);
    console.log(`  up at ${api.url} in ${((performance.now() - bootStarted) / 1000).toFixed(1)} s`);

    const endpoints = buildEndpoints(fixtures, tokens).filter((endpoint) => endpoint.name === 'bare' || only.size === 0 || only.has(endpoint.name));
    const rows: EndpointRow[] = [];
    let bareRps: number | null = null;
    for (const endpoint of endpoints) {
      await settle(api.url);
      if (warmup > 0) await autocannon({ url: api.url, connections: Math.min(10, connections), duration: warmup, requests: endpoint.requests() });
      if (endpoint.own) {
        endpoint.own.latencies.length = 0;
        for (const key of Object.keys(endpoint.own.statuses)) delete endpoint.own.statuses[key];
      }
      process.stdout.write(`  ${endpoint.name.padEnd(26)} ${connections} connections × ${duration} s … `);
      const result = await autocannon({ url: api.url, connections, duration, timeout: 30, requests: endpoint.requests() });
      const row = rowFrom(endpoint, result, bareRps);
      if (endpoint.name === 'bare') {
        bareRps = row.requestsPerSecond;
        row.ratioToBare = 1;
      }
      rows.push(row);
      console.log(
        `${row.requestsPerSecond.toFixed(0)} req/s, p50 ${row.latencyMs.p50.toFixed(0)} ms, p99 ${row.latencyMs.p99.toFixed(0)} ms, non-2xx ${row.non2xx}, errors ${row.errors}`,
      );
      if (row.non2xx > 0) console.log(`      status codes: ${JSON.stringify(row.statusCodes)}`);
    }

    console.log('');
    console.log('| endpoint | req/s | × bare | p50 ms | p99 ms | errors | non-2xx |');
    console.log('| --- | ---: | ---: | ---: | ---: | ---: | ---: |');
    for (const row of rows) {
      const ratio = row.ratioToBare === null ? '–' : `${(row.ratioToBare * 100).toFixed(1)} %`;
      console.log(
        `| ${row.name} | ${row.requestsPerSecond.toFixed(0)} | ${ratio} | ${row.latencyMs.p50.toFixed(0)} | ${row.latencyMs.p99.toFixed(0)} | ${row.errors + row.timeouts} | ${row.non2xx} |`,
      );
    }

    const search = rows.find((row) => row.name === 'search');
    const checks: Array<{ goal: string; pass: boolean; detail: string }> = [];
    if (search) {
      checks.push({ goal: 'search p99 < 50 ms', pass: search.latencyMs.p99 < 50, detail: `${search.latencyMs.p99.toFixed(0)} ms` });
      checks.push({
        goal: 'search ≥ 20 % of bare throughput',
        pass: (search.ratioToBare ?? 0) >= 0.2,
        detail: `${((search.ratioToBare ?? 0) * 100).toFixed(1)} %`,
      });
    }
    const slow = rows.filter((row) => row.name !== 'bare' && row.latencyMs.p99 > 200);
    checks.push({
      goal: 'no endpoint p99 > 200 ms',
      pass: slow.length === 0,
      detail: slow.length === 0 ? 'all ≤ 200 ms' : slow.map((row) => `${row.name} ${row.latencyMs.p99.toFixed(0)} ms`).join(', '),
    });
    const failing = rows.filter((row) => row.non2xx > 0 || row.errors > 0);
    checks.push({
      goal: 'no errors or non-2xx answers',
      pass: failing.length === 0,
      detail: failing.length === 0 ? 'none' : failing.map((row) => `${row.name} ${row.non2xx + row.errors}`).join(', '),
    });
    console.log('');
    for (const check of checks) console.log(`  ${check.pass ? 'PASS' : 'FAIL'}  ${check.goal}  (${check.detail})`);

    const counts = await (async () => {
      const client = new pg.Client({ connectionString: databaseUrl });
      await client.connect();
      try {
        const { rows: found } = await client.query<{ name: string; n: number }>(
          `select 'users' as name, count(*)::int as n from users union all select 'products', count(*)::int from products
           union all select 'orders', count(*)::int from orders union all select 'chat_messages', count(*)::int from chat_messages`,
        );
        return Object.fromEntries(found.map((row) => [row.name, row.n]));
      } finally {
        await client.end();
      }
    })();
    const date = new Date().toISOString().slice(0, 10);
    const directory = path.join(REPOSITORY_ROOT, 'bench/http/results');
    mkdirSync(directory, { recursive: true });
    const file = path.join(directory, `${date}${flags.label ? `-${flags.label}` : ''}.json`);
    const redactedUrl = new URL(databaseUrl!);
    redactedUrl.password = '';
    writeFileSync(
      file,
      `${JSON.stringify(
        {
          date: new Date().toISOString(),
          command: `npx tsx bench/http/run.ts ${process.argv
            .slice(2)
            .map((arg) => (arg.startsWith('postgres') ? '<database-url>' : arg))
            .join(' ')}`.trim(),
          settings: {
            connections,
            durationSeconds: duration,
            warmupSeconds: warmup,
            poolSize: Number(flags['pool-size']),
            searchCacheSeconds: Number(flags['search-cache-seconds']),
            server: serverKind,
          },
          database: { url: redactedUrl.toString(), rows: counts },
          machine: {
            cpus: os.cpus().length,
            cpuModel: os.cpus()[0]?.model,
            memoryGb: Math.round(os.totalmem() / 2 ** 30),
            platform: `${os.type()} ${os.release()}`,
            node: process.version,
            loadAverage: os.loadavg(),
          },
          results: rows,
          checks,
        },
        null,
        2,
      )}\n`,
    );
    console.log(`\nWrote ${path.relative(REPOSITORY_ROOT, file)}`);
  } finally {
    await cleanup.run();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
