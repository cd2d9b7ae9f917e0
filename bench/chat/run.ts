// Chat benchmark: boots its own API instance(s), signs up N users (N/2 buyer–seller
// pairs), starts one chat per pair, connects N sockets and for --duration seconds lets every buyer
// send a message each --interval ms; every seller answers each message. Measures end-to-end
// delivery latency (send time inside the content → arrival at the peer), delivered messages per
// second, acks failed and errors. See bench/README.md.
//
//   npx tsx bench/chat/run.ts [--mode embedded|cluster|both] [--clients 1000] [--duration 20]
//
// Modes: embedded = one instance on the embedded database (fresh temp DATA_DIR);
//        cluster  = two instances on one throwaway PostgreSQL database + Redis, buyers on
//                   instance A and sellers on instance B, so every message crosses instances.

import { mkdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { io, type Socket } from 'socket.io-client';
import type { ClientToServerEvents, SendMessageAck, ServerToClientEvents } from '@marketplace/contracts/chat';
import { createCleanup, createThrowawayDatabase, killNow, makeTempDirectory, REPOSITORY_ROOT, sleep, startApi, withTimeout, type ApiInstance } from './servers';
import { printTable, summarize, type LatencySummary } from './stats';

type Mode = 'embedded' | 'cluster';
type ChatClient = Socket<ServerToClientEvents, ClientToServerEvents>;

const { values: flags } = parseArgs({
  options: {
    mode: { type: 'string', default: 'both' },
    clients: { type: 'string', default: '1000' },
    duration: { type: 'string', default: '20' },
    interval: { type: 'string', default: '1000' },
    drain: { type: 'string', default: '10' },
    'signup-concurrency': { type: 'string', default: '8' },
    'connect-concurrency': { type: 'string', default: '50' },
    'ack-timeout': { type: 'string', default: '10000' },
    postgres: { type: 'string', default: 'postgres://postgres@127.0.0.1:5432/postgres' },
    redis: { type: 'string', default: 'redis://127.0.0.1:6379' },
    label: { type: 'string', default: '' },
    help: { type: 'boolean', default: false },
  },
});

if (flags.help) {
  console.log(`Usage: npx tsx bench/chat/run.ts [options]
  --mode embedded|cluster|both   which setup(s) to measure (default both)
  --clients N                    sockets = users, N/2 buyer–seller pairs (default 1000)
  --duration S                   seconds of load (default 20)
  --interval MS                  each buyer sends one message every MS ms; sellers answer each (default 1000)
  --drain S                      seconds to wait for late deliveries after the load (default 10)
  --signup-concurrency K         parallel sign-ups (argon2 is slow; default 8)
  --connect-concurrency K        parallel socket handshakes (default 50)
  --ack-timeout MS               an ack later than this counts as failed (default 10000)
  --postgres URL                 admin URL; a throwaway database is created and dropped (cluster)
  --redis URL                    Redis for the socket.io adapter (cluster)
  --label NAME                   appended to the result file name (results/<date>-<mode>-NAME.json)`);
  process.exit(0);
}

const positiveInt = (name: string, raw: string | undefined) => {
  const value = Number(raw);
  if (!Number.isInteger(value) || value <= 0) throw new Error(`--${name} must be a positive integer`);
  return value;
};

const settings = {
  clients: positiveInt('clients', flags.clients),
  durationSeconds: positiveInt('duration', flags.duration),
  intervalMs: positiveInt('interval', flags.interval),
  drainSeconds: positiveInt('drain', flags.drain),
  signupConcurrency: positiveInt('signup-concurrency', flags['signup-concurrency']),
  connectConcurrency: positiveInt('connect-concurrency', flags['connect-concurrency']),
  ackTimeoutMs: positiveInt('ack-timeout', flags['ack-timeout']),
};
if (settings.clients < 2 || settings.clients % 2 !== 0) throw new Error('--clients must be an even number ≥ 2 (buyer–seller pairs)');
const modes: Mode[] = flags.mode === 'both' ? ['embedded', 'cluster'] : flags.mode === 'embedded' || flags.mode === 'cluster' ? [flags.mode] : [];
if (modes.length === 0) throw new Error('--mode must be embedded, cluster or both');

if (flags.label && !/^[a-z0-9-]+$/i.test(flags.label)) throw new Error('--label may hold letters, digits and dashes only');

const HTTP_TIMEOUT_MS = 30_000;
const CONNECT_TIMEOUT_MS = 30_000;
const PASSWORD = 'bench-password-1';

// ── helpers ─────────────────────────────────────────────────────────────────────────────────

/** Runs `work` over items with at most `limit` in flight; returns results in order. */
async function pool<T, R>(items: T[], limit: number, work: (item: T, index: number) => Promise<R>): Promise<R[]> {
  const results = new Array<R>(items.length);
  let next = 0;
  const workers = Array.from({ length: Math.min(limit, items.length) }, async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await work(items[index]!, index);
    }
  });
  await Promise.all(workers);
  return results;
}

