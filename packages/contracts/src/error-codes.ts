// The vocabulary of the API's refusals, without zod: the web's first load reads it (lib/api-error.ts).

/**
 * The codes of the API's refusals that any call can give. A module adds its own, more precise ones
 * beside its messages (e.g. `void_period_expired` in @marketplace/domain/shipment-rules). A client
 * tells failures apart by `code` and never by the English of `error` (docs/product/errors.md).
 */
export const API_ERROR_CODES = {
  /** The request is wrong in a way no more specific code names. */
  badRequest: 'bad_request',
  /** The body, query or path failed its schema; `issues` says where. */
  validationFailed: 'validation_failed',
  /** The body is not JSON (or is empty where JSON was announced). */
  invalidJson: 'invalid_json',
  /** A text holds a character the database cannot store (NUL). */
  invalidText: 'invalid_text',
  /** No token, or one that is invalid or expired. */
  unauthorized: 'unauthorized',
  paymentRequired: 'payment_required',
  /** Signed in, but this role or user may not do this. */
  forbidden: 'forbidden',
  notFound: 'not_found',
  methodNotAllowed: 'method_not_allowed',
  /** The thing is in a state that does not allow this (or a duplicate). */
  conflict: 'conflict',
  gone: 'gone',
  payloadTooLarge: 'payload_too_large',
  unsupportedMediaType: 'unsupported_media_type',
  unprocessable: 'unprocessable',
  /** Too many attempts; `retryAfterSeconds` says how long to wait when known. */
  rateLimited: 'rate_limited',
  /** Something failed on the server; nothing about it is shown. */
  internal: 'internal',
  /** An outside service (carrier, payment provider) did not answer usably. */
  badGateway: 'bad_gateway',
  unavailable: 'unavailable',
} as const;
export type ApiErrorCode = (typeof API_ERROR_CODES)[keyof typeof API_ERROR_CODES];

const CODE_BY_STATUS: Readonly<Record<number, ApiErrorCode>> = {
  400: API_ERROR_CODES.badRequest,
  401: API_ERROR_CODES.unauthorized,
  402: API_ERROR_CODES.paymentRequired,
  403: API_ERROR_CODES.forbidden,
  404: API_ERROR_CODES.notFound,
  405: API_ERROR_CODES.methodNotAllowed,
  409: API_ERROR_CODES.conflict,
  410: API_ERROR_CODES.gone,
  413: API_ERROR_CODES.payloadTooLarge,
  415: API_ERROR_CODES.unsupportedMediaType,
  422: API_ERROR_CODES.unprocessable,
  429: API_ERROR_CODES.rateLimited,
  502: API_ERROR_CODES.badGateway,
  503: API_ERROR_CODES.unavailable,
  504: API_ERROR_CODES.badGateway,
};

/** The code of a refusal that names none of its own: by its HTTP status (any other 4xx is `bad_request`, 5xx `internal`). */
export function defaultErrorCodeFor(status: number): ApiErrorCode {
  return CODE_BY_STATUS[status] ?? (status >= 500 ? API_ERROR_CODES.internal : API_ERROR_CODES.badRequest);
}
