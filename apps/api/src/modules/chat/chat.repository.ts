import { and, desc, eq, gte, inArray, lt, ne, or, sql } from 'drizzle-orm';
import { lockFor } from '../../db/advisory-locks';
import type { Executor } from '../../db/client';
import { chatMessages, chats, chatUploads, type ChatAttachmentRecord } from './chat.schema';

// The chat module's tables: chats, chat_messages and chat_uploads (photos waiting to be sent). The
// disputes module reads a conversation's latest messages through the module's index.

export type ChatRecord = typeof chats.$inferSelect;
export type ChatMessageRecord = typeof chatMessages.$inferSelect;
export type NewChatMessageRecord = typeof chatMessages.$inferInsert;
export type ChatUploadRecord = typeof chatUploads.$inferSelect;
export type { ChatAttachmentRecord };

/** The other person's messages after the reader's last read, for `userId` in a chat of `chats`. */
const isUnreadFor = (userId: string) =>
  sql`${chatMessages.createdAt} > coalesce(case when ${chats.buyerId} = ${userId} then ${chats.buyerLastReadAt} else ${chats.sellerLastReadAt} end, '-infinity'::timestamptz)`;

// ── chats ─────────────────────────────────────────────────────────────────────────────────────

export async function findChat(executor: Executor, id: string): Promise<ChatRecord | null> {
  const [row] = await executor.select().from(chats).where(eq(chats.id, id));
  return row ?? null;
}

/** A conversation's last activity: its last message, else its start. The list is ordered by it, then by id. */
const lastActivity = sql`coalesce(${chats.lastMessageAt}, ${chats.createdAt})`;

/** Where a page of the list starts: after this conversation's place (its last activity as it was listed, and its id). */
export interface ChatListPosition {
  lastActivityAt: Date;
  id: string;
}

/**
 * The user's conversations, the most recently active first, at most `limit`; after `after` when given
 * (keyset on the order's own columns, so a page costs the same however deep, and a conversation that
 * moves up in between is never read twice).
 */
export async function findChatsOfUser(executor: Executor, userId: string, limit: number, after: ChatListPosition | null = null): Promise<ChatRecord[]> {
  return executor
    .select()
    .from(chats)
    .where(
      and(
        or(eq(chats.buyerId, userId), eq(chats.sellerId, userId)),
        after ? sql`(${lastActivity}, ${chats.id}) < (${after.lastActivityAt.toISOString()}::timestamptz, ${after.id}::uuid)` : undefined,
      ),
    )
    .orderBy(desc(lastActivity), desc(chats.id))
    .limit(limit);
}

export async function findChatIdsOfUser(executor: Executor, userId: string): Promise<string[]> {
  const rows = await executor
    .select({ id: chats.id })
    .from(chats)
    .where(or(eq(chats.buyerId, userId), eq(chats.sellerId, userId)));
  return rows.map((row) => row.id);
}

/** Starts the buyer's chat with the seller; null when they already have one (one chat per pair). */
export async function insertChatIfNew(
  executor: Executor,
  values: { buyerId: string; sellerId: string; productId: string | null; orderId: string | null; now: Date },
): Promise<ChatRecord | null> {
  const [row] = await executor
    .insert(chats)
    .values({
      buyerId: values.buyerId,
      sellerId: values.sellerId,
      productId: values.productId,
      orderId: values.orderId,
      createdAt: values.now,
      updatedAt: values.now,
    })
    .onConflictDoNothing({ target: [chats.buyerId, chats.sellerId] })
    .returning();
  return row ?? null;
}

/** What the pair's existing chat is about now. */
export async function updateChatSubject(
  executor: Executor,
  pair: { buyerId: string; sellerId: string },
  subject: { productId: string | null; orderId: string | null },
  now: Date,
): Promise<ChatRecord | null> {
  const [row] = await executor
    .update(chats)
    .set({ ...subject, updatedAt: now })
    .where(and(eq(chats.buyerId, pair.buyerId), eq(chats.sellerId, pair.sellerId)))
    .returning();
  return row ?? null;
}

export async function updateChat(
  executor: Executor,
  id: string,
  values: Partial<Pick<ChatRecord, 'lastMessageAt' | 'updatedAt' | 'productId' | 'orderId' | 'buyerLastReadAt' | 'sellerLastReadAt'>>,
): Promise<void> {
  await executor.update(chats).set(values).where(eq(chats.id, id));
}

// ── messages ──────────────────────────────────────────────────────────────────────────────────

export async function findMessageOfChat(executor: Executor, chatId: string, id: string): Promise<ChatMessageRecord | null> {
  const [row] = await executor
    .select()
    .from(chatMessages)
    .where(and(eq(chatMessages.id, id), eq(chatMessages.chatId, chatId)));
  return row ?? null;
}

/** Up to `limit` messages of the chat, newest first, older than `before` when given. */
export async function findMessagesPage(
  executor: Executor,
  chatId: string,
  before: Pick<ChatMessageRecord, 'id' | 'createdAt'> | null,
  limit: number,
): Promise<ChatMessageRecord[]> {
  return executor
    .select()
    .from(chatMessages)
    .where(
      and(
        eq(chatMessages.chatId, chatId),
        before
          ? or(lt(chatMessages.createdAt, before.createdAt), and(eq(chatMessages.createdAt, before.createdAt), lt(chatMessages.id, before.id)))
          : undefined,
      ),
    )
    .orderBy(desc(chatMessages.createdAt), desc(chatMessages.id))
    .limit(limit);
}

