import { z } from 'zod';
import { USER_ROLES } from '@marketplace/domain/enums';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '@marketplace/domain/password-policy';
import { visibleNameSchema } from './common';

export const ROLES = USER_ROLES;
export const roleSchema = z.enum(ROLES);
export type Role = z.infer<typeof roleSchema>;

/** Only these roles can be chosen at sign-up; admins are made with `npm run create-admin`. */
export const SIGNUP_ROLES = ['buyer', 'seller'] as const;

// The password policy lives in @marketplace/domain/password-policy (docs/product/accounts.md "Passwords").
// The schemas check the length; the API then checks the rest (only spaces, easy to guess) and answers
// 400 `weak_password`, because that needs a dictionary the web loads only on the pages that ask for a password.
export { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH };

const emailSchema = z.string({ error: 'Email is required' }).trim().toLowerCase().max(254, 'Email is too long').pipe(z.email('Enter a valid email address'));

const nameSchema = (label: string) => visibleNameSchema(label).min(1, `${label} is required`).max(100, `${label} must be at most 100 characters`);

/** The rules every new password follows: at sign-up, on a reset, on a change. */
export const newPasswordSchema = z
  .string({ error: 'Password is required' })
  .min(PASSWORD_MIN_LENGTH, `Password must be at least ${PASSWORD_MIN_LENGTH} characters`)
  .max(PASSWORD_MAX_LENGTH, `Password must be at most ${PASSWORD_MAX_LENGTH} characters`);

export const signupRequestSchema = z
  .object({
    email: emailSchema,
    password: newPasswordSchema,
    firstName: nameSchema('First name'),
    lastName: nameSchema('Last name'),
    role: z.enum(SIGNUP_ROLES, { error: 'Role must be buyer or seller' }),
    companyName: visibleNameSchema('Company name').max(200, 'Company name must be at most 200 characters').optional(),
  })
  .superRefine((value, context) => {
    if (value.role === 'seller' && !value.companyName) {
      context.addIssue({ code: 'custom', path: ['companyName'], message: 'Company name is required for sellers' });
    }
  });
export type SignupRequest = z.input<typeof signupRequestSchema>;

export const loginRequestSchema = z.object({
  email: emailSchema,
  password: z.string({ error: 'Password is required' }).min(1, 'Password is required').max(200),
});
export type LoginRequest = z.input<typeof loginRequestSchema>;

export const userSchema = z.object({
  id: z.string(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  role: roleSchema,
  companyName: z.string().nullable(),
});
export type User = z.infer<typeof userSchema>;

export const authResponseSchema = z.object({
  token: z.string(),
  user: userSchema,
});
export type AuthResponse = z.infer<typeof authResponseSchema>;

export const INVALID_CREDENTIALS_MESSAGE = 'Invalid email or password';

// ── account lifecycle: sign-out everywhere, password reset, e-mail verification (docs/product/accounts.md) ──

/** A signed-in request whose token was issued before the user signed out everywhere or reset the password. */
export const SESSION_ENDED_MESSAGE = 'You were signed out. Please log in again.';

/** The one-time tokens of reset and verification links: random, base64url, never longer than this. */
const linkTokenSchema = z.string({ error: 'The link is incomplete' }).trim().min(1, 'The link is incomplete').max(200, 'The link is not valid');

export const forgotPasswordRequestSchema = z.object({ email: emailSchema });
export type ForgotPasswordRequest = z.input<typeof forgotPasswordRequestSchema>;

export const resetPasswordRequestSchema = z.object({ token: linkTokenSchema, password: newPasswordSchema });
export type ResetPasswordRequest = z.input<typeof resetPasswordRequestSchema>;

export const verifyEmailRequestSchema = z.object({ token: linkTokenSchema });
export type VerifyEmailRequest = z.input<typeof verifyEmailRequestSchema>;

/** A new sign-in address: the current password proves it is the owner asking. */
export const changeEmailRequestSchema = z.object({
  email: emailSchema,
  currentPassword: z.string({ error: 'Current password is required' }).min(1, 'Current password is required').max(200),
});
export type ChangeEmailRequest = z.input<typeof changeEmailRequestSchema>;

export const changeEmailResponseSchema = z.object({ pendingEmail: z.string() });
export type ChangeEmailResponse = z.infer<typeof changeEmailResponseSchema>;

/** The signed-in user as `GET /api/auth/me` tells it: with where their e-mail verification stands. */
export const currentUserSchema = userSchema.extend({
  emailVerified: z.boolean(),
  /** A new address waiting for its link to be opened; sign-in still uses `email` until then. */
  pendingEmail: z.string().nullable(),
});
export type CurrentUser = z.infer<typeof currentUserSchema>;

export const verifyEmailResponseSchema = z.object({ email: z.string() });
export type VerifyEmailResponse = z.infer<typeof verifyEmailResponseSchema>;

/** The codes of the account lifecycle's refusals (the web branches on them). */
export const ACCOUNT_ERROR_CODES = {
  sessionEnded: 'session_ended',
  resetTokenInvalid: 'reset_token_invalid',
  resetTokenExpired: 'reset_token_expired',
  resetTokenUsed: 'reset_token_used',
  verificationTokenInvalid: 'verification_token_invalid',
  verificationTokenExpired: 'verification_token_expired',
  verificationTokenUsed: 'verification_token_used',
  emailNotVerified: 'email_not_verified',
  emailAlreadyVerified: 'email_already_verified',
  emailTaken: 'email_taken',
  currentPasswordIncorrect: 'current_password_incorrect',
  /** A new password the policy refuses: only spaces, or too easy to guess (@marketplace/domain/password-policy). */
  weakPassword: 'weak_password',
  /** A 409: the company (shop) name reads like another shop's, at sign-up or in the profile (`field` and `issues` name `companyName`). */
  shopNameTaken: 'shop_name_taken',
  rateLimited: 'rate_limited',
} as const;

/**
 * The 409 `shop_name_taken`: another shop's name reads the same, whatever the case, the spaces or the
 * invisible characters (docs/product/shops.md, "The shop's name").
 */
export const shopNameTakenMessage = (name: string) => `There is already a shop called “${name}” (or a name that reads the same). Choose another name.`;

/** How long a reset link works, and a verification link. */
export const PASSWORD_RESET_TTL_MINUTES = 60;
export const EMAIL_VERIFICATION_TTL_HOURS = 48;

export const EMAIL_NOT_VERIFIED_MESSAGE = 'Verify your e-mail address before your listings can go live. We sent you a link; you can ask for a new one.';
