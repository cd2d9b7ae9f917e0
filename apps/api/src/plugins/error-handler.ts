import type { FastifyError, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { HttpError } from '../lib/http-errors';

/** `/password` → `password`, `/address/line1` → `address.line1`. */
function fieldPathOf(instancePath: string | undefined, missingProperty?: unknown): string {
  const path = (instancePath ?? '').replace(/^\//, '').replaceAll('/', '.');
  if (typeof missingProperty === 'string') return path ? `${path}.${missingProperty}` : missingProperty;
  return path;
}

/**
 * Every error leaves as JSON `{ error, ... }` with the right status; a 5xx never shows a stack
 * trace or internal message to the client (it is logged instead).
 */
/** True when a string anywhere in a parsed body or query holds a NUL character (PostgreSQL text cannot). */
function holdsNul(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return value.includes('\u0000');
  if (depth > 64 || value === null || typeof value !== 'object' || Buffer.isBuffer(value)) return false;
  if (Array.isArray(value)) return value.some((entry) => holdsNul(entry, depth + 1));
  return Object.entries(value).some(([key, entry]) => key.includes('\u0000') || holdsNul(entry, depth + 1));
}

const NUL_MESSAGE = 'Text must not contain NUL characters';

/** The database's own refusals of bad text, answered as the client's mistake rather than a 500. */
function isBadTextError(error: unknown): boolean {
  const code = (error as { code?: string }).code ?? (error as { cause?: { code?: string } }).cause?.code;
  return code === '22021' || code === '22P05';
}

async function errorHandlerPlugin(app: FastifyInstance) {
  // Before validation, so no route ever sends a NUL byte to PostgreSQL (issue #8 fuzzing).
  app.addHook('preValidation', async (request) => {
    if (holdsNul(request.query) || holdsNul(request.body) || holdsNul(request.params)) throw new HttpError(400, NUL_MESSAGE);
  });

  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (isBadTextError(error)) return reply.code(400).send({ error: NUL_MESSAGE });
    if (error instanceof HttpError) {
      if (error.statusCode >= 500) request.log.error({ err: error }, error.message);
      return reply.code(error.statusCode).headers(error.headers).send({ error: error.message, ...error.details });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const issues = error.validation.map((issue) => ({
        path: fieldPathOf(issue.instancePath, (issue.params as { missingProperty?: unknown } | undefined)?.missingProperty),
        message: issue.message ?? 'Invalid value',
      }));
      const first = issues[0];
      const summary = first ? (first.path ? `${first.path}: ${first.message}` : first.message) : 'Invalid request';
      return reply.code(400).send({ error: `Invalid request — ${summary}`, issues });
    }
    if (isResponseSerializationError(error)) {
      request.log.error({ err: error, issues: error.cause.issues }, 'response did not match its schema');
      return reply.code(500).send({ error: 'Internal server error' });
    }
    switch (error.code) {
      case 'FST_ERR_CTP_INVALID_JSON_BODY':
      case 'FST_ERR_CTP_EMPTY_JSON_BODY':
        return reply.code(400).send({ error: 'The request body is not valid JSON' });
      case 'FST_ERR_CTP_BODY_TOO_LARGE':
        return reply.code(413).send({ error: 'The request body is too large' });
      case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
        return reply.code(415).send({ error: 'Unsupported content type' });
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      return reply.code(status).send({ error: error.message });
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.code(500).send({ error: 'Internal server error' });
  });
}

export default fp(errorHandlerPlugin, { name: 'error-handler' });
