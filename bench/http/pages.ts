// The public pages under load (decision 0038): boots the production build on a database made by
// bench/data/generate.ts and runs autocannon against the bare route and each server-rendered page, one after
// the other, counting how many answers came without their content (the empty shell) as well as requests/s
// and latency. Each page row is compared with the bare route of the same run.
//
//   npm run build && npx tsx bench/http/pages.ts --database-url postgres://postgres@127.0.0.1:5432/bench_data_… \
//     [--connections 50] [--duration 15] [--render-cache-seconds 60] [--label kept]

import { mkdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import autocannon, { type RequestSpec, type Result } from 'autocannon';
import pg from 'pg';
import { createCleanup, killNow, makeTempDirectory, REPOSITORY_ROOT, sleep, startApi, type ApiInstance } from '../chat/servers';

const { values: flags } = parseArgs({
  options: {
    'database-url': { type: 'string' },
    connections: { type: 'string', default: '50' },
    duration: { type: 'string', default: '15' },
    warmup: { type: 'string', default: '3' },
    'render-cache-seconds': { type: 'string', default: '600' },
    crawl: { type: 'boolean', default: false },
    encoding: { type: 'string', default: 'identity' },
    only: { type: 'string', default: '' },
    label: { type: 'string', default: '' },
    alone: { type: 'string', default: '0' },
    help: { type: 'boolean', default: false },
  },
});
if (flags.help) {
  console.log(`Usage: npm run build && npx tsx bench/http/pages.ts --database-url URL [--connections 50] [--duration 15] [--warmup 3]
  [--render-cache-seconds 600] the server's RENDER_CACHE_SECONDS (0: every view is drawn)
  [--encoding identity|br]     ask as a client without compression (every answer read for its content) or
                               as a browser (Accept-Encoding: br, gzip; a sample of answers is read, below)
  [--crawl]                    before a page's run, ask for each of its paths once, 8 at a time, as a
                               crawler would (the pages drawn cold: its own req/s and empty answers)
  [--only product-5000,home]   these pages only (bare always runs)  [--label NAME]
  [--alone 40]                 instead of the load: the bare route, then each page drawn alone, one request at a time, 40 times
                               (other listings and shops each time; the home and catalogue pages drawn again),
                               with the page cache off: the time of one render, as a visitor's browser reads it`);
  process.exit(0);
}
const databaseUrl = flags['database-url'] ?? process.env.DATABASE_URL;
if (!databaseUrl) throw new Error('Give --database-url: a database made by bench/data/generate.ts');
const connections = Number(flags.connections);
const duration = Number(flags.duration);
const warmup = Number(flags.warmup);
const only = new Set(flags.only.split(',').filter(Boolean));
const asBrowser = flags.encoding === 'br';
const alone = Number(flags.alone);
if (!['identity', 'br'].includes(flags.encoding)) throw new Error('--encoding is identity or br');

/** An answer without its content: index.html's empty root, as the browser alone would fill it. */
const EMPTY_ROOT = '<div id="root"></div>';

interface Page {
  name: string;
  description: string;
  paths: string[];
  /** Whether the answer is a rendered page (bare is JSON). */
  isPage: boolean;
}

async function loadPages(): Promise<Page[]> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const products = await client.query<{ id: string }>(`select id from products where status = 'active' order by id limit 5000`);
    const shops = await client.query<{ seller_id: string }>(
      `select seller_id from products where status = 'active' group by seller_id order by count(*) desc, seller_id limit 500`,
    );
    if (products.rows.length < 100) throw new Error('The database has no generated data: run bench/data/generate.ts first.');
    return [
      { name: 'bare', description: 'GET /api/health (baseline)', paths: ['/api/health'], isPage: false },
      {
        name: 'product-5000',
        description: `product page, ${products.rows.length} listings in turn`,
        paths: products.rows.map((row) => `/products/${row.id}`),
        isPage: true,
      },
      { name: 'product-one', description: 'one product page', paths: [`/products/${products.rows[0]!.id}`], isPage: true },
      { name: 'home', description: 'home page', paths: ['/'], isPage: true },
      { name: 'catalogue', description: 'catalogue page', paths: ['/products'], isPage: true },
      {
        name: 'shops-500',
        description: `shop page, ${shops.rows.length} shops in turn`,
        paths: shops.rows.map((row) => `/shop/${row.seller_id}`),
        isPage: true,
      },
    ];
  } finally {
    await client.end();
  }
}

interface Row {
  name: string;
  description: string;
  requestsPerSecond: number;
  ratioToBare: number | null;
  latencyMs: { p50: number; p99: number; max: number };
  non2xx: number;
  errors: number;
  /** Answers read for their content, and how many of them came as the empty shell. */
  checked: number;
  empty: number;
  /** With --crawl: every path asked for once, 8 at a time, before the run (each drawn for the first time). */
  crawl?: { paths: number; seconds: number; requestsPerSecond: number; empty: number; failed: number };
}

interface AloneRow {
  name: string;
  description: string;
  renders: number;
  ms: { min: number; p50: number; p90: number; max: number };
  empty: number;
  failed: number;
}