async function postJson<T>(url: string, body: unknown, token?: string): Promise<T> {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
    signal: AbortSignal.timeout(HTTP_TIMEOUT_MS),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`POST ${url} → ${response.status}: ${text.slice(0, 300)}`);
  return JSON.parse(text) as T;
}

const seconds = (ms: number) => Math.round(ms / 100) / 10;
/** A progress line: rewritten in place on a terminal, one line each in a log. */
const progressLine = (text: string) => process.stdout.write(process.stdout.isTTY ? `\r${text}` : `${text}\n`);

// ── phases ──────────────────────────────────────────────────────────────────────────────────

interface BenchUser {
  id: string;
  token: string;
}
interface Pair {
  index: number;
  buyer: BenchUser;
  seller: BenchUser;
  chatId: string;
}

async function signUpPairs(instances: ApiInstance[], runId: string): Promise<{ pairs: Array<Omit<Pair, 'chatId'>>; ms: number }> {
  const started = performance.now();
  const pairCount = settings.clients / 2;
  const jobs = Array.from({ length: settings.clients }, (_, index) => ({
    pair: Math.floor(index / 2),
    role: index % 2 === 0 ? ('buyer' as const) : ('seller' as const),
  }));
  let done = 0;
  const progress = setInterval(() => progressLine(`  signed up ${done}/${jobs.length}`), 1000);
  try {
    const users = await pool(jobs, settings.signupConcurrency, async ({ pair, role }, index) => {
      // Alternate instances so the argon2 hashing is spread over both processes in cluster mode.
      const instance = instances[index % instances.length]!;
      const answer = await postJson<{ token: string; user: { id: string } }>(`${instance.url}/api/auth/signup`, {
        email: `bench-${runId}-${role}-${pair}@example.com`,
        password: PASSWORD,
        firstName: role === 'buyer' ? 'Bench' : 'Seller',
        lastName: String(pair),
        role,
        ...(role === 'seller' ? { companyName: `Bench Shop ${pair}` } : {}),
      });
      done++;
      return { id: answer.user.id, token: answer.token };
    });
    const pairs = Array.from({ length: pairCount }, (_, index) => ({ index, buyer: users[index * 2]!, seller: users[index * 2 + 1]! }));
    return { pairs, ms: performance.now() - started };
  } finally {
    clearInterval(progress);
    if (process.stdout.isTTY) process.stdout.write('\n');
  }
}

async function startChats(instances: ApiInstance[], pairs: Array<Omit<Pair, 'chatId'>>): Promise<{ pairs: Pair[]; ms: number }> {
  const started = performance.now();
  const withChats = await pool(pairs, 16, async (pair, index) => {
    const instance = instances[index % instances.length]!;
    const answer = await postJson<{ chat: { id: string } }>(`${instance.url}/api/chat`, { sellerId: pair.seller.id }, pair.buyer.token);
    return { ...pair, chatId: answer.chat.id };
  });
  return { pairs: withChats, ms: performance.now() - started };
}

function connect(url: string, token: string): Promise<ChatClient> {
  return new Promise((resolve, reject) => {
    const socket: ChatClient = io(url, {
      path: '/socket.io',
      transports: ['websocket'],
      auth: { token },
      forceNew: true, // one real connection per client, no multiplexing
      reconnection: false,
      timeout: CONNECT_TIMEOUT_MS,
    });
    const timer = setTimeout(() => {
      socket.close();
      reject(new Error('connect timed out'));
    }, CONNECT_TIMEOUT_MS);
    socket.once('connect', () => {
      clearTimeout(timer);
      resolve(socket);
    });
    socket.once('connect_error', (error) => {
      clearTimeout(timer);
      socket.close();
      reject(error);
    });
  });
}

