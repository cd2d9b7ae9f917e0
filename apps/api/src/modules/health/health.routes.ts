import { API_ERROR_CODES } from '@marketplace/contracts/error-codes';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { PUBLIC } from '../../plugins/route-access';
import { PROBE } from '../../security/rate-limits';

const healthSchema = z.object({ status: z.enum(['ok', 'unavailable']), database: z.enum(['up', 'down']) });
const liveSchema = z.object({ status: z.literal('ok') });
const checkResult = z.enum(['up', 'down']);
const readySchema = z.object({
  status: z.enum(['ready', 'unavailable', 'draining']),
  checks: z.record(z.string(), checkResult),
  error: z.string().optional(),
  code: z.literal(API_ERROR_CODES.unavailable).optional(),
});

/** A check that has not answered by then counts as down: a probe must answer quickly. */
export const READINESS_CHECK_TIMEOUT_MS = 2_000;

export interface HealthOptions {
  pingDatabase: () => Promise<void>;
  /** Readiness checks besides the database, by name (`redis`, `files`): each pings its service. */
  readinessChecks?: Record<string, () => Promise<void>>;
  /** True once a shutdown has begun: readiness answers 503 so load balancers stop sending traffic. */
  isDraining?: () => boolean;
}

/**
 * `run`, shared: every call while a round is under way gets that round's outcome instead of starting another,
 * so probes that arrive together cost one round of checks.
 */
export function sharedWhileRunning<Result>(run: () => Promise<Result>): () => Promise<Result> {
  let running: Promise<Result> | null = null;
  return () => {
    if (running) return running;
    const round = run().finally(() => {
      if (running === round) running = null;
    });
    running = round;
    return round;
  };
}

function withinTimeout(check: () => Promise<void>): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  return Promise.race([
    check(),
    new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`no answer within ${READINESS_CHECK_TIMEOUT_MS} ms`)), READINESS_CHECK_TIMEOUT_MS);
    }),
  ]).finally(() => clearTimeout(timer));
}

/**
 * `/api/health` (200 while the database answers; what it has always been), `/live` (the process
 * answers: restart it when this fails) and `/ready` (send it traffic: database, Redis and object
 * storage answer and no shutdown has begun). docs/operations.md says which probe to use where.
 * Public, and limited per address generously (PROBE: far above any load balancer's rate); probes that
 * arrive together share one round of checks, so a flood of probes cannot queue work on the database.
 */
export const healthRoutes: FastifyPluginAsyncZod<HealthOptions> = async (app, { pingDatabase, readinessChecks = {}, isDraining = () => false }) => {
  const databaseUp = sharedWhileRunning(() =>
    pingDatabase().then(
      () => ({ up: true as const }),
      (error: unknown) => ({ up: false as const, error }),
    ),
  );
  const checks = { database: pingDatabase, ...readinessChecks };
  const names = Object.keys(checks);
  const readiness = sharedWhileRunning(() => Promise.allSettled(names.map((name) => withinTimeout(checks[name as keyof typeof checks]!))));

  app.get(
    '/',
    {
      config: { access: PUBLIC, requestLimit: PROBE },
      schema: { tags: ['health'], summary: 'Liveness and database reachability', response: { 200: healthSchema, 503: healthSchema } },
    },
    async (request, reply) => {
      const database = await databaseUp();
      if (database.up) return { status: 'ok' as const, database: 'up' as const };
      request.log.error({ err: database.error }, 'health check: database unreachable');
      return reply.code(503).send({ status: 'unavailable', database: 'down' });
    },
  );

  app.get(
    '/live',
    {
      config: { access: PUBLIC, requestLimit: PROBE },
      schema: { tags: ['health'], summary: 'Liveness: the process answers', response: { 200: liveSchema } },
    },
    async () => ({ status: 'ok' as const }),
  );

  app.get(
    '/ready',
    {
      config: { access: PUBLIC, requestLimit: PROBE },
      schema: {
        tags: ['health'],
        summary: 'Readiness: database, Redis and object storage answer, and no shutdown has begun',
        response: { 200: readySchema, 503: readySchema },
      },
    },
    async (request, reply) => {
      if (isDraining()) {
        return reply.code(503).send({ status: 'draining', checks: {}, error: 'Shutting down', code: API_ERROR_CODES.unavailable });
      }
      const outcomes = await readiness();
      const results: Record<string, 'up' | 'down'> = {};
      const failed: string[] = [];
      outcomes.forEach((outcome, index) => {
        const name = names[index]!;
        results[name] = outcome.status === 'fulfilled' ? 'up' : 'down';
        if (outcome.status === 'rejected') {
          failed.push(name);
          request.log.error({ err: outcome.reason, check: name }, `readiness check failed: ${name}`);
        }
      });
      if (failed.length > 0) {
        return reply
          .code(503)
          .send({ status: 'unavailable', checks: results, error: `Not ready: ${failed.join(', ')} did not answer`, code: API_ERROR_CODES.unavailable });
      }
      return { status: 'ready' as const, checks: results };
    },
  );
};
