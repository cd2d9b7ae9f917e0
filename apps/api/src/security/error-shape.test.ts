import { randomUUID } from 'node:crypto';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorResponseSchema } from '@marketplace/contracts/common';
import { createUser, FACTORY_PASSWORD } from '../../test/factories';
import { createCategory, createProduct } from '../../test/factories-catalog';
import { buildTestApp, type TestApp } from '../../test/helper';
import { badRequest, HttpError } from '../lib/http-errors';

// Every refusal, whoever answers it (a route, the framework, the error handler), is JSON
// `{ error, code, ...details }`: a client tells failures apart by `code`, never by the wording.

let testApp: TestApp;
let buyerToken: string;
let sellerToken: string;
let productId: string;

const PNG_BYTES = Buffer.from(
  '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8cfc0f01f0005000201a5f5d6a60000000049454e44ae426082',
  'hex',
);

async function tokenOf(email: string): Promise<string> {
  const response = await testApp.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password: FACTORY_PASSWORD } });
  return response.json().token as string;
}

beforeAll(async () => {
  testApp = await buildTestApp({
    beforeReady: (app) => {
      app.get('/api/test/throws', async () => {
        throw new Error('secret internals');
      });
      app.get('/api/test/checked-by-hand', async () => {
        throw badRequest('Describe the problem', { issues: [{ path: 'description', message: 'Describe the problem' }] });
      });
      app.get('/api/test/refuses', async () => {
        throw new HttpError(409, 'Refused with details', { code: 'custom_reason', retryable: false, error: 'not this', extra: 1 });
      });
    },
  });
  const db = testApp.database.db;
  const buyer = await createUser(db, { role: 'buyer' });
  const seller = await createUser(db, { role: 'seller' });
  buyerToken = await tokenOf(buyer.email);
  sellerToken = await tokenOf(seller.email);
  productId = (await createProduct(db, { sellerId: seller.id, categoryId: (await createCategory(db)).id })).id;
});
afterAll(async () => {
  await testApp?.close();
});

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

function photos(count: number, bytes = PNG_BYTES): FormData {
  const form = new FormData();
  for (let index = 0; index < count; index += 1) form.append('files', new Blob([new Uint8Array(bytes)], { type: 'image/png' }), `photo-${index}.png`);
  return form;
}

/** The answer is a JSON refusal with this status and code, in the shared shape. */
function expectRefusal(response: LightMyRequestResponse, status: number, code: string) {
  expect(response.statusCode).toBe(status);
  expect(response.headers['content-type']).toMatch(/application\/json/);
  const body = response.json();
  expect(errorResponseSchema.safeParse(body).success).toBe(true);
  expect(body).toMatchObject({ error: expect.any(String), code });
  expect(body.error.length).toBeGreaterThan(0);
  return body as Record<string, unknown>;
}

