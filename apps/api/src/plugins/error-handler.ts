import type { FastifyBaseLogger, FastifyError, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { API_ERROR_CODES, defaultErrorCodeFor } from '@marketplace/contracts/error-codes';
import { HttpError, type HttpErrorBody } from '../lib/http-errors';

/** `/password` → `password`, `/address/line1` → `address.line1`. */
function fieldPathOf(instancePath: string | undefined, missingProperty?: unknown): string {
  const path = (instancePath ?? '').replace(/^\//, '').replaceAll('/', '.');
  if (typeof missingProperty === 'string') return path ? `${path}.${missingProperty}` : missingProperty;
  return path;
}

/** True when a string anywhere in a parsed body or query holds a NUL character (PostgreSQL text cannot). */
function holdsNul(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return value.includes('\u0000');
  if (depth > 64 || value === null || typeof value !== 'object' || Buffer.isBuffer(value)) return false;
  if (Array.isArray(value)) return value.some((entry) => holdsNul(entry, depth + 1));
  return Object.entries(value).some(([key, entry]) => key.includes('\u0000') || holdsNul(entry, depth + 1));
}

const NUL_MESSAGE = 'Text must not contain NUL characters';
const INTERNAL_MESSAGE = 'Internal server error';

/** The database's own refusals of bad text, answered as the client's mistake rather than a 500. */
function isBadTextError(error: unknown): boolean {
  const code = (error as { code?: string }).code ?? (error as { cause?: { code?: string } }).cause?.code;
  return code === '22021' || code === '22P05';
}

/** What an error is answered with. */
export interface ErrorAnswer {
  status: number;
  body: HttpErrorBody;
  headers: Record<string, string>;
}

const answer = (status: number, error: string, code: string, details: Record<string, unknown> = {}): ErrorAnswer => ({
  status,
  body: { error, code, ...details },
  headers: {},
});

/**
 * The answer to any error: JSON `{ error, code, ...details }` with the right status. A 5xx never
 * shows a stack trace or an internal message to the client (it is logged instead). Exported so a
 * route whose contract adds fields to its refusals (the phone upload's `success` and `message`)
 * starts from the same answer.
 */
export function errorAnswerOf(error: FastifyError | Error, log: FastifyBaseLogger): ErrorAnswer {
  if (isBadTextError(error)) return answer(400, NUL_MESSAGE, API_ERROR_CODES.invalidText);
  if (error instanceof HttpError) {
    if (error.statusCode >= 500) log.error({ err: error }, error.message);
    return { status: error.statusCode, body: error.toBody(), headers: error.headers };
  }
  if (hasZodFastifySchemaValidationErrors(error)) {
    const issues = error.validation.map((issue) => ({
      path: fieldPathOf(issue.instancePath, (issue.params as { missingProperty?: unknown } | undefined)?.missingProperty),
      message: issue.message ?? 'Invalid value',
    }));
    const first = issues[0];
    const summary = first ? (first.path ? `${first.path}: ${first.message}` : first.message) : 'Invalid request';
    return answer(400, `Invalid request — ${summary}`, API_ERROR_CODES.validationFailed, { issues });
  }
  if (isResponseSerializationError(error)) {
    log.error({ err: error, issues: error.cause.issues }, 'response did not match its schema');
    return answer(500, INTERNAL_MESSAGE, API_ERROR_CODES.internal);
  }
  switch ((error as FastifyError).code) {
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return answer(400, 'The request body is not valid JSON', API_ERROR_CODES.invalidJson);
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return answer(413, 'The request body is too large', API_ERROR_CODES.payloadTooLarge);
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return answer(415, 'Unsupported content type', API_ERROR_CODES.unsupportedMediaType);
  }
  const status = (error as FastifyError).statusCode ?? 500;
  if (status >= 400 && status < 500) return answer(status, error.message, defaultErrorCodeFor(status));
  // A failed query's own error (PostgreSQL's message and code) is its cause: logged, so the operator sees why.
  const cause = (error as { cause?: unknown }).cause;
  log.error(
    { err: error, ...(cause instanceof Error ? { cause: { message: cause.message, code: (cause as { code?: unknown }).code } } : {}) },
    'unhandled error',
  );
  return answer(500, INTERNAL_MESSAGE, API_ERROR_CODES.internal);
}

async function errorHandlerPlugin(app: FastifyInstance) {
  // Before validation, so no route ever sends a NUL byte to PostgreSQL.
  app.addHook('preValidation', async (request) => {
    if (holdsNul(request.query) || holdsNul(request.body) || holdsNul(request.params)) {
      throw new HttpError(400, NUL_MESSAGE, { code: API_ERROR_CODES.invalidText });
    }
  });

  app.setErrorHandler((error: FastifyError, request, reply) => {
    const { status, body, headers } = errorAnswerOf(error, request.log);
    return reply.code(status).headers(headers).send(body);
  });
}

export default fp(errorHandlerPlugin, { name: 'error-handler' });