interface LoadResult {
  pairsConnected: number;
  connectErrors: number;
  connectMs: number;
  offeredPerSecond: number;
  sent: number;
  acked: number;
  ackFailed: number;
  ackTimeouts: number;
  ackErrorSamples: string[];
  delivered: number;
  deliveredInWindow: number;
  deliveredPerSecond: number;
  lost: number;
  serverErrorEvents: number;
  unexpectedDisconnects: number;
  perSecondDelivered: number[];
  latencyMs: LatencySummary;
  ackLatencyMs: LatencySummary;
  clientEventLoopDelayMs: { p50: number; p99: number; max: number };
}

async function runLoad(instances: ApiInstance[], pairs: Pair[]): Promise<LoadResult> {
  const buyerInstance = instances[0]!;
  const sellerInstance = instances[instances.length - 1]!;

  // Connect everyone (buyers to A, sellers to B in cluster mode).
  const connectStarted = performance.now();
  let connectErrors = 0;
  const sockets: ChatClient[] = [];
  const connected = await pool(pairs, settings.connectConcurrency, async (pair) => {
    try {
      const buyer = await connect(buyerInstance.url, pair.buyer.token);
      sockets.push(buyer);
      const seller = await connect(sellerInstance.url, pair.seller.token);
      sockets.push(seller);
      return { pair, buyer, seller };
    } catch (error) {
      connectErrors++;
      if (connectErrors <= 3) console.error(`  connect failed: ${(error as Error).message}`);
      return null;
    }
  });
  const connectMs = performance.now() - connectStarted;
  const live = connected.filter((entry) => entry !== null);
  console.log(`  connected ${live.length * 2}/${pairs.length * 2} sockets in ${seconds(connectMs)} s`);

  const latencies: number[] = [];
  const ackLatencies: number[] = [];
  const ackErrorSamples = new Set<string>();
  const pending = new Set<string>();
  const perSecondDelivered = new Array<number>(settings.durationSeconds + settings.drainSeconds + 1).fill(0);
  let sent = 0;
  let acked = 0;
  let ackFailed = 0;
  let ackTimeouts = 0;
  let delivered = 0;
  let deliveredInWindow = 0;
  let serverErrorEvents = 0;
  let unexpectedDisconnects = 0;
  let sending = false;
  let loadStart = 0;
  let loadEnd = Number.POSITIVE_INFINITY;

  const send = (socket: ChatClient, chatId: string, key: string) => {
    const sentAt = performance.now();
    pending.add(key);
    sent++;
    socket.timeout(settings.ackTimeoutMs).emit('send_message', { chatId, content: `bench ${key} ${sentAt}` }, (error: Error | null, answer: SendMessageAck) => {
      if (error) {
        ackTimeouts++;
        return;
      }
      if (answer.ok) {
        acked++;
        ackLatencies.push(performance.now() - sentAt);
      } else {
        ackFailed++;
        pending.delete(key); // refused: it will never be delivered
        if (ackErrorSamples.size < 5) ackErrorSamples.add(answer.error);
      }
    });
  };

  const onDelivery = (content: string, then: () => void) => {
    const [, key, sentAtText] = content.split(' ');
    if (!key || !pending.delete(key)) return;
    const now = performance.now();
    latencies.push(now - Number(sentAtText));
    delivered++;
    if (now <= loadEnd) deliveredInWindow++;
    const second = Math.floor((now - loadStart) / 1000);
    if (second >= 0 && second < perSecondDelivered.length) perSecondDelivered[second]!++;
    then();
  };

  const timers: NodeJS.Timeout[] = [];
  for (const { pair, buyer, seller } of live) {
    for (const socket of [buyer, seller]) {
      socket.on('error', () => serverErrorEvents++);
      socket.on('disconnect', (reason) => {
        if (reason !== 'io client disconnect') unexpectedDisconnects++;
      });
    }
    let sellerSeq = 0;
    // The seller answers each buyer message it receives (while the load runs).
    seller.on('new_message', ({ chatId, message }) => {
      if (chatId !== pair.chatId || message.sender_id !== pair.buyer.id) return;
      onDelivery(message.content, () => {
        if (sending) send(seller, pair.chatId, `s${pair.index}.${sellerSeq++}`);
      });
    });
    buyer.on('new_message', ({ chatId, message }) => {
      if (chatId !== pair.chatId || message.sender_id !== pair.seller.id) return;
      onDelivery(message.content, () => undefined);
    });
  }

  const loopDelay = monitorEventLoopDelay({ resolution: 10 });
  loopDelay.enable();
  sending = true;
  loadStart = performance.now();
  console.log(`  load: ${live.length} buyers × 1 message / ${settings.intervalMs} ms, sellers answer each, for ${settings.durationSeconds} s`);
  for (const { pair, buyer } of live) {
    let buyerSeq = 0;
    // Spread the buyers over the interval so the load is even, not one burst per tick.
    const offset = Math.random() * settings.intervalMs;
    timers.push(
      setTimeout(() => {
        if (!sending) return;
        send(buyer, pair.chatId, `b${pair.index}.${buyerSeq++}`);
        timers.push(setInterval(() => sending && send(buyer, pair.chatId, `b${pair.index}.${buyerSeq++}`), settings.intervalMs));
      }, offset),
    );
  }
  const progress = setInterval(
    () => progressLine(`  t=${seconds(performance.now() - loadStart)} s sent ${sent} delivered ${delivered} pending ${pending.size}   `),
    1000,
  );
  await sleep(settings.durationSeconds * 1000);
  sending = false;
  loadEnd = performance.now();
  for (const timer of timers) clearTimeout(timer);

  // Drain: wait for what is still in flight.
  const drainUntil = performance.now() + settings.drainSeconds * 1000;
  while (pending.size > 0 && performance.now() < drainUntil) await sleep(100);
  clearInterval(progress);
  if (process.stdout.isTTY) process.stdout.write('\n');
  loopDelay.disable();

  for (const socket of sockets) socket.close();

  const ms = (ns: number) => Math.round(ns / 1e5) / 10;
  const loadSeconds = (loadEnd - loadStart) / 1000;
  return {
    pairsConnected: live.length,
    connectErrors,
    connectMs: Math.round(connectMs),
    offeredPerSecond: Math.round(((live.length * 2) / settings.intervalMs) * 1000),
    sent,
    acked,
    ackFailed,
    ackTimeouts,
    ackErrorSamples: [...ackErrorSamples],
    delivered,
    deliveredInWindow,
    deliveredPerSecond: Math.round(deliveredInWindow / loadSeconds),
    lost: pending.size,
    serverErrorEvents,
    unexpectedDisconnects,
    perSecondDelivered,
    latencyMs: summarize(latencies),
    ackLatencyMs: summarize(ackLatencies),
    clientEventLoopDelayMs: { p50: ms(loopDelay.percentile(50)), p99: ms(loopDelay.percentile(99)), max: ms(loopDelay.max) },
  };
}

