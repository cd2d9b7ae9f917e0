import { and, desc, eq, gt, inArray, lt, ne, or, sql } from 'drizzle-orm';
import { CHAT_MAX_ATTACHMENTS, type ChatMessage, type ChatSummary } from '@marketplace/contracts/chat';
import type { Database } from '../../db/client';
import { chatMessages, chats, chatUploads, orderItems, orders, products, users, type ChatAttachmentRecord } from '../../db/schema';
import type { Clock } from '../../lib/clock';
import { badRequest, forbidden, HttpError, notFound } from '../../lib/http-errors';
import type { FileStore } from '../../providers/files/port';
import { processImage, type IncomingFile } from '../uploads/image-processing';

// Buyer–seller conversations (issue #6). One chat per buyer and seller; a message is stored before
// anything is broadcast; only the two participants can read, post into or join a chat (anyone else
// gets the same 404 as for a chat that does not exist).

export const CHAT_MESSAGES = {
  notFound: 'Chat not found',
  empty: 'A message cannot be empty',
  notYourList: 'You can only read your own conversations',
  sellerNotFound: 'Seller not found',
  productNotFound: 'Product not found',
  orderNotFound: 'Order not found',
  buyersOnly: 'Only buyers start conversations with sellers',
  attachmentNotFound: 'A photo of this message was not found; upload it again',
} as const;

type ChatRow = typeof chats.$inferSelect;
type MessageRow = typeof chatMessages.$inferSelect;
type UserRow = typeof users.$inferSelect;

export interface ChatCaller {
  id: string;
  role: UserRow['role'];
}

