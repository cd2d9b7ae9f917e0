import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/helper';

// Request ids: the load balancer's X-Request-Id is kept when sane (else a UUID is made), is the
// `reqId` of every log line of that request, and comes back on every answer, errors and 404s too.

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe('request ids', () => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await buildTestApp({
      beforeReady: (app) => {
        app.get('/api/test/log-and-explode', async (request) => {
          request.log.info('about to fail');
          throw new Error('boom');
        });
        app.get('/api/test/failed-query', async () => {
          throw new Error('Failed query: select 1', { cause: Object.assign(new Error('operator does not exist: text = text[]'), { code: '42883' }) });
        });
      },
    });
  });
  afterAll(async () => {
    await testApp?.close();
  });

  /** The parsed log lines that carry this request id. */
  const logLinesOf = (requestId: string) =>
    testApp.logs.map((line) => JSON.parse(line) as { reqId?: string; msg?: string }).filter((entry) => entry.reqId === requestId);

  it("keeps the load balancer's id: in the answer and in every log line of the request, the 500 and its logged error included", async () => {
    const requestId = 'lb-7f3a9c21-0001';
    const response = await testApp.app.inject({ method: 'GET', url: '/api/test/log-and-explode', headers: { 'x-request-id': requestId } });
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({ error: 'Internal server error', code: 'internal' });
    expect(response.headers['x-request-id']).toBe(requestId);
    const messages = logLinesOf(requestId).map((entry) => entry.msg);
    expect(messages).toEqual(expect.arrayContaining(['incoming request', 'about to fail', 'unhandled error', 'request completed']));
    // Every line logged while the request ran names it: none went out without a reqId.
    const duringRequest = testApp.logs
      .map((line) => JSON.parse(line) as { reqId?: string; msg?: string })
      .filter((entry) => entry.msg === 'about to fail' || entry.msg === 'unhandled error');
    expect(duringRequest.every((entry) => entry.reqId === requestId)).toBe(true);
  });

  it("logs a failed query's own error (PostgreSQL's message and code) with the 500, and tells the client nothing of it", async () => {
    const requestId = 'lb-7f3a9c21-0002';
    const response = await testApp.app.inject({ method: 'GET', url: '/api/test/failed-query', headers: { 'x-request-id': requestId } });
    expect(response.json()).toEqual({ error: 'Internal server error', code: 'internal' });
    const logged = logLinesOf(requestId).find((entry) => entry.msg === 'unhandled error') as { cause?: unknown } | undefined;
    expect(logged?.cause).toEqual({ message: 'operator does not exist: text = text[]', code: '42883' });
  });

  it('makes a new UUID when there is no header, a different one per request, and logs under it', async () => {
    const first = await testApp.app.inject({ method: 'GET', url: '/api/health' });
    const second = await testApp.app.inject({ method: 'GET', url: '/api/health' });
    const ids = [first.headers['x-request-id'], second.headers['x-request-id']];
    for (const id of ids) expect(id).toMatch(UUID);
    expect(ids[0]).not.toBe(ids[1]);
    expect(logLinesOf(String(ids[0])).map((entry) => entry.msg)).toEqual(['incoming request', 'request completed']);
  });

  it.each([
    ['too long', 'x'.repeat(129)],
    ['with spaces', 'abc def'],
    ['with a tab', 'abc\tdef'],
    ['empty', ''],
  ])('replaces an id that is %s with a UUID', async (_case, given) => {
    const response = await testApp.app.inject({ method: 'GET', url: '/api/health', headers: { 'x-request-id': given } });
    expect(response.headers['x-request-id']).toMatch(UUID);
    expect(testApp.logs.some((line) => given !== '' && line.includes(given))).toBe(false);
  });

  it('keeps an id of exactly 128 visible characters', async () => {
    const given = `${'a'.repeat(120)}-_.:/+=~`;
    const response = await testApp.app.inject({ method: 'GET', url: '/api/health', headers: { 'x-request-id': given } });
    expect(response.headers['x-request-id']).toBe(given);
  });

  it.each([
    ['a 404 of an unknown API path', { method: 'GET', url: '/api/no-such-thing/42' }, 404],
    ['a refused call (no token)', { method: 'GET', url: '/api/auth/me' }, 401],
    ['a validation error', { method: 'POST', url: '/api/auth/login', payload: { email: 'not-an-email' } }, 400],
    ['malformed JSON', { method: 'POST', url: '/api/auth/login', headers: { 'content-type': 'application/json' }, payload: '{"email": ' }, 400],
  ] as const)('answers %s with the request id', async (_case, request, status) => {
    const response = await testApp.app.inject({
      ...request,
      headers: { ...('headers' in request ? request.headers : {}), 'x-request-id': 'edge-abc-123' },
    } as never);
    expect(response.statusCode).toBe(status);
    expect(response.headers['x-request-id']).toBe('edge-abc-123');
    expect(response.json()).toMatchObject({ error: expect.any(String), code: expect.any(String) });
  });
});
