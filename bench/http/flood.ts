// HTTP flood benchmark: can one client slow everyone else down? Boots the production build on the seeded demo
// marketplace (embedded database) with the request limits on and one trusted proxy in front (the bench names
// each client's address in X-Forwarded-For, as a load balancer would), then measures six people, each in a
// worker thread of their own so the flooder's work does not delay their clocks, each asking every
// --probe-interval ms (4 a second: a busy person, within every budget):
//   - the three demo sellers (signed in, each from their own address) opening their orders, GET /api/seller/orders;
//   - three guests (three more addresses) reading the catalogue, GET /api/products?limit=20;
// first with nothing else going on, then while one address floods the server with public pages (product
// pages in turn, the home page, the catalogue page), with /metrics, and with /api/health/ready, one after the
// other. The goal (docs/product/limits-abuse.md): the sellers' and the guests' p99 during a flood stays within
// twice its quiet value, every answer 200. See bench/README.md ("HTTP flood").
//
//   npm run build && npx tsx bench/http/flood.ts [--connections 50] [--flood 10] [--quiet 10] [--only pages,metrics,health]

import { mkdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import autocannon, { type RequestSpec, type Result } from 'autocannon';
import { createCleanup, killNow, makeTempDirectory, REPOSITORY_ROOT, sleep, startApi, type ApiInstance } from '../chat/servers';
import { samplesBetween, startProbe, type ProbeSample } from '../chat/probe';
import { summarize, type LatencySummary } from '../chat/stats';

const FLOODS = ['pages', 'new-pages', 'metrics', 'health'] as const;
type Flood = (typeof FLOODS)[number];

const { values: flags } = parseArgs({
  options: {
    connections: { type: 'string', default: '50' },
    flood: { type: 'string', default: '15' },
    quiet: { type: 'string', default: '15' },
    'probe-interval': { type: 'string', default: '250' },
    only: { type: 'string', default: FLOODS.join(',') },
    label: { type: 'string', default: '' },
    help: { type: 'boolean', default: false },
  },
});
if (flags.help) {
  console.log(`Usage: npm run build && npx tsx bench/http/flood.ts [options]
  --connections N       the flooder's connections, all from one address (default 50)
  --flood S             seconds each flood lasts (default 15)
  --quiet S             seconds the people are measured with no flood, first (default 15)
  --probe-interval MS   each person's pause between two requests (default 250)
  --only LIST           which floods, comma-separated (default ${FLOODS.join(',')})
  --label NAME          appended to the result file name (results/<date>-flood[-NAME].json)`);
  process.exit(0);
}
const positive = (name: string, raw: string | undefined) => {
  const value = Number(raw);
  if (!Number.isFinite(value) || value <= 0) throw new Error(`--${name} must be a positive number`);
  return value;
};
const settings = {
  connections: positive('connections', flags.connections),
  floodSeconds: positive('flood', flags.flood),
  quietSeconds: positive('quiet', flags.quiet),
  probeIntervalMs: positive('probe-interval', flags['probe-interval']),
  floods: flags.only!.split(',').map((name) => name.trim()) as Flood[],
};
for (const flood of settings.floods) if (!FLOODS.includes(flood)) throw new Error(`--only: unknown flood ${flood}`);
if (flags.label && !/^[a-z0-9-]+$/i.test(flags.label)) throw new Error('--label may hold letters, digits and dashes only');

/** The people, each from an address of their own, as the proxy in front names it. */
const SELLERS = ['seller@example.com', 'seller2@example.com', 'seller3@example.com'].map((email, index) => ({ email, address: `10.1.0.${index + 1}` }));
const GUESTS = [1, 2, 3].map((index) => ({ address: `10.2.0.${index}` }));
/** Each flood from an address of its own, so none starts with a budget an earlier one spent. */
const flooderAddress = (flood: Flood) => `10.9.0.${FLOODS.indexOf(flood) + 1}`;
const DEMO_PASSWORD = 'marketplace-demo';
/** Within this factor of the quiet p99, a person did not notice the flood. */
const GOAL_FACTOR = 2;

// ── the people, each in a thread of their own ─────────────────────────────────────────────────

const startPerson = (url: string, headers: Record<string, string>) => startProbe({ url, headers, intervalMs: settings.probeIntervalMs, timeoutMs: 30_000 });

const now = () => performance.timeOrigin + performance.now();

interface PersonFigures extends LatencySummary {
  /** Answers other than 200 (a 429 would mean the flood spent this person's budget). */
  notOk: number;
}

function figuresOf(samples: ProbeSample[], from: number, to: number): PersonFigures {
  const inPhase = samplesBetween(samples, from, to);
  return { ...summarize(inPhase.map((sample) => sample.ms)), notOk: inPhase.filter((sample) => sample.status !== 200).length };
}

// ── the server and the flood ──────────────────────────────────────────────────────────────────

async function logIn(url: string, email: string, address: string): Promise<string> {
  const response = await fetch(`${url}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': address },
    body: JSON.stringify({ email, password: DEMO_PASSWORD }),
  });
  if (!response.ok) throw new Error(`the demo seller could not log in: ${response.status} ${await response.text()}`);
  return ((await response.json()) as { token: string }).token;
}

/**
 * The pages each flood asks for in turn: `pages` the home page, the catalogue and half the products, asked for
 * once before the quiet phase (kept by the server, as pages visitors read are); `new-pages` the other half and
 * the shops, never asked for before (each drawn for the first time during the flood).
 */
async function pagesOf(url: string): Promise<{ kept: string[]; fresh: string[] }> {
  const answer = await fetch(`${url}/api/products?limit=100`, { headers: { 'x-forwarded-for': '10.5.0.1' } });
  const { items } = (await answer.json()) as { items: Array<{ id: string; seller: { id: string } }> };
  const half = Math.ceil(items.length / 2);
  const shops = [...new Set(items.map((item) => `/shop/${item.seller.id}`))];
  return {
    kept: ['/', '/products', ...items.slice(0, half).map((item) => `/products/${item.id}`)],
    fresh: [...items.slice(half).map((item) => `/products/${item.id}`), ...shops],
  };
}

function floodPaths(flood: Flood, pages: { kept: string[]; fresh: string[] }): string[] {
  if (flood === 'metrics') return ['/metrics'];
  if (flood === 'health') return ['/api/health/ready'];
  return flood === 'pages' ? pages.kept : pages.fresh;
}

interface FloodRow {
  flood: Flood;
  requestsPerSecond: number;
  /** The flooder's answers by status class: what got through and what the limits refused. */
  answered2xx: number;
  refused429: number;
  otherNon2xx: number;
  errors: number;
  seller: PersonFigures;
  guest: PersonFigures;
}

async function runFlood(url: string, flood: Flood, paths: readonly string[]): Promise<Result & { refused429: number }> {
  let cursor = 0;
  let refused429 = 0;
  const requests: RequestSpec[] = [
    {
      method: 'GET',
      headers: { 'x-forwarded-for': flooderAddress(flood), 'accept-encoding': 'br, gzip' },
      setupRequest: (request) => ({ ...request, path: paths[(cursor = (cursor + 1) % paths.length)]! }),
      onResponse: (status) => {
        if (status === 429) refused429 += 1;
      },
    } as RequestSpec,
  ];
  const result = await autocannon({ url, connections: settings.connections, duration: settings.floodSeconds, timeout: 30, requests });
  return { ...result, refused429 };
}

async function main() {
  const cleanup = createCleanup();
  const instances: ApiInstance[] = [];
  process.once('exit', () => killNow(instances));
  try {
    const api = await startApi({
      name: 'api',
      cleanup,
      server: 'built',
      withoutEnv: ['DATABASE_URL', 'REDIS_URL'],
      env: {
        NODE_ENV: 'production',
        ALLOW_EMBEDDED_DATABASE: 'true',
        SEED_DEMO_DATA: 'true',
        DATA_DIR: makeTempDirectory(cleanup, 'http-flood'),
        // The limits are what this bench measures; each client's address comes from the proxy's header.
        RATE_LIMITS: 'on',
        TRUST_PROXY: '1',
      },
      bootTimeoutMs: 240_000,
    });
    instances.push(api);

    console.log(
      `API up at ${api.url} (production build, demo marketplace, limits on); the flooder: ${settings.connections} connections × ${settings.floodSeconds} s`,
    );

    const sellerPeople = await Promise.all(
      SELLERS.map(async ({ email, address }) =>
        startPerson(`${api.url}/api/seller/orders`, { authorization: `Bearer ${await logIn(api.url, email, address)}`, 'x-forwarded-for': address }),
      ),
    );
    const guestPeople = GUESTS.map(({ address }) => startPerson(`${api.url}/api/products?limit=20`, { 'x-forwarded-for': address }));
    const seller = {
      get samples() {
        return sellerPeople.flatMap((person) => person.samples);
      },
    };
    const guest = {
      get samples() {
        return guestPeople.flatMap((person) => person.samples);
      },
    };
    // The kept pages, asked for once as visitors before would have (from an address of their own).
    const pages = await pagesOf(api.url);
    for (const page of pages.kept)
      await (await fetch(`${api.url}${page}`, { headers: { 'x-forwarded-for': '10.5.0.2', 'accept-encoding': 'br, gzip' } })).arrayBuffer();
    // The first answers warm the server's statements and caches; the quiet phase starts after them.
    await sleep(3000);
    const quietFrom = now();
    await sleep(settings.quietSeconds * 1000);
    const quiet = { seller: figuresOf(seller.samples, quietFrom, now()), guest: figuresOf(guest.samples, quietFrom, now()) };
    console.log(`  quiet          seller p50 ${quiet.seller.p50} ms p99 ${quiet.seller.p99} ms · guest p50 ${quiet.guest.p50} ms p99 ${quiet.guest.p99} ms`);

    const rows: FloodRow[] = [];
    for (const flood of settings.floods) {
      const from = now();
      const result = await runFlood(api.url, flood, floodPaths(flood, pages));
      const to = now();
      const row: FloodRow = {
        flood,
        requestsPerSecond: Math.round(result.requests.average),
        answered2xx: result['2xx'],
        refused429: result.refused429,
        otherNon2xx: result.non2xx - result.refused429,
        errors: result.errors + result.timeouts,
        seller: figuresOf(seller.samples, from, to),
        guest: figuresOf(guest.samples, from, to),
      };
      rows.push(row);
      console.log(
        `  ${flood.padEnd(14)} ${String(row.requestsPerSecond).padStart(6)} req/s (2xx ${row.answered2xx}, 429 ${row.refused429}) · seller p50 ${row.seller.p50} ms p99 ${row.seller.p99} ms (${row.seller.notOk} not 200) · guest p50 ${row.guest.p50} ms p99 ${row.guest.p99} ms (${row.guest.notOk} not 200)`,
      );
      // The server settles before the next flood.
      await sleep(2000);
    }
    await Promise.all([...sellerPeople, ...guestPeople].map((person) => person.stop()));

    const ratio = (during: number, before: number) => (before > 0 ? during / before : Number.POSITIVE_INFINITY);
    console.log(
      `\n| flood (one address, ${settings.connections} connections) | flood req/s | its 2xx / 429 | seller p50 / p99 | × quiet p99 | guest p50 / p99 | × quiet p99 |`,
    );
    console.log('|---|---:|---:|---:|---:|---:|---:|');
    console.log(`| none (quiet) | – | – | ${quiet.seller.p50} / ${quiet.seller.p99} ms | 1 | ${quiet.guest.p50} / ${quiet.guest.p99} ms | 1 |`);
    let met = true;
    for (const row of rows) {
      const sellerRatio = ratio(row.seller.p99, quiet.seller.p99);
      const guestRatio = ratio(row.guest.p99, quiet.guest.p99);
      if (sellerRatio > GOAL_FACTOR || guestRatio > GOAL_FACTOR || row.seller.notOk > 0 || row.guest.notOk > 0) met = false;
      console.log(
        `| ${row.flood} | ${row.requestsPerSecond} | ${row.answered2xx} / ${row.refused429} | ${row.seller.p50} / ${row.seller.p99} ms | ${sellerRatio.toFixed(1)} | ${row.guest.p50} / ${row.guest.p99} ms | ${guestRatio.toFixed(1)} |`,
      );
    }
    console.log(`\nGoal (each person's p99 within ${GOAL_FACTOR}× quiet, every answer 200): ${met ? 'met' : 'NOT met'}`);

    const directory = path.join(REPOSITORY_ROOT, 'bench/http/results');
    mkdirSync(directory, { recursive: true });
    const file = path.join(directory, `${new Date().toISOString().slice(0, 10)}-flood${flags.label ? `-${flags.label}` : ''}.json`);
    writeFileSync(
      file,
      `${JSON.stringify({ at: new Date().toISOString(), machine: { cpus: os.cpus().length, load: os.loadavg() }, settings, quiet, rows, goalFactor: GOAL_FACTOR, met }, null, 2)}\n`,
    );
    console.log(`Written to ${path.relative(REPOSITORY_ROOT, file)}`);
  } finally {
    await cleanup.run();
  }
}

await main();
