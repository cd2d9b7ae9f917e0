import Fastify from 'fastify';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config';
import { buildTestApp, type TestApp } from '../../test/helper';
import { bearerFor } from '../../test/factories-commerce';
import { createUser } from '../../test/factories';
import { createCategory, createProduct } from '../../test/factories-orders';
import errorHandler from './error-handler';
import metrics, { type JobQueueStats } from './metrics';

// GET /metrics: Prometheus text with request latency by route pattern and status, the database pool,
// open chat sockets, the job queue and the process; each app its own registry; METRICS_TOKEN enforced.

interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

/** Parses Prometheus text format strictly: every line is a comment or `name{labels} value`. */
function parseMetrics(text: string): Sample[] {
  const samples: Sample[] = [];
  for (const line of text.split('\n')) {
    if (line === '' || line.startsWith('# HELP ') || line.startsWith('# TYPE ')) continue;
    const match = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})? (-?(?:\d+(?:\.\d+)?(?:e[+-]?\d+)?|[+-]?Inf|NaN))$/i.exec(line);
    if (!match) throw new Error(`not a Prometheus sample line: ${line}`);
    const labels: Record<string, string> = {};
    for (const pair of (match[2] ?? '').match(/[a-zA-Z_][a-zA-Z0-9_]*="(?:[^"\\]|\\.)*"/g) ?? []) {
      const [key, ...rest] = pair.split('=');
      labels[key!] = JSON.parse(rest.join('='));
    }
    samples.push({ name: match[1]!, labels, value: Number(match[3]) });
  }
  return samples;
}

const valueOf = (samples: Sample[], name: string, labels: Record<string, string> = {}) =>
  samples.find((sample) => sample.name === name && Object.entries(labels).every(([key, value]) => sample.labels[key] === value))?.value;

