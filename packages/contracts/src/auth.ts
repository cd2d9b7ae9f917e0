import { z } from 'zod';
import { USER_ROLES } from '@marketplace/domain/enums';

export const ROLES = USER_ROLES;
export const roleSchema = z.enum(ROLES);
export type Role = z.infer<typeof roleSchema>;

/** Only these roles can be chosen at sign-up; admins are made with `npm run create-admin`. */
export const SIGNUP_ROLES = ['buyer', 'seller'] as const;

export const PASSWORD_MIN_LENGTH = 8;

const emailSchema = z
  .string({ error: 'Email is required' })
  .trim()
  .toLowerCase()
  .max(254, 'Email is too long')
  .pipe(z.email('Enter a valid email address'));

const nameSchema = (label: string) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(100, `${label} must be at most 100 characters`);

export const signupRequestSchema = z
  .object({
    email: emailSchema,
    password: z
      .string({ error: 'Password is required' })
      .min(PASSWORD_MIN_LENGTH, `Password must be at least ${PASSWORD_MIN_LENGTH} characters`)
      .max(200, 'Password must be at most 200 characters'),
    firstName: nameSchema('First name'),
    lastName: nameSchema('Last name'),
    role: z.enum(SIGNUP_ROLES, { error: 'Role must be buyer or seller' }),
    companyName: z.string().trim().max(200, 'Company name must be at most 200 characters').optional(),
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
