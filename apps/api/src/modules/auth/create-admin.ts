import { z } from 'zod';
import type { User } from '@marketplace/contracts/auth';
import { visibleNameSchema } from '@marketplace/contracts/common';
import { judgePassword } from '@marketplace/domain/password-policy';
import type { Database } from '../../db/client';
import { insertUser, toUserDto } from '../users';
import { hashPassword } from './password';

const adminInputSchema = z.object({
  email: z.string().trim().toLowerCase().pipe(z.email('Enter a valid email address')),
  password: z.string().min(8, 'The password must be at least 8 characters'),
  // The names every person's follow (docs/product/validation.md, "Names").
  firstName: visibleNameSchema('First name').min(1, 'First name is required').max(100, 'First name must be at most 100 characters'),
  lastName: visibleNameSchema('Last name').min(1, 'Last name is required').max(100, 'Last name must be at most 100 characters'),
});

/** Admins cannot sign up; operators make them with `npm run create-admin`. */
export async function createAdmin(db: Database, input: z.input<typeof adminInputSchema>): Promise<{ ok: true; user: User } | { ok: false; error: string }> {
  const parsed = adminInputSchema.safeParse(input);
  if (!parsed.success) return { ok: false, error: parsed.error.issues.map((issue) => issue.message).join('; ') };
  // An admin's password follows the same rule as everyone's (docs/product/accounts.md "Passwords").
  const verdict = await judgePassword(parsed.data.password);
  if (!verdict.isAcceptable) return { ok: false, error: verdict.problem ?? 'Choose a stronger password' };
  const user = await insertUser(db, {
    email: parsed.data.email,
    passwordHash: await hashPassword(parsed.data.password),
    firstName: parsed.data.firstName,
    lastName: parsed.data.lastName,
    role: 'admin',
    // The operator vouches for the address they typed.
    emailVerifiedAt: new Date(),
  });
  if (!user) return { ok: false, error: `An account with the email ${parsed.data.email} already exists.` };
  return { ok: true, user: toUserDto(user) };
}