/** Asks for `count` of the page's paths (each drawn, the page cache off), one at a time: how long one render takes. */
async function renderAlone(baseUrl: string, page: Page, count: number): Promise<AloneRow> {
  const times: number[] = [];
  let empty = 0;
  let failed = 0;
  for (let index = 0; index < count; index += 1) {
    const pagePath = page.paths[(index * 97) % page.paths.length]!;
    const started = performance.now();
    const response = await fetch(`${baseUrl}${pagePath}`, { headers: { 'accept-encoding': asBrowser ? 'br, gzip' : 'identity' } }).catch(() => null);
    const body = response ? await response.text() : '';
    times.push(performance.now() - started);
    if (!response || response.status !== 200) failed += 1;
    else if (body.includes(EMPTY_ROOT)) empty += 1;
    await sleep(50);
  }
  const sorted = times.sort((a, b) => a - b);
  const at = (share: number) => Math.round(sorted[Math.min(sorted.length - 1, Math.floor(share * sorted.length))]! * 10) / 10;
  return { name: page.name, description: page.description, renders: count, ms: { min: at(0), p50: at(0.5), p90: at(0.9), max: at(1) }, empty, failed };
}

/** Asks for every path once, `concurrency` at a time, reading each answer: how long the server took to draw them all. */
async function crawl(baseUrl: string, paths: readonly string[], concurrency = 8): Promise<NonNullable<Row['crawl']>> {
  const started = performance.now();
  let next = 0;
  let empty = 0;
  let failed = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < paths.length) {
        // As the run asks: fetch would otherwise ask for gzip, a copy kept beside the brotli one.
        const response = await fetch(`${baseUrl}${paths[next++]}`, { headers: { 'accept-encoding': asBrowser ? 'br, gzip' : 'identity' } }).catch(() => null);
        const body = response ? await response.text() : '';
        if (!response || response.status !== 200) failed += 1;
        else if (body.includes(EMPTY_ROOT)) empty += 1;
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  return { paths: paths.length, seconds: Math.round(seconds * 10) / 10, requestsPerSecond: Math.round(paths.length / seconds), empty, failed };
}

function requestsOf(page: Page, counts: { checked: number; empty: number }): RequestSpec[] {
  let cursor = 0;
  return [
    {
      method: 'GET',
      ...(asBrowser ? { headers: { 'accept-encoding': 'br, gzip' } } : {}),
      setupRequest: (request) => ({ ...request, path: page.paths[(cursor = (cursor + 7) % page.paths.length)]! }),
      onResponse: (status, body) => {
        // autocannon hands the body over as text, which a compressed answer does not survive: as a browser,
        // the answers are read by sampleWhileLoaded instead.
        if (asBrowser || !page.isPage || status !== 200) return;
        counts.checked += 1;
        if (String(body).includes(EMPTY_ROOT)) counts.empty += 1;
      },
    } as RequestSpec,
  ];
}

/**
 * As a browser, one more client asks for the page's paths in turn throughout the run, as a browser does
 * (Accept-Encoding: br, gzip, decompressed by fetch), and reads every answer: the sample of answers checked
 * for their content, under the same load.
 */
function sampleWhileLoaded(baseUrl: string, page: Page, counts: { checked: number; empty: number }): () => Promise<void> {
  let running = true;
  let cursor = 3;
  const loop = (async () => {
    while (running) {
      const path = page.paths[(cursor = (cursor + 11) % page.paths.length)]!;
      const response = await fetch(`${baseUrl}${path}`, { headers: { 'accept-encoding': 'br, gzip' } }).catch(() => null);
      if (!response || response.status !== 200) continue;
      const body = await response.text();
      counts.checked += 1;
      if (body.includes(EMPTY_ROOT)) counts.empty += 1;
    }
  })();
  return async () => {
    running = false;
    await loop;
  };
}

