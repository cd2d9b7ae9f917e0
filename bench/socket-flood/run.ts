// Socket flood benchmark: can one chat client freeze the server? Boots one API instance on the embedded
// database, signs up a buyer and a seller with a conversation, then for each kind of socket event
// (typing, join_chats, mark_read, send_message) lets one flooding client emit it as fast as --rate allows
// for --flood seconds (reconnecting at once whenever the server closes it), while a separate thread
// measures GET /api/health every --probe-interval ms during the flood and for --after seconds after it.
// See bench/README.md ("Socket flood").
//
//   npx tsx bench/socket-flood/run.ts [--flood 10] [--after 5] [--rate 5000] [--only typing,mark_read]
//   npx tsx bench/socket-flood/run.ts --api-dir /tmp/flood-before/apps/api --label before   # another copy of the API

import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { io } from 'socket.io-client';
import type { ChatClient } from '../../apps/api/test/socket-client';
import { createCleanup, killNow, makeTempDirectory, REPOSITORY_ROOT, sleep, startApi, type ApiInstance, type Cleanup } from '../chat/servers';
import { samplesBetween, startProbe, type ProbeSample } from '../chat/probe';
import { printTable, summarize, type LatencySummary } from '../chat/stats';

const EVENTS = ['typing', 'join_chats', 'mark_read', 'send_message'] as const;
type FloodEvent = (typeof EVENTS)[number];

const { values: flags } = parseArgs({
  options: {
    flood: { type: 'string', default: '10' },
    after: { type: 'string', default: '5' },
    baseline: { type: 'string', default: '3' },
    rate: { type: 'string', default: '5000' },
    'probe-interval': { type: 'string', default: '20' },
    'probe-timeout': { type: 'string', default: '30000' },
    only: { type: 'string', default: EVENTS.join(',') },
    'api-dir': { type: 'string', default: path.join(REPOSITORY_ROOT, 'apps/api') },
    label: { type: 'string', default: '' },
    help: { type: 'boolean', default: false },
  },
});

if (flags.help) {
  console.log(`Usage: npx tsx bench/socket-flood/run.ts [options]
  --flood S             seconds each flood lasts (default 10)
  --after S             seconds measured after each flood (default 5)
  --baseline S          seconds measured before the first flood (default 3)
  --rate N              events per second the flooder emits (default 5000)
  --probe-interval MS   pause between two health checks (default 20)
  --probe-timeout MS    a health check slower than this counts as this long (default 30000)
  --only LIST           which events to flood, comma-separated (default ${EVENTS.join(',')})
  --api-dir DIR         the API to boot (src/server.ts through tsx; default apps/api of this checkout)
  --label NAME          appended to the result file name (results/<date>[-NAME].json)`);
  process.exit(0);
}

const positive = (name: string, raw: string | undefined) => {
  const value = Number(raw);
  if (!Number.isFinite(value) || value <= 0) throw new Error(`--${name} must be a positive number`);
  return value;
};
const settings = {
  floodSeconds: positive('flood', flags.flood),
  afterSeconds: positive('after', flags.after),
  baselineSeconds: positive('baseline', flags.baseline),
  rate: positive('rate', flags.rate),
  probeIntervalMs: positive('probe-interval', flags['probe-interval']),
  probeTimeoutMs: positive('probe-timeout', flags['probe-timeout']),
  events: flags.only!.split(',').map((name) => name.trim()) as FloodEvent[],
  apiDirectory: path.resolve(flags['api-dir']!),
};
for (const event of settings.events) if (!EVENTS.includes(event)) throw new Error(`--only: unknown event ${event}`);
if (flags.label && !/^[a-z0-9-]+$/i.test(flags.label)) throw new Error('--label may hold letters, digits and dashes only');
if (!existsSync(path.join(settings.apiDirectory, 'src/server.ts'))) throw new Error(`no src/server.ts in ${settings.apiDirectory}`);

// ── the API ─────────────────────────────────────────────────────────────────────────────────

