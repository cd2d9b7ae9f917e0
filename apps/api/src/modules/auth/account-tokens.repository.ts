import { and, desc, eq, gt, isNull, ne } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { accountTokens } from './auth.schema';

export type AccountTokenRecord = typeof accountTokens.$inferSelect;
export type AccountTokenPurpose = AccountTokenRecord['purpose'];

export async function insertAccountToken(
  executor: Executor,
  values: { userId: string; purpose: AccountTokenPurpose; tokenHash: string; email: string; expiresAt: Date; createdAt: Date },
): Promise<void> {
  await executor.insert(accountTokens).values(values);
}

export async function findAccountToken(executor: Executor, purpose: AccountTokenPurpose, tokenHash: string): Promise<AccountTokenRecord | null> {
  const [row] = await executor
    .select()
    .from(accountTokens)
    .where(and(eq(accountTokens.tokenHash, tokenHash), eq(accountTokens.purpose, purpose)))
    .limit(1);
  return row ?? null;
}

/** Uses the token once: true for the one caller that marked it, false when it was used already. */
export async function markAccountTokenUsed(executor: Executor, id: string, now: Date): Promise<boolean> {
  const rows = await executor
    .update(accountTokens)
    .set({ usedAt: now })
    .where(and(eq(accountTokens.id, id), isNull(accountTokens.usedAt)))
    .returning({ id: accountTokens.id });
  return rows.length === 1;
}

/** Retires every unused link of the user for a purpose (an older reset link dies with the reset). */
export async function retireAccountTokens(executor: Executor, userId: string, purpose: AccountTokenPurpose, now: Date): Promise<void> {
  await executor
    .update(accountTokens)
    .set({ usedAt: now })
    .where(and(eq(accountTokens.userId, userId), eq(accountTokens.purpose, purpose), isNull(accountTokens.usedAt)));
}

/** The newest address change waiting for its link: an unused, unexpired verification of another address. */
export async function findPendingEmailChange(executor: Executor, userId: string, currentEmail: string, now: Date): Promise<string | null> {
  const [row] = await executor
    .select({ email: accountTokens.email })
    .from(accountTokens)
    .where(
      and(
        eq(accountTokens.userId, userId),
        eq(accountTokens.purpose, 'email_verification'),
        isNull(accountTokens.usedAt),
        gt(accountTokens.expiresAt, now),
        ne(accountTokens.email, currentEmail),
      ),
    )
    .orderBy(desc(accountTokens.createdAt))
    .limit(1);
  return row?.email ?? null;
}
