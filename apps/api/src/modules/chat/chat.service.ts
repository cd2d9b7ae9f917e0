import type { Role } from '@marketplace/contracts/auth';
import {
  CHAT_LIST_MAX,
  CHAT_MAX_ATTACHMENTS,
  CHAT_UPLOAD_LIMIT_CODE,
  type ChatListQuery,
  type ChatMessage,
  type ChatSummary,
} from '@marketplace/contracts/chat';
import {
  chatUploadsCountSince,
  hasRoomFor,
  MAX_PENDING_CHAT_UPLOADS_PER_USER,
  PENDING_CHAT_UPLOAD_LIFETIME_HOURS,
} from '@marketplace/domain/user-content-limits';
import type { Database } from '../../db/client';
import type { Clock } from '../../lib/clock';
import { NO_DOMAIN_EVENTS, type DomainEventPublisher } from '../../lib/domain-events';
import { badRequest, conflict, forbidden, HttpError, notFound } from '../../lib/http-errors';
import { processImage, type IncomingFile } from '../../lib/image-processing';
import type { FileStore } from '../../providers/files/port';
import { findProductFacts } from '../catalog';
import { hasOrderWithSeller } from '../orders';
import { findPeople } from '../users';
import {
  countUnread,
  countUnreadByChat,
  countWaitingChatUploads,
  findChat,
  findChatIdsOfUser,
  findChatsOfUser,
  findLatestMessages,
  findMessageOfChat,
  findMessagesPage,
  insertChatIfNew,
  insertChatUpload,
  insertMessage,
  lockChatUploadsOf,
  setChatUploadKeys,
  takeChatUploads,
  findUnsentChatUploads,
  deleteChatUploads,
  updateChat,
  updateChatSubject,
  type ChatAttachmentRecord,
  type ChatMessageRecord,
  type ChatRecord,
} from './chat.repository';

// Buyer–seller conversations (docs/product/chat.md). One chat per buyer and seller; a message is stored before
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
  tooManyWaiting: `You have ${MAX_PENDING_CHAT_UPLOADS_PER_USER} photos waiting to be sent; send them (or wait a day) before uploading more`,
} as const;

/** How long a photo uploaded for a message may wait to be sent before the clean-up job deletes it. */
export const UNSENT_UPLOAD_KEPT_MS = PENDING_CHAT_UPLOAD_LIFETIME_HOURS * 60 * 60 * 1000;

type ChatRow = ChatRecord;
type MessageRow = ChatMessageRecord;

export interface ChatCaller {
  id: string;
  role: Role;
}