// ── one mode ────────────────────────────────────────────────────────────────────────────────

const activeInstances: ApiInstance[] = [];
let activeCleanup: ReturnType<typeof createCleanup> | undefined;

async function runMode(mode: Mode) {
  const cleanup = createCleanup();
  activeCleanup = cleanup;
  const runId = `${Date.now().toString(36)}${mode[0]}`;
  const startedAt = new Date();
  console.log(`\n▶ ${mode}: ${settings.clients} clients (${settings.clients / 2} pairs), ${settings.durationSeconds} s`);
  try {
    const bootStarted = performance.now();
    const instances: ApiInstance[] = [];
    if (mode === 'embedded') {
      const dataDir = makeTempDirectory(cleanup, 'embedded');
      instances.push(await startApi({ name: 'api', cleanup, env: { DATA_DIR: dataDir } }));
    } else {
      const databaseUrl = await createThrowawayDatabase(flags.postgres!, cleanup);
      console.log(`  database ${new URL(databaseUrl).pathname.slice(1)} created`);
      // One after the other: the first one migrates the fresh database.
      for (const name of ['api-a', 'api-b']) {
        const dataDir = makeTempDirectory(cleanup, name);
        instances.push(await startApi({ name, cleanup, env: { DATA_DIR: dataDir, DATABASE_URL: databaseUrl, REDIS_URL: flags.redis! } }));
      }
    }
    activeInstances.push(...instances);
    const bootMs = performance.now() - bootStarted;
    console.log(`  ${instances.length} instance(s) up in ${seconds(bootMs)} s: ${instances.map((instance) => instance.url).join(', ')}`);

    const signup = await withTimeout(signUpPairs(instances, runId), 30 * 60_000, 'sign-up phase');
    console.log(
      `  ${settings.clients} sign-ups in ${seconds(signup.ms)} s (${Math.round(settings.clients / (signup.ms / 1000))}/s, concurrency ${settings.signupConcurrency})`,
    );
    const chats = await withTimeout(startChats(instances, signup.pairs), 10 * 60_000, 'start-chat phase');
    console.log(`  ${chats.pairs.length} chats started in ${seconds(chats.ms)} s`);

    const loadBudget = CONNECT_TIMEOUT_MS * 4 + (settings.durationSeconds + settings.drainSeconds) * 1000 + 60_000;
    const load = await withTimeout(runLoad(instances, chats.pairs), loadBudget, 'load phase');

    const result = {
      mode,
      label: flags.label || null,
      description:
        mode === 'embedded'
          ? 'one API instance on the embedded database (PGlite), fresh temp DATA_DIR'
          : 'two API instances on one PostgreSQL database + Redis adapter; buyers on instance A, sellers on instance B',
      startedAt: startedAt.toISOString(),
      machine: machine(),
      settings,
      phases: {
        bootMs: Math.round(bootMs),
        signupMs: Math.round(signup.ms),
        signupsPerSecond: Math.round(settings.clients / (signup.ms / 1000)),
        startChatsMs: Math.round(chats.ms),
        connectMs: load.connectMs,
      },
      load,
    };
    report(result);
    const resultsDirectory = path.join(REPOSITORY_ROOT, 'bench/chat/results');
    mkdirSync(resultsDirectory, { recursive: true });
    const file = path.join(resultsDirectory, `${startedAt.toISOString().slice(0, 10)}-${mode}${flags.label ? `-${flags.label}` : ''}.json`);
    writeFileSync(file, `${JSON.stringify(result, null, 2)}\n`);
    console.log(`\n  written ${path.relative(REPOSITORY_ROOT, file)}`);
    return result;
  } catch (error) {
    for (const instance of activeInstances) {
      if (instance.child.exitCode !== null) console.error(`  ${instance.name} had exited; its last output:\n${instance.output.join('\n')}`);
    }
    throw error;
  } finally {
    console.log('  cleaning up…');
    await cleanup.run();
    activeInstances.length = 0;
    activeCleanup = undefined;
  }
}

