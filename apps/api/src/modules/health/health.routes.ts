import { API_ERROR_CODES } from '@marketplace/contracts/error-codes';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { PUBLIC } from '../../plugins/route-access';
import { unlimited } from '../../security/rate-limits';

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
 * Public and never limited: the load balancer and the monitoring must always get an answer.
 */
export const healthRoutes: FastifyPluginAsyncZod<HealthOptions> = async (app, { pingDatabase, readinessChecks = {}, isDraining = () => false }) => {
  app.get(
    '/',
    {
      config: { access: PUBLIC, requestLimit: unlimited('health checks') },
      schema: { tags: ['health'], summary: 'Liveness and database reachability', response: { 200: healthSchema, 503: healthSchema } },
    },
    async (request, reply) => {
      try {
        await pingDatabase();
        return { status: 'ok' as const, database: 'up' as const };
      } catch (error) {
        request.log.error({ err: error }, 'health check: database unreachable');
        return reply.code(503).send({ status: 'unavailable', database: 'down' });
      }
    },
  );

  app.get(
    '/live',
    {
      config: { access: PUBLIC, requestLimit: unlimited('liveness probe') },
      schema: { tags: ['health'], summary: 'Liveness: the process answers', response: { 200: liveSchema } },
    },
    async () => ({ status: 'ok' as const }),
  );

  app.get(
    '/ready',
    {
      config: { access: PUBLIC, requestLimit: unlimited('readiness probe') },
      schema: {
        tags: ['health'],
        summary: 'Readiness: database, Redis and object storage answer, and no shutdown has begun',
        response: { 200: readySchema, 503: readySchema },
      },
    },
    async (request, reply) => {
      const checks = { database: pingDatabase, ...readinessChecks };
      if (isDraining()) {
        return reply.code(503).send({ status: 'draining', checks: {}, error: 'Shutting down', code: API_ERROR_CODES.unavailable });
      }
      const names = Object.keys(checks);
      const outcomes = await Promise.allSettled(names.map((name) => withinTimeout(checks[name as keyof typeof checks]!)));
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