describe('every error answer is { error, code }', () => {
  it('invalid input: validation_failed with the issues per field', async () => {
    const response = await testApp.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: 'not-an-email' } });
    const body = expectRefusal(response, 400, 'validation_failed');
    expect(body.issues).toEqual(expect.arrayContaining([expect.objectContaining({ path: 'password' })]));
  });

  it('input checked by hand (a multipart form) that lists its issues: validation_failed too', async () => {
    const body = expectRefusal(await testApp.app.inject({ method: 'GET', url: '/api/test/checked-by-hand' }), 400, 'validation_failed');
    expect(body.issues).toEqual([{ path: 'description', message: 'Describe the problem' }]);
  });

  it('malformed JSON: invalid_json; an empty JSON body too', async () => {
    const headers = { 'content-type': 'application/json' };
    expectRefusal(await testApp.app.inject({ method: 'POST', url: '/api/auth/login', headers, payload: '{"email": ' }), 400, 'invalid_json');
    expectRefusal(await testApp.app.inject({ method: 'POST', url: '/api/auth/login', headers, payload: '' }), 400, 'invalid_json');
  });

  it('a NUL character in text: invalid_text', async () => {
    const response = await testApp.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: 'a\u0000@example.com', password: 'x' } });
    expectRefusal(response, 400, 'invalid_text');
  });

  it('a JSON body over the limit: payload_too_large; a body of an unknown type: unsupported_media_type', async () => {
    const big = await testApp.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ email: 'a@b.c', password: 'x'.repeat(2 * 1024 * 1024) }),
    });
    expectRefusal(big, 413, 'payload_too_large');
    const xml = await testApp.app.inject({ method: 'POST', url: '/api/auth/login', headers: { 'content-type': 'application/xml' }, payload: '<login/>' });
    expectRefusal(xml, 415, 'unsupported_media_type');
  });

  it('no token: unauthorized; a token that is no longer valid: session_expired', async () => {
    expectRefusal(await testApp.app.inject({ method: 'GET', url: '/api/auth/me' }), 401, 'unauthorized');
    expectRefusal(await testApp.app.inject({ method: 'GET', url: '/api/auth/me', headers: bearer('not.a.token') }), 401, 'session_expired');
  });

  it('a wrong password: invalid_credentials; a taken email at signup: email_taken with the field', async () => {
    const user = await createUser(testApp.database.db);
    const wrong = await testApp.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: user.email, password: 'wrong-password' },
      remoteAddress: '10.9.0.1',
    });
    expectRefusal(wrong, 401, 'invalid_credentials');
    const signup = await testApp.app.inject({
      method: 'POST',
      url: '/api/auth/signup',
      payload: { email: user.email, password: 'long-enough-password', firstName: 'Ada', lastName: 'Lovelace', role: 'buyer' },
    });
    expect(expectRefusal(signup, 409, 'email_taken')).toMatchObject({ field: 'email' });
  });

  it("the wrong role: forbidden; another seller's or a missing thing: not_found", async () => {
    expectRefusal(await testApp.app.inject({ method: 'GET', url: `/api/products/${productId}/images`, headers: bearer(buyerToken) }), 403, 'forbidden');
    expectRefusal(await testApp.app.inject({ method: 'GET', url: `/api/products/${randomUUID()}/images`, headers: bearer(sellerToken) }), 404, 'not_found');
  });

  it('a refusal with its own code and details keeps them; `error` and `code` cannot be overwritten', async () => {
    const response = await testApp.app.inject({ method: 'GET', url: '/api/test/refuses' });
    expect(expectRefusal(response, 409, 'custom_reason')).toEqual({ error: 'Refused with details', code: 'custom_reason', retryable: false, extra: 1 });
  });

  it('a crash: internal, with nothing of the internals shown', async () => {
    const response = await testApp.app.inject({ method: 'GET', url: '/api/test/throws' });
    expect(expectRefusal(response, 500, 'internal')).toEqual({ error: 'Internal server error', code: 'internal' });
  });

  it('too many failed logins: rate_limited with retryAfterSeconds', async () => {
    const user = await createUser(testApp.database.db);
    const attempt = (password: string) =>
      testApp.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: user.email, password }, remoteAddress: '10.9.0.2' });
    for (let failures = 0; failures < 5; failures += 1) expect((await attempt('wrong-password')).statusCode).toBe(401);
    const throttled = await attempt(FACTORY_PASSWORD);
    expect(expectRefusal(throttled, 429, 'rate_limited')).toMatchObject({ retryAfterSeconds: expect.any(Number) });
  });

  it('uploads: too many photos or not multipart are too_many_files and unsupported_media_type', async () => {
    const url = `/api/products/${productId}/images`;
    expectRefusal(await testApp.app.inject({ method: 'POST', url, headers: bearer(sellerToken), payload: photos(11) }), 413, 'too_many_files');
    expectRefusal(await testApp.app.inject({ method: 'POST', url, headers: bearer(sellerToken), payload: { files: [] } }), 415, 'unsupported_media_type');
  });

  it('the phone upload also says success: false and repeats the text as message', async () => {
    const url = '/api/products/mobile-upload';
    const forged = new FormData();
    forged.append('token', 'forged-token');
    const invalid = expectRefusal(await testApp.app.inject({ method: 'POST', url, payload: forged }), 403, 'upload_link_invalid');
    expect(invalid).toMatchObject({ success: false, message: invalid.error });

    const missing = expectRefusal(await testApp.app.inject({ method: 'POST', url, payload: photos(1) }), 400, 'upload_token_missing');
    expect(missing).toMatchObject({ success: false, message: missing.error });

    const notMultipart = expectRefusal(await testApp.app.inject({ method: 'POST', url, payload: { token: 'x' } }), 415, 'unsupported_media_type');
    expect(notMultipart).toMatchObject({ success: false, message: notMultipart.error });

    const link = await testApp.app.inject({ method: 'POST', url: `/api/products/${productId}/upload-link`, headers: bearer(sellerToken) });
    const token = link.json().token as string;
    const tooMany = photos(11);
    tooMany.append('token', token);
    const tooLarge = expectRefusal(await testApp.app.inject({ method: 'POST', url, payload: tooMany }), 413, 'too_many_files');
    expect(tooLarge).toMatchObject({ success: false, message: tooLarge.error });
  });
});
