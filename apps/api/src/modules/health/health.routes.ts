import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

const healthSchema = z.object({ status: z.enum(['ok', 'unavailable']), database: z.enum(['up', 'down']) });

/** For load balancers and `npm start` smoke checks: 200 only while the database answers. */
export const healthRoutes: FastifyPluginAsyncZod<{ pingDatabase: () => Promise<void> }> = async (app, { pingDatabase }) => {
  app.get(
    '/',
    { schema: { tags: ['health'], summary: 'Liveness and database reachability', response: { 200: healthSchema, 503: healthSchema } } },
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
};
