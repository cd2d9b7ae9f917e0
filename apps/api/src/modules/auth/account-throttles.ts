import type { Clock } from '../../lib/clock';
import type { AccountThrottles } from './account-lifecycle.service';
import { createLoginThrottle, createRedisLoginThrottle } from './login-throttle';

/**
 * How many account e-mails may be asked for (docs/product/accounts.md): enough for a person who
 * mistyped or lost a mail, too few to flood an inbox or the outbox. The login throttle's counting is
 * reused (in Redis with REDIS_URL, so every instance shares the count; keys `<prefix>:<name>:<sha-256>`).
 */
export const ACCOUNT_MAIL_LIMITS = {
  resetPerEmail: { name: 'password-reset-email', maxFailures: 3, windowSeconds: 60 * 60 },
  resetPerClient: { name: 'password-reset-client', maxFailures: 20, windowSeconds: 60 * 60 },
  verificationPerUser: { name: 'verification-mail', maxFailures: 3, windowSeconds: 60 * 60 },
} as const;

export async function createAccountThrottles(options: {
  clock: Clock;
  redisUrl: string | undefined;
  prefix: string;
  onError: (error: unknown) => void;
}): Promise<AccountThrottles & { close(): Promise<void> }> {
  const { redisUrl } = options;
  const make = (limit: (typeof ACCOUNT_MAIL_LIMITS)[keyof typeof ACCOUNT_MAIL_LIMITS]) =>
    redisUrl
      ? createRedisLoginThrottle({ ...limit, clock: options.clock, redisUrl, prefix: options.prefix, onError: options.onError })
      : Promise.resolve(createLoginThrottle({ ...limit, clock: options.clock }));
  const [resetPerEmail, resetPerClient, verificationPerUser] = await Promise.all([
    make(ACCOUNT_MAIL_LIMITS.resetPerEmail),
    make(ACCOUNT_MAIL_LIMITS.resetPerClient),
    make(ACCOUNT_MAIL_LIMITS.verificationPerUser),
  ]);
  return {
    resetPerEmail,
    resetPerClient,
    verificationPerUser,
    async close() {
      await Promise.all([resetPerEmail.close(), resetPerClient.close(), verificationPerUser.close()]);
    },
  };
}