/** Each chat's latest message. */
export async function findLatestMessages(executor: Executor, chatIds: readonly string[]): Promise<Map<string, ChatMessageRecord>> {
  if (chatIds.length === 0) return new Map();
  const rows = await executor
    .selectDistinctOn([chatMessages.chatId])
    .from(chatMessages)
    .where(inArray(chatMessages.chatId, [...chatIds]))
    .orderBy(chatMessages.chatId, desc(chatMessages.createdAt), desc(chatMessages.id));
  return new Map(rows.map((row) => [row.chatId, row]));
}

/** Per chat, how many of the other person's messages `userId` has not read. */
export async function countUnreadByChat(executor: Executor, userId: string, chatIds: readonly string[]): Promise<Map<string, number>> {
  if (chatIds.length === 0) return new Map();
  const rows = await executor
    .select({ chatId: chatMessages.chatId, count: sql<number>`count(*)::int` })
    .from(chatMessages)
    .innerJoin(chats, eq(chats.id, chatMessages.chatId))
    .where(and(inArray(chatMessages.chatId, [...chatIds]), ne(chatMessages.senderId, userId), isUnreadFor(userId)))
    .groupBy(chatMessages.chatId);
  return new Map(rows.map((row) => [row.chatId, row.count]));
}

/** Unread messages for a user across chats. */
export async function countUnread(executor: Executor, userId: string): Promise<number> {
  const [row] = await executor
    .select({ count: sql<number>`count(*)::int` })
    .from(chatMessages)
    .innerJoin(chats, eq(chats.id, chatMessages.chatId))
    .where(and(or(eq(chats.buyerId, userId), eq(chats.sellerId, userId)), ne(chatMessages.senderId, userId), isUnreadFor(userId)));
  return row?.count ?? 0;
}

export async function insertMessage(executor: Executor, values: NewChatMessageRecord): Promise<ChatMessageRecord | null> {
  const [row] = await executor.insert(chatMessages).values(values).returning();
  return row ?? null;
}

/** A message as another module shows it (a dispute's case shows the conversation around it). */
export interface ConversationMessage {
  id: string;
  senderId: string;
  content: string;
  createdAt: Date;
}

/** The latest `limit` messages between a buyer and a seller, oldest first; none when they never chatted. */
export async function findRecentMessagesBetween(
  executor: Executor,
  pair: { buyerId: string; sellerId: string },
  limit: number,
): Promise<ConversationMessage[]> {
  const [chat] = await executor
    .select({ id: chats.id })
    .from(chats)
    .where(and(eq(chats.buyerId, pair.buyerId), eq(chats.sellerId, pair.sellerId)));
  if (!chat) return [];
  const rows = await executor
    .select({ id: chatMessages.id, senderId: chatMessages.senderId, content: chatMessages.content, createdAt: chatMessages.createdAt })
    .from(chatMessages)
    .where(eq(chatMessages.chatId, chat.id))
    .orderBy(desc(chatMessages.createdAt))
    .limit(limit);
  return rows.reverse();
}

// ── photos waiting to be sent ─────────────────────────────────────────────────────────────────

export async function insertChatUpload(
  executor: Executor,
  values: { chatId: string; uploaderId: string; name: string; createdAt: Date },
): Promise<ChatUploadRecord | null> {
  const [row] = await executor
    .insert(chatUploads)
    .values({ ...values, fileKey: 'pending', thumbnailKey: 'pending' })
    .returning();
  return row ?? null;
}

/**
 * Makes one uploader's new photos wait for each other until the transaction ends, so parallel uploads
 * cannot all pass the cap on photos waiting to be sent (a lock on a key of its own: no row is held).
 */
export async function lockChatUploadsOf(executor: Executor, uploaderId: string): Promise<void> {
  await lockFor(executor, 'chat-uploads', uploaderId);
}

/** Photos the uploader has waiting to be sent, in any chat, uploaded since `createdSince` (older ones are the clean-up job's). */
export async function countWaitingChatUploads(executor: Executor, uploaderId: string, createdSince: Date): Promise<number> {
  const [row] = await executor
    .select({ total: sql<number>`count(*)`.mapWith(Number) })
    .from(chatUploads)
    .where(and(eq(chatUploads.uploaderId, uploaderId), gte(chatUploads.createdAt, createdSince)));
  return row?.total ?? 0;
}

export async function setChatUploadKeys(executor: Executor, id: string, keys: { fileKey: string; thumbnailKey: string }): Promise<void> {
  await executor.update(chatUploads).set(keys).where(eq(chatUploads.id, id));
}

/** Takes the uploader's photos of this chat out of the waiting room (they become a message's attachments). */
export async function takeChatUploads(executor: Executor, where: { chatId: string; uploaderId: string; ids: readonly string[] }): Promise<ChatUploadRecord[]> {
  if (where.ids.length === 0) return [];
  return executor
    .delete(chatUploads)
    .where(and(inArray(chatUploads.id, [...where.ids]), eq(chatUploads.chatId, where.chatId), eq(chatUploads.uploaderId, where.uploaderId)))
    .returning();
}

/** Photos that waited since before `createdBefore` and were never sent, oldest first. */
export async function findUnsentChatUploads(executor: Executor, createdBefore: Date, limit: number): Promise<ChatUploadRecord[]> {
  return executor.select().from(chatUploads).where(lt(chatUploads.createdAt, createdBefore)).orderBy(chatUploads.createdAt).limit(limit);
}

export async function deleteChatUploads(executor: Executor, ids: readonly string[]): Promise<void> {
  if (ids.length > 0) await executor.delete(chatUploads).where(inArray(chatUploads.id, [...ids]));
}
