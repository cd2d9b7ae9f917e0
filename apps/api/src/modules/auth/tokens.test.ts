import { describe, expect, it } from 'vitest';
import { createTokenService } from './tokens';

const SECRET = 'tokens-test-secret-of-enough-length-1234';
// Subjects are user ids, as the database writes them.
const USER_1 = '0b6a3c1e-1a2b-4c3d-8e4f-000000000001';
const USER_2 = '0b6a3c1e-1a2b-4c3d-8e4f-000000000002';
const USER_3 = '0b6a3c1e-1a2b-4c3d-8e4f-000000000003';
const USER_4 = '0b6a3c1e-1a2b-4c3d-8e4f-000000000004';

function serviceAt(start: number) {
  let nowMs = start;
  const service = createTokenService({ secret: SECRET, ttlSeconds: 60, now: () => new Date(nowMs) });
  return { service, setNow: (ms: number) => (nowMs = ms) };
}

describe('token verification', () => {
  it('answers a verified token again from memory until the second of its exp, then refuses it', async () => {
    const start = Date.UTC(2026, 0, 1, 12, 0, 0, 500);
    const { service, setNow } = serviceAt(start);
    const token = await service.sign({ userId: USER_1, role: 'seller' });
    expect(await service.verify(token)).toEqual({ userId: USER_1, role: 'seller', sessionVersion: 0 });
    const exp = Math.floor(start / 1000) + 60;
    setNow(exp * 1000 - 1);
    expect(await service.verify(token)).toEqual({ userId: USER_1, role: 'seller', sessionVersion: 0 });
    setNow(exp * 1000);
    expect(await service.verify(token)).toBeNull();
    // The same instant as a fresh service (nothing remembered) sees it: both refuse from exp on.
    const fresh = serviceAt(exp * 1000).service;
    expect(await fresh.verify(token)).toBeNull();
  });

  it('never lets a remembered token vouch for an altered one', async () => {
    const { service } = serviceAt(Date.UTC(2026, 0, 1));
    const token = await service.sign({ userId: USER_2, role: 'buyer' });
    expect(await service.verify(token)).not.toBeNull();
    const [header, payload, signature] = token.split('.');
    const claims = JSON.parse(Buffer.from(payload!, 'base64url').toString());
    const promoted = Buffer.from(JSON.stringify({ ...claims, role: 'admin' })).toString('base64url');
    expect(await service.verify(`${header}.${promoted}.${signature}`)).toBeNull();
    expect(await service.verify(`${token}x`)).toBeNull();
    expect(await service.verify(token)).toEqual({ userId: USER_2, role: 'buyer', sessionVersion: 0 });
  });

  it('carries the session version as `sv`; a token without one (issued before versions) counts as 0', async () => {
    const { service } = serviceAt(Date.UTC(2026, 0, 1));
    const token = await service.sign({ userId: USER_3, role: 'buyer', sessionVersion: 4 });
    const claims = JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString());
    expect(claims.sv).toBe(4);
    expect(await service.verify(token)).toEqual({ userId: USER_3, role: 'buyer', sessionVersion: 4 });

    const { SignJWT } = await import('jose');
    const key = new TextEncoder().encode(SECRET);
    const issuedAt = Math.floor(Date.UTC(2026, 0, 1) / 1000);
    const sign = (payload: Record<string, unknown>) =>
      new SignJWT(payload)
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(USER_4)
        .setIssuer('marketplace')
        .setIssuedAt(issuedAt)
        .setExpirationTime(issuedAt + 60)
        .sign(key);
    expect(await service.verify(await sign({ role: 'seller' }))).toEqual({ userId: USER_4, role: 'seller', sessionVersion: 0 });
    expect(await service.verify(await sign({ role: 'seller', sv: -1 }))).toBeNull();
    expect(await service.verify(await sign({ role: 'seller', sv: '2' }))).toBeNull();
  });

  it('refuses a token whose subject is not a user id, even correctly signed (it names no user)', async () => {
    const { service } = serviceAt(Date.UTC(2026, 0, 1));
    for (const subject of ['not-a-uuid', "1' or '1'='1", '0b6a3c1e-1a2b-4c3d-8e4f-00000000000', '', '{0b6a3c1e-1a2b-4c3d-8e4f-000000000001}']) {
      expect(await service.verify(await service.sign({ userId: subject, role: 'buyer' })), subject).toBeNull();
    }
    // Any case of the hex digits names the same user.
    expect(await service.verify(await service.sign({ userId: USER_1.toUpperCase(), role: 'buyer' }))).toMatchObject({ userId: USER_1.toUpperCase() });
  });
});
