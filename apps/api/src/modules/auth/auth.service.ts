import { INVALID_CREDENTIALS_MESSAGE, type AuthResponse, type LoginRequest, type SignupRequest } from '@marketplace/contracts/auth';
import type { Database } from '../../db/client';
import type { Clock } from '../../lib/clock';
import { HttpError, conflict } from '../../lib/http-errors';
import type { DomainEventPublisher } from '../../lib/domain-events';
import { createMicroCache } from '../../lib/micro-cache';
import { assertShopNameFree, findUserByEmail, findUserById, insertUser, isShopNameTakenError, shopNameTaken, toUserDto, type UserRecord } from '../users';
import type { LoginThrottle } from './login-throttle';
import { assertAcceptablePassword, decoyPasswordHash, hashPassword, verifyPassword } from './password';
import type { TokenService } from './tokens';

export const EMAIL_TAKEN_MESSAGE = 'An account with this email already exists';
export const ACCOUNT_SUSPENDED_MESSAGE = 'This account is suspended';

export interface AuthService {
  signup(input: SignupRequest & { email: string }): Promise<AuthResponse>;
  login(input: LoginRequest, clientAddress: string): Promise<AuthResponse>;
  /** The active user a bearer token belongs to, or null (bad token, deleted or suspended user, ended session). */
  authenticate(token: string): Promise<UserRecord | null>;
  /** The same, saying why a token is refused: `session_ended` when the user signed out everywhere or reset the password since. */
  checkToken(token: string): Promise<{ user: UserRecord } | { refused: 'invalid' | 'session_ended' }>;
  /** Drops the users remembered for signed-in requests (auth.module.ts calls it on `user.changed`, and when another instance announces one). */
  dropUserCache(): void;
}

/** Users remembered for signed-in requests (a few hundred bytes each). */
const USER_CACHE_ENTRIES = 10_000;

export function createAuthService(deps: {
  db: Database;
  tokens: TokenService;
  /** Failed logins per (client address, email). */
  throttle: LoginThrottle;
  /** Failed logins per email from every address together (a larger number), so changing addresses never buys more guesses. */
  accountThrottle: LoginThrottle;
  clock: Clock;
  /** Where `user.registered` is published (lib/domain-events.ts). */
  events: DomainEventPublisher;
  /**
   * How long a signed-in request may use the user row read by an earlier one (0 = read every time).
   * Changes through this instance clear it at once (on `user.changed`), and so do another instance's
   * when it tells this one (lib/cache-bus.ts, with Redis); without that message a suspension takes
   * effect within this time (a suspended user must be signed out within one minute).
   */
  userCacheTtlMs?: number;
  /** Sends the new user the link that verifies their address (the account lifecycle service). */
  sendVerification?: (user: UserRecord) => Promise<void>;
}): AuthService {
  const userCache = createMicroCache<UserRecord | null>({ ttlMs: deps.userCacheTtlMs ?? 0, maxEntries: USER_CACHE_ENTRIES, clock: deps.clock });

  const issue = async (user: UserRecord): Promise<AuthResponse> => ({
    token: await deps.tokens.sign({ userId: user.id, role: user.role, sessionVersion: user.sessionVersion }),
    user: toUserDto(user),
  });

  const checkToken: AuthService['checkToken'] = async (token) => {
    const claims = await deps.tokens.verify(token);
    if (!claims) return { refused: 'invalid' };
    let user = await userCache.getOrLoad(claims.userId, () => findUserById(deps.db, claims.userId));
    // A token newer than the remembered row: the row is stale (the version moved on another instance).
    if (user && claims.sessionVersion > user.sessionVersion) user = await findUserById(deps.db, claims.userId);
    if (!user || user.status !== 'active') return { refused: 'invalid' };
    if (claims.sessionVersion < user.sessionVersion) return { refused: 'session_ended' };
    return { user };
  };

  return {
    async signup(input) {
      await assertAcceptablePassword(input.password, 'password');
      const companyName = input.role === 'seller' ? (input.companyName ?? null) : null;
      // A new shop's name must not read like another's (docs/product/shops.md).
      if (companyName) await assertShopNameFree(deps.db, companyName);
      const user = await insertUser(deps.db, {
        email: input.email,
        passwordHash: await hashPassword(input.password),
        firstName: input.firstName,
        lastName: input.lastName,
        role: input.role,
        companyName,
      }).catch((error: unknown) => {
        if (companyName && isShopNameTakenError(error)) throw shopNameTaken(companyName);
        throw error;
      });
      if (!user) throw conflict(EMAIL_TAKEN_MESSAGE, { code: 'email_taken', field: 'email' });
      deps.events.publish({ type: 'user.registered', userId: user.id, role: user.role });
      await deps.sendVerification?.(user);
      return issue(user);
    },

    async login(input, clientAddress) {
      const throttleKey = `${clientAddress}|${input.email.toLowerCase()}`;
      const accountKey = input.email.toLowerCase();
      // Counted before the password is checked, so guesses sent at once are held to the limit too; the
      // account's count only once this address may try.
      const waitSeconds = (await deps.throttle.beginAttempt(throttleKey)) || (await deps.accountThrottle.beginAttempt(accountKey));
      if (waitSeconds > 0) {
        const minutes = Math.ceil(waitSeconds / 60);
        throw new HttpError(
          429,
          `Too many failed login attempts. Try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
          { retryAfterSeconds: waitSeconds },
          { 'retry-after': String(waitSeconds) },
        );
      }
      const user = await findUserByEmail(deps.db, input.email);
      // Verify against a decoy hash when the email is unknown: same answer, same time.
      const isPasswordCorrect = await verifyPassword(user?.passwordHash ?? (await decoyPasswordHash()), input.password);
      if (!user || !isPasswordCorrect) throw new HttpError(401, INVALID_CREDENTIALS_MESSAGE, { code: 'invalid_credentials' });
      await Promise.all([deps.throttle.succeeded(throttleKey), deps.accountThrottle.succeeded(accountKey)]);
      // Said only to someone who knows the password, so it reveals nothing to a guesser.
      if (user.status === 'suspended') throw new HttpError(403, ACCOUNT_SUSPENDED_MESSAGE, { code: 'account_suspended' });
      return issue(user);
    },

    authenticate: async (token) => {
      const checked = await checkToken(token);
      return 'user' in checked ? checked.user : null;
    },

    checkToken,

    dropUserCache: () => userCache.invalidate(),
  };
}
