import { createHash, randomBytes } from 'node:crypto';
import {
  ACCOUNT_ERROR_CODES,
  EMAIL_VERIFICATION_TTL_HOURS,
  PASSWORD_RESET_TTL_MINUTES,
  type ChangeEmailResponse,
  type CurrentUser,
  type VerifyEmailResponse,
} from '@marketplace/contracts/auth';
import { CURRENT_PASSWORD_INCORRECT_MESSAGE } from '@marketplace/contracts/users';
import type { Database } from '../../db/client';
import type { Clock } from '../../lib/clock';
import type { DomainEventPublisher } from '../../lib/domain-events';
import { HttpError, badRequest, conflict } from '../../lib/http-errors';
import {
  endSessionsOfUser,
  findUserByEmail,
  findUserById,
  fullNameOf,
  replacePasswordEndingSessions,
  setVerifiedEmail,
  toUserDto,
  type UserRecord,
} from '../users';
import {
  findAccountToken,
  findPendingEmailChange,
  insertAccountToken,
  markAccountTokenUsed,
  retireAccountTokens,
  type AccountTokenPurpose,
  type AccountTokenRecord,
} from './account-tokens.repository';
import type { LoginThrottle } from './login-throttle';
import { assertAcceptablePassword, hashPassword, verifyPassword } from './password';

// The account lifecycle (docs/product/accounts.md): signing out everywhere, password resets by e-mail,
// e-mail verification and changing the sign-in address. Links carry a random token; only its SHA-256 is
// stored, and each works once.

export const RESET_LINK_MESSAGES = {
  invalid: 'This password reset link is not valid. Ask for a new one.',
  expired: 'This password reset link has expired (links work for one hour). Ask for a new one.',
  used: 'This password reset link was already used. Ask for a new one if you need to reset again.',
} as const;
export const VERIFICATION_LINK_MESSAGES = {
  invalid: 'This verification link is not valid. Ask for a new one from your account.',
  expired: 'This verification link has expired. Ask for a new one from your account.',
  used: 'This verification link was already used.',
} as const;
export const ALREADY_VERIFIED_MESSAGE = 'Your e-mail address is already verified.';
export const EMAIL_TAKEN_MESSAGE = 'An account with this email already exists';
export const SAME_EMAIL_MESSAGE = 'This is already your e-mail address';
const TOO_MANY_EMAILS_MESSAGE = (minutes: number) => `Too many e-mails asked for. Try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`;

/**
 * A forgot-password answer takes at least this long, whether the address has an account or not, so the
 * time of the answer does not tell (the known address also writes a token and a mail).
 */
const FORGOT_PASSWORD_MIN_MS = 150;

export interface AccountThrottles {
  /** Reset mails per address (the address hashed into the key). */
  resetPerEmail: LoginThrottle;
  /** Reset requests per client address, whatever the e-mail. */
  resetPerClient: LoginThrottle;
  /** Verification mails per user (resends and address changes). */
  verificationPerUser: LoginThrottle;
}

export interface AccountLifecycleService {
  /** Ends every session of the user (all devices). */
  logout(user: UserRecord): Promise<void>;
  requestPasswordReset(email: string, clientAddress: string): Promise<void>;
  resetPassword(token: string, password: string): Promise<void>;
  /** Sends the link that verifies the user's address (sign-up); no rate limit, no refusal. */
  sendVerification(user: UserRecord): Promise<void>;
  resendVerification(user: UserRecord): Promise<void>;
  verifyEmail(token: string): Promise<VerifyEmailResponse>;
  requestEmailChange(user: UserRecord, newEmail: string, currentPassword: string): Promise<ChangeEmailResponse>;
  describe(user: UserRecord): Promise<CurrentUser>;
}

export function hashLinkToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