async function main() {
  const cleanup = createCleanup();
  const instances: ApiInstance[] = [];
  process.once('exit', () => killNow(instances));
  try {
    const pages = (await loadPages()).filter((page) => page.name === 'bare' || only.size === 0 || only.has(page.name));
    const dataDirectory = makeTempDirectory(cleanup, 'pages');
    const api = await startApi({
      name: 'api',
      cleanup,
      server: 'built',
      // Production settings: React's production build draws the pages (development mode checks every element).
      env: {
        NODE_ENV: 'production',
        DATABASE_URL: databaseUrl!,
        DATA_DIR: dataDirectory,
        RENDER_CACHE_SECONDS: alone > 0 ? '0' : flags['render-cache-seconds'],
        RATE_LIMITS: 'off',
      },
    });
    instances.push(api);
    console.log(
      alone > 0
        ? `API up at ${api.url} (RENDER_CACHE_SECONDS=0); each page drawn alone ${alone} times`
        : `API up at ${api.url} (RENDER_CACHE_SECONDS=${flags['render-cache-seconds']}); ${connections} connections × ${duration} s per page`,
    );
    if (alone > 0) {
      const aloneRows: AloneRow[] = [];
      // The bare route first, asked the same way: what one request costs before any page is drawn.
      for (const page of pages.filter((candidate) => candidate.name !== 'product-one')) {
        // The page's first render after the start pays for the start's lazy work: one drawn and not counted.
        await renderAlone(api.url, { ...page, paths: page.paths.slice(-1) }, 1);
        const row = await renderAlone(api.url, page, alone);
        aloneRows.push(row);
        console.log(
          `  ${row.name.padEnd(14)} one render: min ${row.ms.min} ms  median ${row.ms.p50} ms  p90 ${row.ms.p90} ms  max ${row.ms.max} ms  empty ${row.empty}  failed ${row.failed}`,
        );
      }
      const directory = path.join(REPOSITORY_ROOT, 'bench/http/results');
      mkdirSync(directory, { recursive: true });
      const file = path.join(directory, `${new Date().toISOString().slice(0, 10)}-pages-alone${flags.label ? `-${flags.label}` : ''}.json`);
      writeFileSync(
        file,
        `${JSON.stringify({ at: new Date().toISOString(), machine: { cpus: os.cpus().length, load: os.loadavg() }, encoding: flags.encoding, rows: aloneRows }, null, 2)}\n`,
      );
      console.log(`\nWritten to ${path.relative(REPOSITORY_ROOT, file)}`);
      return;
    }
    const rows: Row[] = [];
    let bare: number | null = null;
    for (const page of pages) {
      await sleep(500);
      const crawled = flags.crawl && page.isPage ? await crawl(api.url, page.paths) : undefined;
      if (crawled)
        console.log(
          `  ${page.name.padEnd(14)} crawl: ${crawled.paths} paths in ${crawled.seconds} s (${crawled.requestsPerSecond} req/s), empty ${crawled.empty}, failed ${crawled.failed}`,
        );
      if (warmup > 0)
        await autocannon({ url: api.url, connections: Math.min(10, connections), duration: warmup, requests: requestsOf(page, { checked: 0, empty: 0 }) });
      const counts = { checked: 0, empty: 0 };
      const stopSampling = asBrowser && page.isPage ? sampleWhileLoaded(api.url, page, counts) : null;
      const result: Result = await autocannon({ url: api.url, connections, duration, timeout: 30, requests: requestsOf(page, counts) });
      await stopSampling?.();
      const row: Row = {
        name: page.name,
        description: page.description,
        requestsPerSecond: result.requests.average,
        ratioToBare: bare === null ? null : result.requests.average / bare,
        latencyMs: { p50: result.latency.p50, p99: result.latency.p99, max: result.latency.max },
        non2xx: result.non2xx,
        errors: result.errors + result.timeouts,
        ...counts,
        ...(crawled ? { crawl: crawled } : {}),
      };
      if (page.name === 'bare') {
        bare = row.requestsPerSecond;
        row.ratioToBare = 1;
      }
      rows.push(row);
      console.log(
        `  ${page.name.padEnd(14)} ${row.requestsPerSecond.toFixed(0).padStart(6)} req/s  p50 ${row.latencyMs.p50} ms  p99 ${row.latencyMs.p99} ms  non-2xx ${row.non2xx}  errors ${row.errors}${page.isPage ? `  empty ${row.empty} of ${row.checked}` : ''}`,
      );
    }
    console.log('\n| page | req/s | share of bare | p50 ms | p99 ms | answers without their content | crawl (each path once, 8 at a time) |');
    console.log('|---|---:|---:|---:|---:|---:|---:|');
    for (const row of rows) {
      const share = row.ratioToBare === null ? '–' : `${(row.ratioToBare * 100).toFixed(1)} %`;
      const crawled = row.crawl ? `${row.crawl.paths} in ${row.crawl.seconds} s (${row.crawl.requestsPerSecond} req/s), ${row.crawl.empty} empty` : '–';
      console.log(
        `| ${row.name} | ${row.requestsPerSecond.toFixed(0)} | ${share} | ${row.latencyMs.p50} | ${row.latencyMs.p99} | ${row.checked ? `${row.empty} of ${row.checked}` : '–'} | ${crawled} |`,
      );
    }
    const directory = path.join(REPOSITORY_ROOT, 'bench/http/results');
    mkdirSync(directory, { recursive: true });
    const file = path.join(directory, `${new Date().toISOString().slice(0, 10)}-pages${flags.label ? `-${flags.label}` : ''}.json`);
    const where = new URL(databaseUrl!);
    where.password = '';
    writeFileSync(
      file,
      `${JSON.stringify({ at: new Date().toISOString(), machine: { cpus: os.cpus().length, load: os.loadavg() }, database: where.toString(), connections, duration, encoding: flags.encoding, renderCacheSeconds: Number(flags['render-cache-seconds']), rows }, null, 2)}\n`,
    );
    console.log(`\nWritten to ${path.relative(REPOSITORY_ROOT, file)}`);
  } finally {
    await cleanup.run();
  }
}

await main();
