import { count, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { users } from '../../db/schema';

export type UserRecord = typeof users.$inferSelect;
export type NewUserRecord = typeof users.$inferInsert;

export async function findUserByEmail(executor: Executor, email: string): Promise<UserRecord | null> {
  const [row] = await executor.select().from(users).where(eq(users.email, email.toLowerCase())).limit(1);
  return row ?? null;
}

export async function findUserById(executor: Executor, id: string): Promise<UserRecord | null> {
  const [row] = await executor.select().from(users).where(eq(users.id, id)).limit(1);
  return row ?? null;
}

/** Inserts a user; returns null when the email is already taken (unique index), never throws for it. */
export async function insertUser(executor: Executor, values: NewUserRecord): Promise<UserRecord | null> {
  const [row] = await executor
    .insert(users)
    .values({ ...values, email: values.email.toLowerCase() })
    .onConflictDoNothing({ target: users.email })
    .returning();
  return row ?? null;
}

export async function countUsers(executor: Executor): Promise<number> {
  const [row] = await executor.select({ value: count() }).from(users);
  return row?.value ?? 0;
}