function machine() {
  const cpus = os.cpus();
  return {
    cpus: cpus.length,
    cpuModel: cpus[0]?.model ?? 'unknown',
    memoryGb: Math.round(os.totalmem() / 1024 ** 3),
    platform: `${os.platform()} ${os.release()}`,
    node: process.version,
  };
}

function report(result: { mode: Mode; phases: Record<string, number>; load: LoadResult }) {
  const { load, phases } = result;
  const lat = load.latencyMs;
  printTable(`Chat benchmark — ${result.mode}`, [
    ['clients connected', `${load.pairsConnected * 2} (${load.connectErrors} pair(s) failed to connect)`],
    ['sign-up', `${seconds(phases.signupMs!)} s (${phases.signupsPerSecond}/s)`],
    ['offered load', `${load.offeredPerSecond} msg/s`],
    ['sent', load.sent],
    ['acked ok', load.acked],
    ['acks failed (refused)', load.ackFailed],
    ['acks timed out', load.ackTimeouts],
    ['delivered', `${load.delivered} (${load.deliveredPerSecond} msg/s during the load)`],
    ['lost (never delivered)', load.lost],
    ['server error events', load.serverErrorEvents],
    ['unexpected disconnects', load.unexpectedDisconnects],
    ['latency p50 / p95 / p99', `${lat.p50} / ${lat.p95} / ${lat.p99} ms`],
    ['latency mean / max', `${lat.mean} / ${lat.max} ms`],
    ['ack latency p50 / p99', `${load.ackLatencyMs.p50} / ${load.ackLatencyMs.p99} ms`],
    ['bench event-loop delay p99', `${load.clientEventLoopDelayMs.p99} ms`],
  ]);
  if (load.ackErrorSamples.length > 0) console.log(`  ack errors: ${load.ackErrorSamples.join(' | ')}`);
}

// ── main ────────────────────────────────────────────────────────────────────────────────────

process.on('exit', () => killNow(activeInstances));
let interrupted = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    if (interrupted) process.exit(130);
    interrupted = true;
    console.error(`\n${signal}: cleaning up…`);
    void (activeCleanup?.run() ?? Promise.resolve()).finally(() => process.exit(130));
  });
}

let failed = false;
for (const mode of modes) {
  try {
    await runMode(mode);
  } catch (error) {
    failed = true;
    console.error(`\n✖ ${mode} failed: ${(error as Error).stack ?? String(error)}`);
  }
}
process.exit(failed ? 1 : 0);
