import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { afterEach, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../../test/helper';
import { healthRoutes, READINESS_CHECK_TIMEOUT_MS, type HealthOptions } from './health.routes';

const up = async () => undefined;
const down = async () => {
  throw new Error('connection refused');
};

let app: FastifyInstance | undefined;
afterEach(async () => {
  await app?.close();
  app = undefined;
});

async function healthApp(options: HealthOptions): Promise<FastifyInstance> {
  app = Fastify({ logger: false });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  await app.register(healthRoutes, { prefix: '/api/health', ...options });
  return app;
}

describe('GET /api/health/live', () => {
  it('answers 200 while the process runs, whatever its services say', async () => {
    const health = await healthApp({ pingDatabase: down, readinessChecks: { redis: down }, isDraining: () => true });
    const response = await health.inject({ method: 'GET', url: '/api/health/live' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok' });
  });
});

describe('GET /api/health/ready', () => {
  it('answers 200 naming every check when all answer', async () => {
    const health = await healthApp({ pingDatabase: up, readinessChecks: { redis: up, files: up } });
    const response = await health.inject({ method: 'GET', url: '/api/health/ready' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ready', checks: { database: 'up', redis: 'up', files: 'up' } });
  });

  it('answers 503 naming the check that failed, as { error, code }', async () => {
    const health = await healthApp({ pingDatabase: up, readinessChecks: { redis: down, files: up } });
    const response = await health.inject({ method: 'GET', url: '/api/health/ready' });
    expect(response.statusCode).toBe(503);
    expect(response.json()).toEqual({
      status: 'unavailable',
      checks: { database: 'up', redis: 'down', files: 'up' },
      error: 'Not ready: redis did not answer',
      code: 'unavailable',
    });
  });

  it('counts a check that hangs as down after the timeout', async () => {
    const health = await healthApp({ pingDatabase: () => new Promise<void>(() => undefined) });
    const started = Date.now();
    const response = await health.inject({ method: 'GET', url: '/api/health/ready' });
    expect(response.statusCode).toBe(503);
    expect(response.json().checks).toEqual({ database: 'down' });
    expect(Date.now() - started).toBeGreaterThanOrEqual(READINESS_CHECK_TIMEOUT_MS - 50);
  });

  it('answers 503 once a shutdown has begun, though every service answers', async () => {
    let isDraining = false;
    const health = await healthApp({ pingDatabase: up, isDraining: () => isDraining });
    expect((await health.inject({ method: 'GET', url: '/api/health/ready' })).statusCode).toBe(200);
    isDraining = true;
    const response = await health.inject({ method: 'GET', url: '/api/health/ready' });
    expect(response.statusCode).toBe(503);
    expect(response.json()).toMatchObject({ status: 'draining', code: 'unavailable' });
    // The old endpoint keeps answering as before.
    expect((await health.inject({ method: 'GET', url: '/api/health' })).json()).toEqual({ status: 'ok', database: 'up' });
  });
});

describe('readiness in the whole app', () => {
  it('pings the real database, and Redis when REDIS_URL is set', async () => {
    const redisUrl = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
    const withRedis = await buildTestApp({ environment: { REDIS_URL: redisUrl, REDIS_KEY_PREFIX: `health-${process.pid}` } }).catch(() => null);
    const testApp = withRedis ?? (await buildTestApp());
    try {
      const response = await testApp.app.inject({ method: 'GET', url: '/api/health/ready' });
      expect(response.statusCode).toBe(200);
      expect(response.json().checks).toEqual(withRedis ? { database: 'up', redis: 'up' } : { database: 'up' });
    } finally {
      await testApp.close();
    }
  });
});

describe('a flood of probes', () => {
  it('shares one round of checks among the probes that arrive together, and starts a new one after it', async () => {
    let pings = 0;
    const waiting: Array<() => void> = [];
    const release = () => waiting.splice(0).forEach((resolve) => resolve());
    const slowDatabase = () => {
      pings += 1;
      return new Promise<void>((resolve) => waiting.push(resolve));
    };
    const health = await healthApp({ pingDatabase: slowDatabase, readinessChecks: {} });
    const probes = Array.from({ length: 20 }, (_, index) => health.inject({ method: 'GET', url: index % 2 === 0 ? '/api/health/ready' : '/api/health/' }));
    // Both routes have asked once, and every other probe waits on those rounds.
    await expect.poll(() => pings).toBe(2);
    release();
    const answers = await Promise.all(probes);
    expect(answers.map((answer) => answer.statusCode)).toEqual(Array(20).fill(200));
    expect(pings).toBe(2);

    // A later probe is a new round: a database that went down is seen at once.
    const next = health.inject({ method: 'GET', url: '/api/health/' });
    await expect.poll(() => pings).toBe(3);
    release();
    expect((await next).statusCode).toBe(200);
  });
});