/** The API's source through tsx (no build needed), on the embedded database in a fresh DATA_DIR, with the request limits on. */
function bootApi(cleanup: Cleanup): Promise<ApiInstance> {
  return startApi({
    name: 'api',
    cleanup,
    server: 'source',
    apiDirectory: settings.apiDirectory,
    // The embedded database and no Redis, whatever this shell has set.
    withoutEnv: ['DATABASE_URL', 'REDIS_URL'],
    // The limits are what this bench measures (startApi turns them off for the other benches).
    env: { DATA_DIR: makeTempDirectory(cleanup, 'socket-flood'), RATE_LIMITS: 'on' },
    bootTimeoutMs: 180_000,
  });
}

/** The server's resident memory in MB (Linux), or null. */
function residentMb(pid: number | undefined): number | null {
  if (!pid) return null;
  try {
    const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return match ? Math.round(Number(match[1]) / 1024) : null;
  } catch {
    return null;
  }
}

async function postJson<T>(url: string, body: unknown, token?: string): Promise<T> {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
    signal: AbortSignal.timeout(30_000),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`POST ${url} → ${response.status}: ${text.slice(0, 300)}`);
  return JSON.parse(text) as T;
}

async function signUp(url: string, role: 'buyer' | 'seller', runId: string) {
  const answer = await postJson<{ token: string; user: { id: string } }>(`${url}/api/auth/signup`, {
    email: `flood-${runId}-${role}@example.com`,
    password: 'Flood-bench-password-1',
    firstName: role === 'buyer' ? 'Flood' : 'Peer',
    lastName: 'Bench',
    role,
    ...(role === 'seller' ? { companyName: `Flood Bench Shop ${runId}` } : {}),
  });
  return { id: answer.user.id, token: answer.token };
}

function connect(url: string, token: string): Promise<ChatClient> {
  return new Promise((resolve, reject) => {
    const socket: ChatClient = io(url, {
      path: '/socket.io',
      transports: ['websocket'],
      auth: { token },
      forceNew: true,
      reconnection: false,
      timeout: 30_000,
    });
    socket.once('connect', () => resolve(socket));
    socket.once('connect_error', (error) => {
      socket.close();
      reject(error);
    });
  });
}

// ── the health probe, in its own thread so the flooder's work does not delay it ────────────

const startHealthProbe = (url: string) => startProbe({ url: `${url}/api/health`, intervalMs: settings.probeIntervalMs, timeoutMs: settings.probeTimeoutMs });

const now = () => performance.timeOrigin + performance.now();

function latencyOf(samples: ProbeSample[], from: number, to: number): LatencySummary & { failed: number } {
  // A check counts in the phase it started in.
  const inPhase = samplesBetween(samples, from, to);
  return { ...summarize(inPhase.map((sample) => sample.ms)), failed: inPhase.filter((sample) => sample.status < 200 || sample.status > 299).length };
}

// ── one flood ───────────────────────────────────────────────────────────────────────────────

interface FloodCounts {
  emitted: number;
  refusals: number;
  refusalCodes: Record<string, number>;
  acksOk: number;
  connections: number;
  serverDisconnects: number;
  connectFailures: number;
  relaysHeardByPeer: number;
  messagesHeardByPeer: number;
}