async function scrape(testApp: TestApp, authorization?: string) {
  const response = await testApp.app.inject({ method: 'GET', url: '/metrics', headers: authorization ? { authorization } : {} });
  expect(response.statusCode).toBe(200);
  expect(response.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
  return { text: response.body, samples: parseMetrics(response.body) };
}

describe('metrics', () => {
  let testApp: TestApp;
  let other: TestApp;
  beforeAll(async () => {
    [testApp, other] = await Promise.all([buildTestApp(), buildTestApp()]);
  });
  afterAll(async () => {
    await Promise.all([testApp?.close(), other?.close()]);
  });

  it('answers Prometheus text that parses, with the process metrics and one HELP and TYPE per metric', async () => {
    const { text, samples } = await scrape(testApp);
    expect(samples.length).toBeGreaterThan(20);
    expect(valueOf(samples, 'process_cpu_user_seconds_total')).toBeGreaterThan(0);
    expect(valueOf(samples, 'nodejs_heap_size_used_bytes')).toBeGreaterThan(0);
    expect(valueOf(samples, 'socketio_connected_clients')).toBe(0);
    const typed = [...text.matchAll(/^# TYPE (\S+) /gm)].map((match) => match[1]);
    expect(new Set(typed).size).toBe(typed.length);
    expect(typed).toEqual(expect.arrayContaining(['http_request_duration_seconds', 'socketio_connected_clients', 'process_cpu_user_seconds_total']));
  });

  it('shows the database pool on PostgreSQL (nothing on the embedded PGlite, which has none)', async () => {
    const { samples } = await scrape(testApp);
    if (testApp.database.kind === 'postgres') {
      expect(valueOf(samples, 'db_pool_clients')).toBeGreaterThanOrEqual(1);
      expect(valueOf(samples, 'db_pool_idle_clients')).toBeGreaterThanOrEqual(0);
      expect(valueOf(samples, 'db_pool_waiting_requests')).toBe(0);
    } else {
      expect(samples.some((sample) => sample.name.startsWith('db_pool_'))).toBe(false);
    }
  });

  it('times a product request under its route pattern and status, never its URL, and unknown routes under one label', async () => {
    const db = testApp.database.db;
    const seller = await createUser(db, { role: 'seller' });
    const category = await createCategory(db);
    const product = await createProduct(db, { sellerId: seller.id, categoryId: category.id });
    expect((await testApp.app.inject({ method: 'GET', url: `/api/products/${product.id}` })).statusCode).toBe(200);
    expect((await testApp.app.inject({ method: 'GET', url: `/api/products/${product.id}` })).statusCode).toBe(200);
    expect((await testApp.app.inject({ method: 'GET', url: '/api/products/00000000-0000-4000-8000-000000000000' })).statusCode).toBe(404);
    expect((await testApp.app.inject({ method: 'GET', url: '/api/no-such-route/8f1c2a' })).statusCode).toBe(404);
    expect((await testApp.app.inject({ method: 'GET', url: '/some/page/that/is/not/there' })).statusCode).toBe(404);

    const { text, samples } = await scrape(testApp);
    const route = { method: 'GET', route: '/api/products/:id' };
    expect(valueOf(samples, 'http_request_duration_seconds_count', { ...route, status_code: '200' })).toBe(2);
    expect(valueOf(samples, 'http_request_duration_seconds_count', { ...route, status_code: '404' })).toBe(1);
    expect(valueOf(samples, 'http_request_duration_seconds_bucket', { ...route, status_code: '200', le: '+Inf' })).toBe(2);
    expect(valueOf(samples, 'http_request_duration_seconds_sum', { ...route, status_code: '200' })).toBeGreaterThan(0);
    expect(valueOf(samples, 'http_request_duration_seconds_count', { method: 'GET', route: 'unmatched', status_code: '404' })).toBe(2);
    expect(text).not.toContain(product.id);
    expect(text).not.toContain('no-such-route');
    expect(text).not.toContain('/some/page');
  });

  it('keeps each app’s counts to itself when two run in one process', async () => {
    const count = async (target: TestApp) =>
      valueOf((await scrape(target)).samples, 'http_request_duration_seconds_count', { method: 'GET', route: '/api/health', status_code: '200' }) ?? 0;
    const [before, otherBefore] = [await count(testApp), await count(other)];
    for (let index = 0; index < 3; index += 1) await testApp.app.inject({ method: 'GET', url: '/api/health' });
    await other.app.inject({ method: 'GET', url: '/api/health' });
    expect(await count(testApp)).toBe(before + 3);
    expect(await count(other)).toBe(otherBefore + 1);
  });

  it('counts the chat sockets open on the instance', async () => {
    const buyer = await createUser(testApp.database.db, { role: 'buyer' });
    const token = (await bearerFor(testApp, buyer)).replace(/^Bearer /, '');
    await testApp.app.listen({ port: 0, host: '127.0.0.1' });
    const address = testApp.app.server.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    const sockets: Socket[] = [];
    try {
      for (let index = 0; index < 2; index += 1) {
        const socket = connect(`http://127.0.0.1:${port}`, { transports: ['websocket'], auth: { token }, reconnection: false, forceNew: true });
        sockets.push(socket);
        await new Promise<void>((resolve, reject) => {
          socket.once('connect', () => resolve());
          socket.once('connect_error', reject);
        });
      }
      expect(valueOf((await scrape(testApp)).samples, 'socketio_connected_clients')).toBe(2);
      expect(valueOf((await scrape(other)).samples, 'socketio_connected_clients')).toBe(0);
    } finally {
      for (const socket of sockets) socket.disconnect();
    }
  });

  it('is not listed in the public API docs', async () => {
    const docs = await testApp.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(docs.statusCode).toBe(200);
    expect(Object.keys(docs.json().paths as Record<string, unknown>)).not.toContain('/metrics');
  });
});

describe('metrics behind METRICS_TOKEN', () => {
  const token = 'metrics-token-for-the-scraper-0123';
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await buildTestApp({ environment: { METRICS_TOKEN: token } });
  });
  afterAll(async () => {
    await testApp?.close();
  });

  it.each([
    ['no token', undefined],
    ['a wrong token', 'Bearer metrics-token-for-the-scraper-0124'],
    ['the token without "Bearer"', token],
    ['a user’s kind of header', 'Basic bWV0cmljczpzZWNyZXQ='],
  ])('refuses %s with 401 { error, code }', async (_case, authorization) => {
    const response = await testApp.app.inject({ method: 'GET', url: '/metrics', headers: authorization ? { authorization } : {} });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ error: expect.any(String), code: 'unauthorized' });
    expect(response.headers['www-authenticate']).toMatch(/^Bearer/);
    expect(response.body).not.toContain('http_request_duration_seconds');
  });

  it('reads METRICS_TOKEN from the environment: blank is unset, a short one is refused without being shown', () => {
    const base = { NODE_ENV: 'test', JWT_SECRET: 'test-secret-that-is-long-enough-for-hs256-signing', DATA_DIR: testApp.config.dataDirectory };
    expect(loadConfig({ ...base, METRICS_TOKEN: token }).metricsToken).toBe(token);
    expect(loadConfig({ ...base, METRICS_TOKEN: '  ' }).metricsToken).toBeUndefined();
    expect(() => loadConfig({ ...base, METRICS_TOKEN: 'short-secret' })).toThrow(/METRICS_TOKEN must be at least 16 characters/);
    expect(() => loadConfig({ ...base, METRICS_TOKEN: 'short-secret' })).not.toThrow(/short-secret/);
  });

  it('answers the right bearer token', async () => {
    const { samples } = await scrape(testApp, `Bearer ${token}`);
    expect(samples.some((sample) => sample.name === 'http_request_duration_seconds_count')).toBe(true);
  });
});