export function createChatService(deps: {
  db: Database;
  files: FileStore;
  clock: Clock;
  /** Announces each stored message after its commit (the offline recipient's e-mail, in-app notifications). */
  events?: DomainEventPublisher;
  /** Conversations one list answer holds at most; CHAT_LIST_MAX unless a test lowers it. */
  chatListMax?: number;
}) {
  const { db, files, clock } = deps;
  const chatListMax = deps.chatListMax ?? CHAT_LIST_MAX;
  const events = deps.events ?? NO_DOMAIN_EVENTS;

  const isParticipant = (chat: ChatRow, userId: string) => chat.buyerId === userId || chat.sellerId === userId;
  const otherOf = (chat: ChatRow, userId: string) => (chat.buyerId === userId ? chat.sellerId : chat.buyerId);
  const lastReadOf = (chat: ChatRow, userId: string) => (chat.buyerId === userId ? chat.buyerLastReadAt : chat.sellerLastReadAt);

  /** The chat if the caller is in it; a 404 otherwise (never telling whether it exists). */
  async function chatFor(callerId: string, chatId: string): Promise<ChatRow> {
    const chat = await findChat(db, chatId);
    if (!chat || !isParticipant(chat, callerId)) throw notFound(CHAT_MESSAGES.notFound);
    return chat;
  }

  function attachmentView(record: ChatAttachmentRecord) {
    return { id: record.id, url: files.urlFor(record.fileKey), thumbnailUrl: files.urlFor(record.thumbnailKey), name: record.name };
  }

  async function messageViews(rows: MessageRow[]): Promise<ChatMessage[]> {
    const productOf = await findProductFacts(
      db,
      rows.map((row) => row.productId).filter((id): id is string => id !== null),
    );
    const titleOf = (id: string) => productOf.get(id)?.title;
    return rows.map((row) => ({
      id: row.id,
      chat_id: row.chatId,
      sender_id: row.senderId,
      content: row.content,
      attachments: row.attachments.map(attachmentView),
      reference:
        row.productId || row.orderId
          ? { productId: row.productId, productTitle: row.productId ? (titleOf(row.productId) ?? null) : null, orderId: row.orderId }
          : null,
      created_at: row.createdAt.toISOString(),
    }));
  }

  async function summaries(userId: string, rows: ChatRow[]): Promise<ChatSummary[]> {
    if (rows.length === 0) return [];
    const chatIds = rows.map((row) => row.id);
    const otherById = await findPeople(
      db,
      rows.map((row) => otherOf(row, userId)),
    );
    // Unread: the other person's messages after my last read.
    const unreadOf = await countUnreadByChat(db, userId, chatIds);
    const latestOf = await findLatestMessages(db, chatIds);
    const productOf = await findProductFacts(
      db,
      rows.map((row) => row.productId).filter((id): id is string => id !== null),
    );
    return rows.map((row) => {
      const other = otherById.get(otherOf(row, userId));
      const last = latestOf.get(row.id);
      const otherRead = row.buyerId === userId ? row.sellerLastReadAt : row.buyerLastReadAt;
      return {
        id: row.id,
        unread_count: unreadOf.get(row.id) ?? 0,
        buyer_id: row.buyerId,
        seller_id: row.sellerId,
        other: {
          id: other?.id ?? '',
          name: other ? `${other.firstName} ${other.lastName}` : 'Unknown user',
          companyName: other?.companyName ?? null,
          role: other?.role ?? 'buyer',
        },
        last_message: last
          ? { content: last.content, sender_id: last.senderId, created_at: last.createdAt.toISOString(), has_attachments: last.attachments.length > 0 }
          : null,
        other_last_read_at: otherRead?.toISOString() ?? null,
        product: row.productId ? { id: row.productId, title: productOf.get(row.productId)?.title ?? '' } : null,
        updated_at: (row.lastMessageAt ?? row.createdAt).toISOString(),
      };
    });
  }

  return {
    async listChats(callerId: string, userId: string, query: ChatListQuery = {}) {
      if (callerId !== userId) throw forbidden(CHAT_MESSAGES.notYourList);
      // The most recently active ones (docs/product/limits.md), after the given one when paging on;
      // one more read tells whether any were left out.
      const after = query.before && query.beforeId ? { lastActivityAt: new Date(query.before), id: query.beforeId } : null;
      const rows = await findChatsOfUser(db, userId, chatListMax + 1, after);
      return { success: true as const, chats: await summaries(userId, rows.slice(0, chatListMax)), hasMore: rows.length > chatListMax };
    },

    async startChat(caller: ChatCaller, input: { sellerId: string; productId?: string; orderId?: string }) {
      if (caller.role !== 'buyer') throw forbidden(CHAT_MESSAGES.buyersOnly);
      const seller = (await findPeople(db, [input.sellerId])).get(input.sellerId);
      if (!seller || seller.role !== 'seller' || seller.status !== 'active') throw notFound(CHAT_MESSAGES.sellerNotFound);
      if (input.productId) {
        const product = (await findProductFacts(db, [input.productId])).get(input.productId);
        if (!product || product.sellerId !== seller.id) throw notFound(CHAT_MESSAGES.productNotFound);
      }
      // The buyer's own order, with something from this seller in it.
      if (input.orderId && !(await hasOrderWithSeller(db, { orderId: input.orderId, buyerId: caller.id, sellerId: seller.id })))
        throw notFound(CHAT_MESSAGES.orderNotFound);
      const now = clock.now();
      const subject = { productId: input.productId ?? null, orderId: input.orderId ?? null };
      const inserted = await insertChatIfNew(db, { buyerId: caller.id, sellerId: seller.id, ...subject, now });
      // The existing conversation; what it is about follows the buyer's latest start.
      const chat = inserted ?? (await updateChatSubject(db, { buyerId: caller.id, sellerId: seller.id }, subject, now));
      if (!chat) throw new HttpError(500, 'Failed to start the conversation');
      const [summary] = await summaries(caller.id, [chat]);
      return { success: true as const, created: Boolean(inserted), chat: summary! };
    },

    async messages(callerId: string, chatId: string, query: { before?: string; limit: number }) {
      const chat = await chatFor(callerId, chatId);
      let cursor: MessageRow | null = null;
      if (query.before) {
        cursor = await findMessageOfChat(db, chat.id, query.before);
        if (!cursor) throw badRequest('Unknown message to page before');
      }
      const rows = await findMessagesPage(db, chat.id, cursor, query.limit + 1);
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
      // The rows are made together under the uploader's lock, so parallel uploads cannot pass the cap
      // (docs/product/limits.md); the files are written after the commit, and a row whose files never
      // arrive keeps its 'pending' keys until the clean-up job drops it.
      const rows = await db.transaction(async (transaction) => {
        const now = clock.now();
        await lockChatUploadsOf(transaction, callerId);
        const waiting = await countWaitingChatUploads(transaction, callerId, chatUploadsCountSince(now));
        if (!hasRoomFor(waiting, processed.length, MAX_PENDING_CHAT_UPLOADS_PER_USER)) {
          throw conflict(CHAT_MESSAGES.tooManyWaiting, { code: CHAT_UPLOAD_LIMIT_CODE, limit: MAX_PENDING_CHAT_UPLOADS_PER_USER, waiting });
        }
        const made = [];
        for (const image of processed) {
          const row = await insertChatUpload(transaction, { chatId: chat.id, uploaderId: callerId, name: image.name, createdAt: now });
          if (!row) throw new HttpError(500, 'Failed to store the photo');
          made.push(row);
        }
        return made;
      });
      const stored = [];
      for (const [index, image] of processed.entries()) {
        const row = rows[index]!;
        const fileKey = `chats/${chat.id}/${row.id}.webp`;
        const thumbnailKey = `chats/${chat.id}/${row.id}-thumb.webp`;
        await files.put(fileKey, image.image);
        await files.put(thumbnailKey, image.thumbnail);
        await setChatUploadKeys(db, row.id, { fileKey, thumbnailKey });
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
        const uploads = await takeChatUploads(transaction, { chatId: chat.id, uploaderId: callerId, ids: attachmentIds });
        if (uploads.length !== attachmentIds.length) throw badRequest(CHAT_MESSAGES.attachmentNotFound);
        const byId = new Map(uploads.map((upload) => [upload.id, upload]));
        const now = clock.now();
        // The first message after the buyer starts a chat about a product or order carries it.
        const carries = callerId === chat.buyerId && (chat.productId || chat.orderId);
        const inserted = await insertMessage(transaction, {
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
        });
        if (!inserted) throw new HttpError(500, 'Failed to store the message');
        events.publishAfterCommit(transaction, {
          type: 'chat.message-sent',
          chatId: chat.id,
          messageId: inserted.id,
          senderId: callerId,
          recipientId: otherOf(chat, callerId),
          buyerId: chat.buyerId,
          content: inserted.content,
          photoCount: inserted.attachments.length,
        });
        // Sending reads the conversation up to here for the sender.
        await updateChat(transaction, chat.id, {
          lastMessageAt: now,
          updatedAt: now,
          ...(carries ? { productId: null, orderId: null } : {}),
          ...(callerId === chat.buyerId ? { buyerLastReadAt: now } : { sellerLastReadAt: now }),
        });
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
      await updateChat(db, chat.id, chat.buyerId === callerId ? { buyerLastReadAt: readAt } : { sellerLastReadAt: readAt });
      return { chatId: chat.id, readAt: readAt.toISOString(), otherId: otherOf(chat, callerId) };
    },

    /** The other participant, for typing notices; throws 404 for outsiders. */
    async otherParticipant(callerId: string, chatId: string) {
      return otherOf(await chatFor(callerId, chatId), callerId);
    },

    chatIdsOf: (userId: string): Promise<string[]> => findChatIdsOfUser(db, userId),

    /** Unread messages for a user across chats (tests and the two-instance check). */
    unreadTotal: (userId: string): Promise<number> => countUnread(db, userId),

    /**
     * The clean-up job: photos uploaded for a message but never sent within UNSENT_UPLOAD_KEPT_MS are
     * deleted, their files first, then their rows, so a store that fails leaves the row to try again
     * next time rather than a file nothing points at. Answers how many photos went.
     */
    async deleteUnsentUploads(limit = 200): Promise<number> {
      const unsent = await findUnsentChatUploads(db, new Date(clock.now().getTime() - UNSENT_UPLOAD_KEPT_MS), limit);
      for (const upload of unsent) {
        // A row whose request died before its keys were written still has files under the usual names.
        const keys =
          upload.fileKey === 'pending'
            ? [`chats/${upload.chatId}/${upload.id}.webp`, `chats/${upload.chatId}/${upload.id}-thumb.webp`]
            : [upload.fileKey, upload.thumbnailKey];
        for (const key of keys) await files.delete(key);
      }
      await deleteChatUploads(
        db,
        unsent.map((upload) => upload.id),
      );
      return unsent.length;
    },
  };
}

export type ChatService = ReturnType<typeof createChatService>;
