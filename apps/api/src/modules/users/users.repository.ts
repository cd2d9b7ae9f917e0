import { and, count, desc, eq, ilike, isNotNull, lte, or, sql, type SQL } from 'drizzle-orm';
import { nameComparisonKey } from '@marketplace/domain/visible-names';
import type { Executor } from '../../db/client';
import { users } from './users.schema';

export type UserRecord = typeof users.$inferSelect;
export type NewUserRecord = Omit<typeof users.$inferInsert, 'shopNameKey'>;

/**
 * The key by which two shop names that read alike are one (users_shop_name_key_unique): a seller's company
 * name's, else none. Written with the name by every write here (and by the seed), never on its own.
 */
export function shopNameKeyOf(role: UserRecord['role'], companyName: string | null | undefined): string | null {
  return role === 'seller' && companyName ? nameComparisonKey(companyName) || null : null;
}

/** The id of the seller whose shop name reads like `companyName`, or null when none does. */
export async function findShopNameHolder(executor: Executor, companyName: string): Promise<string | null> {
  const key = shopNameKeyOf('seller', companyName);
  if (!key) return null;
  const [row] = await executor.select({ id: users.id }).from(users).where(eq(users.shopNameKey, key)).limit(1);
  return row?.id ?? null;
}

/** Whether a write failed because another shop's name reads alike (two requests at once, past the look-up). */
export function isShopNameTakenError(error: unknown): boolean {
  for (
    let candidate = error as { code?: unknown; constraint?: unknown; message?: unknown; cause?: unknown } | undefined;
    candidate;
    candidate = candidate.cause as typeof candidate
  ) {
    if (
      candidate.code === '23505' &&
      (candidate.constraint === 'users_shop_name_key_unique' || String(candidate.message).includes('users_shop_name_key_unique'))
    )
      return true;
  }
  return false;
}

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
    .values({ ...values, email: values.email.toLowerCase(), shopNameKey: shopNameKeyOf(values.role, values.companyName) })
    .onConflictDoNothing({ target: users.email })
    .returning();
  return row ?? null;
}

export async function countUsers(executor: Executor): Promise<number> {
  const [row] = await executor.select({ value: count() }).from(users);
  return row?.value ?? 0;
}

/** `%`, `_` and `\` typed by a user match themselves in an ILIKE pattern, not any text. */
export function likePatternOf(text: string): string {
  return `%${text.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
}

export async function updateUser(
  executor: Executor,
  id: string,
  values: Partial<Pick<NewUserRecord, 'firstName' | 'lastName' | 'phone' | 'companyName' | 'handlingDays' | 'passwordHash' | 'status'>> & { updatedAt: Date },
): Promise<UserRecord | null> {
  // Only sellers have a company name (users.service.ts), so a changed one is a shop name.
  const shopName = values.companyName === undefined ? {} : { shopNameKey: shopNameKeyOf('seller', values.companyName) };
  const [row] = await executor
    .update(users)
    .set({ ...values, ...shopName })
    .where(eq(users.id, id))
    .returning();
  return row ?? null;
}

/** Sets a seller's vacation, or ends it (null); answers the row, or null when there is no such user. */
export async function setVacation(
  executor: Executor,
  id: string,
  vacation: { until: string; message: string | null } | null,
  updatedAt: Date,
): Promise<UserRecord | null> {
  const [row] = await executor
    .update(users)
    .set({ vacationUntil: vacation?.until ?? null, vacationMessage: vacation?.message ?? null, updatedAt })
    .where(eq(users.id, id))
    .returning();
  return row ?? null;
}

/** Ends every vacation whose day has come (`until` on or before `today`); answers whose. */
export async function endVacationsDue(executor: Executor, today: string, updatedAt: Date): Promise<string[]> {
  const rows = await executor
    .update(users)
    .set({ vacationUntil: null, vacationMessage: null, updatedAt })
    .where(and(isNotNull(users.vacationUntil), lte(users.vacationUntil, today)))
    .returning({ id: users.id });
  return rows.map((row) => row.id);
}

export interface UserSearch {
  q?: string | undefined;
  role?: UserRecord['role'] | undefined;
  status?: UserRecord['status'] | undefined;
  limit: number;
  offset: number;
}

/** One page of users matching the filters, newest first, and how many match in all. */
export async function findUsersPage(executor: Executor, search: UserSearch): Promise<{ rows: UserRecord[]; total: number }> {
  const conditions: SQL[] = [];
  if (search.role) conditions.push(eq(users.role, search.role));
  if (search.status) conditions.push(eq(users.status, search.status));
  if (search.q) {
    const pattern = likePatternOf(search.q);
    conditions.push(
      or(
        ilike(users.email, pattern),
        ilike(users.companyName, pattern),
        // "Ada Lovelace" finds Ada Lovelace as well as "Ada" or "Love" do.
        ilike(sql`${users.firstName} || ' ' || ${users.lastName}`, pattern),
      )!,
    );
  }
  const where = conditions.length > 0 ? and(...conditions) : undefined;
  const [rows, [totalRow]] = await Promise.all([
    executor.select().from(users).where(where).orderBy(desc(users.createdAt), desc(users.id)).limit(search.limit).offset(search.offset),
    executor.select({ value: count() }).from(users).where(where),
  ]);
  return { rows, total: totalRow?.value ?? 0 };
}

// ── the account lifecycle (modules/auth, docs/product/accounts.md): its writes of the users table ──

/** Ends every session of the user: tokens carrying an older version are refused from now on. */
export async function endSessionsOfUser(executor: Executor, id: string, now: Date): Promise<UserRecord | null> {
  const [row] = await executor
    .update(users)
    .set({ sessionVersion: sql`${users.sessionVersion} + 1`, updatedAt: now })
    .where(eq(users.id, id))
    .returning();
  return row ?? null;
}

/**
 * Suspends or reinstates a user. Suspending also ends every session (the session version moves on), so
 * a token from before stays refused after a reinstatement: the person signs in again.
 */
export async function setUserStatus(executor: Executor, id: string, status: UserRecord['status'], now: Date): Promise<UserRecord | null> {
  const [row] = await executor
    .update(users)
    .set({ status, updatedAt: now, ...(status === 'suspended' ? { sessionVersion: sql`${users.sessionVersion} + 1` } : {}) })
    .where(eq(users.id, id))
    .returning();
  return row ?? null;
}

/** A new password that also ends every session (a reset, a change: whoever held the old one is signed out). */
export async function replacePasswordEndingSessions(executor: Executor, id: string, passwordHash: string, now: Date): Promise<UserRecord | null> {
  const [row] = await executor
    .update(users)
    .set({ passwordHash, sessionVersion: sql`${users.sessionVersion} + 1`, updatedAt: now })
    .where(eq(users.id, id))
    .returning();
  return row ?? null;
}

/**
 * Marks `email` verified for the user, making it their sign-in address when it is a new one. Answers
 * null when the user is gone, or when another account holds that address by now (unique index).
 */
export async function setVerifiedEmail(executor: Executor, id: string, email: string, now: Date): Promise<UserRecord | null> {
  const [row] = await executor
    .update(users)
    .set({ email: email.toLowerCase(), emailVerifiedAt: now, updatedAt: now })
    .where(and(eq(users.id, id), sql`not exists (select 1 from ${users} as other where other.email = ${email.toLowerCase()} and other.id <> ${id})`))
    .returning();
  return row ?? null;
}
