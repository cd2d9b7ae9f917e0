import { and, count, desc, eq, inArray, isNotNull, isNull, lt } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { notifications } from './notifications.schema';

// Only this file touches the ORM for the notifications module; it answers plain objects.

export type NotificationRecord = typeof notifications.$inferSelect;
export type NewNotification = Pick<typeof notifications.$inferInsert, 'userId' | 'kind' | 'title' | 'body' | 'link' | 'dedupeKey' | 'createdAt'>;

/** Writes the notification unless the user already has one with its dedupe key; null when it was there. */
export async function insertNotificationOnce(executor: Executor, values: NewNotification): Promise<NotificationRecord | null> {
  const [row] = await executor
    .insert(notifications)
    .values(values)
    .onConflictDoNothing({ target: [notifications.userId, notifications.dedupeKey] })
    .returning();
  return row ?? null;
}

/** A page of the user's notifications, newest first (all, or the unread only). */
export async function listNotifications(
  executor: Executor,
  userId: string,
  options: { unreadOnly: boolean; limit: number; offset: number },
): Promise<NotificationRecord[]> {
  return executor
    .select()
    .from(notifications)
    .where(and(eq(notifications.userId, userId), options.unreadOnly ? isNull(notifications.readAt) : undefined))
    .orderBy(desc(notifications.createdAt), desc(notifications.id))
    .limit(options.limit)
    .offset(options.offset);
}

/** How many notifications the user has (all, or the unread only). */
export async function countNotifications(executor: Executor, userId: string, options: { unreadOnly: boolean }): Promise<number> {
  const [row] = await executor
    .select({ total: count() })
    .from(notifications)
    .where(and(eq(notifications.userId, userId), options.unreadOnly ? isNull(notifications.readAt) : undefined));
  return Number(row?.total ?? 0);
}

/**
 * Marks the user's unread notifications read: those of `ids` (ids of other users' rows match nothing),
 * or every one. Answers the ids it changed.
 */
export async function markNotificationsRead(executor: Executor, userId: string, which: { ids: readonly string[] } | 'all', readAt: Date): Promise<string[]> {
  if (which !== 'all' && which.ids.length === 0) return [];
  const rows = await executor
    .update(notifications)
    .set({ readAt })
    .where(and(eq(notifications.userId, userId), isNull(notifications.readAt), which === 'all' ? undefined : inArray(notifications.id, [...which.ids])))
    .returning({ id: notifications.id });
  return rows.map((row) => row.id);
}

/** Deletes notifications read and created before `before`; answers how many. */
export async function deleteReadNotificationsBefore(executor: Executor, before: Date): Promise<number> {
  const rows = await executor
    .delete(notifications)
    .where(and(isNotNull(notifications.readAt), lt(notifications.createdAt, before)))
    .returning({ id: notifications.id });
  return rows.length;
}
