import type { ErrorResponse } from '@marketplace/contracts/common';

export interface ApiErrorDetails {
  status: number | null;
  message: string;
  /** Field name → the server's message for it (validation failures only). */
  fieldErrors: Record<string, string>;
}

const NETWORK_MESSAGE = 'We could not reach Marketplace. Check your connection and try again.';
const FALLBACK_MESSAGE = 'Something went wrong. Please try again.';

function isErrorResponse(value: unknown): value is ErrorResponse {
  return typeof value === 'object' && value !== null && typeof (value as { error?: unknown }).error === 'string';
}

/** Turns whatever an RTK Query call rejected with into text a person can read. */
export function describeApiError(error: unknown): ApiErrorDetails {
  if (typeof error !== 'object' || error === null || !('status' in error)) {
    return { status: null, message: FALLBACK_MESSAGE, fieldErrors: {} };
  }
  const { status, data } = error as { status: unknown; data?: unknown };
  if (status === 'FETCH_ERROR' || status === 'TIMEOUT_ERROR') {
    return { status: null, message: NETWORK_MESSAGE, fieldErrors: {} };
  }
  const httpStatus = typeof status === 'number' ? status : null;
  if (!isErrorResponse(data)) return { status: httpStatus, message: FALLBACK_MESSAGE, fieldErrors: {} };

  const fieldErrors: Record<string, string> = {};
  for (const issue of data.issues ?? []) {
    if (issue.path && !(issue.path in fieldErrors)) fieldErrors[issue.path] = issue.message;
  }
  return { status: httpStatus, message: data.error, fieldErrors };
}
