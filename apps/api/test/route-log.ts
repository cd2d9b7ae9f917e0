import type * as FastifyModule from 'fastify';
import type { FastifyInstance, RouteOptions } from 'fastify';

/**
 * The `fastify` module with every instance it creates recording its routes into `registered` (an
 * onRoute hook added the moment buildApp creates the instance, before any module registers a route).
 * For `vi.mock('fastify', …)` in the security tests, which need the app's whole route table.
 */
export function fastifyWithRouteLog(original: typeof FastifyModule, registered: RouteOptions[]) {
  const create = original.default as unknown as (...args: unknown[]) => FastifyInstance;
  const withRouteLog = (...args: unknown[]) => {
    const app = create(...args);
    app.addHook('onRoute', (route) => {
      registered.push(route);
    });
    return app;
  };
  return { ...original, default: withRouteLog, fastify: withRouteLog };
}