export function createChatService(deps: { db: Database; files: FileStore; clock: Clock }) {
  const { db, files, clock } = deps;

  const isParticipant = (chat: ChatRow, userId: string) => chat.buyerId === userId || chat.sellerId === userId;
  const otherOf = (chat: ChatRow, userId: string) => (chat.buyerId === userId ? chat.sellerId : chat.buyerId);
  const lastReadOf = (chat: ChatRow, userId: string) => (chat.buyerId === userId ? chat.buyerLastReadAt : chat.sellerLastReadAt);

  /** The chat if the caller is in it; a 404 otherwise (never telling whether it exists). */
  async function chatFor(callerId: string, chatId: string): Promise<ChatRow> {
    const chat = await db.query.chats.findFirst({ where: eq(chats.id, chatId) });
    if (!chat || !isParticipant(chat, callerId)) throw notFound(CHAT_MESSAGES.notFound);
    return chat;
  }

  function attachmentView(record: ChatAttachmentRecord) {
    return { id: record.id, url: files.urlFor(record.fileKey), thumbnailUrl: files.urlFor(record.thumbnailKey), name: record.name };
  }

  async function messageViews(rows: MessageRow[]): Promise<ChatMessage[]> {
    const productIds = [...new Set(rows.map((row) => row.productId).filter((id): id is string => id !== null))];
    const titles = productIds.length === 0 ? [] : await db.select({ id: products.id, title: products.title }).from(products).where(inArray(products.id, productIds));
    const titleOf = new Map(titles.map((row) => [row.id, row.title]));
    return rows.map((row) => ({
      id: row.id,
      chat_id: row.chatId,
      sender_id: row.senderId,
      content: row.content,
      attachments: row.attachments.map(attachmentView),
      reference: row.productId || row.orderId ? { productId: row.productId, productTitle: row.productId ? (titleOf.get(row.productId) ?? null) : null, orderId: row.orderId } : null,
      created_at: row.createdAt.toISOString(),
    }));
  }

  async function summaries(userId: string, rows: ChatRow[]): Promise<ChatSummary[]> {
    if (rows.length === 0) return [];
    const chatIds = rows.map((row) => row.id);
    const others = await db.select().from(users).where(inArray(users.id, [...new Set(rows.map((row) => otherOf(row, userId)))]));
    const otherById = new Map(others.map((row) => [row.id, row]));
    // Unread: the other person's messages after my last read.
    const unread = await db
      .select({ chatId: chatMessages.chatId, count: sql<number>`count(*)::int` })
      .from(chatMessages)
      .innerJoin(chats, eq(chats.id, chatMessages.chatId))
      .where(
        and(
          inArray(chatMessages.chatId, chatIds),
          ne(chatMessages.senderId, userId),
          sql`${chatMessages.createdAt} > coalesce(case when ${chats.buyerId} = ${userId} then ${chats.buyerLastReadAt} else ${chats.sellerLastReadAt} end, '-infinity'::timestamptz)`,
        ),
      )
      .groupBy(chatMessages.chatId);
    const unreadOf = new Map(unread.map((row) => [row.chatId, row.count]));
    const latest = await db
      .selectDistinctOn([chatMessages.chatId])
      .from(chatMessages)
      .where(inArray(chatMessages.chatId, chatIds))
      .orderBy(chatMessages.chatId, desc(chatMessages.createdAt), desc(chatMessages.id));
    const latestOf = new Map(latest.map((row) => [row.chatId, row]));
    const productIds = [...new Set(rows.map((row) => row.productId).filter((id): id is string => id !== null))];
    const titles = productIds.length === 0 ? [] : await db.select({ id: products.id, title: products.title }).from(products).where(inArray(products.id, productIds));
    const titleOf = new Map(titles.map((row) => [row.id, row.title]));
    return rows.map((row) => {
      const other = otherById.get(otherOf(row, userId));
      const last = latestOf.get(row.id);
      const otherRead = row.buyerId === userId ? row.sellerLastReadAt : row.buyerLastReadAt;
      return {
        id: row.id,
        unread_count: unreadOf.get(row.id) ?? 0,
        buyer_id: row.buyerId,
        seller_id: row.sellerId,
        other: { id: other?.id ?? '', name: other ? `${other.firstName} ${other.lastName}` : 'Unknown user', companyName: other?.companyName ?? null, role: other?.role ?? 'buyer' },
        last_message: last ? { content: last.content, sender_id: last.senderId, created_at: last.createdAt.toISOString(), has_attachments: last.attachments.length > 0 } : null,
        other_last_read_at: otherRead?.toISOString() ?? null,
        product: row.productId ? { id: row.productId, title: titleOf.get(row.productId) ?? '' } : null,
        updated_at: (row.lastMessageAt ?? row.createdAt).toISOString(),
      };
    });
  }

  return {
    async listChats(callerId: string, userId: string) {
      if (callerId !== userId) throw forbidden(CHAT_MESSAGES.notYourList);
      const rows = await db
        .select()
        .from(chats)
        .where(or(eq(chats.buyerId, userId), eq(chats.sellerId, userId)))
        .orderBy(desc(sql`coalesce(${chats.lastMessageAt}, ${chats.createdAt})`));
      return { success: true as const, chats: await summaries(userId, rows) };
    },

    async startChat(caller: ChatCaller, input: { sellerId: string; productId?: string; orderId?: string }) {
      if (caller.role !== 'buyer') throw forbidden(CHAT_MESSAGES.buyersOnly);
      const seller = await db.query.users.findFirst({ where: and(eq(users.id, input.sellerId), eq(users.role, 'seller')) });
      if (!seller || seller.status !== 'active') throw notFound(CHAT_MESSAGES.sellerNotFound);
      if (input.productId) {
        const product = await db.query.products.findFirst({ where: eq(products.id, input.productId) });
        if (!product || product.sellerId !== seller.id) throw notFound(CHAT_MESSAGES.productNotFound);
      }
      if (input.orderId) {
        // The buyer's own order, with something from this seller in it.
        const [line] = await db
          .select({ id: orderItems.id })
          .from(orderItems)
          .innerJoin(orders, eq(orders.id, orderItems.orderId))
          .where(and(eq(orders.id, input.orderId), eq(orders.buyerId, caller.id), eq(orderItems.sellerId, seller.id)))
          .limit(1);
        if (!line) throw notFound(CHAT_MESSAGES.orderNotFound);
      }
      const now = clock.now();
      const [inserted] = await db
        .insert(chats)
        .values({ buyerId: caller.id, sellerId: seller.id, productId: input.productId ?? null, orderId: input.orderId ?? null, createdAt: now, updatedAt: now })
        .onConflictDoNothing({ target: [chats.buyerId, chats.sellerId] })
        .returning();
      let chat = inserted;
      if (!chat) {
        // The existing conversation; what it is about follows the buyer's latest start.
        const [updated] = await db
          .update(chats)
          .set({ productId: input.productId ?? null, orderId: input.orderId ?? null, updatedAt: now })
          .where(and(eq(chats.buyerId, caller.id), eq(chats.sellerId, seller.id)))
          .returning();
        chat = updated;
      }
      if (!chat) throw new HttpError(500, 'Failed to start the conversation');
      const [summary] = await summaries(caller.id, [chat]);
      return { success: true as const, created: Boolean(inserted), chat: summary! };
    },

    async messages(callerId: string, chatId: string, query: { before?: string; limit: number }) {
      const chat = await chatFor(callerId, chatId);
      let cursor: MessageRow | undefined;
      if (query.before) {
        cursor = await db.query.chatMessages.findFirst({ where: and(eq(chatMessages.id, query.before), eq(chatMessages.chatId, chat.id)) });
        if (!cursor) throw badRequest('Unknown message to page before');
      }
      const rows = await db
        .select()
        .from(chatMessages)
        .where(
          and(
            eq(chatMessages.chatId, chat.id),
            cursor ? or(lt(chatMessages.createdAt, cursor.createdAt), and(eq(chatMessages.createdAt, cursor.createdAt), lt(chatMessages.id, cursor.id))) : undefined,
          ),
        )
        .orderBy(desc(chatMessages.createdAt), desc(chatMessages.id))
        .limit(query.limit + 1);
      const hasMore = rows.length > query.limit;
      const page = rows.slice(0, query.limit).reverse();
      const otherRead = chat.buyerId === callerId ? chat.sellerLastReadAt : chat.buyerLastReadAt;
      return { success: true as const, messages: await messageViews(page), hasMore, other_last_read_at: otherRead?.toISOString() ?? null };
    },

    async uploadAttachments(callerId: string, chatId: string, incoming: IncomingFile[]) {
      const chat = await chatFor(callerId, chatId);
      if (incoming.length === 0) throw badRequest('Choose at least one photo to send.');
      if (incoming.length > CHAT_MAX_ATTACHMENTS) throw badRequest(`Send at most ${CHAT_MAX_ATTACHMENTS} photos at a time.`);
      // Every file is checked (by its bytes) before any is stored.
      const processed = await Promise.all(incoming.map((file) => processImage(file)));
      const stored = [];
      for (const image of processed) {
        const [row] = await db
          .insert(chatUploads)
          .values({ chatId: chat.id, uploaderId: callerId, fileKey: 'pending', thumbnailKey: 'pending', name: image.name, createdAt: clock.now() })
          .returning();
        if (!row) throw new HttpError(500, 'Failed to store the photo');
        const fileKey = `chats/${chat.id}/${row.id}.webp`;
        const thumbnailKey = `chats/${chat.id}/${row.id}-thumb.webp`;
        await files.put(fileKey, image.image);
        await files.put(thumbnailKey, image.thumbnail);
        await db.update(chatUploads).set({ fileKey, thumbnailKey }).where(eq(chatUploads.id, row.id));
        stored.push(attachmentView({ id: row.id, fileKey, thumbnailKey, name: image.name }));
      }
      return { success: true as const, attachments: stored };
    },

    /** Stores a message (the socket layer broadcasts it after). Answers the message and who to tell. */
    async sendMessage(callerId: string, input: { chatId: string; content: string; attachments?: string[] }) {
      const chat = await chatFor(callerId, input.chatId);
      const content = input.content.trim();
      const attachmentIds = [...new Set(input.attachments ?? [])];
      if (content === '' && attachmentIds.length === 0) throw badRequest(CHAT_MESSAGES.empty);
      const row = await db.transaction(async (transaction) => {
        const uploads =
          attachmentIds.length === 0
            ? []
            : await transaction
                .delete(chatUploads)
                .where(and(inArray(chatUploads.id, attachmentIds), eq(chatUploads.chatId, chat.id), eq(chatUploads.uploaderId, callerId)))
                .returning();
        if (uploads.length !== attachmentIds.length) throw badRequest(CHAT_MESSAGES.attachmentNotFound);
        const byId = new Map(uploads.map((upload) => [upload.id, upload]));
        const now = clock.now();
        // The first message after the buyer starts a chat about a product or order carries it.
        const carries = callerId === chat.buyerId && (chat.productId || chat.orderId);
        const [inserted] = await transaction
          .insert(chatMessages)
          .values({
            chatId: chat.id,
            senderId: callerId,
            content,
            attachments: attachmentIds.map((id) => {
              const upload = byId.get(id)!;
              return { id: upload.id, fileKey: upload.fileKey, thumbnailKey: upload.thumbnailKey, name: upload.name };
            }),
            productId: carries ? chat.productId : null,
            orderId: carries ? chat.orderId : null,
            createdAt: now,
          })
          .returning();
        if (!inserted) throw new HttpError(500, 'Failed to store the message');
        // Sending reads the conversation up to here for the sender.
        await transaction
          .update(chats)
          .set({
            lastMessageAt: now,
            updatedAt: now,
            ...(carries ? { productId: null, orderId: null } : {}),
            ...(callerId === chat.buyerId ? { buyerLastReadAt: now } : { sellerLastReadAt: now }),
          })
          .where(eq(chats.id, chat.id));
        return inserted;
      });
      // Read after the transaction: the embedded database runs one at a time.
      const [message] = await messageViews([row]);
      return { message: message!, participants: [chat.buyerId, chat.sellerId] as const };
    },

    /** Marks everything in the chat read for the caller; answers when, and who else to tell. */
    async markRead(callerId: string, chatId: string) {
      const chat = await chatFor(callerId, chatId);
      const now = clock.now();
      const previous = lastReadOf(chat, callerId);
      const readAt = previous && previous > now ? previous : now;
      await db
        .update(chats)
        .set(chat.buyerId === callerId ? { buyerLastReadAt: readAt } : { sellerLastReadAt: readAt })
        .where(eq(chats.id, chat.id));
      return { chatId: chat.id, readAt: readAt.toISOString(), otherId: otherOf(chat, callerId) };
    },

    /** The other participant, for typing notices; throws 404 for outsiders. */
    async otherParticipant(callerId: string, chatId: string) {
      return otherOf(await chatFor(callerId, chatId), callerId);
    },

    async chatIdsOf(userId: string): Promise<string[]> {
      const rows = await db
        .select({ id: chats.id })
        .from(chats)
        .where(or(eq(chats.buyerId, userId), eq(chats.sellerId, userId)));
      return rows.map((row) => row.id);
    },

    /** Unread messages for a user across chats (tests and the two-instance check). */
    async unreadTotal(userId: string): Promise<number> {
      const [row] = await db
        .select({ count: sql<number>`count(*)::int` })
        .from(chatMessages)
        .innerJoin(chats, eq(chats.id, chatMessages.chatId))
        .where(
          and(
            or(eq(chats.buyerId, userId), eq(chats.sellerId, userId)),
            ne(chatMessages.senderId, userId),
            gt(chatMessages.createdAt, sql`coalesce(case when ${chats.buyerId} = ${userId} then ${chats.buyerLastReadAt} else ${chats.sellerLastReadAt} end, '-infinity'::timestamptz)`),
          ),
        );
      return row?.count ?? 0;
    },
  };
}

export type ChatService = ReturnType<typeof createChatService>;