describe('metrics of the job queue', () => {
  it('reads the queues at each scrape: depth and failures by queue, gone queues dropped, a failing read logged and left out', async () => {
    let queues: JobQueueStats[] | Error = [
      { queue: 'email', queued: 4, active: 1, failed: 2 },
      { queue: 'tracking-refresh', queued: 0, active: 0, failed: 0 },
    ];
    let reads = 0;
    const app = Fastify({ logger: false });
    await app.register(errorHandler);
    await app.register(metrics, {
      token: undefined,
      jobStats: async () => {
        reads += 1;
        if (queues instanceof Error) throw queues;
        return queues;
      },
    });
    await app.ready();
    const read = async () => {
      const response = await app.inject({ method: 'GET', url: '/metrics' });
      expect(response.statusCode).toBe(200);
      return parseMetrics(response.body);
    };
    try {
      let samples = await read();
      expect(reads).toBe(1);
      expect(valueOf(samples, 'job_queue_queued_jobs', { queue: 'email' })).toBe(4);
      expect(valueOf(samples, 'job_queue_active_jobs', { queue: 'email' })).toBe(1);
      expect(valueOf(samples, 'job_queue_failed_jobs', { queue: 'email' })).toBe(2);
      expect(valueOf(samples, 'job_queue_queued_jobs', { queue: 'tracking-refresh' })).toBe(0);

      queues = [{ queue: 'email', queued: 0, active: 0, failed: 3 }];
      samples = await read();
      expect(reads).toBe(2);
      expect(valueOf(samples, 'job_queue_queued_jobs', { queue: 'email' })).toBe(0);
      expect(valueOf(samples, 'job_queue_failed_jobs', { queue: 'email' })).toBe(3);
      expect(valueOf(samples, 'job_queue_queued_jobs', { queue: 'tracking-refresh' })).toBeUndefined();

      queues = new Error('database is gone');
      samples = await read();
      expect(samples.some((sample) => sample.name.startsWith('job_queue_'))).toBe(false);
      expect(samples.some((sample) => sample.name === 'process_cpu_user_seconds_total')).toBe(true);
    } finally {
      await app.close();
    }
  });
});