async function flood(event: FloodEvent, url: string, flooderToken: string, peer: ChatClient, chatId: string): Promise<FloodCounts> {
  const counts: FloodCounts = {
    emitted: 0,
    refusals: 0,
    refusalCodes: {},
    acksOk: 0,
    connections: 0,
    serverDisconnects: 0,
    connectFailures: 0,
    relaysHeardByPeer: 0,
    messagesHeardByPeer: 0,
  };
  const onTyping = () => (counts.relaysHeardByPeer += 1);
  const onMessage = () => (counts.messagesHeardByPeer += 1);
  peer.on('typing', onTyping);
  peer.on('new_message', onMessage);
  const endsAt = now() + settings.floodSeconds * 1000;
  const tickMs = 10;
  const perTick = Math.max(1, Math.round((settings.rate * tickMs) / 1000));
  let sequence = 0;
  const emitOne = (socket: ChatClient) => {
    counts.emitted += 1;
    sequence += 1;
    if (event === 'typing') socket.emit('typing', { chatId });
    else if (event === 'join_chats') socket.emit('join_chats');
    else if (event === 'mark_read') socket.emit('mark_read', { chatId });
    else
      socket.emit('send_message', { chatId, content: `flood ${sequence}` }, (answer) => {
        if (answer.ok) counts.acksOk += 1;
      });
  };
  while (now() < endsAt) {
    let socket: ChatClient;
    try {
      socket = await connect(url, flooderToken);
    } catch {
      counts.connectFailures += 1;
      await sleep(50);
      continue;
    }
    counts.connections += 1;
    socket.on('error', (payload) => {
      counts.refusals += 1;
      const code = payload.code ?? 'none';
      counts.refusalCodes[code] = (counts.refusalCodes[code] ?? 0) + 1;
    });
    const closedByServer = new Promise<void>((resolve) =>
      socket.once('disconnect', (reason) => {
        if (reason === 'io server disconnect') counts.serverDisconnects += 1;
        resolve();
      }),
    );
    let isOpen = true;
    void closedByServer.then(() => (isOpen = false));
    // Emit at --rate until the server closes the socket or the time is up, then (if time is left) reconnect at once.
    while (isOpen && now() < endsAt) {
      for (let index = 0; index < perTick && isOpen; index += 1) emitOne(socket);
      await sleep(tickMs);
    }
    socket.removeAllListeners();
    socket.disconnect();
  }
  peer.off('typing', onTyping);
  peer.off('new_message', onMessage);
  return counts;
}

// ── main ────────────────────────────────────────────────────────────────────────────────────

function machine() {
  const cpus = os.cpus();
  return {
    cpus: cpus.length,
    cpuModel: cpus[0]?.model ?? 'unknown',
    memoryGb: Math.round(os.totalmem() / 1024 ** 3),
    platform: `${os.platform()} ${os.release()}`,
    node: process.version,
    loadAverage: os.loadavg().map((value) => Math.round(value * 100) / 100),
  };
}

const cleanup = createCleanup();
let instance: ApiInstance | undefined;
process.once('exit', () => {
  if (instance) killNow([instance]);
});
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    void cleanup.run().finally(() => process.exit(130));
  });
}

