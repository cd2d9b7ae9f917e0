import { describe, expect, it } from 'vitest';
import { apiErrorMessage, describeApiError, GENERIC_ERROR_MESSAGE, NETWORK_ERROR_MESSAGE } from './api-error';

describe('describeApiError', () => {
  it('reads the status, code, sentence, field messages and details of a refusal', () => {
    const error = {
      status: 400,
      data: {
        error: 'Invalid request — email: Enter a valid email',
        code: 'validation_failed',
        issues: [
          { path: 'email', message: 'Enter a valid email' },
          { path: 'email', message: 'A second message for the same field' },
          { path: 'address.city', message: 'Enter a city' },
          { path: '', message: 'A rule on the whole body' },
        ],
      },
    };
    expect(describeApiError(error)).toEqual({
      status: 400,
      code: 'validation_failed',
      message: 'Invalid request — email: Enter a valid email',
      serverMessage: 'Invalid request — email: Enter a valid email',
      fieldErrors: { email: 'Enter a valid email', 'address.city': 'Enter a city' },
      isNetworkError: false,
      body: error.data,
    });
  });

  it('keeps the details a refusal adds', () => {
    const details = describeApiError({ status: 429, data: { error: 'Too many failed login attempts.', code: 'rate_limited', retryAfterSeconds: 60 } });
    expect(details.code).toBe('rate_limited');
    expect(details.body.retryAfterSeconds).toBe(60);
  });

  it('names a refusal without a code by its status', () => {
    expect(describeApiError({ status: 404, data: { error: 'Listing not found' } })).toMatchObject({ code: 'not_found', message: 'Listing not found' });
    expect(describeApiError({ status: 409, data: { error: 'Taken', code: '' } }).code).toBe('conflict');
    expect(describeApiError({ status: 502, data: '<html>Bad gateway</html>' })).toMatchObject({
      status: 502,
      code: 'bad_gateway',
      message: GENERIC_ERROR_MESSAGE,
      serverMessage: null,
    });
  });

  it('says so when the server was not reached', () => {
    for (const status of ['FETCH_ERROR', 'TIMEOUT_ERROR']) {
      expect(describeApiError({ status, error: 'TypeError: Failed to fetch' })).toEqual({
        status: null,
        code: null,
        message: NETWORK_ERROR_MESSAGE,
        serverMessage: null,
        fieldErrors: {},
        isNetworkError: true,
        body: {},
      });
    }
  });

  it('answers something readable for anything else', () => {
    for (const error of [undefined, null, 'boom', new Error('boom'), { status: 'PARSING_ERROR', data: 'not json' }, { status: 500, data: { error: '   ' } }]) {
      const details = describeApiError(error);
      expect(details.message).toBe(GENERIC_ERROR_MESSAGE);
      expect(details.serverMessage).toBeNull();
      expect(details.isNetworkError).toBe(false);
    }
  });
});

describe('apiErrorMessage', () => {
  it("is the server's sentence, or the screen's own text", () => {
    expect(apiErrorMessage({ status: 409, data: { error: 'Already paid', code: 'conflict' } }, 'Failed to create payout')).toBe('Already paid');
    expect(apiErrorMessage({ status: 500, data: {} }, 'Failed to create payout')).toBe('Failed to create payout');
    expect(apiErrorMessage({ status: 'FETCH_ERROR', error: 'offline' }, 'Failed to create payout')).toBe('Failed to create payout');
  });
});
