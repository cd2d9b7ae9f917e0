import { describeApiError } from '../../../../lib/api-error';

// docs/product/payouts.md, errors.md texts, word for word.
export const CREATE_ACCOUNT_SUCCESS = 'Express account created successfully! Please complete the onboarding process.';
export const CREATE_ACCOUNT_FAILED = 'Failed to create Express account';
export const ONBOARDING_LINK_FAILED = 'Failed to generate onboarding link';
export const DASHBOARD_LINK_FAILED = 'Failed to generate dashboard link';
export const NETWORK_ERROR = 'Network error. Please try again.';
export const REFRESH_SUCCESS = 'Account status updated successfully!';
export const REFRESH_FAILED = 'Failed to refresh account status';
export const STEP_2_LOCKED = 'Complete Step 1 first to proceed';
export const STEP_3_WAITING = 'Complete onboarding to enable payouts';
export const STEP_3_READY = 'Your account is ready to receive payouts!';

/** docs/product/payouts.md, limits.md: the overlay's messages, one every 2 seconds, in this order. */
export const LOADING_MESSAGES = [
  'Loading Please wait...',
  'Fetching data...',
  'Processing request...',
  'Almost there...',
  'Preparing content...',
  'Just a moment...',
  'Getting things ready...',
] as const;
export const LOADING_MESSAGE_MS = 2000;

/** The server's error, else the fallback; no answer at all reads as a network error (docs/product/errors.md). */
export function connectErrorMessage(error: unknown, fallback: string): string {
  const { isNetworkError, serverMessage } = describeApiError(error);
  if (isNetworkError) return NETWORK_ERROR;
  return serverMessage ?? fallback;
}
