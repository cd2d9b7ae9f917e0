import { describe, expect, it } from 'vitest';
import { createTokenService } from './tokens';

const SECRET = 'tokens-test-secret-of-enough-length-1234';

function serviceAt(start: number) {
  let nowMs = start;
  const service = createTokenService({ secret: SECRET, ttlSeconds: 60, now: () => new Date(nowMs) });
  return { service, setNow: (ms: number) => (nowMs = ms) };
}

describe('token verification', () => {
  it('answers a verified token again from memory until the second of its exp, then refuses it', async () => {
    const start = Date.UTC(2026, 0, 1, 12, 0, 0, 500);
    const { service, setNow } = serviceAt(start);
    const token = await service.sign({ userId: 'user-1', role: 'seller' });
    expect(await service.verify(token)).toEqual({ userId: 'user-1', role: 'seller', sessionVersion: 0 });
    const exp = Math.floor(start / 1000) + 60;
    setNow(exp * 1000 - 1);
    expect(await service.verify(token)).toEqual({ userId: 'user-1', role: 'seller', sessionVersion: 0 });
    setNow(exp * 1000);
    expect(await service.verify(token)).toBeNull();
    // The same instant as a fresh service (nothing remembered) sees it: both refuse from exp on.
    const fresh = serviceAt(exp * 1000).service;
    expect(await fresh.verify(token)).toBeNull();
  });

  it('never lets a remembered token vouch for an altered one', async () => {
    const { service } = serviceAt(Date.UTC(2026, 0, 1));
    const token = await service.sign({ userId: 'user-2', role: 'buyer' });
    expect(await service.verify(token)).not.toBeNull();
    const [header, payload, signature] = token.split('.');
    const claims = JSON.parse(Buffer.from(payload!, 'base64url').toString());
    const promoted = Buffer.from(JSON.stringify({ ...claims, role: 'admin' })).toString('base64url');
    expect(await service.verify(`${header}.${promoted}.${signature}`)).toBeNull();
    expect(await service.verify(`${token}x`)).toBeNull();
    expect(await service.verify(token)).toEqual({ userId: 'user-2', role: 'buyer', sessionVersion: 0 });
  });

  it('carries the session version as `sv`; a token without one (issued before versions) counts as 0', async () => {
    const { service } = serviceAt(Date.UTC(2026, 0, 1));
    const token = await service.sign({ userId: 'user-3', role: 'buyer', sessionVersion: 4 });
    const claims = JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString());
    expect(claims.sv).toBe(4);
    expect(await service.verify(token)).toEqual({ userId: 'user-3', role: 'buyer', sessionVersion: 4 });

    const { SignJWT } = await import('jose');
    const key = new TextEncoder().encode(SECRET);
    const issuedAt = Math.floor(Date.UTC(2026, 0, 1) / 1000);
    const sign = (payload: Record<string, unknown>) =>
      new SignJWT(payload).setProtectedHeader({ alg: 'HS256' }).setSubject('user-4').setIssuer('marketplace').setIssuedAt(issuedAt).setExpirationTime(issuedAt + 60).sign(key);
    expect(await service.verify(await sign({ role: 'seller' }))).toEqual({ userId: 'user-4', role: 'seller', sessionVersion: 0 });
    expect(await service.verify(await sign({ role: 'seller', sv: -1 }))).toBeNull();
    expect(await service.verify(await sign({ role: 'seller', sv: '2' }))).toBeNull();
  });
});
