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
    expect(await service.verify(token)).toEqual({ userId: 'user-1', role: 'seller' });
    const exp = Math.floor(start / 1000) + 60;
    setNow(exp * 1000 - 1);
    expect(await service.verify(token)).toEqual({ userId: 'user-1', role: 'seller' });
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
    expect(await service.verify(token)).toEqual({ userId: 'user-2', role: 'buyer' });
  });
});
