import { and, asc, desc, eq, sql, type SQL } from 'drizzle-orm';
import { lockFor } from '../../db/advisory-locks';
import type { Executor } from '../../db/client';
import { users } from '../users/users.schema';
import { marketplaceSettings, notificationPreferences, supportRequests } from './workspace.schema';

// Only this file touches the ORM for the workspace module; it answers plain objects.

/** The single settings row (id 1). */
export const SETTINGS_ROW_ID = 1;

export type SettingsRecord = typeof marketplaceSettings.$inferSelect;
export type NotificationPreferencesRecord = Omit<typeof notificationPreferences.$inferSelect, 'userId' | 'updatedAt'>;

export interface SupportRequestRecord {
  id: string;
  topic: string;
  subject: string;
  message: string;
  status: 'open' | 'closed';
  createdAt: Date;
  closedAt: Date | null;
  userId: string;
  firstName: string;
  lastName: string;
  email: string;
  companyName: string | null;
}

/** The settings row, created with its defaults on first read (two first readers at once are harmless). */
export async function findOrCreateSettings(executor: Executor): Promise<SettingsRecord> {
  await executor.insert(marketplaceSettings).values({ id: SETTINGS_ROW_ID }).onConflictDoNothing();
  const [row] = await executor.select().from(marketplaceSettings).where(eq(marketplaceSettings.id, SETTINGS_ROW_ID));
  if (!row) throw new Error('marketplace_settings row is missing');
  return row;
}

export async function saveSettings(
  executor: Executor,
  values: Pick<SettingsRecord, 'marketplaceName' | 'supportEmail' | 'supportPhone' | 'updatedAt'> &
    Partial<Pick<SettingsRecord, 'payoutOnDelivery' | 'payoutDelayDays'>>,
): Promise<SettingsRecord> {
  const [row] = await executor
    .insert(marketplaceSettings)
    .values({ id: SETTINGS_ROW_ID, ...values })
    .onConflictDoUpdate({ target: marketplaceSettings.id, set: values })
    .returning();
  if (!row) throw new Error('marketplace_settings upsert returned nothing');
  return row;
}

const preferenceColumns = {
  newOrder: notificationPreferences.newOrder,
  newMessage: notificationPreferences.newMessage,
  payoutSent: notificationPreferences.payoutSent,
  disputeOpened: notificationPreferences.disputeOpened,
  weeklySummary: notificationPreferences.weeklySummary,
};

/**
 * Active sellers for whom one preference is on: theirs where they saved preferences, else `byDefault`
 * (what a seller who never saved any gets). Oldest account first.
 */
export async function findActiveSellerIdsWanting(executor: Executor, key: keyof NotificationPreferencesRecord, byDefault: boolean): Promise<string[]> {
  const rows = await executor
    .select({ id: users.id })
    .from(users)
    .leftJoin(notificationPreferences, eq(notificationPreferences.userId, users.id))
    .where(and(eq(users.role, 'seller'), eq(users.status, 'active'), sql`coalesce(${preferenceColumns[key]}, ${byDefault})`))
    .orderBy(asc(users.createdAt), asc(users.id));
  return rows.map((row) => row.id);
}

/** A user's preferences, or null when they never saved any (the table defaults apply then). */
export async function findNotificationPreferences(executor: Executor, userId: string): Promise<NotificationPreferencesRecord | null> {
  const [row] = await executor.select(preferenceColumns).from(notificationPreferences).where(eq(notificationPreferences.userId, userId));
  return row ?? null;
}

export async function saveNotificationPreferences(
  executor: Executor,
  userId: string,
  values: NotificationPreferencesRecord,
  now: Date,
): Promise<NotificationPreferencesRecord> {
  const [row] = await executor
    .insert(notificationPreferences)
    .values({ userId, ...values, updatedAt: now })
    .onConflictDoUpdate({ target: notificationPreferences.userId, set: { ...values, updatedAt: now } })
    .returning(preferenceColumns);
  if (!row) throw new Error('notification_preferences upsert returned nothing');
  return row;
}

const supportRequestColumns = {
  id: supportRequests.id,
  topic: supportRequests.topic,
  subject: supportRequests.subject,
  message: supportRequests.message,
  status: supportRequests.status,
  createdAt: supportRequests.createdAt,
  closedAt: supportRequests.closedAt,
  userId: supportRequests.userId,
  firstName: users.firstName,
  lastName: users.lastName,
  email: users.email,
  companyName: users.companyName,
};

export async function insertSupportRequest(
  executor: Executor,
  values: { userId: string; topic: string; subject: string; message: string; createdAt: Date },
): Promise<string> {
  const [row] = await executor.insert(supportRequests).values(values).returning({ id: supportRequests.id });
  if (!row) throw new Error('support request insert returned nothing');
  return row.id;
}

export interface SupportRequestFilter {
  userId?: string;
  status?: 'open' | 'closed';
  id?: string;
}

function supportRequestConditions(filter: SupportRequestFilter): SQL | undefined {
  const conditions: SQL[] = [];
  if (filter.userId) conditions.push(eq(supportRequests.userId, filter.userId));
  if (filter.status) conditions.push(eq(supportRequests.status, filter.status));
  if (filter.id) conditions.push(eq(supportRequests.id, filter.id));
  return conditions.length > 0 ? and(...conditions) : undefined;
}

/** Open requests first, then the newest; optionally one seller's and one status only; one page of them. */
export async function listSupportRequests(
  executor: Executor,
  filter: SupportRequestFilter,
  page: { offset: number; limit: number },
): Promise<SupportRequestRecord[]> {
  return executor
    .select(supportRequestColumns)
    .from(supportRequests)
    .innerJoin(users, eq(users.id, supportRequests.userId))
    .where(supportRequestConditions(filter))
    .orderBy(asc(sql`case when ${supportRequests.status} = 'open' then 0 else 1 end`), desc(supportRequests.createdAt), desc(supportRequests.id))
    .offset(page.offset)
    .limit(page.limit);
}

/** How many requests match, and how many of them are open (for the list's pages and its "N open"). */
export async function countSupportRequests(executor: Executor, filter: SupportRequestFilter): Promise<{ total: number; open: number }> {
  const [row] = await executor
    .select({
      total: sql<number>`count(*)`.mapWith(Number),
      open: sql<number>`count(*) filter (where ${supportRequests.status} = 'open')`.mapWith(Number),
    })
    .from(supportRequests)
    .where(supportRequestConditions(filter));
  return { total: row?.total ?? 0, open: row?.open ?? 0 };
}

/**
 * Makes one seller's new requests wait for each other until the transaction ends, so parallel sends
 * cannot all pass the open-request cap (a lock on a key of its own: no table row is held).
 */
export async function lockSupportRequestsOf(executor: Executor, userId: string): Promise<void> {
  await lockFor(executor, 'support-requests', userId);
}

/** Closes a request once; a request already closed keeps its first closer and time. Answers false when there is no such request. */
export async function closeSupportRequest(executor: Executor, id: string, closedBy: string, now: Date): Promise<boolean> {
  const [existing] = await executor.select({ status: supportRequests.status }).from(supportRequests).where(eq(supportRequests.id, id));
  if (!existing) return false;
  if (existing.status === 'open') {
    await executor
      .update(supportRequests)
      .set({ status: 'closed', closedBy, closedAt: now })
      .where(and(eq(supportRequests.id, id), eq(supportRequests.status, 'open')));
  }
  return true;
}
