import { and, count, desc, eq, gt, inArray, lt, lte, or, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { mailOutbox } from './mail.schema';

// The outbox table, written only here (docs/decisions/0021-email-outbox.md).

export type OutboxRecord = typeof mailOutbox.$inferSelect;
export type NewOutboxRecord = typeof mailOutbox.$inferInsert;

/** Adds a message; null when its dedupe key is already recorded (the earlier row stays as it was). */
export async function insertOutboxMessage(executor: Executor, values: NewOutboxRecord): Promise<{ id: string } | null> {
  const [row] = await executor.insert(mailOutbox).values(values).onConflictDoNothing({ target: mailOutbox.dedupeKey }).returning({ id: mailOutbox.id });
  return row ?? null;
}

export async function findOutboxIdByDedupeKey(executor: Executor, dedupeKey: string): Promise<string | null> {
  const [row] = await executor.select({ id: mailOutbox.id }).from(mailOutbox).where(eq(mailOutbox.dedupeKey, dedupeKey));
  return row?.id ?? null;
}

/** Takes the lock of one series of messages (e.g. one chat's e-mails to one person) until the transaction ends. */
export async function lockOutboxSeries(executor: Executor, series: string): Promise<void> {
  await executor.execute(sql`select pg_advisory_xact_lock(hashtext(${`mail-outbox:${series}`}))`);
}

/** The newest message of a series (dedupe keys starting with `prefix`) written after `since`; reads only that recent stretch of the outbox (its created_at index). */
export async function findRecentOfSeries(executor: Executor, prefix: string, since: Date): Promise<{ id: string; createdAt: Date } | null> {
  const [row] = await executor
    .select({ id: mailOutbox.id, createdAt: mailOutbox.createdAt })
    .from(mailOutbox)
    .where(and(gt(mailOutbox.createdAt, since), sql`starts_with(${mailOutbox.dedupeKey}, ${prefix})`))
    .orderBy(desc(mailOutbox.createdAt))
    .limit(1);
  return row ?? null;
}

/**
 * Claims the oldest message due for sending: queued and due, or `sending` under a claim older than
 * `staleBefore` (its worker died). One statement with FOR UPDATE SKIP LOCKED, so two workers never
 * claim the same row; the claim time is the fence the outcome is written against.
 */
export async function claimDueOutboxMessage(executor: Executor, now: Date, staleBefore: Date): Promise<OutboxRecord | null> {
  const due = executor
    .select({ id: mailOutbox.id })
    .from(mailOutbox)
    .where(
      or(
        and(eq(mailOutbox.status, 'queued'), lte(mailOutbox.nextAttemptAt, now)),
        and(eq(mailOutbox.status, 'sending'), lt(mailOutbox.claimedAt, staleBefore)),
      ),
    )
    .orderBy(mailOutbox.nextAttemptAt)
    .limit(1)
    .for('update', { skipLocked: true });
  const [row] = await executor
    .update(mailOutbox)
    .set({ status: 'sending', claimedAt: now, updatedAt: now })
    .where(and(inArray(mailOutbox.id, due), or(eq(mailOutbox.status, 'queued'), eq(mailOutbox.status, 'sending'))))
    .returning();
  return row ?? null;
}

/** Writes a send's outcome, only while the row is still under this claim; false when another worker took it over. */
export async function finishOutboxAttempt(
  executor: Executor,
  claim: { id: string; claimedAt: Date },
  outcome: Pick<NewOutboxRecord, 'status' | 'attempts' | 'lastError' | 'nextAttemptAt' | 'sentAt' | 'smtpMessageId' | 'updatedAt'>,
): Promise<boolean> {
  const rows = await executor
    .update(mailOutbox)
    .set({ ...outcome, claimedAt: null })
    .where(and(eq(mailOutbox.id, claim.id), eq(mailOutbox.status, 'sending'), eq(mailOutbox.claimedAt, claim.claimedAt)))
    .returning({ id: mailOutbox.id });
  return rows.length > 0;
}

export async function findOutboxPage(executor: Executor, page: { limit: number; offset: number }): Promise<{ rows: OutboxRecord[]; total: number }> {
  const rows = await executor.select().from(mailOutbox).orderBy(desc(mailOutbox.createdAt), desc(mailOutbox.id)).limit(page.limit).offset(page.offset);
  const [totals] = await executor.select({ total: count() }).from(mailOutbox);
  return { rows, total: Number(totals?.total ?? 0) };
}

export async function findOutboxMessage(executor: Executor, id: string): Promise<OutboxRecord | null> {
  const [row] = await executor.select().from(mailOutbox).where(eq(mailOutbox.id, id));
  return row ?? null;
}
