import { jwtVerify, SignJWT } from 'jose';
import type { Role } from '@marketplace/contracts/auth';

export interface TokenClaims {
  userId: string;
  role: Role;
  /**
   * The user's session version when the token was issued (claim `sv`); a token older than the user's
   * current one is refused (docs/product/accounts.md). Tokens issued before versions existed count as 0.
   */
  sessionVersion: number;
}

/** What signing needs: the version defaults to 0, a user who never signed out everywhere. */
export type TokenSubject = Omit<TokenClaims, 'sessionVersion'> & { sessionVersion?: number };

export interface TokenService {
  sign(claims: TokenSubject): Promise<string>;
  /** Returns the claims, or null for a missing, malformed, forged or expired token. */
  verify(token: string): Promise<TokenClaims | null>;
}

const ISSUER = 'marketplace';

/** A user id as the database writes one. A subject of any other form names no user: the token is invalid. */
const USER_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Tokens already verified, with their claims and expiry: every signed-in request verifies its token,
 * and the HMAC through WebCrypto costs more than the rest of a small request. A token's claims never
 * change, so a hit only has to check the expiry again. Oldest entries leave first beyond the bound.
 */
const VERIFIED_TOKENS_MAX = 10_000;

/** HS256 JWTs whose `exp` is in seconds (docs/product/data.md); `now` is injectable for expiry tests. */
export function createTokenService(options: { secret: string; ttlSeconds: number; now: () => Date }): TokenService {
  const key = new TextEncoder().encode(options.secret);
  const verified = new Map<string, { claims: TokenClaims; expiresAtMs: number }>();
  return {
    async sign({ userId, role, sessionVersion = 0 }) {
      const issuedAt = Math.floor(options.now().getTime() / 1000);
      return new SignJWT({ role, sv: sessionVersion })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setSubject(userId)
        .setIssuer(ISSUER)
        .setIssuedAt(issuedAt)
        .setExpirationTime(issuedAt + options.ttlSeconds)
        .sign(key);
    },
    async verify(token) {
      const known = verified.get(token);
      if (known) {
        if (options.now().getTime() < known.expiresAtMs) return known.claims;
        verified.delete(token);
        return null;
      }
      try {
        const { payload } = await jwtVerify(token, key, {
          algorithms: ['HS256'],
          issuer: ISSUER,
          currentDate: options.now(),
          requiredClaims: ['exp', 'sub'],
        });
        const role = payload.role;
        const sessionVersion = payload.sv ?? 0;
        if (typeof payload.sub !== 'string' || !USER_ID.test(payload.sub) || (role !== 'buyer' && role !== 'seller' && role !== 'admin')) return null;
        if (typeof sessionVersion !== 'number' || !Number.isSafeInteger(sessionVersion) || sessionVersion < 0) return null;
        const claims: TokenClaims = { userId: payload.sub, role, sessionVersion };
        if (verified.size >= VERIFIED_TOKENS_MAX) verified.delete(verified.keys().next().value!);
        // requiredClaims makes exp present; jwtVerify refuses a token from second exp on.
        verified.set(token, { claims, expiresAtMs: payload.exp! * 1000 });
        return claims;
      } catch {
        return null;
      }
    },
  };
}
