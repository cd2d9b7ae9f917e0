import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/** The header the load balancer sets, and every answer carries back. */
export const REQUEST_ID_HEADER = 'x-request-id';

/** Visible ASCII only (no spaces or control characters that could forge a log line), at most 128. */
const SANE_REQUEST_ID = /^[\x21-\x7e]{1,128}$/;

/**
 * Fastify's `genReqId`: the load balancer's `X-Request-Id` when it is sane, otherwise a new UUID.
 * Fastify puts it in every log line of the request (`reqId`), so one id follows a request from the
 * load balancer's log through ours.
 */
export function requestIdOf(request: Pick<IncomingMessage, 'headers'>): string {
  const given = request.headers[REQUEST_ID_HEADER];
  return typeof given === 'string' && SANE_REQUEST_ID.test(given) ? given : randomUUID();
}

/** Echoes the request id on every answer; set first thing, so error answers and 404s carry it too. */
async function requestIdPlugin(app: FastifyInstance) {
  app.addHook('onRequest', (request, reply, done) => {
    reply.header(REQUEST_ID_HEADER, request.id);
    done();
  });
}

export default fp(requestIdPlugin, { name: 'request-id' });
