import { API_ERROR_CODES, defaultErrorCodeFor } from '@marketplace/contracts/error-codes';

/**
 * What an `HttpError` adds to its answer besides `error`: `code` (the machine-readable reason; by
 * default the status's, e.g. 404 → `not_found`) and any documented details (`issues`, `field`,
 * `retryAfterSeconds`…), which the client receives as they are.
 */
export type HttpErrorDetails = { code?: string } & Record<string, unknown>;

/** A 400 that lists `issues` is input checked by hand (a multipart form): a validation failure like any other. */
function defaultCodeOf(statusCode: number, details: Record<string, unknown>): string {
  if (statusCode === 400 && Array.isArray(details.issues)) return API_ERROR_CODES.validationFailed;
  return defaultErrorCodeFor(statusCode);
}

/** The body of every refusal: `{ error, code, ...details }` (docs/product/errors.md). */
export type HttpErrorBody = { error: string; code: string } & Record<string, unknown>;

/**
 * An error a service throws to answer with a given status; the error handler turns it into
 * `{ error, code, ...details }`. Anything else that escapes becomes a 500 with no internals shown.
 */
export class HttpError extends Error {
  /** The machine-readable reason a client branches on (never on the wording of `message`). */
  readonly code: string;
  readonly details: Record<string, unknown>;

  constructor(
    readonly statusCode: number,
    message: string,
    details: HttpErrorDetails = {},
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
    this.name = 'HttpError';
    // `error` and `code` are the answer's own fields; details cannot overwrite them.
    const { code, error: _message, ...rest } = details;
    this.code = typeof code === 'string' && code !== '' ? code : defaultCodeOf(statusCode, rest);
    this.details = rest;
  }

  /** The JSON answer. */
  toBody(): HttpErrorBody {
    return { error: this.message, code: this.code, ...this.details };
  }
}

export const badRequest = (message: string, details?: HttpErrorDetails) => new HttpError(400, message, details);
export const unauthorized = (message = 'Authentication required', details?: HttpErrorDetails) => new HttpError(401, message, details);
export const forbidden = (message = 'You do not have access to this resource', details?: HttpErrorDetails) => new HttpError(403, message, details);
export const notFound = (message = 'Not found', details?: HttpErrorDetails) => new HttpError(404, message, details);
export const conflict = (message: string, details?: HttpErrorDetails) => new HttpError(409, message, details);
