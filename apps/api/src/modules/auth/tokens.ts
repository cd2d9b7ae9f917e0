import { jwtVerify, SignJWT } from 'jose';
import type { Role } from '@marketplace/contracts/auth';

export interface TokenClaims {
  userId: string;
  role: Role;
}

export interface TokenService {
  sign(claims: TokenClaims): Promise<string>;
  /** Returns the claims, or null for a missing, malformed, forged or expired token. */
  verify(token: string): Promise<TokenClaims | null>;
}

const ISSUER = 'marketplace';

/** HS256 JWTs whose `exp` is in seconds (SPEC §3); `now` is injectable for expiry tests. */
export function createTokenService(options: { secret: string; ttlSeconds: number; now: () => Date }): TokenService {
  const key = new TextEncoder().encode(options.secret);
  return {
    async sign({ userId, role }) {
      const issuedAt = Math.floor(options.now().getTime() / 1000);
      return new SignJWT({ role })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setSubject(userId)
        .setIssuer(ISSUER)
        .setIssuedAt(issuedAt)
        .setExpirationTime(issuedAt + options.ttlSeconds)
        .sign(key);
    },
    async verify(token) {
      try {
        const { payload } = await jwtVerify(token, key, {
          algorithms: ['HS256'],
          issuer: ISSUER,
          currentDate: options.now(),
          requiredClaims: ['exp', 'sub'],
        });
        const role = payload.role;
        if (typeof payload.sub !== 'string' || (role !== 'buyer' && role !== 'seller' && role !== 'admin')) return null;
        return { userId: payload.sub, role };
      } catch {
        return null;
      }
    },
  };
}
