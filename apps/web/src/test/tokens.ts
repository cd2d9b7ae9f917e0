import type { AuthResponse } from '@marketplace/contracts/auth';
import { saveSession } from '../lib/session';

function toBase64Url(value: unknown): string {
  const bytes = new TextEncoder().encode(JSON.stringify(value));
  return btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');
}

/** An unsigned JWT with the given claims; the browser never checks signatures. */
export function makeToken(claims: Record<string, unknown>): string {
  return `${toBase64Url({ alg: 'HS256', typ: 'JWT' })}.${toBase64Url(claims)}.signature`;
}

export function secondsFromNow(seconds: number): number {
  return Math.floor(Date.now() / 1000) + seconds;
}

export type TestRole = 'buyer' | 'seller' | 'admin';

export function makeAuthResponse(role: TestRole, { expiresInSeconds = 3600 } = {}): AuthResponse {
  const id = `user-${role}`;
  return {
    token: makeToken({ sub: id, role, exp: secondsFromNow(expiresInSeconds) }),
    user: {
      id,
      email: `${role}@example.com`,
      firstName: role === 'seller' ? 'Sam' : role === 'admin' ? 'Ada' : 'Bea',
      lastName: 'Tester',
      role,
      companyName: role === 'seller' ? 'Sam’s Supplies' : null,
    },
  };
}

/** Stores a logged-in session the way a real login does. */
export function logInAs(role: TestRole, options?: { expiresInSeconds?: number }) {
  return saveSession(makeAuthResponse(role, options));
}