function tooManyEmails(waitSeconds: number): HttpError {
  const minutes = Math.ceil(waitSeconds / 60);
  return new HttpError(
    429,
    TOO_MANY_EMAILS_MESSAGE(minutes),
    { code: ACCOUNT_ERROR_CODES.rateLimited, retryAfterSeconds: waitSeconds },
    { 'retry-after': String(waitSeconds) },
  );
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * One of the account's e-mails, in words: the mail module lays it out and writes it to the outbox. Auth
 * sits below mail (modules/layers.ts), so app.ts hands the sender in at boot.
 */
export interface AccountEmail {
  to: string;
  toUserId: string;
  template: string;
  subject: string;
  dedupeKey: string;
  heading: string;
  paragraphs: string[];
  button: { label: string; url: string };
}

export function createAccountLifecycleService(deps: {
  db: Database;
  clock: Clock;
  sendEmail: (email: AccountEmail) => Promise<void>;
  /** PUBLIC_URL: links in mails point here, never at the Host a request named (a forged Host would steal resets). */
  publicUrl: string;
  events: DomainEventPublisher;
  throttles: AccountThrottles;
  /** Tests shorten the forgot-password floor; 0 turns it off. */
  forgotPasswordMinMs?: number;
}): AccountLifecycleService {
  const { db, clock, sendEmail } = deps;
  const baseUrl = deps.publicUrl.replace(/\/+$/, '');
  const minForgotMs = deps.forgotPasswordMinMs ?? FORGOT_PASSWORD_MIN_MS;

  /** A new random link token for the user; returns the raw token (only its hash is stored). */
  const issueLinkToken = async (user: UserRecord, purpose: AccountTokenPurpose, email: string, ttlMs: number) => {
    const token = randomBytes(32).toString('base64url');
    const now = clock.now();
    await insertAccountToken(db, {
      userId: user.id,
      purpose,
      tokenHash: hashLinkToken(token),
      email,
      expiresAt: new Date(now.getTime() + ttlMs),
      createdAt: now,
    });
    return token;
  };

  const sendVerificationTo = async (user: UserRecord, email: string) => {
    const token = await issueLinkToken(user, 'email_verification', email, EMAIL_VERIFICATION_TTL_HOURS * 60 * 60 * 1000);
    const isChange = email !== user.email;
    await sendEmail({
      to: email,
      toUserId: user.id,
      template: isChange ? 'email-change-verify' : 'email-verify',
      subject: isChange ? 'Confirm your new e-mail address' : 'Verify your e-mail address',
      dedupeKey: `email-verification:${hashLinkToken(token)}`,
      heading: isChange ? 'Confirm your new e-mail address' : 'Verify your e-mail address',
      paragraphs: [
        `Hello ${fullNameOf(user)},`,
        isChange
          ? `You asked to sign in to Marketplace with ${email} from now on. Open the link below to confirm it; until then your account keeps using ${user.email}.`
          : 'Thanks for joining Marketplace. Open the link below to confirm this is your address. Sellers need a verified address before their listings go live.',
        `The link works for ${EMAIL_VERIFICATION_TTL_HOURS} hours. If you did not ask for this, ignore this e-mail.`,
      ],
      button: { label: isChange ? 'Confirm my new address' : 'Verify my address', url: `${baseUrl}/verify-email/${token}` },
    });
  };

  const tellOldAddress = async (user: UserRecord, newEmail: string, stage: 'requested' | 'done') => {
    await sendEmail({
      to: user.email,
      toUserId: user.id,
      template: stage === 'requested' ? 'email-change-requested' : 'email-changed',
      subject: stage === 'requested' ? 'Change of e-mail address requested' : 'Your e-mail address was changed',
      dedupeKey: `email-change-${stage}:${user.id}:${newEmail}:${clock.now().getTime()}`,
      heading: stage === 'requested' ? 'A change of your e-mail address was asked for' : 'Your e-mail address was changed',
      paragraphs: [
        `Hello ${fullNameOf(user)},`,
        stage === 'requested'
          ? `Someone signed in to your account asked to change its e-mail address to ${newEmail}. Nothing changes until the link sent there is opened.`
          : `Your Marketplace account now signs in with ${newEmail}. We will not write to this address any more.`,
        'If this was not you, reset your password at once and contact support.',
      ],
      button: { label: 'Reset my password', url: `${baseUrl}/forgot-password` },
    });
  };

  /** The stored link a token names, or the refusal that says why it cannot be used. */
  const redeemable = async (purpose: AccountTokenPurpose, token: string): Promise<AccountTokenRecord> => {
    const messages = purpose === 'password_reset' ? RESET_LINK_MESSAGES : VERIFICATION_LINK_MESSAGES;
    const codes =
      purpose === 'password_reset'
        ? { invalid: ACCOUNT_ERROR_CODES.resetTokenInvalid, expired: ACCOUNT_ERROR_CODES.resetTokenExpired, used: ACCOUNT_ERROR_CODES.resetTokenUsed }
        : {
            invalid: ACCOUNT_ERROR_CODES.verificationTokenInvalid,
            expired: ACCOUNT_ERROR_CODES.verificationTokenExpired,
            used: ACCOUNT_ERROR_CODES.verificationTokenUsed,
          };
    const row = await findAccountToken(db, purpose, hashLinkToken(token));
    if (!row) throw badRequest(messages.invalid, { code: codes.invalid });
    if (row.usedAt) throw badRequest(messages.used, { code: codes.used });
    if (row.expiresAt.getTime() <= clock.now().getTime()) throw badRequest(messages.expired, { code: codes.expired });
    return row;
  };

  const verificationThrottled = async (user: UserRecord) => {
    const wait = await deps.throttles.verificationPerUser.beginAttempt(`user:${user.id}`);
    if (wait > 0) throw tooManyEmails(wait);
  };

  const userChanged = (userId: string, change: 'session' | 'password' | 'email') => deps.events.publish({ type: 'user.changed', userId, change });
  // Others react to a newly verified address (the catalog puts the seller's drafts with photos live).
  const emailVerified = (userId: string) => deps.events.publish({ type: 'user.email-verified', userId });

  return {
    async logout(user) {
      // One statement outside a transaction: committed, so the caches are dropped at once (the reactions to `user.changed`).
      if (await endSessionsOfUser(db, user.id, clock.now())) userChanged(user.id, 'session');
    },

    async requestPasswordReset(email, clientAddress) {
      const started = performance.now();
      // Both limits apply to any address, known or not, so a 429 tells nothing about accounts.
      const clientWait = await deps.throttles.resetPerClient.beginAttempt(`client:${clientAddress}`);
      if (clientWait > 0) throw tooManyEmails(clientWait);
      const emailWait = await deps.throttles.resetPerEmail.beginAttempt(`email:${email.toLowerCase()}`);
      if (emailWait > 0) throw tooManyEmails(emailWait);
      const user = await findUserByEmail(db, email);
      // A suspended account gets nothing: a new password would not let it in.
      if (user && user.status === 'active') {
        const token = await issueLinkToken(user, 'password_reset', user.email, PASSWORD_RESET_TTL_MINUTES * 60 * 1000);
        await sendEmail({
          to: user.email,
          toUserId: user.id,
          template: 'password-reset',
          subject: 'Reset your Marketplace password',
          dedupeKey: `password-reset:${hashLinkToken(token)}`,
          heading: 'Reset your password',
          paragraphs: [
            `Hello ${fullNameOf(user)},`,
            `Someone asked to reset the password of your Marketplace account. Open the link below to choose a new one. It works once, for ${PASSWORD_RESET_TTL_MINUTES} minutes.`,
            'Setting a new password signs you out everywhere. If you did not ask for this, ignore this e-mail: your password stays as it is.',
          ],
          button: { label: 'Choose a new password', url: `${baseUrl}/reset-password/${token}` },
        });
      }
      const remaining = minForgotMs - (performance.now() - started);
      if (remaining > 0) await sleep(remaining);
    },

    async resetPassword(token, password) {
      const link = await redeemable('password_reset', token);
      const user = await findUserById(db, link.userId);
      // The account's address changed since the link was sent: the link no longer belongs to it.
      if (!user || user.email !== link.email) throw badRequest(RESET_LINK_MESSAGES.invalid, { code: ACCOUNT_ERROR_CODES.resetTokenInvalid });
      // The link is checked first: a person with a dead link is told so, not asked for a better password.
      await assertAcceptablePassword(password, 'password');
      const passwordHash = await hashPassword(password);
      const now = clock.now();
      await db.transaction(async (tx) => {
        if (!(await markAccountTokenUsed(tx, link.id, now))) throw badRequest(RESET_LINK_MESSAGES.used, { code: ACCOUNT_ERROR_CODES.resetTokenUsed });
        await retireAccountTokens(tx, user.id, 'password_reset', now);
        await replacePasswordEndingSessions(tx, user.id, passwordHash, now);
        // Opening a link sent to the address proves it is theirs.
        if (!user.emailVerifiedAt) await setVerifiedEmail(tx, user.id, user.email, now);
      });
      userChanged(user.id, 'password');
      if (!user.emailVerifiedAt) emailVerified(user.id);
    },

    sendVerification: (user) => sendVerificationTo(user, user.email),

    async resendVerification(user) {
      const pending = await findPendingEmailChange(db, user.id, user.email, clock.now());
      if (!pending && user.emailVerifiedAt) throw conflict(ALREADY_VERIFIED_MESSAGE, { code: ACCOUNT_ERROR_CODES.emailAlreadyVerified });
      await verificationThrottled(user);
      await sendVerificationTo(user, pending ?? user.email);
    },

    async verifyEmail(token) {
      const link = await redeemable('email_verification', token);
      const user = await findUserById(db, link.userId);
      if (!user) throw badRequest(VERIFICATION_LINK_MESSAGES.invalid, { code: ACCOUNT_ERROR_CODES.verificationTokenInvalid });
      const isChange = link.email !== user.email;
      const now = clock.now();
      let updated: UserRecord | null = null;
      try {
        updated = await db.transaction(async (tx) => {
          if (!(await markAccountTokenUsed(tx, link.id, now)))
            throw badRequest(VERIFICATION_LINK_MESSAGES.used, { code: ACCOUNT_ERROR_CODES.verificationTokenUsed });
          const verified = await setVerifiedEmail(tx, user.id, link.email, now);
          if (!verified) throw conflict(EMAIL_TAKEN_MESSAGE, { code: ACCOUNT_ERROR_CODES.emailTaken });
          // Any other pending address change ends here; a reset link sent to the old address too.
          if (isChange) {
            await retireAccountTokens(tx, user.id, 'email_verification', now);
            await retireAccountTokens(tx, user.id, 'password_reset', now);
          }
          return verified;
        });
      } catch (error) {
        // Two accounts confirming the same new address at once: the unique index lets one through.
        if ((error as { code?: unknown }).code === '23505') throw conflict(EMAIL_TAKEN_MESSAGE, { code: ACCOUNT_ERROR_CODES.emailTaken });
        throw error;
      }
      userChanged(user.id, 'email');
      emailVerified(user.id);
      if (isChange) await tellOldAddress(user, updated.email, 'done');
      return { email: updated.email };
    },

    async requestEmailChange(user, newEmail, currentPassword) {
      const email = newEmail.toLowerCase();
      const current = await findUserById(db, user.id);
      if (!current || !(await verifyPassword(current.passwordHash, currentPassword))) {
        throw badRequest(CURRENT_PASSWORD_INCORRECT_MESSAGE, {
          code: ACCOUNT_ERROR_CODES.currentPasswordIncorrect,
          issues: [{ path: 'currentPassword', message: CURRENT_PASSWORD_INCORRECT_MESSAGE }],
        });
      }
      if (email === current.email) throw badRequest(SAME_EMAIL_MESSAGE, { issues: [{ path: 'email', message: SAME_EMAIL_MESSAGE }] });
      if (await findUserByEmail(db, email)) throw conflict(EMAIL_TAKEN_MESSAGE, { code: ACCOUNT_ERROR_CODES.emailTaken, field: 'email' });
      await verificationThrottled(current);
      // Only the newest change request can complete.
      await retireAccountTokens(db, current.id, 'email_verification', clock.now());
      await sendVerificationTo(current, email);
      await tellOldAddress(current, email, 'requested');
      return { pendingEmail: email };
    },

    async describe(user) {
      return {
        ...toUserDto(user),
        emailVerified: user.emailVerifiedAt !== null,
        pendingEmail: await findPendingEmailChange(db, user.id, user.email, clock.now()),
      };
    },
  };
}
