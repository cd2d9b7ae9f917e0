import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import { API_ERROR_CODES } from '@marketplace/contracts/error-codes';
import { HttpError } from '../lib/http-errors';
import { METRICS_SCRAPE } from '../security/rate-limits';
import { PUBLIC } from './route-access';

/** One queue's counts, as the job queue reports them. */
export interface JobQueueStats {
  queue: string;
  queued: number;
  active: number;
  failed: number;
}

export interface MetricsOptions {
  /** The bearer token GET /metrics asks for; without one the metrics are open (production sets it). */
  token: string | undefined;
  /** The PostgreSQL pool's clients (DatabaseHandle.poolStats); PGlite has no pool. */
  poolStats?: () => { total: number; idle: number; waiting: number };
  /** Open chat sockets on this instance. */
  openSockets?: () => number;
  /** The job queue's depth and failures, read at each scrape. */
  jobStats?: () => Promise<JobQueueStats[]>;
}

/** The route label of requests no route matched (404s, the web app's pages): one label, not one per URL. */
export const UNMATCHED_ROUTE = 'unmatched';

// Process metrics (CPU, memory, event loop, GC) describe the process, not an app: they are collected
// once per process into a registry of their own and added to every app's answer (decision 0020).
let processRegistry: Registry | undefined;
function processMetrics(): Registry {
  if (!processRegistry) {
    processRegistry = new Registry();
    collectDefaultMetrics({ register: processRegistry });
  }
  return processRegistry;
}

const digest = (value: string) => createHash('sha256').update(value).digest();

/**
 * GET /metrics in Prometheus text format: request latency by route pattern and status, the database
 * pool, open chat sockets, the job queue, and the process. Each app has its own registry, so two apps
 * in one process (tests, or two instances) never share counts. Registered before the routes, so its
 * hook times every one of them.
 */
async function metricsPlugin(app: FastifyInstance, options: MetricsOptions) {
  const registry = new Registry();
  const processRegistry = processMetrics();

  const requestDuration = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'HTTP request latency by method, route pattern and status code.',
    labelNames: ['method', 'route', 'status_code'] as const,
    registers: [registry],
  });
  app.addHook('onResponse', (request, reply, done) => {
    // The pattern (`/api/products/:id`), never the URL: ids in labels would grow without bound.
    const route = request.routeOptions.url ?? UNMATCHED_ROUTE;
    requestDuration.observe({ method: request.method, route, status_code: String(reply.statusCode) }, reply.elapsedTime / 1000);
    done();
  });

  const { poolStats, openSockets, jobStats } = options;
  if (poolStats) {
    const gauges = {
      total: ['db_pool_clients', 'Connections the PostgreSQL pool holds open.'],
      idle: ['db_pool_idle_clients', 'Open connections no query is using.'],
      waiting: ['db_pool_waiting_requests', 'Queries waiting for a free connection.'],
    } as const;
    for (const [key, [name, help]] of Object.entries(gauges) as Array<[keyof typeof gauges, readonly [string, string]]>) {
      new Gauge({
        name,
        help,
        registers: [registry],
        collect() {
          this.set(poolStats()[key]);
        },
      });
    }
  }
  if (openSockets) {
    new Gauge({
      name: 'socketio_connected_clients',
      help: 'Chat sockets open on this instance.',
      registers: [registry],
      collect() {
        this.set(openSockets());
      },
    });
  }
  if (jobStats) {
    // The registry collects every metric at once, so the three gauges share one read of the queue
    // per scrape. A failed read is logged and leaves them empty rather than failing the scrape.
    let reading: Promise<JobQueueStats[]> | undefined;
    const readJobStats = () =>
      (reading ??= jobStats()
        .catch((error: unknown) => {
          app.log.warn({ err: error }, 'metrics: reading the job queue failed');
          return [];
        })
        .finally(() => {
          reading = undefined;
        }));
    const gauges = {
      queued: ['job_queue_queued_jobs', 'Jobs waiting to run, by queue.'],
      active: ['job_queue_active_jobs', 'Jobs running now, by queue.'],
      failed: ['job_queue_failed_jobs', 'Jobs that failed for good, by queue.'],
    } as const;
    for (const [key, [name, help]] of Object.entries(gauges) as Array<[keyof typeof gauges, readonly [string, string]]>) {
      new Gauge({
        name,
        help,
        labelNames: ['queue'] as const,
        registers: [registry],
        async collect() {
          const queues = await readJobStats();
          // Emptied first, so a queue that is gone disappears.
          this.reset();
          for (const stats of queues) this.set({ queue: stats.queue }, stats[key]);
        },
      });
    }
  }

  const expected = options.token === undefined ? undefined : digest(options.token);
  const isAllowed = (authorization: string | undefined) => {
    if (!expected) return true;
    const given = /^Bearer (.+)$/i.exec(authorization ?? '')?.[1];
    return given !== undefined && timingSafeEqual(digest(given), expected);
  };

  // Scrapes that arrive together share one rendering (the text is ≈ 280 KB): a flood costs one at a time.
  let rendering: Promise<string> | null = null;
  const metricsText = () => {
    if (rendering) return rendering;
    const text = Promise.all([registry.metrics(), processRegistry.metrics()])
      .then(([own, process]) => own + process)
      .finally(() => {
        if (rendering === text) rendering = null;
      });
    rendering = text;
    return text;
  };

  // Public as far as the route's access goes: with METRICS_TOKEN set it asks for that bearer token itself (metrics.test.ts).
  app.get('/metrics', { config: { access: PUBLIC, requestLimit: METRICS_SCRAPE }, schema: { hide: true } }, async (request, reply) => {
    if (!isAllowed(request.headers.authorization)) {
      throw new HttpError(
        401,
        'The metrics need a valid bearer token',
        { code: API_ERROR_CODES.unauthorized },
        { 'www-authenticate': 'Bearer realm="metrics"' },
      );
    }
    const text = await metricsText();
    return reply.header('cache-control', 'no-store').type(registry.contentType).send(text);
  });
}

export default fp(metricsPlugin, { name: 'metrics' });