async function main() {
  const startedAt = new Date();
  const runId = Date.now().toString(36);
  console.log(
    `▶ socket flood: ${settings.events.join(', ')}; ${settings.floodSeconds} s each at ${settings.rate}/s, ${settings.afterSeconds} s after; API ${path.relative(REPOSITORY_ROOT, settings.apiDirectory) || settings.apiDirectory}`,
  );
  console.log(
    `  load average before boot: ${os
      .loadavg()
      .map((value) => value.toFixed(2))
      .join(' ')}`,
  );
  instance = await bootApi(cleanup);
  const pid = instance.child.pid;
  console.log(`  API up at ${instance.url} (pid ${pid}, ${residentMb(pid)} MB)`);

  const buyer = await signUp(instance.url, 'buyer', runId);
  const seller = await signUp(instance.url, 'seller', runId);
  const chatId = (await postJson<{ chat: { id: string } }>(`${instance.url}/api/chat`, { sellerId: seller.id }, buyer.token)).chat.id;
  const peer = await connect(instance.url, seller.token);
  cleanup.add('close peer socket', () => void peer.disconnect());

  const probe = startHealthProbe(instance.url);
  cleanup.add('stop probe', () => probe.stop());
  let peakMb = residentMb(pid) ?? 0;
  const memory = setInterval(() => (peakMb = Math.max(peakMb, residentMb(pid) ?? 0)), 250);
  cleanup.add('stop memory sampling', () => clearInterval(memory));

  const baselineFrom = now();
  await sleep(settings.baselineSeconds * 1000);
  const baseline = latencyOf(probe.samples, baselineFrom, now());
  console.log(`  baseline /api/health: p50 ${baseline.p50} ms, p99 ${baseline.p99} ms (${baseline.count} checks)`);

  const floods: Array<{
    event: FloodEvent;
    counts: FloodCounts;
    floodFrom: number;
    floodTo: number;
    afterTo: number;
    rssMb: { before: number | null; peak: number; after: number | null };
  }> = [];
  for (const event of settings.events) {
    const rssBefore = residentMb(pid);
    peakMb = rssBefore ?? 0;
    const floodFrom = now();
    console.log(`  flooding ${event} for ${settings.floodSeconds} s, then ${settings.afterSeconds} s of quiet…`);
    const counts = await flood(event, instance.url, buyer.token, peer, chatId);
    const floodTo = now();
    await sleep(settings.afterSeconds * 1000);
    floods.push({ event, counts, floodFrom, floodTo, afterTo: now(), rssMb: { before: rssBefore, peak: peakMb, after: residentMb(pid) } });
  }

  clearInterval(memory);
  // A check still waiting for its answer counts in the phase it started in, with its whole wait: measured after the probe stops.
  await probe.stop();
  const results = floods.map(({ event, counts, floodFrom, floodTo, afterTo, rssMb }) => {
    const during = latencyOf(probe.samples, floodFrom, floodTo);
    const after = latencyOf(probe.samples, floodTo, afterTo);
    const goal = during.p99 < 100 && after.p99 < 100 && during.count > 0 && after.count > 0 && during.failed + after.failed === 0;
    printTable(`${event} flood (${settings.floodSeconds} s at ${settings.rate}/s)`, [
      ['emitted / refused (by code)', `${counts.emitted} / ${counts.refusals} ${JSON.stringify(counts.refusalCodes)}`],
      ['connections / closed by server / refused at connect', `${counts.connections} / ${counts.serverDisconnects} / ${counts.connectFailures}`],
      ['peer heard: typing relays / new messages', `${counts.relaysHeardByPeer} / ${counts.messagesHeardByPeer}`],
      [
        '/api/health during: p50 / p95 / p99 / max (n, failed)',
        `${during.p50} / ${during.p95} / ${during.p99} / ${during.max} ms (${during.count}, ${during.failed})`,
      ],
      [
        '/api/health after:  p50 / p95 / p99 / max (n, failed)',
        `${after.p50} / ${after.p95} / ${after.p99} / ${after.max} ms (${after.count}, ${after.failed})`,
      ],
      ['server RSS before / peak / after', `${rssMb.before} / ${rssMb.peak} / ${rssMb.after} MB`],
      ['goal p99 < 100 ms during and after', goal ? 'PASS' : 'FAIL'],
    ]);
    return { event, counts, during, after, rssMb, goal };
  });

  const result = { label: flags.label || null, startedAt: startedAt.toISOString(), machine: machine(), settings, baseline, results };
  const directory = path.join(REPOSITORY_ROOT, 'bench/socket-flood/results');
  mkdirSync(directory, { recursive: true });
  const file = path.join(directory, `${startedAt.toISOString().slice(0, 10)}${flags.label ? `-${flags.label}` : ''}.json`);
  writeFileSync(file, `${JSON.stringify(result, null, 2)}\n`);
  console.log(
    `\n  written ${path.relative(REPOSITORY_ROOT, file)}; load average now ${os
      .loadavg()
      .map((value) => value.toFixed(2))
      .join(' ')}`,
  );
}

const started = performance.now();
main()
  .catch((error: unknown) => {
    console.error(error);
    if (instance) console.error(`  the API's last output:\n${instance.output.join('\n')}`);
    process.exitCode = 1;
  })
  .finally(async () => {
    console.log('  cleaning up…');
    await cleanup.run();
    console.log(`  done in ${Math.round((performance.now() - started) / 1000)} s`);
  });
