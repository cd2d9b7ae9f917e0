import { defaultErrorCodeFor } from '@marketplace/contracts/error-codes';

/**
 * The one way the web app reads a failed API call. Every refusal of the API is JSON
 * `{ error, code, ...details }` (docs/product/errors.md): a screen branches on `code` (or `status`),
 * shows its own wording for the codes its feature names, and otherwise the server's sentence.
 */
export interface ApiErrorDetails {
  /** The HTTP status, or null when no answer came (network failure, timeout) or the error is not a call's. */
  status: number | null;
  /**
   * Why the call was refused, for the program: the answer's `code` (`validation_failed`,
   * `void_period_expired`…), or the status's (`not_found`) when the answer names none; null without an answer.
   */
  code: string | null;
  /** Text ready to show: the server's sentence, else a generic one (a network one when no answer came). */
  message: string;
  /** The server's own sentence, or null when it sent none, for screens that fall back to a text of their own. */
  serverMessage: string | null;
  /** Field name → the server's message for it (validation failures only). */
  fieldErrors: Record<string, string>;
  /** True when the server was not reached (or did not answer in time). */
  isNetworkError: boolean;
  /** The answer's JSON body (its details: `items`, `retryAfterSeconds`, `field`…), or {} without one. */
  body: Readonly<Record<string, unknown>>;
}

export const NETWORK_ERROR_MESSAGE = 'We could not reach Marketplace. Check your connection and try again.';
export const GENERIC_ERROR_MESSAGE = 'Something went wrong. Please try again.';

/** What RTK Query's fetchBaseQuery rejects with; anything else (a thrown Error) has no status. */
interface QueryError {
  status: unknown;
  data?: unknown;
}

function isQueryError(error: unknown): error is QueryError {
  return typeof error === 'object' && error !== null && 'status' in error;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function nonEmptyText(value: unknown): string | null {
  return typeof value === 'string' && value.trim() !== '' ? value : null;
}

function fieldErrorsOf(issues: unknown): Record<string, string> {
  const fieldErrors: Record<string, string> = {};
  if (!Array.isArray(issues)) return fieldErrors;
  for (const issue of issues) {
    if (!isRecord(issue)) continue;
    const { path, message } = issue;
    if (typeof path === 'string' && path && typeof message === 'string' && !(path in fieldErrors)) fieldErrors[path] = message;
  }
  return fieldErrors;
}

/** Reads whatever an RTK Query call rejected with (a `result.error`, or what `.unwrap()` threw). */
export function describeApiError(error: unknown): ApiErrorDetails {
  const none = { serverMessage: null, fieldErrors: {}, body: {} };
  if (!isQueryError(error)) return { status: null, code: null, message: GENERIC_ERROR_MESSAGE, isNetworkError: false, ...none };
  const { status, data } = error;
  if (status === 'FETCH_ERROR' || status === 'TIMEOUT_ERROR') {
    return { status: null, code: null, message: NETWORK_ERROR_MESSAGE, isNetworkError: true, ...none };
  }
  const httpStatus = typeof status === 'number' ? status : null;
  const body = isRecord(data) ? data : {};
  const serverMessage = nonEmptyText(body.error);
  const code = nonEmptyText(body.code) ?? (httpStatus === null ? null : defaultErrorCodeFor(httpStatus));
  return {
    status: httpStatus,
    code,
    message: serverMessage ?? GENERIC_ERROR_MESSAGE,
    serverMessage,
    fieldErrors: fieldErrorsOf(body.issues),
    isNetworkError: false,
    body,
  };
}

/** The server's sentence for a failed call, or `fallback` (the screen's own text) when it sent none. */
export function apiErrorMessage(error: unknown, fallback: string): string {
  return describeApiError(error).serverMessage ?? fallback;
}
